"""No classroom page dies silently (issue 27): ``capture serve --voila`` as a class gets it, over HTTP and the
kernel's websocket, and one page in Chromium.

A page opened again replaces the earlier one, which then says why it stopped and offers to reload; a student
at their bound is told which of their pages to close; the teacher's log says the true reason; a wrong word in
the address is told apart from none; a widget control message forged by a student shows them no traceback
(from issue 26).
"""

from __future__ import annotations

import html
import json
import re
import time
import uuid

import pytest

from capture_lib.classroom.auth import ASK_THE_TEACHER, WRONG_ADDRESS, WRONG_WORD
from capture_lib.classroom.limits import AGAIN
from capture_lib.classroom.voila import WATCH_MS

from .servers import start_voila
from .test_serve import Student, kernels

WORD = "classroom-word-5120"
PLAY = "/voila/render/card-commander/play.ipynb"
CHOOSER = "/voila/render/play.ipynb"
#: A third page for a student at their bound (the one game whose chapter still has a tutorial page).
TUTORIAL = "/voila/render/medieval-capture/tutorial.ipynb"
#: Kernel start and a notebook's run, a stopped kernel's exit: bounded waits on a loaded two-core machine.
WAIT_SECONDS = 30


@pytest.fixture(scope="module")
def small_class(tmp_path_factory):
    """``capture serve --voila`` with 4 pages in all, 2 per student."""
    server = start_voila(tmp_path_factory.mktemp("small-class"), token=WORD, max_pages=4, pages_per_student=2)
    yield server
    server.stop()


def kernel_of(page: str) -> str:
    return re.search(r'"kernelId": *"([^"]+)"', page).group(1)


def drawn(server, student: Student, page: str):
    """Connect to a page's kernel as the page does once drawn (the websocket it keeps while open)."""
    websocket = pytest.importorskip("websocket")
    port = server.url.rsplit(":", 1)[1]
    return websocket.create_connection(f"ws://127.0.0.1:{port}/api/kernels/{kernel_of(page)}/channels",
                                       cookie=student.cookie_header(), timeout=WAIT_SECONDS)


def opened(server, path: str, student: Student | None = None) -> tuple[Student, str]:
    """A student (new unless given) who opened ``path`` with the class's address."""
    student = student or Student(server)
    joiner = "&" if "?" in path else "?"
    status, page = student.open(f"{path}{joiner}token={WORD}")
    assert status == 200 and "kernelId" in page, (status, page[:300], server.log_tail())
    return student, page


def log_says(server, text: str) -> str:
    deadline = time.monotonic() + WAIT_SECONDS
    while text not in server.log_tail(50_000) and time.monotonic() < deadline:
        time.sleep(0.2)
    log = server.log_tail(50_000)
    assert text in log, log[-3000:]
    return log


def test_a_wrong_word_in_the_address_is_told_apart_from_no_word(small_class):
    for path, wrong in ((PLAY, False), (f"{PLAY}?token=", False), (f"{PLAY}?token=not-the-word", True)):
        status, page = Student(small_class).open(path)
        assert status == 200 and ASK_THE_TEACHER in page, (path, page[:300])
        assert (html.escape(WRONG_ADDRESS) in page) is wrong and html.escape(WRONG_WORD) not in page, path


def test_a_forged_widget_control_message_shows_the_student_no_traceback(small_class):
    student, page = opened(small_class, PLAY)
    connection = drawn(small_class, student, page)

    def send(msg_type: str, content: dict, metadata: dict | None = None) -> None:
        connection.send(json.dumps({
            "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "", "session": uuid.uuid4().hex,
                       "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": metadata or {}, "channel": "shell", "buffers": [], "content": content}))

    comms = [uuid.uuid4().hex for _ in range(3)]
    send("comm_open", {"comm_id": comms[0], "target_name": "jupyter.widget.control", "data": {}})
    send("comm_open", {"comm_id": comms[1], "target_name": "jupyter.widget.control",
                       "data": {"method": "request_states"}}, {"version": "9.0.0"})
    send("comm_open", {"comm_id": comms[2], "target_name": "no.such.target", "data": {}})
    send("comm_msg", {"comm_id": "no-such-comm", "data": {"method": "request_states"}})
    received = []
    deadline = time.monotonic() + 8
    try:
        while time.monotonic() < deadline:
            try:
                received.append(connection.recv())
            except Exception:  # noqa: BLE001 - the read timed out: nothing more came
                break
            connection.settimeout(max(0.1, deadline - time.monotonic()))
    finally:
        connection.close()
    kinds = {json.loads(message)["msg_type"] for message in received}
    assert kinds <= {"status", "comm_close"} and "comm_close" in kinds, kinds
    leaked = [message for message in received if re.search(r"Traceback|site-packages|File \\\"|/home/|/usr/", message)]
    assert not leaked, leaked[:2]
    log = log_says(small_class, "Exception opening comm with target: jupyter.widget.control")
    assert "Traceback" in log and "Incompatible widget control protocol" in log  # the teacher keeps the detail


def test_a_page_opened_again_stops_the_first_which_is_told_why(small_class):
    student, first = opened(small_class, PLAY)
    assert "capture-stopped" in first and f"const EVERY_MS = {WATCH_MS};" in first  # the page watch
    connection = drawn(small_class, student, first)  # the first tab is drawn and open
    old = kernel_of(first)
    assert student.open(f"/api/kernels/{old}")[0] == 200
    try:
        _, second = opened(small_class, PLAY, student)  # the same page in a second tab
        deadline = time.monotonic() + WAIT_SECONDS
        while student.open(f"/api/kernels/{old}")[0] != 404 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert student.open(f"/api/kernels/{old}")[0] == 404
        status, notice = student.open(f"/voila/templates/capture/static/stopped/{old}.json")
        assert status == 200 and json.loads(notice) == {"reason": AGAIN}
        assert student.open(f"/api/kernels/{kernel_of(second)}")[0] == 200
    finally:
        connection.close()
    log_says(small_class, f"Stopping kernel {old} (student ")
    assert f"{PLAY}): {AGAIN}" in small_class.log_tail(50_000)


def test_a_student_at_their_bound_is_told_which_pages_to_close_and_none_dies(small_class):
    student, play = opened(small_class, PLAY)
    _, chooser = opened(small_class, CHOOSER, student)
    connections = [drawn(small_class, student, play), drawn(small_class, student, chooser)]
    try:
        status, page = student.open(TUTORIAL)
        assert status == 429, (status, page[:300])
        assert ("You already have 2 game pages open, the most one student may keep: Card Commander (play) and "
                "the game chooser. Close one of them, then reload this page.") in page
        assert "Traceback" not in page and "http" not in page.replace('lang="en"', "")
        for kernel in (kernel_of(play), kernel_of(chooser)):
            assert student.open(f"/api/kernels/{kernel}")[0] == 200, "a page went dead"
    finally:
        for connection in connections:
            connection.close()
    log_says(small_class, f"Refused {TUTORIAL} to student ")
    assert len(kernels(small_class)) <= 4


@pytest.mark.browser
def test_in_the_browser_a_stopped_page_says_why_and_reloads(small_class, open_page):
    expect = pytest.importorskip("playwright.sync_api").expect
    page = open_page(f"{small_class.url}{PLAY}?token={WORD}")
    expect(page.locator(".capture-board").first).to_be_visible(timeout=60_000)
    # The same student opens the page again elsewhere (the browser's cookies: the same student).
    student = Student(small_class)
    for cookie in page.context.cookies():
        student.jar.set_cookie(http_cookie(cookie))
    opened(small_class, PLAY, student)
    banner = page.locator(".capture-stopped")
    expect(banner).to_be_visible(timeout=WATCH_MS + WAIT_SECONDS * 1000)
    assert banner.get_attribute("role") == "alert"
    expect(banner).to_contain_text(f"This page has stopped: {AGAIN}. It no longer answers your moves")
    banner.get_by_role("button", name="Reload this page").click()
    expect(page.locator(".capture-board").first).to_be_visible(timeout=60_000)
    expect(page.locator(".capture-stopped")).to_have_count(0)


def http_cookie(cookie: dict):
    """A playwright cookie as the standard library's, for ``urllib`` to send as the same browser."""
    import http.cookiejar

    return http.cookiejar.Cookie(0, cookie["name"], cookie["value"], None, False, cookie["domain"], True,
                                 cookie["domain"].startswith("."), cookie["path"], True, cookie["secure"],
                                 None if cookie.get("expires", -1) < 0 else int(cookie["expires"]), False, None,
                                 None, {}, False)
