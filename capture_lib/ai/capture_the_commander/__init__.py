"""Capture the Commander's computer players.

- ``rule``: the rule-based player (``simple_player``, the ``rule`` level), which weighs each attack
  by its chance of winning the battle from the cards shown, against what is at stake;
- ``search``: the shared search's fitting to the game (``TUNING``: a race policy in the playouts,
  the race table to score where they stop, the root's attacks compared on common samples);
- ``race``: the race table (``race.json``, who wins from each pair of Commander distances) and the
  command that makes it again: ``python -m capture_lib.ai.capture_the_commander.race``;
- ``rollout``: fast playouts on plain lists for the ``counter`` ceiling player (``oracle``).

``RULE_PLAYER`` is the rule-based player; ``LEVEL_PLAYERS`` and ``ANALYSIS_PLAYERS`` (see
``capture_lib.ai.levels``) are empty: every level is the shared one.
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
