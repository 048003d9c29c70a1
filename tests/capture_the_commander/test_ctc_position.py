"""Capture the Commander: the position text, read and written, and malformed texts."""

from __future__ import annotations

import pytest

from capture_lib import load_game
from capture_lib.games.capture_the_commander.rules import position
from capture_lib.games.capture_the_commander.rules.actions import card_number

GAME = load_game("capture-the-commander")
NORTH = "AS KD 7C* 2H 9S 10D 3C 4H 5S 6D 8C JH QS"
SOUTH = "2S 3S - 5C 6S 7S 8S 10S JS 9C KS AH 2D"
TEXT = f"dealer: South\nturn: North\nNorth: {NORTH}\nSouth: {SOUTH}\nbeaten: 4S\n"


def test_read_a_position():
    state = GAME.from_position(TEXT)
    assert state.num_players == 2 and state.current_player == 0 and state.dealer == 1
    assert state.card_at(0, 1) == card_number("AS") and state.card_at(1, 3) is None
    assert state.cards_left(1) == 12
    assert state.beaten == (card_number("4S"),)
    assert card_number("7C") in state.revealed and card_number("AS") not in state.revealed
    obs = state.observation(1)
    assert obs["layouts"][0]["cards"][2]["known"] == "7C" and obs["beaten"] == ["4S"]
    # Everything not written was set aside unseen.
    assert len(state.set_aside) == 52 - 13 - 12 - 1
    assert state.history == () and state.start == TEXT


def test_write_is_canonical_and_round_trips():
    messy = f"# a comment\n\nnorth : {NORTH}\nTURN: n\nSouth:   {SOUTH}\ndealer: S\nbeaten: 4s\n"
    state = GAME.from_position(messy)
    assert position.write(state) == TEXT
    again = GAME.from_position(position.write(state))
    assert again == state


def test_write_refuses_mid_tie_and_chance():
    with pytest.raises(ValueError, match="phase"):
        position.write(GAME.new_game(seed=1))


def test_out_players_and_three_seats():
    text = f"turn: East\nNorth: {NORTH}\nEast: {SOUTH}\nWest: out\n"
    state = GAME.from_position(text)
    assert state.num_players == 3 and state.out == (False, False, True) and state.dealer == 0
    assert "West: out" in position.write(state)


@pytest.mark.parametrize("text,words", [
    ("turn: North\nNorth: " + NORTH + "\n", "a table is one of"),
    ("turn: North\nNorth: " + NORTH + "\nEast: " + SOUTH + "\n", "a table is one of"),
    ("North: " + NORTH + "\nSouth: " + SOUTH + "\n", "no 'turn' line"),
    ("turn: North\nNorth: AS KD\nSouth: " + SOUTH + "\n", "13 slots"),
    ("turn: North\nNorth: " + NORTH.replace("AS", "ZZ") + "\nSouth: " + SOUTH + "\n", "North slot 1"),
    ("turn: North\nNorth: " + NORTH.replace("AS", "2D") + "\nSouth: " + SOUTH + "\n", "appears twice"),
    ("turn: North\nNorth: " + NORTH.replace("QS", "-") + "\nSouth: " + SOUTH + "\n", "no Commander"),
    ("turn: South\nNorth: " + NORTH + "\nSouth: out\n", "at least two players"),
    ("turn: East\nNorth: " + NORTH + "\nEast: out\nWest: " + SOUTH + "\n", "out of the hand"),
    ("turn: Bob\nNorth: " + NORTH + "\nSouth: " + SOUTH + "\n", "no player 'Bob'"),
    ("turn: North\ncolour: red\nNorth: " + NORTH + "\nSouth: " + SOUTH + "\n", "unknown field"),
    ("turn North\nNorth: " + NORTH + "\nSouth: " + SOUTH + "\n", "should be 'name: value'"),
    ("turn: North\nNorth: " + NORTH + "\nNorth: " + NORTH + "\nSouth: " + SOUTH + "\n", "written twice"),
    ("turn: North\nturn: South\nNorth: " + NORTH + "\nSouth: " + SOUTH + "\n", "written twice"),
    (TEXT + "hand: 2\n", "hand"),
    (TEXT + "scores: 1\n", "scores"),
    (TEXT.replace("beaten: 4S", "beaten: AS"), "appears twice"),
])
def test_malformed_positions(text, words):
    with pytest.raises(ValueError) as err:
        GAME.from_position(text)
    assert words in str(err.value), str(err.value)


def test_players_option_must_agree():
    with pytest.raises(ValueError, match="players"):
        GAME.from_position(TEXT, players=3)
    assert GAME.from_position(TEXT, players=2).num_players == 2
    with pytest.raises(ValueError, match="must be a string"):
        GAME.from_position(None)
