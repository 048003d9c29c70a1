"""The protocol every game implements: a ``Game`` that makes immutable ``State`` objects.

A game subclass declares its slug, seats, options and rulings, and how to start. A state
subclass implements the rules through a handful of ``_``-prefixed hooks; everything that players,
widgets, the AI and the tests call (``play``, ``legal_actions``, ``observation``, ...) lives here once.
Saves and records sit one layer above (``core.saves``, ``core.record``): the protocol never imports them.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from capture_lib.core.chance import CHANCE, derived_rng, pick_outcome
from capture_lib.core.errors import IllegalAction
from capture_lib.core.options import Option, Ruling, resolve_options, shown
from capture_lib.core.seeds import check_seed, fresh_seed


class Action(ABC):
    """An action's value. ``str(action)`` is its notation; equal notation means an equal action."""

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str:  # pragma: no cover - abstract
        ...

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and type(self) is type(other) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, str(self)))


class Game(ABC):
    """A game's rules as a factory of states, with its options and rulings."""

    slug: ClassVar[str]
    title: ClassVar[str]
    #: The seats' names in the players' words (``("Blue", "Red")``); a state may name its seats otherwise where
    #: the number of players changes them (``State.names``).
    seat_names: ClassVar[tuple[str, ...]]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = ()
    rulings: ClassVar[tuple[Ruling, ...]] = ()

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Validate options given by name and fill in the defaults."""
        return resolve_options(self.slug, self.options, given)

    def new_game(self, /, seed: int | None = None, **options: Any) -> State:
        """A new game at its start; ``seed`` fixes every chance outcome resolved with ``play_chance``.

        Without a seed the game draws one from the system's secure random source. ``self`` is
        positional-only, so an option of any name (even ``self``) gets the options' own message.
        """
        seed = fresh_seed() if seed is None else check_seed(seed)
        return self._initial_state(seed, self.resolve_options(options))

    @abstractmethod
    def _initial_state(self, seed: int, options: dict[str, Any]) -> State:
        """The state at the start, with validated options."""

    def from_position(self, text: str, /, seed: int = 0, **options: Any) -> State:
        """A state read from the game's position text (see the chapter's notation section).

        ``text`` is positional-only (so is ``self``), so that only ``seed`` is not an option's name."""
        raise ValueError(f"{self.slug} has no position text format; start it with new_game()")

    @abstractmethod
    def sample_state(self, observation: dict[str, Any], seat: int, rng: random.Random) -> State:
        """A whole state that ``seat`` cannot tell from ``observation`` (what ``observation(seat)`` gave).

        Every fact hidden from ``seat`` (the other hands, the face-down cards, a hidden piece, the seed of
        chance still to come) is drawn again with ``rng``, among the facts that agree with everything the
        seat has seen, so that ``sample_state(obs, seat, rng).observation(seat)`` equals ``obs`` (its log and
        history may start from the position itself). The search plays out such states (a determinization),
        the oracle draws them knowing more, and a board rebuilds a kept game from a seat's saved view with it.
        ``ValueError`` when ``observation`` is no position of this game. A game with nothing hidden returns
        the position ``observation`` shows.
        """

    def summarize(self, state: State) -> dict[str, Any] | None:
        """Facts of a finished game that the numbers chapter tallies (JSON-ready: ``turns``, how it ended,
        what was captured), stored as a simulated game's ``stats``; ``None`` (the default): nothing beyond
        the winners."""
        return None

    def replay(self, seed: int | None, actions: Iterable[Any], resolve_chance: bool = True,
               **options: Any) -> State:
        """Play ``actions`` from a new game; pending chance is resolved from the seed on the way.

        An action given while chance is pending is played as the chance outcome itself, so an
        example can fix a die or a coin ("coin Blue") and leave the rest to the seed.
        """
        state = self.new_game(seed=seed, **options)
        for action in actions:
            if state.current_player == CHANCE and not state.is_chance_action(action):
                state = state.resolve_chance()
            state = state.play(action)
        if resolve_chance:
            state = state.resolve_chance()
        return state

    def __repr__(self) -> str:
        return f"<game {self.slug}>"


class State(ABC):
    """One position of a game. Immutable: ``play`` returns a new state and leaves this one as it was."""

    game: Game
    seed: int
    options: Mapping[str, Any]
    history: tuple[Action, ...]
    start: str | None

    def __init__(self, game: Game, seed: int, options: dict[str, Any], start: str | None = None) -> None:
        self.game = game
        # Every way to a first state comes through here (new_game, from_position, a save), so the
        # seed is checked once, for all of them.
        self.seed = check_seed(seed)
        # Read-only: every state of a game shares one options mapping, so none may change it.
        self.options = MappingProxyType(dict(options))
        self.history = ()
        self.start = start

    # ----- hooks each game implements -----------------------------------------------------------
    @abstractmethod
    def _current_player(self) -> int | None:
        """The seat to act, ``CHANCE``, or ``None`` when the game is over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (chance outcomes while chance is pending)."""

    @abstractmethod
    def _why_illegal(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal, else the rule that forbids it, in a sentence."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Change this fresh copy by a legal action (called only on a private copy)."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """``(outcome, probability)`` for the pending chance event; empty if none is pending."""

    @abstractmethod
    def _winners(self) -> tuple[int, ...]:
        """The seats that won; empty while playing and for a draw."""

    @abstractmethod
    def view(self, seat: int | None, everything: bool = False) -> dict[str, Any]:
        """What ``seat`` sees of this position, as plain JSON-ready data: never a card, identity or fact hidden
        from it. ``seat=None`` is what the whole table sees (a spectator: nothing hidden from anyone is shown).
        ``everything=True`` is the teaching view, every hidden fact shown, for the book's pictures and worked
        examples and a finished game's reveal, never for a player's board. ``observation(seat)`` is
        ``view(seat)`` after checking the seat; the boards, the scenes and the book draw views.
        """

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names in this position: the game's ``seat_names`` unless the state names its seats
        otherwise (Capture the Commander names them by how many play)."""
        return tuple(self.game.seat_names)

    def _observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see (a checked seat): ``view(seat)`` unless a game says otherwise."""
        return self.view(seat)

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action from its notation; raise ``IllegalAction`` if the text is not notation."""

    #: The names of the attributes that make up the position, for the default ``_key``.
    _FIELDS: tuple[str, ...] = ()

    def _key(self) -> tuple:
        """Every fact of the position, hashable, for equality (by default the ``_FIELDS`` values)."""
        return tuple(getattr(self, name) for name in self._FIELDS)

    def _copy(self) -> State:
        """A copy for ``play`` to change. Games keep every attribute immutable (tuples, frozensets),
        so a shallow copy shares nothing that either state could change."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return 2

    # ----- the protocol -----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, ``CHANCE`` while chance is pending, ``None`` when the game is over."""
        return self._current_player()

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._current_player() is None

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats (empty for a draw or while the game goes on)."""
        return self._winners() if self.is_over else ()

    def end_reason(self) -> str:
        """Why the game ended, as one sentence in players' words ("Red has no pieces left."); "" while it
        goes on. Read from the position alone: it adds nothing to what a seat may see once the game is over."""
        return self._end_reason() if self.is_over else ""

    def _shown(self) -> Any:
        """Hook: everything once hidden that some seat has been shown so far (a card turned face up, a hidden
        unit revealed), as a value that changes exactly when something more is shown. A game with nothing
        hidden keeps the default."""
        return ()

    def shows_hidden(self, action: Action | str) -> bool:
        """Whether playing ``action`` shows anybody something that was hidden until now: exact, from what the
        game says it has shown (``_shown``). The boards' undo never takes such a move back."""
        return self.play(action)._shown() != self._shown()

    def _end_reason(self) -> str:
        """Hook: the game's own end condition that was met, in a sentence (called only once it is over)."""
        return "The game is over."

    def returns(self) -> list[float]:
        """Each seat's result: +1 for a win, -1 for a loss, shared evenly for a draw; 0 while playing."""
        n = self.num_players
        if not self.is_over:
            return [0.0] * n
        winners = self.winners
        if not winners or len(winners) == n:
            return [0.0] * n
        win = 1.0 / len(winners)
        lose = -1.0 / (n - len(winners))
        return [win if seat in winners else lose for seat in range(n)]

    def legal_actions(self) -> list[Action]:
        """Every legal action for the seat to act, one for each different result; empty when the game is over.

        ``play`` may accept another notation of a listed action, with the same result but a different line in
        the log: a Medieval piece's move by another route to the same space, whose way changes nothing.
        """
        if self.is_over:
            return []
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """``(outcome, probability)`` pairs of the pending chance event; empty if none is pending."""
        if self._current_player() != CHANCE:
            return []
        return self._chance_outcomes()

    def is_chance_action(self, action: Any) -> bool:
        """Whether ``action`` (a value or notation) names an outcome of the pending chance event."""
        if self._current_player() != CHANCE:
            return False
        try:
            act = self.parse_action(action) if isinstance(action, str) else action
        except ValueError:
            return False
        return any(act == outcome for outcome, _ in self._chance_outcomes())

    def to_action(self, action: Action | str) -> Action:
        """An action value from a value or its notation."""
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            return self.parse_action(action.strip())
        raise IllegalAction(f"an action must be notation text or an action, not {shown(action)}", rule="notation")

    def play(self, action: Action | str) -> State:
        """The state after ``action`` (a value or its notation). Raises ``IllegalAction`` naming the rule."""
        act = self.to_action(action)
        if self.is_over:
            raise IllegalAction(f"{act}: the game is over", rule="game over")
        why = self._why_illegal(act)
        if why is not None:
            raise IllegalAction(f"{act}: {why}", rule=why)
        new = self._copy()
        new.history = self.history + (act,)
        new._apply(act)
        return new

    def play_chance(self, rng: random.Random | None = None) -> State:
        """Resolve the pending chance event with ``rng`` (by default, derived from the game's seed)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("no chance event is pending", rule="chance")
        rng = rng or derived_rng(self.seed, len(self.history))
        return self.play(pick_outcome(outcomes, rng))

    def resolve_chance(self, rng: random.Random | None = None) -> State:
        """Resolve chance events until a seat is to act or the game ends."""
        state = self
        while state.current_player == CHANCE:
            state = state.play_chance(rng)
        return state

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as plain JSON-ready data; hidden cards and identities never appear."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat!r}; seats are 0 to {self.num_players - 1}")
        return self._observation(seat)


    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or other.game.slug != self.game.slug:
            return NotImplemented
        return (self.options == other.options and self.history == other.history
                and self._key() == other._key())

    def __hash__(self) -> int:
        return hash((self.game.slug, self._key()))



def seat_of(state: State, names: Sequence[str], text: str) -> int:
    """The seat named ``text`` (a name from ``names`` or a number), for notation parsers."""
    lowered = text.strip().lower()
    for seat, name in enumerate(names):
        if lowered == name.lower():
            return seat
    raise IllegalAction(f"no player called {text!r}; players are {', '.join(names)}", rule="notation")
