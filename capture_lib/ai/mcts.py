"""Monte Carlo tree search for every game, written once against the protocol.

The search is single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse 2012):

- each iteration starts from a *determinization*: a complete state that the game's
  ``sample_state(observation, seat, rng)`` draws so that it agrees with what the searching seat may
  see. Games without hidden information simply hand back a copy of the state. The true state's
  hidden parts are never read: only its observation, its legal actions and its history length;
- the tree is keyed by action notation from the root, so the statistics of all determinizations
  are shared; a node counts how often each action was *available* as well as chosen (UCB with
  availability counts);
- chance events are sampled from ``chance_outcomes()`` on the way down, so dice, deals and coin
  flips are handled like any other branching, with their true probabilities;
- a playout finishes the game with uniformly random actions (capped in length) and scores it with
  ``returns()``; rewards are credited to the seat that chose each action.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from capture_lib.core.chance import CHANCE, pick_outcome
from capture_lib.core.protocol import State

#: Search budgets by level: iterations, and a time cap in seconds that the search never exceeds.
LEVELS: dict[str, tuple[int, float]] = {
    "easy": (60, 0.15),
    "medium": (300, 0.5),
    "hard": (1500, 0.9),
}


@dataclass
class Node:
    """Statistics of one information set, reached by a sequence of action notations from the root."""

    visits: dict[str, int] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    available: dict[str, int] = field(default_factory=dict)
    children: dict[str, Node] = field(default_factory=dict)


def _determinize(state: State, seat: int, rng: random.Random) -> State:
    sampler = getattr(state.game, "sample_state", None)
    if sampler is None:
        return state
    return sampler(state.observation(seat), seat, rng)


def _ucb(node: Node, action: str, c: float) -> float:
    n = node.visits.get(action, 0)
    if n == 0:
        return math.inf
    return node.wins[action] / n + c * math.sqrt(math.log(max(1, node.available[action])) / n)


def _playout(state: State, rng: random.Random, cap: int) -> list[float]:
    for _ in range(cap):
        if state.is_over:
            break
        if state.current_player == CHANCE:
            state = state.play(pick_outcome(state.chance_outcomes(), rng))
        else:
            state = state.play(rng.choice(state.legal_actions()))
    return state.returns()


def search(state: State, seat: int, iterations: int = 300, seconds: float = 1.0, seed: int | None = None,
           exploration: float = 0.7, playout_cap: int = 400) -> Any:
    """The action MCTS picks for ``seat`` in ``state`` within the budget (the most visited root action).

    ``seed`` fixes the search's own randomness (default: seeded by ``seat``'s observation), so two
    states that look the same to ``seat`` give the same move.
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    by_text = {str(a): a for a in legal}
    if seed is None:
        from .simple import observation_rng

        rng = observation_rng(state, seat, "mcts")
    else:
        rng = random.Random(seed)
    root = Node()
    deadline = time.perf_counter() + seconds
    for iteration in range(iterations):
        if iteration and time.perf_counter() > deadline:
            break
        world = _determinize(state, seat, rng)
        node, path = root, []
        # Selection and expansion: descend while every available action has been tried.
        while not world.is_over:
            player = world.current_player
            if player == CHANCE:
                world = world.play(pick_outcome(world.chance_outcomes(), rng))
                continue
            actions = world.legal_actions()
            texts = [str(a) for a in actions]
            for t in texts:
                node.available[t] = node.available.get(t, 0) + 1
            untried = [i for i, t in enumerate(texts) if node.visits.get(t, 0) == 0]
            if untried:
                i = rng.choice(untried)
            else:
                i = max(range(len(texts)), key=lambda k: (_ucb(node, texts[k], exploration), -k))
            text = texts[i]
            path.append((node, text, player))
            world = world.play(actions[i])
            node = node.children.setdefault(text, Node())
            if untried:
                break
        rewards = _playout(world, rng, playout_cap)
        for visited, text, player in path:
            visited.visits[text] = visited.visits.get(text, 0) + 1
            visited.wins[text] = visited.wins.get(text, 0.0) + (rewards[player] + 1) / 2
    best = max(sorted(root.visits), key=lambda t: root.visits[t]) if root.visits else str(legal[0])
    return by_text.get(best, legal[0])


def mcts_player(level: str = "medium") -> Callable[[State, int], Any]:
    """A player function ``(state, seat) -> action`` searching with the budget of ``level``."""
    if level not in LEVELS:
        raise ValueError(f"bad level {level!r}; choose one of: {', '.join(LEVELS)}")
    iterations, seconds = LEVELS[level]

    def player(state: State, seat: int) -> Any:
        return search(state, seat, iterations=iterations, seconds=seconds)

    player.__name__ = f"mcts_{level}"
    player.__doc__ = f"MCTS at level {level!r}: {iterations} iterations, at most {seconds} s a move."
    return player
