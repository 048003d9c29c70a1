"""Simple computer players: a uniformly random one, and each game's rule-based player.

A player is a function ``(state, seat) -> action``. It may read ``state.observation(seat)`` and
``state.legal_actions()`` and nothing else of the state, so it never sees a hidden card.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

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


def _rule_players() -> dict[str, Player]:
    from capture_lib.games.capture_the_commander.strategy import simple_player as capture_the_commander_player
    from capture_lib.games.command_capture.player import simple_player as command_capture_player
    from capture_lib.games.medieval_capture.player import rule_player as medieval_capture_player

    from .card_commander_rules import card_commander_player

    return {
        "card-commander": card_commander_player,
        "capture-the-commander": capture_the_commander_player,
        "command-capture": command_capture_player,
        "medieval-capture": medieval_capture_player,
    }


def simple_player(state: State, seat: int) -> Any:
    """The game's rule-based player: simple, sensible, not random; random play where none exists."""
    player = _rule_players().get(state.game.slug, random_player)
    return player(state, seat)
