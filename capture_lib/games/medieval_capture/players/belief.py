"""What one seat believes about the other side's hidden facts, from its own observation alone.

Two facts are hidden from a seat: which enemy piece is the Knight, and which Treasure Cards the enemy
holds. ``believe(observation)`` turns what the seat has seen into chances:

- **the Knight**: one of the pieces the enemy placed at the start. Replaying the public log (every move
  names its piece and path, so where each piece stood is known) shows each capture: a kill without an
  AMBUSH! in play gives the Knight away, and a capture that only jailed its victim counts against the
  capturer being the Knight (a Knight that captures kills, or nearly always: ``JAILED_BY_KNIGHT``);
- **the hand**: the enemy's cards are drawn from those the seat has not seen (the whole deck less the
  discard pile, its own hand and the card in play), so the chance that the enemy holds at least one card
  of a kind follows from how many it holds (hypergeometric).

``determinize(state, seat, rng)`` draws a complete position that agrees with the observation, the
Knight by these chances: the planner plays its own moves on it and never reads the drawn enemy facts
(the evaluation takes the chances instead), so the draw only has to be possible.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb
from typing import Any

from capture_lib.core.protocol import State
from capture_lib.games.medieval_capture.rules.actions import parse_piece
from capture_lib.games.medieval_capture.rules.sampling import known_knight
from capture_lib.games.medieval_capture.rules.treasure import CODES, deck_for, parse_card

SIDES = ("blue", "red")
#: How likely a Knight that captures jails its victim instead of killing it: a computer's Knight never
#: does, a person's might by mistake. Each such capture divides the capturer's chance of being the
#: Knight by about this much.
JAILED_BY_KNIGHT = 0.1


@dataclass(frozen=True)
class Belief:
    """One seat's chances for the enemy's hidden facts (see the module's docstring)."""

    #: The side holding the beliefs (0 Blue, 1 Red).
    side: int
    #: Enemy piece number -> the chance that it is the Knight (summing to 1 over the candidates).
    knight: dict[int, float]
    #: Card code -> the chance that the enemy holds at least one such card.
    holds: dict[str, float]

    def knight_chance(self, piece: int) -> float:
        """The chance that ``piece`` is its side's Knight, as far as this seat knows (its own: 0 or 1)."""
        return self.knight.get(piece, 0.0)


def _replay_captures(log: list[str]) -> list[tuple[str, bool, bool]]:
    """Every capture the public log shows: ``(capturer, killed, ambush in play)``, in order.

    Where each piece stands is followed through the log: placements, moves (a rescue sends both pieces
    to the Cathedral), the cards that bring a piece in, boulder kills and chosen kills. A move that ends
    where a piece of the other side stood (outside the Cathedral) is a capture.
    """
    where: dict[str, str] = {}
    captures = []
    ambush = False
    for entry in log:
        words = entry.split()
        if not words:
            continue
        head = words[0]
        if entry == "end":
            ambush = False
        elif head == "place" and len(words) >= 3:
            where[words[1].upper()] = words[2]
        elif head == "play" and len(words) >= 2:
            ambush = ambush or words[1] == "AMBUSH!"
            if len(words) == 3:  # RANSOM or RECRUIT: the named piece comes to the Cathedral
                where[words[2].upper()] = "c"
        elif head == "kill" and len(words) == 2:
            where.pop(words[1].upper(), None)
        elif head == "land" and "is killed" in entry:
            where.pop(entry.split("(")[1].split()[0].upper(), None)
        elif len(head) >= 2 and head[0] in "BR" and head[1:].isdigit() and len(words) >= 2 and "-" in words[1]:
            path = words[1].split("-")
            end = path[-1]
            victim = next((p for p, at in where.items() if at == end and p[0] != head[0]), None)
            if "free" in words:
                freed = words[words.index("free") + 1].upper()
                where[head] = where[freed] = "c"
            else:
                where[head] = end
            if victim is not None and end != "c":
                where.pop(victim, None)
                captures.append((head, words[-1] == "kill", ambush))
    return captures


def knight_chances(observation: dict[str, Any], side: int) -> dict[int, float]:
    """For each piece that may be ``side``'s Knight (as the viewer of ``observation`` sees it), its chance."""
    known = known_knight(observation, side)
    if known is not None:
        return {parse_piece(known): 1.0}
    start = observation["options"][f"{SIDES[side]}_pieces"]
    pieces = [p["id"] for p in observation["pieces"] if p["side"] == SIDES[side]][:start]
    weights = dict.fromkeys(pieces, 1.0)
    for capturer, killed, _ambush in _replay_captures(observation["log"]):
        if capturer in weights and not killed:
            weights[capturer] *= JAILED_BY_KNIGHT
    total = sum(weights.values())
    return {parse_piece(name): w / total for name, w in weights.items()}


def unseen_cards(observation: dict[str, Any]) -> list[str]:
    """The codes of every card the viewer has not seen: the deck less the discards, its hand and the card in play."""
    counts = dict(zip(CODES, deck_for(observation["options"]), strict=True))
    seen = list(observation["hand"]) + [name for name, n in observation["discard"].items() for _ in range(n)]
    if observation["card"] is not None:
        seen.append(observation["card"])
    for name in seen:
        counts[parse_card(name)] -= 1
    return [code for code, n in counts.items() for _ in range(n)]


def card_chances(observation: dict[str, Any]) -> dict[str, float]:
    """For each card code, the chance that the viewer's enemy holds at least one such card."""
    unseen = unseen_cards(observation)
    viewer = SIDES.index(observation["viewer_side"])
    held = observation["hand_sizes"][1 - viewer]
    total = len(unseen)
    if held <= 0 or total <= 0:
        return dict.fromkeys(CODES, 0.0)
    held = min(held, total)
    out = {}
    for code in CODES:
        kind = sum(1 for c in unseen if c == code)
        out[code] = 1.0 - comb(total - kind, held) / comb(total, held)
    return out


def believe(observation: dict[str, Any]) -> Belief:
    """The viewer's beliefs about its enemy (``Belief``), from its observation alone."""
    side = SIDES.index(observation["viewer_side"])
    enemy = 1 - side
    knight = knight_chances(observation, enemy)
    own = next((parse_piece(p["id"]) for p in observation["pieces"] if p["side"] == SIDES[side] and p.get("knight")),
               None)
    if own is not None:
        knight[own] = 1.0
    return Belief(side, knight, card_chances(observation))


def determinize(state: State, seat: int, belief: Belief, rng: random.Random) -> State:
    """A complete position agreeing with ``seat``'s observation of ``state``, the enemy Knight drawn by
    ``belief``'s chances and its hand from the unseen cards (the game's sampler)."""
    observation = state.observation(seat)
    world = state.game.sample_state(observation, seat, rng)
    enemy = 1 - seat % 2
    candidates = [p for p in belief.knight if p // 10 == enemy]
    if candidates and observation["phase"] != "place":
        chosen = rng.choices(candidates, [belief.knight[p] for p in candidates])[0]
        knights = list(world.knight)
        knights[enemy] = chosen
        world.knight = (knights[0], knights[1])
    return world
