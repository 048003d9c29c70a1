"""Treasure: drawing, the hidden hand, reshuffling, and each of the eighteen cards."""

from __future__ import annotations

from fractions import Fraction

import pytest

from capture_lib import CHANCE
from capture_lib.games.medieval_capture.rules.treasure import BY_CODE, CARDS, DECK_SIZE, DECKS, deck_for, parse_card

from .helpers import GAME, moves, play_all, pos, refuse, where

RED_BACK = "R1=r1 R2=r7 R3*=r9 R4=r6 R5=r4 R6=r13 R7=r12"
ALL_BUT_RANSOM = "CAPTURE!*7 CATAPULT!*7 AMBUSH! RECRUIT*2"
EXTENDED = {"treasure_deck": "extended"}


def test_the_deck_has_eighteen_cards_with_the_named_counts():
    # The text: eighteen cards; one AMBUSH!, two RECRUIT, "the RANSOM" card; CAPTURE! and CATAPULT! named.
    assert DECK_SIZE == 18 and sum(deck_for({})) == 18
    counts = {c.name: n for c, n in zip(CARDS, GAME.new_game(seed=0).deck, strict=True) if n}
    assert counts == {"CAPTURE!": 7, "CATAPULT!": 7, "AMBUSH!": 1, "RANSOM": 1, "RECRUIT": 2}
    assert parse_card("capture") == parse_card("CAPTURE!") == "capture"


def test_the_projects_own_cards_are_an_option_that_says_which_rules_they_bend():
    extended = dict(zip((c.code for c in CARDS), GAME.new_game(seed=0, **EXTENDED).deck, strict=True))
    assert sum(extended.values()) == 18 and extended["ambush"] == 1 and extended["recruit"] == 2
    assert extended["ransom"] == 1 and min(extended["march"], extended["horses"], extended["reroll"]) > 0
    assert DECKS["text"][:5] == tuple(c.count for c in CARDS)[:5]
    help_text = next(o.help for o in GAME.options if o.name == "treasure_deck")
    assert "three pieces a turn" in help_text and "white die" in help_text
    assert BY_CODE["march"].bends and BY_CODE["horses"].bends and not BY_CODE["reroll"].bends
    # Without the option they never enter play: a hand holding one is not a position of the game.
    with pytest.raises(ValueError, match="0 MARCH cards"):
        pos(blue_hand="MARCH")


def test_a_treasure_space_abroad_draws_a_hidden_card():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3)).play("B1 r11-r16-r21")
    assert s.current_player == CHANCE and s.phase == "draw"
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert outcomes["draw CAPTURE!"] == Fraction(7, 18) and outcomes["draw AMBUSH!"] == Fraction(1, 18)
    assert set(outcomes) == {"draw CAPTURE!", "draw CATAPULT!", "draw AMBUSH!", "draw RANSOM", "draw RECRUIT"}
    s = s.play("draw AMBUSH!")
    assert s.phase == "move" and s.observation(0)["hand"] == ["AMBUSH!"]
    red = s.observation(1)
    assert red["log"][-1] == "draw ?" and red["hand_sizes"] == [1, 0] and red["hands"][0] is None
    assert "AMBUSH" not in str(red)
    refuse(s, "draw CAPTURE!", "none is pending")


def test_each_treasure_space_crossed_draws_one_card():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(5, 5)).play("B1 r11-r16-r21-r20-r19-r27")
    s = s.play("draw CAPTURE!")
    assert s.phase == "draw"
    s = s.play("draw CAPTURE!")
    assert s.phase == "move" and s.hands[0] == ("capture", "capture") and sum(s.deck) == 16


def test_treasure_spaces_at_home_give_nothing():
    s = pos(blue="B1=b11 B2=b20 B3*=b30", dice=(3, 3)).play("B1 b11-b16-b21")
    assert s.phase == "move" and not s.hands[0]


def test_forced_stops_draw_only_on_landing():
    for stops in ("treasure-spaces", "both"):
        s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3), options={"forced_stops": stops})
        assert s.play("B1 r11-r16-r21").phase == "move"
        assert s.play("B1 r11-r16").phase == "draw"
    # Forced stops on Knight spaces alone leave treasure spaces as the text has them: passing draws.
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3), options={"forced_stops": "knight-spaces"})
    assert s.play("B1 r11-r16-r21").phase == "draw"


def test_an_empty_deck_is_rebuilt_from_the_discard_pile():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3), blue_hand=ALL_BUT_RANSOM, deck="",
            discard="RANSOM").play("B1 r11-r16-r21")
    assert s.phase == "draw" and s.observation(1)["log"][-1] == "reshuffle"
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("draw RANSOM", 1)]


def test_no_card_is_drawn_when_every_card_is_in_a_hand():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3), blue_hand=ALL_BUT_RANSOM,
            red_hand="RANSOM").play("B1 r11-r16-r21")
    assert s.phase == "move" and s.draws == 0


def test_a_card_drawn_now_is_played_from_the_next_turn():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red=RED_BACK, dice=(3, 3)).play("B1 r11-r16-r21").play("draw AMBUSH!")
    refuse(s, "play AMBUSH!", "start of a turn")
    s = play_all(s, "end", "roll", "roll white 1 black 1", "end")
    assert "play AMBUSH!" in moves(s)


def test_one_card_a_turn_and_only_cards_in_hand():
    s = pos(blue_hand="AMBUSH! CATAPULT!")
    refuse(s, "play CAPTURE!", "holds no CAPTURE!")
    s = s.play("play AMBUSH!")
    refuse(s, "play CATAPULT!", "only one Treasure Card")
    refuse(s.play("roll"), "play CATAPULT!", "chance must act first")


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
    assert sum(s.deck) == 11 and s.deck[1] == 0
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


def test_three_pieces_a_turn_and_the_white_die_at_home_hold_with_the_texts_deck():
    # The text: at most three pieces a turn; the white die moves the pieces at home.
    s = play_all(pos(dice=(1, 1)), "B1 b10-b15", "B2 b20-b19", "B3 b30-b38")
    refuse(s, "B4 b39-b40", "at most 3 different pieces")
    refuse(pos(dice=(1, 4)), "B1 b10-b15-b19-b27-b34", "white die")


def test_march_moves_four_pieces():
    s = play_all(pos(blue_hand="MARCH", options=EXTENDED), "play MARCH", "roll", "roll white 1 black 1")
    s = play_all(s, "B1 b10-b15", "B2 b20-b19", "B3 b30-b38", "B4 b39-b40")
    refuse(s, "B5 b41-b42", "at most 4 different pieces")


def test_horses_let_every_piece_use_the_higher_die():
    s = play_all(pos(blue_hand="HORSES", options=EXTENDED), "play HORSES", "roll", "roll white 1 black 4")
    assert where(s.play("B1 b10-b15-b19-b27-b34"), "B1") == "b34"


def test_reroll_rolls_again_before_any_move():
    s = play_all(pos(blue_hand="REROLL", options=EXTENDED), "play REROLL", "roll", "roll white 1 black 1")
    assert "reroll" in moves(s)
    again = s.play("reroll")
    assert again.current_player == CHANCE and again.dice is None
    again = again.play("roll white 5 black 12")
    assert again.dice == (5, 12) and again.shots == 1
    refuse(again, "reroll", "needs a REROLL card")
    refuse(s.play("B1 b10-b15"), "reroll", "before any move or shot")
    refuse(pos(dice=(1, 1)), "reroll", "needs a REROLL card")


def test_the_played_card_is_discarded_at_the_end_of_the_turn():
    s = play_all(pos(blue_hand="AMBUSH!"), "play AMBUSH!", "roll", "roll white 1 black 1")
    assert s.observation(1)["discard"] == {}
    s = s.play("end")
    assert s.observation(1)["discard"] == {"AMBUSH!": 1} and s.card is None
    assert GAME.position_text(s).count("AMBUSH!") == 1  # only in the discard line: the deck had one
