"""Card Commander's golden playthroughs: the whole seeded games it keeps, as text, to show any change of play.

``GOLDEN`` lists, per option set whose play differs, its label, its options and the games kept of it as
``(seed, players)``; ``tools/golden.py`` writes and checks them (``tests/golden/card-commander/``).
"""

from __future__ import annotations

from capture_lib.core.parts import GoldenSet

RR, UR = ("random", "random"), ("rule", "random")
#: (label, options, ((seed, players), ...)) for each option set kept.
GOLDEN: tuple[GoldenSet, ...] = (
    ("default", {}, ((1, RR), (2, RR), (3, UR))),
    ("no-aces", {"aces": False}, ((1, RR), (2, UR))),
    ("same-commander-all-rounds", {"same_commander": True, "play_all_rounds": True}, ((1, RR), (2, RR))),
    ("extra-without-bonus", {"extra_card_bonus": False}, ((1, RR), (4, RR))),
)
