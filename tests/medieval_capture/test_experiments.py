"""Medieval Capture's numbers chapter: its own tables (``capture_lib/games/medieval_capture/experiments.py``), and its
stored results against small reruns."""

from __future__ import annotations

from capture_lib.experiments import analysis
from capture_lib.experiments.simulate import run_games
from capture_lib.games.medieval_capture import experiments as medieval
from tests.playing import POOL, agrees


def test_medieval_summaries_group_and_count():
    def rec(winner, turns, variant="a", crowns=3):
        return {"winners": [winner], "variant": variant, "stats": {"turns": turns, "crowns_to_win": crowns}}

    records = [rec(0, 10), rec(1, 20, "b"), rec(0, 30), rec(0, 40, "b")]
    assert analysis.side_win_rate(records)[0] == 0.75 and analysis.side_win_rate(records, 1)[0] == 0.25
    groups = analysis.by_variant(records, lambda r: r["variant"])
    assert list(groups) == ["a", "b"] and [r["stats"]["turns"] for r in groups["b"]] == [20, 40]
    assert analysis.turn_summary(records)["median"] == 25

def test_stored_medieval_experiments_replay_and_the_first_player_edge_agrees_with_a_rerun():
    meta, records = analysis.read("medieval-first-player")
    again = run_games("medieval-capture", 3, ["rule", "rule"], meta["seed"], executor=POOL)
    assert analysis.compact(again) == records[:3]
    fresh = run_games("medieval-capture", 20, ["rule", "rule"], meta["seed"] + 10**6, executor=POOL)
    assert agrees(analysis.side_win_rate(records), [analysis.score(r, 0) for r in fresh])
    cmeta, catapults = analysis.read("catapults")
    labels = [label for label, _ in medieval.CATAPULTS]
    assert list(analysis.by_variant(catapults, lambda r: r["variant"])) == labels
    off = [r for r in catapults if r["variant"] == "no catapults"]
    assert all(sum(r["stats"]["boulder_kills"]) == 0 for r in off) and len(off) == cmeta["games"]
    kmeta, crowns = analysis.read("crowns")
    assert sorted(analysis.by_variant(crowns, lambda r: r["stats"]["crowns_to_win"])) == [1, 2, 3]
