"""Computer players by name, for the boards, the terminal game, the simulator and the analysis.

``player_for(level)`` gives a level of ``LEVEL_NAMES`` (what the boards and the terminal offer);
``make_player(name, timed=...)`` also gives the ceiling players of ``ANALYSIS_PLAYERS`` and any
analysis player that one game's package adds. A player finds its game from ``state.game.slug``
when it is called, so one player serves every game:

- ``random`` is ``simple.random_player`` and ``rule`` each game's ``RULE_PLAYER``;
- ``easy``, ``medium`` and ``hard`` are the shared search (``mcts.mcts_player``) with the game's budgets;
- a game's package (``capture_lib.games.<game>.players``) may replace a level in that game alone with its
  ``LEVEL_PLAYERS`` (level name -> factory taking ``timed`` and ``seed``), and add named players with
  its ``ANALYSIS_PLAYERS`` (same form), which only that game can use;
- every level plays as itself. Which levels the chooser offers is decided from their ratings
  (``level_ratings.offered_by_rule``); where a game's luck leaves room for fewer distinct levels than it
  has, its package's ``FEWER_LEVELS_WHY`` says why in one sentence (the chooser shows it);
  ``fewer_levels_why(slug)`` reads it.

A player's ``seed`` is its own, never the game's: it feeds only the free choices that no observation can
vary, such as a set-up made before anything is on the board (the first piece placed sees the same
empty board in every game), or which of two near-equal moves to play. Without a seed, a player takes
a new one for each game it plays, ``seat_seed(game seed, seat)``: a hash of the game's seed, so the
computer's set-up and choices change with every new game (whose seed is fresh, and secret, on a board),
reveal nothing of the deal or the dice, and come back exactly when a saved game, which holds its seed,
is played again. A seed given (a test, a board told ``computer_seed``) is the player's for every game;
a game's player then draws a new choice each game from it and the game's seed. A game's factory may
ignore its seed where the observations already differ from game to game (a deal, dice).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from capture_lib.core.protocol import State
from capture_lib.search.mcts import LEVELS, mcts_player
from capture_lib.search.oracle import oracle_player
from capture_lib.search.simple import Player, game_package, random_player, seat_seed, simple_player

#: The levels, weakest first: ``rule`` is each game's rule-based player, ``beginner`` a gentler one that
#: makes a beginner's mistakes (only in the games whose package has one: see ``game_levels``), the others
#: searches with growing budgets.
LEVEL_NAMES = ("random", "beginner", "rule", "easy", "medium", "hard")
#: The levels every game has (a game's package may replace each); the rest only where a package adds them.
SHARED_LEVELS = ("random", "rule", "easy", "medium", "hard")
#: Players the analysis knows besides the levels: ceilings used to measure a game, never offered in play.
ANALYSIS_PLAYERS = ("oracle",)

#: A factory of one player from ``timed`` and ``seed``: ``timed=False`` lifts the search's time limit (see
#: ``mcts.mcts_player``); ``seed`` is the player's own (see the module's docstring).
Factory = Callable[[bool, int], Player]


def _shared(name: str, timed: bool) -> Player:
    """The player every game gets for ``name`` unless its package replaces it."""
    if name == "random":
        return random_player
    if name == "rule":
        return simple_player
    if name in LEVELS:
        return mcts_player(name, timed=timed)
    return partial(oracle_player, timed=timed)


def _own_levels(slug: str) -> Mapping[str, Factory]:
    """The game ``slug``'s own ``LEVEL_PLAYERS`` (empty where it has no players part)."""
    package = game_package(slug)
    return package.LEVEL_PLAYERS if package is not None else {}


def _own_analysis(slug: str) -> Mapping[str, Factory]:
    """The game ``slug``'s own ``ANALYSIS_PLAYERS`` (empty where it has no players part)."""
    package = game_package(slug)
    return package.ANALYSIS_PLAYERS if package is not None else {}


def game_players() -> dict[str, tuple[str, ...]]:
    """Each name of a game's own ``ANALYSIS_PLAYERS`` -> the slugs of the games that have it."""
    names: dict[str, tuple[str, ...]] = {}
    from capture_lib.games import list_games

    for slug in list_games():
        for name in _own_analysis(slug):
            names[name] = (*names.get(name, ()), slug)
    return names


def player_names() -> tuple[str, ...]:
    """Every name that ``make_player`` accepts: the levels, the shared ceilings, then the games' own players."""
    shared = LEVEL_NAMES + ANALYSIS_PLAYERS
    return shared + tuple(name for name in game_players() if name not in shared)


def game_levels(slug: str) -> tuple[str, ...]:
    """The levels game ``slug`` has, weakest first: the shared ones and those its package adds."""
    own = _own_levels(slug)
    return tuple(level for level in LEVEL_NAMES if level in SHARED_LEVELS or level in own)


def fewer_levels_why(slug: str) -> str:
    """Why game ``slug``'s chooser may offer fewer levels than it has, in one sentence (its package's
    ``FEWER_LEVELS_WHY``; "" where it declares none)."""
    package = game_package(slug)
    return "" if package is None else package.FEWER_LEVELS_WHY


def _build(name: str, slug: str, timed: bool, seed: int) -> Player:
    """Game ``slug``'s player called ``name`` with its own ``seed``."""
    own = _own_levels(slug) if name in LEVEL_NAMES else _own_analysis(slug)
    if name in own:
        return own[name](timed, seed)
    if name in SHARED_LEVELS + ANALYSIS_PLAYERS:
        return _shared(name, timed)
    if name in LEVEL_NAMES:
        raise ValueError(f"{slug} has no {name!r} level; its levels: {', '.join(game_levels(slug))}")
    games = ", ".join(game_players().get(name, ()))
    raise ValueError(f"the player {name!r} plays only {games}, not {slug}")


def _dispatch(name: str, timed: bool, seed: int | None) -> Player:
    """A player that builds the game's player called ``name`` and plays it: with ``seed`` given, once for
    each kind of game it is asked to play; without, once for each game and seat, seeded ``seat_seed``."""
    built: dict[tuple[str, int], tuple[int, Player]] = {}

    def player(state: State, seat: int) -> Any:
        slug = state.game.slug
        own = seat_seed(state.seed, seat) if seed is None else seed
        key = (slug, seat if seed is None else -1)
        entry = built.get(key)
        if entry is None or entry[0] != own:
            # A new game (another seed): a new player, which forgets what it kept of the last game.
            entry = built[key] = (own, _build(name, slug, timed, own))
        return entry[1](state, seat)

    player.__name__ = name + ("" if timed else "_untimed")
    player.__doc__ = f"The computer player {name!r} of whichever game it is asked to play (``levels``)."
    return player


def player_for(level: str, timed: bool = True, seed: int | None = None) -> Player:
    """The computer player of ``level`` (one of ``LEVEL_NAMES``), as the boards and the terminal offer it.

    ``timed=False`` lifts the search's time limit, so the moves depend on the position alone; ``seed``
    is the player's own (see the module's docstring).
    """
    if level not in LEVEL_NAMES:
        raise ValueError(f"bad level {level!r}; choose one of: {', '.join(LEVEL_NAMES)}")
    return _dispatch(level, timed, seed)


def make_player(name: str, *, timed: bool, seed: int | None = None) -> Player:
    """The player called ``name`` (one of ``player_names()``): a level, a ceiling or a game's own player.

    The simulator and the analysis pass ``timed=False``: the search levels then play by their
    iteration budget alone, so a seeded run gives the same games on any machine, however busy.
    A game's own player asked to play another game raises ``ValueError`` when it is called. ``seed`` is
    the player's own (the simulator derives one from each game's seed and seat, see ``simulate``).
    """
    names = player_names()
    if name not in names:
        raise ValueError(f"bad player {name!r}; choose one of: {', '.join(names)}")
    return _dispatch(name, timed, seed)
