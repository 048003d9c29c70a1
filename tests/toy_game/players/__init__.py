"""Trap Race's rule-based player: it steps unless the square ahead may hold the other's trap."""

from __future__ import annotations

from typing import Any

from capture_lib.core.protocol import State


def rule_player(state: State, seat: int) -> Any:
    """Step, unless the roll lands on a square where the other's unshown trap could lie and waiting is safe."""
    seen = state.observation(seat)
    legal = [str(a) for a in state.legal_actions()]
    if "step" not in legal:
        return legal[0]
    ahead = min(seen["track"], seen["pawns"][seat] + (seen["roll"] or 0))
    risky = seen["traps"][1 - seat] is None and 1 < ahead < seen["track"] and ahead not in seen["shown"]
    return "wait" if risky and seen["pawns"][seat] > 1 else "step"


RULE_PLAYER = rule_player
LEVEL_PLAYERS: dict = {}
ANALYSIS_PLAYERS: dict = {}
