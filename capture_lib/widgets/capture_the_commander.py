"""The Capture the Commander board widget (2 to 4 players)."""

from __future__ import annotations

from typing import Any

from capture_lib.core.protocol import State, fresh_seed

from .base import BoardWidget, module_source, style_source


class CaptureTheCommanderBoard(BoardWidget):
    """A live Capture the Commander table: every layout, coverage on each card, click to attack.

    ``CaptureTheCommanderBoard(players=3)`` starts a new game for three; ``CaptureTheCommanderBoard(state)``
    opens on any position. ``seat`` is the player at this screen; in ``computer`` mode every other
    seat is played by the simple computer player.
    """

    game_slug = "capture-the-commander"
    _esm = module_source("capture_the_commander")
    _css = style_source("capture_the_commander")

    def __init__(self, state: State | None = None, *, players: int = 2, seed: int | None = None,
                 **kwargs: Any) -> None:
        if state is None:
            from capture_lib import load_game

            if seed is None:
                seed = fresh_seed()
            state = load_game(self.game_slug).new_game(seed=seed, players=players)
        super().__init__(state, seed=seed, **kwargs)
