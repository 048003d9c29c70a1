"""Every teacher's lesson plan gives its course step the minutes the course's own estimate gives it (the figure
``bench/bench_courses.py`` prints), worked out from the course when the book is built, never typed."""

from __future__ import annotations

import importlib.util
import re

import pytest

from capture_lib import list_games
from capture_lib.bookkit.lesson_plan import (
    STEP_FIELDS,
    PlanError,
    course_step,
    lay_out,
    listed,
    page_plans,
    stage_estimates,
)
from capture_lib.session.course import course, games_with_a_course
from tests.conftest import ROOT

TEACHING = ROOT / "book" / "teaching"
#: The games whose teacher's kit is a page of the book (every game with one, from the registry).
KITS = [slug for slug in list_games() if (TEACHING / f"{slug}.md").is_file()]


def bench_minutes(slug: str) -> int:
    """The course minutes ``bench/bench_courses.py`` prints for ``slug``."""
    spec = importlib.util.spec_from_file_location("bench_courses", ROOT / "bench" / "bench_courses.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench.figures(slug)["course minutes (est.)"]


def estimate_by_hand(levels) -> float:
    """The estimate, worked out again here: each level's goal, hint and explanation at 200 words a minute, each of
    its winning moves at 20 seconds."""
    words = sum(len(f"{level.goal} {level.hint} {level.explain}".split()) for level in levels)
    moves = sum(len(level.winning_moves()) for level in levels)
    return words / 200 + moves * 20 / 60


def test_every_game_with_a_course_has_a_kit():
    assert KITS and set(games_with_a_course()) <= set(KITS)


@pytest.mark.parametrize("slug", KITS)
def test_the_plans_course_step_lasts_what_the_course_estimates(slug):
    plans = page_plans((TEACHING / f"{slug}.md").read_text(encoding="utf-8"))
    assert len(plans) == 1 and plans[0].slug == slug, f"{slug}'s kit lays out one plan, its own"
    plan = plans[0]
    steps = [row for row in plan.rows if row.course]
    assert len(steps) == 1, f"{slug}'s plan has no course step"
    step, row = plan.step, steps[0]
    # The step plays the course's first whole stages, and lasts what they take by the course's estimate.
    played = [level for level in course(slug).levels if level.stage in step.stages]
    assert [level.stage for level in course(slug).levels][:len(played)] == [level.stage for level in played]
    assert row.end - row.start == step.minutes == max(1, round(estimate_by_hand(played)))
    # What it leaves of the course, and what it plays, add up to the figure the bench prints.
    assert step.minutes + step.later_minutes == bench_minutes(slug)
    assert step.count == len(played) and step.total == len(course(slug).levels)
    # The page says the figures the course gives, never a typed number of levels or minutes.
    assert step.fields["part"] in row.what and step.fields["stages"] in row.what
    assert f"{step.minutes} minutes" in plan.note


@pytest.mark.parametrize("slug", KITS)
def test_the_kit_page_types_no_course_figure(slug):
    text = (TEACHING / f"{slug}.md").read_text(encoding="utf-8")
    plan = text[text.index("{lesson-plan}"):]
    plan = plan[:plan.index("```")]
    assert "$part" in plan and "$stages" in plan and "$minutes" in plan
    assert not re.search(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) of (its|the "
                         r"course's) \w+ levels", plan, re.IGNORECASE)


def test_a_course_step_takes_the_whole_stages_that_fit():
    stages = stage_estimates("command-capture")
    first_two = round(stages[0][2] + stages[1][2])
    step = course_step("command-capture", first_two)
    assert step.stages == (stages[0][0], stages[1][0]) and step.minutes == first_two
    assert step.count == stages[0][1] + stages[1][1] and step.later[0] == stages[2][0]
    assert course_step("command-capture", 1000).later == () and course_step("command-capture", 1000).later_minutes == 0
    with pytest.raises(PlanError, match="first stage"):
        course_step("command-capture", 0)


ROWS = """5 | Hook. | {doc}`x`
course | Pairs play $part: $stages, $minutes minutes. | the course
rest 10 | A game. | play
7 | Worksheet. | sheet

Later: $later ($later_minutes minutes)."""


def test_the_rows_are_laid_end_to_end_and_the_rest_fills_the_lesson():
    plan = lay_out("card-commander", ROWS, course_most=10)
    minutes = plan.step.minutes
    assert [(r.start, r.end) for r in plan.rows] == [(0, 5), (5, 5 + minutes), (5 + minutes, 38), (38, 45)]
    assert plan.rows[1].what == (f"Pairs play all {plan.step.total} of the course's levels: "
                                 f"{listed([f'{chr(34)}{s}{chr(34)}' for s in plan.step.stages])}, {minutes} minutes.")
    assert plan.note == "Later:  (0 minutes)."
    table = plan.markdown()
    assert table.startswith("| minutes | what happens | what to project or open |\n| --- | --- | --- |\n"
                            "| 0–5 | Hook. |")
    assert table.endswith("\n\nLater:  (0 minutes).\n")


@pytest.mark.parametrize("text, most, message", [
    ("5 | only two cells", None, "should be 'MINUTES | what | where'"),
    ("soon | a | b", None, "should be 'MINUTES | what | where'"),
    ("course | a | b\nrest 5 | c | d", None, "does not say the most minutes"),
    ("45 | a | b", 10, "no row is the course"),
    ("course | a | b\ncourse | c | d", 10, "2 course rows"),
    ("40 | a | b", None, "last 40 minutes, not 45"),
    ("30 | a | b\nrest 20 | c | d", None, "leaves 15 minutes for the row that needs at least 20"),
    ("20 | a | b\nrest 5 | c | d\nrest 5 | e | f", None, "2 rows of the rest"),
    ("45 | $levels | b", None, "$levels is not a figure of the plan"),
    ("45 | costs $ 5 | b", None, "write $$ for the sign"),
    ("", None, "no rows"),
])
def test_a_plan_that_cannot_be_laid_out_says_why(text, most, message):
    with pytest.raises(PlanError, match=re.escape(message)):
        lay_out("card-commander", text, course_most=most)


def test_every_figure_a_plan_may_name_is_given():
    step = course_step("medieval-capture", 14)
    assert set(step.fields) == set(STEP_FIELDS)
    assert step.fields["part"] == f"the first {step.count} of the course's {step.total} levels"
    assert listed(["A"]) == "A" and listed(["A", "B", "C"]) == "A, B and C" and listed([]) == ""


def test_a_page_with_a_plan_is_read_as_the_build_reads_it():
    page = "# Kit\n\n```{lesson-plan} card-commander\n:course: 10\n:minutes: 30\n" + ROWS.replace("rest 10", "rest 5") \
        + "\n```\n\nAfter.\n"
    (plan,) = page_plans(page)
    assert plan.rows[-1].end == 30 and plan.rows[1].course and plan.note.startswith("Later:")
