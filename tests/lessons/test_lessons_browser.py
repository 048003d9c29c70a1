"""A course and the exercises in a real browser, on Voila (what ``capture serve`` runs).

Command Capture's course: its first level won by typed moves after a refused one, then the next level
opened. On the exercises pages of two games (``EXERCISE_PAGES``), one exercise is
answered wrong and then right, and another is answered with "show the answer". Moves are typed in
notation (the box every board has).
"""

from __future__ import annotations

import shutil

import pytest

from capture_lib.classroom.voila import write_template
from capture_lib.core.lessons import Step
from capture_lib.session.course import course, exercises
from tests.browser.conftest import watch
from tests.browser.servers import ROOT, free_port, start

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

#: The course played on Voila (each page is a kernel start: one course is enough here; the live book's test
#: plays a level of every game's course).
COURSE = "command-capture"
FIRST_DRAW_MS = 45_000
MOVE_MS = 10_000
#: The exercises pages opened in the browser (each page is a kernel start: the whole file must stay under a
#: minute). Every exercise of every game is run through the board in Python by test_lessons.py.
EXERCISE_PAGES = ("card-commander", "capture-the-commander")


@pytest.fixture(scope="module")
def lessons_server(tmp_path_factory):
    """Voila, with the ``capture serve`` template, on a copy of one course and two exercises pages."""
    home = tmp_path_factory.mktemp("lessons-voila")
    site = home / "pages"
    for slug, name in [(COURSE, "course.ipynb")] + [(slug, "exercises.ipynb") for slug in EXERCISE_PAGES]:
        (site / slug).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "book" / slug / name, site / slug / name)
    write_template(home / "data")  # the server's JUPYTER_DATA_DIR (see servers.jupyter_env)
    from capture_lib.classroom.voila import CONFIG_FILE, voila_command, voila_config, write_private

    port, token = free_port(), "lesson-test-token"
    config = home / "voila-config"  # the token reaches Voila in a private config file, not on its command line
    write_private(config / CONFIG_FILE, voila_config(token))
    server = start(voila_command(site, port, "127.0.0.1", config, show_tracebacks=True), home, port, token,
                   "/voila/static/")
    yield server
    server.stop()


@pytest.fixture
def lesson_page(browser, lessons_server):
    """Open ``<slug>/<name>.ipynb`` on the server in a fresh context whose problems are collected."""
    contexts = []

    def opener(path: str):
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        page = context.new_page()
        watch(page)
        page.goto(f"{lessons_server.url}/voila/render/{path}?token={lessons_server.token}")
        contexts.append(context)
        return page

    yield opener
    for context in contexts:
        for page in context.pages:
            try:
                page.close(run_before_unload=True)  # the page asks Voila to stop its kernel
            except Exception:  # noqa: BLE001 - a page that is already closing
                pass
        context.close()


def type_move(board, text: str) -> None:
    box = board.locator(".cap-notation")
    box.fill(text)
    box.press("Enter")


def wrong_try(step: Step) -> str:
    return str(next(a for a in step.start.legal_actions() if not step.accepts(a, step.start.play(a))))


def answer_right(board, step: Step, click=None) -> None:
    if click is not None:
        click()
    else:
        type_move(board, str(step.expected()))
    expect(board.locator(".cap-lesson-feedback.cap-lesson-right")).to_contain_text(step.explain, timeout=MOVE_MS)


def play_first_level(page, slug: str) -> None:
    """The course's first level on ``page``: a move the game cannot read refused, then the solution typed;
    won with three stars, and the next level opened from the button."""
    first, second = course(slug).levels[:2]
    board = page.locator(".capture-board").filter(has=page.locator(".cap-course")).first
    expect(board.locator(".cap-lesson-goal")).to_contain_text(first.goal, timeout=FIRST_DRAW_MS)
    type_move(board, "no such move")
    expect(board.locator(".cap-message.cap-error")).to_be_visible(timeout=MOVE_MS)
    for move in first.solution:
        type_move(board, move)
    expect(board.locator(".cap-lesson-score")).to_contain_text("3 of 3 stars", timeout=MOVE_MS)
    board.get_by_role("button", name="next level").click()
    expect(board.locator(".cap-lesson-goal")).to_contain_text(second.goal, timeout=MOVE_MS)


def answer_exercises(page, slug: str) -> None:
    """On the exercises page: the first exercise answered wrong, then right; the second one shown."""
    first, second = exercises(slug)[:2]
    boards = page.locator(".capture-board").filter(has=page.locator(".cap-lesson"))
    expect(boards).to_have_count(len(exercises(slug)), timeout=FIRST_DRAW_MS)
    board = boards.nth(0)
    step = first.steps[0]
    type_move(board, wrong_try(step))
    expect(board.locator(".cap-lesson-feedback.cap-lesson-wrong")).to_contain_text(step.hint, timeout=MOVE_MS)
    answer_right(board, step)
    expect(board.locator(".cap-lesson-done")).to_be_visible()

    other = boards.nth(1)
    assert other.locator(".cap-lesson-answer").count() == 0
    other.get_by_role("button", name="show the answer").click()
    expect(other.locator(".cap-lesson-answer code")).to_have_text(str(second.steps[0].expected()), timeout=MOVE_MS)


def test_a_course_level_won_and_the_next_opened(lesson_page):
    page = lesson_page(f"{COURSE}/course.ipynb")
    play_first_level(page, COURSE)
    assert not page.problems, page.problems


@pytest.mark.parametrize("slug", EXERCISE_PAGES)
def test_exercises_one_wrong_then_right_and_one_shown(lesson_page, slug):
    page = lesson_page(f"{slug}/exercises.ipynb")
    answer_exercises(page, slug)
    assert not page.problems, page.problems
