"""The Command Capture board widget."""

from __future__ import annotations

from capture_lib.boards.command_capture import FORFEITED, CommandCaptureController

from .base import BoardWidget, module_source, style_source

__all__ = ["FORFEITED", "CommandCaptureBoard"]


class CommandCaptureBoard(BoardWidget):
    """A live Command Capture board: play against the computer, share one screen, or step through an
    example.

    Click one of your units to see what it may do (moves, melee captures, shots and bashes are marked
    on the board; flip, turn and end are buttons), then click a marked square. In Timed Mode the board
    reports the seconds each human turn took with a ``wait`` action before the action itself (the
    engine never reads a clock); the computer is charged one second per action. Worked examples show
    every hidden unit by default. ``CommandCaptureBoard(state)`` opens on any position; ``seat`` is the
    player at this screen.
    """

    game_slug = "command-capture"
    controller_class = CommandCaptureController
    _esm = module_source("command_capture")
    _css = style_source("command_capture")

    @property
    def _turn_started(self) -> float:
        return self._controller._turn_started  # type: ignore[attr-defined]

    @_turn_started.setter
    def _turn_started(self, when: float) -> None:
        self._controller._turn_started = when  # type: ignore[attr-defined]
