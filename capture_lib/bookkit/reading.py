"""How much a reader reads: the words of a page's prose and the time a course asks of a beginner.

A page's words are those of its markdown cells as a reader sees them: code, MyST directives' options,
roles' targets, links' addresses and HTML tags are not read. The course's time is an estimate from what a
level asks (its goal, hint and explanation read at ``WORDS_A_MINUTE``, each of the learner's moves at
``SECONDS_A_MOVE``), not a timing of learners.
"""

from __future__ import annotations

import json
import pathlib
import re
from collections.abc import Iterable
from typing import Any

#: An unhurried reader's pace, words a minute.
WORDS_A_MINUTE = 200
#: A beginner's time for one move: finding it on the board, thinking, clicking.
SECONDS_A_MOVE = 20

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
_OPTION = re.compile(r"^:[\w-]+:.*$", re.M)
_COLON_FENCE = re.compile(r"^:{3,}(\{[^}]*\})?.*$", re.M)
_ROLE = re.compile(r"\{[\w:-]+\}`([^`<]*)(?:<[^`]*>)?`")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")


def prose(markdown: str) -> str:
    """``markdown`` as a reader reads it: no fenced blocks, directive options, tags or link addresses."""
    text = _FENCE.sub(" ", markdown)
    text = _OPTION.sub(" ", text)
    text = _COLON_FENCE.sub(" ", text)
    text = _ROLE.sub(lambda m: m.group(1), text)
    text = _LINK.sub(lambda m: m.group(1), text)
    return _TAG.sub(" ", text)


def page_words(notebook: pathlib.Path | str) -> int:
    """The words of ``notebook``'s markdown cells, as a reader reads them."""
    cells = json.loads(pathlib.Path(notebook).read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    return len(_WORD.findall(prose(text)))


def level_minutes(words: int, moves: int) -> float:
    """The minutes a beginner needs for a level: ``words`` to read and ``moves`` to play."""
    return words / WORDS_A_MINUTE + moves * SECONDS_A_MOVE / 60


def level_estimate(level: Any) -> float:
    """The minutes a beginner needs for a course's ``level`` (``capture_lib.core.lessons.Level``): its goal,
    hint and explanation to read, and its winning moves to play (a whole game's level: the moves its solver
    plays against the course's computer)."""
    words = sum(len(text.split()) for text in (level.goal, level.hint, level.explain))
    moves = len(level.solution) if level.solution else len(level.solved())
    return level_minutes(words, moves)


def course_estimate(levels: Iterable[Any]) -> float:
    """The minutes a beginner needs for ``levels`` (a course's, or some of them): the course's own estimate,
    which ``bench/bench_courses.py`` prints rounded and the teacher's lesson plans time their course step by."""
    return sum(level_estimate(level) for level in levels)
