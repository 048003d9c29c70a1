"""Timed Mode: time as input, turn expiry with two actions, points, the end on points, sudden death."""

from __future__ import annotations

import pytest

from capture_lib import IllegalAction
from capture_lib.core import saves
from capture_lib.games.command_capture.rules.units import (
    BACK_ROW,
    FORTRESS_HALF_POINTS,
    HALF_POINTS,
    INFANTRY,
)

from .helpers import GAME, pos


def timed(units, clock="1800/60", scores="0:0", side="b", civs="RE", turn=None, actions="1", **options):
    turn = turn or (1 if side == "b" else 2)
    return pos(units, side=side, civs=civs, rest=f"{turn} {actions} {scores} {clock}", **options)


def test_points_table_totals_38_for_every_civilization():
    for civ in range(3):
        army = list(BACK_ROW[civ]) + [INFANTRY[civ]] * 7 + [9]
        half = sum(HALF_POINTS[civ].get(k, 0) for k in army)
        assert half == 76
    assert FORTRESS_HALF_POINTS == 16


def test_wait_runs_both_clocks_exactly():
    s = timed({"D4": "L"}).play("wait 12.5")
    assert (s.game_ms, s.turn_ms) == (1787500, 47500)
    assert s.position_text().endswith("0:0 1787.5/47.5")
    assert s.current_player == 0


def test_a_normal_turn_end_restarts_the_turn_timer():
    s = timed({"D4": "L"}).play("wait 20").play("D4-D5")
    assert (s.game_ms, s.turn_ms) == (1780000, 60000)


def test_an_expired_turn_gives_the_opponent_two_actions():
    s = timed({"D4": "L", "D6": "i"}).play("wait 60")
    assert s.current_player == 1 and s.actions_left == 2 and s.turn == 2
    s = s.play("D6-D5")
    assert s.current_player == 1 and s.actions_left == 1
    assert "end" in {str(a) for a in s.legal_actions()}
    s = s.play("D5-C4")
    assert s.current_player == 0 and s.actions_left == 1


def test_end_gives_up_the_second_action():
    s = timed({"D4": "L", "D6": "i"}).play("wait 60").play("D6-D5").play("end")
    assert s.current_player == 0


def test_a_long_wait_carries_into_the_next_turn():
    s = timed({"D4": "L"}).play("wait 70")
    assert s.current_player == 1 and s.turn_ms == 50000 and s.game_ms == 1730000


def test_two_action_turn_expiring_hands_two_actions_back():
    s = timed({"D4": "L"}).play("wait 60").play("wait 60")
    assert s.current_player == 0 and s.actions_left == 2 and s.turn == 3


def test_capture_scores_by_the_victims_table():
    s = timed({"D4": "L", "D5": "i", "E5": "i"}, side="r", civs="RE", turn=2)
    s = s.play("E5xD4")
    assert s.scores == (0, 3)  # a Legionnaire is worth 1.5
    s = timed({"D4": "L", "E5": "i"}).play("D4xE5")
    assert s.scores == (2, 0)  # Egyptian Infantry is worth 1


def test_fortress_points_melee_and_ranged():
    s = timed({"E7": "L", "E8": "f"}).play("E7xE8")
    assert s.scores == (16, 3)  # 8 for disabling, and Red's Fortress takes the 1.5-point Legionnaire
    s = timed({"B5": "A+", "E8": "f"}).play("B5*E8")
    assert s.scores == (16, 0)


def test_game_clock_out_higher_score_wins():
    s = timed({"D4": "L"}, clock="10/60", scores="3:1.5").play("wait 10")
    assert s.is_over and s.winners == (0,)


def test_game_clock_out_tied_goes_to_sudden_death_and_the_next_capture_wins():
    s = timed({"D4": "L", "C6": "i"}, clock="5/60", scores="1:1").play("wait 5")
    assert not s.is_over and s.sudden_death
    s = s.play("D4-D5")
    assert not s.is_over
    s = s.play("wait 30")
    assert s.turn_ms == 30000 and s.game_ms == 0
    s = s.play("C6xD5")
    assert s.is_over and s.winners == (1,)


def test_sudden_death_still_forfeits_expired_turns():
    s = timed({"D4": "L"}, clock="0/60", scores="2:2").play("wait 61")
    assert s.current_player == 1 and s.actions_left == 2 and s.turn_ms == 59000


def test_commander_capture_wins_regardless_of_points():
    s = timed({"D4": "L", "D5": "k"}, scores="0:20").play("D4xD5")
    assert s.winners == (0,) and s.scores == (0, 40)


def test_wait_must_be_positive():
    with pytest.raises(IllegalAction, match="positive"):
        timed({"D4": "L"}).play("wait 0")


def test_new_timed_game_starts_with_full_clocks():
    s = GAME.quick_start(timed=True, game_seconds=600, turn_seconds=30)
    assert s.position_text().endswith("0:0 600/30")
    obs = s.observation(1)
    assert obs["clock"] == {"game_seconds": 600.0, "turn_seconds": 30.0, "sudden_death": False}


def test_timed_save_round_trip():
    s = timed({"D4": "L", "C6": "i"}).play("wait 1.25").play("D4-D5").play("wait 60")
    again = saves.load(GAME, saves.dump(s))
    assert again == s and again.position_text() == s.position_text()
