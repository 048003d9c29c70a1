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

from typing import Any

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


def read_position(text: str, game: Any, seed: int, options: dict[str, Any]) -> MedievalCaptureState:
    """The state described by position ``text``; ``ValueError`` naming the problem if it is malformed."""
    if not isinstance(text, str):
        raise _bad("a position is text")
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
    for key in ("turn", "blue", "red"):
        if key not in fields:
            raise _bad(f"the {key!r} line is missing")
    s = MedievalCaptureState.initial(game, seed, options, start=text)
    if fields["turn"].lower() not in SIDES:
        raise _bad(f"turn must be blue or red, not {fields['turn']!r}")
    s.side = SIDES.index(fields["turn"].lower())
    s.phase = fields.get("phase", "start").lower()
    if s.phase not in PHASES:
        raise _bad(f"phase must be one of {', '.join(PHASES)}, not {s.phase!r}")
    role = fields.get("role", "home").lower()
    if role not in ("home", "abroad") or (role == "abroad" and s.cfg.players != 4):
        raise _bad("role is home, or abroad in a four-player game")
    s.role = ("home", "abroad").index(role)
    s.turn = _int(fields.get("turn_number", "0" if s.phase == "place" else "1"), "turn_number")

    # The armies.
    loc = [RESERVE] * (2 * PIECES_PER_SIDE)
    knights = [-1, -1]
    listed: set[int] = set()
    for side, name in enumerate(SIDES):
        for token in fields[name].split():
            who, eq, where = token.partition("=")
            if not eq:
                raise _bad(f"{name}: {token!r} should be PIECE=WHERE (B1=b12, B3*=b20, B4=prisoner)")
            star = who.endswith("*")
            piece = _piece(who.rstrip("*"), name)
            if piece // PIECES_PER_SIDE != side:
                raise _bad(f"{name}: {piece_name(piece)} is not a {name} piece")
            if piece in listed:
                raise _bad(f"{name}: {piece_name(piece)} is listed twice")
            listed.add(piece)
            if star:
                if knights[side] >= 0:
                    raise _bad(f"{name} has two Knights ({piece_name(knights[side])} and {piece_name(piece)})")
                knights[side] = piece
            if where.lower() in WHERE_WORDS:
                loc[piece] = WHERE_WORDS[where.lower()]
            else:
                space = _space(where, f"{name}: {piece_name(piece)}")
                if BOARD.kind[space] not in ROCK_KINDS and space != CATHEDRAL:
                    raise _bad(f"{piece_name(piece)} cannot stand on {where} (a {BOARD.kind[space]})")
                loc[piece] = space
    seen: dict[int, int] = {}
    for p, where in enumerate(loc):
        if where >= 0 and where != CATHEDRAL:
            if where in seen:
                raise _bad(f"{piece_name(seen[where])} and {piece_name(p)} both stand on {BOARD.ids[where]}")
            seen[where] = p
    if s.phase != "place":
        for side, name in enumerate(SIDES):
            if knights[side] < 0:
                raise _bad(f"{name} has no Knight: mark it with * (B3*=b20)")
    else:
        for side in (0, 1):
            placed = [p % PIECES_PER_SIDE for p in range(side * 10, side * 10 + 10) if loc[p] >= 0]
            if placed != list(range(len(placed))) or any(loc[p] not in (RESERVE,) and loc[p] < 0
                                                         for p in range(side * 10, side * 10 + 10)):
                raise _bad("during set-up the pieces of a side are placed in number order, none captured")
            if knights[side] >= 0 and loc[knights[side]] < 0:
                raise _bad("an unplaced piece cannot be the Knight")
    s.loc = tuple(loc)
    s.knight = (knights[0], knights[1])

    # The Crowns.
    crowns = list(CROWN_HOME)
    for side, name in enumerate(SIDES):
        key = f"{name} crowns"
        if key not in fields:
            continue
        tokens = fields[key].split()
        if len(tokens) != 3:
            raise _bad(f"{key} lists three Crowns (a space, taken, or @PIECE for the piece carrying it)")
        for k, token in enumerate(tokens):
            c = 3 * side + k
            if token.lower() == "taken":
                crowns[c] = TAKEN
            elif token.startswith("@"):
                carrier = _piece(token[1:], key)
                if carrier // PIECES_PER_SIDE == side:
                    raise _bad(f"{key}: {token} cannot carry its own side's Crown")
                if loc[carrier] < 0 or TERR[loc[carrier]] != side:
                    raise _bad(f"{key}: the carrier {token} must stand in {name} territory")
                if CARRY + carrier in crowns:
                    raise _bad(f"{key}: {token} carries two Crowns; a piece carries one at a time")
                crowns[c] = CARRY + carrier
            else:
                space = _space(token, key)
                if TERR[space] != side or BOARD.kind[space] not in ROCK_KINDS:
                    raise _bad(f"{key}: a Crown lies on a rock of its own territory, not on {token}")
                crowns[c] = space
    s.crowns = tuple(crowns)

    # The cards.
    hands = []
    for name in SIDES:
        counts = _cards(fields.get(f"{name} hand", ""), f"{name} hand")
        hands.append(tuple(code for code, n in zip(CODES, counts, strict=True) for _ in range(n)))
    s.hands = (tuple(sorted(hands[0])), tuple(sorted(hands[1])))
    s.discard = tuple(_cards(fields.get("discard", ""), "discard"))
    s.card = None
    if fields.get("card"):
        try:
            s.card = parse_card(fields["card"])
        except ValueError as err:
            raise _bad(f"card: {err}") from None
    full = deck_for(options)
    out_of_deck = [s.discard[i] + sum(h.count(code) for h in s.hands) + (s.card == code)
                   for i, code in enumerate(CODES)]
    if "deck" in fields:
        s.deck = tuple(_cards(fields["deck"], "deck"))
        for i, code in enumerate(CODES):
            if s.deck[i] + out_of_deck[i] != full[i]:
                raise _bad(f"the game has {full[i]} {card_name(code)} cards, but deck, discard, hands and "
                           f"play hold {s.deck[i] + out_of_deck[i]}")
    else:
        remaining = [f - o for f, o in zip(full, out_of_deck, strict=True)]
        for i, n in enumerate(remaining):
            if n < 0:
                raise _bad(f"there are only {full[i]} {card_name(CODES[i])} cards in the game")
        s.deck = tuple(remaining)

    # The turn in progress.
    if "dice" in fields:
        parts = fields["dice"].split()
        if len(parts) != 2:
            raise _bad("dice: write the white die then the black die (dice: 4 11)")
        white, black = _int(parts[0], "the white die"), _int(parts[1], "the black die")
        if not (1 <= white <= 6 and 1 <= black <= s.cfg.black_sides):
            raise _bad(f"dice: the white die shows 1-6 and the black die 1-{s.cfg.black_sides}")
        s.dice = (white, black)
    if s.phase != "over" and (s.dice is not None) != (s.phase in ("move", "land", "kill", "draw")):
        raise _bad("dice are given exactly when the phase is move, land, kill or draw (or over)")
    for key in ("moved", "waiting"):
        pieces = frozenset(_piece(t, key) for t in fields.get(key, "").split())
        if any(p // PIECES_PER_SIDE != s.side for p in pieces) and key == "moved":
            raise _bad("moved lists pieces of the side whose turn it is")
        setattr(s, key, pieces)
    s.shots = _int(fields.get("shots", "0"), "shots")
    s.fired = _int(fields.get("fired", "0"), "fired")
    s.card_spent = _yes(fields.get("card_spent", "no"), "card_spent")
    s.looked = _yes(fields.get("looked", "no"), "looked")
    s.reroll_ok = _yes(fields.get("reroll", "no"), "reroll")
    s.draws = _int(fields.get("draws", "0"), "draws")
    if (s.draws > 0) != (s.phase == "draw"):
        raise _bad("draws is above 0 exactly in the draw phase")
    if s.phase == "draw" and not sum(s.deck):
        raise _bad("the draw phase needs cards in the deck")
    aim_words = fields.get("aim", "").split()
    if aim_words and not (len(aim_words) == 1 or (len(aim_words) == 3 and aim_words[1].lower() == "from")):
        raise _bad("write the aim as SPACE from SPOT, as in aim: r14 from 5")
    s.aim = _space(aim_words[0], "aim") if aim_words else -1
    if (s.aim >= 0) != (s.phase == "land"):
        raise _bad("aim is given exactly in the land phase")
    if s.aim >= 0 and (TERR[s.aim] != 1 - s.side or BOARD.kind[s.aim] not in ROCK_KINDS):
        raise _bad("the catapult aims at a rock in enemy territory")
    # Without a spot the catapult stands level with the aim (the nearest spot of the back edge).
    s.spot = 0 if s.aim < 0 else nearest_spot(s.side, s.aim) if len(aim_words) == 1 else \
        _int(aim_words[2], "the firing spot")
    if s.aim >= 0 and not 1 <= s.spot <= SPOTS:
        raise _bad(f"the firing spot is 1 to {SPOTS} along the back edge")
    s.choices = tuple(_piece(t, "choices") for t in fields.get("choices", "").split())
    if bool(s.choices) != (s.phase == "kill"):
        raise _bad("choices are given exactly in the kill phase")
    if any(loc[p] < 0 for p in s.choices):
        raise _bad("choices are pieces on the board")
    winner = fields.get("winner", "").lower()
    if winner:
        if winner not in SIDES:
            raise _bad("winner is blue or red")
        s.winner = SIDES.index(winner)
    if (s.winner is not None) != (s.phase == "over"):
        raise _bad("a winner is given exactly when the phase is over")
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
