"""Treasure: drawing, the hidden hand, reshuffling, and each of the eighteen cards."""

from __future__ import annotations

from fractions import Fraction

import pytest

from capture_lib import CHANCE
from capture_lib.games.medieval_capture.treasure import BY_CODE, CARDS, DECK_SIZE, FULL_DECK, parse_card

from .helpers import GAME, moves, play_all, pos, refuse, where

RED_BACK = "R1=r1 R2=r7 R3*=r9 R4=r6 R5=r4 R6=r13 R7=r12"
ALL_BUT_RANSOM = "CAPTURE!*3 CATAPULT!*3 AMBUSH! RECRUIT*2 MARCH*3 HORSES*2 REROLL*2"


def test_the_deck_has_eighteen_cards_with_the_named_counts():
    assert DECK_SIZE == 18 and sum(FULL_DECK) == 18
    assert BY_CODE["ambush"].count == 1 and BY_CODE["recruit"].count == 2
    assert {c.name for c in CARDS} >= {"CAPTURE!", "CATAPULT!", "AMBUSH!", "RANSOM", "RECRUIT"}
    assert parse_card("capture") == parse_card("CAPTURE!") == "capture"


def test_a_treasure_space_abroad_draws_a_hidden_card():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3)).play("B1 r11-r16-r21")
    assert s.current_player == CHANCE and s.phase == "draw"
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert outcomes["draw CAPTURE!"] == Fraction(3, 18) and outcomes["draw AMBUSH!"] == Fraction(1, 18)
    s = s.play("draw AMBUSH!")
    assert s.phase == "move" and s.observation(0)["hand"] == ["AMBUSH!"]
    red = s.observation(1)
    assert red["log"][-1] == "draw ?" and red["hand_sizes"] == [1, 0] and red["hands"][0] is None
    assert "AMBUSH" not in str(red)
    refuse(s, "draw CAPTURE!", "none is pending")


def test_each_treasure_space_crossed_draws_one_card():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(5, 5)).play("B1 r11-r16-r21-r20-r19-r27")
    s = s.play("draw MARCH")
    assert s.phase == "draw"
    s = s.play("draw MARCH")
    assert s.phase == "move" and s.hands[0] == ("march", "march") and sum(s.deck) == 16


def test_treasure_spaces_at_home_give_nothing():
    s = pos(blue="B1=b11 B2=b20 B3*=b30", dice=(3, 3)).play("B1 b11-b16-b21")
    assert s.phase == "move" and not s.hands[0]


def test_forced_stops_draw_only_on_landing():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3), options={"forced_stops": True})
    assert s.play("B1 r11-r16-r21").phase == "move"
    assert s.play("B1 r11-r16").phase == "draw"


def test_an_empty_deck_is_rebuilt_from_the_discard_pile():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3), blue_hand=ALL_BUT_RANSOM, deck="",
            discard="RANSOM*2").play("B1 r11-r16-r21")
    assert s.phase == "draw" and s.observation(1)["log"][-1] == "reshuffle"
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("draw RANSOM", 1)]


def test_no_card_is_drawn_when_every_card_is_in_a_hand():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3), blue_hand=ALL_BUT_RANSOM,
            red_hand="RANSOM*2").play("B1 r11-r16-r21")
    assert s.phase == "move" and s.draws == 0


def test_a_card_drawn_now_is_played_from_the_next_turn():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3)).play("B1 r11-r16-r21").play("draw MARCH")
    refuse(s, "play MARCH", "start of a turn")
    s = play_all(s, "end", "roll", "roll white 1 black 1", "end")
    assert "play MARCH" in moves(s)


def test_one_card_a_turn_and_only_cards_in_hand():
    s = pos(blue_hand="MARCH HORSES")
    refuse(s, "play CAPTURE!", "holds no CAPTURE!")
    s = s.play("play MARCH")
    refuse(s, "play HORSES", "only one Treasure Card")
    refuse(s.play("roll"), "play HORSES", "chance must act first")


def test_capture_card_allows_one_capture_abroad():
    blue = "B1=r15 B2=r19 B3*=b30"
    s = play_all(pos(blue=blue, blue_hand="CAPTURE!"), "play CAPTURE!", "roll", "roll white 1 black 3")
    s = s.play("B1 r15-r10")
    assert where(s, "R1") == "prisoner"
    refuse(s, "B2 r19-r20", "enemy territory")


def test_capture_card_lets_the_knight_kill_abroad():
    s = play_all(pos(blue="B1=b10 B2=b20 B3*=r15", blue_hand="CAPTURE!"), "play CAPTURE!", "roll",
                 "roll white 1 black 3")
    assert where(s.play("B3 r15-r10 kill"), "R1") == "dead"


def test_ambush_kills_one_piece_abroad_with_any_piece():
    blue = "B1=r15 B2=r19 B3*=b30"
    s = play_all(pos(blue=blue, blue_hand="AMBUSH!"), "play AMBUSH!", "roll", "roll white 1 black 3")
    refuse(s, "B1 r15-r10", "write the move with kill")
    s = s.play("B1 r15-r10 kill")
    assert where(s, "R1") == "dead"
    refuse(s, "B2 r19-r20 kill", "enemy territory")


def test_catapult_card_gives_a_shot_whatever_the_die():
    s = play_all(pos(blue_hand="CATAPULT!"), "play CATAPULT!", "roll", "roll white 1 black 3")
    assert s.shots == 1 and any(m.startswith("shoot ") for m in moves(s))
    s2 = play_all(pos(blue_hand="CATAPULT!"), "play CATAPULT!", "roll", "roll white 4 black 3")
    assert s2.shots == 2


def test_without_catapults_the_catapult_cards_leave_the_deck():
    s = GAME.new_game(seed=1, catapult_rolls="off")
    assert sum(s.deck) == 15 and s.deck[1] == 0
    with pytest.raises(ValueError, match="0 CATAPULT! cards"):
        pos(blue_hand="CATAPULT!", options={"catapult_rolls": "off"})
    s = play_all(pos(options={"catapult_rolls": "off"}), "roll", "roll white 4 black 4")
    assert s.shots == 0 and not any(m.startswith("shoot") for m in moves(s))


def test_ransom_frees_a_prisoner_to_the_cathedral():
    s = pos(blue="B1=b10 B2=b20 B3*=b30 B8=prisoner", blue_hand="RANSOM")
    refuse(s, "play RANSOM B9", "not one of your prisoners")
    refuse(s, "play RANSOM", "names the piece")
    s = s.play("play RANSOM B8")
    assert where(s, "B8") == "c"
    s = play_all(s, "roll", "roll white 3 black 3")
    refuse(s, "B8 c-b46", "arrived in the Cathedral")


def test_recruit_brings_the_lowest_reserve_or_by_option_a_killed_piece():
    s = pos(blue="B1=b10 B2=b20 B3*=b30 B4=dead", blue_hand="RECRUIT")
    refuse(s, "play RECRUIT B6", "lowest number first")
    refuse(s, "play RECRUIT B4", "lowest number first")
    assert where(s.play("play RECRUIT B5"), "B5") == "c"
    s = pos(blue="B1=b10 B2=b20 B3*=b30 B4=dead", blue_hand="RECRUIT", options={"killed_return": "recruit"})
    assert where(s.play("play RECRUIT B4"), "B4") == "c"


def test_march_moves_four_pieces():
    s = play_all(pos(blue_hand="MARCH"), "play MARCH", "roll", "roll white 1 black 1")
    s = play_all(s, "B1 b10-b15", "B2 b20-b19", "B3 b30-b38", "B4 b39-b40")
    refuse(s, "B5 b41-b42", "at most 4 different pieces")


def test_horses_let_every_piece_use_the_higher_die():
    s = play_all(pos(blue_hand="HORSES"), "play HORSES", "roll", "roll white 1 black 4")
    assert where(s.play("B1 b10-b15-b19-b27-b34"), "B1") == "b34"


def test_reroll_rolls_again_before_any_move():
    s = play_all(pos(blue_hand="REROLL"), "play REROLL", "roll", "roll white 1 black 1")
    assert "reroll" in moves(s)
    again = s.play("reroll")
    assert again.current_player == CHANCE and again.dice is None
    again = again.play("roll white 5 black 12")
    assert again.dice == (5, 12) and again.shots == 1
    refuse(again, "reroll", "needs a REROLL card")
    refuse(s.play("B1 b10-b15"), "reroll", "before any move or shot")
    refuse(pos(dice=(1, 1)), "reroll", "needs a REROLL card")


def test_the_played_card_is_discarded_at_the_end_of_the_turn():
    s = play_all(pos(blue_hand="MARCH"), "play MARCH", "roll", "roll white 1 black 1")
    assert s.observation(1)["discard"] == {}
    s = s.play("end")
    assert s.observation(1)["discard"] == {"MARCH": 1} and s.card is None
    assert GAME.position_text(s).count("MARCH") == 2  # once in the deck line, once in the discard line
