"""The computer's time on the clock a person sees: one cap for its whole turn, however many decisions it holds.

A level's cap (``seconds``) is a promise about what a person waits: from their move to the computer's answer
on the board. A turn may hold several decisions of the computer (Command Capture's aura gives a unit a
second action; a Medieval turn is moves, a shot and cards, each one decision), and a cap given to each
decision let a turn take several times the cap. So a player keeps a ``TurnClock``: its first decision of a
turn starts the clock, and every decision of that turn gets what is left (``deadline``). A decision that
finds the time spent still decides, on the least work the player has (its floor), so the turn ends soon
after the cap rather than never.

A turn is told by a key the game's player gives (the game's seed, its turn number, the seat) and by the
game's history: a decision continues the turn of the last one when its key is the same and its history
goes on from the last one's (a take-back to the same turn shortens it, and the clock starts again). How
long the board took between two decisions does not matter: on a busy machine that can be long.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence


class TurnClock:
    """One player's clock: ``seconds`` for each of its turns (see the module's docstring)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._turn: Hashable = None
        self._history: Sequence = ()
        self._started = 0.0

    def deadline(self, turn: Hashable, history: Sequence, within: int | None = None) -> float:
        """When the decision about to be made in ``turn``, after the game's ``history``, must be done
        (``time.perf_counter()``'s clock): the cap from the first decision of the turn.

        A player whose game has no turn number to put in ``turn`` gives ``within``: a decision goes on with
        the turn only if the history has grown by at most that many actions since the last (its own)."""
        last = self._history
        going_on = (turn == self._turn and len(last) < len(history) <= len(last) + (within or len(history))
                    and tuple(history[:len(last)]) == tuple(last))
        if not going_on:
            self._turn, self._started = turn, time.perf_counter()
        self._history = history
        return self._started + self.seconds
