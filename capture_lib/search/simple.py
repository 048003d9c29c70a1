"""Simple computer players: a uniformly random one, and the rule-based player of whichever game is played.

A player is a function ``(state, seat) -> action``. It may read ``state.observation(seat)`` and
``state.legal_actions()`` and nothing else of the state, so it never sees a hidden card.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

from capture_lib.core.parts import PlayersPart
from capture_lib.core.protocol import State

Player = Callable[[State, int], Any]


def observation_rng(state: State, seat: int, salt: str = "") -> random.Random:
    """A generator seeded by what ``seat`` sees (and the move number): the same view, the same choices.

    Players never seed from the game's seed, which also fixes the hidden deal: only the observation
    may influence a computer player, and seeding from it keeps games and tests reproducible.
    """
    text = json.dumps(state.observation(seat), sort_keys=True) + f"/{len(state.history)}/{salt}"
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def random_player(state: State, seat: int) -> Any:
    """A uniformly random legal action (reproducible: seeded by the player's observation)."""
    return observation_rng(state, seat, "random").choice(state.legal_actions())


def game_package(slug: str) -> PlayersPart | None:
    """The players of the game ``slug`` (its description's ``players`` part, imported and checked on first
    use: ``capture_lib.core.parts.PlayersPart``), or ``None`` for a game without one."""
    from capture_lib.games import describe

    try:
        return describe(slug).players
    except LookupError:  # not one of the games: it has no players of its own
        return None


def simple_player(state: State, seat: int) -> Any:
    """The game's rule-based player: simple, sensible, not random; random play where none exists."""
    package = game_package(state.game.slug)
    player = random_player if package is None else package.RULE_PLAYER
    return player(state, seat)
