"""axe-core once the boards are live (issue 40): every kind of board a page runs live (a game, a course, an
exercise, a worked example offering "try it from here") breaks no WCAG 2.1 AA rule, in light at a desktop's
width and in dark on a phone, where the theme puts a light panel under the page's outputs.

The audit waits until every board of the page is live (``drivers.EVERY_BOARD_LIVE``): before, a page shows its
boards' pictures and a "Loading the engine" line, and the lines the engine then writes went unchecked (the
"Live" line read at 4.28:1 in dark). The whole book is crawled so in the book's crawl; here, one game's pages,
each kind of board once.
"""

from __future__ import annotations

import threading

import pytest

from capture_lib import list_games
from tests.browser.axe import AXE, report, violations

from .drivers import wait_until_live

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not AXE.is_file(), reason="axe-core is installed by npm ci")]

#: A page of each kind of live board: a game, a course, exercises, worked examples.
PAGES = ("play", "course", "exercises", "learn")
LOOKS = (("light", 1280), ("dark", 390))


@pytest.fixture(scope="module")
def site(built_book):
    """The built book over ``capture serve``'s static server on 127.0.0.1."""
    from capture_lib.classroom.static import make_server

    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    server = make_server(built_book["html"], 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", built_book["html"]
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(("scheme", "width"), LOOKS)
def test_no_live_board_breaks_wcag(browser, site, scheme, width):
    base, html = site
    game = list_games()[0]
    pages = [f"book/{game}/{name}.html" for name in PAGES if (html / "book" / game / f"{name}.html").is_file()]
    assert len(pages) >= 2, pages
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    found = []
    for path in pages:
        page.goto(f"{base}/{path}")
        assert wait_until_live(page) >= 1, f"{path} has no board"
        broken = violations(page)
        if broken:
            found.append(report(broken, f"{path} ({scheme}, {width} px), its boards live"))
    context.close()
    assert not found, "\n".join(found)
