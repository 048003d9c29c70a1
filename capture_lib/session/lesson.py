"""Lessons on a board: the chapters' checked exercises, a question (or a whole turn) at a time.

A lesson (``capture_lib.core.lessons.Lesson``) is a short list of steps. Each step sets a position,
says what to try, and waits for the learner's action (a click or typed notation). The engine checks
it: an illegal action is refused with the engine's reason and the step's hint (which names the rule);
a legal action that is not what the step asks gets the hint too; a right one is played (with any
scripted reply, such as the opponent's placement or a coin flip) and the step's explanation says what
happened. "Next step" goes on.

The lesson controller is the game's own controller with the lesson added (``lesson_controller``).
Its values hold only what the learner's seat may see: the position comes from
``state.observation(seat)``, and the accepted answers stay in Python until the learner asks.

Where answers may go: a board's output also carries a static picture (``static_model``) for pages
without a kernel. In a live page that picture holds only the questions, since anything in it is in
the page's HTML before the learner asks. Only the book's build, which sets ``CAPTURE_STATIC_BOOK=1``
(``book/_ext/static_book.py``), puts the answers in: the static book has no kernel to ask, each answer
waits behind the step-through's "next picture" button, and the same answers are in the exercises' teacher's
solutions anyway.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from capture_lib.core.errors import IllegalAction
from capture_lib.core.lessons import Lesson, Step
from capture_lib.core.protocol import Action, State
from capture_lib.session.board import BoardController
from capture_lib.session.scenes import public_notation, scene_json

#: The environment variable the book's build sets so that lessons' static pictures carry the answers.
STATIC_BOOK = "CAPTURE_STATIC_BOOK"


def static_book() -> bool:
    """Whether this process builds the static book (see the module's docstring)."""
    return os.environ.get(STATIC_BOOK) == "1"


def lesson_frames(lesson: Lesson, view: Callable[[State, int], dict[str, Any]], answers: bool = True
                  ) -> list[dict[str, Any]]:
    """The static step-through: per step, the position with the prompt, then the answer's result.

    ``view(state, seat)`` is what the learner's seat sees; nothing else goes into a frame's scene.
    ``answers=False`` gives the questions only (one frame a step).
    """
    from capture_lib.games import describe

    description = describe(lesson.game)
    frames: list[dict[str, Any]] = []
    count = len(lesson.steps)
    for number, step in enumerate(lesson.steps, start=1):
        before = view(step.start, step.seat)
        frames.append({"scene": scene_json(description, before), "action": "",
                       "note": f"Step {number} of {count}, {step.title}: {step.prompt}"})
        if not answers:
            continue
        expected = step.expected()
        played = step.start.play(expected)
        after = step.outcome(expected)
        seen = view(after, step.seat)
        line = public_notation(played, played.observation(step.seat))
        frames.append({"scene": scene_json(description, seen, (), [(before, line, seen, step.seat)]),
                       "action": line, "note": f"Answer: {step.explain}"})
    return frames


def book_lessons(game: str) -> dict[str, Lesson]:
    """The book's lessons of ``game`` by their names in a recipe: ``exercise 1``, ``exercise 2``, ..."""
    from capture_lib.session import course

    found = {}
    for number, lesson in enumerate(course.exercises(game), start=1):
        found[f"exercise {number}"] = lesson
    return found


def lesson_name(lesson: Lesson) -> str | None:
    """``lesson``'s name among its game's book lessons (``book_lessons``), or ``None`` if it is not one."""
    for name, known in book_lessons(lesson.game).items():
        same = known.title == lesson.title and [(s.title, s.prompt) for s in known.steps] == [
            (s.title, s.prompt) for s in lesson.steps]
        if known is lesson or same:
            return name
    return None


class LessonController(BoardController):
    """A board session that runs a lesson: the learner's tries checked by the engine, step by step."""

    #: A lesson's steps start over with "try again": nothing to keep between page loads.
    keeps_games = False
    offers_controls = False

    def __init__(self, lesson: Lesson, **kwargs: Any) -> None:
        self._lesson = lesson
        self._index = 0
        self._status = "try"
        self._feedback = ""
        self._wrong = 0
        self._shown_hint = False
        #: The lesson panel's value: title, step, prompt, status, feedback; the answer only once asked for.
        first = lesson.steps[0]
        super().__init__(first.start, seat=first.seat, mode="computer", **kwargs)
        self._enter(0)

    # ----- the steps ---------------------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        """The step the learner is on."""
        return self._lesson.steps[self._index]

    @property
    def status(self) -> str:
        """``try`` (waiting), ``wrong`` (the last try was refused), ``right`` or ``revealed`` (answer shown)."""
        return self._status

    def _enter(self, index: int) -> None:
        step = self._lesson.steps[index]
        self._index = index
        self._status, self._feedback, self._wrong, self._shown_hint = "try", "", 0, False
        self.seat = step.seat
        self._states = [step.start]
        self.say("")
        self._sync()

    def _advance(self) -> None:
        # A lesson is scripted: no computer moves and no chance are resolved behind the learner's back.
        self._sync()

    def _sync_values(self) -> None:
        super()._sync_values()
        if self._status != "try" and self._status != "wrong":
            self.legal = []
        self.can_undo = False
        step, last = self.step, self._index == len(self._lesson.steps) - 1
        self.lesson = {
            "title": self._lesson.title, "intro": self._lesson.intro, "index": self._index,
            "count": len(self._lesson.steps), "step": step.title, "prompt": step.prompt,
            "status": self._status, "feedback": self._feedback, "tries": self._wrong,
            "hint": step.hint if (self._shown_hint or self._wrong) else "",
            # The answer is the learner's own action; it is sent only once the learner asks for it.
            "answer": str(step.expected()) if self._status == "revealed" else "",
            "last": last, "finished": self._status in ("right", "revealed") and last,
        }

    def undo_block(self) -> str:
        """A lesson has no undo (nothing to check move by move): "try again" starts the step over."""
        return "in a lesson, use 'try again' to start the step over"

    def _play_from_front_end(self, text: str) -> None:
        step = self.step
        if self._status in ("right", "revealed"):
            raise IllegalAction("this step is done: go on to the next step", rule="lesson")
        state = self.state
        try:
            action = state.to_action(text)
            after = state.play(action)
        except ValueError as err:  # IllegalAction, or a notation a game's parser refuses with a plain ValueError
            self._wrong_try(f"Hint: {step.hint}", f"not allowed: {err}")
            return
        if not step.accepts(action, after):
            self._wrong_try(f"{action} is legal, but it is not what this step asks. Hint: {step.hint}",
                            f"try again: {action} is not the answer")
            return
        self._finish(action, "right")

    def _wrong_try(self, feedback: str, message: str) -> None:
        """Count a wrong try: the panel's feedback (with the hint) and the board's error line."""
        self._wrong += 1
        self._status = "wrong"
        self._feedback = feedback
        self.say(message, "error")
        self._sync()

    def _finish(self, action: Action, status: str) -> None:
        step = self.step
        played = step.start.play(action)
        states = [step.start, played]
        for reply in step.reply:
            states.append(states[-1].play(reply))
        self._states = states
        self._status = status
        self._feedback = ("Right! " if status == "right" else "The answer: ") + step.explain
        self.say(f"played {public_notation(played, played.observation(step.seat))}")
        self._sync()

    def handle_message(self, content: Any) -> None:
        """Lesson messages (``{"type": "lesson", "do": ...}``) and moves; undo, new game, save and load do not apply."""
        if isinstance(content, dict) and content.get("type") == "lesson":
            self.lesson_command(content.get("do"))
        elif isinstance(content, dict) and content.get("type") in ("undo", "new"):
            raise ValueError("in a lesson, use 'try again' to start the step over")
        elif isinstance(content, dict) and content.get("type") in ("save", "load"):
            raise ValueError("a lesson is not a game to save: its steps start over with 'try again'")
        else:
            super().handle_message(content)

    def lesson_command(self, command: Any) -> None:
        """``next``, ``back``, ``again`` (start the step over), ``hint`` or ``answer`` (show and play it)."""
        count = len(self._lesson.steps)
        if command == "next":
            if self._status not in ("right", "revealed"):
                raise ValueError("answer this step first (or ask for the answer)")
            if self._index + 1 >= count:
                raise ValueError("this was the last step")
            self._enter(self._index + 1)
        elif command == "back":
            self._enter(max(0, self._index - 1))
        elif command == "again":
            self._enter(self._index)
        elif command == "hint":
            self._shown_hint = True
            self._sync()
        elif command == "answer":
            if self._status in ("right", "revealed"):
                raise ValueError("this step is already answered")
            self._finish(self.step.expected(), "revealed")
        else:
            raise ValueError(f"ignored an unknown lesson command {command!r}")

    # ----- the static book ---------------------------------------------------------------------------------
    def static_model(self) -> dict[str, Any]:
        """The static picture: the step-through frames and the lesson's title.

        The answers' frames only when building the static book (``static_book``); a live page's
        picture holds the questions alone, since its HTML is there before the learner asks.
        """
        model = super().static_model()
        answers = static_book()
        model["frames"] = lesson_frames(self._lesson, lambda state, seat: state.observation(seat), answers=answers)
        model["scene"] = model["frames"][0]["scene"]
        model["lesson"] = {"title": self._lesson.title, "intro": self._lesson.intro, "count": len(self._lesson.steps),
                           "static": True, "answers": answers}
        return model

    def describe(self, name: str) -> str:
        """A one-line description: the lesson's title and the step the learner is on."""
        return f"<lesson {self._lesson.title!r}: step {self._index + 1} of {len(self._lesson.steps)}>"


def lesson_controller(lesson: Lesson, **kwargs: Any) -> LessonController:
    """A live session that runs ``lesson`` (an exercise) for its game."""
    return LessonController(lesson, **kwargs)
