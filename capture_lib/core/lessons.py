"""The data of a lesson: its steps, each checked against the engine, and its teachers' solution.

A ``Lesson`` (a tutorial or an exercise) is a titled list of ``Step`` values. Each step holds a
position, the learner's seat, what to try, the hint that names the rule, the explanation, and the
accepted answers (or a check on the position after a legal action). The steps are validated when the
lesson is made: every answer is played through the engine. These are plain data, read by the boards
(``capture_lib.session.lesson`` runs a lesson on a board) and by the book; nothing here needs Jupyter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from capture_lib.core.protocol import Action, State

#: A check on the position after a legal action: ``check(before, action, after)``.
Check = Callable[[State, Action, State], bool]


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
