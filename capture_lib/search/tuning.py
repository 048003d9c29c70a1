"""How the shared search is fitted to each game: playout policy, candidate moves, opponent model, budgets.

The search in ``mcts`` is written once against the engine protocol. A game may add a ``Tuning`` here
(``TUNING`` in the ``search`` module of its players' package, ``capture_lib.search.<game>``, found by slug
through the game's description) to make it stronger and faster without changing the search:

- ``playout(world, rng)``: the action the player to act takes in a playout (a cheap heuristic beats
  uniform random play by a wide margin). It reads the determinized ``world``, so it must only use
  what the player to act could see there (its own cards, public facts), never another seat's cards;
- ``candidates(world, seat)``: the moves the tree considers, as (notations, actions), when grouping
  equivalent legal actions
  (Card Commander's 720 ordered placements are 120 sets of three cards); ``finish(text, rng)``
  turns the chosen candidate back into a concrete legal action; ``root_candidates(world, seat)`` does
  the same for the root alone, where a costlier choice pays (Command Capture keeps the moves that its
  rule-based player rates best, so the search never spends its budget on a move that hangs a unit);
- ``opponent_model``: when true, the other seats' moves inside the tree are drawn from the playout
  policy instead of being searched. This is for games with simultaneous hidden moves, where a tree
  node of the opponent below our own hidden move would let it react to a move it cannot see;
- ``chance(world, rng)``: a fast sampler of the pending chance outcome (the default reads
  ``chance_outcomes()``);
- ``evaluate(world)``: the expected ``returns()`` of a position that a playout leaves unfinished at
  ``playout_cap`` actions (a number from -1 to 1 per seat). Without it an unfinished playout counts
  as a draw, which is right only for games that playouts finish. It may answer ``None`` where it has
  no figure (Capture the Commander's race table is for two players): the playout then plays on;
- ``rollout(world, seat, rng)``: each seat's result of playing ``world`` to the end on the game's own
  fast model of itself, for the searching ``seat`` (``None`` where it has none: the usual playout
  then runs). It stands in for the playout and ``evaluate`` together: Capture the Commander's
  playouts through the engine cost about four times more than on plain lists;
- ``tree``: when false (with ``paired_root``), nothing is searched below the root: each sample
  of a root action is played out at once. For games where a strong playout knows more than the
  few visits a node below the root gets could learn;
- ``paired_root``: when true, the root's actions are compared on common samples (the same
  determinization and the same later luck for each) and the field is halved in rounds, instead of
  UCB at the root (``mcts._paired_root``): for games where luck swamps the differences between moves;
- ``budgets``: iterations and seconds per level, when the game needs other figures than ``DEFAULT_BUDGETS``.

A game with no tuning gets the plain search: uniform random playouts over every legal action.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from capture_lib.core.chance import pick_outcome
from capture_lib.core.protocol import Action, State

#: Search budgets by level: (iterations, seconds); the search stops at whichever comes first.
DEFAULT_BUDGETS: dict[str, tuple[int, float]] = {
    "easy": (60, 0.15),
    "medium": (300, 0.5),
    "hard": (1500, 0.9),
}


def uniform_playout(world: State, rng: random.Random) -> Action:
    """A uniformly random legal action: the playout policy of a game without a tuning."""
    return rng.choice(world.legal_actions())


def sampled_chance(world: State, rng: random.Random) -> Action:
    """The pending chance outcome, drawn with its probability from ``chance_outcomes()``."""
    return pick_outcome(world.chance_outcomes(), rng)


@dataclass(frozen=True)
class Tuning:
    """One game's fitting of the search (see the module's docstring)."""

    playout: Callable[[State, random.Random], Action] = uniform_playout
    candidates: Callable[[State, int], tuple[Sequence[str], Sequence[Action]]] | None = None
    finish: Callable[[str, random.Random], str] | None = None
    root_candidates: Callable[[State, int], tuple[Sequence[str], Sequence[Action]]] | None = None
    opponent_model: bool = False
    chance: Callable[[State, random.Random], Action] = sampled_chance
    budgets: dict[str, tuple[int, float]] = field(default_factory=lambda: dict(DEFAULT_BUDGETS))
    exploration: float = 0.7
    playout_cap: int = 400
    evaluate: Callable[[State], list[float] | None] | None = None
    paired_root: bool = False
    rollout: Callable[[State, int, random.Random], list[float] | None] | None = None
    tree: bool = True


PLAIN = Tuning()

CandidatesFn = Callable[[State, int], tuple[Sequence[str], Sequence[Action]]]


def remembered(key: Callable[[State, int], Hashable], size: int = 64) -> Callable[[CandidatesFn], CandidatesFn]:
    """Keep a costly ``root_candidates``'s answers for the last ``size`` positions, found by ``key(world, seat)``.

    The search asks for the root's candidates in every determinization of one position; when the
    answer depends only on what ``key`` reads (the searching seat's view), it is computed once.
    """
    def wrap(function: CandidatesFn) -> CandidatesFn:
        store: dict[Hashable, tuple[Sequence[str], Sequence[Action]]] = {}

        @functools.wraps(function)
        def cached(world: State, seat: int) -> tuple[Sequence[str], Sequence[Action]]:
            k = key(world, seat)
            found = store.get(k)
            if found is None:
                found = function(world, seat)
                if len(store) >= size:
                    store.clear()  # a new game or a new turn: the old positions will not come back
                store[k] = found
            return found

        return cached

    return wrap


def tuning_for(slug: str) -> Tuning:
    """The tuning the game ``slug`` gives the search (the ``TUNING`` of its description's ``tuning`` part,
    ``players/search.py``), or the plain search's."""
    from capture_lib.games import describe

    try:
        part = describe(slug).tuning
    except LookupError:  # not one of the games: the plain search
        return PLAIN
    if part is None:
        return PLAIN
    if not isinstance(part.TUNING, Tuning):
        raise TypeError(f"the search tuning of {slug} is a {type(part.TUNING).__name__}, not a Tuning")
    return part.TUNING
