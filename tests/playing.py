"""Games played for a test: seeded random play to the position a test needs, and the rule-based players' games
played to their end."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

from capture_lib import CHANCE, load_game
from capture_lib.search.simple import simple_player


def reached(game_slug: str, wanted, seed: int = 3, start=None, **options):
    """The first state of seeded random games (from ``start``, or a new game) for which ``wanted(state)`` holds."""
    rng = random.Random(seed)
    state = start or load_game(game_slug).new_game(seed=seed, **options)
    for _ in range(20_000):
        if wanted(state):
            return state
        if state.is_over:
            state = load_game(game_slug).new_game(seed=rng.randrange(10**6), **options)
        elif state.current_player == CHANCE:
            state = state.play_chance()
        else:
            state = state.play(rng.choice(state.legal_actions()))
    raise AssertionError(f"no {game_slug} game of these reached the position the test needs")


def human_turn(game_slug: str, seat: int = 0, moves: int = 12):
    """A state reached by random play in which ``seat`` is to act, after at least ``moves`` actions."""
    return reached(game_slug, lambda s: not s.is_over and len(s.history) >= moves and s.current_player == seat)


def finish(slug: str, seed: int, **options):
    """A seeded game between the rule-based players, played to its end; also the states on the way."""
    state = load_game(slug).new_game(seed=seed, **options)
    seen = [state]
    while not state.is_over:
        state = state.play_chance() if state.current_player == CHANCE else state.play(
            simple_player(state, state.current_player))
        seen.append(state)
    return state, seen


#: The executor of the tests' reruns of stored experiments: one thread, so a rerun runs beside nothing else.
POOL = ThreadPoolExecutor(1)


def agrees(stored: tuple, rerun_scores: list[float]) -> bool:
    """Whether a stored rate (a summary's ``(rate, low, high, games)``) and a rerun's scores are two samples of one
    rate."""
    # Two samples of the same rate: the stored experiment's and the rerun's, with fresh seeds. They
    # agree when their difference is within what two independent samples of these sizes give 99 times
    # in 100. (Asking the stored rate to lie in the rerun's 95% interval treats the stored figure as
    # exact; every rules change replays every experiment, and that check then failed on plain noise.)
    p_stored, n_stored = stored[0], stored[3]
    n_rerun = len(rerun_scores)
    p_rerun = sum(rerun_scores) / n_rerun
    pooled = (p_stored * n_stored + p_rerun * n_rerun) / (n_stored + n_rerun)
    spread = (pooled * (1 - pooled) * (1 / n_stored + 1 / n_rerun)) ** 0.5
    return abs(p_stored - p_rerun) <= 2.576 * spread
