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
from capture_lib.games.card_commander import players as card_commander
from capture_lib.search import level_ratings, levels
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


def test_a_spread_round_robin_shares_each_seating_among_its_option_sets_from_distinct_starts(monkeypatch, tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    from capture_lib.experiments import analysis

    played = []

    def fake_run_games(slug, games, players, seed, options=None, executor=None):
        played.append((tuple(players), options["blue"], seed, games))
        return [{"players": list(players), "seed": seed + i, "winners": [0]} for i in range(games)]

    monkeypatch.setattr(analysis, "run_games", fake_run_games)
    armies = (("rome-egypt", {"blue": "rome", "red": "egypt"}), ("vikings-rome", {"blue": "vikings", "red": "rome"}))
    robin = dataclasses.replace(analysis.ROUND_ROBINS["command-capture"], players=("random", "rule"), more={},
                                spread=armies, distinct_starts=True, sources=())
    monkeypatch.setitem(analysis.ROUND_ROBINS, "command-capture", robin)
    pool = ThreadPoolExecutor(1)
    analysis.run("command-capture-ratings", 22, pool, root=tmp_path)
    _meta, records = analysis.read("command-capture-ratings", root=tmp_path)
    options = analysis.GAME_OPTIONS["command-capture"]
    for label, army in armies:
        for seating in (["random", "rule"], ["rule", "random"]):
            seeds = [r["seed"] for r in records if r["players"] == seating and r["variant"] == label]
            # Eleven games a seating: six under the first option set, five under the second.
            assert len(seeds) == (6 if label == "rome-egypt" else 5)
            starts = [analysis.start_of("command-capture", {**options, **army}, seed) for seed in seeds]
            assert len(set(starts)) == len(starts) and all(len(start) == 2 for start in starts)  # both Assassins
            expected = analysis.start_seeds("command-capture", {**options, **army}, analysis.SEED, True)
            assert seeds == [next(expected) for _ in seeds]  # the first seeds that deal distinct starts
        # The same starts both ways.
        assert [r["seed"] for r in records if r["players"] == ["random", "rule"] and r["variant"] == label] == \
            [r["seed"] for r in records if r["players"] == ["rule", "random"] and r["variant"] == label]
    # Resumed: nothing is played again; a larger number plays on under each option set from its next start.
    played.clear()
    analysis.run("command-capture-ratings", 22, pool, root=tmp_path, resume=True)
    assert played == []
    analysis.run("command-capture-ratings", 26, pool, root=tmp_path, resume=True)
    assert sorted((seating, blue, games) for seating, blue, _seed, games in played) == [
        (("random", "rule"), "rome", 1), (("random", "rule"), "vikings", 1),
        (("rule", "random"), "rome", 1), (("rule", "random"), "vikings", 1)]
    # Only the pairings named are played; the others keep what is stored of them.
    robin3 = dataclasses.replace(robin, players=("random", "rule", "easy"))
    monkeypatch.setitem(analysis.ROUND_ROBINS, "command-capture", robin3)
    played.clear()
    analysis.run("command-capture-ratings", 26, pool, root=tmp_path, resume=True, pairings=[("easy", "rule")])
    assert {seating for seating, _blue, _seed, _games in played} == {("rule", "easy"), ("easy", "rule")}
    assert len(analysis.read("command-capture-ratings", root=tmp_path)[1]) == 52
    with pytest.raises(ValueError, match="no pairing of easy and hard"):
        analysis.run("command-capture-ratings", 26, pool, root=tmp_path, resume=True, pairings=[("hard", "easy")])
    # A run given no time left plays nothing more and keeps what is stored.
    played.clear()
    clock = itertools.count(0, 3600)
    monkeypatch.setattr(analysis.time, "monotonic", lambda: next(clock))
    analysis.run("command-capture-ratings", 40, pool, root=tmp_path, resume=True, minutes=1)
    assert played == [] and len(analysis.read("command-capture-ratings", root=tmp_path)[1]) == 52


def test_the_starts_of_a_game_run_out_with_a_clear_error():
    from capture_lib.experiments import analysis

    options = {**analysis.GAME_OPTIONS["command-capture"], "blue": "rome", "red": "egypt"}
    seeds = analysis.start_seeds("command-capture", options, analysis.SEED, True)
    assert len({analysis.start_of("command-capture", options, next(seeds)) for _ in range(64)}) == 64  # 8 x 8 squares
    with pytest.raises(ValueError, match="has only 64 distinct starts"):
        next(seeds)


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("experiments"))
def test_stored_round_robins_pair_every_player_both_ways_and_replay(slug):
    from concurrent.futures import ThreadPoolExecutor

    from capture_lib.experiments import analysis
    from capture_lib.experiments.simulate import run_games

    if slug not in analysis.ROUND_ROBINS:
        pytest.skip(f"{slug}'s experiments part declares no ratings round robin")
    meta, records = analysis.read(f"{slug}-ratings")
    robin = analysis.ROUND_ROBINS[slug]
    base = analysis.GAME_OPTIONS.get(slug, {})
    for a, b in itertools.combinations(robin.players, 2):
        for label, options, _share in robin.shares(robin.pairing_games(a, b, meta["games"])):
            options = {**base, **options}
            one = [r["seed"] for r in records if r["players"] == [a, b] and r.get("variant", "") == label]
            other = [r["seed"] for r in records if r["players"] == [b, a] and r.get("variant", "") == label]
            # Each seating plays an unbroken run of the seeds it may play (with distinct starts, those that deal
            # one no earlier seed dealt), under each option set alike, the same deals both ways.
            seeds = analysis.start_seeds(slug, options, meta["seed"], robin.distinct_starts)
            expected = [next(seeds) for _ in range(max(len(one), len(other)))]
            assert one == expected[:len(one)] and other == expected[:len(other)], (a, b, label)
        seated = [sum(1 for r in records if r["players"] == seating) for seating in ([a, b], [b, a])]
        assert seated[0] >= meta["games"] // 2 and seated[1] >= meta["games"] - meta["games"] // 2, (a, b)
    # The shortest stored game of random against hard replays exactly (the first took Medieval's 116 actions).
    first = min((r for r in records if r["players"] == ["random", "hard"]), key=lambda r: r["actions"])
    options = {**base, **dict(robin.spread).get(first.get("variant", ""), {})}
    again = run_games(slug, 1, ["random", "hard"], first["seed"], options or None, executor=ThreadPoolExecutor(1))
    assert analysis.compact([{**r, "variant": first["variant"]} for r in again] if "variant" in first else again) \
        == [first]


# ----- the chooser's rule --------------------------------------------------------------------------------
LADDER = ("random", "beginner", "rule", "easy", "medium", "hard")


def _intervals(**spans: tuple[int, int]) -> dict[str, dict[str, int]]:
    return {name: {"low": low, "high": high, "elo": (low + high) // 2} for name, (low, high) in spans.items()}


@pytest.mark.parametrize("spans, offered", [
    # Every interval apart from its neighbours': every level is offered.
    ({"random": (1000, 1200), "beginner": (1250, 1450), "rule": (1500, 1500), "easy": (1550, 1650),
      "medium": (1700, 1800), "hard": (1850, 1950)}, LADDER),
    # A level with no rating is not offered: nothing shows it to differ (an unrated beginner).
    ({"random": (1000, 1200), "rule": (1500, 1500), "easy": (1550, 1650)}, ("random", "rule", "easy")),
    # Below the anchor the weaker level stays: a beginner overlapping random, or reaching the rule player, goes.
    ({"random": (1000, 1300), "beginner": (1250, 1450), "rule": (1500, 1500)}, ("random", "rule")),
    ({"random": (1000, 1200), "beginner": (1300, 1520), "rule": (1500, 1500)}, ("random", "rule")),
    # The anchor is always offered: a random player whose interval reaches it goes.
    ({"random": (1410, 1510), "rule": (1500, 1500), "hard": (1484, 1585)}, ("rule",)),
    # Above the anchor the stronger level stays: easy, not apart from the anchor, goes (Medieval's easy) ...
    ({"random": (690, 1140), "rule": (1500, 1500), "easy": (1416, 1502), "medium": (1721, 1836),
      "hard": (1766, 1936)}, ("random", "rule", "hard")),
    # ... hard replaces every weaker level it overlaps, down to the one it stands above ...
    ({"rule": (1500, 1500), "easy": (1550, 1650), "medium": (1640, 1700), "hard": (1600, 1900)}, ("rule", "hard")),
    # ... but a hard whose interval reaches the anchor replaces nothing: medium, apart from both, stays.
    ({"rule": (1500, 1500), "medium": (1721, 1836), "hard": (1400, 2400)}, ("rule", "medium")),
    # A level rated below a weaker-named one counts as overlapping it: the names offered climb with the ratings.
    ({"rule": (1500, 1500), "easy": (1700, 1750), "medium": (1600, 1650)}, ("rule", "medium")),
])
def test_the_chooser_offers_each_level_whose_interval_lies_wholly_above_the_next_weaker_offered_one(spans, offered):
    rated = _intervals(**spans)
    got = level_ratings.offered_by_rule(rated, LADDER)
    assert got == offered
    assert all(rated[upper]["low"] > rated[lower]["high"] for lower, upper in itertools.pairwise(got))
    assert "rule" in got


FAKE = {"games": {"card-commander": {
    "anchor": "rule", "anchor_elo": 1500, "games_per_pairing": 20,
    "players": {"random": {"elo": 1445, "low": 1408, "high": 1481}, "rule": {"elo": 1500, "low": 1500, "high": 1500},
                "hard": {"elo": 1573, "low": 1530, "high": 1610}},
    "offered": ["random", "rule", "hard"], "why": "the deal decides most games"}}}


def test_the_chooser_shows_only_the_offered_levels_each_as_itself_and_the_strongest_says_why(monkeypatch):
    monkeypatch.setattr(level_ratings, "shipped_summary", lambda: FAKE)
    assert level_ratings.offered_levels("card-commander") == ("random", "rule", "hard")
    assert level_ratings.chooser("card-commander") == [
        ["random", "random \u00b7 about 1440"], ["rule", "rule \u00b7 about 1500"],
        ["hard", "hard \u00b7 about 1570 (3 levels: the deal decides most games)"]]
    # A board built for an unoffered level by name shows it as itself, never as another level.
    assert level_ratings.chooser("card-commander", "medium")[2] == ["medium", "medium"]
    assert [row[0] for row in level_ratings.chooser("card-commander", "medium")] == ["random", "rule", "medium", "hard"]
    assert level_ratings.refusal("card-commander", "hard") == ""
    assert level_ratings.refusal("card-commander", "easy") == (
        "card-commander offers the levels random, rule, hard, not 'easy' (3 levels: the deal decides most games)")
    assert level_ratings.ratings_text().endswith("card-commander random 1440, rule 1500, hard 1570")
    # A game with no stored round robin offers every level it has, by its bare name.
    assert level_ratings.offered_levels("medieval-capture") == levels.game_levels("medieval-capture")
    assert level_ratings.chooser("medieval-capture")[0] == ["random", "random"]


def test_the_summary_stores_the_offered_levels_and_the_games_own_sentence_why(monkeypatch):
    records = synthetic({"random": 1000.0, "rule": 1500.0, "hard": 1900.0}, 40)
    entry = ratings.summarize(records, {"games": 40}, "card-commander")
    assert entry["offered"] == ["random", "rule", "hard"]  # easy and medium: not in the round robin
    assert entry["why"] == card_commander.FEWER_LEVELS_WHY
    every = ratings.summarize(synthetic({"random": 1200.0, "rule": 1500.0, "easy": 1750.0, "medium": 2000.0,
                                         "hard": 2250.0}, 200), {"games": 200}, "card-commander")
    assert every["offered"] == ["random", "rule", "easy", "medium", "hard"] and "why" not in every
    monkeypatch.setattr(card_commander, "FEWER_LEVELS_WHY", "")
    # Unrated levels are left out without a word; a rated level that the ratings leave out needs the sentence.
    assert "why" not in ratings.summarize(records, {"games": 40}, "card-commander")
    close = synthetic({"random": 1000.0, "rule": 1500.0, "easy": 1510.0, "hard": 1900.0}, 40)
    with pytest.raises(ValueError, match="leave easy out of the chooser, and its players part declares no"):
        ratings.summarize(close, {"games": 40}, "card-commander")


def test_every_shipped_chooser_offers_levels_that_stand_apart_and_says_why_it_offers_fewer():
    for slug, entry in level_ratings.shipped_summary()["games"].items():
        offered = level_ratings.offered_levels(slug)
        rated = entry["players"]
        assert offered == level_ratings.offered_by_rule(rated, levels.game_levels(slug)) and "rule" in offered, slug
        assert all(rated[upper]["low"] > rated[lower]["high"] for lower, upper in itertools.pairwise(offered)), slug
        dropped = [level for level in levels.game_levels(slug) if level in rated and level not in offered]
        assert bool(level_ratings.fewer_why(slug)) >= bool(dropped), slug  # a rated level left out: it says why
        assert not level_ratings.fewer_why(slug) or offered != levels.game_levels(slug), slug
        assert [level for level, _label in level_ratings.chooser(slug)] == list(offered)
