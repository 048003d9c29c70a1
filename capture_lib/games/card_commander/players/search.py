"""The search's fitting to Card Commander: a rule-like playout, placements grouped by card set.

- Playouts and the opponent's moves follow the rule-based player's idea (two strongest cards and the
  weakest, lanes at random; the extra card when a lane ties) with some random play mixed in, reading
  only the player's own hand in the determinized world.
- The once-a-game extra card is never spent on a tie that cannot change the round (``rule.tie_matters``):
  there the tree and the playouts consider only passing.
- A placement is an ordered triple (up to 720 of them); what matters against a hidden, shuffled
  reply is which three cards go out, so the tree considers the sets (at most 120) and the lanes are
  shuffled once the set is chosen.
- Placements are simultaneous in effect (Red cannot see Blue's face-down cards), so the opponent's
  moves are drawn from the playout policy rather than searched: a searched Red below Blue's own move
  would answer cards it cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from capture_lib.core.cards import Card
from capture_lib.core.protocol import Action, State
from capture_lib.games.card_commander.players.rule import PREFERENCE, tie_matters
from capture_lib.games.card_commander.rules.actions import ChooseCommander, Coin, Deal, Extra, Pass, Place
from capture_lib.games.card_commander.rules.state import card_value
from capture_lib.search.tuning import Tuning

#: How often a playout player departs from the rule-like choice and plays a random one instead.
NOISE = 0.25


def playout(world: State, rng: random.Random) -> Action:
    """A quick, sensible move for the player to act, from its own hand only (see the module's docstring)."""
    seat = world.current_player
    phase = world.phase
    if phase == "place":
        hand = world.hands[seat]
        if rng.random() < NOISE:
            trio = rng.sample(hand, 3)
        else:
            commander = world.commanders[seat]
            ranked = sorted(hand, key=lambda card: card_value(card, commander))
            trio = [ranked[-1], ranked[-2], ranked[0]]
            rng.shuffle(trio)
        return Place(tuple(trio))
    if phase == "tie":
        hand = world.hands[seat]
        if not world.may_add_extra(seat) or not hand or not _tie_matters(world) or rng.random() < NOISE:
            return Pass()
        commander = world.commanders[seat]
        weakest = min(hand, key=lambda card: card_value(card, commander))
        return Extra(weakest) if card_value(weakest, commander) > 0 else Pass()
    if phase == "commander":
        legal = world.legal_actions()
        if rng.random() < NOISE:
            return rng.choice(legal)
        names = {a.name for a in legal}
        return ChooseCommander(next(n for n in PREFERENCE if n in names))
    return rng.choice(world.legal_actions())


def _tie_matters(world: State) -> bool:
    """``rule.tie_matters`` for the tie pending in ``world`` (both placements are shown by then)."""
    values = [(world.lane_value(0, lane), world.lane_value(1, lane)) for lane in range(3)]
    return tie_matters(world.lane_winners, values, world.tie_lane)


def chance(world: State, rng: random.Random) -> Action:
    """Deals and coin flips are uniform: draw them without building the outcome list."""
    if world.phase == "deal":
        return Deal(rng.choice(world.deck))
    return Coin(rng.randrange(2))


@lru_cache(maxsize=4096)
def _trios(hand: tuple[Card, ...]) -> tuple[tuple[str, ...], tuple[Place, ...]]:
    actions = tuple(Place(trio) for trio in combinations(hand, 3))
    return tuple(str(a) for a in actions), actions


def candidates(world: State, seat: int) -> tuple[Sequence[str], Sequence[Action]]:
    """The moves the tree considers: one placement per set of three cards, only passing at a tie that
    cannot change the round, else every legal move."""
    if world.phase == "place":
        return _trios(world.hands[seat])
    if world.phase == "tie" and not _tie_matters(world):
        return ["pass"], [Pass()]
    actions = world.legal_actions()
    return [str(a) for a in actions], actions


def finish(text: str, rng: random.Random) -> str:
    """Shuffle the lanes of a chosen placement, so the opponent cannot read them from the card order."""
    if not text.startswith("place "):
        return text
    cards = text.split()[1:]
    rng.shuffle(cards)
    return "place " + " ".join(cards)


#: The budgets by level (iterations, seconds). Only hard is offered (easy and medium play as hard: see the
#: package): 1,300 iterations, about what the browser's Pyodide runs within 0.65 s of the 0.9 s a person
#: waits (Chromium and WebKit, scaled to a core of their own: ``bench/bench_computer_turn.py``), so the
#: player the simulator rates is the one the book plays (3,000 were rated, and the browser stopped at its
#: cap with about half of them).
TUNING = Tuning(playout=playout, candidates=candidates, finish=finish, opponent_model=True, chance=chance,
                budgets={"easy": (150, 0.15), "medium": (600, 0.5), "hard": (1300, 0.65)})
