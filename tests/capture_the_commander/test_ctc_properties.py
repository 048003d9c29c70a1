"""Capture the Commander: properties over hundreds of seeded random complete games (thousands at the deep depth).

For each of 2, 3 and 4 players, ``tests/budgets.py``'s number of complete games (from the draw for dealer to the
end) with random choices and random rule options. Cheap invariants are checked at every step, and an illegal
action is tried on a quarter of the players' steps; the costly checks (hidden information, every legal action)
on one random step of every game and at every step of one game in four hundred. What every game owes the
protocol (notation, saves, records, replays, chance) is the conformance suite's (``tests/test_conformance.py``).
"""

from __future__ import annotations

import json
import random
import re

import pytest

from capture_lib import CHANCE, IllegalAction, load_game
from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.games.capture_the_commander.rules.actions import CARD_NAMES, Attack, Pick
from capture_lib.games.capture_the_commander.rules.state import EMPTY
from tests.budgets import CAPTURE_THE_COMMANDER_GAMES_PER_COUNT as GAMES_PER_COUNT

GAME = load_game("capture-the-commander")
_ALL_CARDS = frozenset(range(52))
EVERY_STEP_EVERY = 400

# Independent of the engine's tables: "a:b,c" card a lies across b and c; "a:b!" directly under b.
_DESCRIPTION = "5:1,2 6:2,3 7:3,4 8:5! 9:6! 10:7! 11:8,9 12:9,10 13:11,12"
_ON: dict[int, tuple[bool, tuple[int, ...]]] = {}
for _part in _DESCRIPTION.split():
    _card, _on = _part.split(":")
    _ON[int(_card)] = (_on.endswith("!"), tuple(int(x) for x in _on.rstrip("!").split(",")))


def recomputed(layout: tuple[int, ...], slot: int) -> int:
    direct, on = _ON.get(slot, (False, ()))
    count = sum(layout[s] != EMPTY for s in on)
    if direct:
        return lay.FULL if count else lay.UNCOVERED
    return (lay.UNCOVERED, lay.PARTIAL, lay.FULL)[count]


def random_options(rng: random.Random, n: int) -> dict:
    options = {"players": n}
    if rng.random() < 0.5:
        options["adjacency"] = rng.choice(["both-ways", "under-only"])
        options["tie_anchor"] = rng.choice(["battle-card", "last-card"])
        options["tie_loser"] = rng.choice(["battle-card", "tie-card"])
        options["run_out"] = rng.choice(["layout", "adjacent"])
    if rng.random() < 0.05:
        options["hands"] = 2
    return options


def check_cheap(state) -> None:
    n = state.num_players
    cards = [c for s in range(n) for c in state.layouts[s] if c != EMPTY]
    cards += state.beaten + state.set_aside + state.deck
    assert len(cards) == 52 and set(cards) == _ALL_CARDS, "cards lost or duplicated"
    if state.phase not in ("play", "tie"):
        return
    for seat in range(n):
        row = state.layouts[seat]
        present = [s for s in lay.SLOTS if row[s] != EMPTY]
        assert state.masks[seat] == sum(1 << s for s in present)
        if state.out[seat]:
            assert not present
            continue
        assert row[lay.COMMANDER] != EMPTY, "a player still in has lost the Commander"
        for slot in present:
            assert state.coverage(seat, slot) == recomputed(row, slot)


def an_illegal_action(state, rng: random.Random):
    legal = set(state.legal_actions()) if state.current_player != CHANCE else {
        a for a, _ in state.chance_outcomes()}
    letters = "NESW"
    for _ in range(50):
        if rng.random() < 0.7:
            act = Attack(rng.choice(letters), rng.randint(1, 13), rng.choice(letters), rng.randint(1, 13))
        else:
            act = Pick(rng.choice(letters), rng.randint(1, 13))
        if act not in legal:
            return act
    return None


def check_illegal(state, rng: random.Random) -> None:
    """An illegal action raises ``IllegalAction`` and changes nothing."""
    act = an_illegal_action(state, rng)
    if act is not None:
        key, history = state._key(), state.history
        with pytest.raises(IllegalAction):
            state.play(act)
        assert state._key() == key and state.history == history


def check_costly(state, rng: random.Random) -> None:
    check_illegal(state, rng)
    for a in state.legal_actions():
        assert state._why_illegal(a) is None
    # No seat ever sees a card that was not shown to the whole table.
    public = {CARD_NAMES[c] for c in state.revealed} | {CARD_NAMES[c] for r in state.draw_rounds for _, c in r}
    public |= {CARD_NAMES[c] for _, c in state.draws}
    for obs in [state.observation(seat) for seat in range(state.num_players)] + [state.view(None)]:
        for token in obs["log"]:
            assert not token.startswith("deal ") or token == "deal ?"
        # Every string in the observation that names a card (alone or inside notation) is public.
        for text in _STRING.findall(json.dumps(obs)):
            for word in text.split():
                assert word not in _NAMES or word in public, word


_STRING = re.compile(r'"([^"]*)"')
_NAMES = frozenset(CARD_NAMES)


def play_one(n: int, index: int) -> tuple[int, bool]:
    rng = random.Random(f"ctc/{n}/{index}")
    state = GAME.new_game(seed=index, **random_options(rng, n))
    every_step = index % EVERY_STEP_EVERY == 0
    sampled = {rng.randrange(1, 140)}
    steps = 0
    while not state.is_over:
        check_cheap(state)
        if every_step or steps in sampled:
            check_costly(state, rng)
        elif state.phase in ("play", "tie") and rng.random() < 0.25:
            check_illegal(state, rng)
        if state.current_player == CHANCE:
            action = rng.choice(state.chance_outcomes())[0]
        else:
            legal = state.legal_actions()
            assert legal, "a player to act has no legal action"
            action = rng.choice(legal)
        state = state.play(action)
        steps += 1
        assert steps < 5000, "the game does not end"
    check_cheap(state)
    assert state.legal_actions() == [] and state.current_player is None
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9
    alive = [s for s in range(n) if not state.out[s]]
    assert len(alive) <= 1 or state.options["hands"] > 1
    return steps, not state.winners


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_complete_games(players):
    draws = 0
    for index in range(GAMES_PER_COUNT):
        _, drawn = play_one(players, index)
        draws += drawn
    # Draws happen only when the last two players run out together; they must stay rare.
    assert draws < GAMES_PER_COUNT // 5
