"""Medieval Capture's ceiling player, ``oracle``: the hard planner, told every hidden fact and the dice to come.

Never offered in play: it shows how much of the game the dice leave to skill (the card games' chapters
measure theirs the same way). It plans on the true position, so it knows the enemy's Knight and cards,
and since a seeded game's dice, draws and boulders are fixed in advance (``core.chance.derived_rng``)
it knows those too:

- at the start of its turn it tries every card it could play, and no card, with the roll that would
  then come, plans each turn and keeps the best;
- it fires at the aim whose boulder it knows will fall best, and its plans draw the cards it will draw;
- it scores the end of a plan with the roll the other side will make next (if that side rolls at once,
  without a card first: where it plays one, the roll it gets is another, and the oracle guessed wrong).

What the oracle cannot win against a given opponent, no fair player can expect to.
"""

from __future__ import annotations

from typing import Any

from capture_lib.core.protocol import Action, State
from capture_lib.games.medieval_capture.players.belief import Belief
from capture_lib.games.medieval_capture.players.evaluation import Danger, quick, value
from capture_lib.games.medieval_capture.players.planner import Budget, Planner
from capture_lib.games.medieval_capture.rules.actions import End, PlayCard, Roll, Shoot


class OraclePlanner(Planner):
    """The planner with the truth (see the module's docstring)."""

    def _knowledge(self, state: State, seat: int) -> tuple[Belief, State]:
        side = seat % 2
        enemy = 1 - side
        knight = {state.knight[enemy]: 1.0} if state.knight[enemy] >= 0 else {}
        knight[state.knight[side]] = 1.0
        holds = {code: float(code in state.hands[enemy]) for code in set(state.hands[enemy]) | {"catapult"}}
        return Belief(side, knight, holds), state

    def _play(self, world: State, action: Action) -> State:
        """``world`` after ``action``, any card drawn on the way the one the game will deal."""
        self.plays += 1
        after = world.play(action)
        while after.phase == "draw":
            after = after.play_chance()
        return after

    def _value(self, world: State) -> float:
        roll = None
        if world.phase == "move" and world.side == self.side:
            # The other side's roll if it rolls at once after this plan's end.
            after = world.play(End())
            if after.phase == "start" and after.side != self.side:
                dice = after.play(Roll()).play_chance().dice
                roll = (dice[0], dice[1]) if dice else None
        return value(world, self.side, self.belief, self.weights, self.budget.exact, roll)

    def _start(self, legal: list[Action]) -> Action:
        """Each card, or none, tried with the roll that would follow it; the best planned turn wins."""
        best, best_value = None, float("-inf")
        for option in sorted((a for a in legal if isinstance(a, (PlayCard, Roll))), key=str):
            world = self.world if isinstance(option, Roll) else self.world.play(option)
            rolled = world.play(Roll()).play_chance()
            if rolled.phase != "move":
                continue
            plan = OraclePlanner(rolled, self.seat, self.budget, self.deadline is not None, self.weights)
            plan.deadline = self.deadline
            _first, worth, _ended = plan._plan()
            if worth > best_value:
                best, best_value = option, worth
        return best if best is not None else next(a for a in legal if isinstance(a, Roll))

    def _shot(self, legal: list[Action]) -> Action | None:
        """The shot whose boulder, as the game will let it fall, gains most (none if no shot gains)."""
        shots = [a for a in legal if isinstance(a, Shoot)]
        if not shots:
            return None
        danger = Danger(self.world, self.side, self.belief)
        base = quick(self.world, self.side, self.belief, danger, self.weights)
        best, best_gain = None, 1.0
        for shot in shots:
            landed = self.world.play(shot).play_chance()
            if landed.phase == "kill":
                landed = landed.play(self._kill(landed.legal_actions(), landed))
            gain = quick(landed, self.side, self.belief, danger, self.weights) - base
            if gain > best_gain:
                best, best_gain = shot, gain
        return best


def oracle_choose(state: State, seat: int, budget: Budget, timed: bool) -> Any:
    """The oracle's action for ``seat`` in ``state`` (not the set-up)."""
    return OraclePlanner(state, seat, budget, timed).choose()
