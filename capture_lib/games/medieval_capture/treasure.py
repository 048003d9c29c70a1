"""The 18 Treasure Cards.

The rulebook names five cards (CAPTURE!, CATAPULT!, AMBUSH!, RANSOM and RECRUIT) and says there are
one AMBUSH! and two RECRUIT cards in a deck of eighteen; the counts of the others and three further
cards (MARCH, HORSES, REROLL) are this project's design, recorded in the ``treasure-deck`` ruling.
Every card acts only on the turn it is played, as the rulebook asks of all of them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TreasureCard:
    """One kind of Treasure Card: its code, the name printed on it, how many are in the deck, what it does."""

    code: str
    name: str
    count: int
    effect: str
    #: whether playing it names a piece (RANSOM: the prisoner freed; RECRUIT: the piece brought in)
    names_piece: bool = False


CARDS: tuple[TreasureCard, ...] = (
    TreasureCard("capture", "CAPTURE!", 3,
                 "This turn one of your pieces may capture an enemy piece in enemy territory, exactly as "
                 "it could at home (your Knight may kill with it)."),
    TreasureCard("catapult", "CATAPULT!", 3,
                 "One extra catapult shot this turn, whatever the white die shows."),
    TreasureCard("ambush", "AMBUSH!", 1,
                 "This turn one of your pieces may kill an enemy piece in enemy territory by moving onto it, "
                 "as your Knight does at home."),
    TreasureCard("ransom", "RANSOM", 2,
                 "Free one of your pieces from the enemy dungeon at once: it goes to the Cathedral and may "
                 "move from your next turn.", names_piece=True),
    TreasureCard("recruit", "RECRUIT", 2,
                 "Bring one piece from your reserves into the Cathedral; it may move from your next turn.",
                 names_piece=True),
    TreasureCard("march", "MARCH", 3,
                 "Forced march: this turn you may move four different pieces instead of three."),
    TreasureCard("horses", "HORSES", 2,
                 "Swift horses: this turn every piece you move may use the higher of the two dice."),
    TreasureCard("reroll", "REROLL", 2,
                 "After seeing this turn's roll, and before moving or shooting, you may roll both dice again "
                 "once; the second roll stands."),
)

#: card codes in deck order; states keep the deck as a count per code in this order
CODES: tuple[str, ...] = tuple(c.code for c in CARDS)
BY_CODE: dict[str, TreasureCard] = {c.code: c for c in CARDS}
DECK_SIZE = sum(c.count for c in CARDS)
FULL_DECK: tuple[int, ...] = tuple(c.count for c in CARDS)


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


def deck_for(catapult_rolls: str) -> tuple[int, ...]:
    """The counts of each card in a fresh deck: the CATAPULT! cards leave when catapults are off."""
    return tuple(0 if (c.code == "catapult" and catapult_rolls == "off") else c.count for c in CARDS)
