"""Command Capture's computer players.

- ``rule``: the rule-based player (``simple_player``, the ``rule`` level), which looks one reply
  ahead on a belief board built from what it may see (``belief``), and its set-up (``setup_choice``);
- ``search``: the shared search's fitting to the game (``TUNING``: greedy playouts cut short and
  scored by material, the root's moves narrowed to those the rule-based player rates best).

``RULE_PLAYER`` is the rule-based player; ``LEVEL_PLAYERS`` and ``ANALYSIS_PLAYERS`` (see
``capture_lib.ai.levels``) are empty for now: every level is the shared one.
"""

from __future__ import annotations

from collections.abc import Callable

from ..simple import Player
from .rule import simple_player

#: The ``rule`` level of this game.
RULE_PLAYER: Player = simple_player
#: Level name -> factory taking ``timed``, replacing the shared player of that level in this game.
LEVEL_PLAYERS: dict[str, Callable[[bool], Player]] = {}
#: Extra named players (factories taking ``timed``) that only this game has, for the analysis.
ANALYSIS_PLAYERS: dict[str, Callable[[bool], Player]] = {}
