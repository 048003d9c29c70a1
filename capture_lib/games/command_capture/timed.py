"""Timed Mode: the game clock, the turn timer, forfeited turns and the end on points.

The engine never reads a real clock. The caller reports the time a player spent with the action
``wait SECONDS``; both clocks run down by that much (in milliseconds, so results are exact).
When the turn timer reaches zero the turn is forfeited and the opponent's next turn holds two main
actions. When the game clock reaches zero the higher score wins; on a tie the game goes on in sudden
death (the turn timer still runs) until the scores differ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import CommandCaptureState


def why_wait_illegal(state: CommandCaptureState, ms: int) -> str | None:
    """``None`` if ``wait`` of ``ms`` milliseconds may be played now, else the reason."""
    if not state.timed:
        return "time passes only in Timed Mode (option timed=True)"
    if state.phase != "play":
        return "the clocks start once the set-up is over"
    if ms <= 0:
        return "wait needs a positive number of seconds"
    return None


def advance(state: CommandCaptureState, ms: int) -> None:
    """Run both clocks down by ``ms`` on the fresh copy ``state``, resolving expiries in order."""
    remaining = ms
    while remaining > 0 and state.result is None:
        step = min(remaining, state.turn_ms)
        if state.game_ms > 0:
            step = min(step, state.game_ms)
            state.game_ms -= step
        state.turn_ms -= step
        remaining -= step
        if state.game_ms == 0:
            state._check_result()
            if state.result is not None:
                return
        if state.turn_ms == 0:
            # the turn is forfeited: the opponent gets two main actions inside one turn timer
            state._end_turn(actions=2)


def points(state: CommandCaptureState) -> tuple[float, float]:
    """Both sides' point totals (captured units and Fortress bonus) as numbers."""
    return state.scores[0] / 2, state.scores[1] / 2
