"""Simple computer players: a uniformly random one, and the rule-based player of whichever game is played.

A player is a function ``(state, seat) -> action``. It may read ``state.observation(seat)`` and
``state.legal_actions()`` and nothing else of the state, so it never sees a hidden card; its own
randomness may also come from ``game_secret``, a one-way hash of the game's seed.
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

    Players never read the game's seed, which also fixes the hidden deal: only the observation, and the
    player's own secret for the game (``game_secret``, a one-way hash, put in ``salt``), may influence a
    computer player, and seeding from them keeps games and tests reproducible.
    """
    text = json.dumps(state.observation(seat), sort_keys=True) + f"/{len(state.history)}/{salt}"
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the player in ``seat`` of the game seeded ``game_seed``, where none is given: a hash, so
    that the player cannot work the game's seed (and with it the dice and the deal) back out of it."""
    digest = hashlib.sha256(f"capture_lib player/{game_seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def game_secret(seed: int, state: State, seat: int) -> int:
    """The player's secret for the game in ``state``: a hash of its own ``seed``, the game's seed and its seat.

    It varies from game to game what no observation can (a set-up on an empty board, the choice between
    near-equal moves in a game without luck), stays the same through a game (a take-back, a saved game
    played again find the same one), and, a hash, tells the player nothing of the game's seed.
    """
    digest = hashlib.sha256(f"capture_lib secret/{seed}/{state.seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


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
