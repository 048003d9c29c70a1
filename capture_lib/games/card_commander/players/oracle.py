"""What Card Commander's ``oracle`` ceiling player knows (``capture_lib.search.oracle``): the opponent's hand.

It knows which cards the opponent holds (every card dealt), but not which three of them lie face down
in the lanes this round, nor a secret tie decision: those are drawn again. So it is a perfect card
counter with perfect reads of the hand, short only of seeing a move that is simultaneous in effect.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from capture_lib.games.card_commander.rules.actions import Extra, Pass
from capture_lib.games.card_commander.rules.state import sort_key


def oracle_world(state: Any, seat: int) -> Callable[[random.Random], Any] | None:
    """The oracle's determinizations of ``state`` for ``seat`` (``None`` while Commanders are chosen: the
    true state is searched then, with nothing hidden yet)."""
    if state.phase == "commander":
        return None
    other = 1 - seat
    observation = state.observation(seat)
    hidden_placed = state.placed[other] is not None and state.placed[seat] is None
    held = tuple(state.hands[other]) + (tuple(state.placed[other]) if hidden_placed else ())

    def world(rng: random.Random) -> Any:
        sample = state.game.sample_state(observation, seat, rng)
        unseen = set(sample.deck) | set(sample.hands[other]) | (set(sample.placed[other]) if hidden_placed else set())
        cards = list(held)
        rng.shuffle(cards)
        placed = list(sample.placed)
        if hidden_placed:
            placed[other] = tuple(cards[:3])
            cards = cards[3:]
        hands = list(sample.hands)
        hands[other] = tuple(sorted(cards, key=sort_key))
        sample.hands, sample.placed = (hands[0], hands[1]), (placed[0], placed[1])
        sample.deck = tuple(sorted(unseen - set(held), key=sort_key))
        if isinstance(sample.decisions[other], Extra):
            # The opponent's secret choice stays unknown: keep its kind, take the card from its true hand.
            decisions = list(sample.decisions)
            decisions[other] = Extra(rng.choice(hands[other])) if hands[other] else Pass()
            sample.decisions = (decisions[0], decisions[1])
        return sample

    return world
