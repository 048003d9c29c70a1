"""The analysis chapter's experiments: summaries, and the stored results against small reruns."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from capture_lib.core.experiments import StrengthTable
from capture_lib.experiments import analysis
from capture_lib.experiments.simulate import run_games
from capture_lib.games.capture_the_commander import experiments as ctc
from capture_lib.games.card_commander import experiments as cc
from capture_lib.games.command_capture import experiments as cmd
from capture_lib.games.medieval_capture import experiments as medieval
from tests.registry import games

POOL = ThreadPoolExecutor(1)


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


def test_first_player_edge_shares_a_joint_win_and_lengths_have_quartiles():
    def rec(n, first, winners, turns):
        return {"winners": winners, "stats": {"players": n, "first_player": first, "turns": turns}}

    records = [rec(2, 0, [0], 10), rec(2, 0, [1], 14), rec(3, 0, [0, 2], 20), rec(3, 0, [1], 30), rec(3, 0, [], 40)]
    edge = ctc.first_player_edge(records)
    assert edge[2][0] == 0.5 and edge[3][0] == pytest.approx((0.5 + 0 + 1 / 3) / 3)
    lengths = ctc.game_lengths(records)
    assert lengths[3]["median"] == 30 and lengths[2]["min"] == 10 and lengths[3]["turns"] == [20, 30, 40]


def test_strength_table_credits_the_named_player_on_both_seats():
    records = ([{"players": ["hard", "rule"], "winners": [0]}] * 3 +
               [{"players": ["rule", "hard"], "winners": [1]}] * 2 + [{"players": ["rule", "hard"], "winners": [0]}])
    table = analysis.strength_table(records)
    assert list(table) == [("hard", "rule")] and table["hard", "rule"][0] == pytest.approx(5 / 6)


def test_a_resumed_strength_run_plays_only_the_pairings_not_yet_stored(monkeypatch, tmp_path):
    played = []

    def fake_head_to_head(slug, first, second, games, seed, options, executor=None):
        played.append((first, second))
        half = games // 2
        return None, ([{"players": [first, second], "winners": [0]}] * half +
                      [{"players": [second, first], "winners": [1]}] * (games - half))

    monkeypatch.setattr(analysis, "head_to_head", fake_head_to_head)
    monkeypatch.setitem(analysis.STRENGTH_TABLES, "command-capture",
                        StrengthTable(20, (("rule", "random"), ("hard", "rule"))))
    path = analysis.run("command-capture-strength", 4, POOL, root=tmp_path)
    assert played == [("rule", "random"), ("hard", "rule")]
    monkeypatch.setitem(analysis.STRENGTH_TABLES, "command-capture",
                        StrengthTable(20, (("rule", "random"), ("hard", "rule"), ("easy", "rule"))))
    played.clear()
    analysis.run("command-capture-strength", 4, POOL, root=tmp_path, resume=True)
    assert played == [("easy", "rule")]
    meta, records = analysis.read("command-capture-strength", root=tmp_path)
    assert list(analysis.strength_table(records)) == [("rule", "random"), ("hard", "rule"), ("easy", "rule")]
    played.clear()
    analysis.run("command-capture-strength", 6, POOL, root=tmp_path, resume=True)  # other games: all again
    assert len(played) == 3 and path.exists()


def _agrees(stored: tuple, rerun_scores: list[float]) -> bool:
    # Two samples of the same rate: the stored experiment's and the rerun's, with fresh seeds. They
    # agree when their difference is within what two independent samples of these sizes give 99 times
    # in 100. (Asking the stored rate to lie in the rerun's 95% interval treats the stored figure as
    # exact; every rules change replays every experiment, and that check then failed on plain noise.)
    p_stored, n_stored = stored[0], stored[3]
    n_rerun = len(rerun_scores)
    p_rerun = sum(rerun_scores) / n_rerun
    pooled = (p_stored * n_stored + p_rerun * n_rerun) / (n_stored + n_rerun)
    spread = (pooled * (1 - pooled) * (1 / n_stored + 1 / n_rerun)) ** 0.5
    return abs(p_stored - p_rerun) <= 2.576 * spread


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
    assert _agrees(table["Karl", "Jackson"], [1.0 if r["winners"] == [0] else 0.0 for r in fresh])


def test_stored_first_player_edge_agrees_with_a_rerun():
    meta, records = analysis.read("first-player")
    edge = ctc.first_player_edge(records)
    assert sorted(edge) == [2, 3, 4] and all(v[3] == meta["games"] for v in edge.values())
    fresh = run_games("capture-the-commander", 400, ["rule", "rule"], meta["seed"] + 10**6,
                      {"players": 2, "first_dealer": 1}, executor=POOL)
    assert _agrees(edge[2], [ctc.first_player_edge([r])[2][0] for r in fresh])


def _ccg(blue, red, winners, ended="commander", captures=()):
    return {"winners": winners, "players": ["rule", "rule"],
            "stats": {"civilizations": [blue, red], "ended": ended, "captures": [list(c) for c in captures]}}


def test_civilization_table_strength_and_endings():
    records = [_ccg("rome", "egypt", [0]), _ccg("rome", "egypt", [1], "fortress"), _ccg("egypt", "rome", [0]),
               _ccg("rome", "rome", [], "turn limit")]
    table = cmd.civilization_table(records)
    assert table["rome", "egypt"][0] == 0.5 and table["rome", "rome"][0] == 0.5 and table["egypt", "rome"][3] == 1
    strength = cmd.civilization_strength(records)
    assert strength["rome"][0] == pytest.approx(1 / 3) and strength["egypt"][3] == 3 and strength["vikings"][3] == 0
    ends = analysis.endings(records)
    assert list(ends) == ["commander", "fortress", "turn limit"] and ends["commander"][0] == 0.5


def test_unit_values_score_the_side_that_lost_each_unit_beside_its_points():
    records = [_ccg("rome", "egypt", [0], captures=[(3, 0, "Siege"), (5, 1, "Chariot"), (7, 1, "Commander")]),
               _ccg("rome", "egypt", [1], captures=[(3, 0, "Siege"), (4, 0, "Fortress")])]
    values = cmd.unit_values(records)
    assert values["rome", "Siege"]["lost"][:1] == (0.5,) and values["rome", "Siege"]["lost"][3] == 2
    assert values["rome", "Siege"]["points"] == 5 and values["egypt", "Chariot"]["points"] == 5
    assert ("egypt", "Commander") not in values and ("rome", "Fortress") not in values


def test_medieval_summaries_group_and_count():
    def rec(winner, turns, variant="a", crowns=3):
        return {"winners": [winner], "variant": variant, "stats": {"turns": turns, "crowns_to_win": crowns}}

    records = [rec(0, 10), rec(1, 20, "b"), rec(0, 30), rec(0, 40, "b")]
    assert analysis.side_win_rate(records)[0] == 0.75 and analysis.side_win_rate(records, 1)[0] == 0.25
    groups = analysis.by_variant(records, lambda r: r["variant"])
    assert list(groups) == ["a", "b"] and [r["stats"]["turns"] for r in groups["b"]] == [20, 40]
    assert analysis.turn_summary(records)["median"] == 25


def test_stored_civilization_table_replays_and_agrees_with_a_rerun():
    meta, records = analysis.read("civilizations")
    table = cmd.civilization_table(records)
    assert len(table) == 9 and all(n == meta["games"] for *_, n in table.values())
    options = {**analysis.GAME_OPTIONS["command-capture"], "blue": "rome", "red": "egypt"}
    cell = [r for r in records if r["stats"]["civilizations"] == ["rome", "egypt"]]
    again = run_games("command-capture", 2, ["rule", "rule"], meta["seed"], options, executor=POOL)
    assert analysis.compact(again) == cell[:2]
    fresh = run_games("command-capture", 20, ["rule", "rule"], meta["seed"] + 10**6, options, executor=POOL)
    assert _agrees(table["rome", "egypt"], [analysis.score(r, 0) for r in fresh])


def test_stored_medieval_experiments_replay_and_the_first_player_edge_agrees_with_a_rerun():
    meta, records = analysis.read("medieval-first-player")
    again = run_games("medieval-capture", 3, ["rule", "rule"], meta["seed"], executor=POOL)
    assert analysis.compact(again) == records[:3]
    fresh = run_games("medieval-capture", 20, ["rule", "rule"], meta["seed"] + 10**6, executor=POOL)
    assert _agrees(analysis.side_win_rate(records), [analysis.score(r, 0) for r in fresh])
    cmeta, catapults = analysis.read("catapults")
    labels = [label for label, _ in medieval.CATAPULTS]
    assert list(analysis.by_variant(catapults, lambda r: r["variant"])) == labels
    off = [r for r in catapults if r["variant"] == "no catapults"]
    assert all(sum(r["stats"]["boulder_kills"]) == 0 for r in off) and len(off) == cmeta["games"]
    kmeta, crowns = analysis.read("crowns")
    assert sorted(analysis.by_variant(crowns, lambda r: r["stats"]["crowns_to_win"])) == [1, 2, 3]


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("experiments"))
def test_stored_strength_tables_cover_every_pairing(slug):
    if slug not in analysis.STRENGTH_TABLES:
        pytest.skip(f"{slug}'s experiments part declares no strength table")
    meta, records = analysis.read(f"{slug}-strength")
    table = analysis.strength_table(records)
    # The pairings come in the order of the game's strength table (the telling ones first); all of them in a full run.
    assert list(table) == list(analysis.STRENGTH_TABLES[slug].pairings[:len(table)]) and len(table) >= 3
    assert all(n == meta["games"] for _, _, _, n in table.values())
    # The rule-based player against the random one is deterministic: its first games replay exactly.
    first = [r for r in records if r["players"] == ["rule", "random"]][:4]
    again = run_games(slug, 4, ["rule", "random"], meta["seed"], analysis.GAME_OPTIONS.get(slug), executor=POOL)
    assert analysis.compact(again) == first


def test_stored_counter_games_replay_exactly():
    # The counter ceiling plays untimed and seeds its search from what it sees: the same seed, the same game.
    meta, records = analysis.read("capture-the-commander-counter")
    table = analysis.strength_table(records)
    assert list(table) == [("counter", "rule")] and table["counter", "rule"][3] == meta["games"]
    again = run_games("capture-the-commander", 1, ["counter", "rule"], meta["seed"], executor=POOL)
    assert analysis.compact(again) == records[:1]
