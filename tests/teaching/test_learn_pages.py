"""Each game's "learn the rules" page is read in about fifteen minutes: at most about 2,000 words (issue 25; a
game may ask fewer of itself in its folder's ``chapter.py``: the card games do), counted as a reader reads them."""

from __future__ import annotations

import pytest

from capture_lib.bookkit.reading import level_minutes, page_words, prose
from tests.chapter_facts import chapter_facts
from tests.registry import chapter_page, games

#: The fewest and the most words a learn page may hold: about fifteen minutes' reading, and more than a few.
FEWEST, MOST = 400, 2000


@pytest.mark.generic
@pytest.mark.parametrize("slug", games(pages=("learn",)))
def test_the_learn_page_reads_in_about_fifteen_minutes(slug):
    facts = chapter_facts(slug)
    most = facts.most_learn_words if facts and facts.most_learn_words else MOST
    words = page_words(chapter_page(slug, "learn"))
    assert FEWEST < words <= most, f"{slug}'s learn page holds {words} words (at most {most})"


def test_a_reader_reads_the_prose_not_the_markup():
    text = ("Move the {term}`Legionnaire <legion>` [one square](rules.md#moves).\n"
            "```{code-cell}\nprint('no')\n```\n:::{note}\n:class: dropdown\nA <b>note</b>.\n:::\n")
    assert prose(text).split() == ["Move", "the", "Legionnaire", "one", "square.", "A", "note", "."]
    assert level_minutes(200, 3) == 2.0
