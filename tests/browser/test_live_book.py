"""The live book in Chromium: the engine runs in the page's worker, over a local static server.

One built book (``built_book``, built once per test run) and one static server (``capture serve``'s, on
127.0.0.1) for the whole module. Every page checks that no request leaves 127.0.0.1 and that the page
reports no error. Each game's play page goes live, takes a move by click and one by typed notation,
refuses an illegal one with the engine's reason and an unchanged board, and the computer answers; each
game's course has its first level won after a refused move and a hint, and its stars kept after a reload
(the course going on at the next level); one exercise is answered wrong
(a legal move that is not the answer) and right; one worked example with hidden information is
continued live, and its page holds nothing its viewer may not see; a page opened from ``file://``
keeps its frames and its one-line note.
"""

from __future__ import annotations

import json
import re
import threading

import pytest

from tests.harness import drawn
from tests.registry import chapters

from .drivers import draw_every_board

pytestmark = pytest.mark.browser

#: The games with a chapter in the book (its play page), in the book's order.
GAMES = chapters()
#: Where a page may send requests: the local server, and what the page makes itself (blob: modules).
LOCAL = ("http://127.0.0.1:", "blob:", "data:", "about:")
#: The two harmless messages the book theme prints on every page.
THEME_NOISE = ("THEBE_JS_URL", "Got invalid theme mode")
#: Going live waits for Pyodide (a few seconds cold on two busy cores).
LIVE_MS = 60_000


@pytest.fixture(scope="module")
def live_site(built_book):
    """The built book served by ``capture serve``'s static server on a free port of 127.0.0.1."""
    from capture_lib.classroom.static import make_server

    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    server = make_server(built_book["html"], 0, "127.0.0.1")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class LivePage:
    """A page of the live book in the browser, with what it asked the network and what went wrong."""

    #: Pages still open (a failed test leaves its page): closed before the next one opens, so that their
    #: engines do not slow the next test down.
    opened: list = []

    def __init__(self, browser, url: str):
        while LivePage.opened:
            page = LivePage.opened.pop()
            if not page.is_closed():
                page.close()
        self.page = browser.new_page(viewport={"width": 1100, "height": 900})
        LivePage.opened.append(self.page)
        self.problems: list[str] = []
        self.outside: list[str] = []
        page = self.page
        page.on("console", lambda m: m.type == "error" and not any(n in m.text for n in THEME_NOISE)
                and self.problems.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: not any(n in str(e) for n in THEME_NOISE)
                and self.problems.append(f"error: {e}"))
        page.on("request", lambda r: not r.url.startswith(LOCAL) and self.outside.append(r.url))
        page.goto(url)

    def board_index(self, kind: str) -> int:
        """The index (among the page's boards the loader keeps) of the first board of ``kind``."""
        draw_every_board(self.page)  # the loader draws a board out of sight only when the reader comes near
        self.page.wait_for_function(f"window.captureBoards && [...window.captureBoards.values()]"
                                    f".some((b) => b.kind === {json.dumps(kind)})", timeout=LIVE_MS, polling=100)
        return self.page.evaluate(f"[...window.captureBoards.values()].findIndex((b) => b.kind === {json.dumps(kind)})")

    def root(self, index: int):
        """The board's element."""
        board_id = self.page.evaluate("(i) => [...window.captureBoards.values()][i].root.id", index)
        return self.page.locator(f"#{board_id}")

    def wait_live(self, index: int) -> None:
        """Wait until the board is live (the engine rebuilt it from its recipe)."""
        self.page.wait_for_function("(i) => [...window.captureBoards.values()][i].live", arg=index,
                                    timeout=LIVE_MS, polling=100)

    def value(self, index: int, key: str):
        """A value of the board's model, as the board's module reads it."""
        return json.loads(self.page.evaluate(
            "([i, k]) => JSON.stringify([...window.captureBoards.values()][i].model.get(k) ?? null)", [index, key]))

    def answers(self, index: int) -> int:
        """How many answers the engine has sent this board."""
        return self.page.evaluate("(i) => [...window.captureBoards.values()][i].answers || 0", index)

    def sent(self, index: int) -> list[dict]:
        """The messages the board's module has sent."""
        script = "(i) => JSON.stringify([...window.captureBoards.values()][i].sent)"
        return json.loads(self.page.evaluate(script, index))

    def await_answer(self, index: int, before: int) -> None:
        """Wait for the engine's answer to the message sent after ``before`` answers."""
        self.page.wait_for_function("([i, n]) => ([...window.captureBoards.values()][i].answers || 0) > n",
                                    arg=[index, before], timeout=LIVE_MS, polling=100)
        failure = self.page.evaluate("(i) => [...window.captureBoards.values()][i].failure || ''", index)
        assert not failure, f"the engine failed: {failure}"
        drawn(self.page)  # the board replaces its field and keeps its progress as it draws the answer

    def type_move(self, index: int, text: str) -> None:
        """Type ``text`` into the board's notation field and press Enter; wait for the engine."""
        before = self.answers(index)
        field = self.root(index).locator("input.cap-notation")
        field.fill(text)
        field.press("Enter")
        self.await_answer(index, before)

    def click(self, index: int, locator) -> None:
        """Click ``locator`` (a button of the board) and wait for the engine if the click sent a move."""
        before, sent = self.answers(index), len(self.sent(index))
        locator.click()
        if len(self.sent(index)) > sent:
            self.await_answer(index, before)

    def clean(self) -> None:
        """Assert that the page asked nothing of the network and reported no error."""
        assert not self.outside, f"requests left 127.0.0.1: {self.outside[:5]}"
        assert not self.problems, self.problems

    def close(self) -> None:
        """Close the page."""
        self.page.close()


def shows(locator, text: str) -> None:
    """Wait until ``locator`` shows ``text`` (the module redraws on the next animation frame)."""
    locator.filter(has_text=text).first.wait_for(timeout=10_000)


def legal(live: LivePage, index: int) -> list[str]:
    """The moves the board offers: the notation of each of its scene's actions."""
    scene = live.value(index, "scene") or {}
    return [a["notation"] for a in scene.get("actions", [])]


def log(live: LivePage, index: int) -> list[str]:
    """The board's move log, as its values hold it."""
    return live.value(index, "log") or []


@pytest.mark.parametrize("game", GAMES)
def test_a_play_page_goes_live_and_plays(browser, live_site, game):
    from tests.browser.drivers import driver as make_driver

    live = LivePage(browser, f"{live_site}/book/{game}/play.html")
    index = live.board_index("play")
    live.wait_live(index)
    root = live.root(index)
    assert "Live" in live.page.locator(".capture-live-status").nth(index).inner_text()
    assert legal(live, index), f"{game}: the live board offers no move"

    # A move by clicks, as a player makes it: the engine plays it and the log grows.
    driver = make_driver(game)
    before = driver.snapshot(root)
    live.click(index, driver.ready_move(root))
    assert live.value(index, "message_kind") == "info", live.value(index, "message")
    driver.check_applied(root, before)

    # An illegal move: refused with the engine's reason, the board as it was.
    scene, moves = live.value(index, "scene"), log(live, index)
    live.type_move(index, driver.illegal_move(root))
    assert live.value(index, "message_kind") == "error"
    reason = live.value(index, "message")
    assert reason
    shows(root.locator(".cap-message.cap-error"), reason)
    assert live.value(index, "scene") == scene and log(live, index) == moves

    # Typed moves until the computer has answered one of them (some games open with several moves a side).
    for _ in range(40):
        offered = legal(live, index)
        assert offered, f"{game}: no move offered after {live.value(index, 'message')!r}"
        before = len(log(live, index))
        live.type_move(index, offered[0])
        assert live.value(index, "message_kind") == "info", live.value(index, "message")
        if len(log(live, index)) > before + 1:
            break
    else:
        pytest.fail(f"{game}: the computer never answered")
    live.clean()
    live.close()


def lesson_state(live: LivePage, index: int) -> dict:
    """The lesson panel's values (the step, its status, feedback and hint)."""
    return live.value(index, "lesson") or {}


@pytest.mark.parametrize("game", GAMES)
def test_a_course_level_is_won_with_a_hint_and_its_stars_are_kept_after_a_reload(browser, live_site, game):
    from capture_lib.session.course import course

    first = course(game).levels[0]
    live = LivePage(browser, f"{live_site}/book/{game}/course.html")
    index = live.board_index("lesson")
    live.wait_live(index)
    root = live.root(index)
    level = lesson_state(live, index)
    assert level["kind"] == "course" and level["level"] == first.key and level["status"] == "try"
    shows(root.locator(".cap-lesson-goal"), first.goal)
    # A move the game cannot read: refused with the engine's reason, and the level goes on.
    live.type_move(index, "no such move")
    assert live.value(index, "message_kind") == "error" and lesson_state(live, index)["moves"] == 0
    # The hint, then the solution played by typing it: won, with two stars (a hint was taken).
    before = live.answers(index)
    root.locator("button.cap-lesson-do-hint").click()
    live.await_answer(index, before)
    shows(root.locator(".cap-lesson"), first.hint)
    for move in first.solution:
        live.type_move(index, move)
    won = lesson_state(live, index)
    assert won["status"] == "won" and won["stars"] == 2, won
    shows(root.locator(".cap-lesson-score"), "2 of 3 stars")
    kept = json.loads(live.page.evaluate(f"localStorage.getItem('capture-course:{game}')") or "{}")
    assert kept == {first.key: 2}
    # A reload: the level map still shows the stars, and the course goes on at the next level.
    live.page.reload()
    index = live.board_index("lesson")
    live.wait_live(index)
    live.page.wait_for_function(f"[...window.captureBoards.values()][{index}].model.get('values').lesson.level "
                                f"=== {json.dumps(course(game).levels[1].key)}", timeout=LIVE_MS, polling=100)
    shows(live.root(index).locator(".cap-course-level"), "2 stars won")
    live.clean()
    live.close()


def test_an_exercise_answered_wrong_then_right(browser, live_site):
    live = LivePage(browser, f"{live_site}/book/card-commander/exercises.html")
    index = live.board_index("lesson")
    live.wait_live(index)
    root = live.root(index)
    # Legal moves, one at a time, until one is refused as not the answer (the step starts over each time).
    wrong = None
    for move in legal(live, index):
        live.type_move(index, move)
        state = lesson_state(live, index)
        if state["status"] == "wrong":
            wrong = (move, state)
            break
        before = live.answers(index)
        root.locator("button.cap-lesson-do-again").click()
        live.await_answer(index, before)
    assert wrong is not None, "every legal move was accepted"
    move, state = wrong
    assert "is legal, but it is not what this step asks" in state["feedback"] and state["hint"]
    # The answer on request; then the step again, answered right.
    for command in ("answer", "again"):
        before = live.answers(index)
        root.locator(f"button.cap-lesson-do-{command}").click()
        live.await_answer(index, before)
        if command == "answer":
            answer = lesson_state(live, index)["answer"]
    live.type_move(index, answer)
    assert lesson_state(live, index)["status"] == "right"
    shows(root.locator(".cap-lesson"), "Right!")
    live.clean()
    live.close()


def words(value) -> set[str]:
    """The words and numbers of a JSON value's text."""
    return set(re.findall(r"[A-Za-z0-9]+", json.dumps(value)))


def test_try_it_from_here_keeps_the_hidden_hidden(browser, live_site, built_book):
    # Capture the Commander's rules: examples seen from one seat, the face-down cards hidden.
    html = (built_book["html"] / "book" / "capture-the-commander" / "rules.html").read_text(encoding="utf-8")
    live = LivePage(browser, f"{live_site}/book/capture-the-commander/rules.html")
    index = live.board_index("example")
    root = live.root(index)
    frames = live.value(index, "frames")
    recipe = live.page.evaluate("(i) => JSON.stringify([...window.captureBoards.values()][i].recipe)", index)
    recipe = json.loads(recipe)
    # The page holds what the example's viewer sees and no more: no seed, and no card the frames do not show
    # (the recipe is the viewer's observation: every card in it is one the pictures show, as 2♥ or 2H).
    assert "seed" not in json.dumps(recipe) and '"seed"' not in html
    assert recipe["kind"] == "position" and "observation" in recipe
    shown = json.dumps(frames, ensure_ascii=False)
    for symbol, letter in (("\u2660", "S"), ("\u2665", "H"), ("\u2666", "D"), ("\u2663", "C")):
        shown = shown.replace(symbol, letter)
    card = r"\b(?:10|[2-9AJQK])[SHDC]\b"
    unseen = set(re.findall(card, json.dumps(recipe))) - set(re.findall(card, shown))
    assert not unseen, f"the recipe holds cards its frames do not show: {sorted(unseen)}"
    live.page.wait_for_selector(".capture-try", timeout=LIVE_MS)
    before = live.answers(index)
    live.page.locator(".capture-try").nth(0).click()
    live.await_answer(index, before)
    live.wait_live(index)
    assert live.value(index, "frames") == []
    offered = legal(live, index)
    assert offered, live.value(index, "message")
    live.type_move(index, offered[0])
    assert live.value(index, "message_kind") == "info", live.value(index, "message")
    root.locator(".cap-controls").wait_for(timeout=10_000)
    live.clean()
    live.close()


def test_a_page_from_a_folder_keeps_its_frames_and_says_how_to_go_live(browser, built_book):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: not any(n in str(e) for n in THEME_NOISE) and errors.append(str(e)))
    page.goto((built_book["html"] / "book" / "card-commander" / "rules.html").as_uri())
    draw_every_board(page)
    note = page.locator(".capture-folder-note")
    assert note.count() == 1 and note.is_visible() and "capture serve" in note.inner_text()
    assert page.locator(".capture-live-status").count() == 0  # no board promises to go live
    board = page.locator(".capture-static-board").filter(has=page.locator(".cap-stepper")).first
    board.get_by_role("button", name="next step").click()
    assert board.locator(".cap-step-action").inner_text().strip()
    assert board.locator("input.cap-notation").count() == 0  # no control the page cannot honour
    assert not errors, errors
    page.close()
