"""Course progress of any shape in the browser's storage neither breaks the course nor is lost.

A curious student (or another version of the book) may leave anything under a course's key: a negative or huge
number of stars, a number, a word, a list. The level map still draws every level, the stars that can be read are
shown, new stars are kept, and a value read only in part is kept as it was under the key with ":unread".
"""

from __future__ import annotations

import json

import pytest

from capture_lib.session.course import course
from capture_lib.session.learn import CourseController
from tests.browser.test_courses import type_move
from tests.harness import drawn, serve

pytestmark = pytest.mark.browser

SLUG = "card-commander"
KEY = f"capture-course:{SLUG}"
FIRST = course(SLUG).levels[0]


@pytest.mark.parametrize("kept, readable", [
    ('{"commander": -1}', {}), ('{"value": 1e308}', {}), ("5", {}), ('"abc"', {}), ("abc", {}), ("[]", {}),
    ("null", {}), ('{"pass": 2, "value": "three"}', {"pass": 2}),
])
def test_odd_progress_is_ignored_with_a_note_and_never_lost(browser, kept, readable):
    with serve({"board": CourseController(course(SLUG))}) as url:
        page = browser.new_page()
        errors, notes = [], []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.on("console", lambda message: message.type == "warning" and notes.append(message.text))
        page.goto(url)
        page.evaluate(f"localStorage.setItem({json.dumps(KEY)}, {json.dumps(kept)})")
        page.reload()
        page.locator(".capture-board .cap-lesson-goal").wait_for()
        drawn(page)
        levels = page.locator(".capture-board .cap-course-level")
        assert levels.count() == len(course(SLUG).levels)  # the level map draws every level
        starred = {key: page.locator(".capture-board .cap-course-level").nth(i).locator(".cap-stars").count()
                   for i, key in enumerate(level.key for level in course(SLUG).levels)}
        assert {key for key, shown in starred.items() if shown} == set(readable)
        assert notes and "kept as it was" in notes[0]
        for move in FIRST.solution:
            type_move(page, move)
        stored = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))
        assert stored == {**readable, FIRST.key: 3}  # the new stars are kept beside what could be read
        assert page.evaluate(f"localStorage.getItem({json.dumps(KEY + ':unread')})") == kept
        assert not errors
        page.close()
