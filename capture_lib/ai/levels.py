"""Computer players by level, for the boards, the terminal game and the simulator."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capture_lib.core.protocol import State

#: ``rule`` is each game's rule-based player; the others are MCTS with growing budgets.
LEVEL_NAMES = ("random", "rule", "easy", "medium", "hard")


def player_for(level: str) -> Callable[[State, int], Any]:
    """The computer player of ``level`` (one of ``LEVEL_NAMES``)."""
    from .mcts import LEVELS, mcts_player
    from .simple import random_player, simple_player

    if level == "random":
        return random_player
    if level == "rule":
        return simple_player
    if level in LEVELS:
        return mcts_player(level)
    raise ValueError(f"bad level {level!r}; choose one of: {', '.join(LEVEL_NAMES)}")
