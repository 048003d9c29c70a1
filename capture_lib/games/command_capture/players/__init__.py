"""Command Capture's computer players.

- ``rule``: the rule-based player (``simple_player``, the ``rule`` level), which looks one reply
  ahead on a belief board built from what it may see (``belief``), and its set-up (``setup_choice``);
- ``alphabeta``: the ``easy``, ``medium`` and ``hard`` levels: an alpha-beta search with iterative
  deepening, move ordering and a quiescence search over captures, with budgets in positions searched;
- ``search``: the shared Monte Carlo search's fitting to the game (``TUNING``: greedy playouts cut
  short and scored by material, the root's moves narrowed to those the rule-based player rates best).
  It was the hard level until the alpha-beta search beat it; it stays as the analysis player
  ``mcts-hard``, so the book can measure the two against each other.

``RULE_PLAYER`` is the rule-based player; ``LEVEL_PLAYERS`` and ``ANALYSIS_PLAYERS`` are read by
``capture_lib.search.levels``.
"""

from __future__ import annotations

from collections.abc import Callable

from capture_lib.games.command_capture.players.alphabeta import alphabeta_player
from capture_lib.games.command_capture.players.rule import simple_player
from capture_lib.search.mcts import mcts_player
from capture_lib.search.simple import Player

#: The ``rule`` level of this game.
RULE_PLAYER: Player = simple_player
#: Level name -> factory taking ``timed`` and the player's ``seed`` (unused: every choice here is seeded by
#: what the player sees), replacing the shared player of that level in this game.
LEVEL_PLAYERS: dict[str, Callable[[bool, int], Player]] = {
    level: (lambda timed, seed, level=level: alphabeta_player(level, timed)) for level in ("easy", "medium", "hard")}
#: Extra named players (factories, as above) that only this game has, for the analysis:
#: ``mcts-hard`` is the shared search at its hard budget, the hard level before the alpha-beta search.
ANALYSIS_PLAYERS: dict[str, Callable[[bool, int], Player]] = {
    "mcts-hard": lambda timed, seed: mcts_player("hard", timed)}
