"""Set-ups that differ from game to game, at every level.

Blue places its first piece on an empty board, the same in every game, so a set-up drawn from what the
player sees would be the same set-up every game, and an opponent could learn it. Each computer player
therefore draws a *game secret* from its own seed for each game (``Secrets``; the player's seed is its
own, never the game's, see ``capture_lib.search.levels``), and every choice of its set-up is drawn from
that secret:

- ``random_setup``: a uniformly random legal placement (the ``random`` level);
- ``rule_setup``: the rule-based player's set-up (the Knight one or two spaces from the Crowns, Soldiers
  on the roads to them, spread out), choosing at random among the spaces it rates within ``RULE_SLACK``
  of the best (the ``rule`` level);
- ``planned_setup``: the planner's set-up (the search levels): a Knight one to three spaces from the
  Crowns, two to four raiders on the rocks nearest the border (a black die carries them far once they
  cross), the rest guarding the roads to the Crowns, no two within one boulder's reach where it can
  be helped; which spaces, and how many raiders, drawn at random.
"""

from __future__ import annotations

import random
from typing import Any

from capture_lib.core.protocol import Action, State
from capture_lib.games.medieval_capture.players.geometry import distances, exit_costs
from capture_lib.games.medieval_capture.players.rule import _distances
from capture_lib.games.medieval_capture.rules.actions import Place
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.games.medieval_capture.rules.catapult import cached_reach
from capture_lib.games.medieval_capture.rules.state import IS_ROCK, KIND, TERR
from capture_lib.search.simple import observation_rng

#: The rule-based set-up picks among the spaces rated within this much of the best.
RULE_SLACK = 1.0
#: Raiders of a planned set-up: at least, at most.
RAIDERS = (2, 4)


class Secrets:
    """A player's game secrets, drawn from its own seed: a new one for each game it plays.

    A game is known by its seed, so a take-back to before the first piece, or a saved game played again,
    finds the same secret and the same set-up.
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.current: int | None = None
        self.game: int | None = None

    def for_game(self, state: State, seat: int) -> int:
        """The secret of the game in ``state`` (``seat`` is the player's)."""
        if self.current is None or state.seed != self.game:
            self.game = state.seed
            self.current = self.rng.getrandbits(64)
        return self.current


def random_setup(state: State, seat: int, secret: int) -> Action:
    """A uniformly random legal placement, drawn from the game secret and what ``seat`` sees."""
    return observation_rng(state, seat, f"setup/{secret}").choice(state.legal_actions())


def rule_setup(state: State, seat: int, secret: int) -> Action:
    """The rule-based player's placement (see the module's docstring), among the near-best at random."""
    side = seat % 2
    legal = state.legal_actions()
    crowns = frozenset(BOARD.crowns[side])
    to_crowns = _distances(crowns)
    taken = [state.loc[p] for p in range(side * 10, side * 10 + 10) if state.loc[p] >= 0]
    knight_placed = state.knight[side] >= 0
    rated = []
    for action in legal:
        is_knight = action.knight
        if is_knight != (not knight_placed and len(taken) >= 2) and not all(a.knight for a in legal):
            continue  # the Knight goes third, the rest are Soldiers
        near = min((BOARD.distance(action.space, t) for t in taken), default=999.0)
        depth = to_crowns[action.space]
        # The Knight one or two spaces from the Crowns, either as good (one space alone left six places to
        # hide it in); the Soldiers four out, on the roads to them; all of them spread out.
        value = (-max(0, abs(2 * depth - 3) - 1) * 3 if is_knight else -abs(depth - 4)) + min(near, 200) / 50
        rated.append((value, str(action), action))
    if not rated:
        return legal[0]
    best = max(v for v, _, _ in rated)
    near_best = sorted((text, action) for v, text, action in rated if v >= best - RULE_SLACK)
    return observation_rng(state, seat, f"setup/{secret}").choice(near_best)[1]


def plan_setup(side: int, pieces: int, river_free: bool, secret: int) -> list[tuple[int, bool]]:
    """The planned set-up of ``side`` for the game secret ``secret``: ``pieces`` (space, is the Knight)
    in the order they are placed (see the module's docstring)."""
    rng = random.Random(f"medieval planned set-up/{secret}/{side}")
    spaces = [s for s in range(len(KIND)) if IS_ROCK[s] and KIND[s] != "crown" and TERR[s] == side]
    table = distances(river_free)
    crowns = BOARD.crowns[side]
    to_crowns = {s: min(table[s][c] for c in crowns) for s in spaces}
    # How far a piece must go to leave its own territory: the raiders start where that is least.
    out = exit_costs(1 - side, river_free)
    chosen: list[int] = []

    def spread(pool: list[int]) -> list[int]:
        """``pool`` less the spaces a boulder landing on a chosen piece would also knock over."""
        apart = [s for s in pool if s not in chosen and not any(s in cached_reach(c) for c in chosen)]
        return apart or [s for s in pool if s not in chosen]

    knight = rng.choice(spread([s for s in spaces if 1 <= to_crowns[s] <= 3]))
    chosen.append(knight)
    raiders = rng.randint(*RAIDERS)
    front = sorted(spaces, key=lambda s: (out[s], s))[:12]
    for _ in range(min(raiders, pieces - 1)):
        chosen.append(rng.choice(spread(front)))
    guards = [s for s in spaces if 2 <= to_crowns[s] <= 5]
    while len(chosen) < pieces:
        chosen.append(rng.choice(spread(guards) or spread(spaces)))
    soldiers = chosen[1:]
    rng.shuffle(soldiers)
    # The Knight takes a random place in the order, so the order gives nothing away either.
    order = [(s, False) for s in soldiers]
    order.insert(rng.randrange(pieces), (knight, True))
    return order


def planned_setup(state: State, seat: int, secret: int) -> Action:
    """The placement of the planned set-up (``plan_setup``) for the piece to place now."""
    side = seat % 2
    pieces = state.cfg.start_pieces[side]
    plan = plan_setup(side, pieces, state.cfg.river_free, secret)
    placed = sum(1 for p in range(side * 10, side * 10 + 10) if state.loc[p] >= 0)
    space, knight = plan[placed]
    legal = state.legal_actions()
    wanted = [a for a in legal if isinstance(a, Place) and a.space == space and a.knight == knight]
    return wanted[0] if wanted else observation_rng(state, seat, f"setup/{secret}").choice(legal)


def hidden_setup(state: State, seat: int) -> int | None:
    """What ``seat``'s set-up hides from the other side, once made: the space its Knight started on
    (``None`` until every piece of its side is placed). The tests check that it varies from game to game."""
    side = seat % 2
    placed = sum(1 for p in range(side * 10, side * 10 + 10) if state.loc[p] >= 0)
    if placed < state.cfg.start_pieces[side] or state.knight[side] < 0:
        return None
    return state.loc[state.knight[side]]


def setup_player(play: Any, choose_setup: Any, seed: int) -> Any:
    """A player that sets up with ``choose_setup(state, seat, secret)`` (a new secret each game, drawn
    from ``seed``) and plays with ``play(state, seat)`` after."""
    secrets = Secrets(seed)

    def player(state: State, seat: int) -> Action:
        if state.phase == "place":
            return choose_setup(state, seat, secrets.for_game(state, seat))
        return play(state, seat)

    player.__name__ = getattr(play, "__name__", "player")
    player.__doc__ = getattr(play, "__doc__", None)
    return player
