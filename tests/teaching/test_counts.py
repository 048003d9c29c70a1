"""Every count of levels and exercises the book gives is the course's own: the chapter pages take theirs from the
build (``book/_ext/course_counts.py``), the course pages print theirs from the course, and no page keeps a number
of its own that could go stale."""

from __future__ import annotations

import importlib.util
import pathlib
import re

import nbformat
import pytest

from capture_lib.core.lessons import number_words
from capture_lib.session.course import course, exercises, games_with_a_course, overview

ROOT = pathlib.Path(__file__).resolve().parents[2]
WORDS = {number_words(n): n for n in range(100)}
NUMBER = "|".join(sorted(WORDS, key=len, reverse=True))
COUNTED = re.compile(rf"\b({NUMBER})\s+(short\s+)?(levels|positions|questions)\b", re.IGNORECASE)


def _extension():
    spec = importlib.util.spec_from_file_location("course_counts", ROOT / "book" / "_ext" / "course_counts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _prose(slug: str) -> dict[str, str]:
    """Every page of the chapter, as the reader reads it: Markdown files and notebooks' Markdown, cells and outputs."""
    pages = {}
    for path in sorted((ROOT / "book" / slug).iterdir()):
        if path.suffix == ".md":
            pages[path.name] = path.read_text(encoding="utf-8")
        elif path.suffix == ".ipynb":
            nb = nbformat.read(path, as_version=4)
            pages[path.name] = "\n".join([c.source for c in nb.cells if c.cell_type == "markdown"]
                                         + [o.get("data", {}).get("text/markdown", "") for c in nb.cells
                                            for o in c.get("outputs", [])])
    return pages


@pytest.mark.parametrize("slug", games_with_a_course())
def test_every_count_in_the_chapter_is_the_courses(slug):
    levels, questions = len(course(slug).levels), len(exercises(slug))
    for name, text in _prose(slug).items():
        for word, _short, what in COUNTED.findall(text):
            expected = levels if what.lower() == "levels" else questions
            assert WORDS[word.lower()] == expected, f"{slug}/{name}: '{word} {what}', but there are {expected}"


@pytest.mark.parametrize("slug", games_with_a_course())
def test_the_chapter_page_takes_its_counts_from_the_build(slug):
    counts = _extension().counts()
    key = slug.replace("-", "_")
    assert counts[f"{key}_levels"] == number_words(len(course(slug).levels))
    assert counts[f"{key}_exercises"] == number_words(len(exercises(slug)))
    index = (ROOT / "book" / slug / "index.md").read_text(encoding="utf-8")
    used = set(re.findall(r"\{\{\s*(\w+)\s*\}\}", index))
    assert {f"{key}_levels", f"{key}_exercises"} <= used and used <= set(counts)
    assert overview(slug).startswith(number_words(len(course(slug).levels)).capitalize())
