"""The live book from page to page (issue 40): every page's boards go live after moves, links, Back and reloads,
in Chromium, Firefox and WebKit, and a reload in the middle of a turn loses nothing.

A page the reader left can stay in the browser's back-forward cache with its engine, frozen; the next page's
engine once waited for ever on the kept games' database that the frozen page held, its boards on "Loading the
engine" (WebKit every time, Firefox at times). Here a reader plays a move that ends a turn, follows a link to the
game's course, goes Back, reloads and resumes the game; then, in Chromium, stops halfway through a turn (a set-up
of several pieces, a roll and its moves), reloads, and resumes exactly there, and closes the tab and comes back.
Chromium also locks the phone (the page hears it is hidden) before a reload, and Firefox and WebKit stop halfway
through a turn, reload, follow a link away and come Back. Each page must have every board live
(``drivers.EVERY_BOARD_LIVE``) and report no error; the live engine writes the kept game to the browser's
database exactly once for each time its board keeps it.
"""

from __future__ import annotations

import json
import threading

import pytest

from capture_lib import list_games
from capture_lib.session.board import BoardController

from .drivers import EVERY_BOARD_LIVE, KEPT_GAMES
from .other_browsers import BROWSERS, ERRORS, ScriptFailed, find_firefox, find_webkit, settle

pytestmark = pytest.mark.browser

GAMES = list_games()
#: Each browser plays another game's pages (every browser plays every game in test_other_browsers.py).
BROWSER_GAMES = {"chromium": GAMES[0], "firefox": GAMES[1 % len(GAMES)], "webkit": GAMES[2 % len(GAMES)]}
#: The longest one move's answer may take (the computer's reply at its level, on a busy machine).
ANSWER_MS = 120_000

#: Plays the first legal action of the page's first live play board until the computer has answered one (a turn
#: ended); the board's id and its log.
END_A_TURN = """
const board = [...window.captureBoards.values()].find((b) => b.kind === "play" && b.live);
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
for (let i = 0; i < 40; i++) {
  const before = board.model.get("log").length, answers = board.answers || 0, deadline = Date.now() + ANSWER_MS;
  board.model.send({type: "play", action: board.model.get("scene").actions[0].notation});
  while ((board.answers || 0) === answers) { if (Date.now() > deadline) throw new Error("no answer"); await pause(); }
  if (board.model.get("message_kind") === "error") throw new Error(board.model.get("message"));
  if (board.model.get("log").length > before + 1) return {id: board.root.id, log: board.model.get("log")};
}
throw new Error("the computer never answered");
""".replace("ANSWER_MS", str(ANSWER_MS))

#: Waits (up to ANSWER_MS) until board ID, live, shows its game under way or its offer to resume one: the board
#: draws its answers a few frames after they come (one board a frame), so a board just live may not show it yet.
OFFERED = """
const board = window.captureBoards.get(ID);
const offered = () => board.root.querySelector(".cap-resume button.cap-primary");
const waitUntil = Date.now() + ANSWER_MS;
while (!offered() && !(board.model.get("values") || {}).under_way && Date.now() < waitUntil) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
""".replace("ANSWER_MS", str(ANSWER_MS))

#: Where the reload left board ID: whether it offers to resume, and its log (a page back from the back-forward
#: cache shows the game itself).
SHOWN = OFFERED + """
const offer = offered();
return {offer: offer ? offer.textContent : "", log: board.model.get("log") || []};
"""

#: Clicks board ID's offer to resume and waits for the engine's answer; the board's log and whose turn it is.
RESUME = OFFERED + """
const answers = board.answers || 0, deadline = Date.now() + ANSWER_MS;
if (!offered()) throw new Error(`no offer to resume: ${board.status.textContent}`);
offered().click();
while ((board.answers || 0) === answers) {
  if (Date.now() > deadline) throw new Error("no answer to the resume");
  await new Promise((resolve) => setTimeout(resolve, 50));
}
return {log: board.model.get("log"), message: board.model.get("message"),
        legal: (board.model.get("scene").actions || []).length};
""".replace("ANSWER_MS", str(ANSWER_MS))

#: Follows the page's link to ``HREF`` as a reader's tap does; the page left and the page the link leads to.
FOLLOW = """
const link = [...document.querySelectorAll("a[href]")].find((a) => a.href.split("#")[0].endsWith(HREF));
if (!link) throw new Error(`no link to ${HREF}`);
setTimeout(() => link.click(), 0);
return [location.href, link.href];
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


class Chromium:
    """A Playwright tab of Debian's Chromium with the other browsers' small interface (``other_browsers.py``)."""

    name = "Chromium"

    def __init__(self, browser) -> None:
        self.context = browser.new_context(viewport={"width": 1100, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(f"error: {err}"))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))

    def open(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def back(self) -> None:
        self.page.go_back()

    def run(self, body: str, timeout: float = 300):
        try:
            return self.page.evaluate(f"async () => {{{body}}}")
        except Exception as err:  # noqa: BLE001 - Playwright's error, as the other browsers' drivers raise theirs
            raise ScriptFailed(str(err)) from None

    def problems(self) -> list[str]:
        return [e for e in self.errors if "THEBE_JS_URL" not in e and "theme mode" not in e]

    def close(self) -> None:
        self.context.close()


@pytest.fixture(params=sorted(BROWSER_GAMES))
def tab(request):
    """A tab of Chromium, Firefox or WebKit; skipped with the reason where the browser is missing."""
    name = request.param
    if name == "chromium":
        opened = Chromium(request.getfixturevalue("browser"))
    else:
        if (find_firefox() if name == "firefox" else find_webkit()) is None:
            pytest.skip(f"{name} is not installed (tools/test.sh installs it as root)")
        opened = BROWSERS[name]()
    opened.game = BROWSER_GAMES[name]
    yield opened
    opened.close()


def all_live(tab) -> int:
    """Wait until every board of the tab's page is live; how many boards it has."""
    return tab.run(EVERY_BOARD_LIVE)


def follow(tab, href: str) -> None:
    """Follow the page's link to ``href`` and wait for the page it leads to."""
    left, target = tab.run(FOLLOW.replace("HREF", json.dumps(href)))
    settle(tab, left, target)
    if tab.name == "WebKit":
        tab.run(ERRORS)  # WebKit's driver reports no errors itself: the page's listener is set again


def test_boards_go_live_after_a_move_a_link_back_and_a_reload(tab, live_site):
    game = tab.game
    tab.open(f"{live_site}/book/{game}/play.html")
    assert all_live(tab) >= 1
    played = tab.run(END_A_TURN)
    kept = tab.run(KEPT_GAMES)
    assert kept, "the game under way was not kept"

    follow(tab, f"/book/{game}/course.html")
    assert all_live(tab) == 1, "the course's board"

    tab.back()
    all_live(tab)
    # Back from the browser's cache the page shows the game itself; loaded afresh, it offers it.
    shown = tab.run(SHOWN.replace("ID", json.dumps(played["id"])))
    assert shown["log"] == played["log"] or shown["offer"] == "resume the game", shown

    tab.reload()
    all_live(tab)
    assert tab.run(KEPT_GAMES) == kept
    shown = tab.run(SHOWN.replace("ID", json.dumps(played["id"])))
    assert shown["offer"] == "resume the game", shown
    resumed = tab.run(RESUME.replace("ID", json.dumps(played["id"])))
    assert resumed["log"] == played["log"] and resumed["legal"], resumed
    problems = tab.problems()
    assert not problems, f"{tab.name}, {game}: {problems}"


def _mid_turn_games() -> list[str]:
    """The registered games whose player, on a board against the computer, acts more than once in a row from the
    first action on, whatever the deal (a set-up of several pieces): where a reload can fall mid-turn."""
    def several(slug: str, seed: int) -> bool:
        board = BoardController(slug, seed=seed, level="random")
        before = len(board.state.history)
        board.handle({"type": "play", "action": board.legal[0]})
        return len(board.state.history) == before + 1 and bool(board.legal)
    return [slug for slug in GAMES if all(several(slug, seed) for seed in (1, 2, 3))]


#: Plays the first legal action on the page's first play board, which leaves the player to act again (the middle
#: of a turn); the board's id, its log and the number of moves it still offers.
STOP_MID_TURN = """
const board = [...window.captureBoards.values()].find((b) => b.kind === "play" && b.live);
const before = board.model.get("log").length, answers = board.answers || 0;
board.model.send({type: "play", action: board.model.get("scene").actions[0].notation});
while ((board.answers || 0) === answers) await new Promise((resolve) => setTimeout(resolve, 50));
const log = board.model.get("log"), legal = (board.model.get("scene").actions || []).length;
if (log.length !== before + 1 || !legal) throw new Error(`not the middle of a turn: ${log.slice(before)}`);
return {id: board.root.id, log, legal};
"""


#: A phone locked (or the tab sent to the back): the page hears that it is hidden, as a phone's browser says it.
LOCK = """
Object.defineProperty(document, "visibilityState", {configurable: true, get: () => "hidden"});
document.dispatchEvent(new Event("visibilitychange"));
"""


@pytest.mark.parametrize("game", _mid_turn_games())
def test_a_reload_a_locked_phone_or_a_closed_tab_in_the_middle_of_a_turn_loses_nothing(browser, live_site, game):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{live_site}/book/{game}/play.html")
    page.evaluate(f"async () => {{{EVERY_BOARD_LIVE}}}")
    mid = page.evaluate(f"async () => {{{STOP_MID_TURN}}}")
    engine = page.evaluate("window.captureEngine")
    # The live engine keeps every action of the player: the move is in the browser's database before it shows.
    assert engine["writes"] == engine["keeps"] >= 1, f"{engine['writes']} writes for {engine['keeps']} keeps"
    for leave in ("reload", "lock the phone, then reload", "close the tab"):
        if leave == "close the tab":
            page.close()
            page = context.new_page()
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.goto(f"{live_site}/book/{game}/play.html")
        else:
            if leave.startswith("lock"):
                page.evaluate(LOCK)
            page.reload()
        page.evaluate(f"async () => {{{EVERY_BOARD_LIVE}}}")
        resumed = page.evaluate(f"async () => {{{RESUME.replace('ID', json.dumps(mid['id']))}}}")
        assert resumed["log"] == mid["log"], (leave, resumed)
        assert resumed["legal"] == mid["legal"], f"after '{leave}' the turn is not where it was"
    assert not [e for e in errors if "THEBE" not in e], errors
    context.close()


def test_the_middle_of_a_turn_survives_a_reload_and_back_in_each_browser(tab, live_site):
    """In Chromium, Firefox and WebKit: halfway through a turn, a reload, then a link away and Back, resume the turn
    exactly where it was (each browser its own game of several actions a turn, where its game has none)."""
    game = tab.game if tab.game in _mid_turn_games() else _mid_turn_games()[0]
    tab.open(f"{live_site}/book/{game}/play.html")
    all_live(tab)
    mid = tab.run(STOP_MID_TURN)
    tab.reload()
    all_live(tab)
    resumed = tab.run(RESUME.replace("ID", json.dumps(mid["id"])))
    assert (resumed["log"], resumed["legal"]) == (mid["log"], mid["legal"]), f"{tab.name}: after the reload"
    mid = tab.run(STOP_MID_TURN)
    follow(tab, f"/book/{game}/course.html")
    all_live(tab)
    tab.back()
    all_live(tab)
    # Back from the browser's cache the page shows the turn itself; loaded afresh, it offers to resume it.
    shown = tab.run(SHOWN.replace("ID", json.dumps(mid["id"])))
    if shown["log"] != mid["log"]:
        resumed = tab.run(RESUME.replace("ID", json.dumps(mid["id"])))
        assert (resumed["log"], resumed["legal"]) == (mid["log"], mid["legal"]), f"{tab.name}: after Back"
    problems = tab.problems()
    assert not problems, f"{tab.name}, {game}: {problems}"


def test_the_games_with_turns_of_several_actions_are_found():
    assert _mid_turn_games(), "no registered game has a turn of several actions to reload in the middle of"
