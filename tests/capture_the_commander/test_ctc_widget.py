"""The Capture the Commander board widget: what it syncs, and how it treats front-end messages."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("anywidget")

from capture_lib import CHANCE, load_game  # noqa: E402
from capture_lib.games.capture_the_commander.rules.actions import CARD_NAMES  # noqa: E402
from capture_lib.hosts.widget import BoardWidget  # noqa: E402

GAME = load_game("capture-the-commander")
ESM_SCRIPT = re.compile(r'<script type="application/json" id="capture-esm-[0-9a-f]+">.*?</script>', re.S)


def send(board, content):
    board._on_front_end_message(board, content, [])


def synced(board) -> str:
    """Everything the front end gets as text (the module's own source left out)."""
    data, _ = board._repr_mimebundle_()
    traits = {n: getattr(board, n) for n in ("view", "legal", "frames", "curtain", "can_undo", "seat", "mode")}
    return json.dumps(traits, sort_keys=True) + ESM_SCRIPT.sub("", data["text/html"])


def hidden_names(state) -> set[str]:
    """Cards in the layouts that the table has not seen (cards drawn for the first dealer were shown,
    then shuffled back: seeing their names tells nobody where they lie)."""
    drawn = {c for r in state.draw_rounds for _, c in r}
    return {CARD_NAMES[c] for s in range(state.n) for c in state.layouts[s]
            if c >= 0 and c not in state.revealed and c not in drawn}


def leaks(board) -> set[str]:
    text = synced(board)
    words = set(re.findall(r"\b(?:10|[2-9JQKA])[SHDC]\b", text))
    return words & hidden_names(board.state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_new_board_deals_and_waits_for_the_human(players):
    board = BoardWidget("capture-the-commander", options={"players": players}, seat=0, seed=3)
    state = board.state
    assert state.num_players == players and state.current_player == 0
    assert board.view == state.observation(0)
    assert board.legal == [str(a) for a in state.legal_actions()]
    assert not leaks(board)


def test_playing_lets_the_computer_answer_and_never_leaks():
    board = BoardWidget("capture-the-commander", options={"players": 3}, seat=1, seed=4)
    for _ in range(200):
        if board.state.is_over:
            break
        assert board.state.current_player == 1
        assert not leaks(board)
        send(board, {"type": "play", "action": board.legal[0]})
        assert board.message_kind == "info", board.message
    assert board.state.is_over or board.state.current_player == 1


def test_bad_messages_are_reported_not_raised():
    board = BoardWidget("capture-the-commander", options={"players": 2}, seat=0, seed=5)
    before = board.state
    send(board, {"type": "play", "action": "N5xS1"})
    assert board.message_kind == "error" and "covered" in board.message
    send(board, {"type": "play", "action": "S1xN1"})
    assert board.message_kind == "error"
    send(board, {"type": "bogus"})
    send(board, "nonsense")
    assert board.state == before


def test_hotseat_curtain_names_the_right_seat():
    board = BoardWidget("capture-the-commander", options={"players": 3}, mode="hotseat", seed=6)
    seat = board.state.current_player
    assert board.curtain == board.state.names[seat] and board.legal == []
    send(board, {"type": "ready"})
    assert board.curtain == "" and board.legal
    assert board.view == board.state.observation(seat)


def test_not_your_turn_message_uses_this_tables_names():
    board = BoardWidget("capture-the-commander", options={"players": 4}, mode="view", seed=7)
    send(board, {"type": "play", "action": "N1xE1"})
    assert board.message_kind == "error" and "not your turn" in board.message


def test_undo_and_new_game_keep_the_table():
    board = BoardWidget("capture-the-commander", options={"players": 4}, seat=0, seed=8)
    first = board.state
    send(board, {"type": "play", "action": board.legal[0]})
    fought = board.state
    send(board, {"type": "undo"})  # the battle showed both cards to the table: it stands
    assert board.state is fought and board.state != first and board.message_kind == "error"
    send(board, {"type": "new"})
    assert board.state.num_players == 4 and board.state.history != first.history


def test_teaching_view_is_marked_and_shows_values():
    board = BoardWidget("capture-the-commander", options={"players": 2}, seat=0, seed=9, teaching=True)
    present = [card for card in board.view["layouts"][1]["cards"] if card["present"]]  # the computer may have lost one
    assert board.view["teaching"] and present and all(card["card"] in CARD_NAMES for card in present)


def test_worked_example_frames():
    start = GAME.from_position("turn: North\nNorth: 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS\n"
                               "South: 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH\n")
    board = BoardWidget.example(start, [("N1xS1", "a tie"), ("pick N5", "North picks"),
                                                     ("pick S2", "South picks")], seat=1)
    assert len(board.frames) == 4 and board.frames[2]["view"]["log"][-1] == "pick N?"
    assert board.frames[3]["view"]["battles"][-1]["loser"] == 1
    assert board.state.current_player != CHANCE
