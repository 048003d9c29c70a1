"""The protocol-level players: information-set MCTS and the parallel simulator."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from capture_lib import load_game
from capture_lib.experiments.simulate import load, run_games, save, win_rate
from capture_lib.search.levels import make_player
from capture_lib.search.mcts import LEVELS, mcts_player, search

GAME = load_game("card-commander")
BLUE = ["2D", "5D", "7S", "9H", "10C", "3H", "4S", "6C", "8D", "AH"]
RED = ["3D", "5S", "7H", "9C", "10D", "2H", "4C", "6S", "8H", "AC"]
OTHER_RED = ["3S", "5H", "7C", "9D", "10S", "2C", "4D", "6H", "8S", "AD"]


def test_search_returns_a_legal_action():
    state = GAME.setup(("Karl", "Jackson"), (BLUE, RED))
    action = search(state, 0, iterations=50, seconds=10, seed=1)
    assert action in state.legal_actions()


def test_search_depends_only_on_what_its_seat_sees():
    # Same hand for Blue, different hidden hands for Red: Blue's search must choose the same move.
    a = GAME.setup(("Karl", "Jackson"), (BLUE, RED))
    b = GAME.setup(("Karl", "Jackson"), (BLUE, OTHER_RED))
    assert a.observation(0) == b.observation(0) and a.observation(1) != b.observation(1)
    assert str(search(a, 0, iterations=80, seconds=30, seed=5)) == str(search(b, 0, iterations=80, seconds=30, seed=5))


def test_sampled_states_agree_with_the_observation():
    import random

    state = GAME.setup(("Karl", "Jackson"), (BLUE, RED)).play("place 8D 9H 10C")
    seen = state.observation(1)
    sample = GAME.sample_state(seen, 1, random.Random(3))
    mine = sample.observation(1)
    assert {k: v for k, v in mine.items() if k != "log"} == {k: v for k, v in seen.items() if k != "log"}
    with pytest.raises(ValueError):
        GAME.sample_state(seen, 0, random.Random(3))


def test_levels_and_bad_level():
    assert set(LEVELS) == {"easy", "medium", "hard"}
    with pytest.raises(ValueError, match="easy, medium, hard"):
        mcts_player("impossible")


def test_simulation_is_reproducible_and_independent_of_the_executor(tmp_path):
    serial = run_games("card-commander", 12, ["rule", "random"], seed=40, executor=ThreadPoolExecutor(1))
    parallel = run_games("card-commander", 12, ["rule", "random"], seed=40, executor=ThreadPoolExecutor(3))
    assert serial == parallel
    assert [r["seed"] for r in serial] == list(range(40, 52))
    assert all(r["finished"] and len(r["winners"]) == 1 for r in serial)
    path = tmp_path / "runs.jsonl"
    save(serial, path, {"game": "card-commander"})
    meta, again = load(path)
    assert meta == {"game": "card-commander"} and again == json.loads(json.dumps(serial))


def test_win_rate_interval_contains_the_rate():
    records = [{"winners": [0]}] * 30 + [{"winners": [1]}] * 10
    p, low, high, n = win_rate(records, 0)
    assert n == 40 and p == 0.75 and low < p < high


def test_unknown_player_is_refused_and_the_ceilings_are_for_analysis_only():
    from capture_lib.search.levels import LEVEL_NAMES, player_for

    with pytest.raises(ValueError, match="random, beginner, rule, easy, medium, hard, oracle, counter"):
        make_player("impossible", timed=False)
    for ceiling in ("oracle", "counter"):
        assert callable(make_player(ceiling, timed=False)) and ceiling not in LEVEL_NAMES
        with pytest.raises(ValueError):
            player_for(ceiling)
