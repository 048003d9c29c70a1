"""The shared runner of the numbers chapters' experiments: strength tables, resumed runs, and every game's stored
strength table against a small rerun. Each game's own tables are tested in its own folder (``test_experiments.py``)."""

from __future__ import annotations

import pytest

from capture_lib.core.experiments import StrengthTable
from capture_lib.experiments import analysis
from capture_lib.experiments.simulate import run_games
from tests.playing import POOL
from tests.registry import games


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
