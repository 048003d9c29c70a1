"""Card Commander's numbers chapter: its own tables (``capture_lib/games/card_commander/experiments.py``), and its
stored results against small reruns."""

from __future__ import annotations

import pytest

from capture_lib.experiments import analysis
from capture_lib.experiments.simulate import run_games
from capture_lib.games.card_commander import experiments as cc
from tests.playing import POOL, agrees


def _cc(blue, red, winner, coin=0, rounds=2, used=(False, False), lanes=()):
    return {"opening": [f"commander {blue}", f"commander {red}"], "winners": [winner], "players": ["rule", "rule"],
            "stats": {"coin_rounds": coin, "rounds": rounds, "extra_used": list(used),
                      "extra_lanes": [{"seat": s, "won_lane": w} for s, w in lanes]}}


def test_commander_table_and_strength_count_each_cell():
    records = [_cc("Karl", "Jackson", 0)] * 3 + [_cc("Karl", "Jackson", 1)] + [_cc("Jackson", "Karl", 0)] * 2
    table = cc.commander_table(records)
    assert table[("Karl", "Jackson")][0] == 0.75 and table[("Karl", "Jackson")][3] == 4
    assert table[("Jackson", "Karl")][:1] == (1.0,)
    strength = cc.commander_strength(records)
    assert strength["Karl"][0] == 0.5 and strength["Karl"][3] == 6 and strength["Joanne"][3] == 0


def test_coin_rounds_and_extra_card_summaries():
    records = [_cc("Karl", "Karl", 0, coin=1, rounds=2, used=(True, False), lanes=[(0, True)]),
               _cc("Karl", "Karl", 0, coin=0, rounds=3, used=(False, True), lanes=[(1, False)]),
               _cc("Karl", "Karl", 1, coin=0, rounds=3)]
    per_round, per_game = cc.coin_rounds(records)
    assert per_round[0] == pytest.approx(1 / 8) and per_game[0] == pytest.approx(1 / 3)
    value = cc.extra_card_value(records)
    assert value["lane"][0] == 0.5 and value["alone"][0] == 0.5 and value["alone"][3] == 2
    assert value["neither"][0] == 0.0 and value["both"][3] == 0

def test_stored_commander_table_reproduces_and_agrees_with_a_rerun():
    meta, records = analysis.read("commanders")
    assert meta["experiment"] == "commanders" and len(records) == 9 * meta["games"]
    table = cc.commander_table(records)
    assert set(table) == {(a, b) for a in cc.COMMANDERS for b in cc.COMMANDERS}
    cell = [r for r in records if r["opening"] == ["commander Karl", "commander Jackson"]]
    again = run_games("card-commander", 15, ["rule", "rule"], meta["seed"], {"same_commander": True},
                      ("commander Karl", "commander Jackson"), executor=POOL)
    assert analysis.compact(again) == cell[:15]  # same seeds, same games: the rule-based players are deterministic
    fresh = run_games("card-commander", 200, ["rule", "rule"], meta["seed"] + 10**6, {"same_commander": True},
                      ("commander Karl", "commander Jackson"), executor=POOL)
    assert agrees(table["Karl", "Jackson"], [1.0 if r["winners"] == [0] else 0.0 for r in fresh])
