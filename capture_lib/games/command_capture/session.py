"""How a Command Capture board's session differs: Timed Mode's clock.

The engine never reads a clock: in Timed Mode the board reports the seconds each human turn took with a
``wait`` action before the action itself, and charges the computer one second per action. These are the
hooks the shared session (``capture_lib.session.board.BoardController``) calls for this game.
"""

from __future__ import annotations

import time
from typing import Any

from capture_lib.core.protocol import State

#: What the board says when the turn timer ran out while the player thought.
FORFEITED = "the turn timer ran out: the turn is forfeited"


def _timed_play(state: State) -> bool:
    return bool(state.options.get("timed")) and state.phase == "play"


def synced(board: Any) -> None:
    """A new position is shown: the player's thinking time starts now."""
    board.hook_data["turn_started"] = time.monotonic()


def before_action(board: Any, state: State, action: Any) -> tuple[State, str]:
    """In Timed Mode, the state after the player's reported thinking time, and ``FORFEITED`` if that time
    ended the turn (then the action is dropped); otherwise ``state`` unchanged and no note.

    The wait and the action make one step of the undo stack.
    """
    text = action if isinstance(action, str) else str(action)
    if not _timed_play(state) or text.strip().startswith("wait"):
        return state, ""
    elapsed = max(0.001, time.monotonic() - board.hook_data.get("turn_started", time.monotonic()))
    waited = state.play(f"wait {elapsed:.3f}")
    if waited.current_player != state.current_player or waited.is_over:
        return waited, FORFEITED
    return waited, ""


def before_advance(board: Any, state: State) -> State | None:
    """In Timed Mode against the computer, its turn costs it one second on the clocks, reported like a
    human's time; ``None`` when nothing is to be played."""
    if (board.mode == "computer" and _timed_play(state) and not state.is_over
            and state.current_player not in (board.seat, None, -1)):
        return state.play("wait 1")
    return None
