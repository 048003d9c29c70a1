"""Capture the Commander's settings for the project's experiments: the golden playthroughs it keeps.

``GOLDEN`` lists, per option set whose play differs, its label, its options and the games kept of it as
``(seed, players)``; ``tools/golden.py`` writes and checks them (``tests/golden/capture-the-commander/``).
"""

from __future__ import annotations

from typing import Any

RR, UR = ("random", "random"), ("rule", "random")
#: (label, options, ((seed, players), ...)) for each option set kept.
GOLDEN: tuple[tuple[str, dict[str, Any], tuple[tuple[int, tuple[str, ...]], ...]], ...] = (
    ("default", {}, ((1, RR), (2, RR), (3, UR))),
    ("three-players", {"players": 3}, ((1, ("random",) * 3), (2, ("rule", "random", "rule")))),
    ("four-players", {"players": 4}, ((1, ("random",) * 4),)),
    ("two-hands", {"hands": 2, "first_dealer": 0}, ((1, RR),)),
    ("under-only", {"adjacency": "under-only"}, ((1, RR), (2, RR))),
    ("last-card-tie-card", {"tie_anchor": "last-card", "tie_loser": "tie-card"}, ((1, RR), (2, RR))),
    ("run-out-layout", {"run_out": "layout"}, ((1, RR), (2, RR))),
)
