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
``B3 r3-r2-r1 take r2``             take the enemy Crown lying on r2 (on the path, start included)
``R2 b4-bd free R5``                rescue prisoner R5 by moving onto the enemy dungeon
``shoot from 5 at r14``             fire the catapult from spot 5 of your back edge, aiming at r14
``land r15``                        chance: where the boulder lands (``land off``: off the board)
``kill R3``                         choose which knocked-over piece dies
``draw CAPTURE!``                   chance: the Treasure Card drawn (others see ``draw ?``)
``end``                             end the turn
==================================  =========================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field

from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import Action
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.games.medieval_capture.rules.catapult import OFF, SPOTS
from capture_lib.games.medieval_capture.rules.treasure import card_name, parse_card

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


@dataclass(frozen=True, eq=False, slots=True)  # slots: a position lists a hundred moves, a game remembers thousands
class Move(Action):
    """Move a piece along ``path`` (start space first). ``kill``: kill the piece captured on the last
    space; ``drop``: leave the carried Crown on the start space; ``free``: the prisoner a rescue frees;
    ``take``: the space on the path whose enemy Crown the piece picks up."""

    piece: int
    path: tuple[int, ...]
    kill: bool = False
    drop: bool = False
    free: int | None = None
    take: int | None = None
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        # Built on first use and kept: moves are compared and hashed by their notation.
        if not self.text:
            words = [piece_name(self.piece), "-".join(BOARD.ids[s] for s in self.path)]
            if self.drop:
                words.append("drop")
            if self.take is not None:
                words += ["take", BOARD.ids[self.take]]
            if self.kill:
                words.append("kill")
            if self.free is not None:
                words += ["free", piece_name(self.free)]
            object.__setattr__(self, "text", " ".join(words))
        return self.text

    def __hash__(self) -> int:
        return hash(str(self))

    @classmethod
    def generated(cls, piece: int, path: tuple[int, ...], kill: bool, drop: bool, free: int | None,
                  take: int | None) -> Move:
        """A move made by the move generator, whose fields are known to be right: filled in directly,
        which costs half the frozen dataclass's ``__init__`` (a hundred moves a position)."""
        move = _new(cls)
        _set_piece(move, piece)
        _set_path(move, path)
        _set_kill(move, kill)
        _set_drop(move, drop)
        _set_free(move, free)
        _set_take(move, take)
        _set_text(move, "")
        return move


# The slots' own setters, which a frozen dataclass's ``__setattr__`` would refuse (``Move.generated``).
_new = object.__new__
_set_piece, _set_path, _set_kill, _set_drop, _set_free, _set_take, _set_text = (
    getattr(Move, name).__set__ for name in ("piece", "path", "kill", "drop", "free", "take", "text"))


@dataclass(frozen=True, eq=False)
class Shoot(Action):
    """Fire the catapult from ``spot`` (1 to 9, north to south, behind your own back edge) at ``aim``,
    a rock in enemy territory."""

    spot: int
    aim: int

    def __str__(self) -> str:
        return f"shoot from {self.spot} at {space_name(self.aim)}"


@dataclass(frozen=True, eq=False)
class Land(Action):
    """Chance: the space where the boulder comes down (``OFF``: it flies off the board)."""

    space: int

    def __str__(self) -> str:
        return "land off" if self.space == OFF else f"land {space_name(self.space)}"


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
    if verb == "shoot":
        if len(low) != 4 or low[0] != "from" or low[2] != "at":
            raise IllegalAction(f"write a shot as shoot from SPOT at SPACE (SPOT 1 to {SPOTS} along your back "
                                "edge, north to south), as in shoot from 5 at r14", rule="notation")
        spot = _int(args[1], "the firing spot")
        if not 1 <= spot <= SPOTS:
            raise IllegalAction(f"the firing spot is 1 to {SPOTS} along your back edge, not {spot}",
                                rule="notation")
        return Shoot(spot, parse_space(args[3]))
    if verb == "land" and len(args) == 1:
        return Land(OFF if low[0] == "off" else parse_space(args[0]))
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
        free = take = None
        rest = low[1:]
        while rest:
            word = rest.pop(0)
            if word == "kill" and not kill:
                kill = True
            elif word == "drop" and not drop:
                drop = True
            elif word == "free" and rest and free is None:
                free = parse_piece(rest.pop(0))
            elif word == "take" and rest and take is None:
                take = parse_space(rest.pop(0))
            else:
                raise IllegalAction(f"cannot read {word!r} in the move {text!r} (after the path: drop, kill, "
                                    "free PIECE, take SPACE)", rule="notation")
        return Move(piece, path, kill, drop, free, take)
    raise IllegalAction(
        f"cannot read {text!r}: expected place, look, play CARD, roll, reroll, a move like B3 b12-b13, "
        "shoot from SPOT at SPACE, kill PIECE, end (or the chance events roll white W black B, land SPACE, "
        "draw CARD)",
        rule="notation")
