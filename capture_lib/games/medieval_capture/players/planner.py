"""The turn planner: Medieval Capture's easy, medium and hard levels.

A turn is up to three moves of different pieces, a shot for a 4 or 5 on the white die, and the cards,
all under the dice; a good turn is a plan, not three good moves. So at each decision the planner plans
the rest of its turn and plays the plan's first action:

- **the moves**: a beam search over the turn's moves (``Budget.beam`` positions kept after each move),
  every move of every kept position scored by ``evaluation.quick`` (what stands, less the danger each
  piece ends in); every position reached, after any number of moves, is a way to end the turn. The best
  ``Budget.finalists`` of them are then compared by ``evaluation.value``: the other side's best
  expected turn over all 72 rolls of its dice, every blocking piece and boulder landing counted, and
  ours after it. A move that draws a Treasure Card is followed by its likeliest card;
- **the catapult**: before moving, the best shot (over every landing of a shot at each rock from its
  nearest spot) is fired when it is expected to gain more than ``SHOT_WORTH``;
- **the cards and the roll** (``start``): each playable card is weighed by what it is expected to bring
  this turn, over the dice, against what it is worth kept in hand; the best is played, then the dice
  are rolled. REROLL is used when the roll gives the plan little;
- **a kill** after a boulder: the most valuable enemy piece, or our least valuable one.

The planner plans on a position drawn from what its seat sees (``belief.determinize``) and reads the
enemy's Knight and hand only as chances (``belief.Belief``). Budgets are counted in positions played
(``Budget.nodes``), so an untimed player gives the same move on any machine; a timed one also stops at
its deadline and plays the best plan found so far. A level's budget also says what the quick score sees
of the danger (``Budget.captures``, ``Budget.boulders``): that, more than the size of the search, is
what sets the levels apart (``players.BUDGETS``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any

from capture_lib.core.protocol import Action, State
from capture_lib.games.medieval_capture.players.belief import Belief, believe, determinize
from capture_lib.games.medieval_capture.players.evaluation import (
    CARD_WORTH,
    DEFAULT,
    Danger,
    Position,
    Weights,
    _aim_landings,
    _capture_gain,
    _knight_chance,
    piece_worth,
    quick,
    value,
)
from capture_lib.games.medieval_capture.players.geometry import at_least, die_for, die_limit
from capture_lib.games.medieval_capture.rules.actions import End, Kill, Move, PlayCard, Reroll, Roll, Shoot
from capture_lib.games.medieval_capture.rules.board import BOARD, ROCK_KINDS
from capture_lib.games.medieval_capture.rules.catapult import cached_reach, nearest_spot
from capture_lib.games.medieval_capture.rules.state import CATHEDRAL, RESERVE, TERR

#: A shot is fired when it is expected to gain at least this much (Crown points).
SHOT_WORTH = 1.0
#: A REROLL card is spent when the best plan gains less than this over ending the turn at once.
REROLL_BELOW = 4.0


@dataclass(frozen=True)
class Budget:
    """How much one level plans (see the module's docstring)."""

    #: Positions kept after each move of the turn (1: greedy, one move at a time).
    beam: int
    #: How many of the moves the turn could make next are planned at all (1: the next move alone).
    depth: int
    #: Plans compared in the end by the full value (0: the quick score decides).
    finalists: int
    #: Whether the full value counts the pieces blocking each path and every boulder landing.
    exact: bool
    #: The most positions played for one decision.
    nodes: int
    #: Seconds for one decision when timed (the board's cap for the level).
    seconds: float
    #: What the quick score sees of the danger a piece ends in: how much of the other side's chances to
    #: capture it (0 none, 1 in full), and whether its boulders.
    captures: float = 1.0
    boulders: bool = True
    #: Timed, plan again, wider each time, until the turn's time is spent (``Planner.choose``).
    to_cap: bool = False
    #: Untimed, how many wider plans follow the first (about what the browser makes within the cap).
    widen: int = 0

    def wider(self, times: int) -> Budget:
        """This budget with ``times`` the beam, the finalists and the positions (the rest as it is)."""
        return replace(self, beam=self.beam * times, finalists=self.finalists * times, nodes=self.nodes * times)


class Planner:
    """One decision's planning for ``seat`` in ``state`` (see the module's docstring)."""

    def __init__(self, state: State, seat: int, budget: Budget, timed: bool, weights: Weights = DEFAULT,
                 deadline: float | None = None) -> None:
        self.state = state
        self.seat = seat
        self.side = seat % 2
        self.budget = budget
        self.weights = weights
        #: When the decision must be made (``time.perf_counter()``): ``deadline`` if given (the turn's, see
        #: ``clock.TurnClock``), else the budget's seconds from now; ``None`` untimed.
        self.deadline = (deadline if deadline is not None else time.perf_counter() + budget.seconds) if timed else None
        self.plays = 0
        #: The positions this decision may play in all (each wider plan adds its own).
        self.limit = budget.nodes
        #: The moves of the plan chosen, from the position now (``choose`` fills it for a move decision).
        self.plan: list[Action] = []
        #: How many plans this decision made, each twice as wide as the last (``choose``).
        self.plans = 0
        self.belief, self.world = self._knowledge(state, seat)

    def _knowledge(self, state: State, seat: int) -> tuple[Belief, State]:
        """What the planner believes of the hidden facts, and the position it plans on: a draw from what
        ``seat`` sees (the ``oracle`` ceiling overrides this with the truth)."""
        from capture_lib.search.simple import observation_rng

        belief = believe(state.observation(seat))
        rng: random.Random = observation_rng(state, seat, "medieval-planner")
        return belief, determinize(state, seat, belief, rng)

    # ----- the budget ---------------------------------------------------------------------------------------
    def _spent(self) -> bool:
        if self.plays >= self.limit:
            return True
        # The clock is read at every position: one position's score costs about a millisecond here and
        # several in the browser, so reading it only every few positions let a decision run past the
        # level's cap by as many (easy's 0.15 s decisions took up to 0.3 s in Pyodide).
        return self.deadline is not None and time.perf_counter() > self.deadline

    def _play(self, world: State, action: Action) -> State:
        """``world`` after ``action``, a Treasure Card drawn on the way taken as its likeliest."""
        self.plays += 1
        after = world.play(action)
        while after.phase == "draw":
            outcomes = after.chance_outcomes()
            after = after.play(max(outcomes, key=lambda o: (float(o[1]), str(o[0])))[0])
        return after

    def _value(self, world: State) -> float:
        """The full value of a plan's end (``evaluation.value``)."""
        return value(world, self.side, self.belief, self.weights, self.budget.exact)

    # ----- the decision --------------------------------------------------------------------------------------
    def choose(self) -> Action:
        """The action to play now."""
        legal = self.state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = self.world.phase
        if phase == "start":
            return self._start(legal)
        if phase == "kill":
            return self._kill(legal)
        if phase != "move":
            raise ValueError(f"the planner plays the start, move and kill phases, not {phase!r}")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            # The turn's time is spent (a plan left behind by a card drawn, a boulder fallen): the floor, one
            # move at a time by the quick score, so that the turn ends at once.
            self.budget = replace(self.budget, beam=1, depth=1, finalists=0, to_cap=False)
        shot = self._shot(legal)
        if shot is not None:
            return shot
        first, best, ended = self._plan()
        self.plans = 1
        # A level that uses its time (or, untimed, its count of wider plans) plans again, each time with
        # twice the beam, the finalists and the positions, and keeps the plan of the highest full value;
        # the first plan is its floor, made whatever the time.
        times = 1
        while self._wider_allowed(times):
            times *= 2
            self.limit = self.plays + self.budget.nodes * times
            plan = self.plan
            wider = self._plan(self.budget.wider(times))
            self.plans += 1
            if wider[1] > best:
                first, best = wider[0], wider[1]
            else:
                self.plan = plan
        if any(isinstance(a, Reroll) for a in legal) and best - ended < REROLL_BELOW:
            self.plan = []
            return next(a for a in legal if isinstance(a, Reroll))
        return self._same(first, legal)

    def _wider_allowed(self, times: int) -> bool:
        """Whether a plan ``2 * times`` as wide may follow (see ``choose``)."""
        if self.deadline is None:
            return times < 2 ** self.budget.widen
        return self.budget.to_cap and time.perf_counter() < self.deadline

    @staticmethod
    def _same(action: Action, legal: list[Action]) -> Action:
        """The legal action of the true state with the notation of ``action`` (chosen on the drawn world)."""
        text = str(action)
        return next(a for a in legal if str(a) == text)

    # ----- moves ---------------------------------------------------------------------------------------------
    def _plan(self, budget: Budget | None = None) -> tuple[Action, float, float]:
        """The first action of the best plan for the rest of the turn (within ``budget``, by default the
        planner's), the plan's value and the value of ending the turn now; the plan's actions go to ``plan``."""
        world, side, w = self.world, self.side, self.weights
        budget = budget or self.budget
        belief = self.belief
        danger = Danger(world, side, belief, budget.captures, budget.boulders)
        end = End()
        moves_left = world.max_moves() - len(world.moved)
        now = quick(world, side, belief, danger, w)
        # (quick score, tie-break, position, first action): every position reached ends a possible turn.
        ways: list[tuple[float, str, State, Action]] = [(now, "", world, end)]
        frontier: list[tuple[State, Action | None]] = [(world, None)]
        seen = {(world.loc, world.crowns)}
        for _ in range(min(moves_left, budget.depth)):
            children: list[tuple[float, str, State, Action]] = []
            for parent, first in frontier:
                for action in parent.legal_actions():
                    if not isinstance(action, Move):
                        continue
                    if self._spent():
                        break
                    child = self._play(parent, action)
                    key = (child.loc, child.crowns)
                    if key in seen:
                        continue  # the same position by moves in another order
                    seen.add(key)
                    head = first or action
                    children.append((quick(child, side, belief, danger, w), str(head), child, head))
            children.sort(key=lambda c: (-c[0], c[1]))
            ways += children
            frontier = [(c[2], c[3]) for c in children[:budget.beam] if c[2].phase == "move"]
            if not frontier or self._spent():
                break
        ways.sort(key=lambda c: (-c[0], c[1]))
        if budget.finalists <= 0:
            self.plan = self._actions_to(ways[0][2])
            return ways[0][3], ways[0][0], now
        finalists = ways[:budget.finalists]
        if all(way[3] is not end for way in finalists):
            finalists.append(next(way for way in ways if way[3] is end))
        # Ending the turn now and the best plan by the quick score are always valued; the others while
        # the time lasts (a full value is the costliest step of a decision).
        finalists.sort(key=lambda way: (way[3] is not end, -way[0], way[1]))
        scored = []
        for number, way in enumerate(finalists):
            if number >= 2 and self.deadline is not None and time.perf_counter() > self.deadline:
                break
            scored.append((self._value(way[2]), way[1], way[3], way[2]))
        ended = next(v for v, _, head, _ in scored if head is end)
        best = max(scored, key=lambda s: (s[0], s[1]))
        self.plan = self._actions_to(best[3])
        return best[2], best[0], ended

    def _actions_to(self, end: State) -> list[Action]:
        """The actions from the planner's position to ``end`` (moves, and the cards drawn on the way), then
        ``End`` where the plan stops while moves are left."""
        actions = list(end.history[len(self.world.history):])
        if end.phase == "move" and end.side == self.side:
            actions.append(End())
        return actions

    # ----- the catapult --------------------------------------------------------------------------------------
    def _shot(self, legal: list[Action]) -> Action | None:
        """The best shot on offer, if it is expected to gain at least ``SHOT_WORTH``; else ``None``."""
        shots = {(a.spot, a.aim): a for a in legal if isinstance(a, Shoot)}
        if not shots:
            return None
        aim, gain = best_aim(self.world, self.side, self.belief, self.weights)
        if aim is None or gain < SHOT_WORTH:
            return None
        return shots.get((nearest_spot(self.side, aim), aim))

    # ----- after a boulder: who dies ------------------------------------------------------------------------
    def _kill(self, legal: list[Action], world: State | None = None) -> Action:
        """Who dies after a boulder (``world``: the position, by default the planner's)."""
        pos = Position(world or self.world)
        victims = [a for a in legal if isinstance(a, Kill)]
        theirs = [a for a in victims if a.piece // 10 != self.side]
        if theirs:
            return max(theirs, key=lambda a: (piece_worth(pos, a.piece, self.belief, self.weights), -a.piece))
        return min(victims, key=lambda a: (piece_worth(pos, a.piece, self.belief, self.weights), a.piece))

    # ----- the start of the turn: a card, then the roll ----------------------------------------------------
    def _start(self, legal: list[Action]) -> Action:
        cards = [a for a in legal if isinstance(a, PlayCard)]
        roll = next(a for a in legal if isinstance(a, Roll))
        best, best_gain = roll, 0.0
        for card in cards:
            gain = card_gain(self.world, self.side, card, self.belief, self.weights) - CARD_WORTH.get(card.card, 0.0)
            if gain > best_gain or (gain == best_gain and best is not roll and str(card) < str(best)):
                best, best_gain = card, gain
        return best


def best_aim(world: State, side: int, belief: Belief, w: Weights = DEFAULT) -> tuple[int | None, float]:
    """``side``'s best aim in ``world`` (fired from its nearest spot) and the expected gain of the shot,
    over every landing: an enemy piece killed is its worth, one of ours lost costs its worth."""
    pos = Position(world)
    enemy = 1 - side
    targets = [pos.loc[q] for q in range(enemy * 10, enemy * 10 + 10)
               if pos.loc[q] >= 0 and pos.loc[q] != CATHEDRAL and TERR[pos.loc[q]] == enemy]
    aims = sorted({a for t in targets for a in cached_reach(t) if TERR[a] == enemy and BOARD.kind[a] in ROCK_KINDS})
    worth: dict[int, float] = {}
    best, best_gain = None, 0.0
    for aim in aims:
        gain = 0.0
        for knocked, chance in _aim_landings(side, aim, world.cfg.spread):
            down = [pos.occupied[s] for s in knocked if s in pos.occupied]
            if not down or any(TERR[pos.loc[p]] == side for p in down):
                continue
            for p in down:
                if p not in worth:
                    worth[p] = piece_worth(pos, p, belief, w)
            theirs = [p for p in down if p // 10 == enemy]
            mine = [p for p in down if p // 10 == side]
            if len(theirs) > len(mine):
                gain += chance * max(worth[p] for p in theirs)
            else:
                gain -= chance * min(worth[p] for p in mine)
        if gain > best_gain:
            best, best_gain = aim, gain
    return best, best_gain


def card_gain(world: State, side: int, card: PlayCard, belief: Belief, w: Weights = DEFAULT) -> float:
    """What playing ``card`` is expected to bring this turn, in Crown points, over the dice."""
    code = card.card
    if code == "ransom":
        return w.piece - w.prisoner
    if code == "recruit":
        return w.piece - (w.reserve if world.loc[card.piece] == RESERVE else 0.0)
    if code == "catapult":
        return best_aim(world, side, belief, w)[1]
    if code in ("capture", "ambush"):
        return _capture_abroad(world, side, belief, w, code == "ambush")
    if code == "march":
        return 0.5 * w.raid
    if code == "horses":
        return 0.4 * w.raid
    return 0.0


def _capture_abroad(world: State, side: int, belief: Belief, w: Weights, kills: bool) -> float:
    """The expected gain, over the roll, of the best capture a CAPTURE! (or AMBUSH!, ``kills``) card would
    allow this turn: an enemy piece at home in its territory within reach of one of ours (empty board)."""
    pos = Position(world)
    enemy = 1 - side
    targets = [(pos.loc[q], q) for q in range(enemy * 10, enemy * 10 + 10)
               if pos.loc[q] >= 0 and pos.loc[q] != CATHEDRAL and TERR[pos.loc[q]] == enemy]
    if not targets:
        return 0.0
    black = pos.black_sides
    best = 0.0
    for piece in range(side * 10, side * 10 + 10):
        at = pos.loc[piece]
        if at < 0:
            continue
        die = die_for(side, at)
        kill = 1.0 if kills else _knight_chance(pos, piece, belief)
        for space, victim in targets:
            cost = pos.table[at][space]
            if cost <= die_limit(die, black):
                gain = _capture_gain(piece_worth(pos, victim, belief, w), kill, w)
                best = max(best, gain * at_least(die, cost, black))
    return best


def choose(state: State, seat: int, budget: Budget, timed: bool, weights: Weights = DEFAULT,
           deadline: float | None = None) -> Any:
    """The planner's action for ``seat`` in ``state`` (not the set-up: see ``setup``), made by ``deadline``
    (the turn's, ``clock.TurnClock``) when timed."""
    return Planner(state, seat, budget, timed, weights, deadline).choose()


class TurnPlans:
    """A player's plan for the turn it is playing: the moves still to come, and the position each expects.

    The first move decision of a turn plans the whole turn (``Planner.plan``); the next decisions of that
    turn play the plan on, as long as the game is where the plan left it (nothing drawn, no boulder fell,
    no one else acted) and each move is still legal. Anything else, and the planner plans again with what
    is left of the turn's time.
    """

    def __init__(self) -> None:
        self.expect: tuple[Any, int] | None = None
        self.rest: list[Action] = []

    def next(self, state: State, turn: Any) -> Action | None:
        """The plan's next action in ``state`` of ``turn``, if the game is still where the plan left it."""
        if self.expect != (turn, len(state.history)) or not self.rest:
            return None
        wanted = str(self.rest[0])
        found = next((a for a in state.legal_actions() if str(a) == wanted), None)
        if found is None:
            self.rest = []
            return None
        self.rest = self.rest[1:]
        self.expect = (turn, len(state.history) + 1)
        return found

    def keep(self, state: State, turn: Any, action: Action, plan: list[Action]) -> None:
        """Keep ``plan`` (from ``state``) once ``action``, its first action, is played."""
        if plan and str(plan[0]) == str(action):
            self.rest = list(plan[1:])
            self.expect = (turn, len(state.history) + 1)
        else:
            self.rest, self.expect = [], None
