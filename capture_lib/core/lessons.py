"""The data of a lesson: its steps, each checked against the engine, and its teachers' solution.

A ``Lesson`` (an exercise) is a titled list of ``Step`` values. Each step holds a
position, the learner's seat, what to try, the hint that names the rule, the explanation, and the
accepted answers (or a check on the position after a legal action). The steps are validated when the
lesson is made: every answer is played through the engine. These are plain data, read by the boards
(``capture_lib.session.lesson`` runs a lesson on a board) and by the book; nothing here needs Jupyter.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from capture_lib.core.protocol import Action, State

#: A check on the position after a legal action: ``check(before, action, after)``.
Check = Callable[[State, Action, State], bool]


@dataclass(frozen=True)
class Step:
    """One step of a lesson.

    ``start`` is the position (the learner's ``seat`` is to act). ``answers`` are the accepted actions
    in notation (any spelling the game reads); ``check`` instead accepts every legal action for which it
    returns true. ``example`` is the action shown as the answer (by default the first of ``answers``).
    ``reply`` are actions played after a right answer (the opponent's scripted move, a chance outcome),
    so that the learner sees what the move led to. ``hint`` names the rule; ``explain`` says what happened.
    """

    title: str
    start: State
    seat: int
    prompt: str
    hint: str
    explain: str
    answers: tuple[str, ...] = ()
    check: Check | None = None
    example: str = ""
    reply: tuple[str, ...] = ()

    def expected(self) -> Action:
        """The action shown as this step's answer."""
        return self.start.to_action(self.example or self.answers[0])

    def accepts(self, action: Action, after: State) -> bool:
        """Whether the legal ``action`` (already played: ``after``) is a right answer."""
        if self.answers:
            return any(action == self.start.to_action(answer) for answer in self.answers)
        assert self.check is not None
        return bool(self.check(self.start, action, after))

    def outcome(self, action: Action) -> State:
        """The position after ``action`` and the scripted reply."""
        state = self.start.play(action)
        for reply in self.reply:
            state = state.play(reply)
        return state

    def validate(self) -> None:
        """Check the step against the engine: raise ``ValueError`` saying what is wrong."""
        if not (self.prompt and self.hint and self.explain and self.title):
            raise ValueError(f"step {self.title!r}: a step needs a title, a prompt, a hint and an explanation")
        if bool(self.answers) == (self.check is not None):
            raise ValueError(f"step {self.title!r}: give the accepted answers or a check, not both or neither")
        if self.check is not None and not self.example:
            raise ValueError(f"step {self.title!r}: a step with a check needs an example answer")
        if self.start.current_player != self.seat:
            raise ValueError(f"step {self.title!r}: seat {self.seat} is not to act in the start position")
        legal = set(self.start.legal_actions())
        for answer in (*self.answers, *((self.example,) if self.example else ())):
            action = self.start.to_action(answer)
            if action not in legal:
                raise ValueError(f"step {self.title!r}: the answer {answer!r} is not legal in the position")
            if not self.accepts(action, self.start.play(action)):
                raise ValueError(f"step {self.title!r}: the example {answer!r} is not accepted by the check")
        if len(legal) > 1 and all(self.accepts(a, self.start.play(a)) for a in legal):
            raise ValueError(f"step {self.title!r}: every legal action is right, so there is nothing to learn")
        self.outcome(self.expected())  # the scripted reply must be legal after the expected answer


@dataclass(frozen=True)
class Lesson:
    """A titled list of steps: an exercise (one question, or a whole turn step by step)."""

    game: str
    title: str
    steps: tuple[Step, ...]
    intro: str = ""
    #: The keys of the rules index that the lesson practises.
    rules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.steps:
            raise ValueError(f"lesson {self.title!r} has no steps")
        for step in self.steps:
            if step.start.game.slug != self.game:
                raise ValueError(f"lesson {self.title!r}: step {step.title!r} is a {step.start.game.slug} position")
            step.validate()


def check_lesson(lesson: Lesson) -> list[str]:
    """Play every step's expected answer (and one wrong try where there is one); return one line per step.

    Used by the notebooks and the tests: each line says what the step asks and what the engine made of it.
    """
    lines = []
    for number, step in enumerate(lesson.steps, start=1):
        expected = step.expected()
        wrong = next((a for a in step.start.legal_actions() if not step.accepts(a, step.start.play(a))), None)
        lines.append(f"step {number} ({step.title}): {expected} is right"
                     + (f"; {wrong} is not" if wrong is not None else ""))
    return lines


def solution_markdown(lesson: Lesson) -> str:
    """The teachers' solution of ``lesson`` as a MyST admonition that the book shows folded (a dropdown).

    It is written from the lesson's own data, so the solution and the engine's check cannot disagree.
    """
    lines = [":::{admonition} Solution (for teachers)", ":class: dropdown", ""]
    for number, step in enumerate(lesson.steps, start=1):
        head = f"{number}. " if len(lesson.steps) > 1 else ""
        accepted = [str(step.start.to_action(a)) for a in step.answers] or [str(step.expected())]
        which = "the only answer" if step.answers and len(accepted) == 1 else (
            "one of the accepted answers" if step.check is not None else "an accepted answer")
        lines.append(f"{head}`{accepted[0]}` ({which}). {step.explain}")
        lines.append("")
        lines.append(f"{'   ' if head else ''}Hint given after a wrong try: {step.hint}")
        lines.append("")
    lines.append(":::")
    return "\n".join(lines)


def afresh(make: Callable[[int], Callable[[State, int], Any]]) -> Callable[[State, int], Any]:
    """A computer player for a level, made anew by ``make(seed)`` for every move it plays, with a seed drawn from
    the game's seed and the move's number: a search player keeps what it learned (and its random draws) from one
    move to the next, so one player object answers a position differently the second time; made afresh, it
    answers it the same way every time, as a level must (its solution is played again to check it)."""
    def player(state: State, seat: int) -> Any:
        return make(state.seed * 1009 + len(state.history))(state, seat)
    return player


_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_words(number: int) -> str:
    """``number`` (0 to 99) in words, as a sentence writes it: ``26`` -> ``twenty-six``; larger ones in digits."""
    if not 0 <= number < 100:
        return str(number)
    if number < 20:
        return _ONES[number]
    tens, ones = divmod(number, 10)
    return _TENS[tens - 2] + (f"-{_ONES[ones]}" if ones else "")


# ----- the course: stages of short levels -------------------------------------------------------------------
#: Whether a level's goal is reached in a position (after the learner's move and the replies to it).
Goal = Callable[[State], bool]
#: Why a level can no longer be won in a position ("" while it can): then the learner tries again.
Lost = Callable[[State], str]
#: One step of a line of play: the position before it, the action, the position after it.
Event = tuple[State, Action, State]


@lru_cache(maxsize=1 << 16)
def _replayed(start: State, history: tuple[Action, ...]) -> tuple[Event, ...]:
    """The steps from ``start`` along ``history`` (which extends ``start.history``); each shorter line is cached,
    so a search that looks at a line's positions one by one replays each action once."""
    if len(history) <= len(start.history):
        return ()
    earlier = _replayed(start, history[:-1])
    before = earlier[-1][2] if earlier else start
    return (*earlier, (before, history[-1], before.play(history[-1])))


def line_events(start: State, state: State) -> tuple[Event, ...]:
    """Every step of play from ``start`` to ``state`` (a later position of the same game), as
    ``(before, action, after)``: what a goal reads to ask whether something *happened*, not only how the board
    looks now (a square left empty by a capture and one left empty by a unit that walked away look the same)."""
    if state.history[:len(start.history)] != start.history:
        raise ValueError("the position does not follow on from the level's start")
    return _replayed(start, state.history)


def happened(start: State, test: Callable[[State, Action, State], bool]) -> Goal:
    """A goal: some step of play since ``start`` passes ``test(before, action, after)`` (see ``line_events``)."""
    def goal(state: State) -> bool:
        return any(test(before, action, after) for before, action, after in line_events(start, state))
    return goal


@dataclass(frozen=True)
class Level:
    """One level of a game's course, in the manner of lichess's Learn: one idea, a goal in a sentence.

    The learner (``seat``) plays from ``start`` until ``done`` holds; every legal move is allowed, so a
    level leaves room for choice, and a level is lost when ``lost`` gives a reason (a piece left to be
    taken, the target gone) or after ``most`` moves. After each of the learner's moves the other seats
    answer with ``replies`` (scripted actions, played in turn while they are legal; what is left to play
    after them is played by the ``opponent``, a computer player given as a function, untimed, so it plays
    the same way every time) and chance is resolved from the start's seed, so a level plays the same way
    every time. ``targets`` are marked on the board (the key's
    "target"); ``arrows`` are routes drawn as a hint. ``par`` is the number of moves for three stars:
    three at par or fewer without a hint, two within two moves more or with a hint, one otherwise.
    ``solution`` reaches the goal in ``par`` moves (the par is worked out from it); it is played through the
    engine when the level is made. A whole game's level (``solver``) gives its par only where the fewest moves
    that win it are proven (``tests/teaching/test_level_proofs.py`` proves each given par); ``par=None`` claims
    none: its stars are for winning it, three without a hint and two with one, and it must give its ``most``.
    ``rules`` are the keys of the rules index that the level practises. Which actions are no move is the
    game's declaration, made once for its course (``Course.free``), never a level's.
    """

    key: str
    stage: str
    title: str
    goal: str
    start: State
    seat: int
    done: Goal
    solution: tuple[str, ...]
    hint: str
    explain: str
    par: int | None = 0
    targets: tuple[str, ...] = ()
    arrows: tuple[tuple[str, ...], ...] = ()
    replies: tuple[str, ...] = ()
    opponent: Callable[[State, int], Any] | None = None
    lost: Lost | None = None
    most: int = 0
    rules: tuple[str, ...] = ()
    #: For a level played as a whole game (no fixed line wins it): a player that wins it for the learner,
    #: so the level is solved through the engine all the same.
    solver: Callable[[State, int], Any] | None = None
    #: The notations of actions that are no move (saying the set-up is done, ending a turn early): the move
    #: counter, the par and ``most`` leave them out. The course fills it in from its game's declaration
    #: (``Course.free``), so that no level can forget it.
    free: frozenset[str] = frozenset()
    #: The par and ``most`` as the level was given them (0: worked out), so that ``counting`` works them out again.
    _given: tuple[int | None, int] = dataclasses.field(default=(0, 0), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (self.key and self.title and self.goal and self.hint and self.explain):
            raise ValueError(f"level {self.key!r}: a level needs a key, a title, a goal, a hint and an explanation")
        if not self.solution and self.solver is None:
            raise ValueError(f"level {self.key!r}: a level needs a solution, or a solver for a whole game")
        if self.par is None and (self.solver is None or self.most == 0):
            raise ValueError(f"level {self.key!r}: only a whole game's level (a solver) goes without a par, and it "
                             "must say after how many moves it is lost (most)")
        if self.solution and self.par not in (0, self.moves_in(self.solution)):
            raise ValueError(f"level {self.key!r}: the par is the solution's {self.moves_in(self.solution)} moves, "
                             f"not {self.par}")
        object.__setattr__(self, "_given", (self.par, self.most))
        if self.par == 0:
            object.__setattr__(self, "par", self.moves_in(self.solution))
        if self.most == 0:
            par = self.par or 0
            object.__setattr__(self, "most", max(par * 2 + 2, par + 4))

    def counting(self, free: frozenset[str]) -> Level:
        """This level with ``free`` (a course's declaration, ``Course.free``) no move too: its par and ``most``,
        where they were worked out, are worked out again."""
        if free <= self.free:
            return self
        par, most = self._given
        return dataclasses.replace(self, free=self.free | free, par=par, most=most)

    def counts(self, action: Action | str) -> bool:
        """Whether ``action`` counts as one of the learner's moves (see ``free``)."""
        return str(action) not in self.free

    def moves_in(self, actions: Sequence[Action | str]) -> int:
        """How many of ``actions`` count as moves (see ``free``)."""
        return sum(self.counts(action) for action in actions)

    def answered(self, state: State, replied: int) -> tuple[State, int]:
        """``state`` after the replies to a learner's move, up to the learner's next turn or the end; with
        the number of scripted replies used so far (``replied``) carried on."""
        trail, replied = self.replies_to(state, replied)
        return (trail[-1] if trail else state), replied

    def replies_to(self, state: State, replied: int) -> tuple[list[State], int]:
        """Every position the replies to a learner's move pass through (one action apart), up to the
        learner's next turn or the end, and the scripted replies used so far."""
        from capture_lib.core.chance import CHANCE

        trail: list[State] = []
        while not state.is_over and state.current_player != self.seat:
            if state.current_player == CHANCE:
                state = state.play_chance()
            elif replied < len(self.replies) and self._legal(state, self.replies[replied]):
                state = state.play(self.replies[replied])
                replied += 1
            else:
                replied = len(self.replies)  # the learner went another way: the computer answers from here
                if self.opponent is None:
                    raise ValueError(f"level {self.key!r}: no reply is written for this position and no computer "
                                     "plays")
                state = state.play(self.opponent(state, state.current_player))
            trail.append(state)
        return trail, replied

    def opening(self) -> tuple[State, int]:
        """The level's start as the learner first sees it (after any replies before the learner's turn), and
        how many scripted replies that used."""
        return self.answered(self.start, 0)

    def winning_moves(self) -> tuple[str, ...]:
        """The learner's moves that reach the goal: the written solution, else the ``solver``'s (``solved``)."""
        return tuple(self.solution) or (tuple(self.solved()) if self.solver is not None else ())

    def solved(self) -> list[str]:
        """The learner's moves that ``solver`` plays to the goal (a whole game's level), within ``most``."""
        assert self.solver is not None
        state, replied = self.opening()
        moves: list[str] = []
        while not self.done(state) and self.moves_in(moves) < self.most and not state.is_over:
            move = str(self.solver(state, self.seat))
            moves.append(move)
            state, replied = self.answered(state.play(move), replied)
        return moves

    @staticmethod
    def _legal(state: State, action: str) -> bool:
        from capture_lib.core.errors import IllegalAction

        try:
            state.play(action)
        except IllegalAction:
            return False
        return True

    def play(self, moves: tuple[str, ...]) -> State:
        """The position after the learner's ``moves`` and every reply (``IllegalAction`` for an illegal one)."""
        state, replied = self.opening()
        for move in moves:
            state, replied = self.answered(state.play(move), replied)
        return state

    def stars(self, moves: int, hinted: bool) -> int:
        """Three stars at par or fewer without a hint, two within two moves more or with a hint, else one; a level
        without a par (a whole game) gives three for winning it without a hint, two with one."""
        if self.par is None:
            return 2 if hinted else 3
        if moves <= self.par and not hinted:
            return 3
        return 2 if moves <= self.par + 2 else 1

    def validate(self) -> None:
        """Play the solution through the engine: the goal must be reached at its end and not before, and the
        level must not count as lost on the way; ``ValueError`` says what is wrong."""
        state, replied = self.opening()
        if state.is_over or state.current_player != self.seat:
            raise ValueError(f"level {self.key!r}: the learner ({self.seat}) is not to act at the start")
        for number, move in enumerate(self.winning_moves(), start=1):
            if self.done(state):
                raise ValueError(f"level {self.key!r}: the goal is reached before the solution's move {number}")
            if self.lost is not None and self.lost(state):
                raise ValueError(f"level {self.key!r}: the level is lost before the solution's move {number}")
            state, replied = self.answered(state.play(move), replied)
        if not self.done(state):
            raise ValueError(f"level {self.key!r}: the solution does not reach the goal")


@dataclass(frozen=True)
class Course:
    """A game's course: its levels in the order a beginner needs them, grouped in stages (``Level.stage``)."""

    game: str
    title: str
    levels: tuple[Level, ...]
    intro: str = ""
    #: The notations of the game's actions that are never a move (Command Capture's ``ready`` and ``end``): the
    #: game's one declaration, which every level of the course counts by (``Level.free``).
    free: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "levels", tuple(level.counting(self.free) for level in self.levels))
        keys = [level.key for level in self.levels]
        if len(set(keys)) != len(keys):
            raise ValueError(f"course {self.title!r}: two levels share a key")
        for level in self.levels:
            if level.start.game.slug != self.game:
                raise ValueError(f"course {self.title!r}: level {level.key!r} is a {level.start.game.slug} position")
            level.validate()

    @property
    def stages(self) -> list[tuple[str, list[Level]]]:
        """The stages in order, each with its levels."""
        out: list[tuple[str, list[Level]]] = []
        for level in self.levels:
            if not out or out[-1][0] != level.stage:
                out.append((level.stage, []))
            out[-1][1].append(level)
        return out

    def level(self, key: str) -> Level:
        """The level called ``key`` (``KeyError`` if the course has none)."""
        for level in self.levels:
            if level.key == key:
                return level
        raise KeyError(key)
