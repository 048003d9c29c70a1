"""Hidden information: what each seat's observation, the public view and the pictures may show."""

from __future__ import annotations

import json

from capture_lib.core import saves
from capture_lib.core.cards import Card
from capture_lib.games.card_commander.scene import scene
from capture_lib.render.picture import to_svg as draw

from .helpers import CLUBS, GAME, HEARTS, SPADES, deal, leaked, play_all


def pretty(cards):
    return [Card.parse(c).pretty for c in cards]


def svg_leaks(picture: str, cards) -> list[str]:
    return [c for c, p in zip(cards, pretty(cards), strict=True) if p in picture or leaked(picture, [c])]


def to_svg(view) -> str:
    """The picture of ``view``: its scene, drawn by the SVG renderer."""
    return draw(scene(view))


def test_observations_are_plain_json():
    state = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H", "extra 4C")
    for seat in (0, 1):
        obs = state.observation(seat)
        assert json.loads(json.dumps(obs)) == obs
    assert json.loads(json.dumps(state.view(None))) == state.view(None)


def test_the_deal_is_masked_in_the_other_players_log():
    state = deal(SPADES, HEARTS)
    blue, red = state.observation(0), state.observation(1)
    assert blue["hands"][0] == SPADES.split() and blue["hands"][1] is None
    assert red["hands"][1] == HEARTS.split() and red["hands"][0] is None
    assert blue["hand_values"][1] is None and red["hand_values"][0] is None
    assert leaked(red, SPADES.split()) == []
    assert leaked(blue, HEARTS.split()) == []
    assert red["log"][2:22:2] == ["deal ?"] * 10
    assert red["log"][3:22:2] == [f"deal {c}" for c in HEARTS.split()]
    assert blue["log"][2:22:2] == [f"deal {c}" for c in SPADES.split()]
    assert blue["log"][3:22:2] == ["deal ?"] * 10
    public = state.view(None)
    assert public["hands"] == [None, None]
    assert leaked(public, SPADES.split() + HEARTS.split()) == []
    assert public["hand_sizes"] == [10, 10]


def test_the_deal_is_masked_while_it_happens():
    state = play_all(GAME.new_game(seed=0), "commander Karl", "commander Joanne", "deal 7D", "deal 8H")
    assert leaked(state.observation(1), ["7D"]) == []
    assert leaked(state.observation(0), ["8H"]) == []
    assert state.observation(0)["hands"][0] == ["7D"]
    assert state.observation(1)["deck_size"] == 38


def test_red_does_not_see_blues_placement():
    state = deal(SPADES, HEARTS).play("place 10S 2S 7S")
    red = state.observation(1)
    assert leaked(red, SPADES.split()) == []
    assert [lane["cards"] for lane in red["lanes"]] == [["?", None]] * 3
    assert [lane["values"] for lane in red["lanes"]] == [[None, None]] * 3
    assert red["log"][-1] == "place ? ? ?"
    assert red["hand_sizes"] == [7, 10]
    # Red sees the same thing whichever three cards Blue placed.
    other = deal(SPADES, HEARTS).play("place AS 3S 9S")
    assert other.observation(1) == red
    # The picture drawn from Red's observation does not show Blue's cards either.
    assert svg_leaks(to_svg(red), SPADES.split()) == []
    # Blue sees its own placement.
    blue = state.observation(0)
    assert [lane["cards"][0] for lane in blue["lanes"]] == ["10S", "2S", "7S"]
    assert blue["log"][-1] == "place 10S 2S 7S"


def test_placements_are_revealed_together():
    state = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    assert state.phase == "tie"
    for seat in (0, 1):
        obs = state.observation(seat)
        assert [lane["cards"] for lane in obs["lanes"]] == [["5C", "5H"], ["9C", "3H"], ["2C", "8H"]]
        assert [lane["values"] for lane in obs["lanes"]] == [[5, 5], [9, 3], [2, 8]]
        assert obs["log"][-2:] == ["place 5C 9C 2C", "place 5H 3H 8H"]
        # Still no card of the other hand.
        other = [c for c in (CLUBS if seat else HEARTS).split() if c not in "5C 9C 2C 5H 3H 8H".split()]
        assert leaked(obs, other) == []


def test_blues_tie_decision_is_hidden_until_both_decided():
    tie = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    extra, passed = tie.play("extra 4C"), tie.play("pass")
    assert extra.observation(1) == passed.observation(1)
    red = extra.observation(1)
    assert leaked(red, ["4C"]) == []
    assert "pass" not in json.dumps(red["decisions"]) and red["decisions"][0] == "decided"
    assert red["extra_used"] == [False, False]
    assert red["lanes"][0]["extras"] == [None, None]
    assert extra.view(None) == passed.view(None)
    assert svg_leaks(to_svg(red), ["4C"]) == []
    done = extra.play("pass")
    assert done.observation(1)["rounds"][-1]["extras"][0][0] == "4C"


def test_the_hands_left_at_the_end_stay_hidden():
    state = play_all(deal(CLUBS, HEARTS), "place 10C 9C 8C", "place AH 2H 3H", "place 7C 6C 5C",
                     "place 4H 5H 6H")
    assert state.is_over
    assert leaked(state.observation(1), ["AC", "2C", "3C", "4C"]) == []
    assert leaked(state.observation(0), ["7H", "8H", "9H", "10H"]) == []


def test_the_teaching_view_and_the_state_picture_show_everything():
    state = deal(SPADES, HEARTS).play("place 10S 2S 7S")
    everything = state.view(None, everything=True)
    assert everything["hands"][1] == HEARTS.split()
    assert [lane["cards"][0] for lane in everything["lanes"]] == ["10S", "2S", "7S"]
    picture = to_svg(state.view(None, everything=True))
    assert picture.startswith("<svg") and picture.endswith("</svg>")
    assert "10\u2660" in picture and "5\u2665" in picture


def scribble(data):
    """Change every list and dict inside ``data`` in place, as a careless caller might."""
    if isinstance(data, dict):
        for key in list(data):
            scribble(data[key])
            data[key] = "scribbled"
    elif isinstance(data, list):
        for item in data:
            scribble(item)
        data[:] = ["scribbled"]


def test_changing_an_observation_does_not_change_the_state_before_any_round_ends():
    state = play_all(deal(CLUBS, HEARTS), "place 5C 9C 2C", "place 5H 3H 8H")
    before = (state._key(), saves.dump(state))
    for seat in (0, 1):
        scribble(state.observation(seat))
    scribble(state.view(None, everything=True))
    assert (state._key(), saves.dump(state)) == before


def test_changing_an_observation_does_not_change_the_state():
    state = play_all(deal(CLUBS, HEARTS), "place 10C 9C 8C", "place AH 2H 3H")
    before = state._key()
    scribble(state.observation(1))
    assert state._key() == before
    assert state.play("place 7C 6C 5C").rounds[0]["placed"][0] == ["10C", "9C", "8C"]


def test_every_position_of_a_game_can_be_drawn_for_each_viewer():
    from xml.etree import ElementTree

    state = GAME.new_game(seed=5)
    pictures = 0
    while True:
        for view in (state.observation(0), state.observation(1), state.view(None)):
            ElementTree.fromstring(to_svg(view))
            pictures += 1
        ElementTree.fromstring(to_svg(state.view(None, everything=True)))
        if state.is_over:
            break
        state = state.play_chance() if state.current_player == -1 else state.play(state.legal_actions()[-1])
    assert pictures > 60
