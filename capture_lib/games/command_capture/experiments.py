"""Command Capture's numbers chapter (``book/analysis/command-capture.ipynb``): the games it reads, declared as
data (``capture_lib.core.experiments``), and the tables it makes of them.

``capture_lib.experiments.analysis`` plays the games and stores them under ``results/command-capture/``;
the chapter reads them and summarizes them with the functions here. Every experiment game has
``OPTIONS``: the game has no end of its own when neither side can break through, so it is drawn after
200 turns, and it uses the quick start (every unit in its first state, the Assassins placed by chance),
since the players' set-up choices are not what is measured.

- ``civilizations`` (and ``civilizations-hard``, the hard search on both sides): games for every
  (Blue's, Red's) pair of civilizations, the same seeds in each (``civilization_table``,
  ``civilization_strength``, ``unit_values``);
- ``command-capture-hard-rule`` and ``command-capture-hard-mcts``: the hard level's targets
  (``bench/bench_command_capture_players.py``), against the rule-based player and against the shared
  search's hard budget, the hard level before the alpha-beta search; the games are spread evenly over the
  nine pairs of armies, since between two players who never guess the armies and where the Assassins hide
  are all that make one game differ from another;
- the strength table (``STRENGTH``) and the ratings round robin (``RATINGS``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from capture_lib.core.experiments import Batch, Experiment, Rate, RoundRobin, StrengthTable, rate, score
from capture_lib.games.command_capture.rules.units import CIVS, HALF_POINTS, KIND_NAMES

#: The civilizations, as the options name them.
CIVILIZATIONS = CIVS
#: Options of every experiment game (see the module's docstring).
OPTIONS: dict[str, Any] = {"turn_limit": 200, "setup": "quick"}


def armies() -> Iterator[dict[str, str]]:
    """The (Blue's, Red's) civilization of each pair of armies, as options."""
    for blue in CIVILIZATIONS:
        for red in CIVILIZATIONS:
            yield {"blue": blue, "red": red}


def _pairing(name: str, file: str, games: int, first: str, second: str) -> Experiment:
    return Experiment(name, file, games, tuple(Batch((first, second), army, both_ways=True) for army in armies()),
                      spread=True)


EXPERIMENTS = (
    Experiment("civilizations", "civilizations.jsonl", 200, tuple(Batch(("rule", "rule"), army) for army in armies())),
    Experiment("civilizations-hard", "civilizations-hard.jsonl", 4,
               tuple(Batch(("hard", "hard"), army) for army in armies())),
    _pairing("command-capture-hard-rule", "hard-rule.jsonl", 216, "hard", "rule"),
    _pairing("command-capture-hard-mcts", "hard-mcts.jsonl", 72, "hard", "mcts-hard"),
)
STRENGTH = StrengthTable(20, (("rule", "random"), ("hard", "rule"), ("hard", "random"), ("easy", "rule")))
#: No oracle (the hard search shown the hidden pieces): the strength table never measured one, and it costs as
#: much as ``hard`` a game.
RATINGS = RoundRobin(10, ("random", "rule", "easy", "medium", "hard", "mcts-hard"),
                     more={("rule", "easy"): 150, ("easy", "medium"): 150, ("medium", "hard"): 150},
                     sources=("command-capture-strength",))


def civilization_table(records: list[dict[str, Any]]) -> dict[tuple[str, str], Rate]:
    """Blue's win rate (a draw counts half) for each (Blue's civilization, Red's civilization)."""
    cells: dict[tuple[str, str], list[float]] = {}
    for r in records:
        blue, red = r["stats"]["civilizations"]
        cells.setdefault((blue, red), []).append(score(r, 0))
    return {key: rate(values) for key, values in cells.items()}


def civilization_strength(records: list[dict[str, Any]]) -> dict[str, Rate]:
    """Each civilization's win rate against the other two, on either side (mirror games left out)."""
    results: dict[str, list[float]] = {name: [] for name in CIVILIZATIONS}
    for r in records:
        blue, red = r["stats"]["civilizations"]
        if blue != red:
            results[blue].append(score(r, 0))
            results[red].append(score(r, 1))
    return {name: rate(values) for name, values in results.items()}


def unit_values(records: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    """What losing each unit costs, measured, beside what the Timed Mode points table says it is worth.

    For each (civilization, unit kind): ``lost``, the win rate of the side that lost such a unit
    (counting a game once per unit lost); ``points``, the table's points for taking it. A unit whose
    loss hurts more than its points suggest is undervalued by the table, and the other way round.
    Commanders (their loss ends the game) and the Fortress (not in the table as a unit) are left out.
    """
    table: dict[tuple[str, str], list[float]] = {}
    for r in records:
        civs = r["stats"]["civilizations"]
        for _turn, owner, kind in r["stats"]["captures"]:
            if kind in ("Commander", "Fortress", "Disabled"):
                continue
            table.setdefault((civs[owner], kind), []).append(score(r, owner))
    out = {}
    for (civ, kind), values in sorted(table.items()):
        half = HALF_POINTS[CIVS.index(civ)].get(KIND_NAMES.index(kind))
        out[civ, kind] = {"lost": rate(values), "points": None if half is None else half / 2}
    return out
