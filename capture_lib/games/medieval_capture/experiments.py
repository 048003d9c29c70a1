"""Capture: A Medieval Wargame's numbers chapter (``book/analysis/medieval-capture.ipynb``): the games it reads,
declared as data (``capture_lib.core.experiments``).

``capture_lib.experiments.analysis`` plays the games and stores them under ``results/medieval-capture/``;
the chapter reads them and summarizes them with the shared tallies (``side_win_rate``, ``by_variant``,
``turn_summary``, ``endings`` of the analysis):

- ``medieval-first-player``: rule-based games on the designed board, where Blue places first and moves first;
- ``catapults``: rule-based games for each catapult variant of ``CATAPULTS``, the same seeds in each;
- ``crowns``: rule-based games played to one, two and three Crowns;
- ``medieval-capture-hard-rule``, ``-hard-mcts`` and ``-oracle-rule``: the hard level's targets
  (``bench/bench_medieval_capture_players.py``): against the rule-based player, against the shared
  search's hard budget (the hard level before the turn planner), and the ceiling's against the
  rule-based player (what the dice leave to skill);
- the strength table (``STRENGTH``) and the ratings round robin (``RATINGS``).
"""

from __future__ import annotations

from typing import Any

from capture_lib.core.experiments import Batch, Experiment, RoundRobin, StrengthTable

#: The catapult variants: (label, options); the first is the standard game.
CATAPULTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("standard: fires on 4 or 5, skilled", {}),
    ("no catapults", {"catapult_rolls": "off"}),
    ("fires on 4 only", {"catapult_rolls": "4"}),
    ("fires on 4, 5 or 6", {"catapult_rolls": "4-5-6"}),
    ("fires on 3 to 6", {"catapult_rolls": "3-4-5-6"}),
    ("a sure hand (3% spread)", {"catapult_spread": "sure"}),
    ("wild spread (15%)", {"catapult_spread": "wild"}),
)
RULE = ("rule", "rule")

EXPERIMENTS = (
    Experiment("medieval-first-player", "first-player.jsonl", 600, (Batch(RULE),)),
    Experiment("catapults", "catapults.jsonl", 200,
               tuple(Batch(RULE, options, variant=label) for label, options in CATAPULTS)),
    Experiment("crowns", "crowns.jsonl", 200, tuple(Batch(RULE, {"crowns_to_win": crowns}) for crowns in (1, 2, 3))),
    Experiment("medieval-capture-hard-rule", "hard-rule.jsonl", 240, (Batch(("hard", "rule"), both_ways=True),)),
    Experiment("medieval-capture-hard-mcts", "hard-mcts.jsonl", 200, (Batch(("hard", "mcts-hard"), both_ways=True),)),
    Experiment("medieval-capture-oracle-rule", "oracle-rule.jsonl", 200, (Batch(("oracle", "rule"), both_ways=True),)),
)
STRENGTH = StrengthTable(20, (("rule", "random"), ("hard", "rule"), ("hard", "random"), ("easy", "rule")))
#: No oracle (the hard search shown the hidden pieces): the strength table never measured one, and it costs as
#: much as ``hard`` a game.
RATINGS = RoundRobin(10, ("random", "rule", "easy", "medium", "hard", "mcts-hard"),
                     more={("rule", "easy"): 200, ("easy", "medium"): 200, ("medium", "hard"): 300,
                           ("rule", "medium"): 100, ("easy", "hard"): 100, ("random", "rule"): 40},
                     sources=("medieval-capture-strength", "medieval-capture-hard-rule", "medieval-capture-hard-mcts"))
