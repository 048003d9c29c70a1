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
    board.handle(content)


def message(board) -> tuple[str, str]:
    """The board's message line and its kind."""
    return board.values["message"], board.values["message_kind"]


def legal(board) -> list[str]:
    """The moves the board offers: its scene's action records."""
    return [a["notation"] for a in board.values["scene"].get("actions", [])]


def synced(board) -> str:
    """Everything the front end gets as text (the module's own source left out)."""
    data, _ = board._repr_mimebundle_()
    return json.dumps(board.values, sort_keys=True) + ESM_SCRIPT.sub("", data["text/html"])


def hidden_names(state) -> set[str]:
    """Cards in the layouts that the table has not seen (cards drawn for the first dealer were shown,
    then shuffled back: seeing their names tells nobody where they lie)."""
    drawn = {c for r in state.draw_rounds for _, c in r}
    return {CARD_NAMES[c] for s in range(state.n) for c in state.layouts[s]
            if c >= 0 and c not in state.revealed and c not in drawn}


def leaks(board) -> set[str]:
    text = synced(board)
    words = set(re.findall(r"\b(?:10|[2-9JQKA])[SHDC]\b", text))
    words |= {w.replace("\u2660", "S").replace("\u2665", "H").replace("\u2666", "D").replace("\u2663", "C")
              for w in re.findall("(?:10|[2-9JQKA])[\u2660\u2665\u2666\u2663]", text)}
    return words & hidden_names(board.state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_new_board_deals_and_waits_for_the_human(players):
    board = BoardWidget("capture-the-commander", options={"players": players}, seat=0, seed=3)
    state = board.state
    assert state.num_players == players and state.current_player == 0
    assert legal(board) == [str(a) for a in state.legal_actions()]
    assert len(board.values["scene"]["areas"]) == players
    assert not leaks(board)


def test_playing_lets_the_computer_answer_and_never_leaks():
    board = BoardWidget("capture-the-commander", options={"players": 3}, seat=1, seed=4)
    for _ in range(200):
        if board.state.is_over:
            break
        assert board.state.current_player == 1
        assert not leaks(board)
        send(board, {"type": "play", "action": legal(board)[0]})
        assert message(board)[1] == "info", message(board)
    assert board.state.is_over or board.state.current_player == 1


def test_bad_messages_are_reported_not_raised():
    board = BoardWidget("capture-the-commander", options={"players": 2}, seat=0, seed=5)
    before = board.state
    send(board, {"type": "play", "action": "N5xS1"})
    assert message(board)[1] == "error" and "covered" in message(board)[0]
    send(board, {"type": "play", "action": "S1xN1"})
    assert message(board)[1] == "error"
    send(board, {"type": "bogus"})
    send(board, "nonsense")
    assert board.state == before


def test_hotseat_curtain_names_the_right_seat():
    board = BoardWidget("capture-the-commander", options={"players": 3}, mode="hotseat", seed=6)
    seat = board.state.current_player
    assert board.values["curtain"] == board.state.names[seat]
    assert all(p.get("tones") == ["back"] or p["name"].endswith("(shown in a battle)")
               for p in board.values["scene"]["pieces"])  # behind the curtain: the table's view
    send(board, {"type": "ready"})
    assert board.values["curtain"] == "" and legal(board)
    assert board.values["scene"]["seat"] == seat


def test_not_your_turn_message_uses_this_tables_names():
    board = BoardWidget("capture-the-commander", options={"players": 4}, mode="view", seed=7)
    send(board, {"type": "play", "action": "N1xE1"})
    assert message(board)[1] == "error" and "not your turn" in message(board)[0]


def test_undo_and_new_game_keep_the_table():
    board = BoardWidget("capture-the-commander", options={"players": 4}, seat=0, seed=8)
    first = board.state
    send(board, {"type": "play", "action": legal(board)[0]})
    fought = board.state
    send(board, {"type": "undo"})  # the battle showed both cards to the table: it stands
    assert board.state is fought and board.state != first and message(board)[1] == "error"
    send(board, {"type": "new", "confirm": True})
    assert board.state.num_players == 4 and board.state.history != first.history


def test_teaching_view_is_marked_and_shows_values():
    board = BoardWidget("capture-the-commander", options={"players": 2}, seat=0, seed=9, teaching=True)
    south = [p for p in board.values["scene"]["pieces"] if p["owner"] == 1]  # the computer may have lost one
    assert board.values["teaching"] and south
    assert all(p["title"] in CARD_NAMES and p["tones"] in (["back", "known"], ["red"], []) for p in south)


def test_worked_example_frames():
    start = GAME.from_position("turn: North\nNorth: 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS\n"
                               "South: 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH\n")
    board = BoardWidget.example(start, [("N1xS1", "a tie"), ("pick N5", "North picks"),
                                        ("pick S2", "South picks")], seat=1)
    frames = board.values["frames"]
    assert len(frames) == 4 and frames[2]["action"] == "pick N?"
    # South sees North's pick only once it has picked too: the frame says that North picked, not which card.
    assert "hidden until you pick" in frames[2]["scene"]["last"][-1]["text"]
    assert "6\u2660" not in json.dumps(frames[2])
    assert "you lose card 1" in frames[3]["scene"]["last"][-1]["text"]
    assert board.state.current_player != CHANCE
