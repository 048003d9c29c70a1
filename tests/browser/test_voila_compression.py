"""The class server compresses what a move sends (issue 38): a board's page and its kernel talk over a WebSocket
that ``capture serve`` opens with permessage-deflate (RFC 7692), the window kept from message to message, so
that the scene sent before is the dictionary for the next (``bench/bench_update_bytes.py``: a move costs 0.3 to
3 KB in place of 11 to 32).

The browser's own handshake is read from Chromium's network events, on one play page: the server must have
answered every WebSocket the page opened with the extension, and the board must be drawn through it.
"""

from __future__ import annotations

import pytest

from capture_lib.classroom.voila import book_dir, play_pages

pytestmark = pytest.mark.browser

FIRST_DRAW_MS = 120_000


def test_a_play_pages_kernel_talks_over_a_compressed_websocket(voila, open_page):
    page_path = play_pages(book_dir())[0].path
    handshakes: list[dict] = []
    page = open_page("about:blank")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.on("Network.webSocketHandshakeResponseReceived", lambda event: handshakes.append(event["response"]))
    page.goto(f"{voila.url}/voila/render/{page_path}?token={voila.token}")
    board = page.locator(".capture-board").first
    board.locator(".cap-status").first.wait_for(timeout=FIRST_DRAW_MS)
    assert handshakes, "the page opened no WebSocket to its kernel"
    extensions = [{k.lower(): v for k, v in h.get("headers", {}).items()}.get("sec-websocket-extensions", "")
                  for h in handshakes]
    assert extensions and all("permessage-deflate" in e for e in extensions), extensions
    assert not page.problems, page.problems
