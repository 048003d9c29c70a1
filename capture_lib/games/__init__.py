"""The games: one package each, and the one list of them that every other table is made from.

A game is a folder ``capture_lib/games/<game>/`` whose ``__init__`` exports ``DESCRIPTION``
(``capture_lib.core.description.Description``, with its ``Parts`` declared); adding a game is adding that
folder and its line to ``PACKAGES`` (or, for a game outside the package, ``register``). Games never import
each other, and are imported only when asked for. A game's declaration is checked when it is first
described: ``PartError`` (``capture_lib.core.errors``) names the game and each part that does not hold.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator

from capture_lib.core.description import Description
from capture_lib.core.errors import GameNotAvailable, PartError
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
    """Add the game package ``package`` to the list and return its checked description (a test's toy game, a
    game of one's own; the shipped games are in ``PACKAGES``). A package whose declaration does not hold is
    not added: ``PartError`` says why."""
    added = package not in PACKAGES
    if added:
        PACKAGES.append(package)
    _by_slug.pop(_slug_of(package), None)
    try:
        return describe(_slug_of(package))
    except Exception:
        if added:
            PACKAGES.remove(package)
        raise


def unregister(package: str) -> None:
    """Take ``package`` off the list again (what ``register`` added)."""
    if package in PACKAGES:
        PACKAGES.remove(package)
    _by_slug.pop(_slug_of(package), None)


def list_games() -> list[str]:
    """The slugs of every game, in the book's order."""
    return [_slug_of(package) for package in PACKAGES]


def describe(slug: str) -> Description:
    """The description of the game ``slug`` (``GameNotAvailable`` naming the games for another), its parts'
    declaration checked the first time (``Description.check``; ``PartError`` where it does not hold)."""
    if slug in _by_slug:
        return _by_slug[slug]
    for package in PACKAGES:
        if _slug_of(package) == slug:
            description = getattr(importlib.import_module(package), "DESCRIPTION", None)
            if not isinstance(description, Description):
                raise PartError(f"the game package {package} has no DESCRIPTION (a capture_lib.core.description."
                                "Description) in its __init__", name=package)
            if not isinstance(description.game, Game):
                raise PartError(f"the description of {package} holds {description.game!r}, not a Game",
                                name=package)
            if description.slug != slug:
                raise GameNotAvailable(f"the package {package} describes {description.slug!r}, not {slug!r}")
            description.check()
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
