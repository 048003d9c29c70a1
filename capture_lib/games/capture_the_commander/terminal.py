"""Capture the Commander in a terminal: the layouts as the game's text draws them, and what a tie asks.

The layouts already carry their key (``+`` fully uncovered, ``~`` partially covered, ``#`` fully
covered); on a tied battle the terminal says that each side now picks a card next to its card that
fought, and which picks the seat has.
"""

from __future__ import annotations

from typing import Any

from capture_lib.render.text import TerminalView


class CaptureTheCommanderView(TerminalView):
    """The layouts (``render.to_text``), with a tie-break explained in words."""

    slug = "capture-the-commander"

    def legend(self, view: dict[str, Any], paint: Any) -> str:
        """How the layouts read and how an attack is typed."""
        return ("Key: each layout is drawn in its rows, slot:card with + fully uncovered, ~ partially covered, "
                "# fully covered, ? a card nobody has seen, . an empty slot; C is the Commander. Attack with "
                "N4xS5 (your card 4 attacks South's card 5).")

    def advice(self, view: dict[str, Any], moves: list[str]) -> str:
        """On a tie: pick a card next to the one that fought (``pick N5``), with the seat's choices."""
        if not moves or not all(m.startswith("pick ") for m in moves):
            return ""
        return ("Tie: the battle is even, so each side picks a card next to its card that fought (one it lies on, "
                "one lying on it, or its neighbour in the row), in secret; the higher pick wins. Your picks: "
                + ", ".join(moves) + ".")


VIEW = CaptureTheCommanderView()
