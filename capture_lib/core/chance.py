"""Chance as explicit events: the seat that acts while a die, a shuffle or a coin is pending."""

from __future__ import annotations

import random
from fractions import Fraction

#: The seat that "acts" while a chance event is pending (OpenSpiel uses -1 too).
CHANCE = -1


def derived_rng(seed: int, step: int) -> random.Random:
    """A random generator for chance event number ``step`` of a game seeded with ``seed``.

    States are immutable, so they cannot carry a generator that advances; deriving one per step
    from the seed keeps a seeded game exactly reproducible whatever order states are explored in.
    """
    return random.Random(f"{seed}/{step}")


def pick_outcome(outcomes: list[tuple[object, Fraction | float]], rng: random.Random) -> object:
    """Pick one outcome from ``(outcome, probability)`` pairs with ``rng``."""
    if not outcomes:
        raise ValueError("no chance outcomes to pick from")
    x = rng.random()
    total = 0.0
    for outcome, p in outcomes:
        total += float(p)
        if x < total:
            return outcome
    return outcomes[-1][0]
