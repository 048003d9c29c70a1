"""Each rule of the text, on small positions: set-up, the turn, the dice, movement, capture, rescue."""

from __future__ import annotations

from fractions import Fraction

from capture_lib import CHANCE

from .helpers import GAME, moves, play_all, pos, refuse, where

#: Red's pieces along its back road, out of the way.
RED_BACK = "R1=r1 R2=r7 R3*=r9 R4=r6 R5=r4 R6=r13 R7=r12"


# ----- set-up ----------------------------------------------------------------------------------------------
def test_blue_places_first_on_its_own_rocks_but_never_a_crown():
    s = GAME.new_game(seed=1)
    assert s.phase == "place" and s.current_player == 0
    legal = moves(s)
    assert "place B1 b10" in legal and "place B1 b10 knight" in legal
    assert not any(m.split()[2].startswith("r") for m in legal)
    assert "place B1 b2" not in legal
    refuse(s, "place B1 b2", "Crown")
    refuse(s, "place B1 r10", "own")
    refuse(s, "place B2 b10", "places B1 next")


def test_the_last_piece_must_be_the_knight_and_red_places_second():
    s = play_all(GAME.new_game(seed=1), *[f"place B{n} b{s}" for n, s in zip(range(1, 7), (10, 11, 12, 13, 15, 16),
                                                                               strict=True)])
    refuse(s, "place B7 b17", "must be the Knight")
    s = s.play("place B7 b17 knight")
    assert s.current_player == 1
    refuse(s, "place R1 b20", "own")
    assert "place R1 r10" in moves(s)
    s = s.play("place R1 r10 knight")
    refuse(s, "place R2 r11 knight", "already placed")
    s = play_all(s, *[f"place R{n} r{sp}" for n, sp in zip(range(2, 8), (11, 12, 13, 15, 16, 17), strict=True)])
    assert s.phase == "start" and s.current_player == 0
    assert where(s, "B8") == "reserve" and where(s, "R10") == "reserve"


def test_red_sees_blue_placements_but_not_the_knight():
    s = play_all(GAME.new_game(seed=2), "place B1 b10 knight", "place B2 b11")
    red = s.observation(1)
    assert red["log"] == ["place B1 b10", "place B2 b11"]
    assert red["pieces"][0]["where"] == "b10" and "knight" not in red["pieces"][0]
    blue = s.observation(0)
    assert blue["log"][0] == "place B1 b10 knight" and blue["pieces"][0]["knight"] is True


def test_piece_count_options_change_the_armies():
    s = GAME.new_game(seed=3, blue_pieces=9, red_pieces=10)
    placements = [f"place B{n} b{sp}" for n, sp in zip(range(1, 9), (10, 11, 12, 13, 15, 16, 17, 18), strict=True)]
    s = play_all(s, *placements, "place B9 b19 knight")
    assert s.current_player == 1
    red = [f"place R{n} r{sp}" for n, sp in zip(range(1, 10), (10, 11, 12, 13, 15, 16, 17, 18, 19), strict=True)]
    s = play_all(s, *red, "place R10 r20 knight")
    assert s.phase == "start"
    assert where(s, "B10") == "reserve"
    assert all(where(s, f"R{n}") != "reserve" for n in range(1, 11))


# ----- the turn ---------------------------------------------------------------------------------------------
def test_a_turn_is_look_card_roll_then_moves():
    s = pos(blue_hand="CAPTURE!")
    legal = moves(s)
    assert {"roll", "look B1", "play CAPTURE!"} <= legal
    refuse(s, "B1 b10-b15", "roll the dice first")
    looked = s.play("look B3")
    refuse(looked, "look B1", "only one look")
    assert looked.observation(1)["log"][-1] == "look"
    carded = s.play("play CAPTURE!")
    refuse(carded, "look B1", "before the Treasure Card")
    rolled = s.play("roll")
    assert rolled.current_player == CHANCE
    outcomes = rolled.chance_outcomes()
    assert len(outcomes) == 6 * 12 and sum(p for _, p in outcomes) == 1
    moving = rolled.play("roll white 4 black 11")
    assert moving.dice == (4, 11) and moving.shots == 1
    refuse(moving, "play CAPTURE!", "start of a turn")
    refuse(moving, "look B1", "start of a turn")
    refuse(rolled, "roll white 7 black 3", "not a possible outcome")
    refuse(rolled, "roll white 2 black 13", "not a possible outcome")


def test_end_passes_the_turn_and_unused_moves_are_lost():
    s = pos(dice=(3, 3)).play("B1 b10-b15-b19").play("end")
    assert s.current_player == 1 and s.phase == "start" and s.dice is None and not s.moved


def test_the_black_die_size_is_an_option():
    s = pos(options={"black_die": 20}).play("roll")
    assert len(s.chance_outcomes()) == 6 * 20
    assert s.play("roll white 1 black 20").dice == (1, 20)


# ----- the dice --------------------------------------------------------------------------------------------
def test_home_pieces_move_up_to_the_white_die():
    s = pos(dice=(2, 11))
    assert where(s.play("B1 b10-b15-b19"), "B1") == "b19"
    assert where(s.play("B1 b10-b15"), "B1") == "b15"
    refuse(s, "B1 b10-b15-b19-b27", "white die: at most 2 spaces, not 3")


def test_pieces_abroad_move_up_to_the_black_die():
    s = pos(blue="B1=r50 B2=b20 B3*=b30", red=RED_BACK, dice=(2, 11))
    path = "r50-r43-r34-r35-r36-r37-r38-r39-r40-r41-r42-r49"
    assert where(s.play(f"B1 {path}"), "B1") == "r49"
    refuse(s, f"B1 {path}-r51", "black die: at most 11 spaces, not 12")


def test_the_die_depends_on_where_the_piece_starts():
    s = pos(blue="B1=b50 B2=b20 B3*=b30", red=RED_BACK, dice=(2, 11))
    assert where(s.play("B1 b50-r50-r43"), "B1") == "r43"
    refuse(s, "B1 b50-r50-r43-r34", "white die")


def test_a_piece_in_the_cathedral_may_use_the_higher_die():
    s = pos(blue="B1=c B2=b20 B3*=b30", red=RED_BACK, dice=(2, 5))
    after = s.play("B1 c-r46-r38-r37-r36-r35")
    assert where(after, "B1") == "r35"
    refuse(s, "B1 c-r46-r38-r37-r36-r35-r34", "higher die")


def test_the_texts_example_eleven_and_six():
    red = "R1=b50 R2=r20 R3*=r30 R4=r39 R5=r41 R6=r24 R7=r13"
    s = pos(turn="red", red=red, dice=(6, 11))
    s = s.play("R1 b50-b43-b34-b35-b36-b37-b38-b46")  # seven spaces abroad, on the black die
    assert s.current_player == CHANCE and s.phase == "draw"  # b46 is a treasure space in enemy territory
    s = s.play("draw RECRUIT")
    refuse(s, "R2 r20-r19-r27-r34-r43-r50-b50-b43", "white die: at most 6")
    s = s.play("R2 r20-r19-r27-r34-r43-r50")
    s = s.play("R6 r24-r33-r42-r49-r51")
    refuse(s, "R4 r39-r40", "at most 3 different pieces")


def test_a_piece_moves_once_a_turn():
    s = pos(dice=(3, 3)).play("B1 b10-b15")
    refuse(s, "B1 b15-b19", "already moved")


# ----- paths ------------------------------------------------------------------------------------------------
def test_a_move_may_not_cross_the_same_rock_twice():
    s = pos(blue="B1=b38 B2=b20 B3*=b10", dice=(6, 6))
    refuse(s, "B1 b38-b30-b31-b26-b25-b29-b30", "same space twice")
    refuse(s, "B1 b38-b39-b38", "same space twice")


def test_paths_follow_the_trails():
    s = pos(dice=(6, 6))
    refuse(s, "B1 b10-b20", "not joined")
    refuse(s, "B1 b15-b19", "path starts where the piece is")
    refuse(s, "B1 b10", "at least one space")


def test_no_moving_over_or_around_a_piece():
    s = pos(blue="B1=b10 B2=b15 B3*=b30", dice=(6, 6))
    refuse(s, "B1 b10-b15-b19", "over or around another piece")
    s = pos(blue="B1=b10 B2=b20 B3*=b30", red="R1=b15 R2=r20 R3*=r30", dice=(6, 6))
    refuse(s, "B1 b10-b15-b19", "over or around another piece")


def test_a_move_cannot_end_on_a_boat():
    s = pos(blue="B1=b21 B2=b20 B3*=b30", dice=(6, 6))
    refuse(s, "B1 b21-b28", "end on a boat")
    refuse(s, "B1 b21-b28-b45", "end on a boat")


def test_boats_are_reached_only_at_their_dock():
    s = pos(blue="B1=b35 B2=b20 B3*=b10", dice=(6, 6))
    refuse(s, "B1 b35-b36-b28", "not joined")  # a bridge is no landing stage
    assert where(s.play("B1 b35-b36-b37"), "B1") == "b37"


def test_a_river_voyage_costs_a_space_per_boat_or_two_with_the_option():
    blue = "B1=b21 B2=b20 B3*=b30"
    refuse(pos(blue=blue, dice=(4, 4)), "B1 b21-b28-b45-r45-r28-r21", "at most 4 spaces, not 5")
    s = pos(blue=blue, dice=(2, 2), options={"river_distance": "free"})
    assert where(s.play("B1 b21-b28-b45-r45-r28-r21"), "B1") == "r21"


# ----- the Cathedral ----------------------------------------------------------------------------------------
def test_the_cathedral_is_shared_and_may_be_crossed_when_occupied():
    s = pos(blue="B1=b46 B2=c B3*=b30", red="R1=c R2=r20 R3*=r30", dice=(6, 6))
    crossed = s.play("B1 b46-c-r46")
    assert where(crossed, "B1") == "r46" and where(crossed, "R1") == "c"
    s = pos(blue="B1=b46 B2=b20 B3*=b30", red="R1=c R2=r20 R3*=r30", dice=(6, 6))
    shared = s.play("B1 b46-c")
    assert where(shared, "B1") == "c" and where(shared, "R1") == "c"  # nobody captures in the Cathedral


# ----- capturing and killing ----------------------------------------------------------------------------------
def test_capture_at_home_sends_the_piece_to_the_captors_dungeon():
    s = pos(blue="B1=b10 B2=b20 B3*=b30", red="R1=b15 R2=r20 R3*=r30", dice=(2, 2))
    after = s.play("B1 b10-b15")
    assert where(after, "R1") == "prisoner" and where(after, "B1") == "b15"
    assert after.observation(1)["pieces"][10]["where"] == "prisoner"


def test_only_the_knight_kills_at_home_and_may_choose_not_to():
    s = pos(blue="B1=b37 B2=b20 B3*=b30", red="R1=b38 R2=r20 R3*=r30", dice=(2, 2))
    assert where(s.play("B3 b30-b38 kill"), "R1") == "dead"
    assert where(s.play("B3 b30-b38"), "R1") == "prisoner"
    refuse(s, "B1 b37-b38 kill", "only the Knight")
    refuse(s, "B1 b37-b36 kill", "needs an enemy piece")


def test_no_capturing_abroad():
    s = pos(blue="B1=r15 B2=b20 B3*=b30", dice=(2, 2))
    refuse(s, "B1 r15-r10", "enemy territory")
    refuse(s, "B1 r15-r10 kill", "enemy territory")


def test_a_piece_cannot_end_on_its_own_piece():
    s = pos(blue="B1=b10 B2=b15 B3*=b30", dice=(2, 2))
    refuse(s, "B1 b10-b15", "already holds your piece")


# ----- rescue -------------------------------------------------------------------------------------------------
def test_moving_onto_the_enemy_dungeon_rescues_a_prisoner():
    red = "R1=b3 R2=r20 R3*=r30 R8=prisoner R9=prisoner"
    s = pos(turn="red", red=red, dice=(6, 6))
    refuse(s, "R1 b3-b4-bd", "must name one of your prisoners")
    refuse(s, "R1 b3-b4-bd free R2", "must name one of your prisoners")
    refuse(s, "R1 b3-b4-bd-b6", "never crossed")
    refuse(s, "R1 b3-b4 free R8", "only a move onto the enemy dungeon")
    assert {"R1 b3-b4-bd free R8", "R1 b3-b4-bd free R9"} <= moves(s)
    after = s.play("R1 b3-b4-bd free R8")
    assert where(after, "R1") == "c" and where(after, "R8") == "c" and where(after, "R9") == "prisoner"
    refuse(after, "R8 c-b46", "arrived in the Cathedral")


def test_nobody_enters_their_own_dungeon_or_an_empty_one():
    s = pos(blue="B1=b4 B2=b20 B3*=b30", red="R1=r4 R2=r20 R3*=r30 R8=prisoner", dice=(6, 6))
    refuse(s, "B1 b4-bd free R8", "own dungeon")
    s = pos(blue="B1=r4 B2=b20 B3*=b30", dice=(6, 6))
    refuse(s, "B1 r4-rd free B8", "prisoners: none")


# ----- knight spaces -------------------------------------------------------------------------------------------
def test_a_knight_space_abroad_brings_a_reserve_to_the_cathedral():
    s = pos(blue="B1=r10 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3))
    after = s.play("B1 r10-r15-r19")
    assert where(after, "B4") == "c" and where(after, "B5") == "reserve"  # the lowest-numbered reserve
    refuse(after, "B4 c-b46", "arrived in the Cathedral")
    home = pos(blue="B1=b10 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3)).play("B1 b10-b15-b19")
    assert where(home, "B4") == "reserve"


def test_knight_spaces_can_have_no_effect_or_bring_back_the_dead():
    blue = "B1=r10 B2=b20 B3*=b30 " + " ".join(f"B{n}=dead" for n in range(4, 11))
    s = pos(blue=blue, red=RED_BACK, dice=(3, 3))
    assert where(s.play("B1 r10-r15-r19"), "B4") == "dead"
    s = pos(blue=blue, red=RED_BACK, dice=(3, 3), options={"killed_return": "knight-spaces"})
    assert where(s.play("B1 r10-r15-r19"), "B4") == "c"
    s = pos(blue="B1=r10 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3), options={"knight_spaces": "no-effect"})
    assert where(s.play("B1 r10-r15-r19"), "B4") == "reserve"


def test_forced_stops_make_special_spaces_work_only_at_the_end():
    # The text offers two forced stops, one for Knight spaces and one for treasure spaces: each on its own.
    for stops in ("knight-spaces", "both"):
        s = pos(blue="B1=r10 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3), options={"forced_stops": stops})
        assert where(s.play("B1 r10-r15-r19"), "B4") == "reserve"
        assert where(s.play("B1 r10-r15"), "B4") == "c"
    s = pos(blue="B1=r10 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3), options={"forced_stops": "treasure-spaces"})
    assert where(s.play("B1 r10-r15-r19"), "B4") == "c"


# ----- the end of the game ------------------------------------------------------------------------------
def test_an_army_with_no_way_back_loses():
    blue = "B1*=dead B2=dead B3=dead B4=prisoner B5=dead B6=dead B7=dead"
    s = pos(blue=blue, turn="red", dice=(3, 3)).play("end")
    assert s.is_over and s.winners == (1,) and s.returns() == [-1.0, 1.0]
    s = pos(blue=blue, turn="red", dice=(3, 3), blue_hand="RANSOM").play("end")
    assert not s.is_over and "play RANSOM B4" in moves(s)


def test_four_players_in_two_teams():
    blue = "B1=b10 B2=r15 B3*=b30"
    s = pos(blue=blue, red=RED_BACK, options={"players": 4})
    assert s.num_players == 4 and s.current_player == 0
    s = play_all(s, "roll", "roll white 2 black 2")
    refuse(s, "B2 r15-r19", "four players")
    s = play_all(s, "B1 b10-b15", "end")
    assert s.current_player == 2
    refuse(s, "B3 b30-b38", "four players")
    refuse(s, "shoot from 1 at r10", "home partner")
    s = play_all(s, "B2 r15-r19", "end")
    assert s.current_player == 1
    assert s.observation(2)["pieces"][2]["knight"] is True
    assert "knight" not in s.observation(3)["pieces"][2]


def test_four_player_wins_go_to_both_partners():
    s = pos(blue="B1=r50 B2=b20 B3*=b30", red_crowns="taken taken @B1", dice=(1, 1), options={"players": 4},
            role="abroad")
    s = s.play("B1 r50-b50")
    assert s.is_over and s.winners == (0, 2) and s.returns() == [0.5, -0.5, 0.5, -0.5]


def test_chance_outcomes_are_fractions_summing_to_one_in_every_event():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(4, 4), shots="1").play("B1 r11-r16-r21")
    assert s.current_player == CHANCE
    assert all(isinstance(p, Fraction) for _, p in s.chance_outcomes())
    assert sum(p for _, p in s.chance_outcomes()) == 1
