"""The 18 Treasure Cards.

The rulebook names five cards and gives three counts: one AMBUSH!, two RECRUIT, and RANSOM spoken of
as a single card. The default deck (``text``) holds only those five kinds, with CAPTURE! and
CATAPULT!, whose counts the text leaves open, sharing the other fourteen places equally (the
``treasure-deck`` ruling). The ``extended`` deck, an option, mixes in three cards of this project's
design (MARCH, HORSES, REROLL); two of them bend a rule of the text for the turn they are played,
which their effect and the option's help say. Every card acts only on the turn it is played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TreasureCard:
    """One kind of Treasure Card: its code, printed name, copies in each deck, and what it does."""

    code: str
    name: str
    #: copies in the text's deck (the default) and in the extended deck
    count: int
    extended: int
    effect: str
    #: whether playing it names a piece (RANSOM: the prisoner freed; RECRUIT: the piece brought in)
    names_piece: bool = False
    #: the rule of the text the card sets aside for its turn, if any (extended deck only)
    bends: str = ""


CARDS: tuple[TreasureCard, ...] = (
    TreasureCard("capture", "CAPTURE!", 7, 3,
                 "This turn one of your pieces may capture an enemy piece in enemy territory, exactly as "
                 "it could at home (your Knight may kill with it)."),
    TreasureCard("catapult", "CATAPULT!", 7, 3,
                 "One extra catapult shot this turn, whatever the white die shows."),
    TreasureCard("ambush", "AMBUSH!", 1, 1,
                 "This turn one of your pieces may kill an enemy piece in enemy territory by moving onto it, "
                 "as your Knight does at home."),
    TreasureCard("ransom", "RANSOM", 1, 1,
                 "Free one of your pieces from the enemy dungeon at once: it goes to the Cathedral and may "
                 "move from your next turn.", names_piece=True),
    TreasureCard("recruit", "RECRUIT", 2, 2,
                 "Bring one piece from your reserves into the Cathedral; it may move from your next turn.",
                 names_piece=True),
    TreasureCard("march", "MARCH", 0, 3,
                 "Forced march: this turn you may move four different pieces instead of three.",
                 bends="three pieces a turn"),
    TreasureCard("horses", "HORSES", 0, 3,
                 "Swift horses: this turn every piece you move may use the higher of the two dice.",
                 bends="the white die moves the pieces at home"),
    TreasureCard("reroll", "REROLL", 0, 2,
                 "After seeing this turn's roll, and before moving or shooting, you may roll both dice again "
                 "once; the second roll stands."),
)

#: card codes in deck order; states keep the deck as a count per code in this order
CODES: tuple[str, ...] = tuple(c.code for c in CARDS)
BY_CODE: dict[str, TreasureCard] = {c.code: c for c in CARDS}
#: the two decks the ``treasure_deck`` option chooses between, as a count per code
DECKS: dict[str, tuple[int, ...]] = {
    "text": tuple(c.count for c in CARDS),
    "extended": tuple(c.extended for c in CARDS),
}
DECK_SIZE = 18
assert all(sum(counts) == DECK_SIZE for counts in DECKS.values())


def card_name(code: str) -> str:
    """The printed name of a card code: ``capture`` -> ``CAPTURE!``."""
    return BY_CODE[code].name


def parse_card(text: str) -> str:
    """The code of a card from its name, in any case, with or without ``!``; ``ValueError`` if none."""
    key = text.strip().rstrip("!").lower()
    if key in BY_CODE:
        return key
    names = ", ".join(c.name for c in CARDS)
    raise ValueError(f"no Treasure Card called {text!r}; the cards are {names}")


def deck_for(options: Mapping[str, Any]) -> tuple[int, ...]:
    """The counts of each card in a fresh deck for a game's options: the ``treasure_deck`` chosen, less
    the CATAPULT! cards when catapults are off."""
    counts = DECKS[options.get("treasure_deck", "text")]
    off = options.get("catapult_rolls") == "off"
    return tuple(0 if (off and c.code == "catapult") else n for c, n in zip(CARDS, counts, strict=True))


def in_deck(options: Mapping[str, Any]) -> tuple[TreasureCard, ...]:
    """The kinds of card a game with these options can draw."""
    return tuple(c for c, n in zip(CARDS, deck_for(options), strict=True) if n)
