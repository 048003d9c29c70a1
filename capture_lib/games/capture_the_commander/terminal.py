"""Capture the Commander in a terminal: the layouts as text, and what a tie asks.

Each layout is printed in its rows, a card as ``slot:value`` with its coverage mark (``+`` fully uncovered,
``~`` partially covered, ``#`` fully covered); on a tied battle the terminal says that each side now picks a
card next to its card that fought, and which picks the seat has. The words of the battles are the board's
(``scene.battle_words``), so the terminal and the board tell a battle alike.
"""

from __future__ import annotations

from typing import Any

from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.games.capture_the_commander.scene import Names, battle_words, plural, status_lines, tag, tie_words
from capture_lib.render.text import TerminalView

_MARKS = {"uncovered": "+", "partial": "~", "full": "#"}
#: Where each slot is printed in the text layout: (line, column).
_TEXT_AT = {1: (0, 0), 2: (0, 8), 3: (0, 16), 4: (0, 24), 5: (1, 4), 6: (1, 12), 7: (1, 20), 8: (2, 4),
            9: (2, 12), 10: (2, 20), 11: (3, 8), 12: (3, 16), 13: (4, 12)}


def to_text(view: dict[str, Any]) -> str:
    """The table as plain text: the status, each layout in its rows, the battle going on or the last one,
    the cards beaten out of the game and the key.

    A card shows as ``slot:value`` with its coverage mark; ``?`` is a value nobody has seen, ``.`` an empty
    slot, ``C`` the Commander's slot (13).
    """
    names = Names(view)
    lines = list(status_lines(view))
    for seat, entry in enumerate(view["layouts"]):
        head = entry["name"] + (" (you)" if seat == names.seat else "")
        if view.get("dealer") == seat and view["phase"] != "draw":
            head += " (dealer)"
        head += ": out" if entry["out"] else f": {plural(entry['cards_left'], 'card', 'cards')}"
        lines.append(head)
        if entry["out"]:
            continue
        grid = [[" "] * 34 for _ in range(len(lay.ROWS))]
        for card in entry["cards"]:
            slot = card["slot"]
            if card["present"]:
                cell = f"{tag(slot)}:{card['known'] or card.get('card') or '?'}{_MARKS[card['coverage']]}"
            else:
                cell = f"{tag(slot)}:."
            row, col = _TEXT_AT[slot]
            grid[row][col:col + len(cell)] = list(cell)
        lines.extend("  " + "".join(r).rstrip() for r in grid)
    if view.get("battle"):
        lines.append("Tie-break: " + "; ".join(tie_words(view["battle"], names)) + ".")
    elif view["battles"]:
        lines.append("Last battle: " + battle_words(view["battles"][-1], names))
    if view["beaten"]:
        lines.append("beaten: " + " ".join(view["beaten"]))
    lines.append("marks: + fully uncovered, ~ partially covered, # fully covered; ? unseen; C the Commander (13)")
    return "\n".join(lines)


class CaptureTheCommanderView(TerminalView):
    """The layouts as text (``to_text``), with a tie-break explained in words."""

    slug = "capture-the-commander"

    def board(self, view: dict[str, Any], paint: Any, focus: Any = None) -> str:
        """The table as the seat sees it (``to_text``)."""
        return to_text(view)

    def legend(self, view: dict[str, Any], paint: Any) -> str:
        """How the layouts read and how an attack is typed."""
        return ("Key: each layout is drawn in its rows, slot:card with + fully uncovered, ~ partially covered, "
                "# fully covered, ? a card nobody has seen, . an empty slot; C is the Commander (slot 13). "
                "Attack with N4xS5 (your card 4 attacks South's card 5).")

    def advice(self, view: dict[str, Any], moves: list[str]) -> str:
        """On a tie: pick a card next to the one that fought (``pick N5``), with the seat's choices."""
        if not moves or not all(m.startswith("pick ") for m in moves):
            return ""
        return ("Tie: the battle is even, so each side picks a card next to its card that fought (one it lies on, "
                "one lying on it, or its neighbour in the row), in secret; the higher pick wins. Your picks: "
                + ", ".join(moves) + ".")


VIEW = CaptureTheCommanderView()
