"""The computer's time on the clock a person sees: one cap for its whole turn, however many decisions it holds.

A level's cap (``seconds``) is a promise about what a person waits: from their move to the computer's answer
on the board. A turn may hold several decisions of the computer (Command Capture's aura gives a unit a
second action; a Medieval turn is moves, a shot and cards, each one decision), and a cap given to each
decision let a turn take several times the cap. So a player keeps a ``TurnClock``: its first decision of a
turn starts the clock, and every decision of that turn gets what is left (``deadline``). A decision that
finds the time spent still decides, on the least work the player has (its floor), so the turn ends soon
after the cap rather than never.

A turn is told by a key the game's player gives (the game's seed, its turn number, the seat). Decisions of
one turn follow each other at once; a gap longer than ``GAP`` means a person acted in between (a take-back
to the same turn, say), and the clock starts again.
"""

from __future__ import annotations

import time
from collections.abc import Hashable

#: Seconds between two decisions after which they are not one turn's, whatever their key.
GAP = 0.25


class TurnClock:
    """One player's clock: ``seconds`` for each of its turns (see the module's docstring)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._turn: Hashable = None
        self._started = 0.0
        self._last = -GAP - 1.0

    def deadline(self, turn: Hashable) -> float:
        """When the decision about to be made must be done (``time.perf_counter()``'s clock): the cap from
        the first decision of ``turn``. Call ``done`` once the decision is made."""
        now = time.perf_counter()
        if turn != self._turn or now - self._last > GAP:
            self._turn, self._started = turn, now
        self._last = now
        return self._started + self.seconds

    def done(self) -> None:
        """Note that a decision was made just now (the next one of the same turn follows at once)."""
        self._last = time.perf_counter()
