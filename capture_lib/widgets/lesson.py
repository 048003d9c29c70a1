"""Lessons: guided tutorials and checked exercises on a live board, one mechanism for both.

A lesson is a short list of steps. Each step sets a position, says what to try, and waits for the
learner's action on the board (a click or typed notation). Python checks the action with the engine:
an illegal action is refused with the engine's reason and the step's hint (which names the rule);
a legal action that is not what the step asks gets the hint too; a right one is played (with any
scripted reply, such as the opponent's placement or a coin flip) and the step's explanation says
what happened. A "next step" button goes on.

The board is the game's own board class with the lesson panel added (``lesson_board``). What is
synced to the page is only what the learner's seat may see: the position comes from
``state.observation(seat)``, and the accepted answers stay in Python until the learner asks for the
answer. In the static HTML book a lesson becomes a step-through: for every step, the position
and the prompt, then the position after the expected action with the explanation.

Where answers may go: a board's output also carries a static picture (``static_model``) for pages
without a kernel. In a live page (JupyterLab, Voila) that picture holds only the questions, since
anything in it is in the page's HTML before the learner asks. Only the book's build, which sets
``CAPTURE_STATIC_BOOK=1`` (``book/_ext/static_book.py``), puts the answers in: the static book has
no kernel to ask, each answer waits behind the step-through's "forward" button (a reader turning
to the solution), and the same answers are in the exercises' teacher's solutions anyway.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import traitlets

from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import Action, State

from .base import HERE, BoardWidget, public_notation

#: A check on the position after a legal action: ``check(before, action, after)``.
Check = Callable[[State, Action, State], bool]

#: The board class of every game, by slug (module, class name); imported only when asked for.
BOARDS = {
    "card-commander": ("capture_lib.widgets.card_commander", "CardCommanderBoard"),
    "capture-the-commander": ("capture_lib.widgets.capture_the_commander", "CaptureTheCommanderBoard"),
    "command-capture": ("capture_lib.widgets.command_capture", "CommandCaptureBoard"),
    "medieval-capture": ("capture_lib.widgets.medieval_capture", "MedievalCaptureBoard"),
}


@dataclass(frozen=True)
class Step:
    """One step of a lesson.

    ``start`` is the position (the learner's ``seat`` is to act). ``answers`` are the accepted actions
    in notation (any spelling the game reads); ``check`` instead accepts every legal action for which it
    returns true. ``example`` is the action shown as the answer (by default the first of ``answers``).
    ``reply`` are actions played after a right answer (the opponent's scripted move, a chance outcome),
    so that the learner sees what the move led to. ``hint`` names the rule; ``explain`` says what happened.
    """

    title: str
    start: State
    seat: int
    prompt: str
    hint: str
    explain: str
    answers: tuple[str, ...] = ()
    check: Check | None = None
    example: str = ""
    reply: tuple[str, ...] = ()

    def expected(self) -> Action:
        """The action shown as this step's answer."""
        return self.start.to_action(self.example or self.answers[0])

    def accepts(self, action: Action, after: State) -> bool:
        """Whether the legal ``action`` (already played: ``after``) is a right answer."""
        if self.answers:
            return any(action == self.start.to_action(answer) for answer in self.answers)
        assert self.check is not None
        return bool(self.check(self.start, action, after))

    def outcome(self, action: Action) -> State:
        """The position after ``action`` and the scripted reply."""
        state = self.start.play(action)
        for reply in self.reply:
            state = state.play(reply)
        return state

    def validate(self) -> None:
        """Check the step against the engine: raise ``ValueError`` saying what is wrong."""
        if not (self.prompt and self.hint and self.explain and self.title):
            raise ValueError(f"step {self.title!r}: a step needs a title, a prompt, a hint and an explanation")
        if bool(self.answers) == (self.check is not None):
            raise ValueError(f"step {self.title!r}: give the accepted answers or a check, not both or neither")
        if self.check is not None and not self.example:
            raise ValueError(f"step {self.title!r}: a step with a check needs an example answer")
        if self.start.current_player != self.seat:
            raise ValueError(f"step {self.title!r}: seat {self.seat} is not to act in the start position")
        legal = set(self.start.legal_actions())
        for answer in (*self.answers, *((self.example,) if self.example else ())):
            action = self.start.to_action(answer)
            if action not in legal:
                raise ValueError(f"step {self.title!r}: the answer {answer!r} is not legal in the position")
            if not self.accepts(action, self.start.play(action)):
                raise ValueError(f"step {self.title!r}: the example {answer!r} is not accepted by the check")
        if len(legal) > 1 and all(self.accepts(a, self.start.play(a)) for a in legal):
            raise ValueError(f"step {self.title!r}: every legal action is right, so there is nothing to learn")
        self.outcome(self.expected())  # the scripted reply must be legal after the expected answer


@dataclass(frozen=True)
class Lesson:
    """A titled list of steps: a tutorial (several steps) or an exercise (often one step)."""

    game: str
    title: str
    steps: tuple[Step, ...]
    intro: str = ""

    def __post_init__(self) -> None:
        if not self.steps:
            raise ValueError(f"lesson {self.title!r} has no steps")
        for step in self.steps:
            if step.start.game.slug != self.game:
                raise ValueError(f"lesson {self.title!r}: step {step.title!r} is a {step.start.game.slug} position")
            step.validate()


#: The environment variable the book's build sets so that lessons' static pictures carry the answers.
STATIC_BOOK = "CAPTURE_STATIC_BOOK"


def static_book() -> bool:
    """Whether this kernel is building the static book (see the module's docstring)."""
    return os.environ.get(STATIC_BOOK) == "1"


def lesson_frames(lesson: Lesson, view: Callable[[State, int], dict[str, Any]], answers: bool = True
                  ) -> list[dict[str, Any]]:
    """The static step-through: per step, the position with the prompt, then the answer's result.

    ``view(state, seat)`` is what the learner's seat sees; nothing else goes into a frame.
    ``answers=False`` gives the questions only (one frame a step).
    """
    frames: list[dict[str, Any]] = []
    count = len(lesson.steps)
    for number, step in enumerate(lesson.steps, start=1):
        frames.append({"view": view(step.start, step.seat), "action": "",
                       "note": f"Step {number} of {count}, {step.title}: {step.prompt}"})
        if not answers:
            continue
        expected = step.expected()
        played = step.start.play(expected)
        after = step.outcome(expected)
        seen = view(after, step.seat)
        frames.append({"view": seen, "action": public_notation(played, played.observation(step.seat)),
                       "note": f"Answer: {step.explain}"})
    return frames


class LessonMixin:
    """The lesson behaviour added to a game's board class (see ``lesson_board``).

    The synced ``lesson`` value (title, step, prompt, status, feedback; the answer only once asked for)
    is declared on the class that ``lesson_class`` makes, since traits must live on a ``HasTraits`` class.
    """

    #: A lesson's steps start over with "try again": nothing to keep between page loads.
    keeps_games = False

    def __init__(self, lesson: Lesson, **kwargs: Any) -> None:
        self._lesson = lesson
        self._index = 0
        self._status = "try"
        self._feedback = ""
        self._wrong = 0
        self._shown_hint = False
        first = lesson.steps[0]
        super().__init__(first.start, seat=first.seat, mode="computer", **kwargs)  # type: ignore[call-arg]
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
        super()._sync_values()  # type: ignore[misc]
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
            self._wrong += 1
            self._status = "wrong"
            self._feedback = f"Hint: {step.hint}"
            self.say(f"not allowed: {err}", "error")
            self._sync()
            return
        if not step.accepts(action, after):
            self._wrong += 1
            self._status = "wrong"
            self._feedback = f"{action} is legal, but it is not what this step asks. Hint: {step.hint}"
            self.say(f"try again: {action} is not the answer", "error")
            self._sync()
            return
        self._finish(action, "right")

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
            super().handle_message(content)  # type: ignore[misc]

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
        model = super().static_model()  # type: ignore[misc]
        answers = static_book()
        model["frames"] = lesson_frames(self._lesson, lambda state, seat: state.observation(seat), answers=answers)
        model["view"] = model["frames"][0]["view"]
        model["lesson"] = {"title": self._lesson.title, "intro": self._lesson.intro, "count": len(self._lesson.steps),
                           "static": True, "answers": answers}
        return model

    def __repr__(self) -> str:
        return f"<lesson {self._lesson.title!r}: step {self._index + 1} of {len(self._lesson.steps)}>"


_CLASSES: dict[str, type] = {}


def lesson_class(game_slug: str) -> type:
    """The lesson board class of a game: its board class with the lesson panel (made once)."""
    if game_slug not in _CLASSES:
        if game_slug not in BOARDS:
            raise ValueError(f"no board for {game_slug!r}; games: {', '.join(BOARDS)}")
        import importlib

        module, name = BOARDS[game_slug]
        base: type[BoardWidget] = getattr(importlib.import_module(module), name)
        script = (HERE / "lesson.js").read_text(encoding="utf-8")
        style = (HERE / "lesson.css").read_text(encoding="utf-8")
        cls = type(name.replace("Board", "Lesson"), (LessonMixin, base), {
            "__module__": __name__,
            "lesson": traitlets.Dict().tag(sync=True),
            "__doc__": f"{base.__doc__.splitlines()[0] if base.__doc__ else name} With a lesson panel.",
            "_esm": str(base._esm) + "\n" + script,
            "_css": str(getattr(base, "_css", "")) + "\n" + style,
        })
        _CLASSES[game_slug] = cls
    return _CLASSES[game_slug]


def lesson_board(lesson: Lesson, **kwargs: Any) -> BoardWidget:
    """A live board that runs ``lesson`` (a tutorial or an exercise) for its game."""
    return lesson_class(lesson.game)(lesson, **kwargs)


def check_lesson(lesson: Lesson) -> list[str]:
    """Play every step's expected answer (and one wrong try where there is one); return one line per step.

    Used by the notebooks and the tests: each line says what the step asks and what the engine made of it.
    """
    lines = []
    for number, step in enumerate(lesson.steps, start=1):
        expected = step.expected()
        wrong = next((a for a in step.start.legal_actions() if not step.accepts(a, step.start.play(a))), None)
        lines.append(f"step {number} ({step.title}): {expected} is right"
                     + (f"; {wrong} is not" if wrong is not None else ""))
    return lines


def solution_markdown(lesson: Lesson) -> str:
    """The teachers' solution of ``lesson`` as a MyST admonition that the book shows folded (a dropdown).

    It is written from the lesson's own data, so the solution and the engine's check cannot disagree.
    """
    lines = [":::{admonition} Solution (for teachers)", ":class: dropdown", ""]
    for number, step in enumerate(lesson.steps, start=1):
        head = f"{number}. " if len(lesson.steps) > 1 else ""
        accepted = [str(step.start.to_action(a)) for a in step.answers] or [str(step.expected())]
        which = "the only answer" if step.answers and len(accepted) == 1 else (
            "one of the accepted answers" if step.check is not None else "an accepted answer")
        lines.append(f"{head}`{accepted[0]}` ({which}). {step.explain}")
        lines.append("")
        lines.append(f"{'   ' if head else ''}Hint given after a wrong try: {step.hint}")
        lines.append("")
    lines.append(":::")
    return "\n".join(lines)


def show_solution(lesson: Lesson) -> Any:
    """``solution_markdown`` for a notebook cell's output."""
    from IPython.display import Markdown

    return Markdown(solution_markdown(lesson))
