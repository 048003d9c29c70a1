"""A rule-based Card Commander player: simple and sensible, reading only its own observation."""

from __future__ import annotations

from typing import Any

from capture_lib.core.protocol import State

#: Karl and Joanne swing a whole suit by two; Jackson's one point on every card is the gentler bonus.
PREFERENCE = ("Karl", "Joanne", "Jackson")


def card_commander_player(state: State, seat: int) -> str:
    """Pick a Commander, place strong/middle/weak cards in rotating lanes, add a useful extra card."""
    obs: dict[str, Any] = state.observation(seat)
    legal = {str(a) for a in state.legal_actions()}
    if obs["phase"] == "commander":
        return next(f"commander {n}" for n in PREFERENCE if f"commander {n}" in legal)
    ranked = sorted(zip(obs["hand_values"][seat], obs["hands"][seat], strict=True))
    hand = [card for _, card in ranked]
    if obs["phase"] == "place":
        # Spend the hand evenly over the rounds left: one strong card, one middle card, and the
        # weakest as a sacrifice, in a lane that moves each round so the opponent cannot count on it.
        strong, middle, weak = hand[-1], hand[len(hand) // 2], hand[0]
        order = [(strong, middle, weak), (weak, strong, middle), (middle, weak, strong)][(obs["round"] - 1) % 3]
        return "place " + " ".join(order)
    if obs["phase"] == "tie":
        if f"extra {hand[0]}" in legal and ranked[0][0] > 0:
            return f"extra {hand[0]}"
        return "pass"
    return sorted(legal)[0]
