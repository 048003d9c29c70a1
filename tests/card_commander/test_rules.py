"""Every rule of Card Commander, one position at a time.

Deals are fixed with ``GAME.setup`` and coins with explicit ``coin Blue`` / ``coin Red`` outcomes, so each
test states exactly which cards are in play and what the rules make of them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from capture_lib import CHANCE, load_game
from capture_lib.core.cards import Card
from capture_lib.games.card_commander.rules import BONUSES, card_value
from capture_lib.games.card_commander.rules.actions import ChooseCommander, Coin, Deal, Extra, Pass, Place

from .helpers import CLUBS, DIAMONDS, GAME, HEARTS, SPADES, all_cards, deal, play_all, refuse


def lanes(state):
    """The last finished round's lane winners and values, as the public record shows them."""
    last = state.rounds[-1]
    return last["lane_winners"], last["values"]


# ----- the game object -------------------------------------------------------------------------------


def test_load_game_gives_card_commander():
    assert load_game("card-commander") is GAME
    assert GAME.slug == "card-commander"
    assert GAME.min_players == GAME.max_players == 2
    assert GAME.seat_names == ("Blue", "Red")
    assert GAME.commanders == ("Karl", "Joanne", "Jackson")


# ----- commander choice --------------------------------------------------------------------------------


def test_a_new_game_starts_with_blue_choosing_a_commander():
    state = GAME.new_game(seed=1)
    assert state.phase == "commander"
    assert state.current_player == 0
    assert not state.is_over
    assert [str(a) for a in state.legal_actions()] == ["commander Karl", "commander Joanne", "commander Jackson"]
    assert state.chance_outcomes() == []
    assert state.history == ()
    assert state.score == (0, 0)


def test_red_chooses_second_and_may_not_take_blues_commander():
    state = GAME.new_game(seed=1).play("commander Joanne")
    assert state.commanders == ("Joanne", None)
    assert state.current_player == 1
    assert [str(a) for a in state.legal_actions()] == ["commander Karl", "commander Jackson"]
    refuse(state, "commander Joanne", match="already taken")
    state = state.play("commander Jackson")
    assert state.commanders == ("Joanne", "Jackson")
    assert state.current_player == CHANCE
    assert state.phase == "deal"


def test_commander_notation_is_case_insensitive_and_round_trips():
    state = GAME.new_game(seed=1).play("COMMANDER karl")
    assert state.history == (ChooseCommander("Karl"),)
    assert str(state.history[0]) == "commander Karl"


# ----- the deal: explicit chance events -----------------------------------------------------------------


def test_the_deal_is_a_chance_event_over_the_forty_number_cards():
    state = play_all(GAME.new_game(seed=3), "commander Karl", "commander Joanne")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 40
    assert all(p == Fraction(1, 40) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    cards = {str(a.card) for a, _ in outcomes}
    assert len(cards) == 40
    assert all(a.card.rank not in ("J", "Q", "K") for a, _ in outcomes)
    assert {"AS", "AH", "AD", "AC", "10D", "2C"} <= cards
    assert [str(a) for a in state.legal_actions()] == [str(a) for a, _ in outcomes]


def test_each_dealt_card_leaves_the_deck_and_probabilities_stay_exact():
    state = play_all(GAME.new_game(seed=3), "commander Karl", "commander Joanne")
    state = state.play("deal 7D")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 39
    assert all(p == Fraction(1, 39) for _, p in outcomes)
    assert Deal(Card("7", "D")) not in [a for a, _ in outcomes]
    assert state.hands == ((Card("7", "D"),), ())
    refuse(state, "deal 7D", match="not in the deck")
    # The chance that one particular 20-card deal happens, in order, is the product of the steps.
    prob = Fraction(1)
    for _ in range(20):
        if state.current_player != CHANCE:
            break
        outcomes = state.chance_outcomes()
        action, p = outcomes[0]
        prob *= p
        state = state.play(action)
    assert prob == Fraction(1, 39 * 38 * 37 * 36 * 35 * 34 * 33 * 32 * 31 * 30 * 29 * 28 * 27 * 26 * 25
                            * 24 * 23 * 22 * 21)


def test_cards_are_dealt_one_at_a_time_blue_first():
    state = play_all(GAME.new_game(seed=3), "commander Karl", "commander Joanne")
    state = play_all(state, "deal 2C", "deal 3C", "deal 4C")
    assert state.hands == ((Card("2", "C"), Card("4", "C")), (Card("3", "C"),))
    assert state.current_player == CHANCE


def test_after_twenty_cards_blue_places_first():
    state = deal(SPADES, HEARTS)
    assert state.phase == "place"
    assert state.current_player == 0
    assert len(state.hands[0]) == len(state.hands[1]) == 10
    assert len(state.deck) == 20
    assert sorted(str(c) for c in state.hands[0]) == sorted(SPADES.split())
    assert sorted(str(c) for c in state.hands[1]) == sorted(HEARTS.split())
    assert all_cards(state) == sorted(SPADES.split() + HEARTS.split() + CLUBS.split() + DIAMONDS.split())
    assert state.chance_outcomes() == []


def test_a_seeded_deal_is_reproducible_and_depends_on_the_seed():
    a = play_all(GAME.new_game(seed=11), "commander Karl", "commander Joanne").resolve_chance()
    b = play_all(GAME.new_game(seed=11), "commander Karl", "commander Joanne").resolve_chance()
    c = play_all(GAME.new_game(seed=12), "commander Karl", "commander Joanne").resolve_chance()
    assert a == b and a.hands == b.hands
    assert a.hands != c.hands
    assert a.current_player == 0 and len(a.hands[0]) == 10


def test_replay_resolves_chance_from_the_seed():
    direct = play_all(GAME.new_game(seed=5), "commander Karl", "commander Jackson").resolve_chance()
    replayed = GAME.replay(5, ["commander Karl", "commander Jackson"])
    assert replayed == direct
    assert GAME.replay(5, [s for s in map(str, direct.history)]) == direct


# ----- placement --------------------------------------------------------------------------------------


def test_placing_puts_one_card_in_each_lane_left_to_right():
    state = deal(CLUBS, HEARTS)
    assert len(state.legal_actions()) == 10 * 9 * 8
    assert all(isinstance(a, Place) for a in state.legal_actions())
    state = state.play("place 10C 2C 7C")
    assert state.placed[0] == (Card("10", "C"), Card("2", "C"), Card("7", "C"))
    assert len(state.hands[0]) == 7
    assert Card("10", "C") not in state.hands[0]
    assert state.current_player == 1
    assert state.placed[1] is None
    assert len(state.legal_actions()) == 10 * 9 * 8


def test_both_placements_are_revealed_and_the_round_is_settled():
    state = play_all(deal(CLUBS, HEARTS), "place 10C 2C 3C", "place 9H 5H 4H")
    winners, values = lanes(state)
    assert values == [[10, 2, 3], [9, 5, 4]]
    assert winners == [0, 1, 1]
    assert state.rounds[-1]["lane_how"] == ["higher", "higher", "higher"]
    assert state.rounds[-1]["winner"] == 1
    assert state.score == (0, 1)
    # The lanes are cleared onto the discard pile and round two starts with Blue placing.
    assert state.placed == (None, None)
    assert sorted(str(c) for c in state.discard) == sorted("10C 2C 3C 9H 5H 4H".split())
    assert state.round == 2
    assert state.phase == "place"
    assert state.current_player == 0
    assert len(state.legal_actions()) == 7 * 6 * 5


# ----- values: each Commander's bonus ----------------------------------------------------------------------


@pytest.mark.parametrize(("commander", "card", "value"), [
    ("Karl", "5D", 7), ("Karl", "5S", 3), ("Karl", "5H", 5), ("Karl", "5C", 5),
    ("Joanne", "5S", 7), ("Joanne", "5D", 3), ("Joanne", "5H", 5), ("Joanne", "5C", 5),
    ("Jackson", "5H", 6), ("Jackson", "5D", 6), ("Jackson", "5S", 4), ("Jackson", "5C", 4),
    ("Karl", "AD", 3), ("Karl", "AS", -1), ("Karl", "2S", 0), ("Karl", "10D", 12),
    ("Joanne", "AD", -1), ("Joanne", "AS", 3), ("Joanne", "10S", 12),
    ("Jackson", "AS", 0), ("Jackson", "AC", 0), ("Jackson", "AH", 2), ("Jackson", "10C", 9),
    (None, "AC", 1), (None, "10H", 10),
])
def test_card_value_is_the_number_plus_the_commanders_bonus(commander, card, value):
    assert card_value(Card.parse(card), commander) == value


def test_the_bonus_table_matches_the_three_commanders():
    assert BONUSES["Karl"] == {"D": 2, "S": -2, "H": 0, "C": 0}
    assert BONUSES["Joanne"] == {"S": 2, "D": -2, "H": 0, "C": 0}
    assert BONUSES["Jackson"] == {"H": 1, "D": 1, "S": -1, "C": -1}


def test_each_player_gets_their_own_commanders_bonus_in_battle():
    blue = "AD 2S 3H 4C 5D 6S 7H 8C 9D 10S"
    red = "AH 2D 3S 4H 5C 6D 7S 8H 9C 10D"
    state = play_all(deal(blue, red, ("Karl", "Jackson")), "place 5D 6S AD", "place 5C 6D AH")
    winners, values = lanes(state)
    # Karl: 5D 5+2, 6S 6-2, AD 1+2.  Jackson: 5C 5-1, 6D 6+1, AH 1+1.
    assert values == [[7, 4, 3], [4, 7, 2]]
    assert winners == [0, 1, 0]
    assert state.score == (1, 0)


def test_a_bonus_can_beat_a_higher_number():
    # Karl's 6D is worth 8; Joanne's 7D is worth 5; Joanne's 3S (5) beats Karl's 6S (4).
    blue = "AD 2S 3H 4C 5D 6S 7H 8C 9D 6D"
    red = "AH 2D 3S 4H 5C 7D 7S 8H 9C 10D"
    state = play_all(deal(blue, red, ("Karl", "Joanne")), "place 6D 6S 8C", "place 7D 3S 9C")
    winners, values = lanes(state)
    assert values == [[8, 4, 8], [5, 5, 9]]
    assert winners == [0, 1, 1]


def test_negative_and_zero_values_are_compared_like_any_other():
    blue = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"
    red = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"
    # Karl's AS is -1 and 2S is 0; Jackson's AC is 0 and 2C is 1.
    state = play_all(deal(blue, red, ("Karl", "Jackson")), "place AS 2S 10S", "place AC 3C 2C")
    winners, values = lanes(state)
    assert values == [[-1, 0, 8], [0, 2, 1]]
    assert winners == [1, 1, 0]


def test_a_negative_tie_is_still_a_tie():
    blue = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"
    red = "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D"
    state = play_all(deal(blue, red, ("Karl", "Joanne")), "place AS 10S 9S", "place AD 2D 3D")
    assert state.phase == "tie"
    assert state.tie_lane == 0
    assert state.lane_value(0, 0) == state.lane_value(1, 0) == -1


# ----- rounds and the best of three -----------------------------------------------------------------------


def test_the_game_ends_when_a_player_wins_two_rounds():
    state = deal(DIAMONDS, HEARTS, ("Karl", "Joanne"))
    state = play_all(state, "place 10D 9D 8D", "place AH 2H 3H")
    assert state.score == (1, 0) and not state.is_over
    state = play_all(state, "place 7D 6D 5D", "place 4H 5H 6H")
    assert state.score == (2, 0)
    assert state.is_over
    assert state.phase == "over"
    assert state.current_player is None
    assert state.winners == (0,)
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []
    assert state.chance_outcomes() == []
    assert len(state.rounds) == 2
    # The cards not needed stay in the hands.
    assert len(state.hands[0]) == len(state.hands[1]) == 4
    refuse(state, "place AD 2D 3D", match="over")


def test_a_one_all_score_goes_to_a_third_round():
    state = deal(DIAMONDS, HEARTS, ("Karl", "Joanne"))
    state = play_all(state, "place 10D 9D 8D", "place AH 2H 3H")
    state = play_all(state, "place AD 2D 3D", "place 10H 9H 8H")
    assert state.score == (1, 1)
    assert state.round == 3 and state.current_player == 0
    assert len(state.legal_actions()) == 4 * 3 * 2
    state = play_all(state, "place 4D 5D 6D", "place 4H 5H 6H")
    assert lanes(state)[1] == [[6, 7, 8], [4, 5, 6]]
    assert state.score == (2, 1)
    assert state.winners == (0,)
    assert state.returns() == [1.0, -1.0]
    assert [str(c) for c in state.hands[0]] == ["7D"]
    assert [str(c) for c in state.hands[1]] == ["7H"]


def test_red_can_win_the_game():
    state = deal(HEARTS, DIAMONDS, ("Joanne", "Karl"))
    state = play_all(state, "place AH 2H 3H", "place 10D 9D 8D", "place 4H 5H 6H", "place 7D 6D 5D")
    assert state.winners == (1,)
    assert state.returns() == [-1.0, 1.0]
    assert repr(state) == "<card-commander: over, Red wins 0-2, 26 actions>"


def test_returns_are_zero_while_playing():
    state = deal(CLUBS, HEARTS)
    assert state.returns() == [0.0, 0.0]
    assert state.winners == ()


# ----- ties: the extra card and the coin --------------------------------------------------------------------


def tied_left():
    """Karl (clubs) against Joanne (hearts): face values; the left lane ties 5 to 5."""
    return play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")


def test_a_tie_asks_blue_first_whether_to_add_the_extra_card():
    state = tied_left()
    assert state.phase == "tie"
    assert state.tie_lane == 0
    assert state.current_player == 0
    assert state.may_add_extra(0) and state.may_add_extra(1)
    legal = [str(a) for a in state.legal_actions()]
    assert legal[0] == "pass"
    assert sorted(legal[1:]) == sorted(f"extra {c}" for c in "AC 3C 4C 6C 7C 8C 10C".split())
    # Lanes are settled left to right, so the lanes after the tie wait until it is settled.
    assert state.lane_winners == (None, None, None)
    assert state.score == (0, 0)


def test_one_extra_card_breaks_the_tie():
    state = tied_left().play("extra 4C")
    assert state.current_player == 1
    state = state.play("pass")
    winners, values = lanes(state)
    assert values == [[9, 9, 2], [5, 3, 8]]
    assert winners == [0, 0, 1]
    assert state.rounds[-1]["lane_how"] == ["extra", "higher", "higher"]
    assert state.rounds[-1]["extras"] == [["4C", None, None], [None, None, None]]
    assert state.score == (1, 0)
    assert state.extra_used == (True, False)
    assert Card("4", "C") in state.discard
    assert len(state.hands[0]) == 6 and len(state.hands[1]) == 7
    assert [str(a) for a in state.history[-2:]] == ["extra 4C", "pass"]


def test_both_players_may_add_an_extra_card():
    state = play_all(tied_left(), "extra 4C", "extra 6H")
    winners, values = lanes(state)
    assert values[0][0] == 9 and values[1][0] == 11
    assert winners == [1, 0, 1]
    assert state.score == (0, 1)
    assert state.extra_used == (True, True)


def test_still_tied_after_both_extras_goes_to_the_coin():
    state = play_all(tied_left(), "extra 4C", "extra 4H")
    assert state.phase == "coin"
    assert state.current_player == CHANCE
    assert state.extras == ((Card("4", "C"), None, None), (Card("4", "H"), None, None))
    assert state.lane_value(0, 0) == state.lane_value(1, 0) == 9
    state = state.play("coin Red")
    assert state.rounds[-1]["lane_winners"] == [1, 0, 1]
    assert state.rounds[-1]["lane_how"][0] == "coin"
    assert state.score == (0, 1)


def test_the_coin_is_a_chance_event_with_two_equal_outcomes():
    state = play_all(tied_left(), "pass", "pass")
    assert state.phase == "coin"
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [(Coin(0), Fraction(1, 2)), (Coin(1), Fraction(1, 2))]
    assert [str(a) for a in state.legal_actions()] == ["coin Blue", "coin Red"]
    refuse(state, "pass", match="chance")
    blue = state.play("coin Blue")
    assert blue.rounds[-1]["lane_winners"] == [0, 0, 1]
    assert blue.score == (1, 0)
    assert blue.extra_used == (False, False)
    red = state.play("coin red")
    assert red.score == (0, 1)
    # A seeded coin always lands the same way.
    assert state.play_chance() == state.play_chance()


def test_the_extra_card_is_once_a_game():
    state = play_all(tied_left(), "extra 4C", "pass")  # Blue wins round 1 with its extra card
    # Round 2: the left lane ties again (6 to 6); Blue has used its extra card, so Red decides alone.
    state = play_all(state, "place 6C 10C 3C", "place 6H 2H 9H")
    assert state.phase == "tie"
    assert not state.may_add_extra(0) and state.may_add_extra(1)
    assert state.current_player == 1
    assert state.decisions[0] == Pass()
    refuse(state, "extra 7C", match="not hold|may not")
    state = state.play("extra 7H")
    assert state.rounds[-1]["lane_winners"] == [1, 0, 1]
    assert state.extra_used == (True, True)


def test_a_tie_with_no_extra_cards_left_goes_straight_to_the_coin():
    state = play_all(tied_left(), "extra 4C", "extra 6H")  # both extras spent, Red wins round 1
    state = play_all(state, "place 7C 10C 3C", "place 7H 2H 9H")
    assert state.phase == "coin"
    assert state.current_player == CHANCE
    assert state.history[-1] == Place((Card("7", "H"), Card("2", "H"), Card("9", "H")))


def test_the_extra_card_may_be_the_last_card_in_round_three():
    state = deal(CLUBS, HEARTS)
    state = play_all(state, "place 10C 9C AC", "place AH 2H 10H")   # Blue
    state = play_all(state, "place 2C 3C 8C", "place 9H 8H 3H")     # Red
    assert state.score == (1, 1)
    state = play_all(state, "place 4C 5C 6C", "place 4H 6H 7H")     # left 4 = 4
    assert state.phase == "tie" and state.round == 3
    assert [str(c) for c in state.hands[0]] == ["7C"]
    assert state.may_add_extra(0)
    state = play_all(state, "extra 7C", "pass")
    assert state.hands[0] == ()
    assert lanes(state)[0] == [0, 1, 1]
    assert state.winners == (1,)


def test_several_tied_lanes_are_settled_left_to_right():
    state = play_all(deal(CLUBS, HEARTS), "place 5C 6C 7C", "place 5H 6H 7H")
    assert state.phase == "tie" and state.tie_lane == 0 and state.current_player == 0
    state = play_all(state, "extra 2C", "pass")
    # Left lane to Blue (7 to 5); now the middle lane, where Blue has no extra card left.
    assert state.lane_winners[0] == 0
    assert state.tie_lane == 1 and state.current_player == 1
    state = state.play("extra AH")
    # Middle lane to Red (6 to 7); the right lane: nobody has an extra card, so the coin decides.
    assert state.lane_winners[:2] == (0, 1)
    assert state.tie_lane == 2 and state.current_player == CHANCE
    state = state.play("coin Blue")
    assert lanes(state)[0] == [0, 1, 0]
    assert state.rounds[-1]["lane_how"] == ["extra", "extra", "coin"]
    assert state.score == (1, 0)
    assert [str(a) for a in state.history[-4:]] == ["extra 2C", "pass", "extra AH", "coin Blue"]


def test_coins_in_several_lanes_each_decide_their_own_lane():
    state = play_all(deal(CLUBS, HEARTS), "place 5C 6C 7C", "place 5H 6H 7H", "pass", "pass")
    assert state.tie_lane == 0 and state.phase == "coin"
    state = play_all(state, "coin Red", "pass", "pass", "coin Blue", "pass", "pass", "coin Red")
    assert lanes(state)[0] == [1, 0, 1]
    assert state.rounds[-1]["lane_how"] == ["coin", "coin", "coin"]
    assert state.score == (0, 1)


def test_an_extra_card_gets_the_commander_bonus():
    blue = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10D"
    state = play_all(deal(blue, HEARTS, ("Karl", "Joanne")), "place 5C 9C 2C", "place 5H 3H 8H")
    state = play_all(state, "extra 10D", "extra 10H")
    assert lanes(state)[1][0][0] == 5 + 12
    assert lanes(state)[1][1][0] == 15
    assert lanes(state)[0][0] == 0


def test_red_cannot_add_a_card_it_does_not_hold():
    state = tied_left().play("extra 4C")
    assert state.current_player == 1
    # Red is the one to act: Red's "extra 4C" is a card Red does not hold.
    refuse(state, "extra 4C", match="does not hold")


def test_the_tie_phase_decisions_are_extra_and_pass_actions():
    state = tied_left()
    actions = state.legal_actions()
    assert actions[0] == Pass()
    assert all(isinstance(a, Extra) for a in actions[1:])


def test_actions_can_be_played_as_values_or_notation():
    state = deal(CLUBS, HEARTS)
    by_value = state.play(Place((Card("5", "C"), Card("9", "C"), Card("2", "C"))))
    assert by_value == state.play("place 5C 9C 2C")
    tie = play_all(by_value, "place 5H 3H 8H")
    assert tie.play(Extra(Card("4", "C"))) == tie.play("extra 4C")
    assert tie.play(Pass()) == tie.play("pass")
    coin = play_all(tie, "pass", "pass")
    assert coin.play(Coin(1)) == coin.play("coin Red")
    start = GAME.new_game(seed=0)
    assert start.play(ChooseCommander("Jackson")) == start.play("commander Jackson")
    dealing = play_all(start, "commander Karl", "commander Joanne")
    assert dealing.play(Deal(Card("A", "S"))) == dealing.play("deal AS")


def test_an_extra_card_worth_less_than_nothing_loses_the_lane():
    # Karl's AS is worth -1: adding it takes Blue's 5 down to 4 against Red's 5.
    blue = "AS 2C 3C 4C 5C 6C 7C 8C 9C 10C"
    state = play_all(deal(blue, HEARTS, ("Karl", "Joanne")), "place 5C 9C 2C", "place 5H 3H 8H", "extra AS",
                     "pass")
    assert state.rounds[-1]["values"][0][0] == 4
    assert state.rounds[-1]["lane_winners"][0] == 1
    assert state.rounds[-1]["lane_how"][0] == "extra"
    plain = play_all(deal(blue, HEARTS, ("Karl", "Joanne"), extra_card_bonus=False), "place 5C 9C 2C",
                     "place 5H 3H 8H", "extra AS", "pass")
    assert plain.rounds[-1]["values"][0][0] == 6
    assert plain.rounds[-1]["lane_winners"][0] == 0


def test_the_discard_pile_takes_the_round_and_its_extra_cards():
    # Six cards with no extra card, seven with one, eight with two.
    none = play_all(tied_left(), "pass", "pass", "coin Blue")
    one = play_all(tied_left(), "extra 4C", "pass")
    both = play_all(tied_left(), "extra 4C", "extra 6H")
    assert [len(s.discard) for s in (none, one, both)] == [6, 7, 8]
    assert sorted(str(c) for c in both.discard) == sorted("5C 9C 2C 5H 3H 8H 4C 6H".split())
    assert all(s.round == 2 and s.phase == "place" for s in (none, one, both))


def karl_spades_tie():
    """Karl's spades lose 2: Blue's 7S (5) ties Red's 5H (Joanne, face value) in the left lane."""
    return play_all(deal(SPADES, HEARTS, ("Karl", "Joanne")), "place 7S 9S 10S", "place 5H 2H 3H")


def test_an_extra_card_worth_zero_keeps_the_lane_tied():
    state = karl_spades_tie()
    assert state.phase == "tie" and state.lane_value(0, 0) == state.lane_value(1, 0) == 5
    state = play_all(state, "extra 2S", "pass")  # Karl's 2S is worth 0
    assert state.lane_value(0, 0) == 5 and state.phase == "coin" and state.extra_used == (True, False)


def test_an_extra_card_worth_less_than_zero_lowers_the_lane_and_can_lose_it():
    state = play_all(karl_spades_tie(), "extra AS", "pass")  # Karl's AS is worth -1
    assert state.rounds[-1]["values"][0][0] == 4 and state.rounds[-1]["lane_winners"][0] == 1
    assert state.rounds[-1]["lane_how"][0] == "extra"
