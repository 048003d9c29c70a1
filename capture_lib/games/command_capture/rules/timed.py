"""Timed Mode: the game clock, the turn timer, forfeited turns and the end on points.

The engine never reads a real clock. The caller reports the time a player spent with the action
``wait SECONDS``; both clocks run down by that much (in milliseconds, so results are exact).
When the turn timer reaches zero the turn is forfeited and the opponent's next turn holds two main
actions. When the game clock reaches zero the higher score wins; on a tie the game goes on in sudden
death (the turn timer still runs) until the scores differ.
"""

from __future__ import annotations


def run_down(game_ms: int, turn_ms: int, remaining: int) -> tuple[int, int, int]:
    """Both clocks and the time still to pass after running down to the next expiry (or by all of
    ``remaining``): ``(game_ms, turn_ms, remaining)``. The game clock stays at zero once it is there
    (sudden death); the state resolves an expiry (``CommandCaptureState._run_clocks``) before the next step.
    """
    step = min(remaining, turn_ms)
    if game_ms > 0:
        step = min(step, game_ms)
        game_ms -= step
    return game_ms, turn_ms - step, remaining - step

