"""Capture the Commander's numbers chapter (``book/analysis/capture-the-commander.ipynb``): the games it reads,
declared as data (``capture_lib.core.experiments``), and the tables it makes of them.

``capture_lib.experiments.analysis`` plays the games and stores them under ``results/capture-the-commander/``;
the chapter reads them and summarizes them with the functions here:

- ``first-player``: rule-based games with 2, 3 and 4 players, seat 0 always attacking first
  (``first_player_edge``, ``game_lengths``);
- ``capture-the-commander-counter``: the ``counter`` ceiling player against the rule-based player it is built
  against, more games than a strength pairing, since the figure is compared with a bar a few points away;
- the strength table (``STRENGTH``) and the ratings round robin (``RATINGS``).
"""

from __future__ import annotations

import statistics
from typing import Any

from capture_lib.core.experiments import Batch, Experiment, Rate, RoundRobin, StrengthTable, rate

EXPERIMENTS = (
    Experiment("first-player", "first-player.jsonl", 2000, tuple(
        Batch(("rule",) * players, {"players": players, "first_dealer": players - 1}) for players in (2, 3, 4))),
    Experiment("capture-the-commander-counter", "counter.jsonl", 400, (Batch(("counter", "rule"), both_ways=True),)),
)
STRENGTH = StrengthTable(80, (("rule", "random"), ("hard", "random"), ("hard", "rule"), ("oracle", "random"),
                              ("easy", "random"), ("easy", "rule"), ("oracle", "rule")))
#: ``medium`` is not rated: the best fair play stands too little above it to tell the two apart (``players``), so
#: the level chooser, which offers only rated levels that stand apart, leaves it out.
RATINGS = RoundRobin(40, ("random", "rule", "easy", "hard", "oracle", "counter"),
                     more={("easy", "hard"): 200, ("rule", "hard"): 200, ("rule", "easy"): 800,
                           ("random", "easy"): 100},
                     sources=("capture-the-commander-strength", "capture-the-commander-counter"))


def first_player_edge(records: list[dict[str, Any]]) -> dict[int, Rate]:
    """The first player's win rate (a shared win counts as its share) by number of players."""
    by_players: dict[int, list[float]] = {}
    for r in records:
        n, first = r["stats"]["players"], r["stats"]["first_player"]
        winners = r["winners"]
        share = (1.0 / len(winners) if first in winners else 0.0) if winners else 1.0 / n
        by_players.setdefault(n, []).append(share)
    return {n: rate(values) for n, values in sorted(by_players.items())}


def game_lengths(records: list[dict[str, Any]]) -> dict[int, dict[str, float]]:
    """Turns (attacks) per game by number of players: median, quartiles, mean, and the list itself."""
    by_players: dict[int, list[int]] = {}
    for r in records:
        by_players.setdefault(r["stats"]["players"], []).append(r["stats"]["turns"])
    summary = {}
    for n, turns in sorted(by_players.items()):
        q1, median, q3 = statistics.quantiles(turns, n=4)
        summary[n] = {"median": median, "q1": q1, "q3": q3, "mean": statistics.fmean(turns),
                      "min": min(turns), "max": max(turns), "turns": turns}
    return summary
