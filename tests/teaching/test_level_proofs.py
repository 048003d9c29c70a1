"""Every course level tells the truth: a proof for each, played through the engine.

For every level of every game's course that is played from a fixed position (not a whole game), the search of
``level_search`` walks every line of the learner's moves up to the level's par:

- answered as the level answers on the board, every line that reaches the goal made the level's point, as the
  game's own test folder states it (``tests/<game>/points.py``, read through ``tests/level_points.py``: the named
  capture happened, by the named unit), and the fewest moves that reach the goal are exactly the par;
- answered by every legal reply of the other side, where that tree fits the budget (``tests/budgets.py``), with
  every outcome of chance too where that fits, else with chance as the board draws it; elsewhere by replies drawn
  at random, on many searches with different draws: no reply of the other side makes the level praise a move that
  did not make its point;
- a line that wins the game without reaching the goal is told so by the board ("you won the game, but not as this
  level asks"), never called a plain loss.

Why the search against the level's own replies is a proof, not a sample, of what the board does: those replies are
deterministic. A level's scripted replies are a fixed list, played in turn while they are legal; where the learner
goes another way, its computer player answers, untimed, as a function of the position (the rule player), or made
afresh for each move from the game's seed and the move's number (``afresh``); chance is drawn from the level's seed
and the number of actions played (``State.play_chance``). So the learner's moves decide the whole line of play, and
walking every line of the learner's walks every line the board can show up to par (``test_the_levels_replies_are_
the_same_every_time`` checks that determinism on every first move of every level). The proofs against every reply
go further: they hold whatever the other side plays, so a level stays true when its computer player changes.

The points are written from what the engine records (the log, the battles, the moves in notation), apart from the
courses' own goals, so a goal that reads a proxy ("the square is empty") fails here. A level without a point
fails too: every new level needs one.

The levels played as a whole game: the goal is the rule's result (the learner won the game), checked on the
solver's winning line and on random lines played to the end against the level's own opponent, which the level
must call lost. A whole game's par is given only where it is proven: every line of fewer moves, against the
level's own replies, is walked and none wins (Card Commander's, where a win takes a Commander and two rounds);
where no search can prove it (a whole game of the board games, a hand of Capture the Commander against the easy
search), the level claims no par, and the board says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from capture_lib import list_games
from capture_lib.core.lessons import Level
from capture_lib.core.protocol import State
from capture_lib.session.course import course, games_with_a_course
from capture_lib.session.learn import NO_PAR, CourseController
from tests.budgets import LEVEL_EVERY_REPLY_POSITIONS, LEVEL_SAMPLED_SEARCHES
from tests.level_points import points
from tests.teaching.level_search import estimate, search

#: Positions a proof against the level's own replies may look at (a level too big to prove is a defect too).
LIMIT = 60_000

FIXED = [(slug, level) for slug in games_with_a_course() for level in course(slug).levels if level.solver is None]
WHOLE = [(slug, level) for slug in games_with_a_course() for level in course(slug).levels if level.solver is not None]


def _id(item: tuple[str, Level]) -> str:
    return f"{item[0]}:{item[1].key}"


def _point(slug: str, level: Level) -> Callable[[State], bool]:
    made = (points(slug) or {})[level.key]
    return lambda state: made(level, state)


@pytest.mark.parametrize("slug", games_with_a_course())
def test_every_game_with_a_course_has_the_points_of_all_its_levels(slug):
    assert slug in list_games()
    declared = points(slug)
    assert declared is not None, f"{slug} has a course but its test folder states no level's point (points.py)"
    fixed = {level.key for level in course(slug).levels if level.solver is None}
    assert set(declared) == fixed, f"{slug}: every level needs its point stated, and only those"


@pytest.mark.parametrize("item", FIXED, ids=_id)
def test_the_levels_own_replies_praise_only_the_point_and_its_par_is_the_least(item):
    slug, level = item
    found = search(level, _point(slug, level), "level", limit=LIMIT)
    assert not found.unmade, f"{_id(item)}: these lines reach the goal without making its point: {found.unmade[:5]}"
    assert found.shortest == level.par, f"{_id(item)}: the fewest moves to the goal: {found.shortest}, par {level.par}"
    assert tuple(level.solution) in {line for line, _state in found.wins}
    for line in found.won_otherwise:
        board = CourseController(course(slug), level.key)
        for move in line:
            board.handle({"type": "play", "action": move})
        feedback = board.values()["lesson"]["feedback"]
        assert "you won the game, but not as this level asks" in feedback, (line, feedback)


@pytest.mark.parametrize("item", FIXED, ids=_id)
def test_the_levels_replies_are_the_same_every_time(item):
    """The deterministic-replies argument of the module's docstring, checked: after every first move of the
    learner's, the level's replies, worked out twice afresh, are the same actions."""
    _slug, level = item
    start, replied = level.opening()
    again, _ = level.opening()
    assert again.history == start.history
    for move in start.legal_actions():
        played = start.play(move)
        first, _ = level.replies_to(played, replied)
        second, _ = level.replies_to(played, replied)
        assert [s.history for s in first] == [s.history for s in second], f"{_id(item)}: {move} is answered two ways"


def _strongest_search(level: Level) -> str | None:
    """The strongest search against every reply that fits the budget: with every outcome of chance too
    (``"every"``), else with chance as the board draws it (``"opponents"``); ``None`` where neither fits."""
    for replies in ("every", "opponents"):
        if estimate(level, replies, probes=4, enough=LEVEL_EVERY_REPLY_POSITIONS) <= LEVEL_EVERY_REPLY_POSITIONS:
            return replies
    return None


#: How each search against every reply answers the learner, in words for a failure's message.
_AGAINST = {"every": "every reply and every outcome of chance", "opponents": "every reply, chance as the board draws"}


@pytest.mark.parametrize("item", FIXED, ids=_id)
def test_no_reply_of_the_other_side_makes_a_level_praise_a_move_that_missed_its_point(item):
    """Against every legal reply of the other side where the tree is estimated to fit the budget (with every
    outcome of chance too where that fits): no line up to par reaches the goal without its point, and no reply
    lets the goal be reached in fewer moves than par. Elsewhere (a set-up answered by every set-up of the other
    side, a turn of Medieval answered by every turn of Red's), replies are drawn at random on many searches. That
    a sample suffices there for what the board shows is the deterministic-replies argument of the module's
    docstring: the board answers each line of the learner's one way only, and
    ``test_the_levels_own_replies_praise_only_the_point_and_its_par_is_the_least`` walks every one of those lines;
    the samples stand for the replies a changed computer player might make."""
    slug, level = item
    point = _point(slug, level)
    replies = _strongest_search(level)
    if replies is not None:
        try:
            found = search(level, point, replies, limit=2 * LEVEL_EVERY_REPLY_POSITIONS)
        except RuntimeError:
            replies = None  # the estimate fell far short: the tree is larger than the budget, so replies are drawn
        else:
            assert not found.unmade, f"{_id(item)} (against {_AGAINST[replies]}): {found.unmade[:5]}"
            assert found.shortest == level.par, (f"{_id(item)}: against {_AGAINST[replies]}, the goal is reached in "
                                                 f"{found.shortest} moves, par {level.par}")
            return
    for seed in range(LEVEL_SAMPLED_SEARCHES):
        found = search(level, point, ("sample", seed), limit=LIMIT)
        assert not found.unmade, f"{_id(item)} (replies drawn with seed {seed}): {found.unmade[:5]}"


def _board_after(slug: str, level: Level, moves: list[str]) -> dict:
    board = CourseController(course(slug), level.key)
    for move in moves:
        board.handle({"type": "play", "action": move})
    return board.values()["lesson"]


@pytest.mark.parametrize("item", WHOLE, ids=_id)
def test_a_whole_games_goal_is_winning_it_and_its_par_is_proven_or_not_claimed(item):
    slug, level = item
    moves = level.solved()
    state, replied = level.opening()
    for move in moves:  # the solver's line: the goal is reached at its end, where the learner has won, not before
        assert not level.done(state) and not (level.lost and level.lost(state))
        state, replied = level.answered(state.play(move), replied)
    assert level.done(state) and state.is_over and level.seat in state.winners
    lesson = _board_after(slug, level, moves)
    count = level.moves_in(moves)
    assert lesson["status"] == "won" and lesson["stars"] == 3 and lesson["moves"] == count
    if level.par is None:
        assert lesson["feedback"].startswith(f"Done in {count} moves ({NO_PAR}): 3 stars.")
        assert lesson["par"] is None and lesson["counter"] == f"Moves: {count} ({NO_PAR})"
        return
    # A par given: every line of fewer moves, against the level's own replies, is walked and none wins.
    shorter = search(level, lambda _state: True, "level", moves=level.par - 1, limit=LIMIT)
    assert shorter.shortest is None, f"{_id(item)}: won in {shorter.shortest} moves, fewer than par {level.par}"
    assert count == level.par, f"{_id(item)}: the solver wins in {count} moves, par {level.par}"
    assert lesson["feedback"].startswith(f"Done in {count} moves (par {level.par}): 3 stars.")


@pytest.mark.parametrize("item", WHOLE, ids=_id)
def test_a_whole_game_lost_is_never_praised(item):
    """Random play by the learner, to the end of the game, against the level's own opponent: the goal holds only
    once the learner has won, and a game lost is a level lost, with its reason on the board."""
    slug, level = item
    lost_games = 0
    for seed in range(4):
        rng = random.Random(f"{slug}/{seed}")
        state, replied = level.opening()
        moves: list[str] = []
        while not state.is_over and level.moves_in(moves) < level.most:
            assert not level.done(state)
            moves.append(str(rng.choice(state.legal_actions())))
            state, replied = level.answered(state.play(moves[-1]), replied)
        assert state.is_over, f"{_id(item)}: random play did not end the game within {level.most} moves"
        won = level.seat in state.winners
        assert level.done(state) == won
        if not won:
            lost_games += 1
            reason = level.lost(state) if level.lost is not None else ""
            assert reason, f"{_id(item)}: the game is lost and the level does not say so"
            lesson = _board_after(slug, level, moves)
            assert lesson["status"] == "lost" and reason in lesson["feedback"] and lesson["stars"] is None
    assert lost_games, f"{_id(item)}: random play never lost, so the loss was never checked"


@pytest.mark.parametrize("slug", games_with_a_course())
def test_every_rule_of_the_index_is_practised_by_a_course_level(slug):
    from capture_lib.bookkit.rules_index import rules_index

    named = {key for level in course(slug).levels for key in level.rules}
    assert [rule.key for rule in rules_index(slug) if rule.key not in named] == []
    assert named <= {rule.key for rule in rules_index(slug)}
