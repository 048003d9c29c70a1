"""Capture: A Medieval Wargame's computer players.

- ``rule``: the rule-based player (``rule_player``, the ``rule`` level), which tries each action and
  scores the position from its own observation (``score``);
- ``planner``: the ``easy``, ``medium`` and ``hard`` levels: a planner of the whole turn under the dice
  (a beam search over the turn's moves, the catapult and the cards), scored by ``evaluation`` (what
  stands, the other side's best expected turn over its 72 rolls, ours after it) over what its seat may
  see (``belief``: the enemy Knight and cards as chances, from the log), within the budgets of ``players``;
- ``beginner``: the ``beginner`` level, the rule-based player with a beginner's mistakes (it weighs the
  moves of only some of its pieces, forgets cards and shots), rated between the random and rule players;
- ``setup``: set-ups that differ from game to game, at every level (each player's own seed);
- ``geometry``: the board's facts the planner reads (distances, exits, dice, boulder danger);
- ``search``: the shared Monte Carlo search's fitting to the game (``TUNING``), the hard level before the
  planner, kept as the analysis player ``mcts-hard``; ``threats``: its danger terms.

``RULE_PLAYER`` is the rule-based player; ``LEVEL_PLAYERS`` and ``ANALYSIS_PLAYERS`` (see
``capture_lib.search.levels`` and ``players``) replace every level with one that varies its set-up;
``HIDDEN_SETUP`` says what a set-up hides (the Knight's space), for the tests that check it varies.

The dice cap what planning can win: the oracle, who sees the Knights and cards, beats the rule-based player
in about nine games in ten, and the planner's budgets do not all stand apart in the round robin (easy no
better than the rule-based player, medium too close to hard). So the level chooser offers only the levels
whose ratings stand apart (``capture_lib.search.level_ratings.offered_by_rule``) and says why
(``FEWER_LEVELS_WHY``).
"""

from __future__ import annotations

from capture_lib.games.medieval_capture.players.players import ANALYSIS_PLAYERS, LEVEL_PLAYERS
from capture_lib.games.medieval_capture.players.rule import rule_player
from capture_lib.games.medieval_capture.players.setup import hidden_setup
from capture_lib.search.simple import Player

#: The ``rule`` level's play (its set-up is varied in ``LEVEL_PLAYERS``).
RULE_PLAYER: Player = rule_player
#: The game's hidden set-up (the Knight's space), as ``setup.hidden_setup`` reads it.
HIDDEN_SETUP = hidden_setup
#: Why the level chooser offers fewer levels than the game has (it says it beside the strongest).
FEWER_LEVELS_WHY = "the dice leave the planner little room above the rule-based player"

__all__ = ["ANALYSIS_PLAYERS", "FEWER_LEVELS_WHY", "HIDDEN_SETUP", "LEVEL_PLAYERS", "RULE_PLAYER"]
