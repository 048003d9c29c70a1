"""Capture the Commander's numbers chapter: its own tables
(``capture_lib/games/capture_the_commander/experiments.py``), and its stored results against small reruns."""

from __future__ import annotations

import pytest

from capture_lib.experiments import analysis
from capture_lib.experiments.simulate import run_games
from capture_lib.games.capture_the_commander import experiments as ctc
from tests.playing import POOL, agrees


def test_first_player_edge_shares_a_joint_win_and_lengths_have_quartiles():
    def rec(n, first, winners, turns):
        return {"winners": winners, "stats": {"players": n, "first_player": first, "turns": turns}}

    records = [rec(2, 0, [0], 10), rec(2, 0, [1], 14), rec(3, 0, [0, 2], 20), rec(3, 0, [1], 30), rec(3, 0, [], 40)]
    edge = ctc.first_player_edge(records)
    assert edge[2][0] == 0.5 and edge[3][0] == pytest.approx((0.5 + 0 + 1 / 3) / 3)
    lengths = ctc.game_lengths(records)
    assert lengths[3]["median"] == 30 and lengths[2]["min"] == 10 and lengths[3]["turns"] == [20, 30, 40]

def test_stored_first_player_edge_agrees_with_a_rerun():
    meta, records = analysis.read("first-player")
    edge = ctc.first_player_edge(records)
    assert sorted(edge) == [2, 3, 4] and all(v[3] == meta["games"] for v in edge.values())
    fresh = run_games("capture-the-commander", 400, ["rule", "rule"], meta["seed"] + 10**6,
                      {"players": 2, "first_dealer": 1}, executor=POOL)
    assert agrees(edge[2], [ctc.first_player_edge([r])[2][0] for r in fresh])

def test_stored_counter_games_replay_exactly():
    # The counter ceiling plays untimed and seeds its search from what it sees: the same seed, the same game.
    meta, records = analysis.read("capture-the-commander-counter")
    table = analysis.strength_table(records)
    assert list(table) == [("counter", "rule")] and table["counter", "rule"][3] == meta["games"]
    again = run_games("capture-the-commander", 1, ["counter", "rule"], meta["seed"], executor=POOL)
    assert analysis.compact(again) == records[:1]
