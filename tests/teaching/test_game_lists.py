"""The book's pages that list the games (the front page's table, the teacher's part, the numbers chapter) list
every game the book has a chapter for, once each, in the book's order: a game added to the registry and the
table of contents must be added to them too, and a game taken away taken from them."""

from __future__ import annotations

import json
import re

import pytest

from tests.registry import ROOT, chapters, has_part

#: A ``{doc}`` link's target: ``{doc}`card-commander``` or ``{doc}`Card Commander <card-commander/index>```.
DOC = re.compile(r"\{doc\}`(?:[^`<]*<)?([^`<>]+)>?`")


def markdown(path) -> str:
    """A page's Markdown: a notebook's Markdown cells, or the whole of a ``.md`` page."""
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def listed(text: str, games: list[str]) -> list[str]:
    """The games a page links to by a ``{doc}`` link, each once, in the order of their first link."""
    found: list[str] = []
    for target in DOC.findall(text):
        slug = target.strip().removeprefix("../").split("/")[0]
        if slug in games and slug not in found:
            found.append(slug)
    return found


def expected(page: str) -> list[str]:
    """The games a listing page must name: every chapter, or on the numbers chapter's page, every chapter of a
    game with experiments (a numbers page of its own)."""
    if page == "analysis/index.md":
        return [slug for slug in chapters() if has_part(slug, "experiments")]
    return chapters()


@pytest.mark.parametrize("page", ["intro.ipynb", "teaching/index.md", "analysis/index.md"])
def test_a_page_that_lists_the_games_lists_every_chapter_in_the_books_order(page):
    text = markdown(ROOT / "book" / page)
    games = chapters()
    assert listed(text, games) == expected(page), f"book/{page} lists {listed(text, games)}, not {expected(page)}"


def test_a_missing_or_reordered_game_is_seen():
    games = ["card-commander", "command-capture"]
    assert listed("{doc}`Card Commander <card-commander/index>` and {doc}`command-capture`", games) == games
    assert listed("{doc}`command-capture` then {doc}`card-commander`", games) == games[::-1]
    assert listed("only {doc}`../card-commander/play`", games) == ["card-commander"]
