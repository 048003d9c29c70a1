"""The fast move generator's plans: every action value made once, and for each unit key and square what the
unit can do from there, worked out in advance so that generation only reads the board.

``seat_plans`` gives one side's ``SquarePlan`` for every unit key (kind, state, facing) and square. A plan's
lines are cut to length once; its moves go further, into tables by occupancy (``move_table``): for a few
squares of its lines, the move actions for every way those squares can be occupied, so that a unit's moves
are a few lookups by the board's occupancy (a bit mask) instead of a walk square by square, the way
python-chess looks its sliding attacks up by the occupancy of a line. The state's plain generator walks the
compiled table (``units.compile_table``) instead, and the tests compare the two.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import groupby
from typing import NamedTuple

from capture_lib.games.command_capture.rules.actions import BASH, CAPTURE, FLIP, MOVE, RANGED, TURN, CCAction
from capture_lib.games.command_capture.rules.units import (
    ASN,
    ASN_REVEALED,
    FOR,
    KNIGHT,
    NEIGHBOURS,
    RAYS,
    CompiledSpec,
    seat_specs,
)

# Every action value made once: generation hands out these shared, immutable objects.
MOVES = tuple(tuple(CCAction(MOVE, a, b) for b in range(64)) for a in range(64))
CAPTURES = tuple(tuple(CCAction(CAPTURE, a, b) for b in range(64)) for a in range(64))
SHOTS = tuple(tuple(CCAction(RANGED, a, b) for b in range(64)) for a in range(64))
BASHES = tuple(tuple(CCAction(BASH, a, b) for b in range(64)) for a in range(64))
FLIPS = tuple(CCAction(FLIP, a) for a in range(64))
#: ``TURNS[sq][facing]``: the turns of a unit on ``sq`` facing ``facing``, to each other facing.
TURNS = tuple(tuple(tuple(CCAction(TURN, a, f) for f in range(4) if f != facing) for facing in range(4))
              for a in range(64))
#: A flip followed by the turns, in the order the plain generator lists them for a unit that may flip.
FLIP_AND_TURNS = tuple(tuple((FLIPS[a],) + TURNS[a][facing] for facing in range(4)) for a in range(64))

#: ``NEAR[sq]``: the neighbours of ``sq`` as a bit mask.
NEAR = tuple(sum(1 << n for n in NEIGHBOURS[sq]) for sq in range(64))
#: At most this many squares in one move table: a table has an entry for each way its squares can be
#: occupied, ``2**n``, so a plan's move squares are split into tables of this many (a straight line of
#: more stays whole: its squares are read in order, up to the first unit).
TABLE_SQUARES = 4

#: One move table: the bit mask of its squares and, by ``occupied & mask``, the moves it gives.
MoveTable = tuple[int, dict[int, tuple[CCAction, ...]]]


class Takes(NamedTuple):
    """The lines along which a unit may take an enemy from one square (see ``SquarePlan``)."""

    captures: tuple[tuple[tuple[int, ...], bool], ...]
    ranged: tuple[tuple[tuple[int, ...], bool], ...]
    bash: tuple[tuple[int, ...], ...]
    ignores_defense: bool


class SquarePlan(NamedTuple):
    """What one unit can do from one square, worked out once so that generation only reads the board.

    ``moves``: move tables (``move_table``), in the order of the unit's lines; ``legion``: those open only
    while a friendly Legionnaire is adjacent (after the others, as the unit table lists them). The tables
    treat every unit as a wall, so the generator lists a position where a move may enter the enemy's
    Disabled Fortress the plain way.

    A line is ``(squares, through)``: ``through`` lines look at every square (a knight's jumps, a
    projectile that flies over units), the others stop at the first occupied one. Consecutive lines that
    look at each square on its own (``through`` lines, and lines of one square) are joined into one
    ``through`` line, which gives the same actions in the same order with less walking. ``targets``: every
    square of the lines that may take an enemy (``takes``) as a bit mask: with no enemy on any of them, none
    of those lines can give an action, so the generator reads ``takes`` only when one does. There,
    ``captures`` are lines of melee targets (the first occupied square, or each one of a ``through`` line),
    ``ranged`` projectile lines and ``bash`` lines whose first occupied square is the Shield Bash target.
    ``flips``: the unit's flip (where it has one) and turns while it may flip; ``turns``: its turns while
    the State Lock holds it. ``plain``: the lines overlap or use a condition this plan cannot express, so
    the generator walks the compiled spec instead (which drops repeated squares); no unit of today's table
    needs it.
    """

    moves: tuple[MoveTable, ...]
    legion: tuple[MoveTable, ...]
    targets: int
    takes: Takes
    flips: tuple[CCAction, ...]
    turns: tuple[CCAction, ...]
    plain: bool

    def move_actions(self, occupied: int, legion: bool) -> list[CCAction]:
        """The moves this plan gives on a board whose units stand on ``occupied`` (a bit mask), ``legion``:
        whether a friendly Legionnaire is adjacent (what the generator reads, in one call, for the tests)."""
        out: list[CCAction] = []
        for mask, by_occupancy in self.moves + (self.legion if legion else ()):
            out += by_occupancy[occupied & mask]
        return out


def _overlaps(lines: list[tuple[int, ...]]) -> bool:
    squares = [t for line in lines for t in line]
    return len(squares) != len(set(squares))


def _joined(lines: list[tuple[tuple[int, ...], bool]]) -> tuple[tuple[tuple[int, ...], bool], ...]:
    """``lines`` with each run of consecutive lines that look at every square on its own made one line."""
    out: list[tuple[tuple[int, ...], bool]] = []
    for squares, through in lines:
        through = through or len(squares) == 1
        if through and out and out[-1][1]:
            out[-1] = (out[-1][0] + squares, True)
        else:
            out.append((squares, through))
    return tuple(out)


@cache
def move_table(sq: int, runs: tuple[tuple[int, ...], ...]) -> MoveTable:
    """The moves from ``sq`` along ``runs``, each walked up to its first occupied square, for every way
    their squares can be occupied: ``(mask, {occupied & mask: moves})``. Shared by every plan that walks
    the same runs (the tables of a square are the same for each kind that moves alike)."""
    mask = 0
    for run in runs:
        for t in run:
            mask |= 1 << t
    row = MOVES[sq]
    table: dict[int, tuple[CCAction, ...]] = {}
    occupied = mask
    while True:  # every subset of the mask, the full one first
        moves: list[CCAction] = []
        for run in runs:
            for t in run:
                if occupied >> t & 1:
                    break
                moves.append(row[t])
        table[occupied] = tuple(moves)
        if not occupied:
            return mask, table
        occupied = (occupied - 1) & mask


def _tables(sq: int, lines: list[tuple[tuple[int, ...], bool]]) -> tuple[MoveTable, ...]:
    """``lines`` as move tables of at most ``TABLE_SQUARES`` squares each, in order. A ``through`` line's
    squares are each a run of one (each is looked at on its own); another line is one run, never split."""
    runs: list[tuple[int, ...]] = []
    for squares, through in lines:
        runs += [(t,) for t in squares] if through else [squares]
    groups: list[list[tuple[int, ...]]] = []
    size = 0
    for run in runs:
        if groups and size + len(run) <= TABLE_SQUARES:
            groups[-1].append(run)
            size += len(run)
        else:
            groups.append([run])
            size = len(run)
    return tuple(move_table(sq, tuple(group)) for group in groups)


def square_plan(cs: CompiledSpec, sq: int, flips: tuple[CCAction, ...] = (),
                turns: tuple[CCAction, ...] = ()) -> SquarePlan:
    """The ``SquarePlan`` of a unit with the compiled rules ``cs`` standing on ``sq``, with its ``flips``
    and ``turns`` (see ``SquarePlan``)."""
    plain = False
    move_lines: list[tuple[bool, tuple[int, ...], bool]] = []
    for dirs, length, jump, cond in cs.moves:
        plain = plain or cond not in ("", "legion")
        legion = cond == "legion"
        if dirs is None:
            move_lines.append((legion, KNIGHT[sq], True))
            continue
        move_lines.extend((legion, RAYS[sq][d][:length], jump) for d in dirs if RAYS[sq][d])
    moves: tuple[MoveTable, ...] = ()
    legion_moves: tuple[MoveTable, ...] = ()
    for legion, run in groupby(move_lines, key=lambda line: line[0]):
        tables = _tables(sq, [(squares, jump) for _legion, squares, jump in run])
        if legion:
            legion_moves += tables
        else:
            plain = plain or bool(legion_moves)  # the generator reads the Legionnaire's lines last
            moves += tables
    captures: list[tuple[tuple[int, ...], bool]] = []
    for dirs, length, _jump, cond in cs.captures:
        plain = plain or cond != ""
        if dirs is None:
            captures.append((KNIGHT[sq], True))
        else:
            captures.extend((RAYS[sq][d][:length], False) for d in dirs if RAYS[sq][d])
    ranged: list[tuple[tuple[int, ...], bool]] = []
    for dirs, length, fly, cond in cs.ranged:
        plain = plain or cond != "" or dirs is None
        ranged.extend((RAYS[sq][d][:length], fly) for d in dirs or () if RAYS[sq][d])
    bash = [RAYS[sq][d][:cs.bash_reach] for d in cs.bash_dirs if RAYS[sq][d]]
    plain = (plain or _overlaps([line for _legion, line, _jump in move_lines])
             or _overlaps([line for line, _each in captures]) or _overlaps([line for line, _fly in ranged])
             or _overlaps(bash))
    targets = 0
    for line in [line for line, _each in captures] + [line for line, _fly in ranged] + bash:
        for t in line:
            targets |= 1 << t
    return SquarePlan(moves, legion_moves, targets if cs.acts else 0,
                      Takes(_joined(captures), _joined(ranged), tuple(bash), cs.ignores_defense), flips, turns, plain)


def plan_index(kind: int, st: int, facing: int) -> int:
    """Where ``SeatPlans.table`` keeps the plans of a unit of ``kind`` in state ``st`` facing ``facing``."""
    return kind * 12 + st * 4 + facing


class SeatPlans:
    """One side's ``SquarePlan`` for every unit key and square, each key's 64 plans built on first use.

    ``table[plan_index(kind, st, facing)]`` is ``None`` until ``build`` fills it with one plan per square.
    ``fortress_flip``: whether a Fortress may flip (the option of that name).
    """

    def __init__(self, specs: dict[tuple[int, int, int], CompiledSpec], fortress_flip: bool = False) -> None:
        self.specs = specs
        self.fortress_flip = fortress_flip
        self.table: list[tuple[SquarePlan, ...] | None] = [None] * plan_index(ASN + 1, 0, 0)

    def build(self, kind: int, st: int, facing: int) -> tuple[SquarePlan, ...]:
        """The 64 plans of one unit key (``KeyError`` for a unit this side cannot have), kept in ``table``."""
        cs = self.specs[(kind, st, facing)]
        row = tuple(square_plan(cs, sq, *self._flips_and_turns(kind, st, facing, sq)) for sq in range(64))
        self.table[plan_index(kind, st, facing)] = row
        return row

    def _flips_and_turns(self, kind: int, st: int, facing: int, sq: int
                         ) -> tuple[tuple[CCAction, ...], tuple[CCAction, ...]]:
        """A unit's actions on itself, unlocked and locked: a Fortress only flips (Active to Disabled, where
        the option allows it) and has no facing; a revealed Assassin never flips back; any other unit flips
        unless locked, and turns to each other facing."""
        if kind == FOR:
            return ((FLIPS[sq],) if st == 0 and self.fortress_flip else ()), ()
        if kind == ASN and st == ASN_REVEALED:
            return TURNS[sq][facing], TURNS[sq][facing]
        return FLIP_AND_TURNS[sq][facing], TURNS[sq][facing]


@lru_cache(maxsize=256)
def seat_plans(civ: int, owner: int, viking_infantry: str, plain_step: str = "any",
               archer_move: str = "lines", fortress_range: int = 2, projectiles: str = "clear-path",
               bash_reach: int = 3, frame: str = "facing", fortress_flip: bool = False) -> SeatPlans:
    """The ``SeatPlans`` for ``seat_specs`` of the same arguments (shared by every state of those options)."""
    return SeatPlans(seat_specs(civ, owner, viking_infantry, plain_step, archer_move, fortress_range,
                                projectiles, bash_reach, frame), fortress_flip)
