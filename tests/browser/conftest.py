"""Fixtures of the live-board browser tests: a Voila server on the play pages, pages that record errors."""

from __future__ import annotations

import pytest

from .servers import start_voila

#: Messages that are not the boards' fault (none known so far).
NOISE: tuple[str, ...] = ()


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """``capture serve`` (Voila on the chooser and the play pages) for the tests of one module."""
    server = start_voila(tmp_path_factory.mktemp("voila"))
    yield server
    server.stop()


def watch(page) -> None:
    """Collect in ``page.problems`` its console errors, page errors, failed requests and requests that leave
    127.0.0.1 (a classroom server must work with no internet)."""
    page.set_default_timeout(20_000)
    page.problems = []
    page.on("console", lambda m: m.type == "error" and not any(n in m.text for n in NOISE)
            and page.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: page.problems.append(f"error: {e}"))
    page.on("requestfailed", lambda r: not any(n in r.url for n in NOISE)
            and page.problems.append(f"failed request: {r.url}"))
    page.on("request", lambda r: r.url.startswith(("http:", "https:", "ws:", "wss:"))
            and not r.url.split("//", 1)[1].startswith("127.0.0.1")
            and page.problems.append(f"left 127.0.0.1: {r.url}"))


@pytest.fixture
def open_page(browser):
    """Open a URL in a fresh page of its own context whose problems are collected (see ``watch``)."""
    opened = []

    def opener(url: str):
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        context.on("page", watch)  # pages the page opens (links to a new tab) are watched too
        page = context.new_page()
        page.goto(url)
        opened.append(context)
        return page

    yield opener
    for context in opened:
        for page in context.pages:
            if not page.is_closed():
                try:
                    page.close(run_before_unload=True)  # the page asks Voila to stop its kernel
                except Exception:  # noqa: BLE001 - a page that is already closing
                    pass
        context.close()
