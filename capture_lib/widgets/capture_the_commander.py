"""The Capture the Commander board widget (2 to 4 players)."""

from __future__ import annotations

import random
from typing import Any

from capture_lib.core.protocol import State
from capture_lib.games.capture_the_commander.render import to_svg
from capture_lib.games.capture_the_commander.strategy import simple_player

from .base import BoardWidget, Player, module_source, style_source


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
                seed = random.SystemRandom().randrange(2**31)
            state = load_game(self.game_slug).new_game(seed=seed, players=players)
        super().__init__(state, seed=seed, **kwargs)

    def default_opponent(self) -> Player:
        """The simple computer player of this game."""
        return simple_player

    def public_view(self, state: State) -> dict[str, Any]:
        """The table as a spectator sees it: no secret pick, no hidden value."""
        return state.view(None)

    def teaching_view(self, state: State) -> dict[str, Any]:
        """Every card's value shown (the board says so)."""
        return state.view(None, everything=True)

    def picture(self, view: dict[str, Any]) -> str:
        """The SVG drawn by the engine, shown until the page's script takes over."""
        return to_svg(view)
