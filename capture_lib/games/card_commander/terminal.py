"""Card Commander in a terminal: the table in text, and what a tie allows.

On a tied lane the terminal says which lane is tied, at what value, and what the seat may do: add its
one extra card (``extra 7H``) or ``pass``, or only ``pass`` and why; the coin settles what stays tied.
The words about the rules (a Commander's bonus, whether a tie can still change the round, the lanes shown
after a round) are the board's own, from the game's scene module.
"""

from __future__ import annotations

from typing import Any

from capture_lib.core.cards import Card
from capture_lib.games.card_commander.rules.state import CARDS_PER_ROUND
from capture_lib.games.card_commander.scene import bonus_words, shown_lanes, tie_cannot_matter
from capture_lib.render.paint import Paint
from capture_lib.render.text import Focus, TerminalView


def _pretty(label: str | None) -> str:
    """A card as the table shows it (``4S`` -> ``4♠``; ``--`` for none, ``??`` face down)."""
    if label is None:
        return "--"
    return "??" if label == "?" else Card.parse(label).pretty


def to_text(view: dict[str, Any]) -> str:
    """The table as plain text, from what the seat may see: each side's Commander, score and hand (or how many
    cards it holds), then the lanes (this round's, or the last round's result once the lanes are cleared)."""
    lines = []
    names = view["players"]
    for seat in (1, 0):
        commander = view["commanders"][seat]
        head = f"{names[seat]}: {commander} ({bonus_words(commander)})" if commander else f"{names[seat]}: -"
        lines.append(f"{head}   rounds won: {view['score'][seat]}")
        hand = view["hands"][seat]
        if hand is not None:
            values = view["hand_values"][seat]
            lines.append("  hand: " + "  ".join(f"{_pretty(c)}={v}" for c, v in zip(hand, values, strict=True)))
        else:
            count = view["hand_sizes"][seat]
            lines.append(f"  hand: {count} card{'' if count == 1 else 's'}, face down")
    number, lanes, record = shown_lanes(view)
    label = (f"round {number} result: {names[record['winner']]} wins the round" if record is not None
             else f"round {number}")
    lines.append(f"-- {label} --")
    for entry in lanes:
        cells = []
        for seat in (0, 1):
            card = _pretty(entry["cards"][seat])
            extra = f"+{_pretty(entry['extras'][seat])}" if entry["extras"][seat] else ""
            value = entry["values"][seat]
            cells.append(f"{names[seat]} {card}{extra}" + (f" ({value})" if value is not None else ""))
        result = ""
        if entry["winner"] is not None:
            result = f" -> {names[entry['winner']]} ({entry['how']})"
        lines.append(f"  {entry['name']:>6}: {cells[0]:<18} vs {cells[1]:<18}{result}")
    return "\n".join(lines)


class CardCommanderView(TerminalView):
    """The table (``to_text``), with the tie explained in words."""

    slug = "card-commander"

    def board(self, view: dict[str, Any], paint: Paint, focus: Focus | None = None) -> str:
        """The table the seat sees (``to_text``)."""
        return to_text(view)

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
        decided = tie_cannot_matter(view)
        if decided is not None:
            # The round is already decided: say so, so nobody spends the one extra card for nothing.
            who = "you have" if decided == seat else f"{names[decided]} has"
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
