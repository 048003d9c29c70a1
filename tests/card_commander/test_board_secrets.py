"""What Card Commander's board keeps from a curious player: the placements once turned up, the hand behind the
curtain (the board's secrets for every game: ``tests/test_board_secrets.py``)."""

from __future__ import annotations

from capture_lib import load_game
from capture_lib.hosts.widget import BoardWidget
from capture_lib.session import secrecy
from tests.boards.pages import pieces_seen, send, synced


def test_card_commanders_reveal_is_never_taken_back_in_hot_seat():
    board = BoardWidget(load_game("card-commander").replay(2, ["commander Karl", "commander Joanne"]),
                               mode="hotseat")
    for _ in (0, 1):  # Blue places, then Red, each behind the curtain
        send(board, {"type": "ready"})
        send(board, {"type": "play", "action": board.controller.legal[0]})
    send(board, {"type": "ready"})
    assert board.state.rounds or board.state.phase in ("tie", "coin", "place")
    shown = board.state
    send(board, {"type": "undo"})
    assert board.values["message_kind"] == "error" and board.state is shown


def test_undo_under_the_curtain_never_shows_the_last_players_hand():
    board = BoardWidget("card-commander", seed=6, mode="hotseat")
    send(board, {"type": "ready"})
    send(board, {"type": "play", "action": "commander Karl"})
    assert board.values["curtain"] == "Red"
    assert board.values["scene"].get("pieces", []) == pieces_seen(board, board.state.view(None))  # no hand shown
    screen = synced(board)
    send(board, {"type": "undo"})
    assert board.values["message_kind"] == "error" and "curtain" in board.values["message"]
    assert board.values["curtain"] == "Red" and board.values["scene"] == screen["values"]["scene"]
    assert board.controller.legal == []


def test_reveals_is_true_exactly_where_both_placements_are_turned_up():
    cc = load_game("card-commander").replay(3, ["commander Karl", "commander Joanne"])
    blue = cc.legal_actions()[0]
    assert not secrecy.reveals(cc, blue, (0, 1))  # Blue's cards go face down
    red_turn = cc.play(blue)
    assert secrecy.reveals(red_turn, red_turn.legal_actions()[0], (0, 1))  # both placements are turned up
