"""The Command Capture board controller, with Timed Mode's clock."""

from __future__ import annotations

import time
from typing import Any

from capture_lib.core.protocol import State

from .base import BoardController

FORFEITED = "the turn timer ran out: the turn is forfeited"


class CommandCaptureController(BoardController):
    """A Command Capture board.

    In Timed Mode the board reports the seconds each human turn took with a ``wait`` action before the
    action itself (the engine never reads a clock); the computer is charged one second per action.
    """

    game_slug = "command-capture"
    _turn_started: float = 0.0
    _forfeited: bool = False

    def _sync(self) -> None:
        super()._sync()
        self._turn_started = time.monotonic()

    def play(self, action: Any) -> State:
        """Play ``action``; in Timed Mode a human's thinking time is reported first (``wait``).

        The wait and the action make one step of the undo stack. If the turn timer ran out while the
        player thought, only the wait is played (the turn was forfeited) and the action is dropped.
        """
        state = self.state
        text = action if isinstance(action, str) else str(action)
        if state.options.get("timed") and state.phase == "play" and not text.strip().startswith("wait"):
            elapsed = max(0.001, time.monotonic() - self._turn_started)
            waited = state.play(f"wait {elapsed:.3f}")
            if waited.current_player != state.current_player or waited.is_over:
                self._states.append(waited)
                self._advance()
                self._forfeited = True
                self.say(FORFEITED, "error")
                return self.state
            state = waited
        self._states.append(state.play(action))
        self._advance()
        return self.state

    def _play_from_front_end(self, action: str) -> None:
        # The base board names the move just played; after a forfeit that would be the wait, so the
        # forfeit is said again last.
        self._forfeited = False
        super()._play_from_front_end(action)
        if self._forfeited:
            self.say(FORFEITED, "error")

    def _advance(self, *args: Any, **kwargs: Any) -> None:
        state = self.state
        if (self.mode == "computer" and state.options.get("timed") and state.phase == "play"
                and not state.is_over and state.current_player not in (self.seat, None, -1)):
            # the computer's turn costs it one second on the clocks, reported like a human's time
            self._states.append(state.play("wait 1"))
        super()._advance(*args, **kwargs)

    @classmethod
    def example(cls, start: State, steps: list[tuple[str, str]], seat: int | None = None,
                everything: bool = True, **kwargs: Any) -> CommandCaptureController:
        """A worked example (see ``BoardController.example``); by default here every hidden unit is shown."""
        return super().example(start, steps, seat=seat, everything=everything, **kwargs)
