"""Medieval Capture's players by level, each with a set-up that differs from game to game (``setup``).

- ``random``: random play, a random set-up;
- ``beginner``: the rule-based player with a beginner's mistakes (``beginner``), its set-up;
- ``rule``: the rule-based player (``rule``), its set-up drawn among the placements it rates best;
- ``easy``, ``medium``, ``hard``: the turn planner (``planner``) with the budgets of ``BUDGETS``;
- ``mcts-hard`` (analysis only): the shared Monte Carlo search at its hard budget (``search``), the hard
  level before the planner, kept so that the book can measure the two against each other;
- ``oracle`` (analysis only, never offered): the ceiling, a planner that knows the enemy's Knight and
  cards and the dice of its own turns to come (``oracle``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capture_lib.core.protocol import State
from capture_lib.games.medieval_capture.players.beginner import beginner_play
from capture_lib.games.medieval_capture.players.oracle import oracle_choose
from capture_lib.games.medieval_capture.players.planner import Budget, Planner, TurnPlans
from capture_lib.games.medieval_capture.players.rule import rule_player
from capture_lib.games.medieval_capture.players.setup import (
    Secrets,
    planned_setup,
    random_setup,
    rule_setup,
    setup_player,
)
from capture_lib.search.clock import TurnClock
from capture_lib.search.mcts import mcts_player
from capture_lib.search.simple import Player, random_player
from capture_lib.search.stats import report

#: The planner's budget at each level: positions kept after each move, moves planned ahead, plans
#: compared by the full value, whether that value counts blocking pieces and boulder landings, the most
#: positions played a decision, the seconds the computer's whole turn may take on a board (``TurnClock``),
#: and what the quick score sees of the danger a piece ends in. What a level knows of the danger is what
#: sets the levels apart (a wider beam, or the full value for more plans, measured no stronger at a fixed
#: time: see docs/measurements.md). Hard uses its time all the same, planning again twice as wide until its turn's
#: 0.5 s are spent (the Medieval board takes longer to draw than the others: 0.15 s to 0.3 s of the 0.9 s a
#: person waits, in WebKit on a machine so busy that the browser had a third of a core); untimed it makes
#: three plans (``widen=2``), about the median in Chromium and WebKit within its time
#: (``bench/bench_computer_turn.py``). So ``easy`` moves one piece at a
#: time and takes a third of the other side's chances to capture it for what they are, ``medium`` plans
#: the turn and takes three quarters of them but never thinks of boulders, and ``hard`` sees both in full
#: and compares its best plans by the other side's best turn over all 72 rolls of its dice.
BUDGETS: dict[str, Budget] = {
    "easy": Budget(beam=1, depth=1, finalists=0, exact=False, nodes=400, seconds=0.15, captures=0.35,
                   boulders=False),
    "medium": Budget(beam=3, depth=3, finalists=0, exact=False, nodes=900, seconds=0.5, captures=0.75,
                     boulders=False),
    "hard": Budget(beam=4, depth=3, finalists=8, exact=True, nodes=2400, seconds=0.5, to_cap=True,
                   widen=2),
}


def planner_player(level: str, timed: bool) -> Player:
    """The planner at ``level``'s budget, for every phase but the set-up.

    Timed, the level's seconds are its whole turn's (``clock.TurnClock``): the first move decision plans
    the turn (``TurnPlans``), and the decisions after it play that plan on while the game goes as planned.
    """
    budget = BUDGETS[level]
    clock = TurnClock(budget.seconds)
    plans = TurnPlans()

    def player(state: State, seat: int) -> Any:
        turn = (state.seed, state.turn, seat)
        deadline = clock.deadline(turn, state.history) if timed else None
        action = plans.next(state, turn)
        if action is None:
            planner = Planner(state, seat, budget, timed, deadline=deadline)
            action = planner.choose()
            plans.keep(state, turn, action, planner.plan)
            report(plays=planner.plays, plans=planner.plans)
        return action

    player.__name__ = f"medieval_planner_{level}" + ("" if timed else "_untimed")
    player.__doc__ = f"Medieval Capture's turn planner at level {level!r}."
    return player


def _level(level: str) -> Callable[[bool, int], Player]:
    def factory(timed: bool, seed: int) -> Player:
        return setup_player(planner_player(level, timed), planned_setup, seed)

    return factory


#: Level name -> factory taking ``timed`` and the player's ``seed`` (see ``capture_lib.search.levels``).
LEVEL_PLAYERS: dict[str, Callable[[bool, int], Player]] = {
    "random": lambda timed, seed: setup_player(random_player, random_setup, seed),
    "beginner": lambda timed, seed: setup_player(beginner_play(Secrets(seed)), rule_setup, seed),
    "rule": lambda timed, seed: setup_player(rule_player, rule_setup, seed),
    "easy": _level("easy"),
    "medium": _level("medium"),
    "hard": _level("hard"),
}

def oracle_player(timed: bool) -> Player:
    """The ``oracle`` ceiling at the hard budget, for every phase but the set-up."""
    budget = BUDGETS["hard"]

    def player(state: State, seat: int) -> Any:
        return oracle_choose(state, seat, budget, timed)

    player.__name__ = "medieval_oracle" + ("" if timed else "_untimed")
    player.__doc__ = "Medieval Capture's ceiling: the hard planner told the hidden facts and the dice to come."
    return player


#: The analysis players only this game has (same form); ``oracle`` replaces the shared ceiling here.
ANALYSIS_PLAYERS: dict[str, Callable[[bool, int], Player]] = {
    "mcts-hard": lambda timed, seed: setup_player(mcts_player("hard", timed), rule_setup, seed),
    "oracle": lambda timed, seed: setup_player(oracle_player(timed), planned_setup, seed),
}
