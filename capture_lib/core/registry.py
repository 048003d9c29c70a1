"""The list of games and ``load_game``: games are imported only when asked for."""

from __future__ import annotations

import importlib

from .errors import GameNotAvailable
from .protocol import Game

#: slug -> (module that defines it, or None while its rules are not written yet)
GAMES: dict[str, str | None] = {
    "capture-the-commander": "capture_lib.games.capture_the_commander",
    "card-commander": "capture_lib.games.card_commander",
    "command-capture": "capture_lib.games.command_capture",
    "medieval-capture": "capture_lib.games.medieval_capture",
}

_loaded: dict[str, Game] = {}


def list_games() -> list[str]:
    """The slugs of every game whose rules can be loaded."""
    return [slug for slug, module in GAMES.items() if module is not None]


def load_game(slug: str) -> Game:
    """The game called ``slug`` (one of ``list_games()``)."""
    if slug in _loaded:
        return _loaded[slug]
    if slug not in GAMES:
        raise GameNotAvailable(f"no game called {slug!r}; games are: {', '.join(GAMES)}")
    module = GAMES[slug]
    if module is None:
        raise GameNotAvailable(f"{slug!r} is not yet available: its rules are still being written")
    game = importlib.import_module(module).GAME
    _loaded[slug] = game
    return game
