"""What each course level teaches, as its proof states it: declared in the game's own test folder
(``tests/<game_folder>/points.py``, one ``POINTS``: for each level played from a fixed position, by its key, the
level's point) and checked for every game with a course by ``tests/teaching/test_level_proofs.py``.

A point says, in the game's own terms, what must have happened when a line of play reaches the level's goal: the
named capture, by the named unit, the card that won the tie. It is written from what the engine records (the log,
the battles, the moves in notation), apart from the course's own goals, so that a goal reading a proxy ("the square
is empty") is caught. A point is a fact about one game's level, so it lives beside that game's other tests; the
proofs that read them are written once, for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from capture_lib.core.lessons import Level
from capture_lib.core.protocol import State
from tests.registry import declared

#: A level's point: whether the line of play that led to the position made it.
Point = Callable[[Level, State], bool]


def steps(level: Level, state: State) -> Iterator[tuple[State, str, State]]:
    """Every action since the level's start, replayed: ``(before, notation, after)``."""
    before = level.start
    for action in state.history[len(level.start.history):]:
        after = before.play(action)
        yield before, str(action), after
        before = after


def learner_moves(level: Level, state: State) -> list[str]:
    """The learner's own actions since the level's start, in notation."""
    return [line for before, line, _after in steps(level, state) if before.current_player == level.seat]


def points(slug: str) -> dict[str, Point] | None:
    """The points ``slug``'s test folder declares for its course's levels (``points.py``'s ``POINTS``); None where
    it declares none (a game without a course, or a new course whose levels have no proof yet: a defect the proofs
    report)."""
    return declared(slug, "points", "POINTS")
