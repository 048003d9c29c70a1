"""Every page of the built book, crawled once in Chromium: every per-page check runs on that one crawl.

The book is served by ``capture serve``'s static server on 127.0.0.1 and each page is opened once, as a
reader on a phone opens it, in dark at 390 px. A page with boards is checked once its boards in view are live
(the engine ready, every play, course and exercise board rebuilt by it, every worked example offering "try
it from here"), and once every board further down has been drawn and gone live too. Then the same page is
turned to light at a desktop's 1280 px, as a reader turns a tablet or changes the system's look, and checked
again: its boards stay drawn and live and the theme follows (one start of the engine a page, not two: each
start is a few seconds of Pyodide, and the crawl is the test command's longest test). The crawl records, for
each page and look:

- errors: console errors, page errors and failed requests;
- requests that leave 127.0.0.1 (a class's network may have no internet);
- boards: every board's place drawn by its module;
- on the phone, whether the page scrolls sideways, and how much a play page moved as it loaded (CLS);
- axe-core's WCAG 2.1 A/AA violations in our markup (``tests/browser/axe.py``).

Each test below then asserts one of these over every page, so a failure names every page it concerns.
The pages' heads (deferred scripts, one stylesheet, no search index but on the search page) are read
from the built files. The examples' and lessons' stepping, which live boards replace, is checked without
the engine (``tests/book/test_book_in_browser.py``).
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field

import pytest

from tests.browser.axe import AXE, report, violations
from tests.browser.drivers import draw_every_board

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not AXE.is_file(), reason="axe-core is installed by npm ci")]

#: How a reader's screen is set: (colour scheme, width in px), in the order the crawl shows a page in them.
LOOKS = (("dark", 390), ("light", 1280))
#: Where a page may send requests: the local server, and what the page makes itself.
LOCAL = ("http://127.0.0.1:", "blob:", "data:", "about:")
#: Going live waits for Pyodide (a few seconds on two busy cores).
LIVE_MS = 90_000
#: The most a play page may move as it loads, on a phone (Lighthouse calls 0.1 good).
MOST_SHIFT = 0.05

#: Collects every layout shift of the page from its start (the browser's Layout Instability API).
SHIFTS = """window.captureShifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.captureShifts.push(e.value); })
  .observe({ type: "layout-shift", buffered: true });"""
#: Whether every board of the page is live: the engine ready, and every board but a worked example rebuilt.
ALL_LIVE = """() => {
  const boards = window.captureBoards ? [...window.captureBoards.values()] : [];
  if (!boards.length) return true;
  if (!window.captureEngine) return false;
  return boards.every((b) => b.kind === "example" || b.live || b.failure);
}"""


@dataclass
class Visit:
    """What one page showed in one look."""

    path: str
    look: tuple[str, int]
    problems: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    places: int = 0
    drawn: int = 0
    live: bool = True
    wide: int = 0
    shift: float = 0.0
    axe: list[dict] = field(default_factory=list)

    @property
    def where(self) -> str:
        """The page and its look, as a failure names it."""
        return f"{self.path} ({self.look[0]}, {self.look[1]} px)"


def book_pages(html) -> list[str]:
    """Every page a reader reads: the chapters, the front matter and the teacher's pages (the redirecting front
    door, the search page and the generated index aside)."""
    return sorted(p.relative_to(html).as_posix() for p in html.rglob("*.html")
                  if "_static" not in p.parts and "reports" not in p.parts and "summaries" not in p.parts
                  and "print-and-play" not in p.parts and p.name not in ("genindex.html", "search.html")
                  and 'http-equiv="Refresh"' not in p.read_text(encoding="utf-8")[:200])


#: Resolves after the browser has drawn twice: what the boards' modules were told has been drawn.
DRAWN = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _live(page) -> bool:
    """Whether every board the page has drawn went live within ``LIVE_MS``."""
    try:
        page.wait_for_function(ALL_LIVE, timeout=LIVE_MS, polling=100)
    except Exception:  # noqa: BLE001 - recorded, and the page checked as it is
        return False
    return True


def _boards(page, seen: Visit) -> None:
    """Record, in ``seen``, how many boards the page has, whether they went live and how many are drawn."""
    seen.places = page.locator(".capture-static-board").count()
    if seen.places:
        # First as the reader sees it, unscrolled: the boards in view go live, and how much that moved the page
        # is read then (drawing the boards below, as the next step does, moves what is below the reader's view).
        seen.live = _live(page)
        seen.shift = sum(page.evaluate("window.captureShifts || []"))
        # Then every board, as a reader who scrolls down the page has the loader draw them (mountWhenNear), so
        # that axe reads every live board in both looks (a board's colours in dark are its own).
        draw_every_board(page)
        seen.live = _live(page) and seen.live
        page.evaluate(DRAWN)
        seen.drawn = page.locator(".capture-static-board.capture-board").count()
    theme = page.evaluate("document.documentElement.dataset.theme")
    if theme != seen.look[0]:
        seen.problems.append(f"the theme is {theme!r}, not the reader's {seen.look[0]!r}")
    seen.wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    seen.axe = violations(page)


def visit(context, base: str, path: str) -> list[Visit]:
    """Open ``path`` in ``context`` in the first of ``LOOKS``, turn it to each other look, and record what the
    crawl checks in each (see the module's docstring)."""
    looks = [Visit(path, look) for look in LOOKS]
    started = time.monotonic()
    page = context.new_page()
    page.set_default_timeout(20_000)
    # No error at all, the theme's included: sphinx-thebe's configuration is gone ("Identifier 'THEBE_JS_URL'
    # has already been declared") and the theme's mode is set ("Got invalid theme mode"). Each is recorded
    # against the look the page was in.
    now = [looks[0]]
    page.on("console", lambda m: m.type == "error" and now[0].problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: now[0].problems.append(f"error: {e}"))
    page.on("requestfailed", lambda r: now[0].problems.append(f"failed request: {r.url}"))
    page.on("request", lambda r: not r.url.startswith(LOCAL) and now[0].outside.append(r.url))
    page.goto(f"{base}/{path}")
    page.wait_for_load_state("load")
    _boards(page, looks[0])
    for seen in looks[1:]:
        now[0] = seen
        scheme, width = seen.look
        page.set_viewport_size({"width": width, "height": 900})
        page.emulate_media(color_scheme=scheme)
        page.evaluate(DRAWN)
        _boards(page, seen)
    page.close()
    if os.environ.get("CAPTURE_CRAWL_LOG"):
        with open(os.environ["CAPTURE_CRAWL_LOG"], "a", encoding="utf-8") as log:
            log.write(f"{time.monotonic() - started:6.1f} s {path} boards={looks[0].places}\n")
    return looks


@pytest.fixture(scope="module")
def crawl(browser, book_site) -> list[Visit]:
    """Every page in every look (``LOOKS``), each page opened once."""
    base, html = book_site
    pages = book_pages(html)
    assert len(pages) > 40, pages
    (scheme, width), visits = LOOKS[0], []
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    context.add_init_script(SHIFTS)
    for path in pages:
        visits += visit(context, base, path)
    context.close()
    return visits


def test_no_page_logs_an_error(crawl):
    bad = [f"{v.where}: {v.problems}" for v in crawl if v.problems]
    assert not bad, "\n".join(bad)


def test_no_page_asks_anything_of_another_address(crawl):
    bad = [f"{v.where}: {v.outside}" for v in crawl if v.outside]
    assert not bad, "\n".join(bad)


def test_every_board_is_drawn_and_goes_live(crawl):
    bad = [f"{v.where}: {v.places - v.drawn} of {v.places} boards not drawn" for v in crawl if v.drawn != v.places]
    bad += [f"{v.where}: its boards did not go live within {LIVE_MS // 1000} s" for v in crawl if not v.live]
    assert not bad, "\n".join(bad)


def test_no_page_scrolls_sideways_on_a_phone(crawl):
    bad = [f"{v.where}: {v.wide} px too wide" for v in crawl if v.look[1] < 1000 and v.wide > 0]
    assert not bad, "\n".join(bad)


def test_no_play_page_moves_as_its_boards_are_drawn_and_go_live(crawl):
    plays = [v for v in crawl if v.look[1] < 1000 and v.path.endswith("/play.html") and v.places]
    assert len(plays) >= 4, [v.path for v in plays]
    bad = [f"{v.where}: moved by {v.shift:.3f}" for v in plays if v.shift >= MOST_SHIFT]
    assert not bad, "\n".join(bad)


def test_no_page_breaks_wcag_with_its_boards_live_in_light_or_dark(crawl):
    bad = [report(v.axe, v.where) for v in crawl if v.axe]
    assert not bad, "\n".join(bad)


def test_pages_defer_their_scripts_and_load_one_stylesheet(built_book):
    html = built_book["html"]
    bad = []
    for path in book_pages(html):
        text = (html / path).read_text(encoding="utf-8")
        if "THEBE_JS_URL" in text or "sphinx-thebe" in text or "fontawesome.js" in text:
            bad.append(f"{path}: carries sphinx-thebe or fontawesome")
        head = text.split("</head>", 1)[0]
        blocking = [src.split("?")[0].rsplit("/", 1)[-1]
                    for attrs, src in re.findall(r'<script([^>]*)src="([^"]+)"', head)
                    if "defer" not in attrs and "async" not in attrs]
        if blocking != ["documentation_options.js"]:
            bad.append(f"{path}: scripts that hold up the first paint: {blocking}")
        # One stylesheet for the theme and the book, the boards' own beside it; no search index but on its page.
        sheets = [link for link in re.findall(r'<link[^>]*rel="stylesheet"[^>]*>', head)
                  if "data-capture-board-style" not in link]
        if len(sheets) != 1:
            bad.append(f"{path}: {len(sheets)} stylesheets")
        if "searchindex.js" in head or "searchtools.js" in head:
            bad.append(f"{path}: loads the search index")
    assert "searchindex.js" in (html / "search.html").read_text(encoding="utf-8")
    assert not bad, "\n".join(bad)
