"""Capture the Commander's computer players.

- ``rule``: the rule-based player (``simple_player``, the ``rule`` level), which weighs each attack
  by its chance of winning the battle from the cards shown, against what is at stake;
- ``search``: the shared search's fitting to the game (``TUNING``: a race policy in the playouts,
  the race table to score where they stop, the root's attacks compared on common samples);
- ``race``: the race table (``race.json``, who wins from each pair of Commander distances) and the
  command that makes it again (``race_table``);
- ``rollout``: fast playouts on plain lists for the ``counter`` ceiling player;
- ``counter``: that player, fair but built against the rule-based player (an analysis player).

``RULE_PLAYER`` is the rule-based player; ``LEVEL_PLAYERS`` is empty (every level is the shared one) and
``ANALYSIS_PLAYERS`` holds ``counter`` (see ``capture_lib.search.levels``).

The face-down cards decide most battles: the best fair play rates little above the search's medium
budget (hard 1659 against medium 1607, too close for a round robin of a few hundred games to tell apart;
``counter``, which knows how the rule-based player chooses, 1607). So the level chooser offers random, the
rule-based player, easy and hard, the levels whose ratings stand apart
(``capture_lib.search.level_ratings.offered_by_rule``), and says why (``FEWER_LEVELS_WHY``); ``medium`` stays
the shared search at its budget and is never offered as another level.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from capture_lib.games.capture_the_commander.players.counter import counter_player
from capture_lib.games.capture_the_commander.players.rule import simple_player
from capture_lib.search.simple import Player

#: The ``rule`` level of this game.
RULE_PLAYER: Player = simple_player
#: Level name -> factory taking ``timed`` and the player's ``seed``, replacing the shared player of that
#: level in this game.
LEVEL_PLAYERS: dict[str, Callable[[bool, int], Player]] = {}
#: Extra named players (factories, as above) that only this game has, for the analysis.
ANALYSIS_PLAYERS: dict[str, Callable[[bool, int], Player]] = {
    "counter": lambda timed, seed: partial(counter_player, timed=timed)}
#: Why the level chooser offers fewer levels than the game has (it says it beside the strongest).
FEWER_LEVELS_WHY = "the cards decide most battles"
