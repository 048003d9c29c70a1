"""A Sphinx extension: the book's pages say how many levels and exercises each chapter has, counted from the courses.

Each game's chapter page names the number of its course's levels and of its exercises. Written by hand, such a
number goes stale the day a level is added; here every count is a MyST substitution, made from the course and
the exercises themselves when the build starts: ``{{ command_capture_levels }}`` reads "twenty-six",
``{{ command_capture_exercises }}`` "sixteen".
"""

from __future__ import annotations

from typing import Any


def counts() -> dict[str, str]:
    """Every game's ``<game>_levels`` and ``<game>_exercises``, in words, keyed as a substitution may be named."""
    from capture_lib.core.lessons import number_words
    from capture_lib.session.course import course, exercises, games_with_a_course, games_with_lessons

    found = {}
    for slug in games_with_a_course():
        found[f"{slug.replace('-', '_')}_levels"] = number_words(len(course(slug).levels))
    for slug in games_with_lessons():
        found[f"{slug.replace('-', '_')}_exercises"] = number_words(len(exercises(slug)))
    return found


def _substitute(app: Any, config: Any) -> None:
    config.myst_substitutions = {**(getattr(config, "myst_substitutions", None) or {}), **counts()}


def setup(app: Any) -> dict[str, Any]:
    """Register the counts before any page is read."""
    app.connect("config-inited", _substitute)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
