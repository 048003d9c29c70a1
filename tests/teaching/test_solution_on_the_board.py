"""'Show the solution' draws it on the board, a move at a time: for every level played from a fixed line, each
move of the solution is marked where it is clicked (with its way drawn as an arrow when it goes somewhere) or named
by its button, the panel says which move of how many it is, and playing the moves shown wins the level."""

from __future__ import annotations

import pytest

from capture_lib.session.course import course, games_with_a_course
from capture_lib.session.learn import CourseController

FIXED = [(slug, level.key) for slug in games_with_a_course() for level in course(slug).levels if level.solution]


@pytest.mark.parametrize("slug, key", FIXED, ids=[f"{slug}:{key}" for slug, key in FIXED])
def test_the_solution_is_drawn_move_by_move_and_wins(slug, key):
    level = course(slug).level(key)
    board = CourseController(course(slug), key)
    assert not any(mark["key"] == "step" for mark in board.values()["scene"].get("marks", []))
    board.handle({"type": "lesson", "do": "answer"})
    for number, move in enumerate(level.solution, start=1):
        values = board.values()
        feedback = values["lesson"]["feedback"]
        assert f"Move {number} of {len(level.solution)}" in feedback, feedback
        action = str(board.state.to_action(move))
        record = next(a for a in values["scene"]["actions"] if a["notation"] == action)
        stepped = {mark["at"] for mark in values["scene"].get("marks", []) if mark["key"] == "step"}
        if record.get("clicks"):
            assert stepped == set(record["clicks"])
            if len(record.get("route") or record["clicks"]) >= 2:
                assert any(arrow["key"] == "solution" for arrow in values["scene"].get("arrows", []))
        else:
            assert record["button"] in feedback and not stepped
        if stepped:  # the key under the board names the mark
            assert "step" in {entry["key"] for entry in values["scene"].get("key", [])}
        board.handle({"type": "play", "action": move})
    assert board.values()["lesson"]["status"] == "won"


def test_leaving_the_solution_stops_the_drawing_and_says_so():
    board = CourseController(course("command-capture"), "march")
    board.handle({"type": "lesson", "do": "answer"})
    board.handle({"type": "play", "action": "D2-D3"})
    board.handle({"type": "play", "action": "A1-A2"})
    values = board.values()
    assert "You left it" in values["lesson"]["feedback"]
    assert not any(mark["key"] == "step" for mark in values["scene"].get("marks", []))
