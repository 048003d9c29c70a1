"""Playing cards from a standard 52-card deck, shared by the two card games.

Notation: rank then suit, ``A`` ``K`` ``Q`` ``J`` ``10``..``2`` and ``S`` ``H`` ``D`` ``C``
(``T`` for ten and the suit symbols are accepted too): ``10D``, ``QS``, ``7♥``.
"""

from __future__ import annotations

from dataclasses import dataclass

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset({"H", "D"})
_FROM_SYMBOL = {v: k for k, v in SUIT_SYMBOLS.items()}


@dataclass(frozen=True, order=False)
class Card:
    """One card: ``rank`` is one of ``RANKS``, ``suit`` one of ``SUITS``."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise ValueError(f"no card rank {self.rank!r}; ranks are {' '.join(RANKS)}")
        if self.suit not in SUITS:
            raise ValueError(f"no card suit {self.suit!r}; suits are {' '.join(SUITS)}")

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, for people: ``10♦``."""
        return self.rank + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self.suit in RED_SUITS

    @property
    def order(self) -> int:
        """The rank's place from 0 (two) to 12 (ace): Ace high."""
        return RANKS.index(self.rank)

    @property
    def pips(self) -> int:
        """The number value: 2 to 10, an Ace counts 1 (face cards have none)."""
        if self.rank == "A":
            return 1
        if self.rank in ("J", "Q", "K"):
            raise ValueError(f"{self} is a face card and has no number value")
        return int(self.rank)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card's notation (``10D``, ``TD``, ``10♦``, ``qs``); ``ValueError`` if it is not one."""
        t = text.strip().upper()
        if len(t) < 2:
            raise ValueError(f"{text!r} is not a card (write rank then suit, like 10D or QS)")
        rank, suit = t[:-1], t[-1]
        suit = _FROM_SYMBOL.get(text.strip()[-1], suit)
        if rank == "T":
            rank = "10"
        if rank not in RANKS or suit not in SUITS:
            raise ValueError(f"{text!r} is not a card (write rank then suit, like 10D or QS)")
        return cls(rank, suit)


def pretty_card(label: str) -> str:
    """A card's notation with its suit symbol (``10D`` -> ``10♦``); any other text unchanged (``?``)."""
    if len(label) >= 2 and label[-1] in SUIT_SYMBOLS:
        return label[:-1] + SUIT_SYMBOLS[label[-1]]
    return label


def is_red_card(label: str) -> bool:
    """Whether a card's notation (``10D``, ``QH``) names a red suit."""
    return label[-1:] in RED_SUITS


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order (suit by suit, two to ace)."""
    return tuple(Card(r, s) for s in SUITS for r in RANKS)
