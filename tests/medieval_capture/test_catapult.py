"""The catapult: when it may fire, where the boulder lands, and what the knocked-over pieces mean."""

from __future__ import annotations

from fractions import Fraction

import pytest

from capture_lib import CHANCE, IllegalAction
from capture_lib.games.medieval_capture.rules.actions import Shoot, parse_action
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.games.medieval_capture.rules.catapult import (
    ALONG,
    OFF,
    REACH,
    SPOTS,
    SPREADS,
    landing_outcomes,
    nearest_spot,
    reach,
    shot_length,
    spot_xy,
)

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
    refuse(pos(dice=(3, 3)), "shoot from 1 at r10", "no catapult shot")
    s = shooting()
    refuse(s, "shoot from 1 at b10", "rock in enemy territory")
    refuse(s, "shoot from 5 at r14", "rock in enemy territory")  # a boat
    refuse(s, "shoot from 5 at c", "rock in enemy territory")
    refuse(s, Shoot(0, BOARD.index("r10")), "spots 1 to 9")
    aims = {m for m in moves(s) if m.startswith("shoot")}
    rocks = sum(1 for i, k in enumerate(BOARD.kind) if BOARD.territory[i] == 1 and k not in ("boat", "dungeon"))
    assert len(aims) == SPOTS * rocks and "shoot from 9 at r1" in aims


def test_the_catapult_stands_off_the_board_behind_its_own_back_edge():
    # The text: fired from anywhere along the back edge, completely off the board, across the board.
    for spot in range(1, SPOTS + 1):
        (bx, by), (rx, ry) = spot_xy(0, spot), spot_xy(1, spot)
        assert bx < 0 < BOARD.width < rx and by == ry and 0 < by < BOARD.height
    # Blue's back edge is on the left, behind its own Crowns; a shot at Red's land crosses the board.
    assert all(BOARD.xy[c][0] < BOARD.border_x for c in BOARD.crowns[0])
    assert shot_length(0, 5, BOARD.index("r46")) > BOARD.border_x
    assert nearest_spot(0, BOARD.index("r1")) == 1 and nearest_spot(1, BOARD.index("b9")) == 9


def test_the_shot_is_written_from_a_spot_at_a_rock():
    assert str(parse_action("SHOOT FROM 5 AT R14")) == "shoot from 5 at r14"
    for bad, problem in (("shoot r14", "shoot from SPOT at SPACE"), ("shoot from 10 at r14", "1 to 9"),
                         ("shoot from x at r14", "must be a number"), ("shoot from 5 at r99", "not a space")):
        with pytest.raises(IllegalAction, match=problem):
            parse_action(bad)
    assert str(parse_action("land off")) == "land off"


def test_the_landing_is_a_chance_event_around_the_aim():
    s = shooting().play("shoot from 1 at r10")
    assert s.current_player == CHANCE and s.shots == 0
    outcomes = {str(a): p for a, p in s.chance_outcomes()}
    assert sum(outcomes.values()) == 1 and all(isinstance(p, Fraction) for p in outcomes.values())
    assert max(outcomes, key=outcomes.get) == "land r10" and Fraction(1, 4) < outcomes["land r10"] < 1
    aim = BOARD.index("r10")
    width = SPREADS["skilled"] * shot_length(0, 1, aim) * ALONG
    assert all(BOARD.distance(aim, BOARD.index(o.split()[1])) <= 2 * width for o in outcomes)
    sure = shooting(catapult_spread="sure").play("shoot from 5 at r46")
    assert [str(a) for a, _ in sure.chance_outcomes()] == ["land r46"]


def test_the_scatter_grows_with_the_length_of_the_shot():
    def on_aim(spot, aim, spread="skilled"):
        return dict(landing_outcomes(BOARD, 0, spot, BOARD.index(aim), spread))[BOARD.index(aim)]

    def farthest(spot, aim, spread="skilled"):
        return max(BOARD.distance(BOARD.index(aim), s) for s, _ in landing_outcomes(BOARD, 0, spot, BOARD.index(aim),
                                                                                    spread) if s != OFF)

    # The same aim from the spot level with it and from the far end of the edge: the longer shot strays more.
    assert shot_length(0, 9, BOARD.index("r10")) > shot_length(0, 1, BOARD.index("r10"))
    assert on_aim(9, "r10") < on_aim(1, "r10") and farthest(9, "r10") >= farthest(1, "r10")
    # A short shot near the border against a long one to the far back road.
    assert on_aim(5, "r46") > on_aim(1, "r10")
    # The variants' boulders: sure-handed to wild.
    for spot, aim in ((5, "r46"), (1, "r10"), (1, "r1")):
        assert on_aim(spot, aim, "sure") > on_aim(spot, aim, "skilled") > on_aim(spot, aim, "wild")
        assert farthest(spot, aim, "sure") <= farthest(spot, aim, "skilled") <= farthest(spot, aim, "wild")


def test_the_firing_spot_changes_where_a_miss_lands():
    # The scatter is longer along the line of flight: from level with r30 a miss strays east and west,
    # from a corner it strays on the diagonal.
    aim = BOARD.index("r30")
    level = {s for s, _ in landing_outcomes(BOARD, 0, 5, aim, "wild")}
    corner = {s for s, _ in landing_outcomes(BOARD, 0, 1, aim, "wild")}
    assert level != corner


def test_a_boulder_may_fly_off_the_board_and_does_nothing():
    s = shooting(catapult_spread="wild").play("shoot from 1 at r1")
    outcomes = dict(s.chance_outcomes())
    off = next(a for a in outcomes if str(a) == "land off")
    assert 0 < outcomes[off] < 1
    after = s.play("land off")
    assert after.phase == "move" and "off the board" in after.observation(0)["log"][-1]
    assert all(where(after, f"R{n}") != "dead" for n in range(1, 8))
    assert reach(BOARD, OFF) == ()


def test_two_boulders_a_side_never_run_out():
    # Four boulders in the box, two a side: each is picked up once its shot is settled.
    s = pos(dice=(4, 6), shots="3", card="CATAPULT!", red=RED_BACK)
    for _ in range(3):
        s = play_all(s, "shoot from 5 at r30", "land r30")
    assert s.shots == 0 and s.fired == 3


def test_red_shoots_from_its_own_back_edge_into_blue_land():
    s = pos(turn="red", blue="B1=b1 B2=b20 B3*=b30", red="R1=r10 R3*=r9", dice=(4, 4), shots="1")
    assert "shoot from 1 at b1" in moves(s) and not any(m.endswith(" r1") for m in moves(s) if m.startswith("shoot"))
    shot = s.play("shoot from 1 at b1")
    assert shot.view(None)["spot"] == 1
    assert where(shot.play("land b1"), "B1") == "dead"


def test_the_boulder_knocks_over_the_landing_rock_and_its_neighbours():
    hit = {BOARD.ids[i] for i in reach(BOARD, BOARD.index("r1"))}
    assert hit == {"r1", "r2", "r10"}
    assert REACH < 90
    assert "c" not in {BOARD.ids[i] for i in reach(BOARD, BOARD.cathedral)}


def test_a_lone_enemy_piece_hit_is_killed():
    s = shooting().play("shoot from 1 at r1").play("land r1")
    assert where(s, "R1") == "dead" and s.phase == "move"
    assert "R1 is killed" in s.observation(1)["log"][-1]


def test_a_miss_changes_nothing():
    s = shooting().play("shoot from 1 at r15").play("land r15")
    assert s.phase == "move" and "nothing falls" in s.observation(0)["log"][-1]
    assert all(where(s, f"R{n}") != "dead" for n in range(1, 8))


def test_more_enemy_pieces_down_lets_the_shooter_choose():
    s = shooting(red="R1=r1 R2=r10 R3*=r9 R4=r6").play("shoot from 1 at r1").play("land r1")
    assert s.phase == "kill" and s.current_player == 0 and s.choices == (10, 11)
    assert moves(s) == {"kill R1", "kill R2"}
    refuse(s, "kill R3", "choose one of R1 R2")
    refuse(s, "B1 b10-b15", "first choose")
    s = s.play("kill R2")
    assert where(s, "R2") == "dead" and where(s, "R1") == "r1" and s.phase == "move"


def test_as_many_friendly_pieces_down_costs_a_friendly_piece():
    s = shooting(blue="B1=r10 B2=b20 B3*=b30", red="R1=r1 R3*=r9").play("shoot from 1 at r1").play("land r1")
    assert where(s, "B1") == "dead" and where(s, "R1") == "r1"


def test_more_friendly_pieces_down_costs_one_of_them_chosen_by_the_shooter():
    s = shooting(blue="B1=r10 B2=r15 B3*=b30", red="R1=r1 R3*=r9").play("shoot from 1 at r10").play("land r10")
    assert s.phase == "kill" and {str(a) for a in s.legal_actions()} == {"kill B1", "kill B2"}
    s = s.play("kill B2")
    assert where(s, "B2") == "dead" and where(s, "R1") == "r1"


def test_a_hit_in_the_shooters_home_territory_cancels_the_shot():
    s = shooting(blue="B1=b50 B2=b20 B3*=b30", red="R1=r50 R3*=r9").play("shoot from 1 at r50")
    assert "land b50" in {str(a) for a, _ in s.chance_outcomes()}
    s = s.play("land b50")
    assert where(s, "B1") == "b50" and where(s, "R1") == "r50"
    assert "stood up again" in s.observation(0)["log"][-1]


def test_the_cathedral_shelters_its_pieces():
    s = shooting(blue="B1=c B2=b20 B3*=b30", red="R1=c R3*=r9", catapult_spread="wild").play("shoot from 5 at r46")
    s = s.play("land c")
    assert where(s, "B1") == "c" and where(s, "R1") == "c"


def test_a_carrier_killed_by_a_boulder_leaves_its_crown():
    s = pos(blue="B1=b10 B2=b20 B3*=b30", red="R1=b1 R3*=r9", dice=(4, 4), shots="1", turn="red",
            blue_crowns="@R1 b5 b8")
    s = s.play("shoot from 1 at b1").play("land b1")
    assert where(s, "R1") == "dead"
    assert s.observation(0)["crowns"][0]["where"] == "b1"


def test_shots_may_come_between_moves_and_are_lost_at_the_end():
    s = shooting(catapult_shots=2)
    s = play_all(s, "B1 b10-b15", "shoot from 1 at r15", "land r15", "B2 b20-b19")
    assert s.shots == 0 and s.fired == 1
    s = play_all(shooting(), "end")
    assert s.shots == 0 and s.current_player == 1


def test_the_scene_shows_the_boulder_in_flight_from_its_spot():
    from capture_lib.core.scene import Arrow, Mark
    from capture_lib.games.medieval_capture.scene import scene

    flying = scene(shooting().play("shoot from 3 at r20").view(None))
    assert Arrow(("spot-b3", "r20"), "flight") in flying.arrows and Mark("r20", "aim") in flying.marks
    assert flying.space("spot-b3").label == "3" and "in the air" in flying.status[0]
    assert not scene(shooting().view(None)).arrows
