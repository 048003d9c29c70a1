"""The games the tests run over: the registry, and what each game has.

A generic test (marked ``generic``, run as one set with ``pytest -m generic``) holds for every registered game and
is parametrized with ``games()``: the four games of ``capture_lib.games.PACKAGES``, the toy game
(``tests/toy_game``, which exists only for the tests) and any package named in ``CAPTURE_EXTRA_GAMES``.
``tests/conftest.py`` registers those two once for the whole run, before collection, so that every parametrization
sees them. What one game alone must do lives in that game's own folder (``tests/card_commander/`` ...), never in a
table of the games here or in a generic file.

A game may lack an optional part (players, a course, exercises, a rules index, experiments: the ``Parts`` its
description declares) or a page of its book chapter. A generic test that needs one is skipped for a game without
it, and says so in the skip's reason (``pytest -rs``): never silently. ``has_part`` is the one place the tests ask
whether a game has a part.
"""

from __future__ import annotations

import functools
import os
import pathlib
from collections.abc import Callable, Iterable

import pytest

from capture_lib import games as registry
from capture_lib.bookkit.toc import toc_pages
from capture_lib.core import parts as kinds

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The toy game: a game written as a fifth game would be, registered only in the tests.
TOY = "tests.toy_game"
#: Packages of further games to register for this run, separated by commas (the fifth-game test's copy).
EXTRA_GAMES = "CAPTURE_EXTRA_GAMES"
#: Each kind of part a game's description declares, by its name (``capture_lib.core.parts``).
PARTS = {spec.name: spec for spec in kinds.PARTS}


def packages_for_tests() -> list[str]:
    """The packages the tests register beside the shipped games: the toy game, then ``CAPTURE_EXTRA_GAMES``."""
    extra = [name.strip() for name in os.environ.get(EXTRA_GAMES, "").split(",") if name.strip()]
    return [TOY, *extra]


def register_test_games() -> None:
    """Register the toy game and the extra games (``tests/conftest.py`` calls it once, before collection)."""
    for package in packages_for_tests():
        registry.register(package)


def game_tests_package(slug: str) -> str:
    """The package of ``slug``'s own tests: ``tests.card_commander`` for ``card-commander``."""
    return "tests." + slug.replace("-", "_")


def declared(slug: str, module: str, name: str):
    """What ``slug``'s own test folder declares in its module ``module`` under ``name`` (``points.py``'s
    ``POINTS``): the facts one game's tests know, read by the generic tests written once for every game; ``None``
    where its folder has no such module (the toy game, a new game not yet written up)."""
    import importlib

    package = game_tests_package(slug)
    try:
        found = importlib.import_module(f"{package}.{module}")
    except ModuleNotFoundError as err:
        if err.name not in (package, f"{package}.{module}"):
            raise  # the module exists and imports something missing: that is a bug to show
        return None
    return getattr(found, name)


def shipped(slug: str) -> bool:
    """Whether ``slug`` is one of the games this package ships (its own folder under ``capture_lib/games``)."""
    return registry.describe(slug).package.startswith("capture_lib.games.")


def shipped_games() -> list[str]:
    """The registered games this package ships, in the registry's order (not the toy game, not extra games)."""
    return [slug for slug in registry.list_games() if shipped(slug)]


def has_part(slug: str, part: str) -> bool:
    """Whether the game ``slug`` declares the part ``part`` (``"players"``, ``"lessons"`` ...: a field of its
    description's ``Parts``), without importing it."""
    if part not in PARTS:
        raise ValueError(f"a game's parts are {', '.join(PARTS)}, not {part!r}")
    return getattr(registry.describe(slug).parts, part) is not None


@functools.cache
def _chapter_pages() -> tuple[str, ...]:
    """Every page ``_toc.yml`` lists (``book/card-commander/play``), in the book's order (the build's reader,
    ``capture_lib.bookkit.toc``)."""
    return toc_pages(ROOT) or ()


def chapters() -> list[str]:
    """The registered games that have a chapter in the book, in the book's order (``_toc.yml``)."""
    return [page.split("/")[1] for page in _chapter_pages()
            if page.count("/") == 2 and page.endswith("/index") and page.split("/")[1] in registry.list_games()]


def chapter_page(slug: str, page: str) -> pathlib.Path | None:
    """The source of the page ``page`` of ``slug``'s chapter (``play`` -> ``book/<slug>/play.ipynb``), or ``None``
    where the book has no such page (a game without a chapter, or a chapter without that page)."""
    if f"book/{slug}/{page}" not in _chapter_pages():
        return None
    return next((path for path in (ROOT / "book" / slug).glob(f"{page}.*") if path.suffix in (".ipynb", ".md")), None)


def _missing(slug: str, parts: tuple[str, ...], pages: tuple[str, ...]) -> str:
    """Why the game ``slug`` cannot run a test that needs ``parts`` and ``pages`` ('' when it can)."""
    said = []
    lacks = [part for part in parts if not has_part(slug, part)]
    if lacks:
        what = " and no ".join(PARTS[part].what for part in lacks)
        said.append(f"{slug} has no {what} (its description declares no {' or '.join(lacks)} part)")
    lacks = [page for page in pages if chapter_page(slug, page) is None]
    if lacks:
        said.append(f"{slug}'s book chapter has no {' or '.join(lacks)} page (book/{slug}/... in _toc.yml)")
    return "; ".join(said)


def games(*parts: str, pages: tuple[str, ...] = ()) -> list:
    """Every registered game, as parameters named by their slugs, for a generic test: a game without one of
    ``parts`` or one of its chapter's ``pages`` is skipped, with the reason."""
    params = []
    for slug in registry.list_games():
        why = _missing(slug, parts, pages)
        params.append(pytest.param(slug, id=slug, marks=[pytest.mark.skip(reason=why)] if why else []))
    return params


def cases(make: Callable[[str], Iterable[tuple]], *parts: str, pages: tuple[str, ...] = ()) -> list:
    """Parameters for a generic test parametrized by the game and more (``slug, index`` ...): ``make(slug)``
    gives the other values of each of the game's cases, as tuples, named by the slug and the values (the case's
    number for a value that is not a plain one, so that every game's cases are named alike). A game without one
    of ``parts`` or ``pages`` gets one case, skipped with the reason, its other values ``None``."""
    found: dict[str, list[tuple]] = {}
    skipped: dict[str, str] = {}
    for slug in registry.list_games():
        why = _missing(slug, parts, pages)
        if why:
            skipped[slug] = why
        else:
            found[slug] = [tuple(values) for values in make(slug)]
    width = next((len(values) for made in found.values() for values in made), 0)
    params = []
    for slug in registry.list_games():
        if slug in skipped:
            params.append(pytest.param(slug, *[None] * width, id=slug, marks=[pytest.mark.skip(reason=skipped[slug])]))
            continue
        for number, values in enumerate(found[slug]):
            words = [str(v) if isinstance(v, str | int | float | bool) else f"case{number}" for v in values]
            params.append(pytest.param(slug, *values, id="-".join([slug, *words])))
    return params


def skip_unless(slug: str, *parts: str, pages: tuple[str, ...] = ()) -> None:
    """Skip the running test, with the reason, where ``slug`` lacks one of ``parts`` or ``pages``."""
    why = _missing(slug, parts, pages)
    if why:
        pytest.skip(why)
