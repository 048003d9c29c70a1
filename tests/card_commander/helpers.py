"""Shared helpers for Card Commander's tests: fixed deals, refusal checks and hidden-card searches."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from capture_lib import IllegalAction, load_game
from capture_lib.core import saves
from capture_lib.core.protocol import State

GAME = load_game("card-commander")

# Hands that make lane values easy to read: Blue holds spades, Red holds hearts.
SPADES = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"
HEARTS = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"
CLUBS = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"
DIAMONDS = "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D"


def deal(blue: str, red: str, commanders: tuple[str, str] = ("Karl", "Joanne"), **options: Any) -> State:
    """A game whose Commanders are chosen and whose hands are fixed (ten cards each, notation)."""
    return GAME.setup(commanders, (blue.split(), red.split()), **options)


def play_all(state: State, *actions: str) -> State:
    """Play several actions in a row."""
    for action in actions:
        state = state.play(action)
    return state


def refuse(state: State, action: Any, match: str | None = None) -> IllegalAction:
    """Check that ``action`` is refused with ``IllegalAction`` and that ``state`` is unchanged."""
    before_json, before_key, before_history = saves.dump(state), state._key(), state.history
    before_obs = [json.dumps(state.observation(s), sort_keys=True) for s in (0, 1)]
    with pytest.raises(IllegalAction, match=match) as info:
        state.play(action)
    assert isinstance(info.value, ValueError)
    assert str(info.value)
    assert saves.dump(state) == before_json
    assert state._key() == before_key
    assert state.history == before_history
    assert [json.dumps(state.observation(s), sort_keys=True) for s in (0, 1)] == before_obs
    return info.value


def mentions(text: str, card: str) -> bool:
    """Whether ``card``'s notation (``7D``, ``10H``) occurs in ``text`` as a whole token."""
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(card)}(?![0-9A-Za-z])", text) is not None


def leaked(data: Any, cards: Any) -> list[str]:
    """The cards of ``cards`` whose notation appears anywhere in ``data`` (JSON-encoded if not text)."""
    text = data if isinstance(data, str) else json.dumps(data, sort_keys=True)
    return [str(c) for c in cards if mentions(text, str(c))]


def all_cards(state: State) -> list[str]:
    """Every card that the state holds anywhere, as notation (one entry per physical card)."""
    cards = list(state.deck) + list(state.hands[0]) + list(state.hands[1]) + list(state.discard)
    for placed in state.placed:
        if placed is not None:
            cards += list(placed)
    for extras in state.extras:
        cards += [c for c in extras if c is not None]
    return sorted(str(c) for c in cards)
