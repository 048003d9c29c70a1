"""Command Capture's search player: alpha-beta with iterative deepening, move ordering and quiescence.

Command Capture has no luck, so the classic chess recipe fits it: a negamax alpha-beta search to a
growing depth until its budget is spent, with the best move of the last depth tried first, then the
captures, biggest victim first (most valuable victim, least valuable attacker), then the quiet
moves that caused a cut elsewhere at the same depth ("killers") and those that did so most often
overall ("history"). A transposition table keyed by the position keeps what a finished subtree
proved. At depth zero a quiescence search plays out the captures (the engine's ``takes``), so a leaf is
never scored in the middle of an exchange. The usual ways to spend the positions where they matter follow:
after the first action, a null window only asks whether another does better (principal variation search);
quiet actions late in the order are searched a ply shallower first (late move reduction); a position well
above beta is handed to the other side for a shallower search (null move); one ply from the leaves a
quiet action cannot save a position far below alpha (futility). The actions the engine hands out are
shared values, so the search tells them apart by identity, and it plays them with ``after`` (``play``
without the legality check: they come from the position's own list).

A turn may hold a second action (the Command aura's follow-up), so two plies in a row may belong
to the same side: a child of the same side is searched with the same window and not negated.

What the seat may not see: the enemy Assassin hides among its infantry. The search runs on the
seat's belief board (``rule.belief``: every hidden enemy Assassin as the infantry it poses as), and
the evaluation charges the danger it cannot see there: an enemy infantry that could be the Assassin
next to our Commander may capture it (one square, any way), with the chance of one in the number of
infantry that could be it.

Two passive sides can shuffle the same units back and forth until the turn limit draws the game, and a
search that sees no further than a few plies finds every shuffle as good as the last. So the player
remembers the positions it has left behind it this game (``Repetitions``) and charges a move that leads
back to one of them ``REPEAT`` for each time it did (a contempt for the draw): the search then spends
its moves on progress. A draw at the turn limit within the search's sight is charged ``CONTEMPT``.

A game without luck would give the same replies to the same moves in every game, and a won game could
be replayed move for move. So each root action gets a small bonus (``NOISE`` at most, less than an
advance of three rows; ``OPENING_NOISE`` in the first turns), drawn from the player's secret for the game
(``game_secret``) and the move number: among actions the search finds about equal, which one is played
changes from game to game, while a better action by more than that is always preferred. The set-up hides
the Assassin as the rule-based player does, on a square drawn from the same secret (``rule.setup_choice``).

Budgets are counted in positions searched (``LEVELS``): the same position gives the same move on any
machine, which the simulator needs. On a board (``timed=True``) each level's seconds are its whole turn's
(``clock.TurnClock``: an aura's follow-up gets what is left), and hard searches to its cap, deepening as
far as the device allows; a player keeps its table between its decisions (``Memory``).
``bench/bench_command_capture_players.py`` prints how the levels fare against each other and the time a
move takes; ``bench/bench_computer_turn.py`` the time of the computer's turn on a page's clock and the depth
it reaches in Chromium and WebKit.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import compress
from typing import Any

from capture_lib.core.protocol import State
from capture_lib.games.command_capture.players.rule import belief, lost_attacking_fortress, setup_choice
from capture_lib.games.command_capture.rules.actions import BASH, CAPTURE, MOVE, RANGED, WAIT
from capture_lib.games.command_capture.rules.units import (
    ARC,
    ASN,
    ASN_REVEALED,
    CAV,
    CHA,
    CMD,
    FOR,
    INF,
    INFANTRY,
    LEG,
    MAI,
    NEIGHBOURS,
    SIE,
)
from capture_lib.search.clock import TurnClock
from capture_lib.search.simple import game_secret
from capture_lib.search.stats import report


@dataclass(frozen=True)
class Level:
    """One level's budget: ``nodes`` (positions searched, quiescence included) a decision, and ``seconds``
    for the computer's whole turn when timed (``clock.TurnClock``: on a board, the cap a person waits).

    A level with ``to_cap`` searches, timed, until its turn's time is spent (deepening as far as the device
    allows: a faster one plays stronger, a slow one stays on time); untimed, as the simulator plays, it
    searches ``nodes``, about what the median position gets in the browser within the cap. The others stop
    at ``nodes`` either way (and at the cap, on a device too slow for them).
    """

    nodes: int
    seconds: float
    to_cap: bool = False


#: The levels. Easy and medium search about ten times the positions of the level below, so that the
#: ratings of the levels stand well apart (250, 1500 and 8000 positions were rated 1683, 1883 and 1993, too
#: close for a round robin of a few hundred games to tell medium and hard apart; 100, 700 and 8000 positions
#: were rated 1599, 2065 and 2625). Hard searches to its cap: ``HARD_SEARCH`` of the 0.9 s a person waits,
#: the rest left to the board (the move played, the answer drawn: 0.1 s to 0.2 s in WebKit on a machine so
#: busy that the browser had a third of a core). Untimed it searches 12,000 positions: about the median
#: position's in Chromium and WebKit within its time, scaled to a core of their own
#: (``bench/bench_computer_turn.py`` measures on the busy machine and says what share of a core they had).
HARD_CAP, HARD_SEARCH = 0.9, 0.6
LEVELS: dict[str, Level] = {
    "easy": Level(100, 0.15),
    "medium": Level(700, 0.5),
    "hard": Level(12_000, HARD_SEARCH, to_cap=True),
}
#: The most positions a search to the cap looks at: a bound on its tables' memory on the fastest device.
MOST_NODES = 1_500_000
#: The most positions a player's table keeps from one decision to the next (``Memory``).
MEMORY = 400_000
#: A won position's score; a win found sooner scores a little more (``WIN - ply``).
WIN = 1_000_000
_INFINITY = 10 * WIN
#: What each unit is worth to the evaluation, in hundredths of a Timed Mode half point.
VALUE: dict[int, int] = {LEG: 300, INF: 250, CAV: 600, CHA: 900, ARC: 800, MAI: 1000, SIE: 900, ASN: 700}
#: An Active Fortress: disabling it opens the way to a win by walking in.
FORTRESS = 1800
#: Each row a unit has advanced towards the enemy's back row.
ADVANCE = 12
#: A unit within two squares of a square whose taking wins (the enemy Commander, a Disabled Fortress).
PRESSURE = 120
#: Each square a unit stands nearer the enemy Commander. Without it two cautious sides can shuffle to the
#: turn limit: of the 39 games the hard level drew against the rule-based player at 0, 26 became wins at
#: 15 (and 22 at 30), none a loss.
TROPISM = 15
#: What a move costs for each time the position it leads to followed one of the player's own moves before
#: in the game (``Repetitions``): about a third of the weakest unit, so a shuffle loses to any real plan.
REPEAT = 90
#: What a draw at the turn limit is worth to the searching side: a little less than nothing, so that it
#: is chosen only over a position worse than that.
CONTEMPT = 150
#: The largest bonus a root action may get from the game's secret (see the module's docstring), and in the
#: opening (up to turn ``OPENING_TURNS``), where the search finds a few plans about as good and would pick
#: the same one every game.
NOISE = 30
OPENING_NOISE, OPENING_TURNS = 200, 6
#: Late move reduction: from this depth on, quiet actions after the first ``REDUCE_AFTER`` of the order are
#: searched one ply shallower first (and again in full if they prove better than the best so far). Most of a
#: position's actions are turns and flips that change little, so the search reaches a ply deeper for it.
REDUCE_FROM, REDUCE_AFTER = 2, 3
#: The most one quiet action can change the evaluation (two rows of ``ADVANCE``, two squares of ``TROPISM``, two
#: goals' ``PRESSURE``, and some): one ply from the leaves, a position this far below alpha tries its takes alone.
FUTILITY = 320
#: Null move: from this depth on, in a null window, a position at or above beta is given to the other side for a
#: search ``NULL_CUT`` plies shallower.
NULL_FROM, NULL_CUT = 3, 2
#: How deep the captures are followed below the nominal depth.
QUIESCENCE_DEPTH = 6
_TAKES = frozenset((CAPTURE, RANGED, BASH))
_CHEBYSHEV = tuple(tuple(max(abs((a >> 3) - (b >> 3)), abs((a & 7) - (b & 7))) for b in range(64)) for a in range(64))
_SQUARES = range(64)
#: ``_UNIT_TERMS[owner * _KINDS + kind][sq]``: a unit's ``VALUE`` and its ``ADVANCE`` on ``sq``, for every kind
#: (``evaluate`` counts the Commander and the Fortress apart).
_KINDS = max(VALUE) + 1
_UNIT_TERMS = tuple(tuple(VALUE.get(kind, 250) + ADVANCE * ((sq >> 3) if owner == 0 else 7 - (sq >> 3))
                          for sq in range(64)) for owner in (0, 1) for kind in range(_KINDS))
#: ``_TROPISM[commander][sq]``: ``TROPISM`` for each square a unit on ``sq`` stands nearer the Commander on
#: ``commander``; ``_NO_TROPISM`` once that Commander is gone.
_TROPISM = tuple(tuple(TROPISM * (7 - _CHEBYSHEV[commander][sq]) for sq in range(64)) for commander in range(64))
_NO_TROPISM = (0,) * 64
#: ``_WITHIN_TWO[sq]``: the squares within two of ``sq`` (a king's two steps), as a bit mask.
_WITHIN_TWO = tuple(sum(1 << t for t in range(64) if _CHEBYSHEV[sq][t] <= 2) for sq in range(64))


class _OutOfBudget(Exception):
    """The search's node or time budget is spent: unwind to the root."""


def _value(unit: tuple) -> int:
    kind = unit[1]
    if kind == FOR:
        return FORTRESS if unit[2] == 0 else 0
    if kind == CMD:
        return 0  # its loss ends the game: the search sees that as a win or a loss
    return VALUE.get(kind, 250)


def evaluate(state: State, seat_to_move: int, searcher: int = 0, suspects: int = 0) -> int:
    """The position's worth to ``seat_to_move``: material, progress, pressure and the hidden Assassin's threat.

    Each unit but the Commanders and the Fortresses counts its ``VALUE``, ``ADVANCE`` for each row it has
    come towards the enemy's back row, ``TROPISM`` for each square it stands nearer the enemy Commander,
    and ``PRESSURE`` for each square whose taking wins (the enemy Commander, a Disabled enemy Fortress)
    within two squares of it; an Active Fortress counts ``FORTRESS``.

    ``suspects`` is how many infantry of the ``searcher``'s enemy could be its hidden Assassin (0 when
    it is known); each one standing next to the searcher's Commander is charged a share of a lost
    game, the more when the enemy is to act.

    This is the search's hot spot (every leaf of every search), so the terms come from tables made once
    (``_UNIT_TERMS``, ``_TROPISM``, ``_WITHIN_TWO``) and the board is read in one pass over its units.
    """
    board = state.board
    commanders = [-1, -1]
    goals = [0, 0]  # each side's squares whose taking wins, as bit masks
    balance = 0  # Blue's worth less Red's
    units = []  # (owner, square, kind) of the units the terms of the tables count
    for sq in compress(_SQUARES, board):  # the occupied squares, found in C (a unit is a true value)
        unit = board[sq]
        owner, kind, st = unit[0], unit[1], unit[2]
        if kind == CMD:
            commanders[owner] = sq
            goals[owner] |= 1 << sq
        elif kind == FOR:
            if st == 1:
                goals[owner] |= 1 << sq
            else:
                balance += FORTRESS if owner == 0 else -FORTRESS
        else:
            units.append((owner, sq, kind))
    tropism = (_TROPISM[commanders[1]] if commanders[1] >= 0 else _NO_TROPISM,
               _TROPISM[commanders[0]] if commanders[0] >= 0 else _NO_TROPISM)
    blue_goals, red_goals = goals
    for owner, sq, kind in units:
        if owner == 0:
            balance += _UNIT_TERMS[kind][sq] + tropism[0][sq] + PRESSURE * (_WITHIN_TWO[sq] & red_goals).bit_count()
        else:
            balance -= (_UNIT_TERMS[_KINDS + kind][sq] + tropism[1][sq]
                        + PRESSURE * (_WITHIN_TWO[sq] & blue_goals).bit_count())
    score = balance if seat_to_move == 0 else -balance
    if suspects:
        score -= _assassin_danger(state, seat_to_move, searcher, suspects, commanders)
    return score


def plain_evaluate(state: State, seat_to_move: int, searcher: int = 0, suspects: int = 0) -> int:
    """``evaluate`` as its docstring says it, unit by unit with no tables: the tests check that both agree."""
    board = state.board
    commanders = [-1, -1]
    goals: list[list[int]] = [[], []]
    for sq, unit in enumerate(board):
        if unit is not None:
            if unit[1] == CMD:
                commanders[unit[0]] = sq
                goals[unit[0]].append(sq)
            elif unit[1] == FOR and unit[2] == 1:
                goals[unit[0]].append(sq)
    balance = 0
    for sq, unit in enumerate(board):
        if unit is None:
            continue
        owner, kind = unit[0], unit[1]
        value = _value(unit)
        if kind != CMD and kind != FOR:
            row = sq >> 3
            value += ADVANCE * (row if owner == 0 else 7 - row)
            near = _CHEBYSHEV[sq]
            enemy_commander = commanders[1 - owner]
            if enemy_commander >= 0:
                value += TROPISM * (7 - near[enemy_commander])
            for goal in goals[1 - owner]:
                if near[goal] <= 2:
                    value += PRESSURE
        balance += value if owner == 0 else -value
    score = balance if seat_to_move == 0 else -balance
    if suspects:
        score -= _assassin_danger(state, seat_to_move, searcher, suspects, commanders)
    return score


def _assassin_danger(state: State, seat_to_move: int, searcher: int, suspects: int, commanders: list[int]) -> int:
    """What the unseen Assassin threatens, from ``seat_to_move``'s point of view (positive: bad for it).

    The belief board shows the enemy's suspects as its plain infantry, so they are counted by kind.
    """
    enemy = 1 - searcher
    commander = commanders[searcher]
    if commander < 0:
        return 0
    board = state.board
    infantry = INFANTRY[state.civs[enemy]]
    near = 0
    for sq in NEIGHBOURS[commander]:
        unit = board[sq]
        if unit is not None and unit[0] == enemy and unit[1] == infantry:
            near += 1
    if not near:
        return 0
    # The enemy to act may strike now; if the searcher is to act it can still step away or strike first.
    share = WIN * near // suspects
    danger = share if state.current_player == enemy else share // 8
    return danger if seat_to_move == searcher else -danger


def shape(state: State) -> tuple:
    """A position as a repetition sees it: the units (their state locks left out, which name turns), the
    side to act and its actions left; the turn number and the clocks are left out."""
    return (tuple(None if u is None else u[:4] for u in state.board), state.current_player, state.actions_left)


class Repetitions:
    """The positions one player left behind it this game (after each of its actions), counted.

    A game that starts again (a turn number lower than the last seen) forgets them, so one player may
    serve a board for game after game.
    """

    def __init__(self) -> None:
        self.seen: Counter = Counter()
        self.turn = 0

    def start(self, state: State) -> None:
        """Called with the position to move from: a new game clears the memory."""
        if state.turn < self.turn:
            self.seen.clear()
        self.turn = state.turn

    def count(self, after: State) -> int:
        """How often the player left the position ``after`` behind it before."""
        return self.seen.get(shape(after), 0)

    def record(self, after: State) -> None:
        """Remember the position the player's chosen action left."""
        self.seen[shape(after)] += 1


class Memory:
    """What a player's searches keep from one decision to the next in a game: the table of positions proved
    (the next search meets many of them again, two plies on) and the history of cuts.

    The table's values hold for one searching seat and one count of Assassin suspects (the evaluation
    charges their danger), so it is cleared when either changes, and when it grows past ``MEMORY``
    entries; the history is halved each decision, so old cuts weigh less than new ones.
    """

    def __init__(self) -> None:
        self.table: dict[tuple, tuple[int, int, int, Any]] = {}
        self.history: dict[int, int] = {}
        self.owner: tuple[int, int] | None = None

    def for_search(self, seat: int, suspects: int) -> Memory:
        """Ready for a search by ``seat`` with ``suspects``: what no longer holds is dropped."""
        if self.owner != (seat, suspects) or len(self.table) > MEMORY:
            self.table.clear()
            self.owner = (seat, suspects)
        self.history = {key: value // 2 for key, value in self.history.items() if value > 1}
        return self


class Search:
    """One move's search: the budget, the tables and the statistics (``nodes``, ``depth``)."""

    def __init__(self, seat: int, nodes: int, deadline: float | None, suspects: int,
                 repetitions: Repetitions | None = None, noise: dict[Any, int] | None = None,
                 memory: Memory | None = None) -> None:
        self.seat = seat
        self.repetitions = repetitions
        #: Each root action's bonus from the game's secret (see the module's docstring).
        self.noise = noise or {}
        #: The deepest iteration (the benches stop there to count what a depth costs).
        self.max_depth = 64
        self.max_nodes = nodes
        #: When the search must stop (``time.perf_counter()``), or ``None``: only ``max_nodes`` stops it.
        self.deadline = deadline
        self.suspects = suspects
        self.nodes = 0
        #: The last depth the search finished, and the value it gave the chosen action there.
        self.depth = 0
        self.value = 0
        memory = (memory or Memory()).for_search(seat, suspects)
        #: The positions proved: key -> (depth, value, flag: 0 exact, 1 at least, -1 at most, best action).
        self.table = memory.table
        self.killers: dict[int, list] = {}
        #: How often each quiet action (by its object's id: actions are shared values) caused a cut, weighted.
        self.history = memory.history

    # ----- budget --------------------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self.max_nodes:
            raise _OutOfBudget
        if self.deadline is not None and not self.nodes & 63 and time.perf_counter() > self.deadline:
            raise _OutOfBudget

    # ----- ordering -------------------------------------------------------------------------------------
    # Actions are the engine's shared values (one object per action), so they are told apart by identity:
    # an identity test costs nothing, where ``==`` on an action is a call in Python.
    def _order(self, state: State, actions: list, ply: int, first: Any) -> list:
        board = state.board
        killers = self.killers.get(ply, ())
        killer, second = (killers + [None, None])[:2] if killers else (None, None)
        history = self.history

        def key(a: Any) -> int:
            if a is first:
                return -10 * WIN
            kind = a.kind
            if kind in _TAKES:
                target = board[a.b]
                if target is not None:
                    if target[1] == CMD:
                        return -9 * WIN
                    gain = _value(target)
                    if kind == CAPTURE and target[1] == FOR and lost_attacking_fortress(state, a.a):
                        gain -= _value(board[a.a])  # the attacker is lost to an Active Fortress
                    return -WIN - gain * 8 + _value(board[a.a]) // 8
            elif kind == MOVE and board[a.b] is not None:
                return -9 * WIN  # entering a Disabled enemy Fortress wins
            if a is killer or a is second:
                return -WIN // 2
            return -history.get(id(a), 0)

        return sorted(actions, key=key)

    # ----- the search -----------------------------------------------------------------------------------
    def negamax(self, state: State, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of ``state`` to the side to act, searched ``depth`` plies deep within (alpha, beta).

        The first action (the best one the table or the ordering knows) is searched with the whole window,
        the others with a null window that only asks whether they do better (principal variation search),
        and quiet ones late in the order one ply shallower first (late move reduction): an action that
        proves better is searched again in full.
        """
        self._tick()
        if depth <= 0:
            return self.quiesce(state, alpha, beta, ply, QUIESCENCE_DEPTH)
        key = state._key()
        entry = self.table.get(key)
        first = None
        if entry is not None:
            e_depth, e_value, e_flag, first = entry
            if e_depth >= depth:
                if e_flag == 0 or (e_flag > 0 and e_value >= beta) or (e_flag < 0 and e_value <= alpha):
                    return e_value
        me = state.current_player
        if depth >= NULL_FROM and beta - alpha == 1 and state.follow is None \
                and evaluate(state, me, self.seat, self.suspects) >= beta:
            # Null move: if the other side, given two moves in a row, still cannot bring this position below
            # beta, searched ``NULL_CUT`` plies shallower, the side to act surely can keep it: a cut.
            passed = state.handed_over()
            if not passed.is_over:
                value = -self.negamax(passed, depth - 1 - NULL_CUT, -beta, -beta + 1, ply + 1)
                if value >= beta:
                    return value
        actions = [a for a in state.legal_actions() if a.kind != WAIT]
        original_alpha = alpha
        best_value, best = -_INFINITY, None
        board = state.board
        # Futility: one ply from the leaves, a quiet action cannot lift a position that stands ``FUTILITY``
        # below alpha above it (unless it is the Commander's, or that of a unit beside it, which may earn a
        # follow-up), so such actions are not searched.
        futile = depth == 1 and evaluate(state, me, self.seat, self.suspects) + FUTILITY <= alpha
        if futile:
            commander = state.commander_square(me)
            guarded = NEIGHBOURS[commander] | {commander} if commander >= 0 else frozenset()
        for number, a in enumerate(self._order(state, actions, ply, first)):
            quiet = a.kind not in _TAKES and not (a.kind == MOVE and board[a.b] is not None)
            if futile and quiet and number and a.a not in guarded:
                continue
            child = state.after(a)
            if number == 0:
                value = self._child_value(child, me, depth, alpha, beta, ply + 1)
            else:
                reduce = 1 if depth >= REDUCE_FROM and number >= REDUCE_AFTER and quiet else 0
                value = self._child_value(child, me, depth - reduce, alpha, alpha + 1, ply + 1)
                if value > alpha and (reduce or value < beta):
                    value = self._child_value(child, me, depth, alpha, beta, ply + 1)
            if value > best_value:
                best_value, best = value, a
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        if a.kind not in _TAKES:
                            slot = self.killers.setdefault(ply, [])
                            if not any(a is k for k in slot):
                                slot.insert(0, a)
                                del slot[2:]
                            self.history[id(a)] = self.history.get(id(a), 0) + depth * depth
                        break
        flag = 0 if original_alpha < best_value < beta else (1 if best_value >= beta else -1)
        self.table[key] = (depth, best_value, flag, best)
        return best_value

    def quiesce(self, state: State, alpha: int, beta: int, ply: int, left: int) -> int:
        """The value of ``state`` once the captures on offer are played out (standing pat is allowed)."""
        me = state.current_player
        stand = evaluate(state, me, self.seat, self.suspects)
        if stand >= beta or left <= 0:
            return stand
        alpha = max(alpha, stand)
        for a in self._order(state, state.takes(), ply, None):
            self._tick()
            child = state.after(a)
            if child.is_over:
                value = _outcome(child, me, ply + 1, self.seat)
            elif child.current_player == me:
                value = self.quiesce(child, alpha, beta, ply + 1, left - 1)
            else:
                value = -self.quiesce(child, -beta, -alpha, ply + 1, left - 1)
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return alpha

    def _child_value(self, child: State, me: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value to ``me`` of the position after one of its actions, ``ply`` plies below the root.

        A follow-up action of the same side keeps the window and the sign.
        """
        if child.is_over:
            return _outcome(child, me, ply, self.seat)
        if child.current_player == me:
            return self.negamax(child, depth - 1, alpha, beta, ply)
        return -self.negamax(child, depth - 1, -beta, -alpha, ply)

    def _repeated(self, child: State) -> int:
        """What the root action leading to ``child`` is charged for going back to a position left before."""
        if self.repetitions is None:
            return 0
        return REPEAT * self.repetitions.count(child)

    def root(self, state: State) -> tuple[Any, int]:
        """The best action at the root by iterative deepening, and its value."""
        actions = [a for a in state.legal_actions() if a.kind != WAIT]
        if len(actions) == 1:
            return actions[0], 0
        me = state.current_player
        best, best_value = self._order(state, actions, 0, None)[0], -_INFINITY
        depth = 1
        iteration_best, iteration_value = None, -_INFINITY
        try:
            while depth <= self.max_depth:
                alpha = -_INFINITY
                iteration_best, iteration_value = None, -_INFINITY
                for number, a in enumerate(self._order(state, actions, 0, best)):
                    child = state.after(a)
                    # The bonus and the repetition's charge move the window, so a value that fails low
                    # (an upper bound) never passes for an exact one once they are added. After the first
                    # action, a null window asks whether an action does better; only one that does is
                    # searched again for its value.
                    offset = self.noise.get(a, 0) - self._repeated(child)
                    if number:
                        value = self._child_value(child, me, depth, alpha - offset, alpha - offset + 1, 1) + offset
                        if value > alpha:
                            value = self._child_value(child, me, depth, alpha - offset, _INFINITY, 1) + offset
                    else:
                        value = self._child_value(child, me, depth, alpha - offset, _INFINITY, 1) + offset
                    if value > iteration_value:
                        iteration_best, iteration_value = a, value
                        alpha = max(alpha, value)
                best, best_value = iteration_best, iteration_value
                self.depth, self.value = depth, best_value
                if abs(best_value) >= WIN - 64 - OPENING_NOISE - REPEAT * 64:
                    break  # a forced win or loss is found: deeper search cannot change it
                depth += 1
        except _OutOfBudget:
            # Keep the last finished depth's choice, unless this depth already proved a better one first.
            if iteration_best is not None and iteration_value > best_value:
                best = iteration_best
        return best, best_value


def _outcome(finished: State, me: int, ply: int, searcher: int | None = None) -> int:
    """A finished game's value to ``me``: a win found ``ply`` plies down is worth a little less than a sooner one.

    A draw costs the ``searcher`` (if given) ``CONTEMPT`` and is worth as much to its opponent.
    """
    winners = finished.winners
    if not winners:
        if searcher is None:
            return 0
        return -CONTEMPT if me == searcher else CONTEMPT
    return WIN - ply if winners == (me,) else -(WIN - ply)


def suspects(state: State, seat: int) -> int:
    """How many enemy units could be the enemy's hidden Assassin, as ``seat`` sees it (0 once it is known)."""
    enemy = 1 - seat
    if enemy in state.revealed:
        return 0
    board = state.board
    infantry = INFANTRY[state.civs[enemy]]
    hidden = any(u is not None and u[0] == enemy and u[1] == ASN and u[2] != ASN_REVEALED for u in board)
    if not hidden:
        return 0
    return sum(1 for u in board if u is not None and u[0] == enemy and (u[1] == infantry or u[1] == ASN))


def choose(state: State, seat: int, nodes: int, deadline: float | None = None,
           repetitions: Repetitions | None = None, secret: int = 0, memory: Memory | None = None
           ) -> tuple[Any, Search]:
    """The action ``seat`` takes in ``state`` after a search of at most ``nodes`` positions (and until
    ``deadline``, a ``time.perf_counter()`` time, if given).

    The search reads only what ``seat`` may see: it runs on the seat's belief board. With ``repetitions``
    (the player's memory of this game), a move back to a position left before is charged ``REPEAT``
    each time, and the position the chosen action leaves is remembered. ``secret`` is the player's for
    the game (``game_secret``): it draws the set-up and the root actions' bonuses (``NOISE``). ``memory``
    is what the player's searches keep from one decision to the next (``Memory``).
    """
    if state.phase == "setup":
        return setup_choice(state, seat, secret), Search(seat, nodes, deadline, 0)
    count = suspects(state, seat)
    world = belief(state, seat)
    if repetitions is not None:
        repetitions.start(world)
    rng = random.Random(f"command-capture noise/{secret}/{len(state.history)}")
    most = OPENING_NOISE if state.turn <= OPENING_TURNS else NOISE
    noise = {a: rng.randrange(most + 1) for a in world.legal_actions()}
    search = Search(seat, nodes, deadline, count, repetitions, noise, memory)
    action, _ = search.root(world)
    if repetitions is not None:
        repetitions.record(world.play(action))
    report(depth=search.depth, nodes=search.nodes)
    return action, search


def alphabeta_player(level: str = "hard", timed: bool = True, seed: int = 0) -> Callable[[State, int], Any]:
    """A player function ``(state, seat) -> action`` searching with ``level``'s budget (``LEVELS``).

    ``timed=False`` drops the time limit: only the node budget stops the search, so the moves depend
    on nothing but the position and the player's secret for the game (``game_secret`` of its ``seed``),
    which the simulator needs for reproducible runs. Timed, the level's seconds are its whole turn's
    (``TurnClock``), and a level that searches to its cap (``Level.to_cap``) has no node budget but
    ``MOST_NODES``.
    """
    if level not in LEVELS:
        raise ValueError(f"bad level {level!r}; choose one of: {', '.join(LEVELS)}")
    budget = LEVELS[level]
    nodes = MOST_NODES if timed and budget.to_cap else budget.nodes
    repetitions = Repetitions()
    memory = Memory()
    clock = TurnClock(budget.seconds)

    def player(state: State, seat: int) -> Any:
        secret = game_secret(seed, state, seat)
        deadline = clock.deadline((state.seed, state.turn, seat), state.history) if timed else None
        action, _ = choose(state, seat, nodes, deadline, repetitions, secret, memory)
        return action

    player.__name__ = f"alphabeta_{level}" + ("" if timed else "_untimed")
    player.__doc__ = f"Alpha-beta at level {level!r} ({budget.nodes} positions a move untimed)."
    return player
