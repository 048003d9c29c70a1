"""Exercises: every lesson is checked by the engine, the board runs it step by step, wrong tries get the
hint, and nothing the learner's seat may not see reaches the page."""

from __future__ import annotations

import dataclasses
import json

import pytest

pytest.importorskip("anywidget")

from capture_lib.core import saves
from capture_lib.core.errors import IllegalAction  # noqa: E402
from capture_lib.core.lessons import Lesson, Step, check_lesson, solution_markdown  # noqa: E402
from capture_lib.hosts.lesson import lesson_board  # noqa: E402
from capture_lib.session.course import course, exercises  # noqa: E402
from capture_lib.session.scenes import scene_json  # noqa: E402
from tests.chapter_facts import chapter_facts  # noqa: E402
from tests.playing import reached  # noqa: E402
from tests.registry import cases, chapter_page, games, has_part  # noqa: E402

#: Every exercise of every game that has lessons.
LESSONS = cases(lambda slug: [("exercise", i) for i in range(len(exercises(slug)))], "lessons")


def get(slug: str, kind: str, index: int) -> Lesson:
    return exercises(slug)[index]


def send(board, content) -> None:
    """Deliver ``content`` as the page would (the board reports errors itself)."""
    board._on_front_end_message(board, content, [])


def wrong_action(step: Step):
    """A legal action that the step does not accept."""
    return next(a for a in step.start.legal_actions() if not step.accepts(a, step.start.play(a)))


def synced(board) -> dict:
    """Every value the page gets."""
    return board.values


#: The fewest exercises a game's lessons have (a game may ask more of itself: ``tests/<game>/chapter.py``).
FEWEST = 3


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("lessons"))
def test_each_game_has_its_exercises(slug):
    facts = chapter_facts(slug)
    assert len(exercises(slug)) >= max(FEWEST, facts.fewest_exercises if facts else 0)
    for exercise in exercises(slug):
        # One question, or one whole turn planned step by step (Medieval's dice, three pieces and a card):
        # each later step goes on from where the step before left the game, in the same turn, same seat.
        for before, later in zip(exercise.steps, exercise.steps[1:], strict=False):
            assert later.start == before.outcome(before.expected()), f"{exercise.title}: {later.title}"
            seen = before.start.observation(before.seat), later.start.observation(later.seat)
            assert later.seat == before.seat and seen[0].get("turn") == seen[1].get("turn"), "one turn"


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("lessons"))
def test_exercises_are_new_positions_in_order_of_difficulty(slug):
    starts = [step.start for e in exercises(slug) for step in e.steps[:1]]
    assert len(set(map(str, (saves.dump(s) for s in starts)))) == len(starts), "two exercises share a position"
    taught = {str(saves.dump(level.start)) for level in (course(slug).levels if has_part(slug, "course") else ())}
    assert not taught & {str(saves.dump(s)) for s in starts}, "an exercise repeats a course level"
    titles = [e.title for e in exercises(slug)]
    assert titles == [f"Exercise {n}: {t.split(': ', 1)[1]}" for n, t in enumerate(titles, start=1)]


@pytest.mark.generic
@pytest.mark.parametrize(("slug", "kind", "index"), LESSONS)
def test_every_accepted_answer_can_be_followed_by_the_scripted_reply(slug, kind, index):
    # A step with a check accepts several actions; the board plays the scripted reply after whichever the
    # learner chose, so the reply must be legal after each of them.
    for step in get(slug, kind, index).steps:
        if not step.reply:
            continue
        for action in step.start.legal_actions():
            if step.accepts(action, step.start.play(action)):
                step.outcome(action)


@pytest.mark.generic
@pytest.mark.parametrize(("slug", "kind", "index"), LESSONS)
def test_every_step_is_played_through_the_engine(slug, kind, index):
    lesson = get(slug, kind, index)
    lines = check_lesson(lesson)
    assert len(lines) == len(lesson.steps)
    for step, line in zip(lesson.steps, lines, strict=True):
        assert step.start.current_player == step.seat
        assert step.accepts(step.expected(), step.start.play(step.expected()))
        assert not step.accepts(wrong_action(step), step.start.play(wrong_action(step)))
        assert f"{step.expected()} is right" in line


@pytest.mark.generic
@pytest.mark.parametrize(("slug", "kind", "index"), LESSONS)
def test_the_board_runs_the_lesson_with_a_wrong_try_and_a_hint(slug, kind, index):
    lesson = get(slug, kind, index)
    board = lesson_board(lesson)
    for number, step in enumerate(lesson.steps):
        assert board.values["lesson"]["index"] == number and board.values["lesson"]["status"] == "try"
        drawn = scene_json(board.controller.description, step.start.observation(step.seat)).get("pieces", [])
        assert board.values["scene"].get("pieces", []) == drawn, "the board shows only the learner's seat's view"
        assert board.values["lesson"]["answer"] == "" and board.values["lesson"]["hint"] == ""
        before = board.state
        wrong = wrong_action(step)
        send(board, {"type": "play", "action": str(wrong)})
        assert board.values["lesson"]["status"] == "wrong" and step.hint in board.values["lesson"]["feedback"]
        assert board.values["lesson"]["hint"] == step.hint and board.values["message_kind"] == "error"
        assert board.state is before, "a wrong try changes nothing"
        send(board, {"type": "lesson", "do": "next"})
        assert board.values["lesson"]["index"] == number
        assert board.values["message_kind"] == "error", "no skipping an unanswered step"
        send(board, {"type": "play", "action": str(step.expected())})
        assert board.values["lesson"]["status"] == "right" and step.explain in board.values["lesson"]["feedback"]
        assert board.state == step.outcome(step.expected())
        assert board.controller.legal == [], "no more moves until the next step"
        if number + 1 < len(lesson.steps):
            send(board, {"type": "lesson", "do": "next"})
    assert board.values["lesson"]["finished"] and board.values["lesson"]["last"]
    send(board, {"type": "lesson", "do": "next"})
    assert board.values["message"] == "this was the last step"


def refused_at(slug: str, start) -> str:
    """An action the engine refuses at ``start``: one that is legal in another position of the game (another
    exercise's, or one of a seeded random game's)."""
    elsewhere = [step.start for lesson in exercises(slug) for step in lesson.steps]
    elsewhere.append(reached(slug, lambda s: len(s.history) >= 30 or s.is_over))
    for state in elsewhere:
        for action in state.legal_actions():
            try:
                start.play(str(action))
            except IllegalAction:
                return str(action)
    raise AssertionError(f"no action of {slug}'s other positions is refused at its first exercise")


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("lessons"))
def test_an_illegal_try_shows_the_engines_reason_and_the_hint(slug):
    lesson = exercises(slug)[0]
    board = lesson_board(lesson)
    step = lesson.steps[0]
    illegal = refused_at(slug, step.start)
    with pytest.raises(IllegalAction) as refused:
        step.start.play(illegal)
    send(board, {"type": "play", "action": illegal})
    assert board.values["message"] == f"not allowed: {refused.value}" and board.values["message_kind"] == "error"
    assert board.values["lesson"]["status"] == "wrong" and board.values["lesson"]["feedback"] == f"Hint: {step.hint}"
    send(board, {"type": "lesson", "do": "hint"})
    assert board.values["lesson"]["hint"] == step.hint


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("lessons"))
def test_show_the_answer_plays_it_and_only_then_sends_it(slug):
    lesson = exercises(slug)[0]
    board = lesson_board(lesson)
    step = lesson.steps[0]
    assert board.values["lesson"]["answer"] == ""
    send(board, {"type": "lesson", "do": "answer"})
    assert board.values["lesson"]["status"] == "revealed" and board.values["lesson"]["answer"] == str(step.expected())
    assert board.state == step.outcome(step.expected())
    send(board, {"type": "lesson", "do": "again"})
    assert board.values["lesson"]["status"] == "try"
    assert board.values["lesson"]["answer"] == ""
    assert board.state == step.start


def test_another_spelling_of_the_right_action_is_accepted():
    lesson = exercises("card-commander")[0]
    board = lesson_board(lesson)
    send(board, {"type": "play", "action": "  COMMANDER jackson "})
    assert board.values["lesson"]["status"] == "right"


def test_undo_new_game_and_forged_values_are_refused():
    board = lesson_board(exercises("card-commander")[0])
    for kind in ("undo", "new"):
        send(board, {"type": kind})
        assert board.values["message_kind"] == "error" and board.values["lesson"]["index"] == 0
    send(board, {"type": "lesson", "do": "skip"})
    assert "unknown lesson command" in board.values["message"]
    board.set_state({"lesson": {"answer": "x"}, "seat": 1})
    assert board.values["lesson"]["answer"] == "" and board.values["seat"] == 0


@pytest.mark.generic
@pytest.mark.parametrize(("slug", "kind", "index"), LESSONS)
def test_the_static_book_steps_through_question_then_answer_seen_by_the_learner(slug, kind, index, monkeypatch):
    monkeypatch.setenv("CAPTURE_STATIC_BOOK", "1")  # what the book's build sets (book/_ext/static_book.py)
    lesson = get(slug, kind, index)
    board = lesson_board(lesson)
    model = board.controller.static_model()
    frames = model["frames"]
    assert len(frames) == 2 * len(lesson.steps)
    description = board.controller.description
    for number, step in enumerate(lesson.steps):
        question, answer = frames[2 * number], frames[2 * number + 1]
        # The scenes of what the learner's seat sees, the answer's with its move told and marked.
        assert question["scene"] == scene_json(description, step.start.observation(step.seat))
        assert step.prompt in question["note"] and step.explain in answer["note"]
        seen = scene_json(description, step.outcome(step.expected()).observation(step.seat))
        # What lies on the board is what the learner's seat sees; the answer's move is told beside it.
        assert answer["scene"].get("pieces") == seen.get("pieces")
        assert answer["action"] and answer["scene"].get("last")
    assert model["lesson"]["static"] and "answer" not in model["lesson"]
    data, _ = board._repr_mimebundle_()
    assert step.prompt in data["text/html"] and data["text/plain"] == repr(board)


def test_nothing_hidden_from_the_learner_reaches_the_page():
    # Card Commander's first exercise: Red's hand is never in what the page gets, whatever the step.
    lesson = exercises("card-commander")[0]
    board = lesson_board(lesson)
    for number, step in enumerate(lesson.steps):
        red_hand = {str(c) for c in step.start.hands[1]}
        text = json.dumps(synced(board))
        hidden = [card for card in red_hand if f'"{card}"' in text]
        assert not hidden, f"step {number + 1} sends Red's cards {hidden}"
        send(board, {"type": "play", "action": str(step.expected())})
        if number + 1 < len(lesson.steps):
            send(board, {"type": "lesson", "do": "next"})


def test_a_step_is_checked_when_the_lesson_is_built():
    step = exercises("card-commander")[0].steps[0]
    with pytest.raises(ValueError, match="not legal"):
        Lesson("card-commander", "bad", (dataclasses.replace(step, answers=("commander Joanne", "place 8D 9H 10C")),))
    with pytest.raises(ValueError, match="every legal action is right"):
        Lesson("card-commander", "bad", (dataclasses.replace(step, answers=(), check=lambda *_: True,
                                                             example="commander Karl"),))
    with pytest.raises(ValueError, match="not both or neither"):
        Lesson("card-commander", "bad", (dataclasses.replace(step, answers=()),))
    with pytest.raises(ValueError, match="seat 1 is not to act"):
        Lesson("card-commander", "bad", (dataclasses.replace(step, seat=1),))
    with pytest.raises(ValueError, match="no steps"):
        Lesson("card-commander", "empty", ())


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("lessons"))
def test_the_solutions_are_folded_and_name_every_answer(slug):
    for lesson in exercises(slug):
        text = solution_markdown(lesson)
        assert text.startswith(":::{admonition} Solution") and ":class: dropdown" in text
        assert all(f"`{step.expected()}`" in text and step.hint in text for step in lesson.steps)


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("lessons", pages=("exercises", "solutions")))
def test_an_exercise_page_holds_no_answer_and_its_solutions_page_holds_them_all(slug):
    # The exercise page is what a learner reads before answering: no solution may be in its HTML, not even
    # folded away. The solutions have a page of their own, opened only when the learner wants them.
    def text(name: str) -> str:  # every source and every stored output of a notebook, as its page shows them
        cells = json.loads(chapter_page(slug, name).read_text(encoding="utf-8"))["cells"]
        return "\n".join(["".join(c["source"]) for c in cells] + [
            "".join(v) if isinstance(v, list) else str(v)
            for c in cells for out in c.get("outputs", [])
            for v in [*out.get("data", {}).values(), out.get("text", "")]])

    page, solutions = text("exercises"), text("solutions")
    for lesson in exercises(slug):
        for step in lesson.steps:
            assert step.explain not in page, f"{slug}'s exercise page shows an answer's explanation"
            assert step.explain in solutions
    assert "show_solution" not in page and "Solution" not in page


def test_capture_serve_serves_every_course_next_to_the_play_pages(tmp_path):
    from capture_lib.classroom import voila as serving
    from capture_lib.session.course import games_with_a_course

    pages = serving.prepare_site(tmp_path / "site")
    chooser = serving.chooser_html(pages)
    assert games_with_a_course()
    for slug in games_with_a_course():
        assert (tmp_path / "site" / slug / "course.ipynb").is_file()
        assert f'href="{slug}/course.ipynb"' in chooser
    assert not list((tmp_path / "site").rglob("exercises.ipynb")), "the exercises show their solutions"


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("lessons"))
def test_text_that_is_not_notation_is_a_wrong_try_with_the_hint(slug):
    board = lesson_board(exercises(slug)[0])
    send(board, {"type": "play", "action": "hello there"})
    assert board.values["lesson"]["status"] == "wrong" and board.values["lesson"]["tries"] == 1
    assert board.values["message"].startswith("not allowed:") and board.values["message_kind"] == "error"
    assert board.state == exercises(slug)[0].steps[0].start
