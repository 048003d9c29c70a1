"""Every ruling and option in ``card_commander/rulings.py``, each with both of its readings where it has two."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from capture_lib import CHANCE
from capture_lib.bookkit.docs import find_ruling, options_markdown, rulings_markdown
from capture_lib.core import saves
from capture_lib.games.card_commander.rules.rulings import OPTIONS, RULINGS
from capture_lib.games.card_commander.rules.state import number_cards

from .helpers import CLUBS, DIAMONDS, GAME, HEARTS, deal, play_all, refuse

#: Each ruling and the tests below that check it; a new ruling without a test makes this list wrong.
COVERED = {
    "aces": "test_aces_are_number_cards_worth_one / test_without_aces_the_deck_has_36_cards",
    "commanders": "test_one_deck_has_one_card_of_each_commander / test_same_commander_option",
    "tie-decision": "test_tie_decisions_are_secret_blue_first",
    "tie-eligible": "test_the_extra_card_keeps_three_cards_per_round_to_come",
    "tie-still-tied": "test_a_tie_left_standing_goes_to_a_fair_coin",
    "extra-bonus": "test_extra_card_bonus_option",
    "best-of-three": "test_the_game_stops_at_two_rounds / test_play_all_rounds_option",
    "ties-in-order": "test_tied_lanes_left_to_right_spend_the_extra_card_once",
}


def test_every_ruling_has_a_test_here():
    assert {r.key for r in RULINGS} == set(COVERED)
    assert GAME.rulings == RULINGS
    assert GAME.options == OPTIONS


def test_rulings_are_complete_and_name_real_options():
    names = {o.name for o in OPTIONS}
    for ruling in RULINGS:
        assert ruling.title and ruling.question and ruling.ruling and ruling.reason
        assert ruling.option is None or ruling.option in names
    # Every option is the other reading of some ruling, so the book explains each one.
    assert names == {r.option for r in RULINGS if r.option}
    assert len({r.key for r in RULINGS}) == len(RULINGS)


def test_option_defaults_are_the_rulings_readings():
    defaults = {o.name: o.default for o in OPTIONS}
    assert defaults == {"aces": True, "same_commander": False, "play_all_rounds": False,
                        "extra_card_bonus": True}
    state = GAME.new_game(seed=0)
    assert state.options == defaults
    for o in OPTIONS:
        assert o.default in o.choices
        assert o.help


def test_the_books_tables_list_every_option_and_ruling():
    table = options_markdown(GAME)
    for o in OPTIONS:
        assert f"`{o.name}`" in table
    text = rulings_markdown(GAME)
    for r in RULINGS:
        assert r.title in text and r.ruling in text
        assert find_ruling(GAME, r.key) is r


# ----- aces ------------------------------------------------------------------------------------------------


def test_aces_are_number_cards_worth_one():
    state = play_all(GAME.new_game(seed=0), "commander Jackson", "commander Karl")
    cards = {str(a.card) for a, _ in state.chance_outcomes()}
    assert len(cards) == 40 and {"AS", "AH", "AD", "AC"} <= cards
    assert len(number_cards(True)) == 40
    state = play_all(deal("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C", HEARTS, ("Karl", "Joanne")),
                     "place AC 10C 9C", "place 2H AH 3H")
    assert state.rounds[-1]["values"] == [[1, 10, 9], [2, 1, 3]]


def test_without_aces_the_deck_has_36_cards():
    state = play_all(GAME.new_game(seed=0, aces=False), "commander Jackson", "commander Karl")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36
    assert all(p == Fraction(1, 36) for _, p in outcomes)
    assert not any(a.card.rank == "A" for a, _ in outcomes)
    refuse(state, "deal AS", match="not in the deck")
    state = state.resolve_chance()
    assert len(state.deck) == 16
    assert not any(c.rank == "A" for h in state.hands for c in h)
    with pytest.raises(ValueError):
        deal("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C", HEARTS, aces=False)
    no_aces = deal("2C 3C 4C 5C 6C 7C 8C 9C 10C 2D", "2H 3H 4H 5H 6H 7H 8H 9H 10H 3D", aces=False)
    assert len(no_aces.deck) == 16 and no_aces.phase == "place"


# ----- commanders ------------------------------------------------------------------------------------------


def test_one_deck_has_one_card_of_each_commander():
    state = GAME.new_game(seed=0).play("commander Karl")
    assert "commander Karl" not in [str(a) for a in state.legal_actions()]
    refuse(state, "commander Karl", match="agreed to share Commanders")
    refuse(state, "commander karl", match="already taken")


def test_same_commander_option():
    state = GAME.new_game(seed=0, same_commander=True).play("commander Karl")
    assert [str(a) for a in state.legal_actions()] == ["commander Karl", "commander Joanne", "commander Jackson"]
    state = state.play("commander Karl")
    assert state.commanders == ("Karl", "Karl")
    state = play_all(deal(DIAMONDS, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", ("Karl", "Karl"), same_commander=True),
                     "place 5D 6D 7D", "place 10S 9S 8S")
    # Both sides use Karl's bonus: diamonds +2, spades -2.
    assert state.rounds[-1]["values"] == [[7, 8, 9], [8, 7, 6]]
    with pytest.raises(ValueError):
        deal(DIAMONDS, HEARTS, ("Karl", "Karl"))


# ----- tie decisions ----------------------------------------------------------------------------------------


def tied_left(**options):
    return play_all(deal(CLUBS, HEARTS, **options), "place 5C 9C 2C", "place 5H 3H 8H")


def test_tie_decisions_are_secret_blue_first():
    state = tied_left()
    assert state.current_player == 0
    after_pass = state.play("pass")
    after_extra = state.play("extra 4C")
    # Red sees exactly the same thing whatever Blue decided.
    assert after_pass.observation(1) == after_extra.observation(1)
    assert after_extra.observation(1)["decisions"] == ["decided", None]
    assert after_extra.observation(0)["decisions"] == ["extra 4C", None]
    assert after_extra.observation(1)["log"][-1] == "decide ?"
    # When Red has decided, both decisions are shown together to both players.
    done = after_extra.play("extra 6H")
    for seat in (0, 1):
        log = done.observation(seat)["log"]
        assert "extra 4C" in log and "extra 6H" in log
        assert "decide ?" not in log


def test_the_extra_card_keeps_three_cards_per_round_to_come():
    # Ten cards make one spare: in every round a player who has not used the extra card may.
    state = deal(CLUBS, HEARTS)
    state = play_all(state, "place 10C 9C AC", "place AH 2H 10H")
    assert len(state.hands[0]) == 7 and state.may_add_extra(0)
    state = play_all(state, "place 2C 3C 8C", "place 9H 8H 3H")
    assert len(state.hands[0]) == 4 and state.may_add_extra(0)
    state = play_all(state, "place 4C 5C 6C", "place 4H 6H 7H")
    assert len(state.hands[0]) == 1 and state.may_add_extra(0)
    # Once used, never again; and a player who used it holds exactly nine cards for three rounds.
    used = play_all(tied_left(), "extra 4C", "pass")
    assert not used.may_add_extra(0) and used.may_add_extra(1)
    assert len(used.hands[0]) == 6
    used = play_all(used, "place 6C 10C 3C", "place 6H 2H 9H", "extra 7H")
    assert not used.may_add_extra(1)
    assert used.observation(0)["may_add_extra"] == [False, False]


def test_a_tie_left_standing_goes_to_a_fair_coin():
    state = play_all(tied_left(), "pass", "pass")
    assert state.current_player == CHANCE
    assert sum(p for _, p in state.chance_outcomes()) == 1
    assert {str(a): p for a, p in state.chance_outcomes()} == {"coin Blue": Fraction(1, 2),
                                                                 "coin Red": Fraction(1, 2)}
    # Over many seeds, a seeded coin lands both ways.
    landed = {str(GAME.replay(seed, [str(a) for a in state.history]).history[-1]) for seed in range(40)}
    assert landed == {"coin Blue", "coin Red"}


def test_extra_card_bonus_option():
    blue = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10D"
    with_bonus = play_all(deal(blue, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H", "extra 10D", "extra 10H")
    assert with_bonus.rounds[-1]["values"][0][0] == 17
    assert with_bonus.rounds[-1]["lane_winners"][0] == 0
    plain = play_all(deal(blue, HEARTS, extra_card_bonus=False),
                     "place 5C 9C 2C", "place 5H 3H 8H", "extra 10D", "extra 10H")
    # Without the bonus, Karl's 10D adds only 10: 15 against 15, so the coin decides.
    assert plain.phase == "coin"
    assert plain.lane_value(0, 0) == plain.lane_value(1, 0) == 15
    # The placed card keeps its bonus either way.
    placed = play_all(deal(blue, HEARTS, extra_card_bonus=False), "place 10D 9C 2C", "place 5H 3H 8H")
    assert placed.rounds[-1]["values"][0][0] == 12


# ----- best of three ----------------------------------------------------------------------------------------


def two_nil(**options):
    state = deal(DIAMONDS, HEARTS, ("Karl", "Joanne"), **options)
    return play_all(state, "place 10D 9D 8D", "place AH 2H 3H", "place 7D 6D 5D", "place 4H 5H 6H")


def test_the_game_stops_at_two_rounds():
    state = two_nil()
    assert state.is_over and state.score == (2, 0) and len(state.rounds) == 2


def test_play_all_rounds_option():
    state = two_nil(play_all_rounds=True)
    assert not state.is_over
    assert state.round == 3 and state.current_player == 0 and state.score == (2, 0)
    state = play_all(state, "place AD 2D 3D", "place 10H 9H 8H")
    assert state.is_over and state.score == (2, 1) and len(state.rounds) == 3
    assert state.winners == (0,)
    sweep = play_all(deal(DIAMONDS, CLUBS, ("Karl", "Joanne"), play_all_rounds=True),
                     "place 10D 9D AD", "place AC 2C 10C", "place 8D 7D 2D", "place 3C 4C 9C")
    assert sweep.score == (2, 0) and not sweep.is_over
    sweep = play_all(sweep, "place 6D 5D 4D", "place 5C 6C 7C")
    assert sweep.is_over and sweep.score == (3, 0) and sweep.winners == (0,)
    assert sweep.returns() == [1.0, -1.0]


# ----- ties in order ----------------------------------------------------------------------------------------


def test_tied_lanes_left_to_right_spend_the_extra_card_once():
    state = play_all(deal(CLUBS, HEARTS), "place 5C 6C 7C", "place 5H 6H 7H")
    assert state.tie_lane == 0
    state = play_all(state, "pass", "extra 2H")   # Red spends its extra card on the left lane
    assert state.lane_winners == (1, None, None)
    assert state.tie_lane == 1
    assert state.current_player == 0              # Blue still may; Red may not
    assert not state.may_add_extra(1)
    state = state.play("extra AC")
    assert state.lane_winners == (1, 0, None)
    assert state.current_player == CHANCE and state.tie_lane == 2
    order = [r["lane_how"] for r in state.play("coin Red").rounds]
    assert order == [["extra", "extra", "coin"]]


def test_option_values_survive_a_save():
    state = tied_left(extra_card_bonus=False, play_all_rounds=True)
    loaded = saves.load(GAME, saves.dump(state))
    assert loaded.options == state.options == {"aces": True, "same_commander": False, "play_all_rounds": True,
                                               "extra_card_bonus": False}
    assert json.loads(saves.dump(state))["options"]["extra_card_bonus"] is False
