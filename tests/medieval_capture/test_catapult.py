"""The catapult: when it may fire, where the boulder lands, and what the knocked-over pieces mean."""

from __future__ import annotations

from fractions import Fraction

from capture_lib import CHANCE
from capture_lib.games.medieval_capture.board import BOARD
from capture_lib.games.medieval_capture.catapult import REACH, landing_outcomes, reach

from .helpers import moves, play_all, pos, refuse, where

RED_BACK = "R1=r1 R2=r7 R3*=r9 R4=r6 R5=r4 R6=r13 R7=r12"


def shooting(blue="B1=b10 B2=b20 B3*=b30", red=RED_BACK, **options):
    return pos(blue=blue, red=red, dice=(4, 6), shots="1", options=options or None)


def test_a_four_or_five_on_the_white_die_gives_a_shot():
    for white, shots in ((1, 0), (3, 0), (4, 1), (5, 1), (6, 0)):
        assert play_all(pos(), "roll", f"roll white {white} black 2").shots == shots


def test_the_catapult_rolls_and_shots_are_options():
    assert play_all(pos(options={"catapult_rolls": "4"}), "roll", "roll white 5 black 2").shots == 0
    assert play_all(pos(options={"catapult_rolls": "3-4-5-6"}), "roll", "roll white 6 black 2").shots == 1
    assert play_all(pos(options={"catapult_rolls": "none"}), "roll", "roll white 4 black 2").shots == 0
    assert play_all(pos(options={"catapult_shots": 3}), "roll", "roll white 4 black 2").shots == 3


def test_shots_aim_at_rocks_in_enemy_territory_only():
    refuse(pos(dice=(3, 3)), "shoot r10", "no catapult shot")
    s = shooting()
    refuse(s, "shoot b10", "rock in enemy territory")
    refuse(s, "shoot r14", "rock in enemy territory")  # a boat
    refuse(s, "shoot c", "rock in enemy territory")
    aims = {m for m in moves(s) if m.startswith("shoot")}
    assert len(aims) == sum(1 for i, k in enumerate(BOARD.kind) if BOARD.territory[i] == 1 and k != "boat"
                            and k != "dungeon")


def test_the_landing_is_a_chance_event_around_the_aim():
    s = shooting().play("shoot r10")
    assert s.current_player == CHANCE and s.shots == 0
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert outcomes["land r10"] == Fraction(1, 2) and sum(outcomes.values()) == 1
    assert all(BOARD.distance(BOARD.index("r10"), BOARD.index(o.split()[1])) <= 90 for o in outcomes)
    sure = shooting(catapult_spread="sure").play("shoot r10")
    assert [str(a) for a, _ in sure.chance_outcomes()] == ["land r10"]
    wild = landing_outcomes(BOARD, BOARD.index("r10"), "wild")
    assert len(wild) > len(outcomes) and sum(p for _, p in wild) == 1


def test_the_boulder_knocks_over_the_landing_rock_and_its_neighbours():
    hit = {BOARD.ids[i] for i in reach(BOARD, BOARD.index("r1"))}
    assert hit == {"r1", "r2", "r10"}
    assert REACH < 90
    assert "c" not in {BOARD.ids[i] for i in reach(BOARD, BOARD.cathedral)}


def test_a_lone_enemy_piece_hit_is_killed():
    s = shooting().play("shoot r1").play("land r1")
    assert where(s, "R1") == "dead" and s.phase == "move"
    assert "R1 is killed" in s.observation(1)["log"][-1]


def test_a_miss_changes_nothing():
    s = shooting().play("shoot r15").play("land r15")
    assert s.phase == "move" and "nothing falls" in s.observation(0)["log"][-1]
    assert all(where(s, f"R{n}") != "dead" for n in range(1, 8))


def test_more_enemy_pieces_down_lets_the_shooter_choose():
    s = shooting(red="R1=r1 R2=r10 R3*=r9 R4=r6").play("shoot r1").play("land r1")
    assert s.phase == "kill" and s.current_player == 0 and s.choices == (10, 11)
    assert moves(s) == {"kill R1", "kill R2"}
    refuse(s, "kill R3", "choose one of R1 R2")
    refuse(s, "B1 b10-b15", "first choose")
    s = s.play("kill R2")
    assert where(s, "R2") == "dead" and where(s, "R1") == "r1" and s.phase == "move"


def test_as_many_friendly_pieces_down_costs_a_friendly_piece():
    s = shooting(blue="B1=r10 B2=b20 B3*=b30", red="R1=r1 R3*=r9").play("shoot r1").play("land r1")
    assert where(s, "B1") == "dead" and where(s, "R1") == "r1"


def test_more_friendly_pieces_down_costs_one_of_them_chosen_by_the_shooter():
    s = shooting(blue="B1=r10 B2=r15 B3*=b30", red="R1=r1 R3*=r9").play("shoot r10").play("land r10")
    assert s.phase == "kill" and {str(a) for a in s.legal_actions()} == {"kill B1", "kill B2"}
    s = s.play("kill B2")
    assert where(s, "B2") == "dead" and where(s, "R1") == "r1"


def test_a_hit_in_the_shooters_home_territory_cancels_the_shot():
    s = shooting(blue="B1=b50 B2=b20 B3*=b30", red="R1=r50 R3*=r9").play("shoot r50")
    assert "land b50" in {str(a) for a, _ in s.chance_outcomes()}
    s = s.play("land b50")
    assert where(s, "B1") == "b50" and where(s, "R1") == "r50"
    assert "stood up again" in s.observation(0)["log"][-1]


def test_the_cathedral_shelters_its_pieces():
    s = shooting(blue="B1=c B2=b20 B3*=b30", red="R1=c R3*=r9", catapult_spread="wild").play("shoot r46")
    s = s.play("land c")
    assert where(s, "B1") == "c" and where(s, "R1") == "c"


def test_a_carrier_killed_by_a_boulder_leaves_its_crown():
    s = pos(blue="B1=b10 B2=b20 B3*=b30", red="R1=b1 R3*=r9", dice=(4, 4), shots="1", turn="red",
            blue_crowns="@R1 b5 b8")
    s = s.play("shoot b1").play("land b1")
    assert where(s, "R1") == "dead"
    assert s.observation(0)["crowns"][0]["where"] == "b1"


def test_shots_may_come_between_moves_and_are_lost_at_the_end():
    s = shooting(catapult_shots=2)
    s = play_all(s, "B1 b10-b15", "shoot r15", "land r15", "B2 b20-b19")
    assert s.shots == 0 and s.fired == 1
    s = play_all(shooting(), "end")
    assert s.shots == 0 and s.current_player == 1
