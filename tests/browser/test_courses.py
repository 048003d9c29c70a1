"""Each game's course played on its board in a browser, as a learner does it: the plumbing, not every level.

The course session runs in this process (``tests/harness.py``) and the page is the shared board module, so
this checks what the engine-only tests cannot: that a level is played from the board itself (the move typed
in the board's field, the level's replies drawn), that a level is chosen from the level map, that a wrong
move is refused without costing the level, that a hint costs a star, and that the stars are kept in the
browser and shown on the level map after a reload. Per game it plays three levels: the first with a written
line (scripted replies), the next such level with a refused move and a hint, and the first whole game. Python
plays every level of every course to its goal (``tests/lessons``, ``tests/teaching``); the live book's own
test plays a level of each course in Pyodide.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from capture_lib.session.course import course, games_with_a_course
from capture_lib.session.learn import CourseController
from tests.harness import drawn, serve

pytestmark = pytest.mark.browser

#: The sessions' seed: a whole game's level is played against the course's computer with the dice and deals
#: of this seed, so every run plays the same game (an unseeded one could be lost by the deal).
SEED = 7


def lesson(page) -> dict:
    """The lesson's values on the page."""
    return page.evaluate("window.captureBoards.board.get('lesson')")


def answered(page) -> int:
    """How many of the board's messages the session has answered."""
    return page.evaluate("window.answers.board || 0")


def act(page, do) -> None:
    """Do something on the board that sends a message, and wait for the session's answer."""
    before = answered(page)
    do()
    try:
        page.wait_for_function(f"(window.answers.board || 0) > {before}")
    except Exception as err:  # noqa: BLE001 - say what the board showed when no answer came
        shown = page.evaluate("""() => ({sent: window.sent.slice(-3), field: (document.querySelector(
            '.capture-board input.cap-notation') || {}).value, message: window.captureBoards.board.get('message'),
            focused: document.activeElement && document.activeElement.className})""")
        raise AssertionError(f"no answer from the session: {shown}") from err
    drawn(page)  # typing before the answer is drawn could press Enter on a field the draw replaces


def type_move(page, move: str) -> None:
    """Type ``move`` into the board's notation field and press Enter."""
    field = page.locator(".capture-board input.cap-notation")
    act(page, lambda: (field.fill(move), field.press("Enter")))


def chosen_levels(levels) -> list:
    """The levels this test plays: the first two with a written line, and the first whole game."""
    lines = [level for level in levels if level.solution]
    games = [level for level in levels if not level.solution]
    return lines[:2] + games[:1]


def play_level(page, session, level, hinted: bool) -> int:
    """Play ``level`` (already on the board) to its goal, after a refused move and a hint if ``hinted``; its stars."""
    shown = lesson(page)
    assert shown["level"] == level.key and shown["status"] == "try", (level.key, shown)
    expect(page.locator(".capture-board .cap-lesson-goal")).to_contain_text(level.goal)  # drawn next frame
    if hinted:
        type_move(page, "no such move")
        assert page.evaluate("window.captureBoards.board.get('message_kind')") == "error"
        assert lesson(page)["moves"] == 0 and lesson(page)["status"] == "try"
        act(page, lambda: page.locator(".capture-board button.cap-lesson-do-hint").click())
        expect(page.locator(".capture-board .cap-course-verdict")).to_contain_text(level.hint)
    # The level's own line; or, for a whole game's level, the moves its solver picks in the game as it goes.
    moves = iter(level.solution)
    for _ in range(level.most or 200):
        if lesson(page)["status"] != "try":
            break
        move = next(moves, None) if level.solution else str(level.solver(session.state, level.seat))
        assert move is not None, f"{level.key}: the solution ran out before the goal"
        type_move(page, move)
    result = lesson(page)
    said = page.evaluate("window.captureBoards.board.get('message')")
    assert result["status"] == "won", (level.key, result, said)
    if level.solution:
        assert result["stars"] == (2 if hinted else 3), (level.key, result)
    return result["stars"]


@pytest.mark.parametrize("slug", games_with_a_course())
def test_course_levels_are_chosen_played_and_hinted_on_the_board_and_their_stars_are_kept(browser, slug):
    levels = course(slug).levels
    session = CourseController(course(slug), seed=SEED)
    sessions = {"board": session}
    won: dict[str, int] = {}
    with serve(sessions) as url:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(url)
        page.locator(".capture-board .cap-lesson-goal").wait_for()
        for number, level in enumerate(chosen_levels(levels)):
            if lesson(page)["level"] != level.key:
                index = levels.index(level)
                act(page, lambda i=index: page.locator(".capture-board .cap-course-level").nth(i).click())
            won[level.key] = play_level(page, session, level, hinted=number == 1)
        kept = json.loads(page.evaluate(f"localStorage.getItem('capture-course:{slug}')") or "{}")
        assert kept == won

        # A reload meets a fresh session: the level map shows the stars of the levels won, and none elsewhere.
        sessions["board"] = CourseController(course(slug), seed=SEED)
        page.reload()
        page.locator(".capture-board .cap-lesson-goal").wait_for()
        marks = page.locator(".capture-board .cap-course-level").all_text_contents()
        assert len(marks) == len(levels)
        for text, level in zip(marks, levels, strict=True):
            if level.key in won:
                assert f"{won[level.key]} star" in text, (level.key, text)
            else:
                assert " won" not in text, (level.key, text)
        assert errors == []
        page.close()
