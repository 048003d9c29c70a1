"""The position text format: a whole position in a few readable lines, for examples and tests.

One ``key: value`` per line; ``#`` starts a comment. Only ``turn`` and the two armies are needed::

    # Blue to start a turn; Red's R2 carries Blue's first Crown
    turn: blue
    blue: B1=b12 B2=b14 B3*=b20 B4=prisoner B5=dead B6=b30 B7=c
    red: R1=r12 R2=b3 R3*=r20 R4=r30 R5=r31 R6=r33 R7=c
    blue crowns: @R2 b5 b8
    blue hand: CAPTURE! RANSOM

Pieces are ``NAME=WHERE`` with ``*`` after the name of the Knight; ``WHERE`` is a space, ``reserve``,
``dead`` or ``prisoner``. Pieces not listed are in reserve. Crowns (``blue crowns``, ``red crowns``,
three each, in the order of their Crown spaces) are a space, ``taken``, or ``@`` and the piece carrying them;
missing means at home. The other keys describe a turn in progress and default to its start:
``phase`` (place, start, roll, move, land, kill, draw, over), ``role`` (home, abroad), ``turn_number``,
``dice`` (white black), ``moved``, ``waiting``, ``shots``, ``fired``, ``card`` (the card played this
turn), ``card_spent``, ``looked``, ``reroll``, ``draws``, ``aim`` (``r14 from 5``: the aim and the firing
spot), ``choices``, ``winner``, ``blue hand``, ``red hand``, ``deck`` and ``discard`` (card names, ``NAME*3``
for three; the deck defaults to every card not in a hand, the discard pile or play).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from capture_lib.games.medieval_capture.rules.actions import PIECES_PER_SIDE, parse_piece, piece_name
from capture_lib.games.medieval_capture.rules.board import BOARD, ROCK_KINDS
from capture_lib.games.medieval_capture.rules.catapult import SPOTS, nearest_spot
from capture_lib.games.medieval_capture.rules.state import (
    CARRY,
    CATHEDRAL,
    CROWN_HOME,
    DEAD,
    PHASES,
    PRISON,
    RESERVE,
    TAKEN,
    TERR,
    MedievalCaptureState,
    crown_side,
)
from capture_lib.games.medieval_capture.rules.treasure import CODES, card_name, deck_for, parse_card

SIDES = ("blue", "red")
WHERE_WORDS = {"reserve": RESERVE, "dead": DEAD, "prisoner": PRISON}
KEYS = ("turn", "phase", "role", "turn_number", "blue", "red", "blue crowns", "red crowns", "blue hand",
        "red hand", "deck", "discard", "dice", "moved", "waiting", "shots", "fired", "card", "card_spent",
        "looked", "reroll", "draws", "aim", "choices", "winner")


def _bad(problem: str) -> ValueError:
    return ValueError(f"position: {problem}")


def _cards(text: str, what: str) -> list[int]:
    counts = [0] * len(CODES)
    for token in text.split():
        name, _, times = token.partition("*")
        try:
            code = parse_card(name)
        except ValueError as err:
            raise _bad(f"{what}: {err}") from None
        if times and not (times.isascii() and times.isdigit() and len(times) <= 3):
            raise _bad(f"{what}: {token!r} should be NAME or NAME*COUNT")
        counts[CODES.index(code)] += int(times) if times else 1
    return counts


def _cards_text(counts: tuple[int, ...] | list[int]) -> str:
    return " ".join(card_name(c) + (f"*{n}" if n > 1 else "") for c, n in zip(CODES, counts, strict=True) if n)


def _space(text: str, what: str) -> int:
    if not BOARD.has(text):
        raise _bad(f"{what}: {text!r} is not a space of the board")
    return BOARD.index(text)


def _piece(text: str, what: str) -> int:
    try:
        return parse_piece(text)
    except ValueError as err:
        raise _bad(f"{what}: {err}") from None


def _int(text: str, what: str) -> int:
    if not (text.strip().isascii() and text.strip().isdigit() and len(text.strip()) <= 6):
        raise _bad(f"{what} must be a whole number of up to six digits, not {text[:20]!r}")
    return int(text)


def _yes(text: str, what: str) -> bool:
    if text.strip().lower() in ("yes", "true"):
        return True
    if text.strip().lower() in ("no", "false"):
        return False
    raise _bad(f"{what} must be yes or no, not {text!r}")


def _fields(text: str) -> dict[str, str]:
    """Each ``key: value`` line of ``text`` as ``{key: value}``, comments and blank lines left out."""
    fields: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line or line.lower() == "medieval-capture position":
            continue
        key, colon, value = line.partition(":")
        key = " ".join(key.lower().split())
        if not colon:
            raise _bad(f"line {number} ({raw.strip()!r}) should be 'key: value'")
        if key not in KEYS:
            raise _bad(f"line {number}: unknown key {key!r}; keys are {', '.join(KEYS)}")
        if key in fields:
            raise _bad(f"line {number}: {key!r} is given twice")
        fields[key] = value.strip()
    return fields


#: A line's reader: ``(state, key, value)``, storing the value on the state.
_Reader = Callable[[MedievalCaptureState, str, Any], None]
#: A rule between lines: the problem in words when the state breaks it, else ``None``.
_Check = Callable[[MedievalCaptureState], str | None]


# ----- the readers of single lines -------------------------------------------------------------------
# Each stores its line's value on the state, or raises ``_bad`` naming what is wrong with it. It gets the
# line's key (one reader serves both sides' lines) and its value: the text after the colon, the line's
# default when the line is missing, or ``None`` for a line whose absence means something of its own.

def _read_turn(s: MedievalCaptureState, key: str, value: str) -> None:
    if value.lower() not in SIDES:
        raise _bad(f"turn must be blue or red, not {value!r}")
    s.side = SIDES.index(value.lower())


def _read_phase(s: MedievalCaptureState, key: str, value: str) -> None:
    s.phase = value.lower()
    if s.phase not in PHASES:
        raise _bad(f"phase must be one of {', '.join(PHASES)}, not {s.phase!r}")


def _read_role(s: MedievalCaptureState, key: str, value: str) -> None:
    role = value.lower()
    if role not in ("home", "abroad") or (role == "abroad" and s.cfg.players != 4):
        raise _bad("role is home, or abroad in a four-player game")
    s.role = ("home", "abroad").index(role)


def _read_turn_number(s: MedievalCaptureState, key: str, value: str | None) -> None:
    # Missing, it depends on the phase (read before it): the set-up is turn 0, play starts at turn 1.
    s.turn = _int(("0" if s.phase == "place" else "1") if value is None else value, key)


def _stand(where: str, piece: int, side_name: str) -> int:
    """Where ``piece`` is, from the ``WHERE`` of its ``PIECE=WHERE``: off the board, or a space it may stand on."""
    if where.lower() in WHERE_WORDS:
        return WHERE_WORDS[where.lower()]
    space = _space(where, f"{side_name}: {piece_name(piece)}")
    if BOARD.kind[space] not in ROCK_KINDS and space != CATHEDRAL:
        raise _bad(f"{piece_name(piece)} cannot stand on {where} (a {BOARD.kind[space]})")
    return space


def _read_army(s: MedievalCaptureState, key: str, value: str) -> None:
    """``blue`` or ``red``: ``PIECE=WHERE`` for each piece not in reserve, ``*`` after the Knight's name."""
    side = SIDES.index(key)
    loc, knights = list(s.loc), list(s.knight)
    listed: set[int] = set()
    for token in value.split():
        who, eq, where = token.partition("=")
        if not eq:
            raise _bad(f"{key}: {token!r} should be PIECE=WHERE (B1=b12, B3*=b20, B4=prisoner)")
        piece = _piece(who.rstrip("*"), key)
        if piece // PIECES_PER_SIDE != side:
            raise _bad(f"{key}: {piece_name(piece)} is not a {key} piece")
        if piece in listed:
            raise _bad(f"{key}: {piece_name(piece)} is listed twice")
        listed.add(piece)
        if who.endswith("*"):
            if knights[side] >= 0:
                raise _bad(f"{key} has two Knights ({piece_name(knights[side])} and {piece_name(piece)})")
            knights[side] = piece
        loc[piece] = _stand(where, piece, key)
    s.loc = tuple(loc)
    s.knight = (knights[0], knights[1])


def _crown(token: str, key: str, side: int, crowns: list[int], loc: tuple[int, ...]) -> int:
    """Where one Crown of ``side`` is, from its token on the ``key`` line: ``taken``, ``@PIECE`` or a space."""
    if token.lower() == "taken":
        return TAKEN
    if token.startswith("@"):
        carrier = _piece(token[1:], key)
        if carrier // PIECES_PER_SIDE == side:
            raise _bad(f"{key}: {token} cannot carry its own side's Crown")
        if loc[carrier] < 0 or TERR[loc[carrier]] != side:
            raise _bad(f"{key}: the carrier {token} must stand in {SIDES[side]} territory")
        if CARRY + carrier in crowns:
            raise _bad(f"{key}: {token} carries two Crowns; a piece carries one at a time")
        return CARRY + carrier
    space = _space(token, key)
    if TERR[space] != side or BOARD.kind[space] not in ROCK_KINDS:
        raise _bad(f"{key}: a Crown lies on a rock of its own territory, not on {token}")
    return space


def _read_crowns(s: MedievalCaptureState, key: str, value: str | None) -> None:
    """``blue crowns`` or ``red crowns``: the side's three Crowns; a missing line leaves them at home."""
    if value is None:
        return
    side = SIDES.index(key.split()[0])
    tokens = value.split()
    if len(tokens) != 3:
        raise _bad(f"{key} lists three Crowns (a space, taken, or @PIECE for the piece carrying it)")
    crowns = list(s.crowns)
    for k, token in enumerate(tokens):
        # one at a time, so that a piece named as the carrier of two Crowns is caught at the second
        crowns[3 * side + k] = _crown(token, key, side, crowns, s.loc)
    s.crowns = tuple(crowns)


def _read_hand(s: MedievalCaptureState, key: str, value: str) -> None:
    counts = _cards(value, key)
    hand = tuple(sorted(code for code, n in zip(CODES, counts, strict=True) for _ in range(n)))
    s.hands = (hand, s.hands[1]) if key.startswith(SIDES[0]) else (s.hands[0], hand)


def _read_discard(s: MedievalCaptureState, key: str, value: str) -> None:
    s.discard = tuple(_cards(value, key))


def _read_card(s: MedievalCaptureState, key: str, value: str) -> None:
    s.card = None
    if value:
        try:
            s.card = parse_card(value)
        except ValueError as err:
            raise _bad(f"card: {err}") from None


def _read_deck(s: MedievalCaptureState, key: str, value: str | None) -> None:
    """The deck, read after the hands, the discard pile and the card in play: with them it holds the
    game's whole set of cards, and a missing deck line holds every card they do not."""
    full = deck_for(s.options)
    out_of_deck = [s.discard[i] + sum(h.count(code) for h in s.hands) + (s.card == code)
                   for i, code in enumerate(CODES)]
    if value is None:
        remaining = [f - o for f, o in zip(full, out_of_deck, strict=True)]
        for i, n in enumerate(remaining):
            if n < 0:
                raise _bad(f"there are only {full[i]} {card_name(CODES[i])} cards in the game")
        s.deck = tuple(remaining)
        return
    s.deck = tuple(_cards(value, key))
    for i, code in enumerate(CODES):
        if s.deck[i] + out_of_deck[i] != full[i]:
            raise _bad(f"the game has {full[i]} {card_name(code)} cards, but deck, discard, hands and "
                       f"play hold {s.deck[i] + out_of_deck[i]}")


def _read_dice(s: MedievalCaptureState, key: str, value: str | None) -> None:
    if value is None:
        return
    parts = value.split()
    if len(parts) != 2:
        raise _bad("dice: write the white die then the black die (dice: 4 11)")
    white, black = _int(parts[0], "the white die"), _int(parts[1], "the black die")
    if not (1 <= white <= 6 and 1 <= black <= s.cfg.black_sides):
        raise _bad(f"dice: the white die shows 1-6 and the black die 1-{s.cfg.black_sides}")
    s.dice = (white, black)


def _read_pieces(s: MedievalCaptureState, key: str, value: str) -> None:
    """``moved`` or ``waiting``: piece names."""
    setattr(s, key, frozenset(_piece(t, key) for t in value.split()))


def _read_aim(s: MedievalCaptureState, key: str, value: str) -> None:
    words = value.split()
    if words and not (len(words) == 1 or (len(words) == 3 and words[1].lower() == "from")):
        raise _bad("write the aim as SPACE from SPOT, as in aim: r14 from 5")
    s.aim = _space(words[0], "aim") if words else -1


def _read_spot(s: MedievalCaptureState, key: str, value: str) -> None:
    """The firing spot, the aim line's last word (read after the aim's rules, which come first)."""
    words = value.split()
    # Without a spot the catapult stands level with the aim (the nearest spot of the back edge).
    s.spot = 0 if s.aim < 0 else nearest_spot(s.side, s.aim) if len(words) == 1 else \
        _int(words[2], "the firing spot")


def _read_choices(s: MedievalCaptureState, key: str, value: str) -> None:
    s.choices = tuple(_piece(t, key) for t in value.split())


def _read_winner(s: MedievalCaptureState, key: str, value: str) -> None:
    winner = value.lower()
    if winner:
        if winner not in SIDES:
            raise _bad("winner is blue or red")
        s.winner = SIDES.index(winner)


def _number(attribute: str) -> _Reader:
    """A reader of a whole number kept as ``attribute``."""
    def read(s: MedievalCaptureState, key: str, value: str) -> None:
        setattr(s, attribute, _int(value, key))
    return read


def _yes_no(attribute: str) -> _Reader:
    """A reader of yes or no kept as ``attribute``."""
    def read(s: MedievalCaptureState, key: str, value: str) -> None:
        setattr(s, attribute, _yes(value, key))
    return read


# ----- the rules between lines ----------------------------------------------------------------------
# Each gives the problem in words when the position breaks it, ``None`` when it holds.

def _when(broken: Callable[[MedievalCaptureState], bool], problem: str) -> _Check:
    """A rule with fixed words: ``problem`` when ``broken(state)``."""
    return lambda s: problem if broken(s) else None


def _two_on_one_space(s: MedievalCaptureState) -> str | None:
    """Only the Cathedral holds more than one piece."""
    seen: dict[int, int] = {}
    for p, where in enumerate(s.loc):
        if where >= 0 and where != CATHEDRAL:
            if where in seen:
                return f"{piece_name(seen[where])} and {piece_name(p)} both stand on {BOARD.ids[where]}"
            seen[where] = p
    return None


def _knights_and_set_up(s: MedievalCaptureState) -> str | None:
    """In play each side has its Knight; during the set-up the pieces go down in number order."""
    if s.phase != "place":
        for side, name in enumerate(SIDES):
            if s.knight[side] < 0:
                return f"{name} has no Knight: mark it with * (B3*=b20)"
        return None
    loc = s.loc
    for side in (0, 1):
        pieces = range(side * PIECES_PER_SIDE, (side + 1) * PIECES_PER_SIDE)
        placed = [p % PIECES_PER_SIDE for p in pieces if loc[p] >= 0]
        if placed != list(range(len(placed))) or any(loc[p] not in (RESERVE,) and loc[p] < 0 for p in pieces):
            return "during set-up the pieces of a side are placed in number order, none captured"
        if s.knight[side] >= 0 and loc[s.knight[side]] < 0:
            return "an unplaced piece cannot be the Knight"
    return None


# ----- the table -------------------------------------------------------------------------------------
class _Line(NamedTuple):
    """A line of the position text: its key, its value when it is missing (``None``: the reader is told it
    is missing) and its reader."""

    key: str
    default: str | None
    read: _Reader


#: How a position is read, in order: the lines and the rules between them. A reader may use what the
#: readers before it stored (the phase decides the turn number's default, the armies where a Crown's
#: carrier stands, the hands and the discard pile what is left in the deck), and each rule comes as soon
#: as the lines it ties are read, so that of several problems the first in this order is the one named.
_READING: tuple[_Line | _Check, ...] = (
    _Line("turn", None, _read_turn),
    _Line("phase", "start", _read_phase),
    _Line("role", "home", _read_role),
    _Line("turn_number", None, _read_turn_number),
    _Line("blue", None, _read_army),
    _Line("red", None, _read_army),
    _two_on_one_space,
    _knights_and_set_up,
    _Line("blue crowns", None, _read_crowns),
    _Line("red crowns", None, _read_crowns),
    _Line("blue hand", "", _read_hand),
    _Line("red hand", "", _read_hand),
    _Line("discard", "", _read_discard),
    _Line("card", "", _read_card),
    _Line("deck", None, _read_deck),
    _Line("dice", None, _read_dice),
    _when(lambda s: s.phase != "over" and (s.dice is not None) != (s.phase in ("move", "land", "kill", "draw")),
          "dice are given exactly when the phase is move, land, kill or draw (or over)"),
    _Line("moved", "", _read_pieces),
    _when(lambda s: any(p // PIECES_PER_SIDE != s.side for p in s.moved),
          "moved lists pieces of the side whose turn it is"),
    _Line("waiting", "", _read_pieces),
    _Line("shots", "0", _number("shots")),
    _Line("fired", "0", _number("fired")),
    _Line("card_spent", "no", _yes_no("card_spent")),
    _Line("looked", "no", _yes_no("looked")),
    _Line("reroll", "no", _yes_no("reroll_ok")),
    _Line("draws", "0", _number("draws")),
    _when(lambda s: (s.draws > 0) != (s.phase == "draw"), "draws is above 0 exactly in the draw phase"),
    _when(lambda s: s.phase == "draw" and not sum(s.deck), "the draw phase needs cards in the deck"),
    _Line("aim", "", _read_aim),
    _when(lambda s: (s.aim >= 0) != (s.phase == "land"), "aim is given exactly in the land phase"),
    _when(lambda s: s.aim >= 0 and (TERR[s.aim] != 1 - s.side or BOARD.kind[s.aim] not in ROCK_KINDS),
          "the catapult aims at a rock in enemy territory"),
    _Line("aim", "", _read_spot),
    _when(lambda s: s.aim >= 0 and not 1 <= s.spot <= SPOTS, f"the firing spot is 1 to {SPOTS} along the back edge"),
    _Line("choices", "", _read_choices),
    _when(lambda s: bool(s.choices) != (s.phase == "kill"), "choices are given exactly in the kill phase"),
    _when(lambda s: any(s.loc[p] < 0 for p in s.choices), "choices are pieces on the board"),
    _Line("winner", "", _read_winner),
    _when(lambda s: (s.winner is not None) != (s.phase == "over"), "a winner is given exactly when the phase is over"),
)
#: The lines a position cannot do without.
_REQUIRED = ("turn", "blue", "red")


def read_position(text: str, game: Any, seed: int, options: dict[str, Any]) -> MedievalCaptureState:
    """The state described by position ``text``; ``ValueError`` naming the problem if it is malformed."""
    if not isinstance(text, str):
        raise _bad("a position is text")
    fields = _fields(text)
    for key in _REQUIRED:
        if key not in fields:
            raise _bad(f"the {key!r} line is missing")
    s = MedievalCaptureState.initial(game, seed, options, start=text)
    for step in _READING:
        if isinstance(step, _Line):
            step.read(s, step.key, fields.get(step.key, step.default))
        else:
            problem = step(s)
            if problem is not None:
                raise _bad(problem)
    return s


def write_position(state: MedievalCaptureState) -> str:
    """The position text of ``state`` (``read_position`` gives back an equal position)."""
    names = {RESERVE: "reserve", DEAD: "dead", PRISON: "prisoner"}
    lines = ["medieval-capture position", f"turn: {SIDES[state.side]}", f"phase: {state.phase}"]
    if state.role:
        lines.append("role: abroad")
    lines.append(f"turn_number: {state.turn}")
    for side, name in enumerate(SIDES):
        tokens = []
        for p in range(side * PIECES_PER_SIDE, (side + 1) * PIECES_PER_SIDE):
            where = state.loc[p]
            if where == RESERVE and state.knight[side] != p:
                continue
            star = "*" if state.knight[side] == p else ""
            tokens.append(f"{piece_name(p)}{star}={BOARD.ids[where] if where >= 0 else names[where]}")
        lines.append(f"{name}: {' '.join(tokens)}")
    for side, name in enumerate(SIDES):
        tokens = []
        for c in range(3 * side, 3 * side + 3):
            where = state.crowns[c]
            tokens.append("taken" if where == TAKEN else "@" + piece_name(where - CARRY) if where >= CARRY
                          else BOARD.ids[where])
        if state.crowns[3 * side:3 * side + 3] != CROWN_HOME[3 * side:3 * side + 3]:
            lines.append(f"{name} crowns: {' '.join(tokens)}")
        assert all(crown_side(c) == side for c in range(3 * side, 3 * side + 3))
    for side, name in enumerate(SIDES):
        if state.hands[side]:
            lines.append(f"{name} hand: {' '.join(card_name(c) for c in state.hands[side])}")
    lines.append(f"deck: {_cards_text(state.deck)}")
    if sum(state.discard):
        lines.append(f"discard: {_cards_text(state.discard)}")
    if state.dice is not None:
        lines.append(f"dice: {state.dice[0]} {state.dice[1]}")
    if state.card is not None:
        lines.append(f"card: {card_name(state.card)}")
    for key, value in (("moved", state.moved), ("waiting", state.waiting)):
        if value:
            lines.append(f"{key}: {' '.join(piece_name(p) for p in sorted(value))}")
    for key, number in (("shots", state.shots), ("fired", state.fired), ("draws", state.draws)):
        if number:
            lines.append(f"{key}: {number}")
    for key, flag in (("card_spent", state.card_spent), ("looked", state.looked), ("reroll", state.reroll_ok)):
        if flag:
            lines.append(f"{key}: yes")
    if state.aim >= 0:
        lines.append(f"aim: {BOARD.ids[state.aim]} from {state.spot}")
    if state.choices:
        lines.append(f"choices: {' '.join(piece_name(p) for p in state.choices)}")
    if state.winner is not None:
        lines.append(f"winner: {SIDES[state.winner]}")
    return "\n".join(lines) + "\n"
