"""The search's fitting to Capture the Commander: a playout that attacks like a sensible player.

Every card lies face down for everyone, so a determinization hides nothing that one player knows
and another does not (but a secret tie-break pick); the opponents are searched in the tree as usual.
The playout policy weighs each attack as the rule-based player does (``strategy``): the chance of
winning the battle from the ranks shown so far (``world.revealed``, public), against what is at
stake (an enemy Commander, a guard of a Commander, one's own Commander). It never reads a card that
has not been shown, so playouts do not pretend the players know the face-down cards.
"""

from __future__ import annotations

import random

from capture_lib.core.protocol import Action, State
from capture_lib.games.capture_the_commander.actions import Attack, Pick
from capture_lib.games.capture_the_commander.layout import COMMANDER

from .tuning import Tuning

#: How often a playout player makes a random move instead of the best-scored one.
NOISE = 0.15
#: Cards whose loss uncovers a Commander.
_GUARDS = (11, 12)


def _win_chance(mine: int | None, theirs: int | None) -> float:
    """My card beating theirs (a tie counts half); ``None`` is an unseen card, taken as any rank alike."""
    if mine is not None and theirs is not None:
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    if mine is not None:
        return (mine + 0.5) / 13
    if theirs is not None:
        return (12 - theirs + 0.5) / 13
    return 0.5


def _known_rank(world: State, seat: int, slot: int) -> int | None:
    card = world.layouts[seat][slot]
    return card % 13 if card in world.revealed else None


def playout(world: State, rng: random.Random) -> Action:
    """The best-scored attack (or a sensible tie-break pick) for the player to act, with some noise."""
    legal = world.legal_actions()
    if len(legal) == 1 or rng.random() < NOISE:
        return rng.choice(legal)
    me = world.current_player
    if world.phase == "tie":
        known = [(r, a) for a in legal if isinstance(a, Pick) and (r := _known_rank(world, me, a.slot)) is not None]
        if known:
            best_rank, best = max(known, key=lambda ra: ra[0])
            if best_rank >= 8:
                return best
        safe = [a for a in legal if a.slot != COMMANDER]
        return rng.choice(safe or legal)
    best_value, best_actions = -1e9, []
    seat_of = world.seat_of_letter
    for a in legal:
        if not isinstance(a, Attack):
            continue
        them = seat_of(a.defender)
        p = _win_chance(_known_rank(world, me, a.attacker_slot), _known_rank(world, them, a.defender_slot))
        d, s = a.defender_slot, a.attacker_slot
        gain = 20.0 if d == COMMANDER else 2.0 if d in _GUARDS else 1.0
        loss = 30.0 if s == COMMANDER else 2.0 if s in _GUARDS else 1.0
        value = p * gain - (1.0 - p) * loss
        if value > best_value + 1e-9:
            best_value, best_actions = value, [a]
        elif value > best_value - 1e-9:
            best_actions.append(a)
    return rng.choice(best_actions or legal)


TUNING = Tuning(playout=playout, budgets={"easy": (100, 0.15), "medium": (400, 0.5), "hard": (2000, 0.9)})
