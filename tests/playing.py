"""Games played for a test: seeded random play to the position a test needs, and the rule-based players' games
played to their end."""

from __future__ import annotations

import random

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
