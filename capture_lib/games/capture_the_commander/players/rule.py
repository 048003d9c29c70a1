"""A simple, sensible computer player for Capture the Commander, reading only its own observation.

It weighs each legal attack by the chance of winning the battle, worked out from what the table has
seen (cards shown in battles and cards beaten out of the game), against what is at stake: an
enemy Commander, a card whose loss opens a Commander, or its own Commander. In a tie-break it
shows the adjacent card known to be highest, and otherwise any card but its own Commander.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from capture_lib.games.capture_the_commander.rules.layout import COMMANDER

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: Losing or taking one of these cards opens the way to the Commander lying under it.
_GUARDS = (11, 12)
#: By slot: what taking the card there is worth (an enemy Commander far outweighs the rest).
GAIN: dict[int, float] = {s: 20.0 if s == COMMANDER else 2.0 if s in _GUARDS else 1.0 for s in range(1, 14)}
#: By slot: what losing one's own card there costs (one's own Commander most of all).
LOSS: dict[int, float] = {s: 30.0 if s == COMMANDER else 2.0 if s in _GUARDS else 1.0 for s in range(1, 14)}


def card_rank(name: str) -> int:
    """The rank of a card written ``10D``: 0 for a two up to 12 for an ace."""
    return _RANKS.index(name[:-1])


def _rng(obs: dict[str, Any], salt: str) -> random.Random:
    # Seeded by the observation only, so the same view gives the same choice (and nothing hidden leaks in).
    text = json.dumps(obs, sort_keys=True) + salt
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def _unseen_ranks(obs: dict[str, Any]) -> list[int]:
    """Ranks of every card whose value this seat has not seen in play: the pool a face-down card comes from."""
    seen = set(obs["beaten"])
    for entry in obs["layouts"]:
        seen.update(c["known"] for c in entry["cards"] if c["known"])
    names = [r + s for s in "SHDC" for r in _RANKS]
    return [card_rank(n) for n in names if n not in seen]


def win_chance(mine: str | None, theirs: str | None, pool: list[int]) -> float:
    """The chance that my card beats theirs (a tie counts half); ``None`` is an unknown card from ``pool``."""
    if not pool:
        pool = list(range(13))
    if mine is not None and theirs is not None:
        a, b = card_rank(mine), card_rank(theirs)
        return 1.0 if a > b else 0.0 if a < b else 0.5
    if mine is not None:
        r = card_rank(mine)
        return sum(1.0 if x < r else 0.5 if x == r else 0.0 for x in pool) / len(pool)
    if theirs is not None:
        r = card_rank(theirs)
        return sum(1.0 if x > r else 0.5 if x == r else 0.0 for x in pool) / len(pool)
    return 0.5


def _known(obs: dict[str, Any], letter: str, slot: int) -> str | None:
    for entry in obs["layouts"]:
        if entry["letter"] == letter:
            return entry["cards"][slot - 1]["known"]
    return None


def _attack_value(obs: dict[str, Any], action: str, pool: list[int]) -> float:
    attacker, target = action.split("x")
    a_letter, a_slot = attacker[0], int(attacker[1:])
    d_letter, d_slot = target[0], int(target[1:])
    p = win_chance(_known(obs, a_letter, a_slot), _known(obs, d_letter, d_slot), pool)
    return p * GAIN[d_slot] - (1.0 - p) * LOSS[a_slot]


def simple_player(state: Any, seat: int) -> str:
    """Choose an action for ``seat`` from its observation and the legal actions (notation text)."""
    obs = state.observation(seat)
    legal = [str(a) for a in state.legal_actions()]
    rng = _rng(obs, f"/{len(state.history)}")
    if obs["phase"] == "tie":
        letter = obs["layouts"][seat]["letter"]
        known = [(card_rank(k), a) for a in legal
                 if (k := _known(obs, letter, int(a.split()[1][1:]))) is not None]
        if known:
            best = max(r for r, _ in known)
            if best >= 8:  # a ten or better shown earlier: the best bet available
                return rng.choice([a for r, a in known if r == best])
        safe = [a for a in legal if not a.endswith(str(COMMANDER))]
        return rng.choice(safe or legal)
    pool = _unseen_ranks(obs)
    scored = [(_attack_value(obs, a, pool), a) for a in legal]
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= best - 1e-9])
