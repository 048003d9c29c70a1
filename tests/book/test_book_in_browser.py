"""The built book's pictures in a real browser, without the engine: from a plain folder, on a phone, by keyboard,
to a screen reader. Every page's own checks are one crawl of the live book (``tests/browser/test_book_pages.py``)."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from tests.browser.drivers import draw_every_board

pytestmark = pytest.mark.browser

#: The two harmless messages the book theme prints on every page.
THEME_NOISE = ("THEBE_JS_URL", "Got invalid theme mode")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without logging every request to the test output."""

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="module")
def site(built_book):
    """The built book served on 127.0.0.1 by ``http.server`` (the pages must also work from a plain folder)."""
    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    html = built_book["html"]
    handler = functools.partial(QuietHandler, directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{server.server_address[1]}", "dir": html}
    server.shutdown()


#: The window these tests read pages in.
VIEWPORT = {"width": 1100, "height": 900}


def open_page(browser, url: str, context=None):
    """A new page at ``url`` without the engine, of ``context`` where given (its pages share the browser's cache),
    else in a context of its own; the page, its problems and the requests it sent off the machine."""
    page = context.new_page() if context is not None else browser.new_page(viewport=VIEWPORT)
    # These tests are about the pictures every page steps through; the engine (tests/browser/test_live_book.py)
    # would turn boards live in the middle of them.
    page.add_init_script("delete window.Worker;")
    problems: list[str] = []
    outside: list[str] = []
    page.on("console", lambda m: m.type == "error" and not any(n in m.text for n in THEME_NOISE)
            and problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: not any(n in str(e) for n in THEME_NOISE) and problems.append(f"error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed request: {r.url}"))
    page.on("request", lambda r: r.url.startswith(("http://", "https://"))
            and not r.url.startswith(("http://127.0.0.1", "http://localhost")) and outside.append(r.url))
    page.goto(url)
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    return page, problems, outside


def test_pages_work_from_a_plain_folder(browser, built_book):
    page_path = built_book["html"] / "book" / "card-commander" / "rules.html"
    page, problems, _ = open_page(browser, page_path.as_uri())
    draw_every_board(page)  # the loader draws a board when the reader comes near it
    assert page.locator(".capture-static-board.capture-board").count() >= 3
    assert not problems, problems
    page.close()


def test_chapter_readable_on_a_phone(browser, site, tmp_path):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{site['url']}/book/card-commander/rules.html")
    draw_every_board(page)
    board = page.locator(".capture-static-board.capture-board").first
    box = board.bounding_box()
    assert box is not None and box["width"] <= 390, f"the board is {box and box['width']} px wide on a phone"
    page.screenshot(path=str(tmp_path / "phone.png"))
    page.close()


def test_examples_step_with_the_keyboard(browser, site):
    page, problems, _ = open_page(browser, f"{site['url']}/book/card-commander/rules.html")
    draw_every_board(page)  # the loader draws a board when the reader comes near it
    board = page.locator(".capture-static-board").filter(has=page.locator(".cap-stepper")).first
    forward = board.get_by_role("button", name="next step")
    forward.focus()
    page.keyboard.press("Enter")
    assert board.locator(".cap-step-count").inner_text() == "step 1 of 2"
    # The step buttons are redrawn; focus the new one and go on with the keyboard alone.
    board.get_by_role("button", name="next step").focus()
    page.keyboard.press("Enter")
    assert board.locator(".cap-step-count").inner_text() == "step 2 of 2"
    assert not problems, problems
    page.close()


def test_boards_have_text_for_screen_readers(browser, site):
    # A picture's places (a worked example from the folder: no engine) are images named by what is on them.
    page, _, _ = open_page(browser, f"{site['url']}/book/card-commander/rules.html")
    draw_every_board(page)  # the loader draws a board when the reader comes near it
    places = page.locator(".capture-board [role=img][aria-label]")
    assert places.count() > 20
    labels = [places.nth(i).get_attribute("aria-label") for i in range(min(places.count(), 60))]
    assert all(label.strip() for label in labels)
    assert any("face-down card" in label for label in labels), labels[:10]
    page.close()



def test_examples_and_lessons_step_forward_and_back_without_the_engine(browser, site):
    # Every page with boards, as a reader without the engine sees it (from a folder, or before it is ready).
    pages = sorted(p for p in (site["dir"] / "book").rglob("*.html")
                   if "capture-static-board" in p.read_text(encoding="utf-8"))
    assert len(pages) >= 8
    context = browser.new_context(viewport=VIEWPORT)  # one cache for every page, as a reader's
    for path in pages:
        url = f"{site['url']}/{path.relative_to(site['dir']).as_posix()}"
        page, problems, _ = open_page(browser, url, context)
        steppers = page.locator(".capture-static-board").filter(has=page.locator(".cap-stepper"))
        for i in range(steppers.count()):
            board = steppers.nth(i)
            before = board.inner_html()
            if board.locator(".cap-lesson").count():
                # A lesson's pictures are its questions (no answer in the page): a picture names no move.
                board.get_by_role("button", name="next picture").click()
                assert board.inner_html() != before, f"{path.name}: the next picture changed nothing"
                board.get_by_role("button", name="previous picture").click()
                continue
            board.get_by_role("button", name="next step").click()
            assert board.locator(".cap-step-action").inner_text().strip(), f"{path.name}: step 1 shows no notation"
            assert board.inner_html() != before
            board.get_by_role("button", name="previous step").click()
            assert board.inner_html() == before
            assert board.locator(".cap-step-action").count() == 0
        assert not problems, f"{path.name}: {problems}"
        page.close()
    context.close()
