"""Every line of play of a course level, searched through the engine, for the proofs of ``test_level_proofs``.

A level (``capture_lib.core.lessons.Level``) is played by the learner's moves and answered by the other seats.
``search`` walks every line of the learner's moves up to a number of moves (the level's par by default), and
answers each move in one of three ways:

- ``"level"``: as the level answers it on the board (its scripted replies, then its computer player, chance
  from the level's seed), so the search sees exactly what a learner meets, and the shortest line it finds to
  the goal is the level's true par;
- ``"every"``: with every legal reply of the other seats and every outcome of chance, so a goal that holds on
  these lines holds whatever the other side does;
- ``("sample", n)``: with replies and chance outcomes drawn at random, afresh at every position of every line
  (``n`` seeds the draws), for levels whose every reply is too many to walk.

Each line ends where the goal is reached, where the level is lost, where the game is over or at the limit of
moves. The search is a tree search, not a search of positions: a goal may depend on how a position was reached
(a capture and a unit that walked away leave the same board), so two lines that meet are both followed. What
makes it fast is that the level's own replies are computed once per position (``_Replies``): the computer
player is the costly part, and many lines meet the same positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from capture_lib.core.chance import CHANCE
from capture_lib.core.lessons import Level
from capture_lib.core.protocol import State

#: A level's point, as a proof states it: whether the line that led to ``state`` made it.
Point = Callable[[State], bool]


@dataclass
class Found:
    """What ``search`` found: every line that reached the goal, and the lines that went wrong."""

    #: Each line that reached the goal, as ``(the learner's moves, the position)``.
    wins: list[tuple[tuple[str, ...], State]] = field(default_factory=list)
    #: How many moves each of ``wins`` took, as the level counts them (ending a turn is no move).
    counted: list[int] = field(default_factory=list)
    #: Lines that reached the goal without making the level's point: each a defect of the level.
    unmade: list[tuple[str, ...]] = field(default_factory=list)
    #: Lines on which the learner won the game without reaching the goal (the board would call that a loss).
    won_otherwise: list[tuple[str, ...]] = field(default_factory=list)
    #: Positions looked at.
    nodes: int = 0

    @property
    def shortest(self) -> int | None:
        """The fewest moves (as the level counts them) of a line that reached the goal; ``None`` if none did."""
        return min(self.counted, default=None)


class _Replies:
    """The level's own replies, computed once per position (its computer player is the costly part)."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.known: dict[tuple, tuple[list[Any], int]] = {}

    def __call__(self, state: State, replied: int) -> Iterator[tuple[State, int]]:
        key = (state._key(), len(state.history), replied)
        if key not in self.known:
            trail, now = self.level.replies_to(state, replied)
            self.known[key] = ([after.history[-1] for after in trail], now)
        actions, now = self.known[key]
        for action in actions:
            state = state.play(action)
        yield state, now


def _every(level: Level) -> Callable[[State, int], Iterator[tuple[State, int]]]:
    def replies(state: State, replied: int) -> Iterator[tuple[State, int]]:
        if state.is_over or state.current_player == level.seat:
            yield state, replied
            return
        options = ([outcome for outcome, _ in state.chance_outcomes()] if state.current_player == CHANCE
                   else state.legal_actions())
        for option in options:
            yield from replies(state.play(option), replied)
    return replies


def _sampled(level: Level, seed: int) -> Callable[[State, int], Iterator[tuple[State, int]]]:
    def replies(state: State, replied: int) -> Iterator[tuple[State, int]]:
        # Drawn from the line itself, so that a search draws the same replies in every process (``hash`` is not).
        rng = random.Random(f"{seed}/{'/'.join(map(str, state.history))}")
        while not state.is_over and state.current_player != level.seat:
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                state = state.play(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            else:
                state = state.play(rng.choice(state.legal_actions()))
        yield state, replied
    return replies


def search(level: Level, point: Point, replies: str | tuple[str, int] = "level", moves: int | None = None,
           limit: int = 2_000_000) -> Found:
    """Walk every line of the learner's moves (up to ``moves``, by default the par) with ``replies`` (see the
    module's docstring); ``point`` says whether a line made the level's point. ``limit`` bounds the positions
    looked at (``RuntimeError`` beyond it: a proof that cannot finish says so rather than passing)."""
    most = level.par if moves is None else moves
    if replies == "level":
        answer: Callable[[State, int], Iterator[tuple[State, int]]] = _Replies(level)
    elif replies == "every":
        answer = _every(level)
    elif isinstance(replies, tuple) and replies[0] == "sample":
        answer = _sampled(level, replies[1])
    else:
        raise ValueError(f"unknown replies {replies!r}")
    found = Found()
    start, replied = level.opening()
    stack: list[tuple[State, int, tuple[str, ...], int]] = [(start, replied, (), 0)]
    while stack:
        state, replied, line, counted = stack.pop()
        for action in state.legal_actions():
            used = counted + level.counts(action)
            if used > most:
                continue
            played = state.play(action)
            for after, now in answer(played, replied):
                found.nodes += 1
                if found.nodes > limit:
                    raise RuntimeError(f"level {level.key!r}: more than {limit} positions within {most} moves")
                moves_so_far = (*line, str(action))
                if level.done(after):
                    found.wins.append((moves_so_far, after))
                    found.counted.append(used)
                    if not point(after):
                        found.unmade.append(moves_so_far)
                    continue
                if after.is_over:
                    if level.seat in after.winners:
                        found.won_otherwise.append(moves_so_far)
                    continue
                if level.lost is not None and level.lost(after):
                    continue
                stack.append((after, now, moves_so_far, used))
    return found


def proven_pars() -> list[tuple[str, int, str, str, int, str]]:
    """Every level of every course: ``(game, number, key, title, par, how)``; ``how`` says what the par is: the
    fewest moves the search found to the goal against the level's replies, or the solver's line of a whole game."""
    from capture_lib.session.course import course, games_with_a_course

    rows = []
    for slug in games_with_a_course():
        for number, level in enumerate(course(slug).levels, start=1):
            if level.solver is not None:
                moves = level.moves_in(level.solved())
                rows.append((slug, number, level.key, level.title, moves, "the solver's winning line (a whole game)"))
            else:
                found = search(level, lambda state: True, "level")
                rows.append((slug, number, level.key, level.title, found.shortest or 0,
                             f"fewest moves to the goal, {found.nodes} positions searched"))
    return rows


if __name__ == "__main__":  # python -m tests.teaching.level_search: the table of every level's proven par
    print("| game | level | title | par | what the par is |\n| --- | --- | --- | --- | --- |")
    for slug, number, key, title, par, how in proven_pars():
        print(f"| {slug} | {number} `{key}` | {title} | {par} | {how} |")
