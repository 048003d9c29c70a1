"""The Capture the Commander board controller (2 to 4 players)."""

from __future__ import annotations

from typing import Any

from capture_lib.core.protocol import State, fresh_seed

from .base import BoardController


class CaptureTheCommanderController(BoardController):
    """A Capture the Commander table for 2 to 4 players.

    ``CaptureTheCommanderController(players=3)`` starts a new game for three; with a ``state`` it opens on
    any position. ``seat`` is the player at this screen; in ``computer`` mode every other seat is the computer.
    """

    game_slug = "capture-the-commander"

    def __init__(self, state: State | None = None, *, players: int = 2, seed: int | None = None,
                 **kwargs: Any) -> None:
        if state is None:
            from capture_lib import load_game

            if seed is None:
                seed = fresh_seed()
            state = load_game(self.game_slug).new_game(seed=seed, players=players)
        super().__init__(state, seed=seed, **kwargs)
