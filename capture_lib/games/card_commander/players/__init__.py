"""Card Commander's computer players.

- ``rule``: the rule-based player (``card_commander_player``, the ``rule`` level), which picks a
  Commander, sends its two strongest cards and its weakest, and adds a useful extra card;
- ``search``: the shared search's fitting to the game (``TUNING``: a rule-like playout, placements
  grouped by the set of cards).

``RULE_PLAYER`` is the rule-based player; ``LEVEL_PLAYERS`` and ``ANALYSIS_PLAYERS`` (see
``capture_lib.search.levels``) are empty: every level is the shared one.

The deal decides most games: the ``oracle``, who sees every card, rates barely above the rule-based
player, so no fair player can stand far above it, and the search's budgets made levels that a round robin
could not tell apart (medium rated below easy). So the level chooser offers three strengths, random, the
rule-based player and the search at its best (``hard``), the levels whose ratings stand apart
(``capture_lib.search.level_ratings.offered_by_rule``), and says why (``FEWER_LEVELS_WHY``); ``easy`` and
``medium`` stay the shared search at their budgets, for the analysis, and are never offered as another level.
"""

from __future__ import annotations

from collections.abc import Callable

from capture_lib.games.card_commander.players.oracle import oracle_world
from capture_lib.games.card_commander.players.rule import card_commander_player
from capture_lib.search.simple import Player

#: The ``rule`` level of this game.
RULE_PLAYER: Player = card_commander_player
#: Level name -> factory taking ``timed`` and the player's ``seed``, replacing the shared player of that
#: level in this game.
LEVEL_PLAYERS: dict[str, Callable[[bool, int], Player]] = {}
#: Extra named players (factories, as above) that only this game has, for the analysis.
ANALYSIS_PLAYERS: dict[str, Callable[[bool, int], Player]] = {}
#: What the ``oracle`` ceiling player knows of this game (``capture_lib.search.oracle``): the opponent's hand.
ORACLE_WORLD = oracle_world
#: Why the level chooser offers fewer levels than the game has (it says it beside the strongest).
FEWER_LEVELS_WHY = "the deal decides most games"
