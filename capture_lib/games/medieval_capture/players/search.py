"""The search's fitting to Capture: A Medieval Wargame: purposeful playouts cut short, a scored end.

This was the hard level before the turn planner (``planner``) replaced the search levels; it stays as the
analysis player ``mcts-hard`` (the shared search at its hard budget), so that the book can measure the
two against each other.

A random game lasts about nine hundred actions, so a playout here plays ``PLAYOUT_CAP`` actions
(about the rest of a turn) and ``evaluate`` scores the position it reaches with ``measure``: the
rule-based player's measure (Crowns taken above all, then carried Crowns and how near they are to
home, pieces taken and lost, how far the attackers have come), seen by nobody in particular so that no
hand counts, less the danger that the rule-based player does not see: what the other side could
capture on its next turn, and what its next catapult shot could kill at home
(``threats``). Those terms are what lift the search above the rule-based player,
which walks its raiders up to waiting defenders and never counts the boulders the other side may fire
at its home.

- The playout policy rolls without looking or playing a card, and moves like a player with a plan:
  take a lying enemy Crown, bring a carried one home, capture, rescue, otherwise step towards the
  enemy Crowns; now and then it moves at random or ends the turn early.
- At the root the tree considers only the moves that ``measure`` rates best (``ROOT_WIDTH``), rerolling
  and ending the turn: a turn offers about a hundred moves and most of them wander. When the
  rule-based player's best catapult shot is worth firing, it is the root's one candidate: it is fired
  before anything else.
- Below the root the tree considers every legal action but the catapult's other spots: a shot is
  fired from the spot level with its aim (the truest throw, as the rule-based player fires), so a
  turn with a shot adds one shot for each aim, not nine.
- At the start of a turn the search plays as the rule-based player does (its cards, then the roll).
- The other side's Knight and cards are drawn by the game's sampler for every playout.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from capture_lib.core.protocol import Action, State
from capture_lib.games.medieval_capture.players.rule import SHOT_WORTH, _aim, _distances, rule_player, score
from capture_lib.games.medieval_capture.players.threats import boulder_threat, threat
from capture_lib.games.medieval_capture.rules.actions import End, Move, Roll, Shoot
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.games.medieval_capture.rules.catapult import nearest_spot
from capture_lib.search.tuning import Tuning, remembered

#: Actions a playout plays before ``evaluate`` scores it (about the rest of a turn).
PLAYOUT_CAP = 8
#: How often a playout makes a random move instead of the planned one.
NOISE = 0.2
#: How many of the best-rated moves (by ``measure``) the root considers.
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
    if move.take is not None:
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


def measure(world: State, view: dict, side: int) -> float:
    """The rule-based player's measure of ``view`` for ``side``, less what the other side threatens to take
    (by capture abroad, by boulder at home)."""
    return score(view, side) - threat(world, side) - boulder_threat(world, side)


def evaluate(world: State) -> list[float]:
    """The expected result of an unfinished game by ``measure``, for every seat."""
    view = world.view(None)
    blue = math.tanh((measure(world, view, 0) - measure(world, view, 1)) / (2 * SCALE))
    return [blue if seat % 2 == 0 else -blue for seat in range(world.num_players)]


def root_candidates(world: State, seat: int) -> tuple[Sequence[str], Sequence[Action]]:
    """In the move phase, the moves ``measure`` rates best, the best shot, reroll and end.

    The ratings read only ``seat``'s own view of each result, which the hidden facts do not change,
    so they are computed once for all determinizations of a position. Other phases keep every action.
    """
    legal = world.legal_actions()
    if world.phase == "start":
        # Looks change nothing, and a card's worth shows only in what the turn does with it, which the
        # playouts do not see (they never shoot): play the cards as the rule-based player does.
        choice = rule_player(world, seat)
        return [str(choice)], [choice]
    if world.phase != "move" or len(legal) <= ROOT_WIDTH + 2:
        return [str(a) for a in legal], legal
    return _rated_root(world, seat)


def _seen_position(world: State, seat: int) -> tuple:
    """What ``_rated_root`` reads: the public position and ``seat``'s own hand."""
    return (seat, world.loc, world.crowns, world.dice, world.moved, world.shots, world.card,
            world.hands[seat % 2], world.waiting, world.turn)


@remembered(_seen_position)
def _rated_root(world: State, seat: int) -> tuple[list[str], list[Action]]:
    side = seat % 2
    seen = world.view(seat)
    base = measure(world, seen, side)
    rated, others = [], []
    legal = world.legal_actions()
    for a in legal:
        if isinstance(a, Move):
            after = world.play(a)
            while after.phase == "draw":  # a card will be drawn: count it without knowing which
                after = after.play(after.chance_outcomes()[0][0])
            rated.append((measure(after, after.view(seat), side) - base, str(a), a))
        elif not isinstance(a, Shoot):
            others.append(a)
    rated.sort(key=lambda r: (-r[0], r[1]))
    kept = [a for _, _, a in rated[:ROOT_WIDTH]] + others
    shots = [a for a in legal if isinstance(a, Shoot)]
    if shots:
        value, shot = _aim(seen, side, shots)
        if shot is not None and value >= SHOT_WORTH:
            # A shot worth firing is fired first, as the rule-based player does: the playouts never shoot,
            # so the tree alone would rate it by a few noisy samples and often end the turn with it unused.
            return [str(shot)], [shot]
    return [str(a) for a in kept], kept


def candidates(world: State, seat: int) -> tuple[Sequence[str], Sequence[Action]]:
    """Every legal action, but each aim's shot only from the spot level with it (see the docstring)."""
    legal = world.legal_actions()
    if world.phase == "move" and world.shots:
        legal = [a for a in legal if not isinstance(a, Shoot) or a.spot == nearest_spot(world.side, a.aim)]
    return [str(a) for a in legal], legal


TUNING = Tuning(playout=playout, evaluate=evaluate, root_candidates=root_candidates, candidates=candidates,
                playout_cap=PLAYOUT_CAP,
                exploration=0.5, budgets={"easy": (20, 0.15), "medium": (80, 0.5), "hard": (220, 0.9)})
