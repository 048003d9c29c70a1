"""The position text and the notation: round trips, defaults and examples from the module docs."""

from __future__ import annotations

import pytest

from capture_lib import describe
from capture_lib.core import saves
from capture_lib.games.command_capture.rules.actions import CCAction, parse_action
from capture_lib.games.command_capture.rules.position import read_position

from .helpers import GAME, fen, pos

START = "srakfars/iiiixiii/8/8/8/8/LLLXLLLL/SCAKFACS b RE"


def test_quick_start_position_text():
    s = GAME.quick_start("D2", "E7")
    assert s.position_text() == START + " 1 1"
    assert GAME.from_position(START).legal_set() == s.legal_set()


def test_defaults_for_turn_and_actions():
    parsed = read_position(fen({"D4": "L"}, side="r"))
    assert parsed["turn"] == 2 and parsed["actions_left"] == 1 and not parsed["acted"]


def test_facing_lock_and_follow_fields_round_trip():
    text = fen({"D4": "L+>#2", "C3": "x!<", "E5": "i+^", "D2": "K", "D3": "A"}, side="b",
               rest="3 0+D3f")
    s = GAME.from_position(text)
    assert s.position_text() == text
    assert s.board[27] == (0, 0, 1, 1, 4)
    assert s.follow == (19, "f") and s.actions_left == 0
    assert s.board[36] == (1, 1, 1, 0, 0)


@pytest.mark.parametrize("text", ["D4-D5", "B1xD3", "B1*D3", "C3>E5", "flip C1", "turn D2 E", "end",
                                  "assassin C2", "ready", "wait 12.5", "wait 3"])
def test_notation_round_trip(text):
    a = parse_action(text)
    assert str(a) == text
    assert parse_action(str(a)) == a


def test_notation_is_forgiving_about_case_and_spaces():
    assert parse_action(" d4 x e5 ") == CCAction("capture", 27, 36)
    assert str(parse_action("TURN d2 e")) == "turn D2 E"
    assert str(parse_action("wait 1.50")) == "wait 1.5"


def test_the_position_keeps_the_start_for_saves():
    s = pos({"D4": "L"}).play("D4-D5")
    again = saves.load(GAME, saves.dump(s))
    assert again == s


def test_setup_has_no_position_text():
    with pytest.raises(ValueError, match="set-up"):
        GAME.new_game(seed=1, setup="choose").position_text()


def test_finished_position_reads_back_as_over():
    s = pos({"D4": "L", "D5": "k"}).play("D4xD5")
    again = GAME.from_position(s.position_text())
    assert again.is_over and again.winners == (0,)


def _scene(view, **extra):
    return describe(GAME.slug).scene.scene(view, **extra)


def test_svg_picture():
    from capture_lib.render.picture import to_svg

    s = GAME.quick_start("D2", "E7")
    picture = to_svg(_scene(s.view(None, everything=True)))
    assert picture.startswith("<svg") and "Rome" in picture and "CMDR" in picture
    assert picture.count("ASSN") == 2  # the full teaching view
    red = to_svg(_scene(s.observation(1), marks={"D3": "move", "E6": "capture"}))
    assert red.count("ASSN") == 1


def test_text_board_for_the_terminal():
    from capture_lib.render.text import key_text, scene_text

    s = GAME.quick_start("D2", "E7").play("flip A2")
    blue, red = (scene_text(_scene(s.observation(seat))) for seat in (0, 1))
    board = [line for line in red.splitlines() if line[:5].strip().isdigit()]
    assert "X^*" in blue and len(board) == 8 and not any("X" in line for line in board)  # Red sees a Legionnaire
    assert "L+^#2" in blue  # A2 flipped to Defend: locked for Red's turn and Blue's next
    assert next(line for line in blue.splitlines() if line.startswith("  8")).startswith("  8  sv")
    # Red sees the board turned (row 1 on top, file H on the left); a token's facing stays the board's own.
    assert red.splitlines()[2].split() == list("HGFEDCBA") and board[0].startswith("  1  S^")
    key = key_text(_scene(s.observation(0)))
    assert "X Assassin" in key and "L Legionnaire" in key and "#n a State Lock" in key


def test_terminal_game_runs():
    import io

    from capture_lib.cli import play_in_terminal

    out = io.StringIO()
    final = play_in_terminal("command-capture", seat=0, seed=5, stdin=io.StringIO("assassin D2\nready\nB2-B3\nquit\n"),
                             stdout=out)
    assert "Command Capture: you are Blue" in out.getvalue()
    # Blue sets up by hand, the computer sets up Red (its Assassin square shows as "assassin ?"), then B2-B3
    assert [str(a) for a in final.history[:2]] == ["assassin D2", "ready"]
    assert final.history[2].kind == "assassin" and str(final.history[3]) == "ready"
    assert str(final.history[4]) == "B2-B3" and final.phase == "play"
