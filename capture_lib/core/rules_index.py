"""A rules index's entry: one rule of a game's source and where the project codes, tests and shows it.

Each game keeps its index as data (``RULES`` in its ``rules_index`` part); the book's helpers
(``capture_lib.bookkit.rules_index``) render and check it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class IndexedRule:
    """One rule of a source rulebook and where the project implements, tests and shows it.

    ``code`` holds dotted names (``capture_lib.games.x.state.XState._apply``); ``tests`` holds pytest
    ids (``tests/x/test_rules.py::test_name``); ``example`` is ``(page, heading)``, a heading of
    ``book/<slug>/<page>.ipynb`` whose section shows the rule on a live board.
    """

    key: str
    topic: str
    rule: str
    code: tuple[str, ...]
    tests: tuple[str, ...]
    example: tuple[str, str]
