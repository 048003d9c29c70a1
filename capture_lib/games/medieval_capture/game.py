"""The Capture: A Medieval Wargame game: options, rulings, the board and how a game starts."""

from __future__ import annotations

from typing import Any

from capture_lib.core.protocol import Game

from .actions import SIDE_NAMES
from .board import BOARD
from .position import read_position, write_position
from .rulings import OPTIONS, RULINGS
from .state import MedievalCaptureState


class MedievalCaptureGame(Game):
    """Capture: A Medieval Wargame: hidden Knights, two dice, treasure, catapults; take three Crowns."""

    slug = "medieval-capture"
    title = "Capture: A Medieval Wargame"
    min_players = 2
    max_players = 4
    seat_names = SIDE_NAMES
    options = OPTIONS
    rulings = RULINGS
    board = BOARD

    def _initial_state(self, seed: int, options: dict[str, Any]) -> MedievalCaptureState:
        return MedievalCaptureState.initial(self, seed, options)

    def from_position(self, text: str, seed: int = 0, **options: Any) -> MedievalCaptureState:
        """A state read from position text (see ``position``); ``ValueError`` if the text is malformed."""
        return read_position(text, self, seed, self.resolve_options(options))

    def position_text(self, state: MedievalCaptureState) -> str:
        """The position text of ``state``, which ``from_position`` reads back."""
        return write_position(state)
