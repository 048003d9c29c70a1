"""Capture the Commander's actions and their notation.

Players are named by the first letter of their seat (``N``, ``E``, ``S``, ``W``) and cards in a
layout by slot: 1 to 12, and ``C`` for the Commander's, as the board draws it (``13`` is read as ``C``
too, and the notation written by the engine says ``13``, so every record and save reads the same).

=================  ==========================================================================
notation           meaning
=================  ==========================================================================
``N3xE7``          North's card in slot 3 attacks East's card in slot 7
``N1xSC``          North's card 1 attacks South's Commander (also written ``N1xS13``)
``pick N6``        in a tie-break, North shows the card in slot 6
``draw N AS``      chance: drawing for the first dealer, North draws the ace of spades
``cut 26``         chance: the player at the dealer's right lifts 26 cards to cut
``deal 7H``        chance: the next card dealt is the seven of hearts
=================  ==========================================================================

Cards are numbered 0 to 51 inside the engine (``suit * 13 + rank``, rank 0 is a two and 12 an ace),
the order of ``capture_lib.core.cards.full_deck``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from capture_lib.core.cards import RANKS, SUITS, Card, full_deck
from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import Action

#: The Commander's slot, and how a player writes it (the board draws the Commander as ``C``).
COMMANDER_SLOT = 13
COMMANDER_LETTER = "C"

#: Seat names, clockwise from seat 0, for each number of players.
SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: ("North", "South"),
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
}

#: The notation of each card number.
CARD_NAMES: tuple[str, ...] = tuple(str(c) for c in full_deck())
_CARD_NUMBER = {name: i for i, name in enumerate(CARD_NAMES)}

#: The fewest cards a cut may lift or leave.
MIN_CUT = 4


def rank_of(card: int) -> int:
    """A card number's rank, 0 (two) to 12 (ace): suits do not count."""
    return card % 13


def card_number(text: str) -> int:
    """The number of the card written ``text`` (``AS``, ``10h``, ``T♦``); ``IllegalAction`` if none."""
    number = _CARD_NUMBER.get(text)
    if number is not None:
        return number  # the engine's own spelling: no parsing (the search reads many observations)
    try:
        card = Card.parse(text)
    except ValueError as err:
        raise IllegalAction(str(err), rule="notation") from None
    return SUITS.index(card.suit) * 13 + RANKS.index(card.rank)


@dataclass(frozen=True, slots=True, repr=False)
class Attack(Action):
    """A player's fully uncovered card attacks an opponent's card: seat letters and slots."""

    attacker: str
    attacker_slot: int
    defender: str
    defender_slot: int

    def __str__(self) -> str:
        return f"{self.attacker}{self.attacker_slot}x{self.defender}{self.defender_slot}"


@dataclass(frozen=True, slots=True, repr=False)
class Pick(Action):
    """A tie-break: the player with seat letter ``player`` shows the card in ``slot``."""

    player: str
    slot: int

    def __str__(self) -> str:
        return f"pick {self.player}{self.slot}"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Action):
    """Chance, drawing for the first dealer: ``player`` draws the card numbered ``card``."""

    player: str
    card: int

    def __str__(self) -> str:
        return f"draw {self.player} {CARD_NAMES[self.card]}"


@dataclass(frozen=True, slots=True, repr=False)
class Cut(Action):
    """Chance: the cut lifts ``count`` cards off the shuffled deck."""

    count: int

    def __str__(self) -> str:
        return f"cut {self.count}"


@dataclass(frozen=True, slots=True, repr=False)
class Deal(Action):
    """Chance: the next card dealt is the card numbered ``card`` (its receiver follows from the deal)."""

    card: int

    def __str__(self) -> str:
        return f"deal {CARD_NAMES[self.card]}"


#: One prebuilt action per card, so chance outcome lists are cheap to make.
DEALS: tuple[Deal, ...] = tuple(Deal(c) for c in range(52))
#: Every draw for the first dealer, prebuilt: (seat letter, card) -> action.
DRAWS: dict[tuple[str, int], Draw] = {(x, c): Draw(x, c) for x in "NESW" for c in range(52)}
#: Every attack between two different seats, prebuilt: (attacker, slot, defender, slot) -> action.
ATTACKS: dict[tuple[str, int, str, int], Attack] = {
    (a, x, d, y): Attack(a, x, d, y) for a in "NESW" for d in "NESW" if a != d
    for x in range(1, 14) for y in range(1, 14)}

# [0-9], not \d: \d takes any script's digits, which are not notation. The text is read lower-cased.
_ATTACK = re.compile(r"^([a-z])([0-9]{1,2}|c)x([a-z])([0-9]{1,2}|c)$")
_SEAT_SLOT = re.compile(r"^([a-z])([0-9]{1,2}|c)$")


def slot_name(slot: int) -> str:
    """A slot as the board draws it and a player types it: ``1`` to ``12``, and ``C`` for the Commander's."""
    return COMMANDER_LETTER if slot == COMMANDER_SLOT else str(slot)


def card_words(name: str, slot: int) -> str:
    """``name``'s card in ``slot`` in a sentence: ``North's card 5``, or ``North's Commander (C)``."""
    if slot == COMMANDER_SLOT:
        return f"{name}'s Commander ({COMMANDER_LETTER})"
    return f"{name}'s card {slot}"


def _slot(text: str) -> int:
    if text == COMMANDER_LETTER.lower():
        return COMMANDER_SLOT
    slot = int(text)
    if not 1 <= slot <= COMMANDER_SLOT:
        raise IllegalAction(f"no slot {slot}: the slots are 1 to 12 and C, the Commander (which 13 names too)",
                            rule="notation")
    return slot


def parse_action(text: str) -> Action:
    """Read an action from its notation (see the table in this module's docstring).

    Seat letters are read in capitals; whether the letter names a player at this table is for the
    state to check.
    """
    if not isinstance(text, str):
        raise IllegalAction("notation must be text", rule="notation")
    words = text.split()
    if not words:
        raise IllegalAction("empty notation", rule="notation")
    verb = words[0].lower()
    if verb == "pick" and len(words) == 2:
        m = _SEAT_SLOT.match(words[1].lower())
        if m:
            return Pick(m.group(1).upper(), _slot(m.group(2)))
        raise IllegalAction(f"cannot read {text!r}: write pick, a seat letter and a slot (pick N6, pick NC)",
                            rule="notation")
    if verb == "draw" and len(words) == 3 and len(words[1]) == 1 and words[1].isalpha():
        return Draw(words[1].upper(), card_number(words[2]))
    if verb == "cut" and len(words) == 2 and words[1].isascii() and words[1].isdigit() and len(words[1]) <= 2:
        return Cut(int(words[1]))
    if verb == "deal" and len(words) == 2:
        return Deal(card_number(words[1]))
    m = _ATTACK.match("".join(words).lower())
    if m:
        return Attack(m.group(1).upper(), _slot(m.group(2)), m.group(3).upper(), _slot(m.group(4)))
    raise IllegalAction(
        f"cannot read {text!r}: expected an attack like N3xE7 or N1xSC, pick N6, draw N AS, cut 26 or deal 7H",
        rule="notation")
