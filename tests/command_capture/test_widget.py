"""The Command Capture board widget and the simple computer player."""

from __future__ import annotations

import json
import random

import pytest

from capture_lib.games.command_capture.players.rule import belief, simple_player
from capture_lib.hosts.widget import BoardWidget

from .helpers import GAME, pos


def assassins_in(model: dict) -> list[str]:
    """The squares where the page's scene draws an Assassin."""
    return [p["at"] for p in model["scene"].get("pieces", []) if "Assassin" in p.get("name", "")]


def test_the_board_never_shows_the_enemy_assassin():
    board = BoardWidget(GAME.quick_start("D2", "E7"), seat=0)
    model = json.loads(board.to_json())
    assert assassins_in(model) == ["D2"]
    assert "E7" not in json.dumps(model["log"]) and "Assassin" not in json.dumps(
        [p for p in model["scene"]["pieces"] if p["at"] == "E7"])


def test_a_whole_game_against_the_computer_never_leaks_its_assassin():
    board = BoardWidget(GAME.quick_start("D2", "E7", turn_limit=50), seat=0)
    rng = random.Random(3)
    while not board.state.is_over:
        model = json.loads(board.to_json())
        for piece in model["scene"].get("pieces", []):
            hidden_red = piece.get("owner") == 1 and "Assassin" in piece.get("name", "")
            assert not hidden_red or "revealed" in piece["name"].lower() or "Revealed" in piece.get("lines", [])
        board.handle({"type": "play", "action": rng.choice(board.controller.legal)})
    assert board.state.is_over


def test_moves_through_messages_and_undo():
    board = BoardWidget(GAME.quick_start("D2", "E7"), seat=0, mode="hotseat")
    board.handle({"type": "ready"})
    board.handle({"type": "play", "action": "B2-B3"})
    assert str(board.state.history[-1]) == "B2-B3" and board.values["message_kind"] != "error"
    assert board.state.current_player == 1
    moved = board.state
    board.handle({"type": "undo"})  # the screen waits for Red
    assert board.values["message_kind"] == "error" and "curtain" in board.values["message"]
    board.handle({"type": "ready"})
    board.handle({"type": "undo"})  # Red is to act now: undo would change the turn
    assert board.values["message_kind"] == "error" and "turn has passed" in board.values["message"]
    assert board.state is moved


@pytest.mark.parametrize("content", [None, {"type": "play"}, {"type": "play", "action": ""},
                                     {"type": "bogus"}, {"type": "play", "action": "D2-D9"}])
def test_bad_messages_change_nothing(content):
    board = BoardWidget(GAME.quick_start("D2", "E7"), seat=0)
    before = board.state
    board._on_front_end_message(board, content, [])
    assert board.state is before and board.values["message_kind"] == "error"


def test_timed_board_reports_thinking_time_before_each_action():
    board = BoardWidget(GAME.quick_start("D2", "E7", timed=True), seat=0)
    board.controller.play("B2-B3")
    kinds = [a.kind for a in board.state.history[2:]]
    assert kinds[:2] == ["wait", "move"] and "wait" in kinds[2:]
    assert board.state.game_ms < 1800 * 1000


def test_example_frames():
    start = pos({"C3": "M+", "E5": "i"}, civs="VE")
    board = BoardWidget.example(start, [("C3>E5", "the bash pushes the Infantry to F6")])
    assert len(board.values["frames"]) == 2 and board.values["frames"][1]["action"] == "C3>E5"
    assert "capture-static-board" in board._repr_mimebundle_()[0]["text/html"]


def test_player_takes_a_free_commander():
    s = pos({"D4": "L", "D5": "k", "H4": "i"})
    assert str(simple_player(s, 0)) == "D4xD5"


def test_player_does_not_hang_its_commander():
    # Blue's Commander on D4 could step to D5, next to Red's Infantry's forward capture on C6's diagonal
    s = pos({"D4": "K", "C6": "i", "A8": "k"}, royals=True)
    choice = str(simple_player(s, 0))
    after = s.play(choice)
    if after.current_player == 0:
        after = after.play("end")
    assert not any(a.kind == "capture" and after.board[a.b] and after.board[a.b][1] == 7
                   for a in after.legal_actions())


def test_player_enters_a_disabled_fortress():
    s = pos({"E7": "L", "E8": "f+"})
    assert str(simple_player(s, 0)) == "E7-E8"


def test_belief_hides_the_enemy_assassin():
    s = GAME.quick_start("D2", "E7")
    seen = belief(s, 0)
    assert seen.board[52][1] == 1 and s.board[52][1] == 9
    assert seen.board[11][1] == 9  # its own Assassin stays


def test_player_beats_random_play():
    wins = 0
    for n in range(4):
        state = GAME.quick_start(["A2", "C2", "F2", "H2"][n], "E7", seed=n, turn_limit=200)
        rng = random.Random(n)
        while not state.is_over:
            if state.current_player == 0:
                state = state.play(simple_player(state, 0))
            else:
                state = state.play(rng.choice(state.legal_actions()))
        wins += state.winners == (0,)
    assert wins == 4


def test_timed_board_forfeits_a_turn_that_ran_out():
    board = BoardWidget(GAME.quick_start("D2", "E7", timed=True), seat=0, mode="hotseat")
    board.controller.hook_data["turn_started"] -= 61  # the player thought for over a minute
    board.controller.play("B2-B3")
    state = board.state
    assert str(state.history[-1]).startswith("wait") and state.current_player == 1 and state.actions_left == 2
    assert state.board[9] is not None  # B2 never moved


def test_a_forfeit_from_the_page_keeps_its_message():
    board = BoardWidget(GAME.quick_start("D2", "E7", timed=True), seat=0, level="random")
    board.controller.hook_data["turn_started"] -= 61
    board.handle({"type": "play", "action": "B2-B3"})
    assert board.values["message"] == "the turn timer ran out: the turn is forfeited"
    assert board.values["message_kind"] == "error"
    assert board.state.board[9] is not None and board.state.current_player == 0  # Red moved; B2 never did


def test_timed_board_message_names_the_action_not_the_wait():
    board = BoardWidget(GAME.quick_start("D2", "E7", timed=True), seat=0)
    board.handle({"type": "play", "action": "B2-B3"})
    assert "B2-B3" in board.values["message"]


def test_player_choice_depends_only_on_what_it_sees():
    # Red's Assassin on E7 or on B7: Blue's observation is the same, so Blue's choice must be too.
    for seed in range(3):
        rng = random.Random(seed)
        a = GAME.quick_start("D2", "E7", seed=seed)
        b = GAME.quick_start("D2", "B7", seed=seed)
        for _ in range(12):
            if a.is_over or b.is_over:
                break
            if a.current_player == 0:
                assert a.observation(0) == b.observation(0)
                choice = simple_player(a, 0)
                assert simple_player(b, 0) == choice
                a, b = a.play(choice), b.play(choice)
            else:
                moves = [m for m in a.legal_actions() if m in b.legal_set() and "7" not in str(m)[:2]]
                if not moves:
                    break
                m = rng.choice(moves)
                a, b = a.play(m), b.play(m)
