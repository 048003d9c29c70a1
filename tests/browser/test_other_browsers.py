"""The live book in the other browsers a class uses: Firefox ESR (WebDriver BiDi) and WebKitGTK (WebKitWebDriver).

The same smoke test as Chromium's (``test_live_book.py``), on each game's play page served by ``capture
serve``'s server: the page goes live, a move the game forbids is refused with the engine's reason and
the board as it was, the computer answers a move, the page keeps a claim on the game, and after a reload the page
goes live again and offers to resume the game (``resume_kept``). Every page reports no error.
The pages are driven through what the page loader gives tests (``window.captureBoards``: each board's
model, what its module sent, the engine's answers), the same for both browsers; Chromium's test clicks.

Each browser comes from Debian's packages (``tools/test.sh`` installs ``firefox-esr``, ``webkit2gtk-driver``
and ``xvfb`` as root); where one is missing, its tests are skipped with the reason.
"""

from __future__ import annotations

import json
import threading

import pytest

from tests.registry import chapters

from .drivers import KEPT_GAMES
from .other_browsers import BROWSERS, find_firefox, find_webkit

pytestmark = pytest.mark.browser

#: The games with a chapter in the book (its play page), in the book's order.
GAMES = chapters()
#: Going live waits for Pyodide: several seconds cold, up to half a minute in WebKit on two busy cores, and
#: minutes when other test runs load them too (the drivers' own script timeout is longer still).
LIVE_SECONDS = 240
#: The longest a move's answer may take (the engine answers a page's messages in order, the boards' starts first).
ANSWER_SECONDS = 180

#: The first play board of the page, once live: its index among the loader's boards.
WAIT_LIVE = """
const deadline = Date.now() + LIVE_MS;
while (Date.now() < deadline) {
  const boards = window.captureBoards ? [...window.captureBoards.values()] : [];
  const index = boards.findIndex((b) => b.kind === "play" && b.live);
  if (index >= 0) return index;
  const failed = boards.find((b) => b.failure);
  if (failed) throw new Error(`the engine failed: ${failed.failure}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
throw new Error("no play board went live");
""".replace("LIVE_MS", str(LIVE_SECONDS * 1000))

#: Send a message from the board's module (as a click would) and wait for the engine's answer; the values.
SEND = """
const board = [...window.captureBoards.values()][%d];
const before = board.answers || 0;
board.model.send(%s);
const deadline = Date.now() + ANSWER_MS;
while ((board.answers || 0) <= before) {
  if (Date.now() > deadline) throw new Error("the engine did not answer");
  await new Promise((resolve) => setTimeout(resolve, 50));
}
if (board.failure) throw new Error(`the engine failed: ${board.failure}`);
const scene = board.model.get("scene") || {};
return {legal: (scene.actions || []).map((a) => a.notation), scene, log: board.model.get("log") || [],
        message: board.model.get("message") || "", kind: board.model.get("message_kind") || ""};
"""

VALUES = """
const board = [...window.captureBoards.values()][%d];
const scene = board.model.get("scene") || {};
return {legal: (scene.actions || []).map((a) => a.notation), scene, log: board.model.get("log") || [],
        message: board.model.get("message") || "", kind: board.model.get("message_kind") || ""};
"""


@pytest.fixture(scope="module")
def live_site(built_book):
    """The built book served by ``capture serve``'s server on a free port of 127.0.0.1."""
    from capture_lib.classroom.static import make_server

    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    server = make_server(built_book["html"], 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _missing(name: str) -> str | None:
    if name == "firefox" and find_firefox() is None:
        return "Debian's firefox-esr is not installed (tools/test.sh installs it as root)"
    if name == "webkit" and find_webkit() is None:
        return "Debian's webkit2gtk-driver (WebKitWebDriver, MiniBrowser) or xvfb is not installed"
    return None


@pytest.fixture(scope="module", params=sorted(BROWSERS))
def other_browser(request):
    """Firefox or WebKit, one for every test of this module; skipped with the reason where missing."""
    reason = _missing(request.param)
    if reason:
        pytest.skip(reason)
    browser = BROWSERS[request.param]()
    yield browser
    browser.close()


def send(browser, index: int, message: dict) -> dict:
    """Send ``message`` from board ``index`` and return its values once the engine has answered."""
    return browser.run((SEND % (index, json.dumps(message))).replace("ANSWER_MS", str(ANSWER_SECONDS * 1000)))


#: After a reload: the claims still kept, and whether the played board offers its game back.
OFFER = """
const deadline = Date.now() + 10000;
const board = [...window.captureBoards.values()][%d];
while (Date.now() < deadline) {
  const offer = board.root.querySelector(".cap-resume button");
  if (offer) return offer.textContent;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
return "";
"""


def resume_kept(browser, claims: dict[str, str], index: int) -> None:
    """After the reload: the page still keeps the claim on the game in progress (under the board's own key),
    the board is live again, and it offers to resume the game (the per-board resume of board.js; the
    Chromium test, ``test_resume.py``, clicks the offer and compares the logs)."""
    assert claims, "the page kept no claim on the game in progress"
    # The same boards still keep their games (a claim may have moved on: the page keeps the game once more as
    # it hides, after the computer's last reply).
    assert set(browser.run(KEPT_GAMES)) >= set(claims), "going live threw the kept game away"
    assert browser.run(VALUES % index)["legal"], "the reloaded board offers no move"
    assert browser.run(OFFER % index) == "resume the game", "the reloaded board offers no resume"


#: WebKit once skipped three play pages here as too slow: alone they went live, but in the suite they stayed on
#: "Loading the engine" past 240 s. The cause was not WebKit's speed: the test moves and reloads in one tab, and
#: the engine then waited for ever on the kept games' IndexedDB, which the page before held (issue 40; the
#: engine now opens the database for each read or write only, and waits for it 3 s at most: docs/hosts.md,
#: "What a page keeps"). This module's browser is one tab for all its tests, so every play page after the first
#: goes live after another page's kept game and its reload, as a student's tab does from chapter to chapter.


@pytest.mark.parametrize("game", GAMES)
def test_a_play_page_goes_live_refuses_a_move_answers_and_reloads(other_browser, live_site, game):
    browser = other_browser
    browser.open(f"{live_site}/book/{game}/play.html")
    index = browser.run(WAIT_LIVE)
    first = browser.run(VALUES % index)
    assert first["legal"], f"{browser.name}, {game}: the live board offers no move"

    # A move, then one of the first position's moves that is no longer legal: refused, the board unchanged.
    after = send(browser, index, {"type": "play", "action": first["legal"][0]})
    assert after["kind"] == "info", after["message"]
    stale = next((move for move in first["legal"] if move not in after["legal"]), None)
    assert stale is not None, f"{game}: every first move is still legal"
    refused = send(browser, index, {"type": "play", "action": stale})
    assert refused["kind"] == "error" and refused["message"], refused
    assert refused["scene"] == after["scene"] and refused["legal"] == after["legal"]

    # Moves until the computer has answered one of them (some games open with several moves a side).
    values = refused
    for _ in range(40):
        assert values["legal"], f"{game}: no move offered after {values['message']!r}"
        before = len(values["log"])
        values = send(browser, index, {"type": "play", "action": values["legal"][0]})
        assert values["kind"] == "info", values["message"]
        if len(values["log"]) > before + 1:
            break
    else:
        pytest.fail(f"{browser.name}, {game}: the computer never answered")

    claims = browser.run(KEPT_GAMES)
    problems = browser.problems()
    browser.reload()
    resume_kept(browser, claims, browser.run(WAIT_LIVE))
    assert not problems, f"{browser.name}, {game}: {problems}"
    assert not browser.problems(), f"{browser.name}, {game} after the reload: {browser.problems()}"
