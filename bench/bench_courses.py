"""What each game's chapter teaches, in figures: the course's levels and stages, the exercises, the rules
of the index that a level or an exercise practises, the words of the "learn the rules" page, and the time
the course asks of a beginner.

The time is an estimate (``capture_lib.bookkit.reading.course_estimate``, which also times the course step of
the teacher's lesson plans): each level's goal, hint and explanation read at 200 words a minute and each of
the learner's moves at 20 s (a whole game's level: the moves its solver plays against the course's
computer). No learner was timed.

    python bench/bench_courses.py
"""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib import list_games  # noqa: E402
from capture_lib.bookkit.reading import course_estimate, page_words  # noqa: E402
from capture_lib.bookkit.rules_index import practised, rules_index  # noqa: E402
from capture_lib.session.course import course, exercises  # noqa: E402


def figures(slug: str) -> dict[str, object]:
    """The chapter's teaching figures for ``slug``."""
    levels = course(slug).levels
    minutes = course_estimate(levels)
    rules = rules_index(slug)
    done = practised(slug)
    return {"levels": len(levels), "stages": len({level.stage for level in levels}),
            "exercises": len(exercises(slug)),
            "practised": f"{sum(1 for rule in rules if done.get(rule.key))} of {len(rules)}",
            "learn page words": page_words(ROOT / "book" / slug / "learn.ipynb"),
            "course minutes (est.)": round(minutes)}


def main() -> None:
    """Print the table, one row a game."""
    rows = {slug: figures(slug) for slug in list_games()}
    columns = list(next(iter(rows.values())))
    print("| game | " + " | ".join(columns) + " |")
    print("| --- " * (len(columns) + 1) + "|")
    for slug, row in rows.items():
        print(f"| {slug} | " + " | ".join(str(row[c]) for c in columns) + " |")


if __name__ == "__main__":
    main()
