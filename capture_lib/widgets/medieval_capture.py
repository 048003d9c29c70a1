"""The Capture: A Medieval Wargame board widget."""

from __future__ import annotations

import json
from typing import Any

from capture_lib.core.protocol import State
from capture_lib.games.medieval_capture.board import BOARD
from capture_lib.games.medieval_capture.render import board_svg_body

from .base import BoardWidget, module_source, style_source


def _board_constants() -> str:
    """The board's picture and geometry as JavaScript constants, put in front of the module."""
    xy = {sid: [round(x), round(y)] for sid, (x, y) in zip(BOARD.ids, BOARD.xy, strict=True)}
    kinds = dict(zip(BOARD.ids, BOARD.kind, strict=True))
    territory = dict(zip(BOARD.ids, BOARD.territory, strict=True))
    return (f"const MC_BOARD_SVG = {json.dumps(board_svg_body(BOARD))};\n"
            f"const MC_XY = {json.dumps(xy)};\nconst MC_KIND = {json.dumps(kinds)};\n"
            f"const MC_TERRITORY = {json.dumps(territory)};\n")


class MedievalCaptureBoard(BoardWidget):
    """A live Capture board: play against the computer, share one screen, or step through an example.

    ``MedievalCaptureBoard(state)`` opens on any position; ``seat`` is the player at this screen (0 Blue,
    1 Red). Undo follows the shared policy (``BoardWidget.undo_block``): never past a roll, a boulder's
    landing or a card drawn, which are chance.
    """

    game_slug = "medieval-capture"
    _esm = _board_constants() + module_source("medieval_capture")
    _css = style_source("medieval_capture")

    @classmethod
    def example(cls, start: State, steps: list[tuple[str, str]], seat: int | None = 0,
                everything: bool = False, **kwargs: Any) -> MedievalCaptureBoard:
        """A worked example (see ``BoardWidget.example``); by default here seen by Blue."""
        return super().example(start, steps, seat=seat, everything=everything, **kwargs)
