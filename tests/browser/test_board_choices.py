"""Where a move has a choice, the board asks: a click on a space that two moves share (with or without taking a
Crown, capturing or killing) sends nothing and offers both, each in its words."""

from __future__ import annotations

import pytest

from capture_lib.session.course import course
from capture_lib.session.learn import CourseController
from tests.harness import drawn, serve

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("key, start, end, words", [
    ("home", "r9", "b48", ("does not take Red's Crown on r8", "takes Red's Crown from r8")),
    ("take", "r3", "r1", ("does not take Red's Crown on r2", "takes Red's Crown from r2")),
    ("kill", "b30", "b38", ("takes R1 prisoner", "kills R1")),
])
def test_a_move_with_a_choice_asks_which(browser, key, start, end, words):
    with serve({"board": CourseController(course("medieval-capture"), key)}) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        page.locator(".capture-board .cap-lesson-goal").wait_for()
        page.locator(f'[data-space="{start}"]').click()
        drawn(page)
        assert page.locator(f'[data-space="{end}"]').get_attribute("data-notation") is None  # no move at once
        page.locator(f'[data-space="{end}"]').click()
        drawn(page)
        offered = page.locator(".cap-choice button").all_text_contents()
        assert all(any(word in option for option in offered) for word in words), offered
        assert page.evaluate("window.sent.filter((m) => m.type === 'play').length") == 0
        page.close()
