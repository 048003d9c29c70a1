"""The position text: every layout's cards by slot, whose turn it is, and what the table has seen.

An example, two players, North to attack::

    dealer: South
    turn: North
    North: AS KD 7C* 2H 9S 10D 3C 4H 5S 6D 8C JH QS
    South: 2S 3S - 5S 6S 7S 8S 9S 10S JS QS KS AH
    beaten: 4S

Each player line lists the cards in slots 1 to 12 and then the Commander's, C (13 in all); ``-`` is an empty slot,
and a ``*`` after a card marks it as shown in an earlier battle (the whole table remembers it).
A player who is out of the hand is written ``out``. ``beaten`` lists the cards beaten out of the
game so far (all of them were shown). Optional lines: ``dealer`` (by default the seat before the
one to act), ``hand`` and ``scores`` for a match of several hands. Every card not written anywhere
was set aside unseen. Lines starting with ``#`` and blank lines are ignored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from capture_lib.core.errors import IllegalAction
from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.games.capture_the_commander.rules.actions import SEAT_NAMES, card_number, slot_name
from capture_lib.games.capture_the_commander.rules.state import EMPTY, CaptureTheCommanderState, card_name

if TYPE_CHECKING:
    from capture_lib.core.protocol import Game

_EMPTY_LAYOUT = (EMPTY,) * 14


def write(state: CaptureTheCommanderState) -> str:
    """The position text of ``state``, which must be at a player's turn (not mid tie-break or deal)."""
    if state.phase != "play":
        raise ValueError(f"only a position at a player's turn can be written (this one is in the "
                         f"{state.phase} phase)")
    names = state.names
    lines = [f"dealer: {names[state.dealer]}", f"turn: {names[state.turn]}"]
    if state.options["hands"] > 1:
        lines.append(f"hand: {state.hand}")
    if state.options["hands"] > 1 or any(state.scores):
        # A one-hand position may carry scores too (read accepts them): a save must not drop them.
        lines.append("scores: " + " ".join(str(s) for s in state.scores))
    for seat, name in enumerate(names):
        if state.out[seat]:
            lines.append(f"{name}: out")
            continue
        words = []
        for slot in lay.SLOTS:
            card = state.layouts[seat][slot]
            if card == EMPTY:
                words.append("-")
            else:
                words.append(card_name(card) + ("*" if card in state.revealed else ""))
        lines.append(f"{name}: " + " ".join(words))
    if state.beaten:
        lines.append("beaten: " + " ".join(card_name(c) for c in state.beaten))
    return "\n".join(lines) + "\n"


def _players_for(names: set[str]) -> int:
    for n, seats in SEAT_NAMES.items():
        if set(seats) == names:
            return n
    shown = "; ".join(", ".join(seats) for seats in SEAT_NAMES.values())
    raise ValueError(f"the player lines name {', '.join(sorted(names)) or 'nobody'}; a table is one of: {shown}")


def _card(text: str, where: str) -> int:
    try:
        return card_number(text)
    except IllegalAction as err:
        raise ValueError(f"{where}: {err}") from None


def read(game: Game, text: str, seed: int, options: dict[str, Any]) -> CaptureTheCommanderState:
    """A state from position text; ``ValueError`` naming the line for anything malformed."""
    if not isinstance(text, str):
        raise ValueError(f"position text must be a string, not {type(text).__name__}")
    fields: dict[str, str] = {}
    seats: dict[str, str] = {}
    all_names = {name.lower(): name for names in SEAT_NAMES.values() for name in names}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if ":" not in line:
            raise ValueError(f"line {number} ({line!r}) should be 'name: value'")
        key, value = (part.strip() for part in line.split(":", 1))
        lowered = key.lower()
        if lowered in all_names:
            name = all_names[lowered]
            if name in seats:
                raise ValueError(f"line {number}: {name} is written twice")
            seats[name] = value
        elif lowered in ("dealer", "turn", "beaten", "hand", "scores"):
            if lowered in fields:
                raise ValueError(f"line {number}: {lowered} is written twice")
            fields[lowered] = value
        else:
            raise ValueError(f"line {number}: unknown field {key!r} (expected a player name, dealer, turn, "
                             "beaten, hand or scores)")
    n = _players_for(set(seats))
    names = SEAT_NAMES[n]
    if "players" in options and game.resolve_options({"players": options["players"]})["players"] != n:
        raise ValueError(f"the position has {n} players but the option players is {options['players']!r}")
    opts = game.resolve_options({**options, "players": n})

    def seat_named(field: str) -> int:
        value = fields[field]
        for seat, name in enumerate(names):
            if value.lower() in (name.lower(), name[0].lower()):
                return seat
        raise ValueError(f"{field}: no player {value!r} at this table ({', '.join(names)})")

    seen: set[int] = set()

    def fresh(card: int, where: str) -> int:
        if card in seen:
            raise ValueError(f"{where}: {card_name(card)} appears twice in the position")
        seen.add(card)
        return card

    layouts, masks, out, revealed = [], [], [], set()
    for name in names:
        value = seats[name]
        if value.lower() == "out":
            layouts.append(_EMPTY_LAYOUT)
            masks.append(0)
            out.append(True)
            continue
        words = value.split()
        if len(words) != 13:
            raise ValueError(f"{name}: a layout lists 13 slots (a card or -), not {len(words)}")
        row = [EMPTY]
        for slot, word in enumerate(words, 1):
            if word == "-":
                row.append(EMPTY)
                continue
            star = word.endswith("*")
            where = f"{name} slot {slot_name(slot)}"
            card = fresh(_card(word.rstrip("*"), where), where)
            if star:
                revealed.add(card)
            row.append(card)
        if row[lay.COMMANDER] == EMPTY:
            raise ValueError(f"{name} has no Commander (the last slot, C) but is not written as out")
        layouts.append(tuple(row))
        masks.append(lay.mask_of(s for s in lay.SLOTS if row[s] != EMPTY))
        out.append(False)
    if sum(not o for o in out) < 2:
        raise ValueError("a position needs at least two players still in the hand")
    beaten = tuple(fresh(_card(w, "beaten"), "beaten") for w in fields.get("beaten", "").split())
    if "turn" not in fields:
        raise ValueError("the position has no 'turn' line naming the player to attack")
    turn = seat_named("turn")
    if out[turn]:
        raise ValueError(f"turn: {names[turn]} is out of the hand and cannot attack")
    dealer = seat_named("dealer") if "dealer" in fields else (turn - 1) % n
    hand = 1
    scores = (0,) * n
    if "hand" in fields:
        digits = fields["hand"].isascii() and fields["hand"].isdigit() and len(fields["hand"]) <= 2
        if not digits or not 1 <= int(fields["hand"]) <= opts["hands"]:
            raise ValueError(f"hand: expected a number from 1 to {opts['hands']} (the option hands)")
        hand = int(fields["hand"])
    if "scores" in fields:
        words = fields["scores"].split()
        if len(words) != n or not all(w.isascii() and w.isdigit() and len(w) <= 6 for w in words):
            raise ValueError(f"scores: expected {n} whole numbers (up to six digits), one for each player")
        scores = tuple(int(w) for w in words)

    state = CaptureTheCommanderState.initial(game, seed, {**opts, "first_dealer": "draw"})
    state.options = opts
    state.phase = "play"
    state.drawing = ()
    state.deck = ()
    state.dealer = dealer
    state.turn = turn
    state.layouts = tuple(layouts)
    state.masks = tuple(masks)
    state.out = tuple(out)
    state.beaten = beaten
    state.revealed = frozenset(revealed | set(beaten))
    state.set_aside = tuple(c for c in range(52) if c not in seen)
    state.hand = hand
    state.scores = scores
    state.start = write(state)
    return state
