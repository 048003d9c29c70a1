"""The live book loads fast and keeps working offline (issue 26): in Chromium, over ``capture serve``'s server.

- Every page's own checks (no error logged, scripts deferred, one stylesheet, nothing moving as the boards go
  live) are the one crawl of the book's (``tests/browser/test_book_pages.py``).
- What the server sends is compressed (brotli), and a play page's first visit downloads at most 6 MB.
- The engine runs on the trimmed standard library the build wrote (``book/_ext/engine_runtime.py``).
- A second visit downloads nothing of the runtime, the engine or the boards (the service worker has them),
  and with the network gone a page read before opens again and goes live.
"""

from __future__ import annotations

import threading

import pytest

pytestmark = pytest.mark.browser

#: The issue's budget for a cold play page, in bytes.
MOST_BYTES = 6_000_000
LIVE_MS = 90_000
LIVE = """() => {
  const boards = window.captureBoards ? [...window.captureBoards.values()] : [];
  return boards.some((b) => b.kind === "play" && b.live);
}"""


#: Every path the server was asked for, in order: what reached the server, not what a cache answered.
SERVED: list[str] = []


@pytest.fixture(scope="module")
def site(built_book):
    """The built book served by ``capture serve``'s server on a free port of 127.0.0.1; what the server is
    asked for is recorded in ``SERVED``."""
    from capture_lib.classroom.static import make_server

    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    server = make_server(built_book["html"], 0, "127.0.0.1")
    # Tornado calls the application's log function once for every request it answered: record its path.
    logged = server.application.settings.get("log_function")

    def record(handler) -> None:
        SERVED.append(handler.request.uri)
        if logged is not None:
            logged(handler)

    server.application.settings["log_function"] = record
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class Visit:
    """A page of a browser context: every answer it received (from the network, the cache or the service
    worker) and every error it logged."""

    def __init__(self, context) -> None:
        self.context = context
        self.errors: list[str] = []
        self.answers: list[dict] = []
        context.on("response", self._answered)
        self.page = context.new_page()
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"error: {e}"))

    def _answered(self, response) -> None:
        request = response.request
        try:
            size = request.sizes()["responseBodySize"]
        except Exception:  # noqa: BLE001 - a response whose body the browser dropped (a redirect, a 304)
            size = 0
        self.answers.append({"url": response.url, "status": response.status, "size": max(size, 0),
                             "worker": response.from_service_worker,
                             "encoding": response.headers.get("content-encoding", "")})

    def go_live(self, url: str) -> None:
        self.answers.clear()
        self.page.goto(url)
        self.page.wait_for_function(LIVE, timeout=LIVE_MS, polling=100)


def test_a_cold_play_page_is_compressed_and_small_and_runs_the_trimmed_library(browser, site, built_book):
    context = browser.new_context()
    visit = Visit(context)
    visit.go_live(f"{site}/book/card-commander/play.html")
    runtime = [a for a in visit.answers if "/_static/capture/runtime/" in a["url"] and a["url"].endswith(".wasm")]
    assert runtime and runtime[0]["encoding"] == "br", runtime
    sent = sum(a["size"] for a in visit.answers)
    assert sent <= MOST_BYTES, f"a cold play page downloaded {sent / 1e6:.1f} MB"
    stdlib = [a["url"] for a in visit.answers if a["url"].endswith("python_stdlib.zip")]
    assert stdlib and "/_static/capture/engine/" in stdlib[0] and "-whole/" not in stdlib[0], stdlib
    assert not visit.errors, visit.errors
    context.close()


def test_a_second_visit_downloads_no_runtime_and_works_offline(browser, site):
    context = browser.new_context()
    visit = Visit(context)
    url = f"{site}/book/command-capture/play.html"
    visit.go_live(url)
    visit.page.wait_for_function("window.captureOffline === true", timeout=LIVE_MS)
    # A second visit: the runtime, the engine and the boards come from the service worker (or from the
    # browser's memory, which may keep a file the first visit used), none from the server.
    assert [path for path in SERVED if "/_static/capture/" in path], "the first visit's files are not recorded"
    SERVED.clear()
    visit.go_live(url)
    fixed = [a for a in visit.answers if "/_static/capture/" in a["url"]]
    assert fixed and any(a["worker"] for a in fixed), "the service worker answered nothing"
    assert not [path for path in SERVED if "/_static/capture/" in path], SERVED
    # The network gone: the page opens again from what the service worker kept, and goes live.
    context.set_offline(True)
    visit.go_live(url)
    assert visit.page.locator(".capture-live-status").first.inner_text().startswith("Live")
    assert not visit.errors, visit.errors
    context.close()


