"""A rule-based Card Commander player: simple and sensible, reading only its own observation."""

from __future__ import annotations

from typing import Any

from capture_lib.core.protocol import State
from capture_lib.search.simple import observation_rng

#: Karl and Joanne swing a whole suit by two; Jackson's one point on every card is the gentler bonus.
PREFERENCE = ("Karl", "Joanne", "Jackson")


def card_commander_player(state: State, seat: int) -> str:
    """Pick a Commander, place the two strongest cards and the weakest, add a useful extra card."""
    obs: dict[str, Any] = state.observation(seat)
    legal = {str(a) for a in state.legal_actions()}
    if obs["phase"] == "commander":
        return next(f"commander {n}" for n in PREFERENCE if f"commander {n}" in legal)
    ranked = sorted(zip(obs["hand_values"][seat], obs["hands"][seat], strict=True))
    hand = [card for _, card in ranked]
    if obs["phase"] == "place":
        # Two lanes win a round, and two rounds win the game: send the two strongest cards to win
        # two lanes and sacrifice the weakest in the third, in lanes the opponent cannot predict.
        # (Measured against spreading the hand evenly and against the three strongest cards:
        # bench/bench_card_commander.py.)
        trio = [hand[-1], hand[-2], hand[0]]
        observation_rng(state, seat, "lanes").shuffle(trio)
        return "place " + " ".join(trio)
    if obs["phase"] == "tie":
        if f"extra {hand[0]}" in legal and ranked[0][0] > 0:
            return f"extra {hand[0]}"
        return "pass"
    return sorted(legal)[0]
