"""Command Capture's position and rules.

The board is a tuple of 64 entries, ``None`` or a unit ``(owner, kind, state, facing, lock_until)``:
``state`` is 0 or 1 (the first or second state the unit table lists; a hidden Assassin's 0 or 1 is
its infantry disguise, 2 is Revealed); ``facing`` is 0 N, 1 E, 2 S, 3 W; the unit may not flip while
the turn number is at most ``lock_until``.

A turn normally holds one main action. Its acting unit may take one follow-up action when it
stood next to its own Commander in Command State (``follow``); after a forfeited turn in Timed Mode
the next turn holds two main actions (``actions_left``). ``end`` gives up what is left of a turn.
``done`` remembers, for the turn in progress, which units turned (``t``), moved or captured in melee
(``m``) or shot (``r``): a unit that turned may not also move or capture, and a Siege that moved may
not fire (nor move after firing), however many actions the turn holds.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from fractions import Fraction
from itertools import repeat
from operator import is_, itemgetter
from typing import Any

from capture_lib.core.chance import CHANCE
from capture_lib.core.protocol import State
from capture_lib.games.command_capture.rules import timed
from capture_lib.games.command_capture.rules.actions import (
    ASSASSIN,
    BASH,
    CAPTURE,
    END,
    FLIP,
    MOVE,
    RANGED,
    READY,
    TURN,
    WAIT,
    CCAction,
    format_seconds,
    parse_action,
)
from capture_lib.games.command_capture.rules.plans import (
    BASHES,
    CAPTURES,
    FLIPS,
    MOVES,
    NEAR,
    SHOTS,
    TURNS,
    SquarePlan,
    Takes,
    seat_plans,
)
from capture_lib.games.command_capture.rules.position import write_board, write_points
from capture_lib.games.command_capture.rules.units import (
    ALL_SQUARES,
    ASN,
    ASN_REVEALED,
    BACK_ROW,
    CIV_LETTERS,
    CIV_NAMES,
    CMD,
    DIR_LETTERS,
    FACING_LETTERS,
    FOR,
    FORTRESS_HALF_POINTS,
    HALF_POINTS,
    INFANTRY,
    KIND_LETTERS,
    KIND_NAMES,
    KNIGHT,
    LEG,
    NEIGHBOURS,
    RAYS,
    SEAT_NAMES,
    SIE,
    STATE_NAMES,
    TOWARD,
    CompiledSpec,
    describe,
    seat_specs,
    square_name,
)

#: A unit on the board: ``(owner, kind, state, facing, lock_until)`` (see above), a plain tuple that
#: code reads by unpacking into those names (see the fast generator for why it is no NamedTuple).
Unit = tuple[int, int, int, int, int]
#: A unit in the state's layout: ``(square, lock_until, plan)`` (see ``_place_units``).
Placed = tuple[int, int, SquarePlan]
_square_of = itemgetter(0)
SETUP, PLAY = "setup", "play"
#: The class of an action for the Command aura: m (move or capture of any sort), f (flip), t (turn).
ACTION_CLASS = {MOVE: "m", CAPTURE: "m", RANGED: "m", BASH: "m", FLIP: "f", TURN: "t"}
#: What ``done`` notes for each kind of action (see ``turn_conflict``).
_DONE_CLASS = {TURN: "t", MOVE: "m", CAPTURE: "m", BASH: "m", RANGED: "r"}
_FOLLOW_UPS = {"flip": {"m": "f", "f": "m", "t": ""}, "any": {"m": "mft", "f": "mft", "t": "mft"}}


_END = CCAction(END)
#: The kinds of action that ``takes`` lists (a move only when it enters the enemy's Disabled Fortress).
_TAKE_KINDS = frozenset((CAPTURE, RANGED, BASH, MOVE))


def push_square(maiden: int, target: int, owner: int) -> int:
    """Where a Shield Bash from ``maiden`` pushes the unit on ``target`` owned by ``owner`` (-1: off the board).

    Diagonally backward for the pushed unit: one row towards its owner's side of the board (Blue's
    rows 1-2, Red's rows 7-8), one column further from the Maiden, whatever way anybody faces.
    """
    dc = (target % 8) - (maiden % 8)
    col = target % 8 + (1 if dc > 0 else -1)
    row = target // 8 + (-1 if owner == 0 else 1)
    return row * 8 + col if 0 <= col < 8 and 0 <= row < 8 else -1


def front_row(seat: int) -> range:
    """The squares of ``seat``'s front row (row 2 for Blue, row 7 for Red)."""
    return range(8, 16) if seat == 0 else range(48, 56)


#: The quick set-up's chance event for each seat: its Assassin on any square of its front row, evenly.
_ASSASSIN_OUTCOMES = tuple(tuple((CCAction(ASSASSIN, sq), Fraction(1, 8)) for sq in front_row(seat))
                           for seat in (0, 1))


def start_board(civs: tuple[int, int]) -> tuple[Unit | None, ...]:
    """The fixed formation: every unit in its first state facing the enemy, no Assassin placed yet."""
    board: list[Unit | None] = [None] * 64
    for seat, civ in enumerate(civs):
        back, front, facing = (0, 8, 0) if seat == 0 else (56, 48, 2)
        for col, kind in enumerate(BACK_ROW[civ]):
            board[back + col] = (seat, kind, 0, facing, 0)
            board[front + col] = (seat, INFANTRY[civ], 0, facing, 0)
    return tuple(board)


class CommandCaptureState(State):
    """A Command Capture position: the board, whose turn, the turn's remaining actions, clocks, result."""

    board: tuple[Unit | None, ...]
    civs: tuple[int, int]
    phase: str
    to_move: int
    turn: int
    actions_left: int
    acted: bool
    follow: tuple[int, str] | None
    setup_placed: bool
    setup_flipped: frozenset[int]
    scores: tuple[int, int]
    game_ms: int
    turn_ms: int
    result: tuple[int, ...] | None
    #: Seats whose Assassin has been revealed (it stays known after its capture).
    revealed: frozenset[int]
    #: ``(square, letter)`` for each unit that acted this turn: ``t`` turned, ``m`` moved or took in melee,
    #: ``r`` shot. Empty between turns.
    done: frozenset[tuple[int, str]]

    # ----- construction ----------------------------------------------------------------------------
    @classmethod
    def make(cls, game: Any, seed: int, options: dict[str, Any], board: tuple[Unit | None, ...],
             civs: tuple[int, int], *, phase: str = PLAY, to_move: int = 0, turn: int = 1,
             actions_left: int = 1, follow: tuple[int, str] | None = None, acted: bool | None = None,
             result: tuple[int, ...] | None = None, scores: tuple[int, int] = (0, 0),
             game_ms: int | None = None, turn_ms: int | None = None, start: str | None = None,
             done: frozenset[tuple[int, str]] = frozenset()) -> CommandCaptureState:
        """A state from its parts (``from_position`` and ``new_game`` both come here)."""
        s = cls(game, seed, options, start)
        s.board, s.civs, s.phase, s.to_move, s.turn = board, civs, phase, to_move, turn
        s.actions_left, s.follow, s.done = actions_left, follow, done
        s.acted = follow is not None if acted is None else acted
        s.setup_placed, s.setup_flipped = False, frozenset()
        s.scores = scores
        s.game_ms = options["game_seconds"] * 1000 if game_ms is None else game_ms
        s.turn_ms = options["turn_seconds"] * 1000 if turn_ms is None else turn_ms
        if not options["timed"]:
            s.game_ms = s.turn_ms = 0
            s.scores = (0, 0)
        s.result = result
        s.revealed = frozenset(u[0] for u in board if u is not None and u[1] == ASN and u[2] == ASN_REVEALED)
        s._init_rules()
        s._place_units()
        s._check_result()
        return s

    @classmethod
    def initial(cls, game: Any, seed: int, options: dict[str, Any]) -> CommandCaptureState:
        """The start of a new game: the set-up phase (chance places the Assassins in a quick set-up)."""
        civs = (("rome", "egypt", "vikings").index(options["blue"]),
                ("rome", "egypt", "vikings").index(options["red"]))
        return cls.make(game, seed, options, start_board(civs), civs, phase=SETUP)

    def _init_rules(self) -> None:
        o = self.options
        self.specs = tuple(
            seat_specs(civ, seat, o["viking_infantry"], o["plain_step"], o["archer_move"], o["fortress_range"],
                       o["projectiles"], o["bash_reach"], o["directions"])
            for seat, civ in enumerate(self.civs))
        self._plans = tuple(
            seat_plans(civ, seat, o["viking_infantry"], o["plain_step"], o["archer_move"], o["fortress_range"],
                       o["projectiles"], o["bash_reach"], o["directions"], bool(o["fortress_flip"]))
            for seat, civ in enumerate(self.civs))
        self._legal: list[CCAction] | None = None
        self._legal_set: frozenset[CCAction] | None = None
        #: Blocked sides stop attacks from adjacent squares only, unless the option says every distance.
        self._far_blocks = o["block_reach"] == "any-distance"

    # ----- the layout: where each side's units stand ------------------------------------------------------
    # What the fast generator reads instead of a pass over the board: made from the board once
    # (``_place_units``), then kept up to date by each action for the squares it changes (``_restate``,
    # ``_relocate``, ``_lose``), as python-chess keeps its bitboards beside its board. ``_laid`` is the board
    # it describes: code outside the rules that sets ``board`` (the belief, the samples) gets a fresh layout
    # on the next read (``_layout``).

    def _place_units(self) -> None:
        """The layout from the board: each side's units in square order as ``(square, lock, plan)``
        (``_units``; ``lock`` is the unit's ``lock_until``, ``plan`` its ``SquarePlan`` there), its squares
        as a bit mask (``_held``), and where its Commander (``_commanders``) and Fortress (``_fortresses``)
        stand (-1: none; a Fortress never moves, and stays on the board once disabled until a move enters
        it)."""
        units: tuple[list[Placed], list[Placed]] = ([], [])
        held = [0, 0]
        commanders = [-1, -1]
        fortresses = [-1, -1]
        for sq, u in enumerate(self.board):
            if u is not None:
                owner, kind = u[0], u[1]
                units[owner].append(self._placed(sq, u))
                held[owner] |= 1 << sq
                if kind == CMD:
                    commanders[owner] = sq
                elif kind == FOR:
                    fortresses[owner] = sq
        self._units = (tuple(units[0]), tuple(units[1]))
        self._held = (held[0], held[1])
        self._commanders = (commanders[0], commanders[1])
        self._fortresses = (fortresses[0], fortresses[1])
        self._laid = self.board

    def _layout(self) -> None:
        """Make the layout afresh if ``board`` was set by code outside the rules since it was made."""
        if self._laid is not self.board:
            self._place_units()

    def _placed(self, sq: int, u: Unit) -> Placed:
        """The layout's entry for the unit ``u`` on ``sq``."""
        owner, kind, st, facing, lock = u
        plans = self._plans[owner]
        row = plans.table[kind * 12 + st * 4 + facing] or plans.build(kind, st, facing)
        return sq, lock, row[sq]

    def _set_units(self, seat: int, units: list[Placed]) -> None:
        self._units = (tuple(units), self._units[1]) if seat == 0 else (self._units[0], tuple(units))

    def _restate(self, seat: int, sq: int, u: Unit) -> None:
        """Note in the layout that ``seat``'s unit on ``sq`` is now ``u`` (it flipped, turned, was disabled...)."""
        units = list(self._units[seat])
        units[bisect_left(units, sq, key=_square_of)] = self._placed(sq, u)
        self._set_units(seat, units)

    def _relocate(self, seat: int, src: int, dst: int, u: Unit) -> None:
        """Note in the layout that ``seat``'s unit on ``src`` now stands on ``dst`` (an empty square) as ``u``."""
        units = list(self._units[seat])
        del units[bisect_left(units, src, key=_square_of)]
        insort(units, self._placed(dst, u), key=_square_of)
        self._set_units(seat, units)
        held = self._held[seat] ^ (1 << src | 1 << dst)
        self._held = (held, self._held[1]) if seat == 0 else (self._held[0], held)
        if self._commanders[seat] == src:
            self._commanders = (dst, self._commanders[1]) if seat == 0 else (self._commanders[0], dst)

    def _lose(self, seat: int, sq: int) -> None:
        """Note in the layout that ``seat``'s unit on ``sq`` has left the board."""
        units = list(self._units[seat])
        del units[bisect_left(units, sq, key=_square_of)]
        self._set_units(seat, units)
        held = self._held[seat] & ~(1 << sq)
        self._held = (held, self._held[1]) if seat == 0 else (self._held[0], held)
        if self._commanders[seat] == sq:
            self._commanders = (-1, self._commanders[1]) if seat == 0 else (self._commanders[0], -1)
        if self._fortresses[seat] == sq:
            self._fortresses = (-1, self._fortresses[1]) if seat == 0 else (self._fortresses[0], -1)

    def _copy(self) -> CommandCaptureState:
        new = super()._copy()
        # The cached legal actions belong to this position only.
        new._legal = None
        new._legal_set = None
        return new

    def _key(self) -> tuple:
        return (self.board, self.civs, self.phase, self.to_move, self.turn, self.actions_left, self.acted,
                self.follow, self.setup_placed, self.setup_flipped, self.scores, self.game_ms, self.turn_ms,
                self.result, self.revealed, self.done)

    def parse_action(self, text: str) -> CCAction:
        """Read an action from its notation (see ``actions``)."""
        return parse_action(text)

    def to_action(self, action: CCAction | str) -> Any:
        """An action value from a value or its notation (an action value of this game passes straight on)."""
        if type(action) is CCAction:
            return action
        return super().to_action(action)

    # ----- small queries ---------------------------------------------------------------------------
    @property
    def timed(self) -> bool:
        """Whether Timed Mode is on."""
        return bool(self.options["timed"])

    @property
    def sudden_death(self) -> bool:
        """Timed Mode after the game clock ran out with the scores tied."""
        return self.timed and self.phase == PLAY and self.game_ms == 0 and self.result is None

    def spec(self, sq: int) -> CompiledSpec:
        """The compiled rules of the unit on ``sq`` (``KeyError`` if the square is empty)."""
        u = self.board[sq]
        if u is None:
            raise KeyError(f"no unit on {square_name(sq)}")
        return self.specs[u[0]][(u[1], u[2], u[3])]

    def is_locked(self, sq: int) -> bool:
        """Whether the unit on ``sq`` is under the State Lock now."""
        u = self.board[sq]
        return u is not None and self.turn <= u[4]

    def lock_turns(self, u: Unit) -> int:
        """How many more turns (this one included) the unit stays locked; 0 if it may flip."""
        return max(0, u[4] - self.turn + 1)

    def commander_square(self, seat: int) -> int:
        """Where ``seat``'s Commander stands, or -1 once it is captured."""
        self._layout()
        return self._commanders[seat]

    def fortified(self, seat: int) -> frozenset[int]:
        """The squares ``seat``'s Fortify aura covers (empty unless its Commander is in Fortify State)."""
        c = self.commander_square(seat)
        if c < 0 or self.board[c][2] != 1:
            return frozenset()
        return NEIGHBOURS[c]

    def immune(self, sq: int) -> bool:
        """Whether the unit on ``sq`` is immune to capture under its own Commander's Fortify aura."""
        u = self.board[sq]
        return u is not None and u[1] not in (CMD, FOR) and sq in self.fortified(u[0])

    def blocks(self, target: int, attacker_square: int) -> bool:
        """Whether the unit on ``target`` blocks an attack from ``attacker_square``.

        The attacker must stand on a square next to the target (unless ``block_reach="any-distance"``)
        on one of the target's blocked sides.
        """
        if not self._far_blocks and attacker_square not in NEIGHBOURS[target]:
            return False
        return TOWARD[target][attacker_square] in self.spec(target).block_dirs

    def turn_conflict(self, a: CCAction) -> str | None:
        """Why what the acting unit already did this turn forbids ``a`` (``None`` if nothing does).

        A unit that turned cannot also move or capture in the same turn, nor turn after moving or
        capturing; a Siege cannot both move and fire in one turn. This matters on turns of more than
        one action (the Command aura's follow-up, two actions after an expired turn).
        """
        if not self.done:
            return None
        flags = {c for sq, c in self.done if sq == a.a}
        if not flags:
            return None
        k = a.kind
        if k == TURN and flags & {"m", "r"}:
            return "a unit that moved or captured this turn cannot also turn"
        if k in (MOVE, CAPTURE, RANGED, BASH) and "t" in flags:
            return "a unit that turned this turn cannot also move or capture"
        u = self.board[a.a]
        if u is not None and u[1] == SIE:
            if k == MOVE and "r" in flags:
                return "a Siege that fired this turn cannot also move"
            if k == RANGED and "m" in flags:
                return "a Siege that moved this turn cannot also fire"
        return None

    def aura_eligible(self, sq: int) -> bool:
        """Whether the unit on ``sq`` stands next to its own Commander in Command State (and is not it)."""
        board = self.board
        u = board[sq]
        if u is None or u[1] == CMD:
            return False
        own = u[0]
        # A side has one Commander, so looking at the neighbours is enough (no search of the board).
        for n in NEIGHBOURS[sq]:
            v = board[n]
            if v is not None and v[1] == CMD and v[0] == own:
                return v[2] == 0
        return False

    def _legion_adjacent(self, sq: int, own: int) -> bool:
        board = self.board
        for n in NEIGHBOURS[sq]:
            v = board[n]
            if v is not None and v[0] == own and (v[1] == LEG or v[1] == INFANTRY[self.civs[own]]
                                                  or (v[1] == ASN and v[2] != ASN_REVEALED)):
                return True
        return False

    def can_flip(self, sq: int) -> str | None:
        """``None`` if the unit on ``sq`` may flip now (ignoring whose turn it is), else why not."""
        u = self.board[sq]
        if u is None:
            return f"there is no unit on {square_name(sq)}"
        kind, st = u[1], u[2]
        if kind == FOR:
            if st == 1:
                return "a Disabled Fortress can never flip back to Active"
            if not self.options["fortress_flip"] and self.phase == PLAY:
                return "a Fortress is disabled only by an enemy attack, never flipped by its owner"
        if kind == ASN and st == ASN_REVEALED:
            return "a revealed Assassin cannot flip back to Hidden"
        if self.phase == PLAY and self.turn <= u[4]:
            free = u[4] + 1
            if free % 2 != (1 if u[0] == 0 else 0):  # Blue plays the odd turns, Red the even ones
                free += 1
            return (f"State Lock: the unit on {square_name(sq)} was flipped recently and may flip again "
                    f"on turn {free}")
        return None

    # ----- the protocol hooks ----------------------------------------------------------------------
    def _current_player(self) -> int | None:
        if self.result is not None:
            return None
        if self.phase == SETUP:
            return CHANCE if self.options["setup"] == "quick" else self.to_move
        return self.to_move

    def _winners(self) -> tuple[int, ...]:
        return self.result or ()

    def _end_reason(self) -> str:
        if not self.result:
            return f"The turn limit ({self.options['turn_limit']} turns) was reached, so the game is a draw."
        win = self.result[0]
        loser = 1 - win
        kinds = {(u[0], u[1]) for u in self.board if u is not None}
        if (loser, CMD) not in kinds:
            return f"{SEAT_NAMES[loser]}'s Commander was captured."
        if (loser, FOR) not in kinds:
            return f"{SEAT_NAMES[win]} moved into {SEAT_NAMES[loser]}'s disabled Fortress."
        if self.sudden_death:
            return f"Time ran out with the scores level, and {SEAT_NAMES[win]} made the first capture after."
        return (f"Time ran out, and {SEAT_NAMES[win]} has more points ({self.scores[win] / 2:g} to "
                f"{self.scores[loser] / 2:g}).")

    def _chance_outcomes(self) -> list[tuple[CCAction, Fraction]]:
        if self.phase != SETUP or self.options["setup"] != "quick":
            return []
        return list(_ASSASSIN_OUTCOMES[self.to_move])

    def legal_actions(self) -> list[CCAction]:
        """Every legal action for the seat to act (chance outcomes while chance is pending); empty when the
        game is over. The protocol's own, read straight from this game's fields: a search asks for it at
        every step."""
        legal = self._legal
        if legal is None:
            if self.result is not None:
                return []
            legal = self._legal = self._generate()
        return list(legal)

    def _legal_actions(self) -> list[CCAction]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def after(self, action: CCAction) -> CommandCaptureState:
        """The state after ``action``, one of this state's own legal actions (from ``legal_actions`` or
        ``takes``): ``play`` without the check that it is legal, for a search that plays only the actions it
        was given (python-chess's ``push`` checks nothing either). Anything else gives a wrong state."""
        new = self._copy()
        new.history = self.history + (action,)
        new._apply(action)
        return new

    def handed_over(self) -> CommandCaptureState:
        """The position with the turn handed to the other side at once, as if the side to act had passed:
        no move of the rules, but what a search asks when it tries a "null move" (is this position so good
        that even doing nothing holds it?)."""
        new = self._copy()
        new._end_turn()
        return new

    def legal_set(self) -> frozenset[CCAction]:
        """The legal actions as a set (cached with the list)."""
        if self._legal_set is None:
            if self._legal is None:
                self._legal = self._generate() if self.result is None else []
            self._legal_set = frozenset(self._legal)
        return self._legal_set

    # ----- move generation ----------------------------------------------------------------------------
    def _generate(self, fast: bool = True) -> list[CCAction]:
        """Every legal action in the engine's order. ``fast=False`` walks each unit's compiled rules with
        ``_unit_actions`` (the plain form, the rules as written); the default walks the same lines from
        precomputed ``SquarePlan`` values (``_plan_actions``), which the tests check gives the same list."""
        if self.phase == SETUP:
            return self._setup_actions()
        out: list[CCAction] = []
        board = self.board
        me = self.to_move
        follow = self.follow
        fort: frozenset[int] | None = None  # the squares the enemy's Fortify aura covers, once known
        if self.actions_left > 0:
            if fast:
                fort = self._plan_actions(out)
            else:
                fort = self.fortified(1 - me)
                for sq in range(64):
                    u = board[sq]
                    if u is not None and u[0] == me:
                        self._unit_actions(sq, u, "mft", out, fort)
        if follow is not None:
            allowed = _FOLLOW_UPS[self.options["aura_pairs"]][follow[1]]
            extra: list[CCAction] = []
            self._unit_actions(follow[0], board[follow[0]], allowed, extra, fort)
            if self.actions_left > 0:
                seen = set(out)
                out.extend(a for a in extra if a not in seen)
            else:
                out = extra
        if self.done:
            out = [a for a in out if self.turn_conflict(a) is None]
        if self.acted:
            out.append(_END)
        return out

    def _setup_actions(self) -> list[CCAction]:
        if self.options["setup"] == "quick":
            return [a for a, _ in self._chance_outcomes()]
        me = self.to_move
        if not self.setup_placed:
            return [CCAction(ASSASSIN, sq) for sq in front_row(me)]
        # Every unit may start in either state, the Fortress too (the Assassin only in its disguise's).
        out = [CCAction(FLIP, sq) for sq in range(64)
               if self.board[sq] is not None and self.board[sq][0] == me and sq not in self.setup_flipped]
        out.append(CCAction(READY))
        return out

    def _flippable(self, u: Unit) -> bool:
        """The fast form of ``can_flip`` for the side to act (no reason needed)."""
        _owner, kind, st, _facing, lock = u
        if kind == FOR:
            return st == 0 and self.options["fortress_flip"] and self.turn > lock
        if kind == ASN and st == ASN_REVEALED:
            return False
        return self.turn > lock

    def _unit_actions(self, sq: int, u: Unit, allowed: str, out: list[CCAction],
                      fort: frozenset[int] | None = None) -> None:
        """Append the actions of the unit ``u`` on ``sq`` whose aura class is in ``allowed``.

        ``fort``: the squares the enemy's Fortify aura covers (computed here when not given).
        """
        owner, kind, st, facing, _lock = u
        if "m" in allowed:
            cs = self.specs[owner][(kind, st, facing)]
            if cs.acts:
                self._reach_actions(sq, owner, cs, out, self.fortified(1 - owner) if fort is None else fort)
        if "f" in allowed and self._flippable(u):
            out.append(FLIPS[sq])
        if "t" in allowed and kind != FOR:
            out.extend(TURNS[sq][facing])

    # The fast generator: ``_plan_actions`` reads each unit's ``SquarePlan`` (its moves by occupancy, its
    # flip and turns) and hands the lines that reach an enemy to ``_plan_captures``, ``_plan_ranged`` and
    # ``_plan_bashes``. The units and their plans come from the state's layout (``_place_units``), kept up
    # to date by each action, so no pass over the board is needed. This is the hot path of the computer's
    # search: the plan is unpacked into named locals in the loop's own header, and the moves are not a
    # call of their own per unit, because a call per unit would cost more than the lookups it makes.

    def _disabled_fortress(self, seat: int) -> bool:
        """Whether ``seat``'s Fortress stands Disabled on the board (the enemy may move into it)."""
        f = self._fortresses[seat]
        return f >= 0 and self.board[f][2] == 1

    def _legion_units(self, seat: int) -> int:
        """The squares of ``seat``'s units that count as Legionnaires for a neighbour's sideways step, as a
        bit mask (the fast form of ``_legion_adjacent``)."""
        board = self.board
        infantry = INFANTRY[self.civs[seat]]
        mask = 0
        for sq, _lock, _plan in self._units[seat]:
            _owner, kind, st, _facing, _lock = board[sq]
            if kind == LEG or kind == infantry or (kind == ASN and st != ASN_REVEALED):
                mask |= 1 << sq
        return mask

    def _plan_actions(self, out: list[CCAction]) -> frozenset[int] | None:
        """Append every main action of the side to act, in ``_unit_actions`` order, from ``SquarePlan``
        values; return the squares the enemy's Fortify aura covers if it was needed (``None`` if not).

        The same rules as ``_reach_actions``, ``_flippable`` and the turns, written for speed: the side's
        units and their plans come from the layout, a unit's moves are a lookup by the board's occupancy in
        each table of its plan, its flip and turns come with the plan, and actions are the shared values of
        ``plans``. Captures, shots and bashes need an enemy on one of the unit's lines (``targets``), so they
        are rarer and have their own parts (``_plan_takes``). While the enemy's Fortress lies Disabled, a
        move may enter it, which the tables do not say: the plain generator lists those few positions.
        """
        self._layout()
        me = self.to_move
        enemy = 1 - me
        if self._disabled_fortress(enemy):
            fort = self.fortified(enemy)
            board = self.board
            for sq, _lock, _plan in self._units[me]:
                self._unit_actions(sq, board[sq], "mft", out, fort)
            return fort
        held = self._held
        occupied = held[0] | held[1]
        enemies = held[enemy]
        fort: frozenset[int] | None = None  # the enemy's Fortify aura, found when a capture needs it
        legion_units = -1  # the side's Legionnaires, found when a sideways step needs them
        turn = self.turn
        for sq, lock, (moves, legion, targets, takes, flips, turns, plain) in self._units[me]:
            if plain:
                if fort is None:
                    fort = self.fortified(enemy)
                self._unit_actions(sq, self.board[sq], "mft", out, fort)
                continue
            for mask, by_occupancy in moves:
                out += by_occupancy[occupied & mask]
            if legion:
                if legion_units < 0:
                    legion_units = self._legion_units(me)
                if NEAR[sq] & legion_units:
                    for mask, by_occupancy in legion:
                        out += by_occupancy[occupied & mask]
            if targets & enemies:  # else no enemy stands where it could capture, shoot or bash
                if fort is None:
                    fort = self.fortified(enemy)
                self._plan_takes(sq, takes, fort, out)
            out += flips if turn > lock else turns
        return fort

    def takes(self) -> list[CCAction]:
        """The legal actions that take a unit (melee captures, shots, bashes) or enter the enemy's Disabled
        Fortress, in the order of ``legal_actions``: what a search plays out at its leaves.

        Exactly those of ``legal_actions()`` (the tests check it), found without the moves, flips and turns
        where the turn is a plain one: a unit with no enemy on its lines (``SquarePlan.targets``) takes
        nothing, so most units cost one test. Any other turn (a follow-up, a second action, a Disabled
        Fortress on the board) filters the whole list.
        """
        if self.phase != PLAY or self.result is not None or self.follow is not None or self.done \
                or self.actions_left <= 0:
            return self._takes_of(self.legal_actions())
        self._layout()
        me = self.to_move
        enemy = 1 - me
        if self._disabled_fortress(enemy):
            return self._takes_of(self.legal_actions())  # an entry into a Disabled Fortress: moves count too
        enemies = self._held[enemy]
        fort = self.fortified(enemy)
        out: list[CCAction] = []
        for sq, _lock, plan in self._units[me]:
            if plan.plain:
                return self._takes_of(self.legal_actions())
            if plan.targets & enemies:
                self._plan_takes(sq, plan.takes, fort, out)
        return out

    def _plan_takes(self, sq: int, takes: Takes, fort: frozenset[int], out: list[CCAction]) -> None:
        """Append the captures, shots and bashes of the unit on ``sq`` along the lines of ``takes``."""
        captures, ranged, bash, ignore = takes
        if captures:
            self._plan_captures(sq, captures, fort, out)
        if ranged:
            self._plan_ranged(sq, ranged, ignore, fort, out)
        if bash:
            self._plan_bashes(sq, bash, fort, out)

    def _takes_of(self, actions: list[CCAction]) -> list[CCAction]:
        """The actions of ``actions`` that ``takes`` lists."""
        board = self.board
        return [a for a in actions if a.kind in _TAKE_KINDS and board[a.b] is not None]

    def _plan_captures(self, sq: int, lines: tuple[tuple[tuple[int, ...], bool], ...], fort: frozenset[int],
                       out: list[CCAction]) -> None:
        """Melee captures from ``sq``: an enemy unit that is not under the Fortify aura (a Commander never is)
        nor blocks from that side, an Active Fortress; a Disabled one is entered by a move instead."""
        board = self.board
        enemy = 1 - self.to_move
        enemy_specs = self.specs[enemy]
        near = ALL_SQUARES if self._far_blocks else NEIGHBOURS[sq]
        toward = TOWARD
        mrow = MOVES[sq]
        crow = CAPTURES[sq]
        first = len(out)  # captures start here; a Disabled Fortress's entry goes before them
        for line, through in lines:
            for t in line:
                v = board[t]
                if v is None:
                    continue
                owner, kind, st, facing, _lock = v
                if owner != enemy:
                    pass
                elif kind == FOR:
                    if st == 0:
                        out.append(crow[t])
                    elif all(x is not mrow[t] for x in out):
                        out.insert(first, mrow[t])
                        first += 1
                elif ((kind == CMD or t not in fort)
                      and not (t in near and toward[t][sq] in enemy_specs[(kind, st, facing)].block_dirs)):
                    out.append(crow[t])
                if not through:
                    break

    def _plan_ranged(self, sq: int, lines: tuple[tuple[tuple[int, ...], bool], ...], ignore: bool,
                     fort: frozenset[int], out: list[CCAction]) -> None:
        """Shots from ``sq`` along its projectile ``lines`` (``through``: the projectile flies over units)."""
        board = self.board
        enemy = 1 - self.to_move
        enemy_specs = self.specs[enemy]
        # An attacker that is not next to its target passes every blocked side (block_reach="adjacent");
        # one that ignores defence passes them all.
        near = frozenset() if ignore else ALL_SQUARES if self._far_blocks else NEIGHBOURS[sq]
        toward = TOWARD
        commander_immune = self.options["ranged_commander"] == "immune"
        fortify_shields = not (ignore and self.options["siege_vs_fortify"] == "siege")
        row = SHOTS[sq]
        for line, through in lines:
            for t in line:
                v = board[t]
                if v is None:
                    continue
                owner, kind, st, facing, _lock = v
                if owner != enemy:
                    pass
                elif kind == FOR:
                    if st == 0:
                        out.append(row[t])
                elif ((not commander_immune if kind == CMD else not (fortify_shields and t in fort))
                      and not (t in near and toward[t][sq] in enemy_specs[(kind, st, facing)].block_dirs)):
                    out.append(row[t])
                if not through:
                    break

    def _plan_bashes(self, sq: int, lines: tuple[tuple[int, ...], ...], fort: frozenset[int],
                     out: list[CCAction]) -> None:
        """Shield Bashes from ``sq``: the first unit of each line, an enemy that is no Fortress, not under the
        Fortify aura (a Commander never is) and does not block from that side."""
        board = self.board
        enemy = 1 - self.to_move
        enemy_specs = self.specs[enemy]
        near = ALL_SQUARES if self._far_blocks else NEIGHBOURS[sq]
        row = BASHES[sq]
        for line in lines:
            for t in line:
                v = board[t]
                if v is None:
                    continue
                owner, kind, st, facing, _lock = v
                if (owner == enemy and kind != FOR and (kind == CMD or t not in fort)
                        and not (t in near and TOWARD[t][sq] in enemy_specs[(kind, st, facing)].block_dirs)):
                    out.append(row[t])
                break

    def _reach_actions(self, sq: int, own: int, cs: CompiledSpec, out: list[CCAction],
                       fort: frozenset[int]) -> None:
        board = self.board
        rays = RAYS[sq]
        enemy = 1 - own
        enemy_specs = self.specs[enemy]
        toward = TOWARD
        siege_beats_fortify = self.options["siege_vs_fortify"] == "siege"
        commander_immune = self.options["ranged_commander"] == "immune"
        # An attacker that is not next to its target passes every blocked side (block_reach="adjacent").
        near = ALL_SQUARES if self._far_blocks else NEIGHBOURS[sq]
        moved: dict[int, None] = {}

        # moves, including entering a Disabled enemy Fortress
        for dirs, length, jump, cond in cs.moves:
            if cond == "legion" and not self._legion_adjacent(sq, own):
                continue
            if dirs is None:
                for t in KNIGHT[sq]:
                    v = board[t]
                    if v is None or (v[0] == enemy and v[1] == FOR and v[2] == 1):
                        moved[t] = None
                continue
            for d in dirs:
                for t in rays[d][:length]:
                    v = board[t]
                    if v is None:
                        moved[t] = None
                        continue
                    if v[0] == enemy and v[1] == FOR and v[2] == 1:
                        moved[t] = None
                    if not jump:
                        break
        captured: dict[int, None] = {}
        for dirs, length, _jump, _cond in cs.captures:
            if dirs is None:
                targets = [t for t in KNIGHT[sq] if board[t] is not None]
            else:
                targets = []
                for d in dirs:
                    for t in rays[d][:length]:
                        if board[t] is not None:
                            targets.append(t)
                            break
            for t in targets:
                v = board[t]
                if v[0] != enemy:
                    continue
                kind = v[1]
                if kind == FOR:
                    if v[2] == 1:
                        moved[t] = None
                    else:
                        captured[t] = None
                    continue
                if kind != CMD and t in fort:
                    continue
                if t in near and toward[t][sq] in enemy_specs[(kind, v[2], v[3])].block_dirs:
                    continue
                captured[t] = None
        row = MOVES[sq]
        for t in moved:
            out.append(row[t])
        row = CAPTURES[sq]
        for t in captured:
            out.append(row[t])
        if cs.ranged:
            ignore = cs.ignores_defense
            shot: dict[int, None] = {}
            for dirs, length, fly, _cond in cs.ranged:
                for d in dirs:
                    for t in rays[d][:length]:
                        v = board[t]
                        if v is None:
                            continue
                        if v[0] == enemy:
                            kind = v[1]
                            if kind == FOR:
                                if v[2] == 0:
                                    shot[t] = None
                            elif kind == CMD:
                                if not commander_immune and (
                                        ignore or t not in near
                                        or toward[t][sq] not in enemy_specs[(kind, v[2], v[3])].block_dirs):
                                    shot[t] = None
                            elif t in fort and not (ignore and siege_beats_fortify):
                                pass
                            elif (ignore or t not in near
                                  or toward[t][sq] not in enemy_specs[(kind, v[2], v[3])].block_dirs):
                                shot[t] = None
                        if not fly:
                            break
            row = SHOTS[sq]
            for t in shot:
                out.append(row[t])
        for d in cs.bash_dirs:
            for t in rays[d][:cs.bash_reach]:
                v = board[t]
                if v is None:
                    continue
                if (v[0] == enemy and v[1] != FOR and (v[1] == CMD or t not in fort)
                        and (t not in near or toward[t][sq] not in enemy_specs[(v[1], v[2], v[3])].block_dirs)):
                    out.append(BASHES[sq][t])
                break

    # ----- legality -----------------------------------------------------------------------------------
    def _why_wait_illegal(self, ms: int) -> str | None:
        """``None`` if ``wait`` of ``ms`` milliseconds may be played now, else the reason (Timed Mode)."""
        if not self.timed:
            return "time passes only in Timed Mode (option timed=True)"
        if self.phase != "play":
            return "the clocks start once the set-up is over"
        if ms <= 0:
            return "wait needs a positive number of seconds"
        return None

    def _why_illegal(self, action: Any) -> str | None:
        if type(action) is not CCAction and not isinstance(action, CCAction):
            return "that is not a Command Capture action"
        if action.kind == WAIT:
            return self._why_wait_illegal(action.b)
        legal = self._legal_actions_cached()
        # Generated actions are shared objects: an identity scan (in C) spares hashing the whole list. An
        # action built elsewhere is an equal but different object, found by the set.
        if any(map(is_, legal, repeat(action))) or action in self.legal_set():
            return None
        return self._diagnose(action)

    def _legal_actions_cached(self) -> list[CCAction]:
        if self._legal is None:
            self._legal = self._generate() if self.result is None else []
        return self._legal

    def _diagnose(self, a: CCAction) -> str:
        """The rule that forbids ``a`` (which is known to be illegal), in a sentence."""
        k = a.kind
        if self.phase == SETUP:
            return self._diagnose_setup(a)
        if k in (ASSASSIN, READY):
            return "the set-up is over"
        if k == END:
            return "end only gives up an extra action left in this turn; take an action first"
        u = self.board[a.a]
        where = square_name(a.a)
        if u is None:
            return f"there is no unit on {where}"
        if u[0] != self.to_move:
            return f"the unit on {where} belongs to {SEAT_NAMES[u[0]]}; {SEAT_NAMES[self.to_move]} moves own units"
        conflict = self.turn_conflict(a)
        if conflict is not None:
            return conflict
        if self.actions_left == 0 and self.follow is not None:
            fsq, cls = self.follow
            allowed = _FOLLOW_UPS[self.options["aura_pairs"]][cls]
            if a.a != fsq:
                return (f"only the unit on {square_name(fsq)} may take the Command aura's extra action "
                        f"(or end the turn)")
            if ACTION_CLASS.get(k, "") not in allowed:
                return ("the Command aura's extra action pairs a Flip with a Move or a Capture of the same unit"
                        if self.options["aura_pairs"] == "flip" else "that extra action is not allowed")
        name = describe(u[1], u[2])
        if k == FLIP:
            return self.can_flip(a.a) or f"the {name} on {where} cannot flip now"
        if k == TURN:
            if u[1] == FOR:
                return "a Fortress has no facing to turn"
            return f"the {name} on {where} already faces {FACING_LETTERS[u[3]]}"
        target = self.board[a.b]
        tname = square_name(a.b)
        cs = self.spec(a.a)
        if k == MOVE:
            if u[1] == SIE and u[2] == 1:
                return "a Deployed Siege cannot move; flip it to Packed first"
            if not cs.moves:
                return f"a {name} cannot move"
            if target is not None and not (target[0] != u[0] and target[1] == FOR and target[2] == 1):
                return f"{tname} is occupied; a move needs an empty square (a capture is written with x)"
            return f"a {name} cannot move from {where} to {tname} (shape, range or a unit in the way)"
        if target is None:
            return f"there is nothing to capture on {tname}"
        if target[0] == u[0]:
            return "a unit cannot capture its own side's units"
        if k == RANGED and not cs.ranged:
            return f"a {name} has no ranged attack"
        if k == CAPTURE and not cs.captures:
            return f"a {name} cannot capture in melee"
        if k == BASH and not cs.bash_dirs:
            return f"only a Shield Maiden in Shield Bash State can bash (a {name} cannot)"
        if target[1] == FOR:
            if k == BASH:
                return "the Fortress cannot be bashed"
            if target[2] == 1:
                return "a Disabled Fortress cannot be captured; move onto it (written with -) to enter it"
        if self.immune(a.b) and not (k == RANGED and cs.ignores_defense
                                      and self.options["siege_vs_fortify"] == "siege"):
            return f"the unit on {tname} is immune: it stands next to its Commander in Fortify State"
        if target[1] == CMD and k == RANGED and self.options["ranged_commander"] == "immune":
            return "Commanders cannot be targeted by projectiles (option ranged_commander='immune')"
        if not cs.ignores_defense and self.blocks(a.b, a.a):
            return f"the unit on {tname} blocks attacks from that side"
        return f"a {name} on {where} cannot attack {tname} that way (shape, range or a unit in the way)"

    def _diagnose_setup(self, a: CCAction) -> str:
        k = a.kind
        if self.options["setup"] == "quick":
            return "the Assassins are placed by chance in the quick set-up"
        if k not in (ASSASSIN, FLIP, READY):
            return "during the set-up only assassin SQUARE, flip SQUARE and ready are allowed"
        if k == ASSASSIN:
            if self.setup_placed:
                return "the Assassin is already placed"
            return f"the Assassin goes on a square of {SEAT_NAMES[self.to_move]}'s front row"
        if not self.setup_placed:
            return "place the Assassin first (assassin SQUARE)"
        if k == READY:
            return "ready is not allowed now"
        u = self.board[a.a]
        if u is None or u[0] != self.to_move:
            return f"{square_name(a.a)} holds none of {SEAT_NAMES[self.to_move]}'s units"
        return "each unit may be flipped once during the set-up"

    # ----- applying actions ------------------------------------------------------------------------------
    def _apply(self, a: Any) -> None:
        k = a.kind
        if k == WAIT:
            self._run_clocks(a.b)
            return
        if self.phase == SETUP:
            self._apply_setup(a)
            return
        if k == END:
            self._end_turn()
            return
        follow = self.follow
        pairs = _FOLLOW_UPS[self.options["aura_pairs"]]
        cls = ACTION_CLASS[k]
        is_follow = follow is not None and a.a == follow[0] and cls in pairs[follow[1]]
        eligible = False
        if not is_follow:
            self.actions_left -= 1
            # the aura gives a follow-up only to a class of action that has one (after a Turn, maybe none)
            eligible = bool(pairs[cls]) and self.aura_eligible(a.a)
        self.follow = None
        self.acted = True
        where = self._act(a)
        if self.result is not None:
            return
        if not eligible and self.actions_left <= 0:
            self._end_turn()  # no follow-up, no action left: the turn is over, nothing of it to remember
            return
        self._remember(a, where)
        if eligible and where >= 0:
            self.follow = (where, cls)
            allowed = pairs[cls]
            probe: list[CCAction] = []
            self._unit_actions(where, self.board[where], allowed, probe)
            if not any(self.turn_conflict(p) is None for p in probe):
                self.follow = None
        if self.follow is None and self.actions_left <= 0:
            self._end_turn()

    def _remember(self, a: CCAction, where: int) -> None:
        """Note what the acting unit did this turn (see ``turn_conflict``); its notes follow it when it moves."""
        cls = _DONE_CLASS.get(a.kind)
        if cls is None and not self.done:
            return
        done = {(where if sq == a.a else sq, c) for sq, c in self.done if sq != a.a or where >= 0}
        if cls is not None and where >= 0:
            done.add((where, cls))
        self.done = frozenset(done)

    def _apply_setup(self, a: CCAction) -> None:
        board = list(self.board)
        me = self.to_move
        if a.kind == ASSASSIN:
            u = board[a.a]
            board[a.a] = (me, ASN, u[2], u[3], u[4])
            self.board = tuple(board)
            if self.options["setup"] == "quick":
                if me == 0:
                    self.to_move = 1
                else:
                    self._start_play()
            else:
                self.setup_placed = True
            return
        if a.kind == FLIP:
            u = board[a.a]
            board[a.a] = (u[0], u[1], 1 - u[2], u[3], u[4])
            self.board = tuple(board)
            self.setup_flipped = self.setup_flipped | {a.a}
            return
        # ready
        self.setup_placed, self.setup_flipped = False, frozenset()
        if me == 0:
            self.to_move = 1
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase, self.to_move, self.turn, self.actions_left, self.acted = PLAY, 0, 1, 1, False
        self.setup_placed, self.setup_flipped = False, frozenset()

    def _run_clocks(self, ms: int) -> None:
        """Run both clocks down by ``ms`` on this fresh copy, resolving each expiry in order (``timed``)."""
        remaining = ms
        while remaining > 0 and self.result is None:
            self.game_ms, self.turn_ms, remaining = timed.run_down(self.game_ms, self.turn_ms, remaining)
            if self.game_ms == 0:
                self._check_result()
                if self.result is not None:
                    return
            if self.turn_ms == 0:
                # the turn is forfeited: the opponent gets two main actions inside one turn timer
                self._end_turn(actions=2)

    def _end_turn(self, actions: int = 1) -> None:
        """Hand the turn to the opponent with ``actions`` main actions and a fresh turn timer."""
        self.to_move = 1 - self.to_move
        self.turn += 1
        self.actions_left = actions
        self.acted = False
        self.follow = None
        self.done = frozenset()
        if self.timed:
            self.turn_ms = self.options["turn_seconds"] * 1000
        limit = self.options["turn_limit"]
        if limit and self.turn > limit and self.result is None:
            self.result = ()

    def _score(self, seat: int, half_points: int) -> None:
        if self.timed:
            s = list(self.scores)
            s[seat] += half_points
            self.scores = (s[0], s[1])

    def _remove(self, board: list, sq: int, by: int) -> None:
        """Capture the unit on ``sq`` for seat ``by``: score it, and end the game if it is a Commander."""
        v = board[sq]
        board[sq] = None
        self._lose(v[0], sq)
        if v[1] == CMD or self.sudden_death:
            # the Commander wins the game at once; in sudden death so does any capture
            self.result = (by,)
        if v[1] != CMD:
            self._score(by, HALF_POINTS[self.civs[v[0]]][v[1]])

    def _act(self, a: CCAction) -> int:
        """Carry out a legal play action; return the acting unit's square afterwards (-1 if it is gone)."""
        k, src, dst = a.kind, a.a, a.b
        self._layout()  # each change below is noted in the layout as it is made
        board = list(self.board)
        u = board[src]
        me = u[0]
        where = src
        if k == FLIP:
            lock = self.turn + (2 if self.options["state_lock"] == "own-next-turn" else 1)
            board[src] = (me, u[1], 1 - u[2], u[3], lock)
            self._restate(me, src, board[src])
        elif k == TURN:
            board[src] = (me, u[1], u[2], dst, u[4])
            self._restate(me, src, board[src])
        elif k == MOVE:
            target = board[dst]
            board[src] = None
            board[dst] = u
            where = dst
            if target is not None:  # a Disabled enemy Fortress: entering it wins
                self.result = (me,)
                self._lose(target[0], dst)
            self._relocate(me, src, dst, u)
        elif k == CAPTURE:
            target = board[dst]
            if target[1] == FOR:  # melee on an Active Fortress: the attacker is lost, the Fortress disabled
                board[dst] = (target[0], FOR, 1, target[3], target[4])
                self._restate(target[0], dst, board[dst])
                self._score(me, FORTRESS_HALF_POINTS)
                if self.immune(src) and self.options["fortify_attacker"] == "immune":
                    pass  # the Fortify aura makes the attacker immune to every capture: it stays put
                else:
                    self._remove(board, src, target[0])
                    where = -1
            else:
                self._remove(board, dst, me)
                board[src] = None
                if u[1] == ASN:
                    u = (me, ASN, ASN_REVEALED, u[3], u[4])
                    self.revealed = self.revealed | {me}
                board[dst] = u
                self._relocate(me, src, dst, u)
                where = dst
        elif k == RANGED:
            target = board[dst]
            if target[1] == FOR:
                board[dst] = (target[0], FOR, 1, target[3], target[4])
                self._restate(target[0], dst, board[dst])
                self._score(me, FORTRESS_HALF_POINTS)
            else:
                self._remove(board, dst, me)
        elif k == BASH:
            target = board[dst]
            landing = push_square(src, dst, target[0])
            if landing < 0 or board[landing] is not None:
                self._remove(board, dst, me)
            else:
                board[landing] = target
                self._relocate(target[0], dst, landing, target)
            board[dst] = u
            board[src] = None
            self._relocate(me, src, dst, u)
            where = dst
        else:  # pragma: no cover - the legality check lets nothing else through
            raise AssertionError(k)
        self.board = self._laid = tuple(board)
        return where

    def _check_result(self) -> None:
        """Timed Mode: when the game clock is out, differing scores end the game; equal ones start sudden
        death, which the next capture ends (``_remove``)."""
        if self.result is None and self.timed and self.phase == PLAY and self.game_ms == 0:
            if self.scores[0] != self.scores[1]:
                self.result = (0,) if self.scores[0] > self.scores[1] else (1,)

    # ----- views --------------------------------------------------------------------------------------
    def _shown(self) -> Any:
        """What the hidden Assassins have given away: which are revealed, and how many units that look like a
        side's infantry are left (capturing one shows whether it was the Assassin). Where they hide is this
        game's only secret."""
        looks = [0, 0]
        for unit in self.board:
            if unit is not None and (unit[1] == INFANTRY[self.civs[unit[0]]] or unit[1] == ASN):
                looks[unit[0]] += 1
        return self.revealed, tuple(looks)

    def _observation(self, seat: int) -> dict[str, Any]:
        return self.view(seat)

    def view(self, seat: int | None, everything: bool = False) -> dict[str, Any]:
        """What ``seat`` sees, JSON-ready; ``seat=None``: what anybody at the table sees.

        ``everything=True`` shows both hidden Assassins, for teaching pictures only.
        """
        units = []
        for sq, u in enumerate(self.board):
            if u is None:
                continue
            owner, kind, st = u[0], u[1], u[2]
            hidden = kind == ASN and st != ASN_REVEALED
            shown_kind = kind
            if hidden and not everything and seat != owner:
                shown_kind = INFANTRY[self.civs[owner]]
            if kind == ASN:
                state_name = "Revealed" if not hidden else STATE_NAMES[INFANTRY[self.civs[owner]]][st]
            else:
                state_name = STATE_NAMES[kind][st]
            entry: dict[str, Any] = {
                "square": square_name(sq), "owner": owner, "kind": KIND_NAMES[shown_kind],
                "letter": KIND_LETTERS[shown_kind], "state": state_name,
                "mark": "!" if kind == ASN and st == ASN_REVEALED else ("+" if st == 1 else ""),
                "facing": FACING_LETTERS[u[3]],
                "lock": self.lock_turns(u) if self.phase == PLAY else 0,
                "blocks": [DIR_LETTERS[d] for d in sorted(self.specs[owner][(kind, st, u[3])].block_dirs)],
            }
            if shown_kind == ASN:
                entry["hidden"] = hidden
            units.append(entry)
        log = []
        placed = 0  # the first placement is Blue's, the second Red's
        for a in self.history:
            if isinstance(a, CCAction) and a.kind == ASSASSIN:
                log.append(str(a) if everything or placed == seat else a.public)
                placed += 1
            else:
                log.append(str(a))
        out: dict[str, Any] = {
            "game": "command-capture", "seat": seat, "players": list(SEAT_NAMES),
            "civilizations": [CIV_NAMES[c] for c in self.civs], "phase": self.phase if self.result is None else "over",
            "to_move": self.current_player, "turn": self.turn, "actions_left": self.actions_left,
            "follow_up": square_name(self.follow[0]) if self.follow else None,
            "follow_class": self.follow[1] if self.follow else None, "mover": self.to_move,
            "done_this_turn": [[square_name(sq), c] for sq, c in sorted(self.done)],
            "units": units, "over": self.result is not None, "winners": list(self.result or ()),
            "log": log, "timed": self.timed, "acted": self.acted,
            "assassins_revealed": sorted(self.revealed),
            "options": dict(self.options),
        }
        if self.phase == SETUP:
            out["setup"] = {"placed": self.setup_placed, "flipped": sorted(square_name(q) for q in self.setup_flipped)}
        if self.timed:
            out["scores"] = [s / 2 for s in self.scores]
            out["clock"] = {"game_seconds": self.game_ms / 1000, "turn_seconds": self.turn_ms / 1000,
                            "sudden_death": self.sudden_death}
        return out

    def position_text(self) -> str:
        """This position as position text (see ``position``); the set-up phase has none (``ValueError``)."""
        if self.phase != "play":
            raise ValueError("position text describes positions in play, not the set-up phase")
        fields = [write_board(self.board, self.turn), "br"[self.to_move],
                  CIV_LETTERS[self.civs[0]] + CIV_LETTERS[self.civs[1]], str(self.turn)]
        actions = str(self.actions_left)
        if self.acted:
            actions += "+"
            if self.follow is not None:
                actions += square_name(self.follow[0]) + self.follow[1]
            actions += "".join(f".{square_name(sq)}{c}" for sq, c in sorted(self.done))
        fields.append(actions)
        if self.timed:
            fields.append(f"{write_points(self.scores[0])}:{write_points(self.scores[1])}")
            fields.append(f"{format_seconds(self.game_ms)}/{format_seconds(self.turn_ms)}")
        return " ".join(fields)


    def __repr__(self) -> str:
        if self.phase == SETUP:
            return f"<command-capture set-up, {SEAT_NAMES[self.to_move]} to set up>"
        return f"<command-capture {self.position_text()}>"
