"""The Capture: A Medieval Wargame board controller."""

from __future__ import annotations

from typing import Any

from capture_lib.core.protocol import State

from .base import BoardController


class MedievalCaptureController(BoardController):
    """A Capture board (0 Blue, 1 Red). Undo follows the shared policy (``BoardController.undo_block``):
    never past a roll, a boulder's landing or a card drawn, which are chance."""

    game_slug = "medieval-capture"

    @classmethod
    def example(cls, start: State, steps: list[tuple[str, str]], seat: int | None = 0,
                everything: bool = False, **kwargs: Any) -> MedievalCaptureController:
        """A worked example (see ``BoardController.example``); by default here seen by Blue."""
        return super().example(start, steps, seat=seat, everything=everything, **kwargs)
