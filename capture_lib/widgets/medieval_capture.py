"""The Capture: A Medieval Wargame board widget."""

from __future__ import annotations

import json
from typing import Any

from capture_lib.core.chance import CHANCE
from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import State
from capture_lib.games.medieval_capture.actions import Dice, Draw, Land
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
    1 Red). Undo takes back choices only: never past a roll, a boulder's landing or a card drawn.
    """

    game_slug = "medieval-capture"
    _esm = _board_constants() + module_source("medieval_capture")
    _css = style_source("medieval_capture")


    def undo(self) -> None:
        """Take back the last choice, unless dice, a boulder or a card have been revealed since."""
        if len(self._states) <= 1:
            raise IllegalAction("nothing to undo", rule="undo")
        states = list(self._states)
        while len(states) > 1:
            last = states[-1].history[-1] if states[-1].history else None
            if isinstance(last, (Dice, Land, Draw)):
                raise IllegalAction("a roll, a boulder's landing or a drawn card cannot be taken back",
                                    rule="undo")
            states.pop()
            if self._is_human_turn(states[-1]) and states[-1].current_player != CHANCE:
                break
        self._states = states
        self._advance()

    @classmethod
    def example(cls, start: State, steps: list[tuple[str, str]], seat: int | None = 0,
                everything: bool = False, **kwargs: Any) -> MedievalCaptureBoard:
        """A worked example (see ``BoardWidget.example``); by default here seen by Blue."""
        return super().example(start, steps, seat=seat, everything=everything, **kwargs)
