"""Card Commander's numbers chapter (``book/analysis/card-commander.ipynb``): the games it reads, declared as
data (``capture_lib.core.experiments``), and the tables it makes of them.

``capture_lib.experiments.analysis`` plays the games and stores them under ``results/card-commander/``;
the chapter reads them and summarizes them with the functions here:

- ``commanders``: rule-based games for every pair of Commanders (Blue's, Red's), the same deals in every
  cell (``commander_table``, ``commander_strength``), and what the coin flip and the extra card decide in
  them (``coin_rounds``, ``extra_card_value``);
- the strength table (``STRENGTH``) and the ratings round robin (``RATINGS``) of the levels and the oracle.
"""

from __future__ import annotations

from typing import Any

from capture_lib.core.experiments import Batch, Experiment, Rate, RoundRobin, StrengthTable, rate, score
from capture_lib.games.card_commander.rules.actions import COMMANDERS

__all__ = ["COMMANDERS", "EXPERIMENTS", "RATINGS", "STRENGTH", "coin_rounds", "commander_strength",
           "commander_table", "extra_card_value"]

#: Rule-based games for each (Blue's, Red's) Commander, chosen in the opening, the same seeds in each cell.
EXPERIMENTS = (
    Experiment("commanders", "commanders.jsonl", 1000, tuple(
        Batch(("rule", "rule"), {"same_commander": True}, (f"commander {blue}", f"commander {red}"))
        for blue in COMMANDERS for red in COMMANDERS)),
)
#: The deal decides most games: the oracle, who sees every card, measures how far play can go.
STRENGTH = StrengthTable(80, (("rule", "random"), ("hard", "rule"), ("hard", "random"), ("oracle", "rule"),
                              ("oracle", "random")))
#: ``easy`` and ``medium`` are not rated: the deal leaves no room for them between the rule player and ``hard``
#: (``players``), so the level chooser, which offers only rated levels that stand apart, leaves them out.
RATINGS = RoundRobin(20, ("random", "rule", "hard", "oracle"),
                     more={("random", "hard"): 400, ("rule", "hard"): 300, ("random", "rule"): 300},
                     sources=("card-commander-strength",))


def _commanders(record: dict[str, Any]) -> tuple[str, str]:
    blue, red = (text.split()[1] for text in record["opening"])
    return blue, red


def commander_table(records: list[dict[str, Any]]) -> dict[tuple[str, str], Rate]:
    """Blue's win rate for each (Blue's Commander, Red's Commander)."""
    cells: dict[tuple[str, str], list[float]] = {}
    for r in records:
        cells.setdefault(_commanders(r), []).append(score(r, 0))
    return {key: rate(values) for key, values in cells.items()}


def commander_strength(records: list[dict[str, Any]]) -> dict[str, Rate]:
    """Each Commander's win rate over every game it played against the others, on either seat."""
    results: dict[str, list[float]] = {name: [] for name in COMMANDERS}
    for r in records:
        blue, red = _commanders(r)
        if blue != red:
            results[blue].append(score(r, 0))
            results[red].append(score(r, 1))
    return {name: rate(values) for name, values in results.items()}


def coin_rounds(records: list[dict[str, Any]]) -> tuple[Rate, Rate]:
    """The share of rounds a coin flip decided, and the share of games with at least one such round."""
    rounds: list[float] = []
    for r in records:
        stats = r["stats"]
        rounds += [1.0] * stats["coin_rounds"] + [0.0] * (stats["rounds"] - stats["coin_rounds"])
    games = [1.0 if r["stats"]["coin_rounds"] else 0.0 for r in records]
    return rate(rounds), rate(games)


def extra_card_value(records: list[dict[str, Any]]) -> dict[str, Rate]:
    """What the extra card is worth.

    ``lane``: how often a lane with an extra card in it went to the player who added it;
    ``alone``: the win rate of a player who used the extra card in a game where the opponent never did;
    ``both`` / ``neither``: Blue's win rate when both or neither used it (for comparison).
    """
    lanes = [1.0 if e["won_lane"] else 0.0 for r in records for e in r["stats"]["extra_lanes"]]
    alone, both, neither = [], [], []
    for r in records:
        used = r["stats"]["extra_used"]
        if used[0] != used[1]:
            alone.append(score(r, 0 if used[0] else 1))
        elif used[0]:
            both.append(score(r, 0))
        else:
            neither.append(score(r, 0))
    return {"lane": rate(lanes), "alone": rate(alone), "both": rate(both), "neither": rate(neither)}
