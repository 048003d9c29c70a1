"""Shared helpers for the Capture: A Medieval Wargame tests: positions in a few words, refusal checks."""

from __future__ import annotations

import json
from typing import Any

import pytest

from capture_lib import IllegalAction, load_game
from capture_lib.core.protocol import State

GAME = load_game("medieval-capture")

#: Two small armies, well apart: Blue's Knight is B3, Red's is R3.
BLUE = "B1=b10 B2=b20 B3*=b30 B4=b39 B5=b41 B6=b24 B7=b13"
RED = "R1=r10 R2=r20 R3*=r30 R4=r39 R5=r41 R6=r24 R7=r13"


def pos(blue: str = BLUE, red: str = RED, turn: str = "blue", dice: tuple[int, int] | None = None,
        extra: str = "", options: dict[str, Any] | None = None, **fields: str) -> State:
    """A position from a few fields; ``dice`` puts it in the move phase with that roll made."""
    lines = [f"turn: {turn}", f"blue: {blue}", f"red: {red}"]
    if dice is not None:
        lines += ["phase: move", f"dice: {dice[0]} {dice[1]}"]
    lines += [f"{key.replace('_', ' ') if key.endswith(('_crowns', '_hand')) else key}: {value}"
              for key, value in fields.items()]
    if extra:
        lines.append(extra)
    return GAME.from_position("\n".join(lines) + "\n", **(options or {}))


def play_all(state: State, *actions: str) -> State:
    """Play several actions in a row."""
    for action in actions:
        state = state.play(action)
    return state


def refuse(state: State, action: Any, match: str | None = None) -> IllegalAction:
    """Check that ``action`` is refused with ``IllegalAction`` naming the rule, and the state is unchanged."""
    before = (state._key(), state.history, json.dumps(state.observation(0), sort_keys=True))
    with pytest.raises(IllegalAction, match=match) as info:
        state.play(action)
    assert (state._key(), state.history, json.dumps(state.observation(0), sort_keys=True)) == before
    assert info.value.rule
    return info.value


def where(state: State, piece: str) -> str:
    """Where a piece is, as the teaching view says (a space, reserve, dead or prisoner)."""
    view = state.view(None, everything=True)
    return next(p["where"] for p in view["pieces"] if p["id"] == piece)


def moves(state: State) -> set[str]:
    """The notation of every legal action."""
    return {str(a) for a in state.legal_actions()}
