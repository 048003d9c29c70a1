"""Bad input of every kind: refused with a clear error that names the rule, and the state left as it was."""

from __future__ import annotations

import json

import pytest

from capture_lib import CHANCE, IllegalAction
from capture_lib.core import saves
from capture_lib.core.protocol import Action

from .helpers import CLUBS, DIAMONDS, GAME, HEARTS, SPADES, deal, play_all, refuse

# ----- options and seeds ------------------------------------------------------------------------------------


def test_an_unknown_option_names_the_valid_ones():
    with pytest.raises(ValueError, match="unknown option 'jokers'") as info:
        GAME.new_game(seed=1, jokers=True)
    for name in ("aces", "same_commander", "play_all_rounds", "extra_card_bonus"):
        assert name in str(info.value)


@pytest.mark.parametrize("name", ["aces", "same_commander", "play_all_rounds", "extra_card_bonus"])
@pytest.mark.parametrize("value", [1, 0, "yes", "True", None, [True]])
def test_a_bad_option_value_names_the_choices(name, value):
    choices = "(True, False|False, True)"
    with pytest.raises(ValueError, match=rf"bad value .* for option '{name}'; choose one of: {choices}"):
        GAME.new_game(seed=1, **{name: value})


@pytest.mark.parametrize("seed", ["1", 1.5, True, [1]])
def test_a_seed_must_be_an_int(seed):
    with pytest.raises(ValueError, match="seed must be an int"):
        GAME.new_game(seed=seed)


def test_setup_checks_the_hands():
    with pytest.raises(ValueError, match="10 cards"):
        GAME.setup(("Karl", "Joanne"), (SPADES.split()[:9], HEARTS.split()))
    with pytest.raises(ValueError, match="not a card"):
        GAME.setup(("Karl", "Joanne"), (SPADES.split()[:9] + ["ZZ"], HEARTS.split()))
    with pytest.raises(IllegalAction, match="not in the deck"):
        GAME.setup(("Karl", "Joanne"), (SPADES.split(), SPADES.split()))
    with pytest.raises(IllegalAction, match="not in the deck"):
        GAME.setup(("Karl", "Joanne"), (SPADES.split()[:9] + ["KD"], HEARTS.split()))


@pytest.mark.parametrize("seat", [2, -1, True, "0", None, 0.0])
def test_observation_of_a_seat_that_does_not_exist(seat):
    with pytest.raises(ValueError, match="no seat"):
        GAME.new_game(seed=0).observation(seat)


# ----- malformed notation -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "", "   ", "place", "place 7D 3S", "place 7D 3S 10H 2C", "place 7D 3S XX", "place 7D 3S 1H",
    "commander", "commander Bob", "commander Karl Joanne", "extra", "extra 7D 3S", "extra 11S", "pass now",
    "coin", "coin Green", "coin Blue Red", "deal", "deal 1D", "deal D7", "fly", "place,7D,3S,10H",
    "7D", "PLACE7D 3S 10H", "place 7D 3S 10\u2665\u2665",
])
def test_malformed_notation_is_refused(text):
    state = deal(SPADES, HEARTS)
    err = refuse(state, text)
    assert err.rule == "notation"


@pytest.mark.parametrize("value", [42, None, b"pass", ["place", "AS", "2S", "3S"], 3.5])
def test_an_action_must_be_text_or_an_action(value):
    err = refuse(deal(SPADES, HEARTS), value, match="notation text or an action")
    assert err.rule == "notation"


def test_an_action_of_another_game_is_refused():
    class Move(Action):
        def __str__(self) -> str:
            return "e2e4"

    refuse(deal(SPADES, HEARTS), Move(), match="not a Card Commander action")


def test_notation_is_forgiving_about_case_spacing_and_suit_symbols():
    state = deal(SPADES, HEARTS)
    a = state.play("  PLACE  as 2s  t\u2660  ")
    b = state.play("place AS 2S 10S")
    assert a == b
    assert str(a.history[-1]) == "place AS 2S 10S"


# ----- placements -------------------------------------------------------------------------------------------


def test_placing_a_card_not_held():
    state = deal(SPADES, HEARTS)
    refuse(state, "place 2H 3S 4S", match="Blue does not hold 2H")
    refuse(state, "place KD 3S 4S", match="does not hold KD")
    red = state.play("place 2S 3S 4S")
    refuse(red, "place 2S 3H 4H", match="Red does not hold 2S")
    # A card already played in round one is not in the hand any more in round two.
    after = play_all(red, "place 5H 6H 7H")
    assert after.round == 2
    refuse(after, "place 2S 5S 6S", match="does not hold 2S")


def test_placing_the_same_card_twice():
    state = deal(SPADES, HEARTS)
    refuse(state, "place 2S 2S 3S", match="different card")
    refuse(state, "place 2S 3S 2S", match="different card")
    refuse(state, "place 2H 2H 2H")


def test_placing_outside_the_place_phase():
    tie = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    assert tie.phase == "tie"
    refuse(tie, "place AC 3C 4C", match="placed at the start of a round")
    refuse(GAME.new_game(seed=0), "place AC 3C 4C", match="placed at the start of a round")


def test_choosing_a_commander_after_the_start():
    refuse(deal(SPADES, HEARTS), "commander Jackson", match="only at the start")


# ----- the extra card ---------------------------------------------------------------------------------------


def test_an_extra_card_without_a_tie():
    state = deal(SPADES, HEARTS)
    refuse(state, "extra 2S", match="tied lane")
    refuse(state, "pass", match="tied lane")


def test_a_second_extra_card_in_the_game():
    state = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H", "extra 4C", "pass")
    assert state.extra_used == (True, False)
    # Round two: the left lane ties and both players must decide; Blue has used its card.
    state = play_all(state, "place 6C 10C 3C", "place 6H 2H 9H", "extra 7H")
    assert state.extra_used == (True, True)
    # Round three: the left lane ties once more and neither player may add a card.
    state = play_all(state, "place AC 7C 8C", "place AH 4H 10H")
    assert state.phase == "coin"
    refuse(state, "extra 8C", match="chance must act first")


def test_a_player_who_used_the_extra_card_may_not_add_another_in_the_same_round():
    state = play_all(deal(CLUBS, HEARTS), "place 5C 6C 7C", "place 5H 6H 7H", "extra 2C", "pass")
    assert state.tie_lane == 1 and state.current_player == 1
    # It is Red's decision now; Blue's cards cannot be added by anyone.
    refuse(state, "extra 3C", match="Red does not hold 3C")


def test_an_extra_card_not_held():
    tie = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    refuse(tie, "extra 5C", match="does not hold 5C")      # already placed
    refuse(tie, "extra 4H", match="does not hold 4H")      # Red's card
    refuse(tie, "extra 4D", match="does not hold 4D")      # still in the deck


# ----- chance -----------------------------------------------------------------------------------------------


def test_acting_while_chance_is_pending():
    state = play_all(GAME.new_game(seed=0), "commander Karl", "commander Joanne")
    assert state.current_player == CHANCE
    refuse(state, "place AS 2S 3S", match="chance must act first")
    refuse(state, "commander Jackson", match="chance must act first")
    refuse(state, "pass", match="chance must act first")
    refuse(state, "coin Blue", match="no coin")
    coin = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H", "pass", "pass")
    assert coin.current_player == CHANCE
    refuse(coin, "pass", match="flip the coin")
    refuse(coin, "extra AC", match="flip the coin")
    refuse(coin, "deal 7D", match="no card is being dealt")


def test_playing_a_chance_outcome_when_none_is_pending():
    state = deal(SPADES, HEARTS)
    refuse(state, "deal 7D", match="no chance event is pending")
    refuse(state, "coin Blue", match="no chance event is pending")
    with pytest.raises(IllegalAction, match="no chance event"):
        state.play_chance()
    assert state.resolve_chance() is state
    assert not state.is_chance_action("deal 7D")
    assert not state.is_chance_action("nonsense")
    tie = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    refuse(tie, "coin Red", match="no chance event is pending")
    refuse(GAME.new_game(seed=0), "deal AS", match="no chance event is pending")


# ----- after the end ----------------------------------------------------------------------------------------


def test_acting_after_the_game_is_over():
    state = play_all(deal(DIAMONDS, HEARTS), "place 10D 9D 8D", "place AH 2H 3H", "place 7D 6D 5D",
                     "place 4H 5H 6H")
    assert state.is_over
    for action in ("place AD 2D 3D", "pass", "extra AD", "coin Blue", "deal 2C", "commander Karl"):
        refuse(state, action, match="game is over")
    with pytest.raises(IllegalAction):
        state.play_chance()


# ----- saves ------------------------------------------------------------------------------------------------


def good_save() -> dict:
    state = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H", "extra 4C")
    return json.loads(saves.dump(state))


@pytest.mark.parametrize("text", ["", "not json", "{", "[]", "null", "42", '"text"', "{}",
                                  '{"format": "something else"}', "\u00ff\u00fe"])
def test_from_json_on_garbage(text):
    with pytest.raises(ValueError):
        saves.load(GAME, text)


@pytest.mark.parametrize("value", [None, 42, {"format": "capture-lib-save"}, ["x"]])
def test_from_json_needs_text(value):
    with pytest.raises(ValueError, match="JSON text"):
        saves.load(GAME, value)


def test_from_json_of_another_game():
    data = good_save()
    data["game"] = "command-capture"
    with pytest.raises(ValueError, match="for 'command-capture', not 'card-commander'"):
        saves.load(GAME, json.dumps(data))


@pytest.mark.parametrize(("field", "value", "match"), [
    ("seed", "7", "'seed' field has the wrong type"),
    ("seed", True, "'seed' field has the wrong type"),
    ("seed", 1.5, "'seed' field has the wrong type"),
    ("seed", None, "'seed' field has the wrong type"),
    ("options", [], "'options' field has the wrong type"),
    ("options", {"aces": "yes"}, "bad value 'yes' for option 'aces'"),
    ("options", {"aces": 1}, "bad value 1 for option 'aces'"),
    ("options", {"jokers": True}, "unknown option 'jokers'"),
    ("history", "commander Karl", "'history' field has the wrong type"),
    ("history", {"0": "commander Karl"}, "'history' field has the wrong type"),
    ("version", 3, "version 3 is not supported"),
    ("version", "1", "'version' field has the wrong type"),
    ("game", 3, "'game' field has the wrong type"),
    ("start", 5, "'start' field must be position text or null"),
])
def test_from_json_with_a_field_of_the_wrong_type(field, value, match):
    data = good_save()
    data[field] = value
    with pytest.raises(ValueError, match=match):
        saves.load(GAME, json.dumps(data))


@pytest.mark.parametrize("field", ["seed", "options", "history", "game", "version"])
def test_from_json_with_a_missing_field(field):
    data = good_save()
    del data[field]
    with pytest.raises(ValueError):
        saves.load(GAME, json.dumps(data))


@pytest.mark.parametrize(("index", "notation", "match"), [
    (0, "commander Bob", "action 1"),
    (1, "commander Karl", "action 2 .*already taken"),
    (3, "deal AC", "action 4 .*not in the deck"),       # AC was dealt as action 3
    (22, "place 5H 9C 2C", "action 23 .*does not hold 5H"),
    (23, "place 5H 5H 8H", "action 24 .*different card"),
    (24, "coin Blue", "action 25 .*no chance event"),
    (24, "extra 4H", "action 25 .*does not hold 4H"),
])
def test_from_json_with_a_tampered_history(index, notation, match):
    data = good_save()
    assert data["history"][2] == "deal AC"
    data["history"][index] = notation
    with pytest.raises(ValueError, match=match):
        saves.load(GAME, json.dumps(data))


def test_from_json_with_a_non_text_action():
    data = good_save()
    data["history"][5] = 5
    with pytest.raises(ValueError, match="action 6 is not notation text"):
        saves.load(GAME, json.dumps(data))
    data["history"][5] = None
    with pytest.raises(ValueError, match="action 6 is not notation text"):
        saves.load(GAME, json.dumps(data))


def test_from_json_with_an_extra_action_after_the_end():
    state = play_all(deal(DIAMONDS, HEARTS), "place 10D 9D 8D", "place AH 2H 3H", "place 7D 6D 5D",
                     "place 4H 5H 6H")
    data = json.loads(saves.dump(state))
    data["history"].append("place AD 2D 3D")
    with pytest.raises(ValueError, match="game is over"):
        saves.load(GAME, json.dumps(data))


def test_a_save_with_a_different_seed_still_loads_the_same_position():
    data = good_save()
    data["seed"] = 999
    state = saves.load(GAME, json.dumps(data))
    assert state.seed == 999
    assert [str(a) for a in state.history] == good_save()["history"]


def test_from_json_with_a_start_position_card_commander_cannot_read():
    data = good_save()
    data["start"] = "round 1"
    with pytest.raises(ValueError):
        saves.load(GAME, json.dumps(data))
