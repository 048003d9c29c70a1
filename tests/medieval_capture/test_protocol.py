"""The protocol: options, notation, saves, replays, observations and pictures."""

from __future__ import annotations

import json

import pytest

from capture_lib import CHANCE, IllegalAction, list_games, load_game
from capture_lib.bookkit.notebook import picture
from capture_lib.core import saves
from capture_lib.games.medieval_capture.rules.actions import parse_action
from capture_lib.games.medieval_capture.rules.rulings import OPTIONS, RULINGS

from .helpers import GAME, play_all, pos

SETUP = [f"place B{n} b{sp}" for n, sp in zip(range(1, 7), (10, 11, 12, 13, 15, 16), strict=True)] + \
    ["place B7 b17 knight"] + \
    [f"place R{n} r{sp}" for n, sp in zip(range(1, 7), (10, 11, 12, 13, 15, 16), strict=True)] + \
    ["place R7 r17 knight"]


def test_the_game_is_registered():
    assert "medieval-capture" in list_games()
    assert load_game("medieval-capture") is GAME
    assert GAME.title == "Capture: A Medieval Wargame"


def test_unknown_options_and_bad_values_are_named():
    with pytest.raises(ValueError, match="unknown option 'unknown'.*valid options: black_die"):
        GAME.new_game(unknown=1)
    with pytest.raises(ValueError, match="choose one of"):
        GAME.new_game(black_die=7)
    with pytest.raises(ValueError, match="choose one of"):
        GAME.new_game(forced_stops=1)


def test_every_option_has_a_ruling_or_is_a_listed_variant():
    names = {o.name for o in OPTIONS}
    assert {r.option for r in RULINGS if r.option} <= names
    assert len({r.key for r in RULINGS}) == len(RULINGS)
    for option in OPTIONS:
        GAME.new_game(seed=0, **{option.name: option.choices[-1]})


@pytest.mark.parametrize("text", [
    "place B1 b12", "place R3 r20 knight", "look B3", "play CAPTURE!", "play RANSOM B5", "roll",
    "roll white 4 black 11", "reroll", "B3 b12-b13-b14", "B3 b12-b13 kill", "B3 b12-b13 drop",
    "R2 b4-bd free R5", "shoot from 5 at r14", "land r15", "land off",
    "B1 r3-r2-r1 take r2", "B1 r3-r4 drop take r3", "kill R3", "draw AMBUSH!", "end",
])
def test_notation_round_trips(text):
    assert str(parse_action(text)) == text
    assert parse_action(text) == parse_action("  " + text + " ") == parse_action(text.upper())


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("fly B1", "cannot read"),
    ("place B11 b12", "not a piece"),
    ("place B1 b99", "not a space"),
    ("place B1 b12 queen", "place PIECE SPACE"),
    ("play JOKER", "no Treasure Card"),
    ("roll white x black 3", "must be a number"),
    ("B1 b12-b13 dance", "cannot read 'dance'"),
    ("B1 b12-zz", "not a space"),
    ("Q1 b12-b13", "cannot read"),
])
def test_bad_notation_is_refused_with_a_reason(text, message):
    with pytest.raises(IllegalAction, match=message):
        parse_action(text)
    with pytest.raises(IllegalAction, match=message):
        pos().play(text)


def test_actions_of_the_wrong_kind_or_phase_are_refused():
    s = GAME.new_game(seed=4)
    with pytest.raises(IllegalAction, match="still being placed"):
        s.play("B1 b10-b15")
    with pytest.raises(IllegalAction, match="only at the start of the game"):
        pos().play("place B8 b12")
    with pytest.raises(IllegalAction, match="not Blue's piece"):
        pos(dice=(3, 3)).play("R1 r10-r15")
    with pytest.raises(IllegalAction, match="is a prisoner"):
        pos(blue="B1=b10 B2=b20 B3*=b30 B4=prisoner", dice=(3, 3)).play("B4 b10-b15")
    with pytest.raises(IllegalAction, match="chance must act first"):
        pos().play("roll").play("end")
    with pytest.raises(IllegalAction, match="look only under one of their own"):
        pos().play("look R1")


def test_a_save_round_trips_and_a_tampered_save_fails():
    s = GAME.replay(7, SETUP + ["roll", "roll white 4 black 11", "B1 b10-b1", "shoot from 1 at r10"],
                    resolve_chance=False)
    assert s.current_player == CHANCE
    loaded = saves.load(GAME, saves.dump(s))
    assert loaded == s and loaded.history == s.history
    data = json.loads(saves.dump(s))
    data["history"][-1] = "shoot from 1 at b10"
    with pytest.raises(ValueError, match="illegal"):
        saves.load(GAME, json.dumps(data))
    with pytest.raises(ValueError, match="truncated"):
        saves.load(GAME, "{")
    with pytest.raises(ValueError, match="not valid JSON"):
        saves.load(GAME, "{]")


def test_saves_of_a_position_keep_the_position():
    s = pos(dice=(3, 3), blue_hand="AMBUSH!").play("B1 b10-b15")
    loaded = saves.load(GAME, saves.dump(s))
    assert loaded == s and loaded.start == s.start


def test_replay_fixes_chance_where_an_example_says_so():
    s = GAME.replay(3, SETUP + ["roll", "roll white 6 black 11"])
    assert s.dice == (6, 11)
    t = GAME.replay(3, SETUP + ["roll", "roll white 6 black 11"])
    assert s == t


def test_seeded_chance_is_reproducible():
    a = GAME.replay(11, SETUP + ["roll"])
    b = GAME.replay(11, SETUP + ["roll"])
    assert a.dice == b.dice and a.dice is not None


def test_states_are_immutable():
    s = pos(dice=(3, 3))
    before = (s._key(), s.history)
    s.play("B1 b10-b15")
    assert (s._key(), s.history) == before


def test_observations_are_json_and_pictures_render():
    s = pos(dice=(4, 11), blue_hand="AMBUSH!", red_crowns="@B1 r5 r8", blue="B1=r3 B2=b20 B3*=b30 B4=prisoner")
    ring = 'stroke="#E6B800" stroke-width="3.5"'  # the Knight's ring on a disc
    for seat in (0, 1):
        obs = s.observation(seat)
        assert json.loads(json.dumps(obs)) == obs
        drawn = picture(s, seat=seat).svg
        assert drawn.startswith("<svg") and drawn.endswith("</svg>") and "<title>" in drawn
        assert drawn.count(ring) == 1  # the seat's own Knight only
    assert picture(s, everything=True).svg.count(ring) == 2  # both Knights in the teaching view
    marked = picture(s, seat=0, marks={"b15": "reach", "r10": "landing"}).svg
    assert "Blue moves" in marked and ">b15</text>" in marked and ">r10</text>" in marked
    with pytest.raises(ValueError, match="no seat"):
        s.observation(2)


def test_four_player_observations_use_four_seats():
    s = pos(options={"players": 4})
    assert s.observation(3)["viewer_side"] == "red"
    with pytest.raises(ValueError, match="no seat"):
        s.observation(4)


def test_a_whole_setup_through_the_rules():
    s = play_all(GAME.new_game(seed=5), *SETUP)
    assert s.phase == "start" and s.turn == 1 and s.current_player == 0


def test_the_terminal_map_hides_the_other_knight_and_hand():
    from capture_lib.games.medieval_capture.scene import scene
    from capture_lib.render.text import scene_text

    s = pos(dice=(4, 11), blue_hand="AMBUSH!")
    blue, red = (" ".join(scene_text(scene(s.observation(seat))).split()) for seat in (0, 1))
    assert "B3*" in blue and "R3*" not in blue and "R3" in blue and "AMBUSH!" in blue
    assert "R3*" in red and "B3*" not in red and "AMBUSH" not in red and "1 card in hand (hidden)" in red
    assert "white 4: pieces at home" in blue and "black 11: pieces in enemy territory" in blue
