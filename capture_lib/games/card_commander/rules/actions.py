"""Card Commander's actions and their notation.

=====================  ===============================================
notation               meaning
=====================  ===============================================
``commander Karl``     choose a Commander (Karl, Joanne or Jackson)
``deal 7D``            chance: the next card dealt is the seven of diamonds
``place 7D 3S 10H``    place cards in the left, middle and right lanes
``extra 5H``           add the extra card to the tied lane
``pass``               do not add the extra card
``coin Red``           chance: the coin gives the tied lane to Red
=====================  ===============================================
"""

from __future__ import annotations

from dataclasses import dataclass

from capture_lib.core.cards import Card
from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import Action

COMMANDERS = ("Karl", "Joanne", "Jackson")
SEAT_NAMES = ("Blue", "Red")
LANES = ("left", "middle", "right")


@dataclass(frozen=True, eq=False)
class ChooseCommander(Action):
    """Choose one of the three Commanders."""

    name: str

    def __str__(self) -> str:
        return f"commander {self.name}"


@dataclass(frozen=True, eq=False)
class Deal(Action):
    """Chance: the next card off the shuffled deck (dealt alternately, Blue first)."""

    card: Card

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, eq=False)
class Place(Action):
    """Place three cards face down: left, middle and right lane."""

    cards: tuple[Card, Card, Card]

    def __str__(self) -> str:
        return "place " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, eq=False)
class Extra(Action):
    """Add the one extra card to the tied lane being settled."""

    card: Card

    def __str__(self) -> str:
        return f"extra {self.card}"


@dataclass(frozen=True, eq=False)
class Pass(Action):
    """Decline to add the extra card to the tied lane."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, eq=False)
class Coin(Action):
    """Chance: the coin flip gives the tied lane to ``seat``."""

    seat: int

    def __str__(self) -> str:
        return f"coin {SEAT_NAMES[self.seat]}"


def _card(text: str) -> Card:
    try:
        return Card.parse(text)
    except ValueError as err:
        raise IllegalAction(str(err), rule="notation") from None


def parse_action(text: str) -> Action:
    """Read an action from its notation (see the table in this module's docstring)."""
    if not isinstance(text, str):
        raise IllegalAction("notation must be text", rule="notation")
    words = text.split()
    if not words:
        raise IllegalAction("empty notation", rule="notation")
    verb, args = words[0].lower(), words[1:]
    if verb == "commander" and len(args) == 1:
        for name in COMMANDERS:
            if args[0].lower() == name.lower():
                return ChooseCommander(name)
        raise IllegalAction(f"no Commander called {args[0]!r}; choose {', '.join(COMMANDERS)}",
                            rule="notation")
    if verb == "deal" and len(args) == 1:
        return Deal(_card(args[0]))
    if verb == "place":
        if len(args) != 3:
            raise IllegalAction("place needs three cards: left, middle and right lane (place 7D 3S 10H)",
                                rule="notation")
        left, middle, right = (_card(a) for a in args)
        return Place((left, middle, right))
    if verb == "extra" and len(args) == 1:
        return Extra(_card(args[0]))
    if verb == "pass" and not args:
        return Pass()
    if verb == "coin" and len(args) == 1:
        for seat, name in enumerate(SEAT_NAMES):
            if args[0].lower() == name.lower():
                return Coin(seat)
        raise IllegalAction(f"the coin names a player: {' or '.join(SEAT_NAMES)}", rule="notation")
    raise IllegalAction(
        f"cannot read {text!r}: expected commander NAME, place C C C, extra C, pass, deal C or coin PLAYER",
        rule="notation")
