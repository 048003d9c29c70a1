"""The Capture: A Medieval Wargame board widget."""

from __future__ import annotations

import json

from capture_lib.boards.medieval_capture import MedievalCaptureController
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
    1 Red); worked examples are seen by Blue by default. Undo follows the shared policy
    (``BoardController.undo_block``): never past a roll, a boulder's
    landing or a card drawn, which are chance.
    """

    game_slug = "medieval-capture"
    controller_class = MedievalCaptureController
    _esm = _board_constants() + module_source("medieval_capture")
    _css = style_source("medieval_capture")
