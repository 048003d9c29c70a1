"""The search's fitting to Capture: A Medieval Wargame: purposeful playouts cut short, a scored end.

A random game lasts about nine hundred actions, so a playout here plays ``PLAYOUT_CAP`` actions
(about the rest of a turn) and ``evaluate`` scores the position it reaches with the rule-based player's
measure (Crowns taken above all, then carried Crowns and how near they are to home, pieces taken and
lost, how far the attackers have come), seen by nobody in particular so that no hand counts.

- The playout policy rolls without looking or playing a card, and moves like a player with a plan:
  take a lying enemy Crown, bring a carried one home, capture, rescue, otherwise step towards the
  enemy Crowns; now and then it moves at random or ends the turn early.
- At the root the tree considers only the moves the rule-based player rates best (``ROOT_WIDTH``),
  its best catapult shot, rerolling and ending the turn: a turn offers about a hundred moves and
  most of them wander.
- The other side's Knight and cards are drawn by the game's sampler for every playout.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from capture_lib.core.protocol import Action, State
from capture_lib.games.medieval_capture.actions import End, Move, Roll, Shoot
from capture_lib.games.medieval_capture.board import BOARD
from capture_lib.games.medieval_capture.player import _aim, _distances, score

from .tuning import Tuning

#: Actions a playout plays before ``evaluate`` scores it (about the rest of a turn).
PLAYOUT_CAP = 8
#: How often a playout makes a random move instead of the planned one.
NOISE = 0.2
#: How many of the rule-based player's best-rated moves the root considers.
ROOT_WIDTH = 6
#: ``score`` difference that counts as a near-certain win (a Crown is worth 1000).
SCALE = 600.0
_CROWN_HOMES = tuple(frozenset(BOARD.crowns[side]) for side in (0, 1))
_HOME = tuple(frozenset(i for i, t in enumerate(BOARD.territory) if t != 1 - side and BOARD.kind[i] != "dungeon")
              for side in (0, 1))


def _move_value(world: State, move: Move, enemy_crowns: dict[int, int], occupant: list[int], side: int) -> float:
    path = move.path
    end = path[-1]
    value = 0.0
    if world.carried_by(move.piece) >= 0:
        # Bring the Crown home: every step nearer to one's own territory counts.
        to_home = _distances(_HOME[side])
        return 10.0 + to_home[path[0]] - to_home[end]
    if any(s in enemy_crowns for s in path[1:]):
        value += 12.0
    victim = occupant[end] if end >= 0 else -1
    if victim >= 0 and victim // 10 != side:
        value += 5.0
    if move.free is not None:
        value += 4.0
    to_crowns = _distances(_CROWN_HOMES[1 - side])
    return value + 0.5 * (min(to_crowns[path[0]], 20) - min(to_crowns[end], 20))


def playout(world: State, rng: random.Random) -> Action:
    """A quick, purposeful action for the player to act (see the module's docstring)."""
    legal = world.legal_actions()
    phase = world.phase
    if phase == "start":
        return next((a for a in legal if isinstance(a, Roll)), legal[-1])
    if phase != "move" or rng.random() < NOISE:
        moves = [a for a in legal if not isinstance(a, Shoot)] or legal
        return rng.choice(moves)
    side = world.side
    occupant = world._occupancy()
    enemy_crowns = {where: c for c, where in enumerate(world.crowns) if 0 <= where < 1000 and c // 3 != side}
    best, best_value = None, 0.5
    for a in legal:
        if isinstance(a, Move):
            value = _move_value(world, a, enemy_crowns, occupant, side) + rng.random() * 0.5
            if value > best_value:
                best, best_value = a, value
    if best is not None:
        return best
    return next((a for a in legal if isinstance(a, End)), rng.choice(legal))


def evaluate(world: State) -> list[float]:
    """The expected result of an unfinished game from the rule-based player's measure, for every seat."""
    view = world.view(None)
    blue = math.tanh((score(view, 0) - score(view, 1)) / (2 * SCALE))
    return [blue if seat % 2 == 0 else -blue for seat in range(world.num_players)]


_root_cache: dict[tuple, tuple[list[str], list[Action]]] = {}


def root_candidates(world: State, seat: int) -> tuple[Sequence[str], Sequence[Action]]:
    """In the move phase, the moves the rule-based player rates best, its best shot, reroll and end.

    The ratings read only ``seat``'s own view of each result, which the hidden facts do not change,
    so they are computed once for all determinizations of a position. Other phases keep every action.
    """
    legal = world.legal_actions()
    if world.phase != "move" or len(legal) <= ROOT_WIDTH + 2:
        return [str(a) for a in legal], legal
    side = seat % 2
    key = (seat, world.loc, world.crowns, world.dice, world.moved, world.shots, world.card, world.hands[side],
           world.waiting, world.turn)
    found = _root_cache.get(key)
    if found is None:
        base = score(world.view(seat), side)
        rated, others = [], []
        for a in legal:
            if isinstance(a, Move):
                after = world.play(a)
                while after.phase == "draw":  # a card will be drawn: count it without knowing which
                    after = after.play(after.chance_outcomes()[0][0])
                rated.append((score(after.view(seat), side) - base, str(a), a))
            elif not isinstance(a, Shoot):
                others.append(a)
        rated.sort(key=lambda r: (-r[0], r[1]))
        kept = [a for _, _, a in rated[:ROOT_WIDTH]] + others
        shots = [a for a in legal if isinstance(a, Shoot)]
        if shots:
            value, shot = _aim(world.view(seat), side, shots)
            if shot is not None and value >= 1:
                kept.append(shot)
        found = ([str(a) for a in kept], kept)
        if len(_root_cache) > 64:
            _root_cache.clear()
        _root_cache[key] = found
    return found


TUNING = Tuning(playout=playout, evaluate=evaluate, root_candidates=root_candidates, playout_cap=PLAYOUT_CAP,
                exploration=0.5, budgets={"easy": (20, 0.15), "medium": (80, 0.5), "hard": (220, 0.9)})
