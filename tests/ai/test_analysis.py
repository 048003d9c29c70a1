"""The analysis chapter's experiments: summaries, and the stored results against small reruns."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from capture_lib import analysis
from capture_lib.simulate import run_games, wilson

POOL = ThreadPoolExecutor(1)


def _cc(blue, red, winner, coin=0, rounds=2, used=(False, False), lanes=()):
    return {"opening": [f"commander {blue}", f"commander {red}"], "winners": [winner], "players": ["rule", "rule"],
            "stats": {"coin_rounds": coin, "rounds": rounds, "extra_used": list(used),
                      "extra_lanes": [{"seat": s, "won_lane": w} for s, w in lanes]}}


def test_commander_table_and_strength_count_each_cell():
    records = [_cc("Karl", "Jackson", 0)] * 3 + [_cc("Karl", "Jackson", 1)] + [_cc("Jackson", "Karl", 0)] * 2
    table = analysis.commander_table(records)
    assert table[("Karl", "Jackson")][0] == 0.75 and table[("Karl", "Jackson")][3] == 4
    assert table[("Jackson", "Karl")][:1] == (1.0,)
    strength = analysis.commander_strength(records)
    assert strength["Karl"][0] == 0.5 and strength["Karl"][3] == 6 and strength["Joanne"][3] == 0


def test_coin_rounds_and_extra_card_summaries():
    records = [_cc("Karl", "Karl", 0, coin=1, rounds=2, used=(True, False), lanes=[(0, True)]),
               _cc("Karl", "Karl", 0, coin=0, rounds=3, used=(False, True), lanes=[(1, False)]),
               _cc("Karl", "Karl", 1, coin=0, rounds=3)]
    per_round, per_game = analysis.coin_rounds(records)
    assert per_round[0] == pytest.approx(1 / 8) and per_game[0] == pytest.approx(1 / 3)
    value = analysis.extra_card_value(records)
    assert value["lane"][0] == 0.5 and value["alone"][0] == 0.5 and value["alone"][3] == 2
    assert value["neither"][0] == 0.0 and value["both"][3] == 0


def test_first_player_edge_shares_a_joint_win_and_lengths_have_quartiles():
    def rec(n, first, winners, turns):
        return {"winners": winners, "stats": {"players": n, "first_player": first, "turns": turns}}

    records = [rec(2, 0, [0], 10), rec(2, 0, [1], 14), rec(3, 0, [0, 2], 20), rec(3, 0, [1], 30), rec(3, 0, [], 40)]
    edge = analysis.first_player_edge(records)
    assert edge[2][0] == 0.5 and edge[3][0] == pytest.approx((0.5 + 0 + 1 / 3) / 3)
    lengths = analysis.game_lengths(records)
    assert lengths[3]["median"] == 30 and lengths[2]["min"] == 10 and lengths[3]["turns"] == [20, 30, 40]


def test_strength_table_credits_the_named_player_on_both_seats():
    records = ([{"players": ["hard", "rule"], "winners": [0]}] * 3 +
               [{"players": ["rule", "hard"], "winners": [1]}] * 2 + [{"players": ["rule", "hard"], "winners": [0]}])
    table = analysis.strength_table(records)
    assert list(table) == [("hard", "rule")] and table["hard", "rule"][0] == pytest.approx(5 / 6)


def _agrees(stored: tuple, rerun_scores: list[float]) -> bool:
    # The stored rate lies in the rerun's 95% interval (the rerun, with fresh seeds, is the noisier one).
    p = sum(rerun_scores) / len(rerun_scores)
    low, high = wilson(p, len(rerun_scores))
    return low <= stored[0] <= high


def test_stored_commander_table_reproduces_and_agrees_with_a_rerun():
    meta, records = analysis.read("commanders")
    assert meta["experiment"] == "commanders" and len(records) == 9 * meta["games"]
    table = analysis.commander_table(records)
    assert set(table) == {(a, b) for a in analysis.COMMANDERS for b in analysis.COMMANDERS}
    cell = [r for r in records if r["opening"] == ["commander Karl", "commander Jackson"]]
    again = run_games("card-commander", 15, ["rule", "rule"], meta["seed"], {"same_commander": True},
                      ("commander Karl", "commander Jackson"), executor=POOL)
    assert analysis.compact(again) == cell[:15]  # same seeds, same games: the rule-based players are deterministic
    fresh = run_games("card-commander", 200, ["rule", "rule"], meta["seed"] + 10**6, {"same_commander": True},
                      ("commander Karl", "commander Jackson"), executor=POOL)
    assert _agrees(table["Karl", "Jackson"], [1.0 if r["winners"] == [0] else 0.0 for r in fresh])


def test_stored_first_player_edge_agrees_with_a_rerun():
    meta, records = analysis.read("first-player")
    edge = analysis.first_player_edge(records)
    assert sorted(edge) == [2, 3, 4] and all(v[3] == meta["games"] for v in edge.values())
    fresh = run_games("capture-the-commander", 400, ["rule", "rule"], meta["seed"] + 10**6,
                      {"players": 2, "first_dealer": 1}, executor=POOL)
    assert _agrees(edge[2], [analysis.first_player_edge([r])[2][0] for r in fresh])


@pytest.mark.parametrize("slug", ["card-commander", "capture-the-commander"])
def test_stored_strength_tables_cover_every_pairing(slug):
    meta, records = analysis.read(f"{slug}-strength")
    table = analysis.strength_table(records)
    # The pairings come in the order of STRENGTH_PAIRINGS (the telling ones first); all of them in a full run.
    assert list(table) == list(analysis.STRENGTH_PAIRINGS[slug][:len(table)]) and len(table) >= 3
    assert all(n == meta["games"] for _, _, _, n in table.values())
    # The rule-based player against the random one is deterministic: its first games replay exactly.
    first = [r for r in records if r["players"] == ["rule", "random"]][:6]
    assert analysis.compact(run_games(slug, 6, ["rule", "random"], meta["seed"], executor=POOL)) == first
