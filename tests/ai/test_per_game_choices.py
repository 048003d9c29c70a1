"""Every computer player varies from game to game what no observation varies, by the game's seed.

A board's computer takes no seed of its own: each game it draws one from the game's (``levels.seat_seed``).
So in every game, at every level the chooser offers:

- over 50 new boards its hidden set-up takes at least 8 forms, where the game has one (a game's players
  package says what its set-up hides with ``HIDDEN_SETUP``);
- the same moves of a person get another whole sequence of replies in every new game;
- a saved game (which holds its seed) played again gets exactly the same replies.

The search levels play untimed here, by their budgets, as the simulator and a replay do.
"""

from __future__ import annotations

import functools

import pytest

from capture_lib import load_game
from capture_lib.core import saves
from capture_lib.core.chance import CHANCE
from capture_lib.games import list_games
from capture_lib.search.level_ratings import offered_levels
from capture_lib.search.levels import player_for
from capture_lib.search.simple import game_package, random_player
from tests.registry import shipped

#: The computer's seat in these games; the person's is the other.
COMPUTER = 1
#: New games compared for their replies, and the computer's decisions compared in each (after its set-up).
GAMES, REPLIES = 3, 3
#: The shipped games (the toy game's three decisions leave its computer no room to vary).
CASES = [(slug, level) for slug in list_games() if shipped(slug) for level in offered_levels(slug)]


def _hidden(slug: str):
    players = game_package(slug)
    return players.HIDDEN_SETUP if players is not None else None


@pytest.mark.parametrize("slug", [slug for slug in list_games() if _hidden(slug) is not None])
@pytest.mark.parametrize("seat", [0, 1])
def test_over_50_new_boards_the_hidden_set_up_takes_at_least_8_forms_at_every_level(slug, seat):
    game, hidden = load_game(slug), _hidden(slug)
    for level in offered_levels(slug):
        forms = set()
        for number in range(50):
            state = game.new_game(seed=10_000 + number)
            computer = player_for(level, timed=False)
            while (form := hidden(state, seat)) is None:
                mover = state.current_player
                if mover == CHANCE:
                    state = state.play_chance()
                else:
                    state = state.play(computer(state, mover) if mover == seat else random_player(state, mover))
            forms.add(form)
        assert len(forms) >= 8, (level, sorted(forms))


def _person(state, seat):
    """The person: the same view, the same move (a random player seeded by what it sees alone)."""
    return random_player(state, seat)


@functools.cache
def _game(slug: str, level: str, seed: int) -> tuple:
    """A game of the person against the computer at ``level``: its state after the computer's first
    ``REPLIES`` decisions once its set-up is made (or at its end, if sooner), and those decisions."""
    state = load_game(slug).new_game(seed=seed)
    computer = player_for(level, timed=False)
    hidden = _hidden(slug)
    replies: list[str] = []
    while not state.is_over and len(replies) < REPLIES:
        mover = state.current_player
        if mover == CHANCE:
            state = state.play_chance()
            continue
        if mover % 2 != COMPUTER:
            state = state.play(_person(state, mover))
            continue
        set_up = hidden is None or hidden(state, mover) is not None
        action = computer(state, mover)
        if set_up:
            replies.append(str(action))
        state = state.play(action)
    return state, tuple(replies)


@pytest.mark.parametrize(("slug", "level"), CASES)
def test_the_same_moves_never_get_the_same_whole_replies_in_two_new_games(slug, level):
    sequences = [_game(slug, level, 500 + number)[1] for number in range(GAMES)]
    assert all(sequences)
    assert len(set(sequences)) == GAMES, sequences


@pytest.mark.parametrize(("slug", "level"), CASES)
def test_a_saved_game_played_again_gets_the_same_replies(slug, level):
    played, _ = _game(slug, level, 500)
    loaded = saves.load(load_game(slug), saves.dump(played))
    assert loaded.seed == played.seed and loaded.history == played.history
    # A new computer, as a board that opens the save would have: every reply it gives is the one kept.
    computer = player_for(level, timed=False)
    state = load_game(slug).new_game(seed=loaded.seed, **loaded.options)
    for action in loaded.history:
        mover = state.current_player
        if mover != CHANCE and mover % 2 == COMPUTER:
            assert str(computer(state, mover)) == str(action)
        state = state.play(action)
