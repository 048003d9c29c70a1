"""The course boards on a phone (390 px wide): the map opens on what the level is about, every target and every
space its goal names is in view, every space a finger may tap is 24 px or more, the whole map is an overview that
a tap zooms into, names are 11 px or more, the level's verdict comes under the board, and Command Capture's
hidden Assassin's badge stays clear of its unit's words."""

from __future__ import annotations

import pytest

from capture_lib.session.course import course
from capture_lib.session.learn import CourseController
from tests.browser.test_courses import act, type_move
from tests.harness import drawn, serve

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def _inside(outer: dict, inner: dict, slack: float = 1.0) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack)


def test_every_medieval_level_opens_on_a_phone_with_its_targets_in_view(browser):
    levels = course("medieval-capture").levels
    session = CourseController(course("medieval-capture"))
    with serve({"board": session}) as url:
        page = browser.new_page(viewport=PHONE)
        page.goto(url)
        page.locator(".capture-board .cap-lesson-goal").wait_for()
        for level in levels:
            if page.evaluate("window.captureBoards.board.get('lesson').level") != level.key:
                act(page, lambda key=level.key: page.evaluate(
                    f"window.captureBoards.board.send({{type: 'lesson', do: 'level', key: '{key}'}})"))
            page.wait_for_timeout(50)  # the map scrolls to its place on the next frame
            drawn(page)
            viewport = page.locator(".cap-viewport").bounding_box()
            words = set(level.goal.replace(",", " ").replace(".", " ").replace(":", " ").split())
            pieces = page.evaluate("window.captureBoards.board.get('scene').pieces")
            named = {*level.targets, *words, *(p["at"] for p in pieces if p["id"] in words)}
            for space in named:
                button = page.locator(f'.capture-board [data-space="{space}"]')
                if button.count():
                    assert _inside(viewport, button.bounding_box()), f"{level.key}: {space} is out of view"
            small = page.evaluate("""() => [...document.querySelectorAll('.cap-viewport .cap-space.cap-clickable')]
                .map((e) => [e.dataset.space, e.getBoundingClientRect()])
                .filter(([, r]) => r.width < 23.5 || r.height < 23.5).map(([id]) => id)""")
            assert small == [], f"{level.key}: tap targets under 24 px: {small}"
            tiny = page.evaluate("""() => [...document.querySelectorAll(
                '.cap-viewport .cap-space-label, .cap-viewport .cap-title')]
                .filter((e) => e.offsetParent && parseFloat(getComputedStyle(e).fontSize) < 11).length""")
            assert tiny == 0, f"{level.key}: {tiny} names under 11 px"
        page.close()


def test_the_whole_map_on_a_phone_is_an_overview_a_tap_zooms_into(browser):
    with serve({"board": CourseController(course("medieval-capture"), "river")}) as url:
        page = browser.new_page(viewport=PHONE)
        page.goto(url)
        page.locator(".cap-zoom").wait_for()
        page.get_by_role("button", name="whole map").click()
        drawn(page)
        assert page.locator(".cap-viewport.cap-overview").count() == 1
        assert page.locator(".cap-overview .cap-space-label:visible").count() == 0  # no crowded names
        before = page.evaluate("window.sent.length")
        box = page.locator(".cap-viewport").bounding_box()
        page.mouse.click(box["x"] + box["width"] * 0.8, box["y"] + box["height"] * 0.5)
        drawn(page)
        assert page.locator(".cap-zoom-level").inner_text() == "2\u00d7"
        assert page.evaluate("window.sent.length") == before  # the tap chose nothing
        page.close()


@pytest.mark.parametrize("slug, key", [("medieval-capture", "river"), ("command-capture", "march")])
def test_the_verdict_comes_under_the_board_and_in_view(browser, slug, key):
    level = course(slug).level(key)
    with serve({"board": CourseController(course(slug), key)}) as url:
        page = browser.new_page(viewport=PHONE)
        page.goto(url)
        page.locator(".capture-board .cap-lesson-goal").wait_for()
        for move in level.solution:
            type_move(page, move)
        verdict = page.locator(".cap-course-verdict")
        assert "Done in" in verdict.inner_text()
        stage = page.locator(".cap-stage").bounding_box()
        assert verdict.bounding_box()["y"] >= stage["y"] + stage["height"] - 1  # under the board
        page.wait_for_timeout(300)  # the scroll into view
        shown = verdict.locator(".cap-lesson-feedback").bounding_box()
        assert 0 <= shown["y"] and shown["y"] + shown["height"] <= PHONE["height"]
        page.close()


def test_the_hidden_badge_stays_clear_of_the_units_words_on_a_phone(browser):
    with serve({"board": CourseController(course("command-capture"), "assassin")}) as url:
        page = browser.new_page(viewport=PHONE)
        page.goto(url)
        page.locator(".cap-badge-hidden").wait_for()
        tile = page.locator(".cap-tile:has(.cap-badge-hidden)")
        badge = tile.locator(".cap-badge-hidden").bounding_box()
        for part in (".cap-title", ".cap-line", ".cap-facing"):
            other = tile.locator(part).bounding_box()
            apart = (badge["x"] >= other["x"] + other["width"] or other["x"] >= badge["x"] + badge["width"]
                     or badge["y"] >= other["y"] + other["height"] or other["y"] >= badge["y"] + badge["height"])
            assert apart, f"the badge overlaps {part}"
        assert float(tile.locator(".cap-badge-hidden").evaluate("(e) => getComputedStyle(e, '::after').fontSize")
                     .rstrip("px")) >= 11
        page.close()
