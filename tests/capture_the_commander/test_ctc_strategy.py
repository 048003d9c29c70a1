"""Capture the Commander: the simple computer player."""

from __future__ import annotations

import random

from capture_lib import CHANCE, load_game
from capture_lib.games.capture_the_commander.players.rule import simple_player, win_chance

GAME = load_game("capture-the-commander")


def test_win_chance():
    assert win_chance("AS", "KD", []) == 1.0 and win_chance("2S", "3D", []) == 0.0
    assert win_chance("7S", "7D", []) == 0.5 and win_chance(None, None, [1, 2]) == 0.5
    assert win_chance("AS", None, [0, 1, 12]) == (1 + 1 + 0.5) / 3
    assert win_chance(None, "AS", [0, 12]) == 0.25


def test_choices_depend_only_on_the_observation():
    # Same public picture, different hidden cards: the same choice.
    a = GAME.from_position("turn: North\nNorth: " + " ".join(r + "S" for r in
                           "2 3 4 5 6 7 8 9 10 J Q K A".split()) + "\nSouth: " +
                           " ".join(r + "H" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()) + "\n")
    b = GAME.from_position("turn: North\nNorth: " + " ".join(r + "S" for r in
                           "A K Q J 10 9 8 7 6 5 4 3 2".split()) + "\nSouth: " +
                           " ".join(r + "D" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()) + "\n")
    assert a.observation(0) == b.observation(0)
    assert simple_player(a, 0) == simple_player(b, 0)


def test_prefers_a_known_winner_against_an_open_commander():
    text = ("turn: North\nNorth: AS* 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2D\n"
            "South: 2H 3H 4H 5H 6H 7H 8H 9H 10H JH - KH AH\nbeaten: QH\n")
    state = GAME.from_position(text)
    assert simple_player(state, 0) == "N1xS13"


def test_beats_random_play():
    wins = 0
    games = 60
    for i in range(games):
        rng = random.Random(i)
        state = GAME.new_game(seed=i, players=2)
        smart = i % 2
        while not state.is_over:
            seat = state.current_player
            if seat == CHANCE:
                state = state.play_chance()
            elif seat == smart:
                action = simple_player(state, seat)
                assert action in {str(a) for a in state.legal_actions()}
                state = state.play(action)
            else:
                state = state.play(rng.choice(state.legal_actions()))
        wins += smart in state.winners
    assert wins > games * 0.6
