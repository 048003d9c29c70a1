"""What a seat may know, tested through the protocol alone: twins and reveals.

A *twin* of a state for a seat is another state of the same game that the seat cannot tell apart
from it: the same observation, but every fact hidden from the seat drawn again. It is built by
replaying the history: an action whose line in the seat's log is plain is played as it was; an
action the seat saw masked (a card dealt face down, an opponent's hidden placement, a secret pick)
is replaced by another legal action, or chance outcome, whose masked line reads the same.

An action *reveals* something when what a seat sees after it depends on facts hidden from that
seat before it: played in the real state and in twins, it leaves the seat with different views.
The boards (``capture_lib.session``) use this for their undo policy (never take a move back once it has shown anybody
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
#: The replays tried for one twin, as ``(loose, keep)`` chances, the freest first. A replay redraws
#: every action the seat saw masked, but keeps one with chance ``keep`` (a card dealt face down and
#: shown since must stay what it was); it also redraws, with chance ``loose``, another seat's action
#: whose line the seat read plain, since a masked action can read like a plain one (a Medieval piece
#: placed as the secret Knight reads like any other placement).
SCHEDULE = ((0.0, 0.0), (0.0, 0.0), (1.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5), (0.0, 0.8), (0.5, 0.8))
#: The replays tried after ``SCHEDULE``, each redrawing only this many of the actions the seat saw masked and
#: keeping every other one, which no stand-in may take. Late in a game of face-down cards (Capture the
#: Commander at three or four, where every card may be dealt and battles turn them up one by one) the seat has
#: seen most hidden facts since, and a replay that redraws many of them never agrees with all it saw; a twin
#: that swaps two cards still face down does.
FEW = (2, 2, 3, 1, 2, 2, 1, 2)


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
    same = None
    for loose, keep in SCHEDULE:
        candidate = _replay(start, state.history, log, seat, rng, loose, keep)
        if candidate is not None and candidate.observation(seat) == target:
            if candidate.history != state.history:
                return candidate
            same = candidate  # every stand-in came out as the true action: try the close replays first
            break
    for count in FEW:
        candidate = _replay_few(start, state.history, log, seat, rng, count)
        if candidate is not None and candidate.observation(seat) == target and candidate.history != state.history:
            return candidate
    return same


def _replay(start: State, history: Iterable[Action], log: list[str], seat: int, rng: random.Random,
            loose: float, keep: float) -> State | None:
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
        plain = line == str(action)
        if plain:
            redraw = state.current_player != seat and rng.random() < loose
        else:
            redraw = rng.random() >= keep
        state = _step(state, action, line, seat, rng, later[index]) if redraw else _play(state, action)
        if state is None:
            return None
    return state


def _replay_few(start: State, history: Iterable[Action], log: list[str], seat: int, rng: random.Random,
                count: int) -> State | None:
    """A replay that redraws ``count`` of the actions ``seat`` saw masked, chosen by ``rng``, and plays every
    other action as it was. A stand-in never takes an action that is played again later as it was (kept, or
    read plainly by the seat) before anything else plays it once more: a card dealt later stays free for that
    deal, though the same card may be dealt again after a new shuffle."""
    history = tuple(history)
    masked = [index for index, (action, line) in enumerate(zip(history, log, strict=True)) if line != str(action)]
    if not masked:
        return None
    chosen = set(rng.sample(masked, min(count, len(masked))))
    # Walking back: ``taken`` holds the actions whose next playing is kept as it was.
    taken: set[Action] = set()
    avoid: dict[int, set[Action]] = {}
    for index in range(len(history) - 1, -1, -1):
        if index in chosen:
            avoid[index] = set(taken)
            taken.discard(history[index])
        else:
            taken.add(history[index])
    state: State | None = start
    for index, (action, line) in enumerate(zip(history, log, strict=True)):
        if index in chosen:
            state = _step(state, action, line, seat, rng, avoid[index])
        else:
            state = _play(state, action)
        if state is None:
            return None
    return state


def _play(state: State, action: Action) -> State | None:
    try:
        return state.play(action)
    except IllegalAction:
        return None


def _step(state: State, action: Action, line: str, seat: int, rng: random.Random,
          avoid: set | frozenset = frozenset()) -> State | None:
    """``state`` after a stand-in for ``action`` (not in ``avoid``, the true one last) that ``seat``
    reads as the same ``line``; ``None`` if there is none."""
    pending = state.current_player == CHANCE
    options = [a for a, _ in state.chance_outcomes()] if pending else state.legal_actions()
    options = [a for a in options if a not in avoid or a == action]
    rng.shuffle(options)
    # The true action last, so that the twin differs wherever it can.
    options.sort(key=lambda a: a == action)
    for option in options:
        after = state.play(option)
        seen = after.observation(seat).get("log")
        if isinstance(seen, list) and seen and str(seen[-1]) == line:
            return after
    return None


def _extends(older: State, newer: State) -> bool:
    size = len(older.history)
    return size <= len(newer.history) and newer.history[:size] == older.history


def _extend(state: State, actions: Iterable[Action], lines: Iterable[str], seat: int, rng: random.Random
            ) -> State | None:
    """A twin carried on through more actions: those ``seat`` saw masked get stand-ins."""
    current: State | None = state
    for action, line in zip(actions, lines, strict=True):
        assert current is not None
        current = _play(current, action) if line == str(action) else _step(current, action, line, seat, rng)
        if current is None:
            return None
    return current


class Twins:
    """Twins kept from one question to the next, so that a board replays a whole game only rarely.

    ``of(state, seat)`` carries the twins of an earlier state of the same game on through the new
    actions, and builds new ones (``twin``) only where that fails: after a reveal, mostly.
    """

    #: Actions to wait, after building twins failed, before trying again (each try replays the game).
    RETRY = 8
    #: Earlier states remembered per seat (undo goes back to one of them).
    MEMORY = 16

    def __init__(self, count: int = TWINS, seed: int = 0) -> None:
        self._count = count
        self._rng = random.Random(seed)
        # Per seat: (state, its twins, the length of the history when building more last failed, or None).
        self._kept: dict[int, list[tuple[State, list[State], int | None]]] = {}

    @property
    def rng(self) -> random.Random:
        """The generator that draws the twins' hidden facts."""
        return self._rng

    def remember(self, state: State, seat: int, twins: list[State], failed_at: int | None = None) -> None:
        """Keep ``twins`` as twins of ``state`` for ``seat`` (``failed_at``: when building more failed)."""
        kept = self._kept.setdefault(seat, [])
        kept.append((state, twins, failed_at))
        del kept[:-self.MEMORY]

    def of(self, state: State, seat: int) -> list[State]:
        """Up to ``count`` twins of ``state`` for ``seat``; fewer, or none, where none were found."""
        kept = self._kept.get(seat, [])
        base = next((entry for entry in reversed(kept) if _extends(entry[0], state)), None)
        found: list[State] = []
        log = _seat_log(state, seat)
        if log is None:
            return []
        target = state.observation(seat)
        if base is not None:
            done = len(base[0].history)
            for old in base[1]:
                carried = _extend(old, state.history[done:], log[done:], seat, self._rng)
                if carried is not None and carried.observation(seat) == target:
                    found.append(carried)
        failed_at = base[2] if base is not None else None
        if len(found) < self._count and (failed_at is None or len(state.history) - failed_at >= self.RETRY):
            failed_at = None
            while len(found) < self._count:
                made = twin(state, seat, self._rng)
                if made is None:
                    failed_at = len(state.history)
                    break
                found.append(made)
        self.remember(state, seat, found, failed_at if len(found) < self._count else None)
        return found


def reveals(state: State, action: object, seats: Iterable[int], twins: Twins | None = None,
            unsure: bool = True) -> bool:
    """Whether playing ``action`` in ``state`` shows any of ``seats`` a fact hidden from it before.

    Tried in up to ``TWINS`` twins per seat (kept in ``twins`` from one call to the next), where the
    action is played as the seat read it; where the action cannot be played in a twin (its legality hangs
    on a hidden fact), the answer is yes, and where no twin can be found it is ``unsure`` (yes for a board,
    which then keeps the move; a test of reveals the twins find asks for no).
    """
    twins = twins or Twins(seed=len(state.history))
    after = state.play(action)  # type: ignore[arg-type]
    act = after.history[-1]
    mover = state.current_player
    for seat in seats:
        seen = after.observation(seat)
        line = str(seen["log"][-1]) if isinstance(seen.get("log"), list) and seen["log"] else str(act)
        moved_twins = []
        others = twins.of(state, seat)
        if not others:
            if unsure:
                return True
            continue
        for other in others:
            # In the twin the action is played as the seat read it (a masked placement stands for any).
            if line == str(act) and mover == seat:
                moved = _play(other, act)
            else:
                moved = _step(other, act, line, seat, twins.rng)
            if moved is None or moved.observation(seat) != seen:
                return True
            moved_twins.append(moved)
        twins.remember(after, seat, moved_twins)
    return False
