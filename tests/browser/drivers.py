"""How a browser test plays any game's live board: one driver, since one renderer draws every game.

Every board is the shared renderer's (``capture_lib/render/web/board.js``): its spaces are buttons with a
``data-space`` id, a click that sends one move at once carries its ``data-notation``, and the buttons of
actions (``.cap-actions``) and of a choice between actions (``.cap-choice``) carry theirs. The driver
builds a move as a player does (a first click, then a marked square or a button), choosing with a seeded
generator, and a game's ``prefer`` only steers which move, so that a whole game against the computer ends
in a few dozen moves. It checks only what holds in every game: the move it readied is the one the board
names, the move log grows, and a refused move changes nothing.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.registry import declared

#: The board's heading line, the move log's summary ("move log (N lines)"): it changes with every move.
STATUS = ".cap-status strong"
PROGRESS = ".cap-log summary"


#: The games a page keeps for resuming after a reload, by storage key (a function's body, for any browser's
#: driver): the board keeps each under ``capture-resume:`` and its place on the page (``resumeKey`` in
#: ``board.js``).
KEPT_GAMES = """
const out = {};
for (let i = 0; i < localStorage.length; i++) {
  const key = localStorage.key(i);
  if (key.startsWith("capture-resume:")) out[key] = localStorage.getItem(key);
}
return out;
"""


def kept_games(page) -> dict[str, str]:
    """The games a Playwright page keeps for resuming, by storage key (``KEPT_GAMES``)."""
    return page.evaluate(f"() => {{{KEPT_GAMES}}}")


#: How long a page's boards may take to go live: Pyodide's start, seconds cold, up to half a minute in WebKit on
#: two busy cores, longer when other test runs load the machine too.
LIVE_SECONDS = 240

#: Brings each board's place of the page into view in turn until the page loader has drawn it (it draws a board
#: only when the reader comes near it), then back to the top; a function's body for any browser's driver (as
#: ``EVERY_BOARD_LIVE``), returning how many boards the page has.
DRAW_EVERY_BOARD = """
const deadline = Date.now() + LIVE_MS;
const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
const places = [...document.querySelectorAll(".capture-static-board[data-capture-module]")];
for (const place of places) {
  if (!place.classList.contains("capture-board")) place.scrollIntoView({ block: "center" });
  while (!place.classList.contains("capture-board")) {
    if (place.dataset.captureError) throw new Error(`board ${place.id} was not drawn: ${place.dataset.captureError}`);
    if (Date.now() > deadline) throw new Error(`board ${place.id} was never drawn`);
    await pause();
  }
}
window.scrollTo(0, 0);
""".replace("LIVE_MS", str(LIVE_SECONDS * 1000))

#: Waits until every board of the page is live, as a function's body for any browser's driver (Playwright's
#: ``evaluate``, the other browsers' ``run``); returns how many boards the page has. Each board is drawn first
#: (``DRAW_EVERY_BOARD``), then, where the page runs the engine, every game and lesson must be live and every
#: worked example offer "try it from here". Throws with the engine's reason where it failed, or with each
#: board's status line where time ran out (a board stuck on "Loading the engine").
EVERY_BOARD_LIVE = DRAW_EVERY_BOARD + """
const recipe = (place) => {
  const data = document.querySelector(`script.capture-board-data[data-board="${place.id}"]`);
  return !!(data && JSON.parse(data.textContent).recipe);
};
const stuck = () => [...(window.captureBoards || new Map()).values()]
  .map((b) => `${b.root.id}: ${b.status.textContent}`);
// Read once every board is drawn: the page loader has run by then (it marks a page it can run the engine on).
const served = document.documentElement.classList.contains("capture-served") && typeof Worker !== "undefined";
const engined = served ? places.filter(recipe) : [];
for (;;) {
  const boards = [...(window.captureBoards || new Map()).values()];
  const failed = boards.find((b) => b.failure);
  if (failed) throw new Error(`the engine failed on ${failed.root.id}: ${failed.failure}`);
  const ready = (b) => (b.kind === "example" ? !!window.captureEngine && !b.opening : b.live);
  if (boards.length === engined.length && boards.every(ready)) return places.length;
  if (Date.now() > deadline) {
    throw new Error(`not every board went live (${boards.length} boards of the engine's ${engined.length}): `
      + JSON.stringify(stuck()));
  }
  await pause();
}
""".replace("LIVE_MS", str(LIVE_SECONDS * 1000))


def draw_every_board(page) -> int:
    """Have the page loader draw every board of a Playwright ``page`` (``DRAW_EVERY_BOARD``); the number of boards."""
    return page.evaluate(f"async () => {{{DRAW_EVERY_BOARD} return places.length;}}")


def wait_until_live(page) -> int:
    """Wait until every board of a Playwright ``page`` is live (``EVERY_BOARD_LIVE``); the number of boards."""
    return page.evaluate(f"async () => {{{EVERY_BOARD_LIVE}}}")


def texts(locator) -> list[str]:
    """The text of every element ``locator`` matches, read in one call (hidden ones included)."""
    return locator.evaluate_all("els => els.map((e) => e.textContent)")


def log_lines(board) -> list[str]:
    """The board's move log, one line an action, oldest first."""
    return texts(board.locator(".cap-log ol li code"))


def wait_for_played(board, played) -> None:
    """Wait until the message line says the player played ``played`` (a string or a pattern)."""
    from playwright.sync_api import expect

    if isinstance(played, str):  # the last move of a game adds why it ended (State.end_reason)
        played = re.compile(rf"^You played {re.escape(played)}\.( Game over: .+)?$")
    expect(board.locator(".cap-message")).to_have_text(played, timeout=10_000)


#: Reads every space of a board: its id, what a screen reader hears of it, whether a click sends a move.
SPACES = """els => els.map((e) => ({space: e.dataset.space, words: (e.querySelector('.cap-sr') || e).textContent,
  notation: e.dataset.notation || '', clickable: e.getAttribute('aria-disabled') !== 'true',
  picked: e.dataset.picked === 'true'}))"""


#: Every text a board writes outside its pictures, with its size in px (hidden screen-reader text apart): its
#: pictures' text (a map's names) is drawn at the picture's scale, which no computed font size tells.
TEXT_SIZES = """(root) => [...root.querySelectorAll("*")].filter((el) => {
  if (el.closest("svg, .cap-sr, [hidden]")) return false;
  const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const box = el.getBoundingClientRect();
  return own && box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
}).map((el) => ({ text: el.textContent.trim().slice(0, 30), px: parseFloat(getComputedStyle(el).fontSize),
                  cls: String(el.className) }))"""

@dataclass
class Driver:
    """Plays one game's live board by clicks (see the module's docstring).

    ``heading``: the board to play sits under the page's heading that starts so (else the first board
    that offers a game's controls); ``prefer(options, words)`` orders the candidate clicks (each a dict of
    ``SPACES``, or a button's ``notation``) so a game ends soon; ``buttons_first``: the chance of pressing a
    button of an action (end the turn, roll) rather than starting a move on the board; ``keyboard``: every
    click is made from the keyboard instead (``activate``), as a player without a mouse makes it.
    """

    slug: str
    heading: str = ""
    prefer: Callable[[list[dict]], list[dict]] | None = None
    buttons_first: float = 0.3
    seed: int = 7
    over_text: str = "Game over"
    status_selector: str = STATUS
    keyboard: bool = False
    #: The notations readied so far, the last one last: a move played is refused when typed again later.
    played: list[str] = field(default_factory=list)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def board(self, page):
        """The board the test plays: under ``heading``, or the first that offers a game's controls."""
        if self.heading:
            return page.locator(f"xpath=//*[self::h2 or self::h3][starts-with(normalize-space(), {self.heading!r})]"
                                "/following::div[contains(concat(' ', @class, ' '), ' capture-board ')][1]")
        return page.locator(".capture-board").filter(has=page.locator(".cap-controls")).first

    def status(self, board) -> str:
        """The board's main status line."""
        return board.locator(STATUS).first.inner_text()

    def snapshot(self, board) -> dict:
        """What a move is checked against: the status lines, every space as heard, and the move log."""
        spaces = board.locator("[data-space], .cap-space[aria-label]").evaluate_all(SPACES)
        return {"status": texts(board.locator(".cap-status")), "spaces": [s["words"] for s in spaces],
                "log": log_lines(board)}

    def drawing(self, board) -> str:
        """The drawn board (status, areas, panels), without the message line, the controls and the log."""
        return board.locator(".cap-stage").inner_html() + "".join(texts(board.locator(".cap-status, .cap-panels")))

    def check_applied(self, board, before: dict) -> None:
        """The readied move is the one the board names as played, and the move log grew."""
        wait_for_played(board, self.played[-1])
        after = self.snapshot(board)
        assert len(after["log"]) > len(before["log"]), "the move log did not grow"

    def _spaces(self, board) -> list[dict]:
        return board.locator("button[data-space]").evaluate_all(SPACES)

    def ready_move(self, board):
        """Make the clicks a move needs before it is sent; return the element whose click sends it."""
        from playwright.sync_api import expect

        for _ in range(12):
            choice = board.locator(".cap-choice button[data-notation]")
            if choice.count():
                return self._readied(choice.nth(self.rng.randrange(choice.count())))
            spaces = [s for s in self._spaces(board) if s["clickable"]]
            sends = [s for s in spaces if s["notation"]]
            buttons = board.locator(".cap-actions button[data-notation]")
            picked = board.locator(".cap-clear").count() > 0
            if sends and (not buttons.count() or self.rng.random() >= self.buttons_first):
                target = self._pick(sends)
                return self._readied(board.locator(f'button[data-space="{target["space"]}"]'), target["notation"])
            if buttons.count() and (picked or not spaces or self.rng.random() < self.buttons_first):
                ordered = self._pick([{"notation": n, "index": i} for i, n in enumerate(texts_of(buttons))])
                return self._readied(buttons.nth(ordered["index"]))
            # A picked space is never clicked again (that would take the pick back): the move only grows.
            firsts = [s for s in spaces if not s["notation"] and not s["picked"]]
            if not firsts:
                if buttons.count():
                    return self._readied(buttons.first)
                raise AssertionError(f"no move to make on a board whose status is {self.status(board)!r}")
            space = self._pick(firsts)["space"]
            self.activate(board.locator(f'button[data-space="{space}"]'))
            # The click is drawn before the next is chosen: a pick, or a choice between moves.
            drawn = board.locator(f'button[data-space="{space}"][data-picked="true"], .cap-choice')
            expect(drawn.first).to_be_attached()
        raise AssertionError(f"twelve clicks and no move readied on a board whose status is {self.status(board)!r}; "
                             f"its spaces: {self._spaces(board)!r}; its message: "
                             f"{board.locator('.cap-message').all_inner_texts()!r}")

    def activate(self, element) -> None:
        """Click ``element``, or with ``keyboard`` reach it by keyboard (``reach``) and press Enter."""
        if not self.keyboard:
            element.click()
            return
        reach(element)
        element.page.keyboard.press("Enter")

    def _pick(self, options: list[dict]) -> dict:
        ordered = self.prefer(options) if self.prefer else options
        return ordered[0] if self.prefer else self.rng.choice(ordered)

    def _readied(self, element, notation: str | None = None):
        self.played.append(notation or element.get_attribute("data-notation"))
        return element

    def illegal_move(self, board) -> str:
        """A move the player cannot make now: one already played (its piece has moved on, or its time passed);
        before any, a word that is no move."""
        return self.played[0] if self.played else "no such move"


#: Whether the focused element is ``t``; else which arrow walks a grid from the focused square towards ``t``
#: (both in one grid), or "" (press Tab).
_TOWARDS = """(t) => {
  const a = document.activeElement;
  if (a === t) return "here";
  const grid = a && a.closest(".cap-grid");
  if (!grid || !grid.contains(t)) return "";
  const from = a.getBoundingClientRect(), to = t.getBoundingClientRect();
  const dx = to.x - from.x, dy = to.y - from.y;
  if (Math.abs(dx) > 2) return dx > 0 ? "ArrowRight" : "ArrowLeft";
  return dy > 0 ? "ArrowDown" : "ArrowUp";
}"""


def reach(element, limit: int = 400) -> None:
    """Move the keyboard's focus onto ``element`` with Tab, and with the arrow keys inside a grid (where one
    square is in the tab order and the arrows walk the rest)."""
    page = element.page
    for _ in range(limit):
        # Found again each time: the board draws anew after an arrow key, and the old node is gone.
        step = page.evaluate(_TOWARDS, element.element_handle())
        if step == "here":
            return
        page.keyboard.press(step or "Tab")
    raise AssertionError(f"{limit} keys and the focus never reached {element}")


def texts_of(buttons) -> list[str]:
    """The notations of the action buttons ``buttons``."""
    return buttons.evaluate_all("els => els.map((e) => e.dataset.notation)")


def steering(slug: str) -> dict:
    """How the driver steers in ``slug``, where its plain random clicks would make a long game: the keyword
    arguments of ``Driver`` that the game's own test folder declares (``tests/<game_folder>/steering.py``,
    ``STEERING``); any other game, a new one included, is played by the plain driver."""
    return dict(declared(slug, "steering", "STEERING") or {})


def driver(slug: str, **given) -> Driver:
    """A fresh driver of ``slug``'s board (a driver keeps the moves it played and its own seeded generator, so
    each test starts one of its own), steered as its game's tests say (``steering``), with ``given`` on top."""
    return Driver(slug, **{**steering(slug), **given})
