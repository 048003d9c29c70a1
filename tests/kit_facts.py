"""What one game's teacher's kit (``book/teaching/<slug>.md`` and its handouts) must hold beyond what every kit
does, declared in the game's own test folder as its chapter's ``kit`` (``tests/<game_folder>/chapter.py``'s
``CHAPTER``, ``tests/chapter_facts.py``) and checked by ``tests/teaching/test_teaching_kit.py`` for every game.

Every kit has a table of how long a game takes, worked out from the stored games of the book's computer players
(``results/<slug>/``). Which stored games each row counts, what its figures are (turns for a board game, rounds
or attacks for a card game) and the pace its minutes assume are facts about one game, so they live here, beside
that game's other tests; the test that reads them is written once.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass


def every_game(record: dict) -> bool:
    """Keep every stored game of a file."""
    return True


def against_rule(level: str) -> Callable[[dict], bool]:
    """Keep the stored games of the rule-based player against the computer level ``level`` (either seat)."""
    return lambda record: sorted(record["players"]) == sorted([level, "rule"])


@dataclass(frozen=True)
class LengthRow:
    """One row of a kit's table of game lengths: its first cell, and the stored games its figures are worked
    out from."""

    #: The row's first cell, word for word: who plays, and how many games it counts ("(900 games)").
    words: str
    #: The file of stored games it reads: ``results/<slug>/<results>.jsonl``.
    results: str
    #: Which of that file's games it counts.
    keep: Callable[[dict], bool] = every_game


@dataclass(frozen=True)
class KitFacts:
    """What one game's teacher's kit must hold (see the module's docstring)."""

    #: Words the kit says of the pace its minutes assume ("20 s a turn"), each as the page writes it.
    pace: tuple[str, ...]
    #: The cells after the first of a row of the table of game lengths, worked out from the row's stored games.
    figures: Callable[[list[dict]], tuple[str, ...]]
    #: Every row of the table of game lengths, in the page's order.
    lengths: tuple[LengthRow, ...]
    #: The fewest questions its worksheet asks (and its answer sheet answers).
    worksheet_at_least: int
    #: What the game's one-page summary (``book/<slug>/summary.md``), a handout of the kit, says word for word,
    #: the ruling sign (†) included.
    summary_says: tuple[str, ...] = ()


def turns_at(seconds: int) -> Callable[[list[dict]], tuple[str, ...]]:
    """A board game's figures: the median of the games' turns, the middle half of them, and the minutes the
    median takes at ``seconds`` a turn."""

    def figures(games: list[dict]) -> tuple[str, ...]:
        q1, median, q3 = statistics.quantiles([game["stats"]["turns"] for game in games], n=4)
        return f"{median:g}", f"{q1:g}–{q3:g}", f"{round(median * seconds / 60, 1):g}"

    return figures
