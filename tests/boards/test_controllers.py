"""The boards layer: each game's controller gives its anywidget board's values for the same messages,
lessons are checked the same way, and recipes rebuild live boards while holding nothing hidden."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys

import pytest

from capture_lib.session import BoardController, from_recipe, secrecy
from capture_lib.session.lesson import book_lessons, lesson_controller
from capture_lib.session.recipes import recipe_of

pytest.importorskip("anywidget")

from capture_lib.core import saves
from capture_lib.hosts.lesson import lesson_board  # noqa: E402
from capture_lib.hosts.widget import BoardWidget  # noqa: E402
from tests.registry import games, has_part  # noqa: E402

GAMES = games()
#: Jupyter's modules, none of which the boards layer may import (the book's engine runs without them).
JUPYTER = ("anywidget", "ipywidgets", "IPython", "traitlets", "jupyter", "jupyter_core", "ipykernel", "comm")


@pytest.fixture(autouse=True)
def kept_games(tmp_path, monkeypatch):
    """Claims keep their games in a folder of this test's own."""
    monkeypatch.setenv("CAPTURE_SAVES", str(tmp_path / "kept"))


def plain(values: dict) -> dict:
    """Values as the page gets them (JSON), with the resume claim's random name reduced to whether there is one."""
    values = json.loads(json.dumps(values))
    values["resume"] = bool(values.get("resume"))
    return values


def widget_values(board, names) -> dict:
    synced = board.get_state()["values"]
    return plain({name: synced[name] for name in names})


def same_values(board, controller) -> None:
    assert widget_values(board, controller.value_names) == plain(controller.values())


def drive(board, controller, message) -> None:
    """Send ``message`` to both hosts and check that the page sees the same values, and that
    ``handle`` names exactly the values that changed."""
    before = copy.deepcopy(controller.values())
    board._on_front_end_message(board, message, [])
    changed = controller.handle(message)
    changed.pop("_messages", None)
    assert {**before, **changed} == controller.values()
    same_values(board, controller)


def test_the_boards_layer_imports_nothing_from_jupyter():
    code = ("import sys, capture_lib.session, capture_lib.session.lesson; from capture_lib.session import course; "
            "[course.exercises(g) for g in course.games_with_lessons()]; "
            "[course.course(g) for g in course.games_with_a_course()]; "
            "print(sorted({m.split('.')[0] for m in sys.modules}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = set(json.loads(out.replace("'", '"')))
    assert loaded.isdisjoint(JUPYTER), loaded & set(JUPYTER)


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_the_controller_gives_the_widgets_values_against_the_computer(slug, monkeypatch):
    monkeypatch.setattr("capture_lib.session.board.fresh_seed", lambda: 1234)  # "new game" deals alike in both
    board = BoardWidget(slug, seed=5, seat=0, level="rule")
    controller = BoardController(slug, seed=5, seat=0, level="rule")
    same_values(board, controller)
    drive(board, controller, {"type": "play", "action": "no such move"})
    assert controller.message_kind == "error" and board.values["message"] == controller.message
    drive(board, controller, {"type": "play", "action": controller.legal[0]})  # the computer answers if its turn
    drive(board, controller, {"type": "undo"})
    drive(board, controller, {"type": "play", "action": controller.legal[-1]})
    drive(board, controller, {"type": "level", "level": "random"})
    drive(board, controller, {"type": "play", "action": controller.legal[0]})
    assert controller.message_kind == "info" and len(controller.state.history) >= 2
    drive(board, controller, {"type": "new"})  # a game under way is thrown away only when confirmed
    assert "confirm" in controller.message and len(controller.state.history) >= 2
    drive(board, controller, {"type": "new", "confirm": True})
    assert controller.message == "new game"
    drive(board, controller, {"type": "forged"})
    drive(board, controller, ["not", "a", "message"])
    assert controller.message_kind == "error"


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_the_controller_gives_the_widgets_values_in_hot_seat(slug):
    board = BoardWidget(slug, seed=8, mode="hotseat")
    controller = BoardController(slug, seed=8, mode="hotseat")
    drive(board, controller, {"type": "ready"})
    for _ in range(60):  # a turn may take several actions (Command Capture's set-up, a Medieval turn)
        if controller.curtain:
            break
        drive(board, controller, {"type": "play", "action": controller.legal[0]})
    assert controller.curtain and controller.legal == [] and board.values["curtain"] == controller.curtain
    drive(board, controller, {"type": "play", "action": "anything"})  # refused behind the curtain
    assert controller.message_kind == "error"
    drive(board, controller, {"type": "ready"})
    assert not controller.curtain and controller.legal


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("lessons"))
def test_a_lesson_controller_runs_an_exercise_with_a_wrong_try_and_a_hint(slug):
    lesson = book_lessons(slug)["exercise 1"]
    board, controller = lesson_board(lesson), lesson_controller(lesson)
    same_values(board, controller)
    for number, step in enumerate(lesson.steps):
        wrong = next((a for a in step.start.legal_actions() if not step.accepts(a, step.start.play(a))), None)
        drive(board, controller, {"type": "play", "action": str(wrong) if wrong is not None else "no such move"})
        assert controller.lesson["status"] == "wrong" and controller.lesson["hint"] == step.hint
        assert controller.lesson["answer"] == ""  # the answer stays in Python until asked for
        drive(board, controller, {"type": "lesson", "do": "hint"})
        drive(board, controller, {"type": "play", "action": str(step.expected())})
        assert controller.lesson["status"] == "right" and controller.lesson["feedback"].startswith("Right!")
        if number + 1 < len(lesson.steps):
            drive(board, controller, {"type": "lesson", "do": "next"})
    assert controller.lesson["finished"]
    drive(board, controller, {"type": "undo"})  # no undo in a lesson
    assert controller.message_kind == "error"


def played(slug: str, moves: int, seed: int = 8_731_552_019):
    """A controller against the random computer after ``moves`` of seat 0's moves."""
    controller = BoardController(slug, seed=seed, seat=0, level="random")
    rng = random.Random(moves)
    for _ in range(moves):
        if controller.state.is_over or not controller.legal:
            break
        controller.handle({"type": "play", "action": rng.choice(controller.legal)})
    return controller


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_each_recipe_rebuilds_a_live_board(slug):
    play = BoardController(slug, seat=1, mode="computer", level="easy")
    rebuilt = from_recipe(json.loads(json.dumps(recipe_of(play))), seed=77)
    assert (rebuilt.seat, rebuilt.mode, rebuilt.level, rebuilt.game_slug) == (1, "computer", "easy", slug)
    assert rebuilt.state.seed == 77 and rebuilt.legal  # seat 1's turn: the computer has moved first if it was its
    for lesson in list(book_lessons(slug).values() if has_part(slug, "lessons") else ())[:2]:
        recipe = recipe_of(lesson_controller(lesson))
        assert set(recipe) == {"format", "version", "kind", "game", "lesson"}  # a name: no step, no answer
        board = from_recipe(recipe)
        assert board.values()["lesson"]["title"] == lesson.title and board.legal
    state = played(slug, 4).state
    for seat, everything in ((0, False), (1, False), (0, True)):
        example = BoardController.example(state, [], seat=seat, everything=everything)
        board = from_recipe(recipe_of(example), seed=9)
        assert board.values()["frames"] == []
        assert board.values()["mode"] == "computer"
        assert board.values()["teaching"] == everything
        if not everything:  # a position drawn from what a seat saw is no game to save
            assert "not a game to save" in board.handle({"type": "save"})["message"]
        if board.legal:  # try it from here: a legal move is played, and the computer answers
            changed = board.handle({"type": "play", "action": board.legal[0]})
            assert board.values()["message_kind"] == "info", changed


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_a_recipe_holds_nothing_hidden(slug):
    one, two = BoardController(slug, seed=1), BoardController(slug, seed=2)
    assert recipe_of(one) == recipe_of(two) and "seed" not in json.dumps(recipe_of(one))
    compared = 0
    # After three moves and after six; where nothing is hidden by then (a short game's secrets all shown), on.
    for moves in (3, 6, 1, 2, 4, 5, 7, 8, 9, 10, 11, 12):
        if compared and moves not in (3, 6):
            break
        state = played(slug, moves).state
        for seat in (0, 1):
            # A twin: the same to ``seat``, every fact hidden from it drawn again.
            twins = [secrecy.twin(state, seat, random.Random(n)) for n in range(6)]
            other = next((t for t in twins if t is not None and saves.dump(t) != saves.dump(state)), None)
            if other is None:
                continue
            mine = recipe_of(BoardController.example(state, [], seat=seat, everything=False))
            theirs = recipe_of(BoardController.example(other, [], seat=seat, everything=False))
            assert mine == theirs
            assert str(state.seed) not in json.dumps(mine)
            compared += 1
    assert compared  # at least one position whose hidden facts were drawn again
    teaching = recipe_of(BoardController.example(state, [], seat=0, everything=True))
    assert str(state.seed) not in json.dumps(teaching)


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_an_example_seen_by_the_whole_table_is_tried_from_what_the_table_saw(slug):
    state = played(slug, 1).state
    recipe = recipe_of(BoardController.example(state, [], seat=None, everything=False))
    seat = recipe["seat"]
    assert seat == state.current_player and from_recipe(recipe, seed=4).legal
    # Positions the table cannot tell apart (one seat's secrets, or the other's, drawn again) give one recipe.
    compared = 0
    for other_seat in (0, 1):
        for n in range(4):
            other = secrecy.twin(state, other_seat, random.Random(n))
            if other is not None and saves.dump(other) != saves.dump(state):
                assert recipe_of(BoardController.example(other, [], seat=None, everything=False)) == recipe
                compared += 1
    assert compared


def test_an_example_whose_table_secrets_cannot_be_drawn_again_keeps_its_frames_only():
    # Card Commander's placements are shown once both are made: a replay from what the table saw
    # would have to deal those cards to the same hands, which needs the true deal.
    state = played("card-commander", 2).state
    example = BoardController.example(state, [], seat=None)
    with pytest.raises(ValueError, match="whole table|drawn again"):
        recipe_of(example)
    widget = BoardWidget.example(state, [], seat=None)
    assert widget._recipe_or_none() is None


def forged(recipe: dict, **changes) -> dict:
    out = copy.deepcopy(recipe)
    for key, value in changes.items():
        if value is KeyError:
            out.pop(key)
        else:
            out[key] = value
    return out


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_a_forged_recipe_gets_a_clear_value_error(slug):
    play = recipe_of(BoardController(slug, seed=4))
    cases = [
        ("not a recipe", "JSON object"),
        (forged(play, format="other"), "not a board's recipe"),
        (forged(play, version=2), "version 2"),
        (forged(play, kind="cheat"), "kind"),
        (forged(play, game="chess"), "game"),
        (forged(play, seed=5), "unknown: seed"),
        (forged(play, seat=KeyError), "missing: seat"),
        (forged(play, seat=7), "seat"),
        (forged(play, seat=True), "seat"),
        (forged(play, mode="god"), "mode"),
        (forged(play, level="ultra"), "level"),
        (forged(play, teaching="yes"), "teaching"),
        (forged(play, options=[1]), "options"),
        (forged(play, options={"no_such_option": 1}), "no_such_option"),
    ]
    if has_part(slug, "lessons"):
        lesson = recipe_of(lesson_controller(book_lessons(slug)["exercise 1"]))
        cases.append((forged(lesson, lesson="exercise 99"), "no lesson"))
    state = played(slug, 3).state
    position = recipe_of(BoardController.example(state, [], seat=0, everything=False))
    cases += [
        (forged(position, record="x"), "one of the two"),
        (forged(position, observation=None), "one of the two"),
        (forged(position, observation=[]), "JSON object"),
        (forged(position, observation={}), "observation"),
        (forged(position, seat=1), "seat"),  # seat 0's observation named as seat 1's
        (forged(position, observation=None, record="not a record", teaching=True), "record|header|line"),
    ]
    for recipe, words in cases:
        with pytest.raises(ValueError, match=words):
            from_recipe(recipe, seed=3)
    with pytest.raises(ValueError, match="seed"):
        from_recipe(play, seed=-1)


def test_a_forged_observation_that_does_not_hold_together_is_refused():
    state = played("command-capture", 3).state
    recipe = recipe_of(BoardController.example(state, [], seat=0, everything=False))
    observation = recipe["observation"]
    changed = next(key for key, value in observation.items() if isinstance(value, int) and not isinstance(value, bool)
                   and key not in ("seat",))
    observation[changed] += 1
    with pytest.raises(ValueError):
        from_recipe(recipe, seed=3)


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_a_worked_example_gives_the_widgets_values_and_refuses_changes(slug):
    state = played(slug, 2).state
    board = BoardWidget.example(state, [], seat=0, everything=False)
    controller = BoardController.example(state, [], seat=0, everything=False)
    same_values(board, controller)
    assert controller.frames and controller.legal == []
    for message in ({"type": "undo"}, {"type": "new"}, {"type": "play", "action": "anything"}):
        drive(board, controller, message)
        assert controller.message_kind == "error"
    assert board.controller.static_model() == controller.static_model()
