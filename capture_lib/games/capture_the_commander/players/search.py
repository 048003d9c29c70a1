"""The search's fitting to Capture the Commander: a race to the Commanders, judged from public facts.

Every card lies face down for everyone, so a determinization hides nothing that one player knows
and another does not (but a secret tie-break pick); the opponents are searched in the tree as usual.
Three things fit the search to the game:

- the playout policy (``attack_values``) plays the attack that best races the Commanders: the chance
  of winning the battle from the ranks shown so far (``world.revealed``, public) times how much
  nearer to attack a win brings the defender's Commander, less the chance of losing times how much
  nearer a loss brings the attacker's own (``layout.commander_distance``). It never reads a card
  that has not been shown, so playouts do not pretend the players know the face-down cards;
- a playout stops after ``PLAYOUT_ACTIONS`` actions and the race table (``race``,
  counted over many games) scores where it stopped: far less noise than one game played to the end;
- the root's attacks are compared on common samples and halved in rounds (``Tuning.paired_root``),
  because the luck of the deal swamps the differences between moves.
"""

from __future__ import annotations

import random
from functools import cache

from capture_lib.core.protocol import Action, State
from capture_lib.games.capture_the_commander.players.race import race_of, shown_ranks, win_chances
from capture_lib.games.capture_the_commander.rules.actions import Attack, Pick
from capture_lib.games.capture_the_commander.rules.layout import COMMANDER, SLOTS, commander_distance
from capture_lib.search.tuning import Tuning

#: How often a playout player makes a random move instead of the best-valued one.
NOISE = 0.15
#: Actions a playout plays before the race table (``evaluate``) scores the position.
PLAYOUT_ACTIONS = 4
#: What taking a Commander is worth, in cards of distance (see ``attack_values``).
_CAPTURE = 20.0
def unseen_ranks(world: State) -> list[int]:
    """By rank: how many cards of it nobody has seen (four of each, less those the table saw)."""
    unseen = [4] * 13
    for card in world.revealed:
        unseen[card % 13] -= 1
    return unseen


def _beats(world: State) -> list[float]:
    """By rank: the chance that a card of that rank beats a face-down card nobody has seen (a tie half).

    The face-down card comes from the ranks not shown yet (``unseen_ranks``).
    """
    return beat_chances(unseen_ranks(world))


def beat_chances(unseen: list[int]) -> list[float]:
    """By rank: the chance of beating a card drawn from ``unseen`` (how many of each rank; a tie half)."""
    total = sum(unseen) or 1
    chances, below = [], 0
    for count in unseen:
        chances.append((below + 0.5 * count) / total)
        below += count
    return chances


def battle_chance(mine: int | None, theirs: int | None, beats: list[float]) -> float:
    """The chance that a card of rank ``mine`` beats one of rank ``theirs`` (a tie half).

    ``None`` is a card nobody has seen; ``beats`` is ``beat_chances`` of the ranks not seen.
    """
    if mine is None:
        return 0.5 if theirs is None else 1.0 - beats[theirs]
    if theirs is None:
        return beats[mine]
    return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5


@cache
def _nearer(mask: int) -> tuple[int, ...]:
    """By slot: how many cards nearer to attack the Commander of layout ``mask`` comes if that card goes."""
    now = commander_distance(mask)
    return (0,) + tuple(now - commander_distance(mask & ~(1 << s)) if mask >> s & 1 else 0 for s in SLOTS)


def attack_values(world: State, legal: list | None = None) -> list[tuple[float, Attack]]:
    """Each attack of the player to act, valued from public facts: how far it races the Commanders.

    A battle is won with the chance worked out from the ranks shown so far. A win brings the
    defender's Commander nearer to attack by the cards that then no longer need to go first
    (``layout.commander_distance``); a loss brings the attacker's own nearer in the same way; taking
    or losing a Commander outweighs everything.
    """
    me = world.current_player
    beats = _beats(world)
    masks = world.masks
    mine, my_ranks = _nearer(masks[me]), shown_ranks(world, me)
    seats: dict[str, tuple[tuple[int, ...], list[int | None]]] = {}
    values = []
    for a in world.legal_actions() if legal is None else legal:
        if not isinstance(a, Attack):
            continue
        theirs = seats.get(a.defender)
        if theirs is None:
            them = world.seat_of_letter(a.defender)
            theirs = seats[a.defender] = (_nearer(masks[them]), shown_ranks(world, them))
        s, d = a.attacker_slot, a.defender_slot
        p = battle_chance(my_ranks[s], theirs[1][d], beats)
        gain = _CAPTURE if d == COMMANDER else theirs[0][d]
        loss = _CAPTURE if s == COMMANDER else mine[s]
        values.append((p * gain - (1.0 - p) * loss, a))
    return values


def playout(world: State, rng: random.Random) -> Action:
    """The best-valued attack (``attack_values``) or a sensible tie-break pick, with some noise."""
    legal = world.legal_actions()
    if len(legal) == 1 or rng.random() < NOISE:
        return rng.choice(legal)
    return best_move(world, rng, legal)


def best_move(world: State, rng: random.Random, legal: list | None = None) -> Action:
    """The playout's choice without its noise: the best-valued attack, or a sensible tie-break pick."""
    legal = world.legal_actions() if legal is None else legal
    me = world.current_player
    if world.phase == "tie":
        ranks = shown_ranks(world, me)
        known = [(r, a) for a in legal if isinstance(a, Pick) and (r := ranks[a.slot]) is not None]
        if known:
            best_rank, best = max(known, key=lambda ra: ra[0])
            if best_rank >= 8:
                return best
        safe = [a for a in legal if a.slot != COMMANDER]
        return rng.choice(safe or legal)
    values = attack_values(world, legal)
    best = max(v for v, _ in values)
    return rng.choice([a for v, a in values if v > best - 1e-9])


def evaluate(world: State) -> list[float] | None:
    """Each seat's expected result from the race table (two players), or ``None`` (more players: play on).

    The table (``race``) gives the player to act its chance of winning from
    the two Commanders' distances and the strong cards each side has on show.
    """
    me = world.current_player
    if world.n != 2 or me is None or me < 0:
        return None
    chance = win_chances()[race_of(world, me)]
    value = 2.0 * chance - 1.0
    return [value, -value] if me == 0 else [-value, value]


TUNING = Tuning(playout=playout, paired_root=True, evaluate=evaluate, playout_cap=PLAYOUT_ACTIONS,
                budgets={"easy": (100, 0.15), "medium": (400, 0.5), "hard": (2000, 0.65)})

