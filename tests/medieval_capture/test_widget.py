"""The board widget: what it syncs to the front end, how it treats messages, and undo of choices only."""

from __future__ import annotations

import json
import random
import re

import pytest

pytest.importorskip("anywidget")

from capture_lib import CHANCE  # noqa: E402
from capture_lib.games.medieval_capture.players.rule import rule_player, score  # noqa: E402
from capture_lib.hosts.widget import BoardWidget  # noqa: E402

from .helpers import GAME, pos  # noqa: E402

ESM_SCRIPT = re.compile(r'<script type="application/json" id="capture-esm-[0-9a-f]+">.*?</script>', re.S)
SETUP = [f"place B{n} b{sp}" for n, sp in zip(range(1, 7), (10, 11, 12, 13, 15, 16), strict=True)]


def send(board, content):
    board._on_front_end_message(board, content, [])


def synced(board) -> str:
    traits = {name: getattr(board, name) for name in ("view", "legal", "frames", "curtain", "can_undo", "seat")}
    data, _ = board._repr_mimebundle_()
    return json.dumps(traits, sort_keys=True) + ESM_SCRIPT.sub("", data["text/html"])


def test_the_board_shows_the_seats_observation_and_never_the_other_knight():
    state = pos(dice=(4, 11), shots="1")
    board = BoardWidget(state, seat=0, mode="hotseat")
    send(board, {"type": "ready"})
    assert board.view == state.observation(0)
    assert set(board.legal) == {str(a) for a in state.legal_actions()}
    red_pieces = [p for p in board.view["pieces"] if p["side"] == "red"]
    assert all("knight" not in p for p in red_pieces)
    assert '"knight": true' not in json.dumps(red_pieces)


def test_playing_against_the_computer_resolves_chance_and_replies():
    board = BoardWidget("medieval-capture", seed=3)
    for action in SETUP + ["place B7 b17 knight"]:
        send(board, {"type": "play", "action": action})
        assert board.message_kind == "info", board.message
    # The computer placed Red's pieces; Blue starts its turn.
    assert board.state.phase == "start" and board.state.current_player == 0
    assert "knight" not in json.dumps([p for p in board.view["pieces"] if p["side"] == "red"])
    send(board, {"type": "play", "action": "roll"})
    assert board.state.phase == "move" and board.view["dice"] is not None


def test_undo_takes_back_choices_but_never_a_roll():
    board = BoardWidget(pos(), seat=0, mode="hotseat")
    send(board, {"type": "ready"})
    send(board, {"type": "play", "action": "roll"})
    send(board, {"type": "undo"})
    assert board.message_kind == "error" and "cannot be taken back" in board.message
    move = next(a for a in board.legal if a.startswith("B"))
    before = board.state
    send(board, {"type": "play", "action": move})
    if board.state.current_player == 0:  # no card was drawn on the way
        send(board, {"type": "undo"})
        assert board.state == before


def test_bad_messages_are_refused_politely():
    board = BoardWidget(pos(), seat=0)
    send(board, {"type": "play", "action": "B1 b10-b99"})
    assert board.message_kind == "error" and "not a space" in board.message
    send(board, {"type": "fly"})
    assert board.message_kind == "error"
    send(board, "nonsense")
    assert board.message_kind == "error"


def test_a_worked_example_steps_through_frames():
    start = pos(dice=(3, 3))
    board = BoardWidget.example(start, [("B1 b10-b15-b19", "a home piece uses the white die")])
    assert len(board.frames) == 2 and board.frames[1]["action"] == "B1 b10-b15-b19"
    assert board.mode == "view" and board.legal == []
    data, _ = board._repr_mimebundle_()
    assert "capture-esm-" in data["text/html"] and "MC_BOARD_SVG" in data["text/html"]


def test_the_computer_player_beats_random_play_and_plays_only_legal_actions():
    wins = 0
    for n in range(4):
        ai = n % 2
        rng = random.Random(n)
        s = GAME.new_game(seed=n)
        while not s.is_over and s.turn < 300:
            if s.current_player == CHANCE:
                s = s.play_chance(rng)
            elif s.current_player == ai:
                action = rule_player(s, ai)
                assert action in s.legal_actions()
                s = s.play(action)
            else:
                s = s.play(rng.choice(s.legal_actions()))
        wins += s.winners == (ai,)
    assert wins >= 3


def test_the_score_prefers_captured_crowns():
    plain = pos()
    ahead = pos(red_crowns="taken r5 r8")
    assert score(ahead.observation(0), 0) > score(plain.observation(0), 0)
    assert score(ahead.observation(1), 1) < score(plain.observation(1), 1)
