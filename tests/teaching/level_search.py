"""Every line of play of a course level, searched through the engine, for the proofs of ``test_level_proofs``.

A level (``capture_lib.core.lessons.Level``) is played by the learner's moves and answered by the other seats.
``search`` walks every line of the learner's moves up to a number of moves (the level's par by default), and
answers each move in one of three ways:

- ``"level"``: as the level answers it on the board (its scripted replies, then its computer player, chance
  from the level's seed), so the search sees exactly what a learner meets, and the shortest line it finds to
  the goal is the level's true par;
- ``"every"``: with every legal reply of the other seats and every outcome of chance, so a goal that holds on
  these lines holds whatever the other side does and whatever chance brings;
- ``"opponents"``: with every legal reply of the other seats, and chance resolved as the board resolves it (from
  the level's seed and the number of actions played: ``State.play_chance``), so a goal that holds on these lines
  holds whatever the other side does, on the dice and cards the board deals;
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


def _every(level: Level, chance: bool = True) -> Callable[[State, int], Iterator[tuple[State, int]]]:
    """Every legal reply of the other seats; every outcome of chance, or (``chance`` false) the board's draw."""
    def replies(state: State, replied: int) -> Iterator[tuple[State, int]]:
        if state.is_over or state.current_player == level.seat:
            yield state, replied
            return
        if state.current_player == CHANCE and not chance:
            yield from replies(state.play_chance(), replied)
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
    elif replies in ("every", "opponents"):
        answer = _every(level, chance=replies == "every")
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


def estimate(level: Level, replies: str = "every", probes: int = 2, seed: int = 0,
             enough: float = float("inf")) -> float:
    """How many positions ``search(level, ..., replies)`` would look at (``replies`` is ``"every"`` or
    ``"opponents"``), estimated without walking the other side's every reply: every line of the learner's moves
    is walked, but each reply is one drawn at random, and each position counts for the product of the choices of
    reply met on its way (Knuth's estimator of a tree's size, exact in expectation), averaged over ``probes``
    walks. The learner's own choices are all walked because a few of them lead into a large tree (a move that
    ends the learner's turn, answered by every turn of the other side), which random lines seldom meet. The
    estimate stops as soon as it passes ``enough``: the proofs ask only whether a tree fits their budget, to choose
    for each level the strongest search that does."""
    chance = replies == "every"
    most = level.par or 0

    def answered(state: State, weight: float, rng: random.Random) -> tuple[State, float]:
        while not state.is_over and state.current_player != level.seat:
            if state.current_player == CHANCE and not chance:
                state = state.play_chance()
                continue
            outs = [o for o, _ in state.chance_outcomes()] if state.current_player == CHANCE else state.legal_actions()
            weight *= len(outs)
            state = state.play(rng.choice(outs))
        return state, weight

    start, _ = level.opening()
    total = 0.0
    for probe in range(probes):
        rng = random.Random(f"estimate/{level.key}/{replies}/{seed}/{probe}")
        stack: list[tuple[State, int, float]] = [(start, 0, 1.0)]
        while stack:
            state, counted, weight = stack.pop()
            for action in state.legal_actions():
                used = counted + level.counts(action)
                if used > most:
                    continue
                after, below = answered(state.play(action), weight, rng)
                total += below / probes
                if total > enough:
                    return total
                if not (level.done(after) or after.is_over or (level.lost is not None and level.lost(after))):
                    stack.append((after, used, below))
    return total


def proven_pars() -> list[tuple[str, int, str, str, int | None, str]]:
    """Every level of every course: ``(game, number, key, title, par, how)``; ``how`` says how the par is proven:
    the fewest moves the search found to the goal against the level's replies (every line of the learner's up to
    the par walked), for a whole game that gives a par every shorter line walked and none winning; a whole game
    without a par (``None``) says how long the solver's winning line was."""
    from capture_lib.session.course import course, games_with_a_course

    rows: list[tuple[str, int, str, str, int | None, str]] = []
    for slug in games_with_a_course():
        for number, level in enumerate(course(slug).levels, start=1):
            if level.solver is not None and level.par is None:
                moves = level.moves_in(level.solved())
                rows.append((slug, number, level.key, level.title, None,
                             f"none claimed (a whole game: the stars are for winning; the solver won in {moves})"))
            elif level.solver is not None:
                found = search(level, lambda state: True, "level", moves=level.par - 1)
                solved = level.moves_in(level.solved())
                how = (f"proven: no line of {level.par - 1} moves wins ({found.nodes} positions), the solver wins in "
                       f"{solved}" if found.shortest is None and solved == level.par else "NOT PROVEN")
                rows.append((slug, number, level.key, level.title, level.par, how))
            else:
                found = search(level, lambda state: True, "level")
                how = (f"proven: the fewest moves to the goal against the board's replies, every line walked "
                       f"({found.nodes} positions)" if found.shortest == level.par
                       else f"NOT PROVEN: the fewest found is {found.shortest}")
                rows.append((slug, number, level.key, level.title, level.par, how + _against_every(level)))
    return rows


def _against_every(level: Level) -> str:
    """", and against every reply (...)" where the tree against every reply fits the proofs' budget and the par is
    the fewest there too; "" where it does not fit (the proofs draw replies at random there)."""
    from tests.budgets import LEVEL_EVERY_REPLY_POSITIONS as budget

    words = {"every": "every reply and every outcome of chance", "opponents": "every reply, chance as the board draws"}
    for replies, said in words.items():
        if estimate(level, replies, probes=4, enough=budget) <= budget:
            try:
                found = search(level, lambda state: True, replies, limit=2 * budget)
            except RuntimeError:
                return ""
            if found.shortest == level.par:
                return f"; also against {said} ({found.nodes} positions)"
            return f"; NOT the fewest against {said}: {found.shortest}"
    return ""


if __name__ == "__main__":  # python -m tests.teaching.level_search: the table of every level's proven par
    print("| game | level | title | par | how the par is proven |\n| --- | --- | --- | --- | --- |")
    for slug, number, key, title, par, how in proven_pars():
        print(f"| {slug} | {number} `{key}` | {title} | {'none' if par is None else par} | {how} |")
