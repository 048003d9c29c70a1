"""Command Capture's golden playthroughs: the whole seeded games it keeps, as text, to show any change of play.

``GOLDEN`` lists, per option set whose play differs, its label, its options and the games kept of it as
``(seed, players)``; ``tools/golden.py`` writes and checks them (``tests/golden/command-capture/``).
"""

from __future__ import annotations

from capture_lib.core.parts import GoldenSet

RR, UR = ("random", "random"), ("rule", "random")
#: (label, options, ((seed, players), ...)) for each option set kept.
GOLDEN: tuple[GoldenSet, ...] = (
    ("default", {}, ((1, ("rule", "rule")), (2, UR))),
    ("vikings-rome", {"blue": "vikings", "red": "rome"}, ((1, ("rule", "rule")),)),
    ("egypt-vikings-owner-facing", {"blue": "egypt", "red": "vikings", "directions": "owner",
                                    "archer_move": "orthogonal", "plain_step": "orthogonal"},
     ((1, ("rule", "rule")),)),
    ("shots-and-fortress", {"projectiles": "fly-over", "fortress_range": 3, "ranged_commander": "immune",
                            "fortress_flip": True}, ((1, ("rule", "rule")),)),
    ("aura-and-lock", {"aura_pairs": "any", "state_lock": "until-own-turn", "siege_vs_fortify": "fortify"},
     ((1, ("rule", "rule")),)),
    ("timed", {"timed": True}, ((1, ("rule", "rule")),)),
)
