"""Capture the Commander's golden playthroughs: the whole seeded games it keeps, as text, to show any change of play.

``GOLDEN`` lists, per option set whose play differs, its label, its options and the games kept of it as
``(seed, players)``; ``tools/golden.py`` writes and checks them (``tests/golden/capture-the-commander/``).
"""

from __future__ import annotations

from capture_lib.core.parts import GoldenSet

RR, UR = ("random", "random"), ("rule", "random")
#: (label, options, ((seed, players), ...)) for each option set kept.
GOLDEN: tuple[GoldenSet, ...] = (
    ("default", {}, ((1, RR), (2, RR), (3, UR))),
    ("three-players", {"players": 3}, ((1, ("random",) * 3), (2, ("rule", "random", "rule")))),
    ("four-players", {"players": 4}, ((1, ("random",) * 4),)),
    ("two-hands", {"hands": 2, "first_dealer": 0}, ((1, RR),)),
    ("under-only", {"adjacency": "under-only"}, ((1, RR), (2, RR))),
    ("last-card-tie-card", {"tie_anchor": "last-card", "tie_loser": "tie-card"}, ((1, RR), (2, RR))),
    ("run-out-layout", {"run_out": "layout"}, ((1, RR), (2, RR))),
)
