"""The Capture: A Medieval Wargame game: options, rulings, the board and how a game starts."""

from __future__ import annotations

import random
from typing import Any

from capture_lib.core.protocol import Game
from capture_lib.games.medieval_capture.rules.actions import SIDE_NAMES
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.games.medieval_capture.rules.position import read_position, write_position
from capture_lib.games.medieval_capture.rules.rulings import OPTIONS, RULINGS
from capture_lib.games.medieval_capture.rules.sampling import sample_state
from capture_lib.games.medieval_capture.rules.state import MedievalCaptureState


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

    def from_position(self, text: str, /, seed: int = 0, **options: Any) -> MedievalCaptureState:
        """A state read from position text (see ``position``); ``ValueError`` if the text is malformed."""
        return read_position(text, self, seed, self.resolve_options(options))

    def position_text(self, state: MedievalCaptureState) -> str:
        """The position text of ``state``, which ``from_position`` reads back."""
        return write_position(state)

    def summarize(self, state: MedievalCaptureState) -> dict[str, Any]:
        """Facts of a finished game for the statistics chapter.

        ``turns``; ``crowns``: Crowns each side took; ``ended``: ``crowns`` (the last Crown needed was
        taken), ``no pieces`` (a side had nothing left on the board and no way back) or ``unfinished``;
        ``boulder_kills`` and ``knight_kills``: pieces of each side killed by the catapult and by a
        Knight or an ambush.
        """
        boulder, knight = [0, 0], [0, 0]
        for full, _public, _side in state.log:
            if full.startswith("land ") and "is killed" in full:
                victim = full.split("(")[1].split()[0]
                boulder["BR".index(victim[0])] += 1
            elif full.endswith(" kill"):
                knight[1 - "BR".index(full[0])] += 1
        crowns = [state.crowns_captured(0), state.crowns_captured(1)]
        if state.phase != "over":
            ended = "unfinished"
        elif state.winner is not None and crowns[state.winner] >= state.cfg.crowns_to_win:
            ended = "crowns"
        else:
            ended = "no pieces"
        return {"turns": state.turn, "crowns": crowns, "crowns_to_win": state.cfg.crowns_to_win, "ended": ended,
                "boulder_kills": boulder, "knight_kills": knight}

    def sample_state(self, observation: dict[str, Any], seat: int, rng: random.Random) -> MedievalCaptureState:
        """A complete state that agrees with ``observation`` (what ``seat`` sees), for search: the other
        side's Knight and hand are drawn (see ``sampling``); the state's history is empty."""
        return sample_state(self, observation, seat, rng)
