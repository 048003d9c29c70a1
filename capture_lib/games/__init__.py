"""The games: one package each, and the one list of them that every other table is made from.

A game is a folder ``capture_lib/games/<game>/`` whose ``__init__`` exports ``DESCRIPTION``
(``capture_lib.core.description.Description``); adding a game is adding that folder and its line to
``PACKAGES``. Games never import each other, and are imported only when asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator

from capture_lib.core.description import Description
from capture_lib.core.errors import GameNotAvailable
from capture_lib.core.protocol import Game, State

#: The game packages, in the book's order: the one list of games.
PACKAGES: list[str] = [
    "capture_lib.games.card_commander",
    "capture_lib.games.capture_the_commander",
    "capture_lib.games.command_capture",
    "capture_lib.games.medieval_capture",
]

_by_slug: dict[str, Description] = {}


def _slug_of(package: str) -> str:
    return package.rsplit(".", 1)[-1].replace("_", "-")


def register(package: str) -> Description:
    """Add the game package ``package`` to the list (a test's toy game; the shipped games are in ``PACKAGES``)."""
    if package not in PACKAGES:
        PACKAGES.append(package)
    _by_slug.pop(_slug_of(package), None)
    return describe(_slug_of(package))


def unregister(package: str) -> None:
    """Take ``package`` off the list again (what ``register`` added)."""
    if package in PACKAGES:
        PACKAGES.remove(package)
    _by_slug.pop(_slug_of(package), None)


def list_games() -> list[str]:
    """The slugs of every game, in the book's order."""
    return [_slug_of(package) for package in PACKAGES]


def describe(slug: str) -> Description:
    """The description of the game ``slug`` (``GameNotAvailable`` naming the games for another)."""
    if slug in _by_slug:
        return _by_slug[slug]
    for package in PACKAGES:
        if _slug_of(package) == slug:
            description = importlib.import_module(package).DESCRIPTION
            if description.slug != slug:
                raise GameNotAvailable(f"the package {package} describes {description.slug!r}, not {slug!r}")
            _by_slug[slug] = description
            return description
    raise GameNotAvailable(f"no game called {slug!r}; games are: {', '.join(list_games())}")


def descriptions() -> Iterator[Description]:
    """Every game's description, in the book's order."""
    for slug in list_games():
        yield describe(slug)


def load_game(slug: str) -> Game:
    """The game called ``slug`` (one of ``list_games()``)."""
    if not isinstance(slug, str):
        raise GameNotAvailable(f"a game is named by its slug (text), not {type(slug).__name__}")
    return describe(slug).game


def read_saved(text: str | bytes) -> State:
    """The game saved in ``text`` (a record or a JSON save, of whichever game it names)."""
    from capture_lib.core import record

    return record.load(text, find=load_game)
