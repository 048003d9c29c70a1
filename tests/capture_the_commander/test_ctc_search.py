"""Capture the Commander: sampling complete states from an observation, for information-set search."""

from __future__ import annotations

import random

import pytest

from capture_lib import CHANCE, load_game
from capture_lib.games.capture_the_commander.rules.state import EMPTY
from capture_lib.search.mcts import search

GAME = load_game("capture-the-commander")
RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()


def test_samples_agree_with_the_observation_all_game_long():
    for index in range(20):
        rng = random.Random(index)
        options = {"players": 2 + index % 3, "tie_anchor": rng.choice(["battle-card", "last-card"])}
        if index % 5 == 0:
            options["hands"] = 2
        state = GAME.new_game(seed=index, **options)
        while not state.is_over:
            for seat in range(state.num_players):
                seen = state.observation(seat)
                sample = GAME.sample_state(seen, seat, rng)
                assert sample.observation(seat) == seen
                cards = [c for row in sample.layouts for c in row if c != EMPTY]
                cards += sample.beaten + sample.set_aside + sample.deck
                assert sorted(cards) == list(range(52))
                if state.current_player not in (CHANCE, None):
                    assert sample.legal_actions() == state.legal_actions()
            state = state.play(rng.choice(state.legal_actions()))


def test_a_sample_depends_only_on_the_observation():
    spades = " ".join(r + "S" for r in RANKS)
    a = GAME.from_position(f"turn: North\nNorth: {spades}\nSouth: " + " ".join(r + "H" for r in RANKS) + "\n")
    b = GAME.from_position(f"turn: North\nNorth: {spades}\nSouth: " + " ".join(r + "D" for r in RANKS) + "\n")
    # No card has been shown yet, so South sees the same table although South's cards differ.
    assert a.observation(1) == b.observation(1)
    sa = GAME.sample_state(a.observation(1), 1, random.Random(5))
    sb = GAME.sample_state(b.observation(1), 1, random.Random(5))
    assert sa.layouts == sb.layouts


def test_a_hidden_tie_pick_is_sampled_among_the_adjacent_cards():
    text = ("turn: North\nNorth: " + " ".join(r + "S" for r in RANKS) + "\nSouth: " +
            " ".join(r + "H" for r in RANKS) + "\n")
    state = GAME.from_position(text).play("N1xS1").play("pick N5")
    picks = set()
    for i in range(30):
        sample = GAME.sample_state(state.observation(1), 1, random.Random(i))
        assert sample.observation(1) == state.observation(1)
        picks.add(sample.battle[8])
    assert picks == {2, 5}
    mine = GAME.sample_state(state.observation(0), 0, random.Random(1))
    assert mine.battle[8] == 5


def test_wrong_seat_is_refused():
    state = GAME.new_game(seed=1).resolve_chance()
    with pytest.raises(ValueError, match="seat"):
        GAME.sample_state(state.observation(0), 1, random.Random(1))


def test_search_plays_a_legal_move():
    state = GAME.new_game(seed=3, players=3).resolve_chance()
    action = search(state, state.current_player, iterations=40, seconds=5, seed=1)
    assert action in state.legal_actions()
