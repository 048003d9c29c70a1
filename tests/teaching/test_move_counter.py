"""The move counter counts only real moves, in every level of every game's course.

Which actions are no move (Command Capture's ``ready`` and ``end``: saying the set-up is done, ending a turn without
the Command aura's extra action) is the game's one declaration, made for its whole course (``Course.free``). These
tests hold every level of every registered game with a course to it: no level counts by a list of its own, the par
of a level with a solution leaves the declared actions out, and on the board (``CourseController``) the counter,
after every line of a learner's first two actions that meets a declared action, counts exactly the others. The
declaration is checked too: each action it names is one the course's levels offer the learner, so a misspelt or
stale name cannot pass for a declaration.
"""

from __future__ import annotations

import pytest

from capture_lib.core.lessons import Level
from capture_lib.session.course import course, games_with_a_course
from capture_lib.session.learn import CourseController, counter_words


def _lines(level: Level) -> list[tuple[str, ...]]:
    """Every line of the learner's first one or two actions from the level's opening, answered as the level
    answers them (its replies, then its computer player), that does not end the level at its first action."""
    start, replied = level.opening()
    lines: list[tuple[str, ...]] = []
    for first in start.legal_actions():
        after, now = level.answered(start.play(first), replied)
        lines.append((str(first),))
        if level.done(after) or after.is_over or (level.lost is not None and level.lost(after)):
            continue
        lines += [(str(first), str(second)) for second in after.legal_actions()]
    return lines


def on_the_board(slug: str, level: Level, line: tuple[str, ...]) -> dict:
    board = CourseController(course(slug), level.key)
    for move in line:
        board.handle({"type": "play", "action": move})
    return board.values()["lesson"]


def _solution_notations(level: Level) -> list[str]:
    """The solution's moves in the game's own notation (a solution may spell a move another way)."""
    state, replied = level.opening()
    notations = []
    for move in level.solution:
        action = state.to_action(move)
        notations.append(str(action))
        state, replied = level.answered(state.play(action), replied)
    return notations


@pytest.mark.parametrize("slug", games_with_a_course())
def test_every_level_counts_by_its_games_one_declaration(slug):
    declared = course(slug).free
    for level in course(slug).levels:
        assert level.free == declared, f"{slug}:{level.key} counts by its own list of free actions"
        if level.solution:
            real = [move for move in _solution_notations(level) if move not in declared]
            assert level.par == len(real), f"{slug}:{level.key}: par {level.par}, real moves {real}"


@pytest.mark.parametrize("slug", games_with_a_course())
def test_the_board_counts_only_real_moves_in_every_level(slug):
    declared = course(slug).free
    met: set[str] = set()
    for level in course(slug).levels:
        if level.solver is not None:
            continue  # a whole game: its opening is the set-up, whose free actions its fixed levels already meet
        lines = _lines(level)
        with_free = {}
        for line in lines:
            for action in set(line) & declared:
                with_free.setdefault(action, line)
        plain = next((line for line in lines if len(line) == 2 and not set(line) & declared), None)
        for line in [*with_free.values(), *([plain] if plain else [])]:
            lesson = on_the_board(slug, level, line)
            real = len([move for move in line if move not in declared])
            assert lesson["moves"] == real, f"{slug}:{level.key}: {line} shows {lesson['moves']} moves"
            assert lesson["counter"] == counter_words(level, real)
        met |= set(with_free)
    assert met == declared, f"{slug}: no level offers {sorted(declared - met)}, which the course declares no move"


@pytest.mark.parametrize("slug", games_with_a_course())
def test_a_whole_game_without_a_proven_par_says_soon_the_board(slug):
    for level in course(slug).levels:
        if level.solver is None or level.par is not None:
            continue
        board = CourseController(course(slug), level.key)
        lesson = board.values()["lesson"]
        assert lesson["par"] is None and "par" not in lesson["counter"].replace("no par", "")
        assert lesson["counter"] == "Moves: 0 (a whole game has no par: winning it earns the stars)"
        assert level.stars(500, hinted=False) == 3 and level.stars(1, hinted=True) == 2
