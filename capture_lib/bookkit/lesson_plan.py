"""A teacher's lesson plan whose course step is timed by the course's own estimate.

Each game's teacher's kit (``book/teaching/<game>.md``) writes its plan as rows inside a ``lesson-plan``
directive (the Sphinx extension ``capture_lib.bookkit.kit``), one row a line, three cells split by ``|``:

    5 | **Hook.** What the teacher does. | {doc}`what to project <../game/learn>`
    course | **The course, in pairs.** Pairs play $part (the stages $stages). | {doc}`the course <../game/course>`
    rest 12 | **A game.** Pairs play each other. | {doc}`../game/play`
    7 | **Worksheet.** | ...

The first cell is how long the row lasts: a number of minutes; ``course``, the course's first whole stages
that fit in the plan's ``:course:`` minutes, lasting as long as the course's own estimate says
(``capture_lib.bookkit.reading.course_estimate``, the figure ``bench/bench_courses.py`` prints); or
``rest N``, the minutes the other rows leave of the lesson (at least ``N``). The rows are laid end to end from
minute 0, and they must fill the lesson (45 minutes unless ``:minutes:`` says otherwise). A course that grows
moves its last stages out of the lesson rather than making the plan lie; a plan that no longer fits says so
when the book is built. Text after the rows (after a blank line) is a note printed under the table.

The cells and the note may name the course step's figures, generated from the course (``STEP_FIELDS``):
``$part`` (``the first 18 of the course's 19 levels``, or ``all 8 of the course's levels``), ``$count``,
``$total``, ``$stages`` (the stages' names, quoted: ``"Set-up", "Moving" and "Capturing"``), ``$minutes``, and
what the lesson leaves of the course: ``$later`` (the stages' names), ``$later_count`` and ``$later_minutes``.
"""

from __future__ import annotations

import functools
import re
import string
from dataclasses import dataclass

#: A lesson's length in minutes, unless the plan says otherwise.
LESSON_MINUTES = 45
#: The names a plan's text may use for the course step's figures (``CourseStep.fields``).
STEP_FIELDS = ("part", "count", "total", "stages", "minutes", "later", "later_count", "later_minutes")


class PlanError(ValueError):
    """A plan that cannot be laid out: a row that cannot be read, or rows that do not fill the lesson."""


def listed(names: list[str] | tuple[str, ...]) -> str:
    """Names in a sentence: ``A``, ``A and B``, ``A, B and C`` (``""`` for none)."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@functools.cache
def stage_estimates(slug: str) -> tuple[tuple[str, int, float], ...]:
    """Each stage of ``slug``'s course, in order: its name, its number of levels and the minutes the
    course's own estimate gives it (unrounded)."""
    from capture_lib.bookkit.reading import course_estimate
    from capture_lib.session.course import course

    return tuple((name, len(levels), course_estimate(levels)) for name, levels in course(slug).stages)


@dataclass(frozen=True)
class CourseStep:
    """The part of a course a lesson plays: its first ``len(stages)`` stages, and what it leaves for later.

    ``minutes`` is the estimate of the stages played, rounded as ``bench/bench_courses.py`` rounds the whole
    course's; ``later_minutes`` is the whole course's rounded estimate less ``minutes``, so the two add up to
    the figure the bench prints.
    """

    slug: str
    stages: tuple[str, ...]
    count: int
    total: int
    minutes: int
    later: tuple[str, ...]
    later_minutes: int

    @property
    def fields(self) -> dict[str, str]:
        """The step's figures by the names a plan's text uses (``STEP_FIELDS``)."""
        part = (f"all {self.total} of the course's levels" if self.count == self.total
                else f"the first {self.count} of the course's {self.total} levels")
        return {"part": part, "count": str(self.count), "total": str(self.total),
                "stages": listed([f'"{name}"' for name in self.stages]), "minutes": str(self.minutes),
                "later": listed([f'"{name}"' for name in self.later]),
                "later_count": str(self.total - self.count), "later_minutes": str(self.later_minutes)}


def course_step(slug: str, most: int) -> CourseStep:
    """The course's first whole stages whose estimate, rounded, is at most ``most`` minutes (``PlanError``
    when not even the first stage fits)."""
    stages = stage_estimates(slug)
    whole = round(sum(minutes for _, _, minutes in stages))
    taken = 0
    while taken < len(stages) and round(sum(m for _, _, m in stages[:taken + 1])) <= most:
        taken += 1
    if taken == 0:
        raise PlanError(f"{slug}: the course's first stage, {stages[0][0]!r}, takes "
                        f"{round(stages[0][2])} minutes by its estimate, more than the plan's {most}")
    minutes = max(1, round(sum(m for _, _, m in stages[:taken])))
    return CourseStep(slug, tuple(name for name, _, _ in stages[:taken]), sum(n for _, n, _ in stages[:taken]),
                      sum(n for _, n, _ in stages), minutes, tuple(name for name, _, _ in stages[taken:]),
                      max(0, whole - minutes))


@dataclass(frozen=True)
class Row:
    """One step of a plan: from minute ``start`` to minute ``end``, what happens and what to show."""

    start: int
    end: int
    what: str
    where: str
    #: The course's step (``True`` for the row whose length is the course's estimate).
    course: bool = False


@dataclass(frozen=True)
class Plan:
    """A laid-out plan: its rows, the note under it and the course step the rows name (if any)."""

    slug: str
    rows: tuple[Row, ...]
    note: str = ""
    step: CourseStep | None = None

    def markdown(self) -> str:
        """The plan as a Markdown table (MyST), then its note."""
        lines = ["| minutes | what happens | what to project or open |", "| --- | --- | --- |"]
        lines += [f"| {row.start}\u2013{row.end} | {row.what} | {row.where} |" for row in self.rows]
        return "\n".join(lines) + ("\n\n" + self.note if self.note else "") + "\n"


_SPEC = re.compile(r"^(?:(?P<fixed>\d+)|(?P<course>course)|rest\s+(?P<rest>\d+))$")


def _fill(text: str, fields: dict[str, str], where: str) -> str:
    try:
        return string.Template(text).substitute(fields)
    except KeyError as err:
        known = ", ".join(f"${name}" for name in STEP_FIELDS)
        raise PlanError(f"{where}: ${err.args[0]} is not a figure of the plan (it knows {known})") from None
    except ValueError as err:
        raise PlanError(f"{where}: {err} (a $ is a figure's name: write $$ for the sign)") from None


def lay_out(slug: str, text: str, course_most: int | None = None, minutes: int = LESSON_MINUTES) -> Plan:
    """The plan written as ``text`` (rows, then an optional note after a blank line; see the module's
    docstring) for ``slug``'s lesson of ``minutes``, its course step at most ``course_most`` minutes.

    ``PlanError`` says what is wrong: a row that is not three cells, a length that is not a number,
    ``course`` or ``rest N``, a ``course`` row without ``course_most`` (or a ``course_most`` without the
    row), or rows that do not fill the lesson.
    """
    lines = text.strip("\n").splitlines()
    blank = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    specs = []
    for number, line in enumerate(lines[:blank], start=1):
        cells = [cell.strip() for cell in line.split(" | ")]
        found = _SPEC.match(cells[0])
        if len(cells) != 3 or found is None:
            raise PlanError(f"{slug}: row {number} of the plan should be 'MINUTES | what | where', with MINUTES a "
                            f"number, 'course' or 'rest N': {line!r}")
        specs.append((found, cells[1], cells[2]))
    if not specs:
        raise PlanError(f"{slug}: the plan has no rows")
    courses = [spec for spec in specs if spec[0]["course"]]
    if len(courses) > 1:
        raise PlanError(f"{slug}: the plan has {len(courses)} course rows (one at most)")
    if courses and course_most is None:
        raise PlanError(f"{slug}: the plan has a course row but does not say the most minutes it may take (:course:)")
    if course_most is not None and not courses:
        raise PlanError(f"{slug}: the plan gives the course {course_most} minutes but no row is the course")
    step = course_step(slug, course_most) if courses else None
    fields = step.fields if step else {}
    rests = [spec for spec in specs if spec[0]["rest"]]
    if len(rests) > 1:
        raise PlanError(f"{slug}: the plan has {len(rests)} rows of the rest of the lesson (one at most)")
    lengths = [int(spec[0]["fixed"]) if spec[0]["fixed"] else step.minutes if step and spec[0]["course"] else 0
               for spec in specs]
    left = minutes - sum(lengths)
    if rests:
        least = int(rests[0][0]["rest"])
        if left < least:
            raise PlanError(f"{slug}: the plan leaves {left} minutes for the row that needs at least {least} "
                            f"({rests[0][1][:60]!r}); the course takes {step.minutes if step else 0}: shorten "
                            "another row or give the course less")
        lengths[specs.index(rests[0])] = left
    elif left != 0:
        raise PlanError(f"{slug}: the plan's rows last {sum(lengths)} minutes, not {minutes}")
    rows, start = [], 0
    for (spec, what, where), length in zip(specs, lengths, strict=True):
        place = f"{slug}: the plan's row at minute {start}"
        rows.append(Row(start, start + length, _fill(what, fields, place), _fill(where, fields, place),
                        course=bool(spec["course"])))
        start += length
    note = _fill("\n".join(lines[blank:]).strip(), fields, f"{slug}: the plan's note")
    return Plan(slug, tuple(rows), note, step)


_FENCE = re.compile(r"^(?P<fence>`{3,}|:{3,})\{lesson-plan\}[ \t]+(?P<slug>\S+)[ \t]*\n(?P<body>.*?)^(?P=fence)[ \t]*$",
                    re.MULTILINE | re.DOTALL)
_OPTION = re.compile(r"^:(?P<name>[\w-]+):[ \t]*(?P<value>.*)$")


def page_plans(markdown: str) -> list[Plan]:
    """Every plan a page writes in a ``lesson-plan`` directive, laid out as the book's build lays it out
    (``PlanError`` for one that cannot be): what the tests read, without building the book."""
    plans = []
    for found in _FENCE.finditer(markdown):
        lines = found["body"].splitlines()
        options = {}
        while lines and (option := _OPTION.match(lines[0])):
            options[option["name"]] = int(option["value"])
            lines.pop(0)
        plans.append(lay_out(found["slug"], "\n".join(lines), options.get("course"),
                             options.get("minutes", LESSON_MINUTES)))
    return plans
