"""What a seat may know, tested through the protocol alone: twins and reveals.

A *twin* of a state for a seat is another state of the same game that the seat cannot tell apart
from it: the same observation, but every fact hidden from the seat drawn again. It is built by
replaying the history: an action whose line in the seat's log is plain is played as it was; an
action the seat saw masked (a card dealt face down, an opponent's hidden placement, a secret pick)
is replaced by another legal action, or chance outcome, whose masked line reads the same.

An action *reveals* something when what a seat sees after it depends on facts hidden from that
seat before it: played in the real state and in twins, it leaves the seat with different views.
The boards use this for their undo policy (never take a move back once it has shown anybody
something hidden). Nothing here reads a game's internals, so it works for every game whose
observations keep a log with one line per action (CONTRIBUTING.md asks every game for one).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from capture_lib.core.chance import CHANCE
from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import Action, State

#: How many twins an action is tried in before it is taken to reveal nothing. Each twin draws the
#: hidden facts again, so a reveal goes unnoticed only if every twin happens to hold the same ones.
TWINS = 3
#: Replays tried for one twin (a replacement can make a later action of the true game illegal).
TRIES = 4


def origin(state: State) -> State:
    """The state ``state``'s history starts from: a new game, or its start position, with its seed."""
    game = state.game
    if state.start is None:
        return game.new_game(seed=state.seed, **state.options)
    return game.from_position(state.start, seed=state.seed, **state.options)


def _seat_log(state: State, seat: int) -> list[str] | None:
    log = state.observation(seat).get("log")
    if isinstance(log, list) and len(log) == len(state.history):
        return [str(line) for line in log]
    return None


def twin(state: State, seat: int, rng: random.Random) -> State | None:
    """A state that ``seat`` cannot tell from ``state``, with its hidden facts drawn again by ``rng``.

    ``None`` when none was found: the game keeps no per-action log, or every replay ran into an
    action that the redrawn facts made illegal.
    """
    target = state.observation(seat)
    log = _seat_log(state, seat)
    if log is None:
        return None
    start = origin(state)
    for _ in range(TRIES):
        candidate = _replay(start, state.history, log, seat, rng)
        if candidate is not None and candidate.observation(seat) == target:
            return candidate
    return None


def _replay(start: State, history: Iterable[Action], log: list[str], seat: int, rng: random.Random) -> State | None:
    history = tuple(history)
    # Actions the seat sees played later (its own cards dealt, say) are never taken as stand-ins.
    later = [set() for _ in history]
    seen: set = set()
    for index in range(len(history) - 1, -1, -1):
        later[index] = set(seen)
        if log[index] == str(history[index]):
            seen.add(history[index])
    state: State | None = start
    for index, (action, line) in enumerate(zip(history, log, strict=True)):
        state = _step(state, action, line, seat, rng, later[index])
        if state is None:
            return None
    return state


def _step(state: State, action: Action, line: str, seat: int, rng: random.Random,
          avoid: set | frozenset = frozenset()) -> State | None:
    """``state`` after ``action``, or after a stand-in (not in ``avoid``) that ``seat`` reads as ``line``."""
    if line == str(action):
        try:
            return state.play(action)
        except IllegalAction:
            return None
    # Masked for this seat: any action whose masked line reads the same will do; the true one last,
    # so that the twin differs wherever it can.
    pending = state.current_player == CHANCE
    options = [a for a, _ in state.chance_outcomes()] if pending else state.legal_actions()
    options = [a for a in options if a not in avoid]
    rng.shuffle(options)
    options.sort(key=lambda a: a == action)
    for option in options:
        after = state.play(option)
        seen = after.observation(seat).get("log")
        if isinstance(seen, list) and seen and str(seen[-1]) == line:
            return after
    return None


def reveals(state: State, action: object, seats: Iterable[int], rng: random.Random | None = None) -> bool:
    """Whether playing ``action`` in ``state`` shows any of ``seats`` a fact hidden from it before.

    Tried in ``TWINS`` twins per seat, where the action is played as the seat read it; where no twin
    can be built, or the action cannot be played in one (its legality hangs on a hidden fact), the
    answer is yes: a board then keeps the move.
    """
    rng = rng or random.Random(len(state.history))
    after = state.play(action)  # type: ignore[arg-type]
    act = after.history[-1]
    for seat in seats:
        seen = after.observation(seat)
        line = str(seen["log"][-1]) if isinstance(seen.get("log"), list) and seen["log"] else str(act)
        for _ in range(TWINS):
            other = twin(state, seat, rng)
            # In the twin the action is played as the seat read it (a masked placement stands for any).
            moved = None if other is None else _step(other, act, line, seat, rng)
            if moved is None or moved.observation(seat) != seen:
                return True
    return False
