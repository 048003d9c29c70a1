"""Crowns: picking up, carrying, dropping, capturing, the carrier's limits and winning."""

from __future__ import annotations

from .helpers import GAME, RED, moves, play_all, pos, refuse, where

RED_BACK = "R1=r1 R2=r7 R3*=r9 R4=r6 R5=r4 R6=r13 R7=r12"


def crown(state, index):
    return state.observation(0)["crowns"][index]


def test_a_piece_takes_an_enemy_crown_it_moves_over():
    s = pos(blue="B1=r3 B2=b20 B3*=b30", dice=(3, 3)).play("B1 r3-r2-r1 take r2")
    assert crown(s, 3) == {"side": "red", "home": "r2", "where": "r1", "carried_by": "B1"}
    s = pos(blue="B1=r3 B2=b20 B3*=b30", dice=(3, 3)).play("B1 r3-r2 take r2")
    assert crown(s, 3)["carried_by"] == "B1"


def test_taking_a_crown_is_a_choice():
    # The text: the Crown moves with the piece "unless the player decides to leave the Crown".
    s = pos(blue="B1=r3 B2=b20 B3*=b30", dice=(3, 3))
    passed = s.play("B1 r3-r2-r1")
    assert crown(passed, 3) == {"side": "red", "home": "r2", "where": "r2"} and where(passed, "B1") == "r1"
    stopped = s.play("B1 r3-r2")
    assert crown(stopped, 3)["where"] == "r2" and "carried_by" not in crown(stopped, 3)
    assert {"B1 r3-r2-r1", "B1 r3-r2-r1 take r2", "B1 r3-r2", "B1 r3-r2 take r2"} <= moves(s)
    refuse(s, "B1 r3-r11 take r2", "not on it")
    refuse(s, "B1 r3-r4 take r4", "no enemy Crown lies on r4")
    refuse(pos(dice=(2, 2), blue="B1=b1 B2=b20 B3*=b30"), "B1 b1-b2-b3 take b2", "never move their own Crowns")


def test_a_piece_standing_on_a_crown_takes_it_by_moving_off():
    s = pos(blue="B1=r3 B2=b20 B3*=b30", dice=(3, 3)).play("B1 r3-r2").play("end")
    s = play_all(s, "roll", "roll white 1 black 1", "end", "roll", "roll white 3 black 3")
    assert "B1 r2-r1 take r2" in moves(s)
    after = s.play("B1 r2-r1 take r2")
    assert crown(after, 3)["carried_by"] == "B1" and crown(after, 3)["where"] == "r1"


def test_a_raider_landing_on_a_crown_space_by_boat_is_not_made_to_take_it():
    # Blue's lake boat b14 docks at the Crown space b5: a Red raider landing there may pass the Crown by.
    s = pos(turn="red", blue="B1=b10 B3*=b30", red="R1=b29 R3*=r9", dice=(3, 4))
    listed = moves(s)
    assert "R1 b29-b25-b14-b5" in listed and "R1 b29-b25-b14-b5 take b5" in listed
    assert "R1 b29-b25-b14-b5-b4" in listed
    landed = s.play("R1 b29-b25-b14-b5-b4")
    assert landed.observation(1)["crowns"][1]["where"] == "b5" and where(landed, "R1") == "b4"


def test_a_crown_leaving_its_territory_is_captured():
    s = pos(blue="B1=r50 B2=b20 B3*=b30", red_crowns="@B1 r5 r8", dice=(1, 1)).play("B1 r50-b50")
    assert s.crowns_captured(0) == 1 and crown(s, 3)["where"] == "captured"
    assert s.observation(1)["crowns_captured"] == [1, 0]


def test_taking_a_crown_into_the_cathedral_captures_it():
    s = pos(blue="B1=r46 B2=b20 B3*=b30", red_crowns="@B1 r5 r8", dice=(1, 1)).play("B1 r46-c")
    assert s.crowns_captured(0) == 1 and where(s, "B1") == "c"


def test_a_crown_can_be_taken_and_captured_in_one_move():
    s = pos(blue="B1=r34 B2=b20 B3*=b30", red_crowns="r43 r5 r8", dice=(1, 3)).play("B1 r34-r43-r50-b50 take r43")
    assert s.crowns_captured(0) == 1


def test_one_crown_a_move():
    # A carrier that keeps its Crown takes no other, even once its own has been captured on the way.
    s = pos(blue="B1=r4 B2=b20 B3*=b30", red=RED, red_crowns="@B1 r5 r8", dice=(2, 2))
    refuse(s, "B1 r4-r5-r6 take r5", "one Crown at a time")
    assert not any("take" in m for m in moves(s) if m.startswith("B1 ") and "drop" not in m)
    # B1 carries its Crown over the border at b50 (captured there) and sails back by the north river to
    # r44, where a second Red Crown lies: it may end there, but not take that Crown in the same move.
    s = pos(blue="B1=r43 B2=b20 B3*=b30", red="R3*=r9", red_crowns="@B1 r44 r8", dice=(6, 8))
    path = "B1 r43-r50-b50-b43-b44-b45-r45-r44"
    refuse(s, path + " take r44", "one Crown at a time")
    after = s.play(path)
    assert after.crowns_captured(0) == 1 and crown(after, 4)["where"] == "r44"
    # ... and r44 is a Knight space: the rest of a move made with a Crown brings no reserve either.
    assert where(after, "B4") == "reserve"
    # A carrier that leaves its Crown first may take another one.
    s = pos(blue="B1=r4 B2=b20 B3*=b30", red=RED, red_crowns="@B1 r5 r8", dice=(2, 2))
    dropped = s.play("B1 r4-r5-r6 drop take r5")
    assert crown(dropped, 3)["where"] == "r4" and crown(dropped, 4)["carried_by"] == "B1"


def test_one_crown_at_a_time():
    s = pos(blue="B1=r4 B2=b20 B3*=b30", red=RED, red_crowns="@B1 r5 r8", dice=(2, 2)).play("B1 r4-r5-r6")
    assert crown(s, 3)["carried_by"] == "B1" and crown(s, 4) == {"side": "red", "home": "r5", "where": "r5"}


def test_a_carrier_may_drop_its_crown_and_move_on():
    s = pos(blue="B1=r3 B2=b20 B3*=b30", red=RED, red_crowns="@B1 r5 r8", dice=(2, 2))
    dropped = s.play("B1 r3-r11 drop")
    assert crown(dropped, 3)["where"] == "r3" and "carried_by" not in crown(dropped, 3)
    refuse(pos(blue="B1=r3 B2=b20 B3*=b30", dice=(2, 2)), "B1 r3-r11 drop", "carries no Crown")
    assert "B1 r3-r11 drop" in moves(s) and "B1 r3-r11" in moves(s)


def test_a_carrier_does_nothing_else():
    carrying = pos(blue="B1=r50 B2=b20 B3*=b30", red="R1=b50 R3*=r9", red_crowns="@B1 r5 r8", dice=(1, 1))
    refuse(carrying, "B1 r50-b50", "no capture")
    s = pos(blue="B1=r21 B2=b20 B3*=b30", red=RED_BACK, red_crowns="@B1 r5 r8", dice=(2, 2))
    assert s.play("B1 r21-r16-r11").phase == "move"  # the treasure space gives no card
    s = pos(blue="B1=r3 B2=b20 B3*=b30 B8=prisoner", red="R1=r1 R3*=r9", red_crowns="@B1 r5 r8", dice=(2, 2))
    refuse(s, "B1 r3-r4-rd free B8", "no rescue")
    # A Crown picked up on the way: the treasure space after it gives nothing, nor the one before it.
    plain = pos(blue="B1=r3 B2=b20 B3*=b30", red="R3*=r9", dice=(4, 4))
    assert plain.play("B1 r3-r11-r16-r21").phase == "draw"
    picks = pos(blue="B1=r3 B2=b20 B3*=b30", red="R3*=r9", red_crowns="r11 r5 r8", dice=(4, 4))
    after = picks.play("B1 r3-r11-r16-r21 take r11")
    assert crown(after, 3)["carried_by"] == "B1" and after.phase == "move"
    assert picks.play("B1 r3-r11-r16-r21").phase == "draw"  # the Crown left lying: the card is drawn
    # The text forbids other actions while moving with a Crown: the treasure space crossed before the
    # Crown was taken still gives its card.
    before = pos(blue="B1=r21 B2=b20 B3*=b30", red="R3*=r9", red_crowns="r11 r5 r8", dice=(4, 4))
    took = before.play("B1 r21-r16-r11 take r11")
    assert took.phase == "draw" and took.play("draw CAPTURE!").observation(0)["crowns"][3]["carried_by"] == "B1"



def test_home_pieces_may_cross_but_not_stop_on_their_crown():
    s = pos(dice=(2, 2), blue="B1=b1 B2=b20 B3*=b30")
    refuse(s, "B1 b1-b2", "own Crown")
    assert where(s.play("B1 b1-b2-b3"), "B1") == "b3"
    assert "B1 b1-b2" not in moves(s)
    # The one exception: capturing the raider who stands on the Crown puts the captor there.
    raided = pos(dice=(1, 1), blue="B1=b1 B2=b20 B3*=b30", red="R1=b2 R3*=r9").play("B1 b1-b2")
    assert where(raided, "R1") == "prisoner" and where(raided, "B1") == "b2"
    assert raided.observation(0)["crowns"][0]["where"] == "b2"


def test_a_captured_carriers_crown_stays_where_it_was_taken():
    red = "R1=r11 R2=r20 R3*=r30"
    s = pos(turn="red", blue="B1=r3 B2=b20 B3*=b30", red=red, red_crowns="@B1 r5 r8", dice=(1, 1))
    s = s.play("R1 r11-r3")
    assert where(s, "B1") == "prisoner" and crown(s, 3)["where"] == "r3" and where(s, "R1") == "r3"
    s = pos(turn="red", blue="B1=r3 B2=b20 B3*=b30", red=red, red_crowns="@B1 r5 r8", dice=(1, 1),
            options={"crown_returns": True}).play("R1 r11-r3")
    assert crown(s, 3)["where"] == "r2"


def test_three_crowns_win_at_once():
    s = pos(blue="B1=r50 B2=b20 B3*=b30", red_crowns="taken taken @B1", dice=(1, 1)).play("B1 r50-b50")
    assert s.is_over and s.winners == (0,) and s.returns() == [1.0, -1.0]
    assert s.legal_actions() == []
    refuse(s, "end", "game is over")


def test_the_number_of_crowns_to_win_is_an_option():
    s = pos(blue="B1=r50 B2=b20 B3*=b30", red_crowns="@B1 r5 r8", dice=(1, 1), options={"crowns_to_win": 1})
    assert s.play("B1 r50-b50").winners == (0,)
    assert not GAME.from_position(GAME.position_text(s)).is_over
