"""The Bradley-Terry ratings of the levels, and the summary the level chooser reads."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random

import pytest

from capture_lib.experiments import ratings
from capture_lib.experiments.ratings import elo_gap, expected_score, fit, fit_games, tally
from capture_lib.search import level_ratings
from tests.registry import games

TRUE = {"random": 1000.0, "rule": 1500.0, "easy": 1600.0, "hard": 1850.0}


def synthetic(strengths: dict[str, float], games: int, seed: int = 1, draws: float = 0.0) -> list[dict]:
    """Records of ``games`` games for every pair, each first in half, won as the Elo model says."""
    rng = random.Random(seed)
    records = []
    for a, b in itertools.combinations(strengths, 2):
        for k in range(games):
            first, second = (a, b) if k % 2 == 0 else (b, a)
            p = expected_score(strengths[first], strengths[second])
            roll = rng.random()
            if roll < draws:
                winners = []
            else:
                winners = [0] if rng.random() < p else [1]
            records.append({"players": [first, second], "winners": winners, "seed": k})
    return records


def test_known_strengths_are_recovered_within_their_intervals():
    rated = fit_games(synthetic(TRUE, 2000))
    assert set(rated) == set(TRUE)
    assert rated["rule"].elo == 1500 and rated["rule"].low == rated["rule"].high == 1500
    for name, true in TRUE.items():
        assert rated[name].low <= true <= rated[name].high, (name, rated[name])
        assert abs(rated[name].elo - true) < 25
    assert rated["hard"].games == 3 * 2000


def test_draws_count_half_for_each_side():
    records = [{"players": ["a", "b"], "winners": []}, {"players": ["b", "a"], "winners": [0, 1]},
               {"players": ["b", "a"], "winners": [1]}]
    assert tally(records) == {("a", "b"): (2.0, 3)}
    rated = fit_games(records, anchor=("a", 1500), prior=0)
    # a scored 2 of 3: the fit puts it where the model expects exactly that.
    assert rated["a"].elo - rated["b"].elo == pytest.approx(elo_gap(2 / 3), abs=1e-6)


def test_intervals_shrink_with_more_games():
    few = fit_games(synthetic(TRUE, 40, seed=2))
    many = fit_games(synthetic(TRUE, 400, seed=2))
    for name in ("random", "easy", "hard"):
        width_few, width_many = few[name].high - few[name].low, many[name].high - many[name].low
        # Ten times the games: about a third of the width (1 / sqrt(10)).
        assert 0.2 < width_many / width_few < 0.45, name


def test_the_anchor_shifts_every_rating_alike():
    records = synthetic(TRUE, 100, seed=3)
    by_rule = fit_games(records, anchor=("rule", 1500))
    by_random = fit_games(records, anchor=("random", 1000))
    shift = by_random["rule"].elo - by_rule["rule"].elo
    assert by_random["random"].elo == 1000 and by_random["random"].high == 1000
    for name in TRUE:
        assert by_random[name].elo - by_rule[name].elo == pytest.approx(shift, abs=1e-6)


def test_a_disconnected_or_empty_graph_is_refused():
    records = [{"players": ["rule", "random"], "winners": [0]}, {"players": ["easy", "hard"], "winners": [1]}]
    with pytest.raises(ValueError, match="do not connect"):
        fit_games(records)
    with pytest.raises(ValueError, match="no games"):
        fit_games([])
    with pytest.raises(ValueError, match="anchor"):
        fit_games([{"players": ["easy", "hard"], "winners": [1]}])
    with pytest.raises(ValueError, match="two players"):
        fit_games([{"players": ["rule", "easy", "hard"], "winners": [1]}])
    with pytest.raises(ValueError, match="against itself"):
        fit_games([{"players": ["rule", "rule"], "winners": [1]}])
    with pytest.raises(ValueError, match="bad result"):
        fit({("random", "rule"): (5.0, 3)})


def test_a_player_who_wins_every_game_gets_a_finite_rating_above_the_rest():
    records = synthetic({"random": 1000.0, "rule": 1500.0, "easy": 1550.0}, 40, seed=4)
    records += [{"players": [a, b], "winners": [0 if a == "hard" else 1]}
                for other in ("random", "rule", "easy") for a, b in (("hard", other), (other, "hard"))
                for _ in range(20)]
    rated = fit_games(records)
    hard = rated["hard"]
    assert math.isfinite(hard.elo) and math.isfinite(hard.high)
    assert hard.low > max(r.elo for name, r in rated.items() if name != "hard")
    # The virtual draw keeps the gap finite: 40 wins and one half in 41 games against the rule player.
    assert hard.elo - rated["rule"].elo < elo_gap(40.5 / 41) + 200
    with pytest.raises(ValueError, match="did not settle"):
        fit_games(records, prior=0)


def test_elo_gap_and_expected_score_are_inverse():
    assert elo_gap(10 / 11) == pytest.approx(400)
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert elo_gap(expected_score(1630, 1500)) == pytest.approx(130)
    with pytest.raises(ValueError):
        elo_gap(1.0)


# ----- the shipped summary -------------------------------------------------------------------------------
def test_the_shipped_summary_is_the_fit_of_the_stored_round_robins():
    shipped = json.loads(level_ratings.SUMMARY.read_text(encoding="utf-8"))
    assert shipped == ratings.summary_of(ratings.RESULTS)
    stored = sorted(p.parent.name for p in ratings.RESULTS.glob(f"*/{ratings.RATINGS_FILE}"))
    assert sorted(shipped["games"]) == stored and stored


def test_the_chooser_labels_say_each_levels_rating():
    summary = level_ratings.shipped_summary()
    slug, entry = next(iter(summary["games"].items()))
    labels = level_ratings.level_labels(slug)
    from capture_lib.search.levels import LEVEL_NAMES

    assert list(labels) == list(LEVEL_NAMES)
    hard = entry["players"]["hard"]["elo"]
    assert labels["hard"] == f"hard \u00b7 about {round(hard, -1)}"
    assert labels["rule"] == "rule \u00b7 about 1500"
    assert level_ratings.level_labels("no-such-game") == {name: name for name in LEVEL_NAMES}


def test_the_summary_ships_in_the_package_data():
    import tomllib

    pyproject = tomllib.loads((ratings.RESULTS.parent / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["*"]
    assert any(level_ratings.SUMMARY.match(pattern) for pattern in patterns)


# ----- the round-robin experiment ------------------------------------------------------------------------
def test_a_round_robin_seats_each_pair_both_ways_and_a_resumed_one_takes_the_stored_games(monkeypatch, tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    from capture_lib.experiments import analysis
    from capture_lib.experiments.simulate import save

    played = []

    def fake_run_games(slug, games, players, seed, options=None, executor=None):
        played.append((tuple(players), seed, games))
        return [{"players": list(players), "seed": seed + i, "winners": [0]} for i in range(games)]

    monkeypatch.setattr(analysis, "run_games", fake_run_games)
    robin = analysis.ROUND_ROBINS["command-capture"]
    monkeypatch.setitem(analysis.ROUND_ROBINS, "command-capture",
                        dataclasses.replace(robin, players=("random", "rule", "easy"), more={}))
    pool = ThreadPoolExecutor(1)
    seed = analysis.SEED
    path = analysis.run("command-capture-ratings", 4, pool, root=tmp_path)
    assert played == [(("random", "rule"), seed, 2), (("rule", "random"), seed, 2), (("random", "easy"), seed, 2),
                      (("easy", "random"), seed, 2), (("rule", "easy"), seed, 2), (("easy", "rule"), seed, 2)]
    meta, records = analysis.read("command-capture-ratings", root=tmp_path)
    assert path.exists() and meta["games"] == 4 and len(records) == 12
    # The same deals both ways, and a fit that sees seat 0 win every game as two equal players.
    rated = fit_games(records)
    assert rated["random"].elo == pytest.approx(1500) and rated["easy"].elo == pytest.approx(1500)

    # Resumed: nothing is played again; more games a pair play on from the next seed.
    played.clear()
    analysis.run("command-capture-ratings", 4, pool, root=tmp_path, resume=True)
    assert played == []
    analysis.run("command-capture-ratings", 6, pool, root=tmp_path, resume=True)
    assert played == [(pair, seed + 2, 1) for pair in (("random", "rule"), ("rule", "random"), ("random", "easy"),
                                                        ("easy", "random"), ("rule", "easy"), ("easy", "rule"))]

    # A resumed run also takes the strength table's games; a plain run plays everything afresh.
    path.unlink()
    strength = [{"players": list(p), "seed": seed + i, "winners": [1]} for p in (("rule", "random"), ("random", "rule"))
                for i in range(5)]
    save(strength, tmp_path / analysis.EXPERIMENTS["command-capture-strength"][0],
         {"experiment": "command-capture-strength", "games": 10, "seed": seed})
    played.clear()
    analysis.run("command-capture-ratings", 4, pool, root=tmp_path, resume=True)
    assert [p for p, _, _ in played] == [("random", "easy"), ("easy", "random"), ("rule", "easy"), ("easy", "rule")]
    meta, records = analysis.read("command-capture-ratings", root=tmp_path)
    assert sum(1 for r in records if sorted(r["players"]) == ["random", "rule"]) == 10  # all five each way
    played.clear()
    analysis.run("command-capture-ratings", 4, pool, root=tmp_path)
    assert len(played) == 6

    # A pairing of the round robin's ``more`` gets its own, larger number of games, seated both ways alike.
    monkeypatch.setitem(analysis.ROUND_ROBINS, "command-capture",
                        dataclasses.replace(robin, players=("random", "rule", "easy"), more={("easy", "rule"): 10}))
    played.clear()
    analysis.run("command-capture-ratings", 4, pool, root=tmp_path)
    pair = [(p, n) for p, _, n in played if set(p) == {"easy", "rule"}]
    assert pair == [(("rule", "easy"), 5), (("easy", "rule"), 5)]
    assert all(n == 2 for p, _, n in played if set(p) != {"easy", "rule"})


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("experiments"))
def test_stored_round_robins_pair_every_player_both_ways_and_replay(slug):
    from concurrent.futures import ThreadPoolExecutor

    from capture_lib.experiments import analysis
    from capture_lib.experiments.simulate import run_games

    if slug not in analysis.ROUND_ROBINS:
        pytest.skip(f"{slug}'s experiments part declares no ratings round robin")
    meta, records = analysis.read(f"{slug}-ratings")
    players = analysis.ROUND_ROBINS[slug].players
    for a, b in itertools.combinations(players, 2):
        one = [r["seed"] for r in records if r["players"] == [a, b]]
        other = [r["seed"] for r in records if r["players"] == [b, a]]
        # Each seating plays an unbroken run of seeds from the experiment's, the same deals both ways.
        assert one == list(range(meta["seed"], meta["seed"] + len(one))), (a, b)
        assert other == list(range(meta["seed"], meta["seed"] + len(other))), (b, a)
        assert len(one) >= meta["games"] // 2 and len(other) >= meta["games"] - meta["games"] // 2
    first = next(r for r in records if r["players"] == ["random", "hard"])
    again = run_games(slug, 1, ["random", "hard"], first["seed"], analysis.GAME_OPTIONS.get(slug),
                      executor=ThreadPoolExecutor(1))
    assert analysis.compact(again) == [first]


def test_a_level_that_plays_as_another_says_so_in_the_chooser(monkeypatch):
    summary = {"games": {"card-commander": {
        "anchor": "rule", "anchor_elo": 1500, "games_per_pairing": 20,
        "players": {"random": {"elo": 1488}, "rule": {"elo": 1500}, "hard": {"elo": 1573}},
        "plays_as": {"easy": "hard", "medium": "hard"}, "why": "the deal decides most games"}}}
    monkeypatch.setattr(level_ratings, "shipped_summary", lambda: summary)
    labels = level_ratings.level_labels("card-commander")
    assert labels["easy"] == "easy \u00b7 as hard, about 1570: the deal decides most games"
    assert labels["hard"] == "hard \u00b7 about 1570" and labels["random"] == "random \u00b7 about 1490"
    assert level_ratings.offered_levels("card-commander") == ("random", "rule", "hard")
    assert "easy as hard" in level_ratings.ratings_text()


def test_the_summary_names_the_levels_each_game_plays_as_another():
    from capture_lib.search.levels import plays_as

    shipped = level_ratings.shipped_summary()["games"]
    for slug, entry in shipped.items():
        same, why = plays_as(slug)
        assert entry.get("plays_as", {}) == same and (why == entry.get("why", "")), slug
        assert not set(same) & set(entry["players"]), "a level that plays as another is not rated on its own"
