"""The book's play pages: which games have a page to play on, for the chooser of ``capture serve`` and the
book's front page."""

from __future__ import annotations

import pathlib
from dataclasses import dataclass

#: Each game's play page and course (learning it by playing, level by level), inside its chapter's folder.
PLAY_NOTEBOOK = "play.ipynb"
COURSE_NOTEBOOK = "course.ipynb"


@dataclass(frozen=True)
class PlayPage:
    """One game's play page: its slug, its title, and the notebook's path inside the served folder.

    ``course`` is the path of the game's course inside the served folder ("" if it has none).
    """

    slug: str
    title: str
    path: str
    course: str = ""


def play_pages(folder: pathlib.Path | str | None = None) -> list[PlayPage]:
    """The games (in the registry's order) that have ``<folder>/<game>/play.ipynb``.

    ``folder`` is the book's folder, or the served copy of it; by default the current folder, which is
    where Jupyter and Voila start the chooser notebook's kernel.
    """
    from capture_lib import list_games, load_game

    root = pathlib.Path(folder) if folder is not None else pathlib.Path.cwd()
    pages = []
    for slug in list_games():
        if (root / slug / PLAY_NOTEBOOK).is_file():
            course = f"{slug}/{COURSE_NOTEBOOK}" if (root / slug / COURSE_NOTEBOOK).is_file() else ""
            pages.append(PlayPage(slug, load_game(slug).title, f"{slug}/{PLAY_NOTEBOOK}", course))
    return pages




def level_chooser_words(slug: str) -> str:
    """What the level chooser under a play page's board offers, in Markdown: the levels with the ratings the chooser
    shows beside them (``capture_lib.search.level_ratings``), and what a rating means."""
    from capture_lib.search.level_ratings import chooser

    # The chooser's own rows: only the levels this game offers, with the labels the board shows.
    offered = "; ".join(label for _level, label in chooser(slug))
    return ("Under the board, **computer:** chooses how the computer plays: " + offered + ". The number beside a level "
            "is its rating on the Elo scale, from games the levels played against each other (the "
            f"{{doc}}`chapter of numbers <../analysis/{slug}>` shows them): the rule-based player is 1500, a level 200 "
            "points above another is expected to win about three games in four against it, and 400 points above, "
            "about ten in eleven. A rating compares the levels of this game only.")
