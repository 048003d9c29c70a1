"""What Capture the Commander's board keeps: a battle's cards, once shown, stay shown (the board's secrets for
every game: ``tests/test_board_secrets.py``)."""

from __future__ import annotations

from capture_lib.hosts.widget import BoardWidget
from capture_lib.session import secrecy
from tests.boards.pages import send
from tests.playing import human_turn


def test_a_battle_shows_cards_that_no_undo_takes_back():
    board = BoardWidget("capture-the-commander", options={"players": 2}, seed=8, seat=0, level="random")
    send(board, {"type": "play", "action": next(a for a in board.controller.legal if "x" in a)})
    table = board.state.view(None)
    known = [card["known"] for layout in table["layouts"] for card in layout["cards"] if card.get("known")]
    assert known and not board.values["can_undo"]
    shown = board.values["scene"]
    send(board, {"type": "undo"})
    assert board.values["message_kind"] == "error" and board.values["scene"] == shown  # the table does not forget


def test_an_attack_reveals_what_was_hidden():
    ctc = human_turn("capture-the-commander")
    attack = next(a for a in ctc.legal_actions() if "x" in str(a))
    assert secrecy.reveals(ctc, attack, (0, 1))
