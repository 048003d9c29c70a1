"""Simple computer players: a uniformly random one, and each game's rule-based player.

A player is a function ``(state, seat) -> action``. It may read ``state.observation(seat)`` and
``state.legal_actions()`` and nothing else of the state, so it never sees a hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from capture_lib.core.chance import derived_rng
from capture_lib.core.protocol import State

Player = Callable[[State, int], Any]


def _rng(state: State, seat: int) -> random.Random:
    # Seeded by the game and the move number: the same position gives the same choice, so examples
    # and tests with a computer opponent are reproducible.
    return derived_rng(state.seed * 7 + seat, len(state.history))


def random_player(state: State, seat: int) -> Any:
    """A uniformly random legal action (reproducible for a seeded game)."""
    return _rng(state, seat).choice(state.legal_actions())


def _rule_players() -> dict[str, Player]:
    from .card_commander_rules import card_commander_player

    return {"card-commander": card_commander_player}


def simple_player(state: State, seat: int) -> Any:
    """The game's rule-based player: simple, sensible, not random; random play where none exists."""
    player = _rule_players().get(state.game.slug, random_player)
    return player(state, seat)
