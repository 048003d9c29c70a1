"""The tutorials and exercises in a real browser, on Voila (what ``capture serve`` runs).

Each game's tutorial is played to its end: on the first step one wrong try, whose hint must show,
then every step's answer. On the exercises pages of two games (``EXERCISE_PAGES``), one exercise is
answered wrong and then right, and another is answered with "show the answer". Moves are typed in
notation (the box every board has), except Card Commander's first step, which is clicked.
"""

from __future__ import annotations

import shutil

import pytest

from capture_lib.classroom.voila import write_template
from capture_lib.core.lessons import Step
from capture_lib.session.course import exercises, games_with_lessons, tutorial
from tests.browser.conftest import watch
from tests.browser.servers import ROOT, free_port, start

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

SLUGS = [slug for slug in games_with_lessons() if (ROOT / "book" / slug / "tutorial.ipynb").is_file()]
FIRST_DRAW_MS = 45_000
MOVE_MS = 10_000
#: The exercises pages opened in the browser (each page is a kernel start: the whole file must stay under a
#: minute). Every exercise of every game is run through the board in Python by test_lessons.py.
EXERCISE_PAGES = ("card-commander", "capture-the-commander")


@pytest.fixture(scope="module")
def lessons_server(tmp_path_factory):
    """Voila, with the ``capture serve`` template, on a copy of every game's tutorial and exercises."""
    home = tmp_path_factory.mktemp("lessons-voila")
    site = home / "pages"
    for slug in sorted(set(SLUGS) | set(EXERCISE_PAGES)):
        (site / slug).mkdir(parents=True)
        for name in ("tutorial.ipynb", "exercises.ipynb"):
            if (ROOT / "book" / slug / name).is_file():  # a game with a course has no tutorial page
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


def play_tutorial(page, slug: str) -> None:
    """Play the tutorial on ``page`` to its end, with one wrong try (and its hint) on the first step."""
    lesson = tutorial(slug)
    board = page.locator(".capture-board").filter(has=page.locator(".cap-lesson")).first
    prompt = board.locator(".cap-lesson-prompt")
    for number, step in enumerate(lesson.steps):
        expect(prompt).to_have_text(step.prompt, timeout=FIRST_DRAW_MS if number == 0 else MOVE_MS)
        expect(board.locator(".cap-lesson-title")).to_contain_text(f"step {number + 1} of {len(lesson.steps)}")
        click = None
        if number == 0:
            if slug == "card-commander":  # a click, not typed: the Commander buttons of the board
                board.locator(".cap-actions").get_by_role("button", name="Joanne").click()
                click = lambda: board.locator(".cap-actions").get_by_role("button", name="Karl").click()  # noqa: E731
            else:
                type_move(board, wrong_try(step))
            expect(board.locator(".cap-lesson-feedback.cap-lesson-wrong")).to_contain_text(step.hint,
                                                                                           timeout=MOVE_MS)
            expect(board.locator(".cap-message.cap-error")).to_be_visible()
        answer_right(board, step, click)
        if number + 1 < len(lesson.steps):
            board.get_by_role("button", name="next step").click()
    expect(board.locator(".cap-lesson-done")).to_be_visible()
    assert board.get_by_role("button", name="next step").count() == 0


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


@pytest.mark.parametrize("slug", SLUGS)
def test_the_tutorial_to_its_end(lesson_page, slug):
    page = lesson_page(f"{slug}/tutorial.ipynb")
    play_tutorial(page, slug)
    assert not page.problems, page.problems


@pytest.mark.parametrize("slug", EXERCISE_PAGES)
def test_exercises_one_wrong_then_right_and_one_shown(lesson_page, slug):
    page = lesson_page(f"{slug}/exercises.ipynb")
    answer_exercises(page, slug)
    assert not page.problems, page.problems
