"""Capture: A Medieval Wargame's course: every level is won by its solution in par through the engine, a move
that does not help neither wins nor goes unpunished, the marks name spaces of the board, the learner never sees
Red's Knight or cards, and the course's board session plays a level to its stars."""

from __future__ import annotations

import json

import pytest

from capture_lib.bookkit.rules_index import practised, unpractised
from capture_lib.games.medieval_capture.course import course
from capture_lib.session.learn import course_controller

LEVELS = course().levels
FIXED = [level for level in LEVELS if level.solver is None]

#: For each level played from a fixed line, a legal move that does not help: after it the level is lost.
WRONG = {
    "roads": "place B5 b1",
    "knight": "place B6 b38",
    "look": "roll",
    "die": "B2 r35-r36",
    "three": "B1 b27-b19",
    "make-way": "B1 b30-b31",
    "river": "B1 b22-b23",
    "lake": "B1 b31-b26-b14-b5-b4",
    "cathedral": "B1 c-b46",
    "capture": "B1 b29-b30",
    "abroad": "B1 r43-r50",
    "kill": "B1 b37-b38",
    "rescue": "B1 r29-r30",
    "take": "B1 r3-r2-r1",
    "home": "B1 r9-r8-r7 take r8",
    "guard": "B2 b7-b6",
    "treasure": "B1 r35-r36",
    "card": "roll",
    "reserve": "B1 r43-r50",
    "fire": "shoot from 1 at r10",
    "near-home": "shoot from 1 at r50",
    "new-deck": "B1 r35-r36",
    "ambush": "roll",
    "ransom": "roll",
    "recruit": "roll",
    "caught": "B2 b7-b12",
    "six-shot": "shoot from 1 at r1",
    "stop-to-draw": "B1 r35-r34-r27-r19",
    "teams": "B1 b29-b30",
}


def test_the_course_has_stages_in_a_beginners_order_and_ends_with_a_whole_game():
    stages = [stage for stage, _ in course().stages]
    assert stages == ["Set-up", "The turn", "Crossing water", "Capturing", "Crowns", "Treasure and Knight spaces",
                      "The catapult", "Variants", "A whole game"]
    assert len(LEVELS) >= 12 and LEVELS[-1].solver is not None and LEVELS[-1].opponent is not None
    assert course().intro.startswith("Thirty short levels") and len(LEVELS) == 30  # the page says so too
    assert len({level.key for level in LEVELS}) == len(LEVELS)
    assert set(WRONG) == {level.key for level in FIXED}


@pytest.mark.parametrize("level", FIXED, ids=lambda level: level.key)
def test_the_solution_reaches_the_goal_in_par(level):
    level.validate()
    assert len(level.solution) == level.par
    assert level.done(level.play(level.solution))
    assert level.stars(level.par, hinted=False) == 3


def test_the_whole_game_is_won_by_the_solver_through_the_engine():
    game = LEVELS[-1]
    moves = game.solved()
    state = game.play(tuple(moves))
    assert game.done(state) and state.is_over and state.winners == (0,)
    assert len(moves) <= game.most and not game.lost(state)


@pytest.mark.parametrize("level", FIXED, ids=lambda level: level.key)
def test_a_move_that_does_not_help_is_legal_wins_nothing_and_loses_the_level(level):
    start, _ = level.opening()
    wrong = WRONG[level.key]
    assert start.to_action(wrong) in start.legal_actions()
    after = level.play((wrong,))
    assert not level.done(after)
    assert level.lost is not None and level.lost(after), f"{level.key}: {wrong} should lose the level"


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.key)
def test_targets_and_arrows_name_spaces_of_the_levels_board(level):
    board = course_controller("medieval-capture", level.key)
    board.handle({"type": "lesson", "do": "hint"})
    scene = board.values()["scene"]
    spaces = {space["id"] for space in scene["spaces"]}
    named = set(level.targets) | {space for route in level.arrows for space in route}
    assert named <= spaces, f"{level.key}: {sorted(named - spaces)} are not spaces of its board"
    assert {mark["at"] for mark in scene.get("marks", []) if mark["key"] == "target"} == set(level.targets)
    assert len(scene.get("arrows", [])) >= len(level.arrows)
    assert level.goal.endswith(".") and level.hint.endswith(".") and level.explain.endswith(".")


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.key)
def test_the_learner_sees_blues_observation_only(level):
    board = course_controller("medieval-capture", level.key)
    values = board.values()
    text = json.dumps(values)
    red = [piece for piece in values["scene"]["pieces"] if piece["id"].startswith("R")]
    assert all("ringed" not in piece.get("tones", []) and "Knight" not in piece["name"] for piece in red)
    assert '"knight": true' not in text
    state = board.state
    red_only = {card for card in state.observation(1)["hand"]} - set(state.observation(0)["hand"])
    assert not any(card in text for card in red_only)


def test_red_holds_a_card_somewhere_and_the_learner_never_sees_it():
    card = course().level("card")
    assert card.start.observation(1)["hand"] == ["CATAPULT!"]
    assert "CATAPULT!" not in json.dumps(course_controller("medieval-capture", "card").values())


def test_the_board_session_plays_the_first_level_to_its_stars_then_goes_on():
    board = course_controller("medieval-capture")
    first = LEVELS[0]
    for move in first.solution[:-1]:
        board.handle({"type": "play", "action": move})
        assert board.values()["lesson"]["status"] == "try", board.values()["message"]
    board.handle({"type": "play", "action": first.solution[-1]})
    lesson = board.values()["lesson"]
    assert lesson["status"] == "won" and lesson["stars"] == 3 and lesson["moves"] == first.par
    assert first.explain in lesson["feedback"] and lesson["next"] == LEVELS[1].key
    board.handle({"type": "lesson", "do": "next"})
    assert board.values()["lesson"]["level"] == LEVELS[1].key


def test_a_lost_level_says_why_and_try_again_starts_it_over():
    board = course_controller("medieval-capture", "river")
    board.handle({"type": "play", "action": WRONG["river"]})
    lesson = board.values()["lesson"]
    assert lesson["status"] == "lost" and "B1 has made its move" in lesson["feedback"]
    assert board.values()["scene"]["actions"] == []
    board.handle({"type": "lesson", "do": "again"})
    assert board.values()["lesson"]["status"] == "try" and board.values()["lesson"]["moves"] == 0
    board.handle({"type": "play", "action": course().level("river").solution[0]})
    assert board.values()["lesson"]["status"] == "won"


def test_a_hint_shows_the_arrows_and_costs_the_third_star():
    board = course_controller("medieval-capture", "river")
    assert not board.values()["scene"].get("arrows")
    board.handle({"type": "lesson", "do": "hint"})
    values = board.values()
    assert values["lesson"]["hint"] == course().level("river").hint and values["scene"]["arrows"]
    board.handle({"type": "play", "action": "B1 b22-b32-b47-r47-r32-r22"})
    assert board.values()["lesson"]["stars"] == 2


def test_the_solution_is_shown_on_request_and_the_level_starts_over():
    board = course_controller("medieval-capture", "fire")
    board.handle({"type": "lesson", "do": "answer"})
    lesson = board.values()["lesson"]
    assert lesson["answer"] == "shoot from 4 at r37, kill R2" and lesson["moves"] == 0
    for move in course().level("fire").solution:
        board.handle({"type": "play", "action": move})
    assert board.values()["lesson"]["status"] == "won"


def test_the_whole_games_level_has_no_line_to_show_and_plays_on_with_the_hint():
    board = course_controller("medieval-capture", "game")
    board.handle({"type": "play", "action": "place B1 b43"})
    board.handle({"type": "lesson", "do": "answer"})
    lesson = board.values()["lesson"]
    assert lesson["status"] == "try" and lesson["moves"] == 1 and lesson["answer"] == ""
    assert lesson["hint"] == LEVELS[-1].hint and "no one line" in lesson["feedback"]


def test_every_level_goes_straight_to_its_level_by_key():
    board = course_controller("medieval-capture")
    for level in LEVELS:
        board.handle({"type": "lesson", "do": "level", "key": level.key})
        assert board.values()["lesson"]["level"] == level.key and board.values()["lesson"]["status"] == "try"


def test_course_and_exercises_practise_every_rule():
    assert unpractised("medieval-capture") == []
    where = practised("medieval-capture")
    for key in ("set-up", "territories", "catapult-home", "treasure-deck"):
        assert any(page == "course" for page, _ in where[key]), key


def test_looking_under_b3_says_on_the_board_what_it_is_and_marks_its_space():
    """Level 3, "Look, then roll": the board tells the learner what is under B3 and marks its space, b30; Red is
    told only that Blue looked under one of its pieces."""
    from capture_lib import describe
    from capture_lib.session.scenes import public_notation, scene_json

    board = course_controller("medieval-capture", "look")
    board.handle({"type": "play", "action": "look B3"})
    values = board.values()
    assert values["scene"]["last"] == [{"seat": 0, "text": "Blue looks under B3 on b30: it is your Knight",
                                        "spaces": ["b30"]}]
    assert values["lesson"]["status"] == "try" and {"at": "b30", "key": "target"} in values["scene"]["marks"]
    level = course().level("look")
    start, _ = level.opening()
    looked = start.play("look B3")
    seen = looked.observation(1)
    red = scene_json(describe("medieval-capture"), seen, (),
                     [(start.observation(1), public_notation(looked, seen), seen, 0)])
    assert [last["text"] for last in red["last"]] == ["Blue looks under one of its pieces"]
    assert "b30" not in json.dumps(red["last"])
