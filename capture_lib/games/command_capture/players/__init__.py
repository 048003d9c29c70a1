"""Command Capture's computer players.

- ``rule``: the rule-based player (``simple_player``, the ``rule`` level), which looks one reply
  ahead on a belief board built from what it may see (``belief``), and its set-up (``setup_choice``);
- ``beginner``: the ``beginner`` level, the rule-based player's eye with a beginner's mistakes (it often
  forgets the enemy's answer), rated between the random and the rule-based players;
- ``alphabeta``: the ``easy``, ``medium`` and ``hard`` levels: an alpha-beta search with iterative
  deepening, move ordering and a quiescence search over captures, with budgets in positions searched;
- ``search``: the shared Monte Carlo search's fitting to the game (``TUNING``: greedy playouts cut
  short and scored by material, the root's moves narrowed to those the rule-based player rates best).
  It was the hard level until the alpha-beta search beat it; it stays as the analysis player
  ``mcts-hard``, so the book can measure the two against each other.

``RULE_PLAYER`` is the rule-based player; ``LEVEL_PLAYERS`` and ``ANALYSIS_PLAYERS`` are read by
``capture_lib.search.levels``; ``HIDDEN_SETUP`` says what a seat's set-up hides (its Assassin's square), for
the tests that check every level varies it from game to game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from capture_lib.core.protocol import State
from capture_lib.games.command_capture.players.alphabeta import alphabeta_player
from capture_lib.games.command_capture.players.beginner import beginner_player
from capture_lib.games.command_capture.players.rule import random_level, rule_player, setup_choice, simple_player
from capture_lib.games.command_capture.rules.units import ASN
from capture_lib.search.mcts import mcts_player
from capture_lib.search.simple import Player, game_secret

#: The ``rule`` level of this game.
RULE_PLAYER: Player = simple_player
#: Level name -> factory taking ``timed`` and the player's ``seed``, replacing the shared player of that level
#: in this game. Every level draws its set-up and its choice among near-equal moves from its secret for
#: the game (``game_secret`` of its seed): the game has no luck to vary them.
LEVEL_PLAYERS: dict[str, Callable[[bool, int], Player]] = {
    "random": lambda timed, seed: random_level(seed),
    "beginner": lambda timed, seed: beginner_player(seed),
    "rule": lambda timed, seed: rule_player(seed),
    **{level: (lambda timed, seed, level=level: alphabeta_player(level, timed, seed))
       for level in ("easy", "medium", "hard")}}


def _sets_up_first(play: Player, seed: int) -> Player:
    """``play``, but for the chosen set-up, which it makes as the levels do (``rule.setup_choice``)."""
    def player(state: State, seat: int) -> Any:
        if state.phase == "setup":
            return setup_choice(state, seat, game_secret(seed, state, seat))
        return play(state, seat)

    player.__name__ = getattr(play, "__name__", "player")
    player.__doc__ = getattr(play, "__doc__", None)
    return player


def hidden_setup(state: State, seat: int) -> int | None:
    """What ``seat``'s set-up hides from the other seat, once made: the square its Assassin started on
    (``None`` before it is placed). The tests check that the computer varies it from game to game."""
    for sq, unit in enumerate(state.board):
        if unit is not None and unit[0] == seat and unit[1] == ASN:
            return sq
    return None


#: The game's hidden set-up, as ``hidden_setup`` reads it.
HIDDEN_SETUP: Callable[[State, int], int | None] = hidden_setup
#: Extra named players (factories, as above) that only this game has, for the analysis:
#: ``mcts-hard`` is the shared search at its hard budget, the hard level before the alpha-beta search.
ANALYSIS_PLAYERS: dict[str, Callable[[bool, int], Player]] = {
    "mcts-hard": lambda timed, seed: _sets_up_first(mcts_player("hard", timed), seed)}
