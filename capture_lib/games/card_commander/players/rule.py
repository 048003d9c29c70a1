"""A rule-based Card Commander player: simple and sensible, reading only its own observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from capture_lib.core.protocol import State
from capture_lib.search.simple import observation_rng

#: Karl and Joanne swing a whole suit by two; Jackson's one point on every card is the gentler bonus.
PREFERENCE = ("Karl", "Joanne", "Jackson")


def tie_matters(winners: Sequence[int | None], values: Sequence[Sequence[int | None]], tie_lane: int) -> bool:
    """Whether the tied lane ``tie_lane`` can still change who wins the round.

    ``winners[lane]`` is the seat that won a decided lane (``None`` if undecided) and ``values[lane]`` the
    two seats' values in it (known once both placements are shown). The round goes to whoever wins two
    lanes: when the other two lanes go to the same seat, whatever happens in the tied one changes nothing,
    and the once-a-game extra card would be thrown away on it.
    """
    others = []
    for lane in range(3):
        if lane == tie_lane:
            continue
        winner = winners[lane]
        if winner is None:
            blue, red = values[lane]
            if blue is None or red is None or blue == red:
                return True  # another tie, still open: this lane may decide the round
            winner = 0 if blue > red else 1
        others.append(winner)
    return others[0] != others[1]


def observed_tie_matters(obs: dict[str, Any]) -> bool:
    """``tie_matters`` for the tie shown in an observation (``False`` when no lane is tied)."""
    lane = obs["tie_lane"]
    if lane is None:
        return False
    return tie_matters([entry["winner"] for entry in obs["lanes"]], [entry["values"] for entry in obs["lanes"]], lane)


def card_commander_player(state: State, seat: int) -> str:
    """Pick a Commander, place the two strongest cards and the weakest, add a useful extra card (only to a
    tied lane that can change the round)."""
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
        # The extra card is once a game: spend it only where the tied lane can change the round.
        if f"extra {hand[0]}" in legal and ranked[0][0] > 0 and observed_tie_matters(obs):
            return f"extra {hand[0]}"
        return "pass"
    return sorted(legal)[0]
