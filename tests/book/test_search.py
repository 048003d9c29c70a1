"""The built book's search finds: a search for a word of the book lists pages, in a real browser (the scripts of
the search page run in an order that works, with every script of the book deferred)."""

from __future__ import annotations

import pytest

from tests.book.test_book_in_browser import open_page, site  # noqa: F401 - the built book, served

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("word", ["commander", "catapult"])
def test_a_search_lists_pages_that_hold_the_word(browser, site, word):  # noqa: F811 - the fixture
    page, problems, outside = open_page(browser, f"{site['url']}/search.html?q={word}")
    results = page.locator("#search-results li")
    results.first.wait_for(timeout=20_000)
    assert results.count() > 0
    assert word in results.first.inner_text().lower() or results.count() > 1
    assert not [p for p in problems if "_ready" in p or "is not defined" in p], problems
    assert not outside
    page.close()
