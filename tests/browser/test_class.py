"""``capture class`` in real browsers: two Chromium devices play a whole Card Commander game at one table, a
reload mid-game keeps the seat, the teacher's console shows the table and the progress, and Firefox and WebKit
each join a table and make a move.

The class server runs in this test process on a free port of 127.0.0.1 (``--without-book``: the tables and the
pages need no built book, and no engine starts in the browser: the game runs on the server), started and
stopped by the fixture. Each student is a browser context of its own (its own storage, as a device).
"""

from __future__ import annotations

import asyncio
import json
import re
import threading

import pytest

from capture_lib.classroom.server import ClassServer

from .axe import report, violations
from .conftest import watch
from .drivers import Driver, wait_for_played
from .other_browsers import BROWSERS, find_firefox, find_webkit

pytestmark = pytest.mark.browser

#: Levels of Card Commander's course a student's browser had won before the class (key: stars).
BEFORE = {"commander": 3, "value": 2}


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    """A class server with its own class file, on a free port of 127.0.0.1."""
    server = ClassServer(tmp_path_factory.mktemp("class") / "class.sqlite3", 0, "127.0.0.1")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    assert server.wait_started()
    server.base = f"http://127.0.0.1:{server.port}"
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def device(browser):
    """A fresh device (a browser context of its own) with its problems collected; closed after the test."""
    contexts = []

    def make(width: int = 1000):
        # Playwright's axe-core goes in as an inline script, which the class pages' policy refuses: let it in.
        context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True,
                                      bypass_csp=True)
        contexts.append(context)
        page = context.new_page()
        watch(page)
        return page

    yield make
    for context in contexts:
        context.close()


def join(page, server, name: str, before: dict | None = None) -> None:
    page.goto(server.base + "/")
    if before:
        page.evaluate("(won) => localStorage.setItem('capture-course:card-commander', JSON.stringify(won))", before)
        page.reload()
    page.fill("input[name=code]", server.room.row.code.lower())
    page.fill("input[name=name]", name)
    page.click("button[type=submit]")
    page.wait_for_selector("#lobby-title")


def table_board(page):
    return page.locator("#table-board.capture-board")


def test_two_devices_play_a_whole_game_and_a_reload_keeps_the_seat(class_server, device):
    anna, ben = device(), device(390)  # a laptop and a phone
    join(anna, class_server, "Anna")
    join(ben, class_server, "Ben")
    for page in (anna, ben):
        page.select_option("#lobby-game", "card-commander/2")
        page.click("text=find me a classmate")
    for page in (anna, ben):
        table_board(page).locator(".cap-status").wait_for()
    assert "Blue: Anna (you)" in anna.locator(".class-seats").inner_text()
    assert "Red: Ben (you)" in ben.locator(".class-seats").inner_text()
    drivers = {id(anna): Driver("card-commander", seed=1), id(ben): Driver("card-commander", seed=2)}
    reloaded = False
    for move in range(60):
        turn = [p for p in (anna, ben) if p.locator(".class-turn").inner_text() == "Your turn."]
        if not turn:
            break
        page = turn[0]
        other = ben if page is anna else anna
        driver = drivers[id(page)]
        board = table_board(page)
        # The other device has no move to make, and never sees this hand's cards.
        assert not table_board(other).locator(".cap-actions button[data-notation]").count()
        driver.ready_move(board).click()
        wait_for_played(board, driver.played[-1])
        other_board = table_board(other)
        other_board.locator(".cap-message", has_text=re.compile(r"played")).wait_for()
        if move == 3 and not reloaded:
            before = page.locator(".cap-log ol li code").all_inner_texts()
            page.reload()
            table_board(page).locator(".cap-status").wait_for()
            assert page.locator(".cap-log ol li code").all_inner_texts() == before  # the same game
            assert "(you)" in page.locator(".class-seats li", has_text=re.compile("Anna" if page is anna else "Ben")
                                            ).inner_text()
            reloaded = True
        page.wait_for_function("() => !document.querySelector('.class-turn').textContent.startsWith('Your turn') "
                               "|| document.querySelector('#table-board .cap-actions button')")
    assert reloaded
    for page in (anna, ben):
        page.locator(".class-turn", has_text="Game over").wait_for()
    with ben.expect_download() as saved:
        ben.click("#table-record")
    record = open(saved.value.path(), encoding="utf-8").read()
    assert '[Game "card-commander"]' in record
    assert not anna.problems and not ben.problems, anna.problems + ben.problems


def test_the_console_shows_the_table_and_the_progress(class_server, device):
    cleo, dan = device(), device()
    join(cleo, class_server, "Cleo", before=BEFORE)
    cleo.click("text=share them with my teacher")
    join(dan, class_server, "Dan")
    teacher = device(1280)
    teacher.goto(f"{class_server.base}/teacher#{class_server.room.row.teacher_secret}")
    teacher.wait_for_selector("#class-code")
    assert teacher.url.endswith("/teacher")  # the secret left the address bar
    assert teacher.locator("#class-code").inner_text() == class_server.room.row.code
    # Seat them by hand from the console, then watch their table's public board.
    for name in ("Cleo", "Dan"):
        teacher.locator(".console-hand label", has_text=name).locator("input").check()
    teacher.select_option("#pair-game", "card-commander/2")
    teacher.click("#pair-hand")
    row = teacher.locator("[data-table]", has_text="Cleo")
    row.wait_for()
    assert "Dan" in row.inner_text()
    row.locator("button", has_text="watch").click()
    watched = teacher.locator("[data-watch].capture-board .cap-status")
    watched.wait_for()
    assert not teacher.locator("[data-watch] .cap-actions button").count()  # the public view takes no move
    cleo_row = teacher.locator("tr[data-student]", has_text="Cleo")
    cleo_row.locator("td", has_text="before").wait_for()
    assert "(+2 before)" in cleo_row.inner_text()
    assert "online" in cleo_row.inner_text() and "table" in cleo_row.inner_text()
    # Every game's column of the class list is in view on a laptop's screen, none scrolled away to the right.
    heads = teacher.locator("#students-title ~ .console-scroll thead th").all_inner_texts()
    assert all(game in heads for game in ("Card Commander", "Capture the Commander", "Command Capture"))
    assert teacher.evaluate("() => { const s = document.querySelector('.console-scroll'); "
                            "return s.scrollWidth <= s.clientWidth + 1; }"), "the class list scrolls sideways"
    # Show a course level to everyone: the students get it as a level with a goal.
    teacher.select_option("#show-game", "card-commander")
    teacher.click("#show-book")
    cleo.locator("#shown-board .cap-lesson-goal").wait_for()
    teacher.locator(".console-solvers").wait_for()
    for where, page in (("the console", teacher), ("a student's page", cleo)):
        found = violations(page)
        assert not found, report(found, where)
    assert not teacher.problems and not cleo.problems, teacher.problems + cleo.problems
    secret = class_server.room.row.teacher_secret
    assert secret not in cleo.content() and secret not in dan.content()


async def _until(test) -> None:
    while not test():
        await asyncio.sleep(0.1)


def _other_missing(name: str) -> str | None:
    if name == "firefox" and find_firefox() is None:
        return "Debian's firefox-esr is not installed (tools/test.sh installs it as root)"
    if name == "webkit" and find_webkit() is None:
        return "Debian's webkit2gtk-driver (WebKitWebDriver, MiniBrowser) or xvfb is not installed"
    return None


#: In the other browser's page: join, ask for a classmate, wait for the table and make the first move offered.
JOIN_AND_MOVE = """
const wait = async (test, what) => {
  const deadline = Date.now() + 60000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`waited for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
await wait(() => document.querySelector("input[name=code]"), "the join form");
document.querySelector("input[name=code]").value = CODE;
document.querySelector("input[name=name]").value = NAME;
document.querySelector("form.class-join").requestSubmit();
await wait(() => document.getElementById("lobby-game"), "the lobby");
document.getElementById("lobby-game").value = "card-commander/2";
[...document.querySelectorAll("button")].find((b) => b.textContent === "find me a classmate").click();
await wait(() => document.querySelector("#table-board .cap-actions button[data-notation]"), "a move to make");
const button = document.querySelector("#table-board .cap-actions button[data-notation]");
const notation = button.dataset.notation;
button.click();
await wait(() => (document.querySelector("#table-board .cap-message") || {}).textContent === `You played ${notation}.`,
           "the move's answer");
return {notation, seats: document.querySelector(".class-seats").textContent};
"""


@pytest.mark.parametrize("name", sorted(BROWSERS))
def test_firefox_and_webkit_join_a_table_and_make_a_move(class_server, name):
    reason = _other_missing(name)
    if reason:
        pytest.skip(reason)
    from tests.classroom.clients import Device
    from tests.classroom.clients import join as join_over_http

    browser = BROWSERS[name]()
    try:
        browser.open(class_server.base + "/")
        player = f"{browser.name} student"
        script = JOIN_AND_MOVE.replace("CODE", json.dumps(class_server.room.row.code)).replace("NAME",
                                                                                               json.dumps(player))
        # The browser asks first, so it is Blue, who moves first; a classmate on a socket asks next.
        opponent = join_over_http(class_server.base, class_server.room.row.code, f"{browser.name} classmate")

        async def classmate():
            bot = await Device(class_server.base, opponent["secret"]).start()
            # (read across threads, and only read: who is waiting for a classmate)
            await asyncio.wait_for(_until(lambda: any(s.name == player and s.seeking for s in
                                                      list(class_server.room.students.values()))), 90)
            await bot.send({"type": "seek", "game": "card-commander", "players": 2})
            await bot.wait_for(lambda: bot.table() and "played" in str(bot.table()[1].get("message")), timeout=90)
            return bot.table()[1]["message"]

        # The classmate's socket runs on an event loop of its own thread (Playwright's may hold this one).
        outcome = {}

        def play_classmate():
            outcome["said"] = asyncio.run(classmate())

        runner = threading.Thread(target=play_classmate)
        runner.start()
        answer = browser.run(script)
        runner.join(timeout=120)
        said = outcome["said"]
        assert f"{player} (you)" in answer["seats"]
        assert said.startswith(f"Blue ({player}) played")
        assert not browser.problems(), browser.problems()
    finally:
        browser.close()


#: Send a message from the page's board of the chapter's first exercise, as its buttons do.
SEND_TO_EXERCISE = """(message) => [...window.captureBoards.values()].find((b) => (b.recipe || {}).lesson ===
  "exercise 1").model.send(message)"""


def test_the_books_pages_report_to_the_class_and_offer_a_classmate(built_book, browser, tmp_path):
    """Served by capture class, a book page carries the class's bar; an exercise answered there reaches the
    console's progress, and a play page's level chooser offers a classmate."""
    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    server = ClassServer(tmp_path / "class.sqlite3", 0, "127.0.0.1", html=built_book["html"])
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    assert server.wait_started()
    server.base = f"http://127.0.0.1:{server.port}"
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        watch(page)
        join(page, server, "Gita")
        page.goto(f"{server.base}/book/card-commander/exercises.html")
        page.locator(".class-book-bar", has_text="Gita").wait_for()
        page.wait_for_function("() => window.captureBoards && [...window.captureBoards.values()].some("
                               "(b) => b.live && (b.recipe || {}).lesson === 'exercise 1')", timeout=120_000)
        from capture_lib.session.lesson import book_lessons

        steps = book_lessons("card-commander")["exercise 1"].steps
        for number, step in enumerate(steps):
            messages = [{"type": "play", "action": str(step.expected())}]
            if number + 1 < len(steps):
                messages.append({"type": "lesson", "do": "next"})
            for message in messages:
                page.evaluate(SEND_TO_EXERCISE, message)
                page.wait_for_timeout(300)
        kept = None
        for _ in range(240):  # the page reports as the board answers: a minute at most
            kept = server.store.exercises(server.room.row.id)
            if kept and kept[0][4]:
                break
            page.wait_for_timeout(250)
        assert kept and kept[0][1:] == ("card-commander", "exercise 1", 1, 1, 0), kept
        page.goto(f"{server.base}/book/card-commander/play.html")
        page.wait_for_function("() => window.captureBoards && [...window.captureBoards.values()].some((b) => b.live "
                               "&& b.kind === 'play')", timeout=120_000)
        chooser = page.locator(".cap-level select").first
        chooser.locator("option[value=classmate]").wait_for(state="attached")
        chooser.select_option("classmate")
        page.wait_for_url(re.compile(r"/\?seek=card-commander$"))
        page.locator("#lobby-title").wait_for()
        assert page.locator("#lobby-game").input_value() == "card-commander/2"
        assert not page.problems, page.problems
    finally:
        context.close()
        server.shutdown()
        server.server_close()
