"""Complete positions drawn from what one seat sees, for information-set search.

A seat sees everything but the other side's Knight and the other side's Treasure Cards (and so the
order of the deck, which is chance anyway). ``sample_state`` rebuilds the position from the
observation alone, as position text, and draws those two facts:

- the Knight is one of the pieces the other side placed at the start, unless its log shows a kill
  that only the Knight could make (a kill without an AMBUSH! in play), which gives it away;
- the hand is drawn from the cards the seat has not seen: the whole deck less the discard pile, the
  seat's own hand and the card in play.
"""

from __future__ import annotations

import random
from typing import Any

from capture_lib.games.medieval_capture.rules.actions import parse_piece
from capture_lib.games.medieval_capture.rules.position import read_position
from capture_lib.games.medieval_capture.rules.state import MedievalCaptureState
from capture_lib.games.medieval_capture.rules.treasure import CODES, card_name, deck_for, parse_card

SIDES = ("blue", "red")


def known_knight(observation: dict[str, Any], side: int) -> str | None:
    """The piece of ``side`` that the log shows to be its Knight (a kill made without AMBUSH!), if any."""
    letter = "BR"[side]
    ambush = False
    for entry in observation["log"]:
        words = entry.split()
        if entry == "end":
            ambush = False
        elif words[:2] == ["play", "AMBUSH!"]:
            ambush = True
        elif words and words[0][0] == letter and words[0][1:].isdigit() and words[-1] == "kill" and not ambush:
            return words[0]
    return None


def _knight_candidates(observation: dict[str, Any], side: int) -> list[str | None]:
    """The pieces that may be ``side``'s Knight; ``None`` stands for 'not chosen yet' (set-up only)."""
    known = known_knight(observation, side)
    if known is not None:
        return [known]
    start = observation["options"][f"{SIDES[side]}_pieces"]
    pieces = [p for p in observation["pieces"] if p["side"] == SIDES[side]]
    if observation["phase"] == "place":
        # Pieces are placed in number order; the Knight may be among them or still to come.
        placed = [p["id"] for p in pieces if p["where"] != "reserve"]
        return placed + [None] * (start - len(placed))
    return [p["id"] for p in pieces[:start]]  # the pieces placed at the start, in number order


def _unseen_cards(observation: dict[str, Any]) -> list[str]:
    """Every card the viewer has not seen: the full deck less discards, its own hand and the card in play."""
    counts = dict(zip(CODES, deck_for(observation["options"]), strict=True))
    seen = list(observation["hand"]) + [name for name, n in observation["discard"].items() for _ in range(n)]
    if observation["card"] is not None:
        seen.append(observation["card"])
    for name in seen:
        counts[parse_card(name)] -= 1
    return [code for code, n in counts.items() for _ in range(n)]


def public_text(observation: dict[str, Any], knight: str | None, hand: list[str]) -> str:
    """The position text of what ``observation`` shows, with the other side's Knight and hand as given."""
    side = SIDES.index(observation["viewer_side"])
    other = 1 - side
    lines = ["medieval-capture position", f"turn: {observation['side']}", f"phase: {observation['phase']}",
             f"turn_number: {observation['turn']}"]
    if observation["role"] == "abroad":
        lines.append("role: abroad")
    for s, name in enumerate(SIDES):
        tokens = []
        for p in observation["pieces"]:
            if p["side"] != name:
                continue
            star = p.get("knight", False) if s == side else p["id"] == knight
            if p["where"] == "reserve" and not star:
                continue
            tokens.append(f"{p['id']}{'*' if star else ''}={p['where']}")
        lines.append(f"{name}: {' '.join(tokens)}")
    for s, name in enumerate(SIDES):
        crowns = observation["crowns"][3 * s:3 * s + 3]
        tokens = ["taken" if c["where"] == "captured" else "@" + c["carried_by"] if "carried_by" in c
                  else c["where"] for c in crowns]
        lines.append(f"{name} crowns: {' '.join(tokens)}")
    hands = {side: list(observation["hand"]), other: [card_name(code) for code in hand]}
    for s, name in enumerate(SIDES):
        if hands[s]:
            lines.append(f"{name} hand: {' '.join(hands[s])}")
    if observation["discard"]:
        lines.append("discard: " + " ".join(f"{name}*{n}" for name, n in observation["discard"].items()))
    if observation["dice"] is not None:
        lines.append(f"dice: {observation['dice']['white']} {observation['dice']['black']}")
    if observation["card"] is not None:
        lines.append(f"card: {observation['card']}")
    for key in ("moved", "waiting"):
        names = [p["id"] for p in observation["pieces"] if p[key]]
        if names:
            lines.append(f"{key}: {' '.join(names)}")
    for key in ("shots", "fired", "draws"):
        if observation[key]:
            lines.append(f"{key}: {observation[key]}")
    for key in ("card_spent", "looked", "reroll"):
        if observation[key]:
            lines.append(f"{key}: yes")
    if observation["aim"] is not None:
        lines.append(f"aim: {observation['aim']} from {observation['spot']}")
    if observation["choices"]:
        lines.append(f"choices: {' '.join(observation['choices'])}")
    if observation["over"] and observation["winners"]:
        lines.append(f"winner: {SIDES[observation['winners'][0] % 2]}")
    return "\n".join(lines) + "\n"


def sample_state(game: Any, observation: dict[str, Any], seat: int, rng: random.Random) -> MedievalCaptureState:
    """A complete state that agrees with ``observation`` (seat ``seat``'s), with the hidden facts drawn."""
    if observation.get("viewer") != seat:
        raise ValueError(f"the observation is not seat {seat}'s")
    other = 1 - seat % 2
    global _cached
    if _cached is None or _cached[0] is not observation:
        # The search draws many samples of one observation: read its position once.
        candidates = _knight_candidates(observation, other)
        text = public_text(observation, candidates[0], [])
        base = read_position(text, game, 0, game.resolve_options(observation["options"]))
        _cached = (observation, base, candidates, _unseen_cards(observation))
    _, base, candidates, unseen = _cached
    knight = rng.choice(candidates)
    hand = sorted(rng.sample(unseen, observation["hand_sizes"][other]))
    state = base._copy()
    knights = list(base.knight)
    knights[other] = -1 if knight is None else parse_piece(knight)
    hands = list(base.hands)
    hands[other] = tuple(hand)
    deck = list(base.deck)  # the base deck holds every unseen card: take the drawn hand out of it
    for code in hand:
        deck[CODES.index(code)] -= 1
    state.knight, state.hands, state.deck = (knights[0], knights[1]), (hands[0], hands[1]), tuple(deck)
    return state


_cached: tuple[dict[str, Any], MedievalCaptureState, list[str | None], list[str]] | None = None

