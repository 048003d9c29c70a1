"""Each game's "learn the rules" page is read in about fifteen minutes: at most about 2,000 words for the two
board games and fewer for the card games (issue 25), counted as a reader reads them."""

from __future__ import annotations

import pytest

from capture_lib.bookkit.reading import level_minutes, page_words, prose
from tests.conftest import ROOT

#: The most words each game's page may hold.
LIMITS = {"command-capture": 2000, "medieval-capture": 2000, "card-commander": 1500, "capture-the-commander": 1500}


@pytest.mark.parametrize("slug", sorted(LIMITS))
def test_the_learn_page_reads_in_about_fifteen_minutes(slug):
    words = page_words(ROOT / "book" / slug / "learn.ipynb")
    assert 400 < words <= LIMITS[slug], f"{slug}'s learn page holds {words} words"


def test_a_reader_reads_the_prose_not_the_markup():
    text = ("Move the {term}`Legionnaire <legion>` [one square](rules.md#moves).\n"
            "```{code-cell}\nprint('no')\n```\n:::{note}\n:class: dropdown\nA <b>note</b>.\n:::\n")
    assert prose(text).split() == ["Move", "the", "Legionnaire", "one", "square.", "A", "note", "."]
    assert level_minutes(200, 3) == 2.0
