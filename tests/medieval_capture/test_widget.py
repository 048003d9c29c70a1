"""The board widget: what it syncs to the front end, how it treats messages, and undo of choices only."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("anywidget")

from capture_lib import CHANCE  # noqa: E402
from capture_lib.games.medieval_capture.players.rule import rule_player, score  # noqa: E402
from capture_lib.hosts.widget import BoardWidget  # noqa: E402

from .helpers import GAME, pos  # noqa: E402

SETUP = [f"place B{n} b{sp}" for n, sp in zip(range(1, 7), (10, 11, 12, 13, 15, 16), strict=True)]


def send(board, content):
    board._on_front_end_message(board, content, [])


def red_pieces(values) -> list[dict]:
    return [p for p in values["scene"]["pieces"] if p["id"].startswith("R")]


def test_the_board_shows_the_seats_scene_and_never_the_other_knight():
    state = pos(dice=(4, 11), shots="1")
    board = BoardWidget(state, seat=0, mode="hotseat")
    send(board, {"type": "ready"})
    scene = board.values["scene"]
    assert {a["notation"] for a in scene["actions"]} == {str(a) for a in state.legal_actions()}
    assert next(p for p in scene["pieces"] if p["id"] == "B3")["tones"] == ["ringed"]  # Blue's own Knight
    assert all("ringed" not in p.get("tones", []) and "Knight" not in p["name"] for p in red_pieces(board.values))
    assert '"knight": true' not in json.dumps(board.values)


def test_playing_against_the_computer_resolves_chance_and_replies():
    board = BoardWidget("medieval-capture", seed=3)
    for action in SETUP + ["place B7 b17 knight"]:
        send(board, {"type": "play", "action": action})
        assert board.values["message_kind"] == "info", board.values["message"]
    # The computer placed Red's pieces; Blue starts its turn, told what Red did.
    assert board.state.phase == "start" and board.state.current_player == 0
    assert all("ringed" not in p.get("tones", []) for p in red_pieces(board.values))
    assert any(line["text"].startswith("Red places R") for line in board.values["scene"]["last"])
    send(board, {"type": "play", "action": "roll"})
    assert board.state.phase == "move" and board.values["scene"]["panels"][0]["title"] == "Dice"


def test_undo_takes_back_choices_but_never_a_roll():
    board = BoardWidget(pos(), seat=0, mode="hotseat")
    send(board, {"type": "ready"})
    send(board, {"type": "play", "action": "roll"})
    send(board, {"type": "undo"})
    assert board.values["message_kind"] == "error" and "cannot be taken back" in board.values["message"]
    move = next(a["notation"] for a in board.values["scene"]["actions"] if a.get("route"))
    before = board.state
    send(board, {"type": "play", "action": move})
    if board.state.current_player == 0:  # no card was drawn on the way
        send(board, {"type": "undo"})
        assert board.state == before


def test_bad_messages_are_refused_politely():
    board = BoardWidget(pos(), seat=0)
    send(board, {"type": "play", "action": "B1 b10-b99"})
    assert board.values["message_kind"] == "error" and "not a space" in board.values["message"]
    send(board, {"type": "fly"})
    assert board.values["message_kind"] == "error"
    send(board, "nonsense")
    assert board.values["message_kind"] == "error"


def test_a_worked_example_steps_through_frames_of_scenes():
    start = pos(dice=(3, 3))
    board = BoardWidget.example(start, [("B1 b10-b15-b19", "a home piece uses the white die")])
    frames = board.values["frames"]
    assert len(frames) == 2 and frames[1]["action"] == "B1 b10-b15-b19"
    assert frames[1]["scene"]["last"][0]["route"] == ["b10", "b15", "b19"]
    assert {"path": ["b10", "b15", "b19"], "key": "last"} in frames[1]["scene"]["arrows"]
    assert frames[0]["scene"]["focus"] == frames[1]["scene"]["focus"]  # it opens zoomed on its corner
    assert board.values["mode"] == "view" and board.values["scene"].get("actions", []) == []
    data, _ = board._repr_mimebundle_()
    # The map's picture goes once, with the board's module, never in a frame.
    assert "capture-esm-" in data["text/html"] and data["text/html"].count("BLUE TERRITORY") <= 2
    assert "BLUE TERRITORY" not in json.dumps(frames)


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
