"""Capture: A Medieval Wargame's actions and their notation.

Pieces are ``B1``..``B10`` and ``R1``..``R10``; spaces are ``b1``..``b51``, ``r1``..``r51``, the
Cathedral ``c`` and the dungeons ``bd`` and ``rd`` (see ``board``). Notation is read in any case.

==================================  =========================================================
notation                            meaning
==================================  =========================================================
``place B1 b12``                    set-up: place the next piece (``... knight`` for the Knight)
``look B3``                         look under one of your pieces (others see ``look``)
``play CAPTURE!``                   play a Treasure Card (``play RANSOM B5``, ``play RECRUIT B8``)
``roll``                            roll the dice
``roll white 4 black 11``           chance: what the dice show
``reroll``                          roll again (with the REROLL card)
``B3 b12-b13-b14``                  move piece B3 along a path, start space first
``B3 b12-b13 kill``                 ... and kill the piece on the last space (Knight, AMBUSH!)
``B3 b12-b13 drop``                 leave the carried Crown on b12 and move on without it
``R2 b4-bd free R5``                rescue prisoner R5 by moving onto the enemy dungeon
``shoot r14``                       fire the catapult, aiming at r14
``land r15``                        chance: where the boulder lands
``kill R3``                         choose which knocked-over piece dies
``draw CAPTURE!``                   chance: the Treasure Card drawn (others see ``draw ?``)
``end``                             end the turn
==================================  =========================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field

from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import Action

from .board import BOARD
from .treasure import card_name, parse_card

SIDE_NAMES = ("Blue", "Red")
PIECES_PER_SIDE = 10


def piece_name(piece: int) -> str:
    """``B1``..``B10`` for pieces 0..9, ``R1``..``R10`` for 10..19."""
    return ("B", "R")[piece // PIECES_PER_SIDE] + str(piece % PIECES_PER_SIDE + 1)


def parse_piece(text: str) -> int:
    """The piece number of ``B3`` / ``r10``; ``IllegalAction`` if it is not a piece."""
    t = text.strip().upper()
    number = t[1:]
    digits = 2 <= len(t) <= 3 and number.isascii() and number.isdigit()  # not "B²", nor 5,000 digits
    if digits and t[0] in "BR" and 1 <= int(number) <= PIECES_PER_SIDE:
        return "BR".index(t[0]) * PIECES_PER_SIDE + int(t[1:]) - 1
    raise IllegalAction(f"{text!r} is not a piece (pieces are B1 to B10 and R1 to R10)", rule="notation")


def space_name(space: int) -> str:
    """The name of a space index."""
    return BOARD.ids[space]


def parse_space(text: str) -> int:
    """The index of a space name; ``IllegalAction`` if the board has no such space."""
    if not BOARD.has(text):
        raise IllegalAction(f"{text!r} is not a space of the board (b1-b51, r1-r51, c, bd, rd)",
                            rule="notation")
    return BOARD.index(text)


def _card(text: str) -> str:
    try:
        return parse_card(text)
    except ValueError as err:
        raise IllegalAction(str(err), rule="notation") from None


@dataclass(frozen=True, eq=False)
class Place(Action):
    """Set-up: place the next piece of the army on a rock; ``knight`` marks the hidden Knight."""

    piece: int
    space: int
    knight: bool = False

    def __str__(self) -> str:
        return f"place {piece_name(self.piece)} {space_name(self.space)}" + (" knight" if self.knight else "")

    def public(self) -> str:
        """The notation the opponent sees: never which piece is the Knight."""
        return f"place {piece_name(self.piece)} {space_name(self.space)}"


@dataclass(frozen=True, eq=False)
class Look(Action):
    """Look under one of your own pieces (a memory aid; the opponent only sees that you looked)."""

    piece: int

    def __str__(self) -> str:
        return f"look {piece_name(self.piece)}"

    def public(self) -> str:
        """What the opponent sees."""
        return "look"


@dataclass(frozen=True, eq=False)
class PlayCard(Action):
    """Play a Treasure Card from your hand; RANSOM and RECRUIT name the piece they bring."""

    card: str
    piece: int | None = None

    def __str__(self) -> str:
        text = f"play {card_name(self.card)}"
        return text if self.piece is None else f"{text} {piece_name(self.piece)}"


@dataclass(frozen=True, eq=False)
class Roll(Action):
    """Roll both dice (the result is the chance event ``Dice``)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, eq=False)
class Dice(Action):
    """Chance: the white die (home and Cathedral pieces) and the black die (pieces abroad)."""

    white: int
    black: int

    def __str__(self) -> str:
        return f"roll white {self.white} black {self.black}"


@dataclass(frozen=True, eq=False)
class Reroll(Action):
    """Roll again, with a REROLL card, before moving or shooting."""

    def __str__(self) -> str:
        return "reroll"


@dataclass(frozen=True, eq=False)
class Move(Action):
    """Move a piece along ``path`` (start space first). ``kill``: kill the piece captured on the last
    space; ``drop``: leave the carried Crown on the start space; ``free``: the prisoner a rescue frees."""

    piece: int
    path: tuple[int, ...]
    kill: bool = False
    drop: bool = False
    free: int | None = None
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        # Built on first use and kept: moves are compared and hashed by their notation.
        if not self.text:
            words = [piece_name(self.piece), "-".join(BOARD.ids[s] for s in self.path)]
            if self.drop:
                words.append("drop")
            if self.kill:
                words.append("kill")
            if self.free is not None:
                words += ["free", piece_name(self.free)]
            object.__setattr__(self, "text", " ".join(words))
        return self.text

    def __hash__(self) -> int:
        return hash(str(self))


@dataclass(frozen=True, eq=False)
class Shoot(Action):
    """Fire the catapult at a rock in enemy territory."""

    aim: int

    def __str__(self) -> str:
        return f"shoot {space_name(self.aim)}"


@dataclass(frozen=True, eq=False)
class Land(Action):
    """Chance: the space where the boulder comes down."""

    space: int

    def __str__(self) -> str:
        return f"land {space_name(self.space)}"


@dataclass(frozen=True, eq=False)
class Kill(Action):
    """Choose which knocked-over piece the boulder kills."""

    piece: int

    def __str__(self) -> str:
        return f"kill {piece_name(self.piece)}"


@dataclass(frozen=True, eq=False)
class Draw(Action):
    """Chance: the Treasure Card drawn from the top of the deck."""

    card: str

    def __str__(self) -> str:
        return f"draw {card_name(self.card)}"

    def public(self) -> str:
        """What the opponent sees: cards in hand are hidden."""
        return "draw ?"


@dataclass(frozen=True, eq=False)
class End(Action):
    """End the turn (with four players, the home partner's part of it)."""

    def __str__(self) -> str:
        return "end"


def _int(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise IllegalAction(f"{what} must be a number of up to six digits, not {text[:20]!r}", rule="notation")
    return int(text)


def parse_action(text: str) -> Action:
    """Read an action from its notation (see the table in this module's docstring)."""
    if not isinstance(text, str):
        raise IllegalAction("notation must be text", rule="notation")
    words = text.split()
    if not words:
        raise IllegalAction("empty notation", rule="notation")
    verb, args = words[0].lower(), words[1:]
    low = [a.lower() for a in args]
    if verb == "place" and len(args) in (2, 3):
        if len(args) == 3 and low[2] != "knight":
            raise IllegalAction("write place PIECE SPACE, or place PIECE SPACE knight", rule="notation")
        return Place(parse_piece(args[0]), parse_space(args[1]), len(args) == 3)
    if verb == "look" and len(args) == 1:
        return Look(parse_piece(args[0]))
    if verb == "play" and len(args) in (1, 2):
        return PlayCard(_card(args[0]), parse_piece(args[1]) if len(args) == 2 else None)
    if verb == "roll" and not args:
        return Roll()
    if verb == "roll" and len(low) == 4 and low[0] == "white" and low[2] == "black":
        return Dice(_int(args[1], "the white die"), _int(args[3], "the black die"))
    if verb == "reroll" and not args:
        return Reroll()
    if verb == "shoot" and len(args) == 1:
        return Shoot(parse_space(args[0]))
    if verb == "land" and len(args) == 1:
        return Land(parse_space(args[0]))
    if verb == "kill" and len(args) == 1:
        return Kill(parse_piece(args[0]))
    if verb == "draw" and len(args) == 1:
        return Draw(_card(args[0]))
    if verb == "end" and not args:
        return End()
    if len(words) >= 2 and words[0][:1].upper() in "BR" and words[0][1:].isdigit():
        piece = parse_piece(words[0])
        path = tuple(parse_space(s) for s in words[1].split("-"))
        kill = drop = False
        free = None
        rest = low[1:]
        while rest:
            word = rest.pop(0)
            if word == "kill" and not kill:
                kill = True
            elif word == "drop" and not drop:
                drop = True
            elif word == "free" and rest and free is None:
                free = parse_piece(rest.pop(0))
            else:
                raise IllegalAction(f"cannot read {word!r} in the move {text!r} (after the path: drop, kill, "
                                    "free PIECE)", rule="notation")
        return Move(piece, path, kill, drop, free)
    raise IllegalAction(
        f"cannot read {text!r}: expected place, look, play CARD, roll, reroll, a move like B3 b12-b13, "
        "shoot SPACE, kill PIECE, end (or the chance events roll white W black B, land SPACE, draw CARD)",
        rule="notation")
