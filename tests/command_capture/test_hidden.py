"""Hidden information: the enemy Assassin looks like infantry until it reveals itself, in every view."""

from __future__ import annotations

import json

from .helpers import GAME, pos


def assassin_entries(view):
    return [u for u in view["units"] if u["kind"] == "Assassin"]


def test_enemy_hidden_assassin_looks_like_infantry():
    s = GAME.quick_start("D2", "E7")
    red_view = s.observation(1)
    blue_view = s.observation(0)
    assert [u["square"] for u in assassin_entries(red_view)] == ["E7"]
    assert [u["square"] for u in assassin_entries(blue_view)] == ["D2"]
    d2 = next(u for u in red_view["units"] if u["square"] == "D2")
    c2 = next(u for u in red_view["units"] if u["square"] == "C2")
    assert {k: v for k, v in d2.items() if k != "square"} == {k: v for k, v in c2.items() if k != "square"}


def test_observations_differ_only_in_own_view_wherever_the_assassin_is():
    texts = set()
    for square in ("A2", "C2", "H2"):
        s = GAME.quick_start(square, "E7", seed=4)
        texts.add(json.dumps(s.observation(1), sort_keys=True))
    assert len(texts) == 1  # Red cannot tell where Blue's Assassin is


def test_the_setup_log_hides_the_other_side_square():
    s = GAME.quick_start("B2", "G7")
    assert s.observation(1)["log"][:2] == ["assassin ?", "assassin G7"]
    assert s.observation(0)["log"][:2] == ["assassin B2", "assassin ?"]


def test_choose_setup_hides_the_placement_and_disguise_flips():
    s = GAME.new_game(seed=2, setup="choose").play("assassin F2").play("flip F2").play("flip A2").play("ready")
    red = s.observation(1)
    f2 = next(u for u in red["units"] if u["square"] == "F2")
    a2 = next(u for u in red["units"] if u["square"] == "A2")
    assert f2["kind"] == a2["kind"] == "Legionnaire" and f2["state"] == a2["state"] == "Defend"
    assert "assassin F2" not in json.dumps(red)


def test_a_capture_reveals_the_assassin_to_everyone():
    s = pos({"D4": "X", "D5": "i"}).play("D4xD5")
    for seat in (0, 1):
        entries = assassin_entries(s.observation(seat))
        assert entries and entries[0]["square"] == "D5" and entries[0]["state"] == "Revealed"


def test_hidden_assassin_moves_show_as_ordinary_moves():
    s = GAME.quick_start("D2", "E7").play("D2-D3")
    assert s.observation(1)["log"][-1] == "D2-D3"
    assert [u["owner"] for u in assassin_entries(s.observation(1))] == [1]


def test_full_view_shows_everything_for_teaching():
    s = GAME.quick_start("D2", "E7")
    assert len(assassin_entries(s.view(None, everything=True))) == 2
    assert assassin_entries(s.view(None)) == []
    assert s.view(None)["log"][:2] == ["assassin ?", "assassin ?"]
