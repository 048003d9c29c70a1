"""Players by name (``capture_lib.search.levels``): the shared levels, and what a game's package adds or replaces."""

from __future__ import annotations

import importlib.util

import pytest

from capture_lib import list_games, load_game
from capture_lib.games.card_commander import players as card_commander
from capture_lib.search import levels
from capture_lib.search.simple import game_package, random_player
from capture_lib.search.tuning import PLAIN, Tuning, tuning_for
from tests.registry import games, has_part


def _first(slug: str):
    return load_game(slug).new_game(seed=3).resolve_chance()


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("players"))
def test_every_games_players_have_a_rule_player_and_a_tuning(slug):
    package = game_package(slug)
    assert callable(package.RULE_PLAYER) and package.__doc__
    assert isinstance(package.LEVEL_PLAYERS, dict) and isinstance(package.ANALYSIS_PLAYERS, dict)
    assert set(package.LEVEL_PLAYERS) <= set(levels.LEVEL_NAMES)
    # The game's own fitting of the shared search (``search.TUNING`` in its players), or the plain search's.
    own = importlib.util.find_spec(f"{package.__name__}.search") is not None
    assert isinstance(tuning_for(slug), Tuning) and (tuning_for(slug) is not PLAIN) == own


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("players"))
def test_a_level_plays_the_game_it_is_given(slug):
    rule = levels.make_player("rule", timed=False)
    state = _first(slug)
    package = game_package(slug)
    # A game may make its rule level of its rule-based player (its set-up varies from game to game), with
    # the seed a player given none takes: the game's own, hashed with the seat.
    own = package.LEVEL_PLAYERS.get("rule")
    seed = levels.seat_seed(state.seed, state.current_player)
    expected = own(False, seed) if own is not None else package.RULE_PLAYER
    assert rule(state, state.current_player) == expected(state, state.current_player)


def test_a_game_may_replace_a_level_in_that_game_alone(monkeypatch):
    made = []

    def factory(timed: bool, seed: int):
        made.append((timed, seed))
        return random_player

    monkeypatch.setitem(card_commander.LEVEL_PLAYERS, "rule", factory)
    rule = levels.make_player("rule", timed=False)
    state = _first("card-commander")
    first = (False, levels.seat_seed(state.seed, 0))  # unseeded: the game's seed, hashed with the seat
    assert rule(state, 0) == random_player(state, 0) and made == [first]
    rule(state, 0)
    assert made == [first]  # built once per game, not once a move
    rule(state, 1)
    assert made[-1] == (False, levels.seat_seed(state.seed, 1))  # the other seat: a player of its own
    another = load_game("card-commander").new_game(seed=4).resolve_chance()
    rule(another, 0)
    assert made[-1] == (False, levels.seat_seed(4, 0)) and len(made) == 3  # a new game: a new player
    levels.make_player("rule", timed=False, seed=7)(state, 0)
    assert made[-1] == (False, 7)
    other = _first("command-capture")
    assert rule(other, 0) == game_package("command-capture").RULE_PLAYER(other, 0)


def test_a_game_only_player_is_named_up_front_and_refused_elsewhere(monkeypatch):
    names = "random, beginner, rule, easy, medium, hard, oracle, counter, mcts-hard"
    with pytest.raises(ValueError, match=f"choose one of: {names}$"):
        levels.make_player("lookahead", timed=False)
    monkeypatch.setitem(card_commander.ANALYSIS_PLAYERS, "lookahead", lambda timed, seed: random_player)
    assert "lookahead" in levels.player_names()
    player = levels.make_player("lookahead", timed=True)
    state = _first("card-commander")
    assert player(state, 0) == random_player(state, 0)
    with pytest.raises(ValueError, match="'lookahead' plays only card-commander, not medieval-capture"):
        player(_first("medieval-capture"), 0)
    with pytest.raises(ValueError, match="bad level"):
        levels.player_for("lookahead")


def test_every_level_plays_as_itself():
    # No game makes a level play as another (the chooser leaves out a level it cannot tell apart instead):
    # Card Commander's easy, medium and hard are three budgets of the shared search, each under its own name.
    built = {level: levels._build(level, "card-commander", False, 0) for level in ("easy", "medium", "hard")}
    assert {level: player.__name__ for level, player in built.items()} == {
        level: f"mcts_{level}_untimed" for level in built}


def test_a_level_beyond_the_shared_ones_is_only_where_a_game_has_it():
    with_players = [slug for slug in list_games() if has_part(slug, "players")]
    for slug in with_players:
        own = game_package(slug).LEVEL_PLAYERS
        assert ("beginner" in levels.game_levels(slug)) == ("beginner" in own)
        assert set(levels.SHARED_LEVELS) <= set(levels.game_levels(slug))
    missing = next((slug for slug in with_players if "beginner" not in levels.game_levels(slug)), None)
    if missing is not None:
        with pytest.raises(ValueError, match=f"{missing} has no 'beginner' level; its levels: random, rule"):
            levels.player_for("beginner", timed=False)(_first(missing), _first(missing).current_player)
