"""Command Capture's board: a quiet action within a turn may be taken back (the board's secrets for every game:
``tests/test_board_secrets.py``)."""

from __future__ import annotations

from capture_lib import load_game
from capture_lib.hosts.widget import BoardWidget
from capture_lib.session import secrecy
from tests.boards.pages import send
from tests.playing import reached


def test_undo_takes_back_a_quiet_action_within_the_same_turn():
    # Command Capture's Command aura gives extra actions: a quiet one may be taken back before the turn ends.
    def the_turn_goes_on(state) -> bool:
        return state.current_player in (0, 1) and any(
            state.play(a).current_player == state.current_player for a in state.legal_actions()[:8])

    state = reached("command-capture", the_turn_goes_on, start=load_game("command-capture").quick_start("D2", "E7"))
    action = next(a for a in state.legal_actions()[:8] if state.play(a).current_player == state.current_player)
    assert not secrecy.reveals(state, action, (0, 1))
    board = BoardWidget(state, seat=state.current_player, mode="hotseat")
    send(board, {"type": "ready"})
    send(board, {"type": "play", "action": str(action)})
    assert board.values["can_undo"] and board.values["undo_note"] == ""
    send(board, {"type": "undo"})
    assert board.values["message"] == "took the last move back" and board.state == state


def test_a_quiet_move_reveals_nothing():
    quiet = load_game("command-capture").quick_start("D2", "E7")
    assert not secrecy.reveals(quiet, "B2-B3", (0, 1))
