"""Card Commander in a terminal: the table as the game's text draws it, and what a tie allows.

On a tied lane the terminal says which lane is tied, at what value, and what the seat may do: add its
one extra card (``extra 7H``) or ``pass``, or only ``pass`` and why; the coin settles what stays tied.
"""

from __future__ import annotations

from typing import Any

from capture_lib.core.cards import Card
from capture_lib.render.text import TerminalView


def _pretty(label: str) -> str:
    """A card as the table shows it (``4S`` -> ``4♠``)."""
    return Card.parse(label).pretty


#: Cards each player keeps for each round still to come (the extra card may not eat into them).
CARDS_PER_ROUND = 3


class CardCommanderView(TerminalView):
    """The table (``render.to_text``), with the tie explained in words."""

    slug = "card-commander"

    def legend(self, view: dict[str, Any], paint: Any) -> str:
        """How the table reads."""
        return ("Key: each card is its number and suit (10♥); in your hand =N is what it is worth with your "
                "Commander; a lane shows each card's worth in brackets and who won it.")

    def advice(self, view: dict[str, Any], moves: list[str]) -> str:
        """On a tie: the tied lane, its value, and the seat's choices (``extra CARD`` or ``pass``)."""
        if view.get("phase") != "tie" or view.get("tie_lane") is None:
            return ""
        seat = view["seat"]
        other = 1 - seat
        names = view["players"]
        lane = view["lanes"][view["tie_lane"]]
        value = lane["values"][seat]
        text = (f"Tie: the {lane['name']} lane is tied, your {_pretty(lane['cards'][seat])} and {names[other]}'s "
                f"{_pretty(lane['cards'][other])} both worth {value}. ")
        others = [e["winner"] for k, e in enumerate(view["lanes"]) if k != view["tie_lane"]]
        if others[0] is not None and others[0] == others[1]:
            # The round is already decided: say so, so nobody spends the one extra card for nothing.
            who = "you have" if others[0] == seat else f"{names[others[0]]} has"
            text += (f"{who.capitalize()} already won the other two lanes, so this lane cannot change who wins "
                     "the round. ")
        extras = [m for m in moves if m.startswith("extra ")]
        if extras:
            bonus = ("with your Commander bonus" if view["options"].get("extra_card_bonus", True)
                     else "its number only, no bonus")
            text += (f"You may add one extra card from your hand to your {lane['name']} card ({bonus}; once per "
                     f"game), as in '{extras[0]}', or 'pass'. ")
        elif view["extra_used"][seat]:
            text += "You have already used your extra card this game, so type 'pass'. "
        else:
            text += (f"You may not add a card now: your hand must keep {CARDS_PER_ROUND} cards for each round "
                     "still to come, so type 'pass'. ")
        text += (f"{names[other]} decides too, in secret; both choices are shown together. If the lane is still "
                 "tied, or nobody adds a card, a coin flip decides it.")
        return text


VIEW = CardCommanderView()
