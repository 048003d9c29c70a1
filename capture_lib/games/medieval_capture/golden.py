"""Medieval Capture's golden playthroughs: the whole seeded games it keeps, as text, to show any change of play.

``GOLDEN`` lists, per option set whose play differs, its label, its options and the games kept of it as
``(seed, players)``; ``tools/golden.py`` writes and checks them (``tests/golden/medieval-capture/``).
"""

from __future__ import annotations

from capture_lib.core.parts import GoldenSet

#: (label, options, ((seed, players), ...)) for each option set kept.
GOLDEN: tuple[GoldenSet, ...] = (
    ("default", {}, ((1, ("rule", "rule")), (2, ("rule", "rule")))),
    ("one-crown-returning", {"crowns_to_win": 1, "crown_returns": True}, ((1, ("rule", "rule")),)),
    ("four-players", {"players": 4, "crowns_to_win": 1}, ((1, ("rule",) * 4),)),
    ("catapults-wild", {"catapult_rolls": "3-4-5-6", "catapult_shots": 2, "catapult_spread": "wild",
                        "crowns_to_win": 2}, ((1, ("rule", "rule")),)),
    ("returns-and-stops", {"killed_return": "both", "forced_stops": "both", "river_distance": "free",
                           "black_die": 8, "crowns_to_win": 2}, ((1, ("rule", "rule")),)),
    ("extended-deck", {"treasure_deck": "extended", "crowns_to_win": 2}, ((1, ("rule", "rule")),)),
)
