"""Monte Carlo tree search for every game, written once against the protocol.

The search is single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse 2012):

- each iteration starts from a *determinization*: a complete state that the game's
  ``sample_state(observation, seat, rng)`` draws so that it agrees with what the searching seat may
  see. Games without hidden information simply use the state itself. The true state's hidden parts
  are never read: only its observation, its legal actions and its history length;
- the tree is keyed by action notation from the root, so the statistics of all determinizations
  are shared; a node counts how often each action was *available* as well as chosen (UCB with
  availability counts);
- chance events are sampled on the way down with their true probabilities, so dice, deals and coin
  flips are handled like any other branching;
- a playout finishes the game with the game's playout policy (uniform random play unless the game
  has a ``Tuning``, see ``tuning``), capped in length, and scores it with ``returns()``, or, when the
  cap stops it first, with the game's ``evaluate`` (long games: Command Capture, Medieval Capture);
  rewards are credited to the seat that chose each action.

A game's ``Tuning`` may also group equivalent moves (``candidates``) and, for simultaneous hidden
moves, draw the other seats' moves from the playout policy instead of searching them
(``opponent_model``), so the search never assumes the opponent reacts to a move it cannot see.
Where luck swamps the differences between moves (Capture the Commander), the tuning may ask for a
*paired root* (``paired_root``): the root's actions are compared on common samples, the same
determinization and the same later luck for each, and the worse half is dropped in rounds
(sequential halving) instead of choosing among them by UCB. A tuning may also play its playouts on
the game's own fast model of itself (``rollout``) and, with a paired root, search nothing below the
root (``tree``): the ``counter`` ceiling player of Capture the Commander does both.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from capture_lib.core.chance import CHANCE
from capture_lib.core.protocol import State
from capture_lib.search.clock import TurnClock
from capture_lib.search.stats import report
from capture_lib.search.tuning import DEFAULT_BUDGETS, Tuning, tuning_for

#: The levels the search plays at; each game's budgets per level are in its ``Tuning``.
LEVELS: dict[str, tuple[int, float]] = dict(DEFAULT_BUDGETS)


#: How many more actions a playout plays when the game's evaluation has no figure for where it stopped.
_PLAY_ON = 2000


@dataclass
class Node:
    """Statistics of one information set, reached by a sequence of action notations from the root."""

    visits: dict[str, int] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    available: dict[str, int] = field(default_factory=dict)
    children: dict[str, Node] = field(default_factory=dict)


def _play_on(state: State, rng: random.Random, actions: int, tuning: Tuning) -> State:
    """``state`` after up to ``actions`` more actions of the playout policy and the chance sampler."""
    policy, chance = tuning.playout, tuning.chance
    for _ in range(actions):
        if state.is_over:
            break
        state = state.play(chance(state, rng) if state.current_player == CHANCE else policy(state, rng))
    return state


def _playout(state: State, rng: random.Random, cap: int, tuning: Tuning, seat: int) -> list[float]:
    if tuning.rollout is not None and not state.is_over:
        # The game's own fast model plays it out for the searching seat, where it can.
        value = tuning.rollout(state, seat, rng)
        if value is not None:
            return value
    state = _play_on(state, rng, cap, tuning)
    if not state.is_over and tuning.evaluate is not None:
        # Cut short: the game's evaluation stands in for the rest of the game, if it has a figure.
        value = tuning.evaluate(state)
        if value is not None:
            return value
        state = _play_on(state, rng, _PLAY_ON, tuning)
    return state.returns()


def search(state: State, seat: int, iterations: int = 300, seconds: float = 1.0, seed: int | None = None,
           exploration: float | None = None, playout_cap: int | None = None, tuning: Tuning | None = None,
           determinize: Callable[[random.Random], State] | None = None, stats: dict | None = None) -> Any:
    """The action MCTS picks for ``seat`` in ``state`` within the budget.

    That is the most visited root action, or with a paired root the best scored of the last round's.

    ``seed`` fixes the search's own randomness (default: seeded by ``seat``'s observation), so two
    states that look the same to ``seat`` give the same move. ``tuning`` defaults to the game's (see
    ``tuning``). ``determinize(rng)`` replaces the game's sampler: only the ``oracle`` ceiling player
    passes one. If ``stats`` is a dict, the number of iterations and the root statistics are put in it.
    """
    tuning = tuning or tuning_for(state.game.slug)
    c = tuning.exploration if exploration is None else exploration
    cap = tuning.playout_cap if playout_cap is None else playout_cap
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    by_text = {str(a): a for a in legal}
    observation = state.observation(seat)
    if seed is None:
        from capture_lib.search.simple import observation_rng

        rng = observation_rng(state, seat, "mcts")
    else:
        rng = random.Random(seed)
    if determinize is None:
        def determinize(r: random.Random) -> State:
            return state.game.sample_state(observation, seat, r)
    root = Node()
    deadline = time.perf_counter() + seconds
    if tuning.paired_root:
        done = _paired_root(root, legal, seat, determinize, rng, iterations, deadline, tuning, c, cap)
    else:
        done = 0
        for done in range(1, iterations + 1):
            if done > 1 and time.perf_counter() > deadline:
                done -= 1
                break
            _iterate(determinize(rng), root, root, [], seat, rng, tuning, c, cap)
    report(iterations=done)
    if stats is not None:
        stats.update(iterations=done, visits=dict(root.visits),
                     values={t: root.wins[t] / n for t, n in root.visits.items()})
    chosen = [t for t in sorted(root.visits) if t in by_text]
    if not chosen:
        return legal[0]
    if tuning.paired_root:
        # Every action still in the running has been scored on the same samples: the best mean wins.
        most = max(root.visits.values())
        best = max((t for t in chosen if root.visits[t] == most), key=lambda t: root.wins[t])
    else:
        best = max(chosen, key=lambda t: (root.visits[t], root.wins[t]))
    if tuning.finish is not None:
        best = tuning.finish(best, rng)
    return by_text[best]


def _iterate(world: State, node: Node, root: Node, path: list, seat: int, rng: random.Random, tuning: Tuning,
             c: float, cap: int) -> None:
    """One iteration from ``node`` in ``world``: select and expand down the tree, play out, back up.

    ``path`` holds the (node, action, player) steps already taken above ``node`` (the paired root's).
    """
    candidates, model, policy, chance = tuning.candidates, tuning.opponent_model, tuning.playout, tuning.chance
    root_candidates = tuning.root_candidates
    expanded = False
    # Selection and expansion: descend while every available action has been tried.
    while not world.is_over and not expanded:
        player = world.current_player
        if player == CHANCE:
            world = world.play(chance(world, rng))
            continue
        if model and player != seat:
            world = world.play(policy(world, rng))
            continue
        if root_candidates and node is root:
            texts, actions = root_candidates(world, player)
        elif candidates:
            texts, actions = candidates(world, player)
        else:
            actions = world.legal_actions()
            texts = [str(a) for a in actions]
        available, visits, wins = node.available, node.visits, node.wins
        for t in texts:
            available[t] = available.get(t, 0) + 1
        untried = [i for i, t in enumerate(texts) if t not in visits]
        if untried:
            i = rng.choice(untried)
            expanded = True
        else:
            # UCB with availability counts (inlined: this loop is the search's hot spot).
            i, top = 0, -math.inf
            for k, t in enumerate(texts):
                n = visits[t]
                score = wins[t] / n + c * math.sqrt(math.log(available[t]) / n)
                if score > top:
                    i, top = k, score
        text = texts[i]
        path.append((node, text, player))
        world = world.play(actions[i])
        node = node.children.setdefault(text, Node())
    rewards = _playout(world, rng, cap, tuning, seat)
    for visited, text, player in path:
        visited.visits[text] = visited.visits.get(text, 0) + 1
        visited.wins[text] = visited.wins.get(text, 0.0) + (rewards[player] + 1) / 2


def _paired_root(root: Node, legal: list, seat: int, determinize: Callable[[random.Random], State],
                 rng: random.Random, iterations: int, deadline: float, tuning: Tuning, c: float, cap: int) -> int:
    """Score the root's actions on common samples, halving the field in rounds; returns the iterations run.

    Each sample is one determinization and one seed for everything after the root move, used for every
    action still in the running, so two actions are compared on the same hidden cards and the same
    luck (common random numbers): in a game where the deal decides much, the difference between two
    moves then shows through far fewer samples than independent ones need. Below the root the usual
    tree search runs, or with ``tuning.tree`` false, nothing: each sample is played out at once.
    Sequential halving (Karnin, Koren and Somekh 2013) spends the budget in rounds and keeps the
    better half of the actions after each, by their mean over all the samples so far.
    Every legal action starts in the field (a tuning's ``root_candidates`` is not used here).
    """
    alive = [(str(a), a) for a in legal]
    done = 0
    while True:
        # What is left of the budget, shared evenly by the rounds still to come.
        rounds = max(1, math.ceil(math.log2(len(alive))))
        per_action = max(1, (iterations - done) // (rounds * len(alive)))
        for _ in range(per_action):
            if done and time.perf_counter() > deadline:
                return done
            world = determinize(rng)
            seed = rng.getrandbits(64)
            for text, action in alive:
                root.available[text] = root.available.get(text, 0) + 1
                if tuning.tree:
                    child = root.children.setdefault(text, Node())
                    _iterate(world.play(action), child, root, [(root, text, seat)], seat, random.Random(seed),
                             tuning, c, cap)
                else:
                    reward = _playout(world.play(action), random.Random(seed), cap, tuning, seat)[seat]
                    root.visits[text] = root.visits.get(text, 0) + 1
                    root.wins[text] = root.wins.get(text, 0.0) + (reward + 1) / 2
                done += 1
        if len(alive) == 1 or done >= iterations:
            return done
        alive.sort(key=lambda ta: -root.wins[ta[0]] / root.visits[ta[0]])
        alive = alive[:(len(alive) + 1) // 2]


#: The time limit of an untimed search: only the iteration budget stops it.
UNTIMED = 1e9


def mcts_player(level: str = "medium", timed: bool = True) -> Callable[[State, int], Any]:
    """A player function ``(state, seat) -> action`` searching with the budget of ``level`` for its game.

    ``timed=False`` lifts the time limit, so only the iteration budget stops the search: the moves
    then depend on nothing but the position (not on how busy the machine is), which the simulator
    needs for reproducible runs. On a quiet machine the iteration budget is reached within the time
    limit anyway (``bench/bench_ai.py`` measures it).
    """
    if level not in LEVELS:
        raise ValueError(f"bad level {level!r}; choose one of: {', '.join(LEVELS)}")
    clocks: dict[str, TurnClock] = {}

    def player(state: State, seat: int) -> Any:
        tuning = tuning_for(state.game.slug)
        iterations, seconds = tuning.budgets.get(level, LEVELS[level])
        if timed:
            # The level's seconds are its whole turn's (``clock.TurnClock``): decisions one right after the
            # other (the history grown by its own action alone) share them.
            clock = clocks.setdefault(state.game.slug, TurnClock(seconds))
            seconds = max(0.0, clock.deadline((state.seed, seat), state.history, within=1) - time.perf_counter())
        return search(state, seat, iterations=iterations, seconds=seconds if timed else UNTIMED, tuning=tuning)

    player.__name__ = f"mcts_{level}" + ("" if timed else "_untimed")
    player.__doc__ = f"MCTS at level {level!r}, with its game's budget (``tuning``)."
    return player
