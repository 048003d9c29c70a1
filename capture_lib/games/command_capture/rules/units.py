"""The unit table: every unit type and both of its states, as data, and the board geometry.

The board is 64 squares numbered ``row * 8 + column``: ``A1`` is 0, ``H1`` is 7, ``A8`` is 56.
Directions are numbered clockwise from north (towards row 8): 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW,
6 W, 7 NW. A unit faces one of the four orthogonal directions (0 N, 1 E, 2 S, 3 W, that is the
direction ``2 * facing``), and the sides of a unit are named from its facing: ``F`` front,
``FR`` front-right, ``R`` right, ``BR``, ``B`` back, ``BL``, ``L`` left and ``FL`` front-left.
The side ``s`` of a unit facing ``f`` points in direction ``(2 * f + SIDE[s]) % 8``.

Each ``StateSpec`` says how a unit in that state moves, captures in melee (moving onto its
target), captures at range (a projectile: it stays where it is) and which of its sides block.
``compile_table`` turns the table into concrete direction numbers for each facing, once per set
of options, so move generation only walks precomputed rays. ``plans.seat_plans`` goes further for
the fast generator: for each unit key and square, the lines already cut to length and the moves by
occupancy; the state's plain generator walks the compiled table and the tests compare the two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

BLUE, RED = 0, 1
SEAT_NAMES = ("Blue", "Red")

# ----- unit kinds -----------------------------------------------------------------------------------
LEG, INF, CAV, CHA, ARC, MAI, SIE, CMD, FOR, ASN = range(10)
#: One letter per kind, used by the position text (upper case Blue, lower case Red).
KIND_LETTERS = "LICRAMSKFX"
KIND_NAMES = ("Legionnaire", "Infantry", "Cavalry", "Chariot", "Archer", "Shield Maiden", "Siege",
              "Commander", "Fortress", "Assassin")
#: The names of each kind's two states, in the order the position text numbers them (1 and 2).
STATE_NAMES: dict[int, tuple[str, str]] = {
    LEG: ("Attack", "Defend"),
    INF: ("Attack", "Defend"),
    CAV: ("Melee", "Charge"),
    CHA: ("Maneuver", "Strike"),
    ARC: ("Maneuver", "Volley"),
    MAI: ("Strike", "Shield Bash"),
    SIE: ("Packed", "Deployed"),
    CMD: ("Command", "Fortify"),
    FOR: ("Active", "Disabled"),
    ASN: ("Hidden", "Revealed"),
}
#: The Assassin's state numbers: hidden and disguised as infantry in state 0 or 1, or revealed.
ASN_REVEALED = 2

# ----- civilizations ----------------------------------------------------------------------------------
CIVS = ("rome", "egypt", "vikings")
CIV_LETTERS = "REV"
CIV_NAMES = ("Rome", "Egypt", "Vikings")
ROME, EGYPT, VIKINGS = range(3)

#: The back row from column A to H, the same for every civilization apart from its signature units.
BACK_ROW: dict[int, tuple[int, ...]] = {
    ROME: (SIE, CAV, ARC, CMD, FOR, ARC, CAV, SIE),
    EGYPT: (SIE, CHA, ARC, CMD, FOR, ARC, CHA, SIE),
    VIKINGS: (SIE, CAV, MAI, CMD, FOR, MAI, CAV, SIE),
}
#: The kind that fills the front row (the Assassin takes one of its squares).
INFANTRY: dict[int, int] = {ROME: LEG, EGYPT: INF, VIKINGS: INF}
#: The kinds each civilization fields (a position with any other kind for that side is refused).
ROSTER: dict[int, frozenset[int]] = {c: frozenset(BACK_ROW[c]) | {INFANTRY[c], ASN} for c in range(3)}

#: Timed Mode points, in half points, for capturing each kind from each civilization.
HALF_POINTS: dict[int, dict[int, int]] = {
    ROME: {SIE: 10, ARC: 8, CAV: 6, ASN: 7, LEG: 3},
    EGYPT: {SIE: 10, ARC: 8, CHA: 10, ASN: 6, INF: 2},
    VIKINGS: {SIE: 10, MAI: 12, CAV: 6, ASN: 6, INF: 2},
}
#: Disabling the enemy Fortress earns eight points (in half points).
FORTRESS_HALF_POINTS = 16

# ----- geometry -------------------------------------------------------------------------------------
DIRS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))  # (dcol, drow)
DIR_LETTERS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
FACING_LETTERS = "NESW"
SIDE = {"F": 0, "FR": 1, "R": 2, "BR": 3, "B": 4, "BL": 5, "L": 6, "FL": 7}
ORTH = ("F", "R", "B", "L")
DIAG = ("FR", "BR", "BL", "FL")
ALL8 = ORTH + DIAG
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def square_name(sq: int) -> str:
    """``0`` -> ``A1``, ``63`` -> ``H8``."""
    return "ABCDEFGH"[sq % 8] + str(sq // 8 + 1)


def parse_square(text: str) -> int:
    """``"c3"`` or ``"C3"`` -> 18; ``ValueError`` if it is not a square of the board."""
    t = text.strip().upper()
    if len(t) != 2 or t[0] not in "ABCDEFGH" or t[1] not in "12345678":
        raise ValueError(f"{text!r} is not a square (columns A-H, rows 1-8, like C3)")
    return (int(t[1]) - 1) * 8 + "ABCDEFGH".index(t[0])


def _ray(sq: int, d: int) -> tuple[int, ...]:
    dc, dr = DIRS[d]
    c, r = sq % 8 + dc, sq // 8 + dr
    out = []
    while 0 <= c < 8 and 0 <= r < 8:
        out.append(r * 8 + c)
        c, r = c + dc, r + dr
    return tuple(out)


#: ``RAYS[sq][d]``: the squares from ``sq`` in direction ``d`` up to the edge, nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(_ray(sq, d) for d in range(8)) for sq in range(64))
#: ``NEIGHBOURS[sq]``: the up to eight adjacent squares.
NEIGHBOURS: tuple[frozenset[int], ...] = tuple(frozenset(r[0] for r in RAYS[sq] if r) for sq in range(64))
#: Every square, for the reading in which blocked sides stop attacks from any distance.
ALL_SQUARES: frozenset[int] = frozenset(range(64))
#: ``KNIGHT[sq]``: the L-shaped jumps from ``sq`` that stay on the board.
KNIGHT: tuple[tuple[int, ...], ...] = tuple(
    tuple((sq // 8 + dr) * 8 + sq % 8 + dc for dc, dr in KNIGHT_JUMPS
          if 0 <= sq % 8 + dc < 8 and 0 <= sq // 8 + dr < 8) for sq in range(64))


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _toward(a: int, b: int) -> int:
    """The direction from square ``a`` towards square ``b`` by the signs of the offsets (-1 if equal)."""
    v = (_sign(b % 8 - a % 8), _sign(b // 8 - a // 8))
    return DIRS.index(v) if v != (0, 0) else -1


#: ``TOWARD[a][b]``: the direction (sign of each offset) from ``a`` to ``b``. An attack on a unit at
#: ``a`` by a unit at ``b`` "comes from" this side; a knight's jump counts by its diagonal.
TOWARD: tuple[tuple[int, ...], ...] = tuple(tuple(_toward(a, b) for b in range(64)) for a in range(64))


def side_dir(facing: int, side: str) -> int:
    """The direction number of ``side`` for a unit facing ``facing`` (0 N, 1 E, 2 S, 3 W)."""
    return (2 * facing + SIDE[side]) % 8


# ----- the table --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reach:
    """A set of straight lines from a unit: the sides it follows and how far.

    ``jump``: for a move, the unit may pass over occupied squares (Cavalry); for a projectile, the
    shot flies over units to reach one further on. ``cond`` names an extra condition (``"legion"``:
    only while another friendly Legionnaire is adjacent). ``knight`` replaces the lines by the
    L-shaped jumps.
    """

    sides: tuple[str, ...]
    length: int
    jump: bool = False
    cond: str = ""
    knight: bool = False


@dataclass(frozen=True)
class StateSpec:
    """What a unit does in one of its states.

    ``moves`` reach empty squares; ``captures`` are melee captures (the capturer takes the square,
    and the path up to the target must be clear); ``ranged`` are projectile captures (the attacker
    stays put); ``blocks`` are the sides from which this unit cannot be captured; ``ignores_defense``
    means its shots ignore blocked sides (and the Fortify aura unless an option says otherwise);
    ``bash`` means the Shield Bash push is available; ``reveal_capture`` is the hidden Assassin's
    capture one square in any direction, which reveals it.
    """

    name: str
    moves: tuple[Reach, ...] = ()
    captures: tuple[Reach, ...] = ()
    ranged: tuple[Reach, ...] = ()
    blocks: tuple[str, ...] = ()
    ignores_defense: bool = False
    bash: bool = False
    reveal_capture: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)


def unit_table(plain_step: str = "any", archer_move: str = "lines", fortress_range: int = 2,
               projectiles: str = "clear-path", bash_reach: int = 3) -> dict[int, tuple[StateSpec, ...]]:
    """Every kind's two states as ``StateSpec`` values, for the options that change a shape.

    ``plain_step`` is the reading of a bare "move 1 square" (Egyptian Infantry in Attack, Packed
    Siege): ``"any"`` of the eight neighbours or ``"orthogonal"`` only. ``archer_move`` is the
    Archer's "up to 3 squares": straight ``"lines"`` in all eight directions or ``"orthogonal"``.
    ``projectiles``: ``"clear-path"`` (a shot stops at the first unit) or ``"fly-over"``.
    The Assassin's entry holds only its Revealed state; while hidden it uses its infantry's table.
    """
    step = ALL8 if plain_step == "any" else ORTH
    archer = ALL8 if archer_move == "lines" else ORTH
    fly = projectiles == "fly-over"
    return {
        LEG: (
            StateSpec("Attack", moves=(Reach(("F", "B"), 1), Reach(("L", "R"), 1, cond="legion")),
                      captures=(Reach(("F", "FL", "FR"), 1),), blocks=("F",)),
            StateSpec("Defend", moves=(Reach(("F", "B"), 1),), blocks=("F", "L", "R")),
        ),
        INF: (
            StateSpec("Attack", moves=(Reach(step, 1),), captures=(Reach(("F", "FL", "FR"), 1),)),
            StateSpec("Defend", moves=(Reach(("F", "B"), 2),), blocks=("F",)),
        ),
        CAV: (
            StateSpec("Melee", moves=(Reach(ORTH, 2, jump=True),), captures=(Reach(("L", "R"), 2),),
                      blocks=("FL", "FR")),
            StateSpec("Charge", moves=(Reach((), 1, jump=True, knight=True),),
                      captures=(Reach((), 1, jump=True, knight=True),)),
        ),
        CHA: (
            StateSpec("Maneuver", moves=(Reach(ORTH, 4),), captures=(Reach(("L", "R"), 2),),
                      blocks=("FL", "FR")),
            StateSpec("Strike", moves=(Reach(DIAG, 2),), ranged=(Reach(("F", "FL", "FR"), 2, jump=fly),)),
        ),
        ARC: (
            StateSpec("Maneuver", moves=(Reach(archer, 3),), captures=(Reach(("F", "L", "R"), 1),)),
            StateSpec("Volley", ranged=(Reach(DIAG, 3, jump=fly),)),
        ),
        MAI: (
            StateSpec("Strike", ranged=(Reach(("F", "FL", "FR"), 2, jump=True),), blocks=("F", "FL", "FR")),
            StateSpec("Shield Bash", moves=(Reach(DIAG, 3),), captures=(Reach(("FL", "FR"), 1),),
                      blocks=("F",), bash=True, notes=(f"bash reach {bash_reach}",)),
        ),
        SIE: (
            StateSpec("Packed", moves=(Reach(step, 1),)),
            StateSpec("Deployed", ranged=(Reach(("F", "L", "R"), 4, jump=True),), ignores_defense=True),
        ),
        CMD: (
            StateSpec("Command", moves=(Reach(ALL8, 1),), captures=(Reach(ALL8, 1),)),
            StateSpec("Fortify"),
        ),
        FOR: (
            StateSpec("Active", ranged=(Reach(ALL8, fortress_range, jump=fly),)),
            StateSpec("Disabled"),
        ),
        ASN: (
            StateSpec("Revealed", moves=(Reach(ALL8, 1),), captures=(Reach(ALL8, 1),)),
        ),
    }


#: A compiled line set: (direction numbers, length, jump, condition) or, for knights, (None, ...).
Compiled = tuple[tuple[tuple[int, ...] | None, int, bool, str], ...]


@dataclass(frozen=True)
class CompiledSpec:
    """A ``StateSpec`` turned into direction numbers for one facing (and one frame for moving)."""

    moves: Compiled
    captures: Compiled
    ranged: Compiled
    block_dirs: frozenset[int]
    ignores_defense: bool
    bash_dirs: tuple[int, ...]
    bash_reach: int
    reveal_capture: bool
    acts: bool


def _compile_reaches(reaches: tuple[Reach, ...], facing: int) -> Compiled:
    out = []
    for r in reaches:
        if r.knight:
            out.append((None, 1, True, r.cond))
        else:
            out.append((tuple(side_dir(facing, s) for s in r.sides), r.length, r.jump, r.cond))
    return tuple(out)


@lru_cache(maxsize=64)
def compile_table(plain_step: str = "any", archer_move: str = "lines", fortress_range: int = 2,
                  projectiles: str = "clear-path", bash_reach: int = 3,
                  frame: str = "facing") -> dict[tuple[int, int, int, int], CompiledSpec]:
    """``{(kind, state, facing, owner): CompiledSpec}`` for every kind, state, facing and owner.

    With ``frame="facing"`` moves and captures follow the unit's facing; with ``"owner"`` they
    follow the owner's forward (Blue north, Red south) while blocking still follows the facing.
    The hidden Assassin's entries (states 0 and 1) are its infantry's tables plus the revealing
    capture; both Legionnaire and Infantry tables are compiled so a game can pick either.
    """
    table = unit_table(plain_step, archer_move, fortress_range, projectiles, bash_reach)
    out: dict[tuple[int, int, int, int], CompiledSpec] = {}
    for owner in (BLUE, RED):
        for facing in range(4):
            move_facing = facing if frame == "facing" else (0 if owner == BLUE else 2)
            for kind, specs in table.items():
                for st, spec in enumerate(specs):
                    key_st = ASN_REVEALED if kind == ASN else st
                    bash_dirs = ((side_dir(move_facing, "FL"), side_dir(move_facing, "FR"))
                                 if spec.bash else ())
                    out[(kind, key_st, facing, owner)] = CompiledSpec(
                        moves=_compile_reaches(spec.moves, move_facing),
                        captures=_compile_reaches(spec.captures, move_facing),
                        ranged=_compile_reaches(spec.ranged, move_facing),
                        block_dirs=frozenset(side_dir(facing, s) for s in spec.blocks),
                        ignores_defense=spec.ignores_defense,
                        bash_dirs=bash_dirs,
                        bash_reach=bash_reach,
                        reveal_capture=spec.reveal_capture,
                        acts=bool(spec.moves or spec.captures or spec.ranged or spec.bash),
                    )
    return out


def hidden_assassin_spec(infantry: CompiledSpec) -> CompiledSpec:
    """A hidden Assassin: it moves and blocks as its infantry, and captures one square any way.

    Any capture it makes reveals it, so its capture reach is the Revealed state's.
    """
    return CompiledSpec(moves=infantry.moves, captures=((tuple(range(8)), 1, False, ""),), ranged=(),
                        block_dirs=infantry.block_dirs, ignores_defense=False, bash_dirs=(), bash_reach=0,
                        reveal_capture=True, acts=True)


@lru_cache(maxsize=256)
def seat_specs(civ: int, owner: int, viking_infantry: str, plain_step: str = "any",
               archer_move: str = "lines", fortress_range: int = 2, projectiles: str = "clear-path",
               bash_reach: int = 3, frame: str = "facing") -> dict[tuple[int, int, int], CompiledSpec]:
    """``{(kind, state, facing): CompiledSpec}`` for one side's units, its civilization resolved.

    Viking Infantry follows the Egyptian Infantry table or, with ``viking_infantry="rome"``, the
    Legionnaire's; a hidden Assassin follows its civilization's infantry.
    """
    table = compile_table(plain_step, archer_move, fortress_range, projectiles, bash_reach, frame)
    inf_rules = LEG if civ == ROME or (civ == VIKINGS and viking_infantry == "rome") else INF
    out: dict[tuple[int, int, int], CompiledSpec] = {}
    for (kind, st, facing, own), spec in table.items():
        if own != owner:
            continue
        if kind in (LEG, INF):
            if kind == INFANTRY[civ]:
                out[(kind, st, facing)] = table[(inf_rules, st, facing, owner)]
        else:
            out[(kind, st, facing)] = spec
    for st in (0, 1):
        for facing in range(4):
            out[(ASN, st, facing)] = hidden_assassin_spec(table[(inf_rules, st, facing, owner)])
    return out


def describe(kind: int, st: int) -> str:
    """A unit's kind and state in words: ``Archer (Volley)``, ``Assassin (Hidden)``."""
    if kind == ASN:
        return "Assassin (Revealed)" if st == ASN_REVEALED else "Assassin (Hidden)"
    return f"{KIND_NAMES[kind]} ({STATE_NAMES[kind][st]})"
