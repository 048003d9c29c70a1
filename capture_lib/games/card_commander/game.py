"""The Card Commander game: options, rulings and how a game starts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from capture_lib.core.cards import Card
from capture_lib.core.protocol import Game

from .actions import COMMANDERS, SEAT_NAMES
from .rulings import OPTIONS, RULINGS
from .state import HAND_SIZE, CardCommanderState


class CardCommanderGame(Game):
    """Card Commander: two players, three lanes, three rounds, Commander bonuses; win two rounds."""

    slug = "card-commander"
    title = "Card Commander"
    min_players = 2
    max_players = 2
    seat_names = SEAT_NAMES
    commanders = COMMANDERS
    options = OPTIONS
    rulings = RULINGS

    def _initial_state(self, seed: int, options: dict[str, Any]) -> CardCommanderState:
        return CardCommanderState.initial(self, seed, options)

    def setup(self, commanders: tuple[str, str], hands: tuple[Iterable[str], Iterable[str]],
              seed: int = 0, **options: Any) -> CardCommanderState:
        """A game whose Commanders are chosen and whose deal is fixed: the start of a book example.

        ``hands`` are the ten cards each (notation); the deal is played card by card through the
        rules, Blue first, so the result is an ordinary state with an ordinary history.
        """
        blue, red = ([Card.parse(c) if isinstance(c, str) else c for c in h] for h in hands)
        if len(blue) != HAND_SIZE or len(red) != HAND_SIZE:
            raise ValueError(f"each hand has {HAND_SIZE} cards (got {len(blue)} and {len(red)})")
        state = self.new_game(seed=seed, **options)
        state = state.play(f"commander {commanders[0]}").play(f"commander {commanders[1]}")
        for b, r in zip(blue, red, strict=True):
            state = state.play(f"deal {b}").play(f"deal {r}")
        return state
