"""A board answers only what it offers: a message for a control the board does not show (written by hand in the
browser's console, say) is refused, and above all no board that hides a hand hands out the whole game."""

from __future__ import annotations

import json

import pytest

from capture_lib import list_games, load_game
from capture_lib.session.board import BoardController


@pytest.mark.parametrize("slug", list_games())
def test_a_hot_seat_board_refuses_a_forged_export(slug):
    board = BoardController(load_game(slug).new_game(seed=1), mode="hotseat")
    assert not board.values()["controls"]["export"]
    before = json.dumps(board.values(), sort_keys=True)
    with pytest.raises(ValueError, match="offers no export"):
        board.handle_message({"type": "export"})
    assert json.dumps(board.values(), sort_keys=True) == before
    assert not [message for message in board.take_messages() if message.get("type") == "save"]


@pytest.mark.parametrize("kind", ["undo", "new", "save", "load", "export"])
def test_a_board_without_controls_refuses_every_control_message(kind):
    board = BoardController(load_game("card-commander").new_game(seed=1), mode="computer")
    board.controls = dict.fromkeys(board.controls, False)  # as a board that shows none of them
    with pytest.raises(ValueError):
        board.handle_message({"type": kind, "text": "x", "confirm": True})


def test_the_computer_boards_export_is_still_offered_and_answered():
    board = BoardController(load_game("card-commander").new_game(seed=1), mode="computer")
    assert board.values()["controls"]["export"]
    board.handle_message({"type": "export"})
    assert "exported the whole game" in board.values()["message"]
