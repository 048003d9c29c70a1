"""The position text: a whole Command Capture position on one line, in the spirit of chess FEN.

``BOARD SIDE CIVS [TURN [ACTIONS [SCORES CLOCK]]]``, fields separated by spaces:

* ``BOARD``: rows 8 to 1 separated by ``/``; in each row, from column A to H, a digit counts empty
  squares and a unit is ``<letter>[+ or !][<facing>][#<lock>]``. The letter is the kind
  (``L`` Legionnaire, ``I`` Infantry, ``C`` Cavalry, ``R`` Chariot, ``A`` Archer, ``M`` Shield Maiden,
  ``S`` Siege, ``K`` Commander, ``F`` Fortress, ``X`` Assassin), upper case for Blue and lower case for
  Red. A bare letter is the unit in its first state and ``+`` after it marks the second state
  (Attack/Defend, Melee/Charge, Maneuver/Strike, Maneuver/Volley, Strike/Shield Bash,
  Packed/Deployed, Command/Fortify, Active/Disabled); a hidden Assassin is ``X`` or ``X+``
  (disguised as its infantry in the first or second state) and a revealed one ``X!``. The facing
  is ``^`` (N, towards row 8), ``>`` (E), ``v`` (S) or ``<`` (W), left out when the unit faces the
  enemy. ``#n``: the State Lock holds for n
  more turns, this one included.
* ``SIDE``: ``b`` (Blue) or ``r`` (Red) to act.
* ``CIVS``: two letters, Blue's then Red's civilization: ``R`` Rome, ``E`` Egypt, ``V`` Vikings.
* ``TURN``: the turn number (Blue plays the odd turns); 1 for Blue and 2 for Red if left out.
* ``ACTIONS``: the main actions left in this turn (``1``, or ``2`` after a forfeited turn in Timed
  Mode), then ``+`` if an action was already taken this turn, then the square and class of a unit
  that may still take the Command aura's follow-up (``m`` after a move or capture, ``f`` after a
  flip, ``t`` after a turn, which only ``aura_pairs="any"`` follows up): ``0+C3m``. Then, for each
  unit that already acted this turn in a way that limits it, ``.`` with its square and ``t`` (it
  turned), ``m`` (it moved or took in melee) or ``r`` (it shot): ``1+.D4t`` (see the Turn and
  Siege rules: a unit that turned may not move or capture that turn, a Siege never moves and fires).
* Timed Mode only: ``SCORES`` as ``blue:red`` points (``3.5:8``) and ``CLOCK`` as
  ``game/turn`` seconds left (``1800/60``).

The quick-start position with the Assassins on D2 and E7::

    srakfars/iiiixiii/8/8/8/8/LLLXLLLL/SCAKFACS b RE
"""

from __future__ import annotations

import re
from typing import Any

from capture_lib.games.command_capture.rules.actions import parse_seconds
from capture_lib.games.command_capture.rules.units import (
    ASN,
    ASN_REVEALED,
    CIV_LETTERS,
    CMD,
    FOR,
    INFANTRY,
    KIND_LETTERS,
    ROSTER,
    SEAT_NAMES,
    parse_square,
    square_name,
)

FACING_MARKS = "^>v<"
_TOKEN = re.compile(r"([1-8])|([LICRAMSKFXlicramskfx])([+!])?([\^>v<])?(?:#([0-9]))?")
STATE_MARKS = ("", "+", "!")
_ACTIONS = re.compile(r"([0-2])(\+(?:([a-hA-H][1-8])([mft]))?((?:\.[a-hA-H][1-8][tmr])*))?")
#: Most units of each kind one side may have (the infantry kinds share the front row's seven).
MAX_COUNT = {0: 7, 1: 7, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 1, 8: 1, 9: 1}


def default_facing(owner: int) -> int:
    """The facing towards the enemy: Blue faces N (0), Red faces S (2)."""
    return 0 if owner == 0 else 2


def unit_token(u: tuple[int, int, int, int, int], turn: int) -> str:
    """One unit's token: ``A+``, ``x!<``, ``L#2``."""
    owner, kind, st, facing, lock = u
    letter = KIND_LETTERS[kind] if owner == 0 else KIND_LETTERS[kind].lower()
    text = letter + STATE_MARKS[st]
    if facing != default_facing(owner):
        text += FACING_MARKS[facing]
    remaining = lock - turn + 1
    if remaining > 0:
        text += f"#{remaining}"
    return text


def write_board(board: tuple, turn: int) -> str:
    """The board field of the position text."""
    rows = []
    for r in range(7, -1, -1):
        parts, empty = [], 0
        for c in range(8):
            u = board[r * 8 + c]
            if u is None:
                empty += 1
                continue
            if empty:
                parts.append(str(empty))
                empty = 0
            parts.append(unit_token(u, turn))
        if empty:
            parts.append(str(empty))
        rows.append("".join(parts))
    return "/".join(rows)


def write_points(half: int) -> str:
    """A score kept in half points, as the position text writes it (``3`` or ``3.5``)."""
    return str(half // 2) if half % 2 == 0 else f"{half // 2}.5"


def _half_points(text: str) -> int:
    m = re.fullmatch(r"([0-9]{1,3})(\.5|\.0)?", text)
    if not m:
        raise ValueError(f"bad score {text!r} in the position text (points like 3 or 3.5)")
    return int(m.group(1)) * 2 + (1 if m.group(2) == ".5" else 0)


def read_board(text: str, civs: tuple[int, int], turn: int) -> tuple:
    """The board field read back into the 64-entry board tuple; ``ValueError`` naming any fault."""
    rows = text.split("/")
    if len(rows) != 8:
        raise ValueError(f"the board needs 8 rows separated by '/', not {len(rows)}")
    board: list[Any] = [None] * 64
    counts: dict[tuple[int, int], int] = {}
    for i, row in enumerate(rows):
        r = 7 - i
        col, pos = 0, 0
        while pos < len(row):
            m = _TOKEN.match(row, pos)
            if not m:
                raise ValueError(f"row {r + 1}: cannot read {row[pos:]!r} (a unit is like A, A+, x!< or L#2)")
            pos = m.end()
            if m.group(1):
                col += int(m.group(1))
                if col > 8:
                    raise ValueError(f"row {r + 1} has more than 8 squares")
                continue
            if col >= 8:
                raise ValueError(f"row {r + 1} has more than 8 squares")
            letter, mark, lock = m.group(2), m.group(4), m.group(5)
            st = STATE_MARKS.index(m.group(3) or "")
            owner = 0 if letter.isupper() else 1
            kind = KIND_LETTERS.index(letter.upper())
            if kind not in ROSTER[civs[owner]]:
                raise ValueError(f"{square_name(r * 8 + col)}: {SEAT_NAMES[owner]}'s civilization has no "
                                 f"unit {letter.upper()}")
            if st == ASN_REVEALED and kind != ASN:
                raise ValueError(f"{square_name(r * 8 + col)}: only the Assassin can be revealed (!)")
            facing = FACING_MARKS.index(mark) if mark else default_facing(owner)
            remaining = int(lock) if lock else 0
            if lock and not 1 <= remaining <= 3:
                raise ValueError(f"{square_name(r * 8 + col)}: a lock lasts 1 to 3 turns, not {remaining}")
            group = INFANTRY[civs[owner]] if kind == INFANTRY[civs[owner]] else kind
            counts[(owner, group)] = counts.get((owner, group), 0) + 1
            if counts[(owner, group)] > MAX_COUNT[group]:
                raise ValueError(f"{SEAT_NAMES[owner]} has too many {letter.upper()} units "
                                 f"(at most {MAX_COUNT[group]})")
            board[r * 8 + col] = (owner, kind, st, facing, turn + remaining - 1 if remaining else 0)
            col += 1
        if col != 8:
            raise ValueError(f"row {r + 1} has {col} squares, not 8")
    return tuple(board)


def read_position(text: str) -> dict[str, Any]:
    """Parse position text into the keyword arguments of ``CommandCaptureState.make`` (plus ``timed``)."""
    if not isinstance(text, str):
        raise ValueError(f"position text must be a string, not {type(text).__name__}")
    fields = text.split()
    if not 3 <= len(fields) <= 7 or len(fields) == 6:
        raise ValueError("position text is BOARD SIDE CIVS [TURN [ACTIONS [SCORES CLOCK]]], "
                         f"not {len(fields)} fields")
    side = fields[1].lower()
    if side not in ("b", "r"):
        raise ValueError(f"the side to act is b (Blue) or r (Red), not {fields[1]!r}")
    to_move = "br".index(side)
    civ_text = fields[2].upper()
    if len(civ_text) != 2 or any(c not in CIV_LETTERS for c in civ_text):
        raise ValueError(f"civilizations are two letters of R, E, V (Blue's then Red's), not {fields[2]!r}")
    civs = (CIV_LETTERS.index(civ_text[0]), CIV_LETTERS.index(civ_text[1]))
    turn = to_move + 1
    if len(fields) > 3:
        if not (fields[3].isascii() and fields[3].isdigit() and len(fields[3]) <= 6) or int(fields[3]) < 1:
            raise ValueError(f"the turn number must be a positive whole number (up to six digits), not "
                             f"{fields[3][:20]!r}")
        turn = int(fields[3])
        if turn % 2 != (1 if to_move == 0 else 0):
            raise ValueError(f"turn {turn} belongs to {SEAT_NAMES[(turn + 1) % 2]} (Blue plays the odd turns)")
    board = read_board(fields[0], civs, turn)
    actions_left, acted, follow, done = 1, False, None, frozenset()
    if len(fields) > 4:
        m = _ACTIONS.fullmatch(fields[4])
        if not m:
            raise ValueError(f"cannot read the actions field {fields[4]!r} (like 1, 2, 1+ or 0+C3m)")
        actions_left, acted = int(m.group(1)), bool(m.group(2))
        if m.group(3):
            sq = parse_square(m.group(3))
            u = board[sq]
            if u is None or u[0] != to_move:
                raise ValueError(f"the follow-up unit on {m.group(3).upper()} is not {SEAT_NAMES[to_move]}'s")
            follow = (sq, m.group(4))
        for entry in (m.group(5) or "").split(".")[1:]:
            sq = parse_square(entry[:2])
            u = board[sq]
            if u is None or u[0] != to_move:
                raise ValueError(f"the unit that acted on {entry[:2].upper()} is not {SEAT_NAMES[to_move]}'s")
            done |= {(sq, entry[2])}
    result = None
    for seat in (0, 1):
        kinds = [u[1] for u in board if u is not None and u[0] == seat]
        if CMD not in kinds or FOR not in kinds:
            if result is not None:
                raise ValueError("both sides have lost their Commander or Fortress")
            result = (1 - seat,)
    if actions_left == 0 and follow is None and result is None:
        raise ValueError("no actions left and no follow-up: the turn would be over")
    out: dict[str, Any] = {"board": board, "civs": civs, "to_move": to_move, "turn": turn,
                           "actions_left": actions_left, "acted": acted, "follow": follow, "result": result,
                           "done": done,
                           "timed": False}
    if len(fields) == 7:
        sc = fields[5].split(":")
        if len(sc) != 2:
            raise ValueError(f"scores are blue:red points, not {fields[5]!r}")
        clock = fields[6].split("/")
        if len(clock) != 2:
            raise ValueError(f"the clock is game/turn seconds, not {fields[6]!r}")
        out["scores"] = (_half_points(sc[0]), _half_points(sc[1]))
        out["game_ms"], out["turn_ms"] = parse_seconds(clock[0]), parse_seconds(clock[1])
        if out["turn_ms"] <= 0:
            raise ValueError("the turn timer must have time left")
        out["timed"] = True
    return out
