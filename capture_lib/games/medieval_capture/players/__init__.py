"""Capture: A Medieval Wargame's computer players.

- ``rule``: the rule-based player (``rule_player``, the ``rule`` level), which tries each action and
  scores the position from its own observation (``score``);
- ``search``: the shared search's fitting to the game (``TUNING``: a rule-like playout, an
  evaluation of unfinished playouts, the root's actions narrowed to the best rated);
- ``threats``: what the evaluation adds to the rule-based score, the pieces and Crowns at risk
  from the enemy's next turn (moves and the catapult).

``RULE_PLAYER`` is the rule-based player; ``LEVEL_PLAYERS`` and ``ANALYSIS_PLAYERS`` (see
``capture_lib.search.levels``) are empty: every level is the shared one.
"""

from __future__ import annotations

from collections.abc import Callable

from capture_lib.games.medieval_capture.players.rule import rule_player
from capture_lib.search.simple import Player

#: The ``rule`` level of this game.
RULE_PLAYER: Player = rule_player
#: Level name -> factory taking ``timed`` and the player's ``seed``, replacing the shared player of that
#: level in this game.
LEVEL_PLAYERS: dict[str, Callable[[bool, int], Player]] = {}
#: Extra named players (factories, as above) that only this game has, for the analysis.
ANALYSIS_PLAYERS: dict[str, Callable[[bool, int], Player]] = {}
