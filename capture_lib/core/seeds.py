"""Seeds: the whole numbers that fix a game's chance, checked once and drawn from a secure source.

A leaf of the core: the protocol and the persistence modules both read it, and it imports nothing of
the project, so neither needs the other for a seed.
"""

from __future__ import annotations

import random
from typing import Any

from capture_lib.core.options import shown

#: Seeds are whole numbers from 0 up to this limit (exclusive): 64 bits is plenty to draw from, and a
#: bound keeps a seed from a file from being a number too long to print or hash.
SEED_LIMIT = 2**64


def check_seed(seed: Any) -> int:
    """``seed`` if it is a whole number from 0 to ``SEED_LIMIT - 1``, else ``ValueError`` saying so."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"a seed must be an int (a whole number), not {shown(seed)}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {shown(seed)}")
    return int(seed)


def fresh_seed() -> int:
    """A seed drawn from the system's secure random source, for a game whose caller fixed none."""
    return random.SystemRandom().randrange(2**32)
