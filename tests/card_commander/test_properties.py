"""Properties over hundreds of random complete games (thousands at the deep depth: ``tests/budgets.py``), a seeded
loop, so a failure is reproducible.

Every game ends; all 40 (or 36) cards are accounted for at every step; the score, the round number and the turn
order agree with the record; an illegal action never changes the state; legal actions are accepted and agree
with an independent reading of the rules; every deal is uniform; and neither seat's observation ever names a
card the other seat holds. What every game owes the protocol (notation, saves, records, replays, chance that
sums to one) is the conformance suite's (``tests/test_conformance.py``).

The first ``FULL`` games check everything at every step; the others check the cheap invariants at every step and
the rest on a random sample of steps, to keep the run short. Options cycle through all sixteen combinations, and
some seats play the rule-based player.
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

from capture_lib import CHANCE, IllegalAction
from capture_lib.core import saves
from capture_lib.games.card_commander.players.rule import card_commander_player
from capture_lib.games.card_commander.rules.state import number_cards
from tests.budgets import CARD_COMMANDER_FULL_GAMES as FULL
from tests.budgets import CARD_COMMANDER_GAMES as GAMES

from .helpers import GAME, all_cards, leaked

# GAMES random complete games; the first FULL are checked in full: a save round trip and every legal action at
# every step (both from tests/budgets.py).
MAX_STEPS = 200
OPTION_SETS = [dict(zip(("aces", "same_commander", "play_all_rounds", "extra_card_bonus"), values, strict=True))
               for values in itertools.product((True, False), repeat=4)]
GARBAGE = ["", "place", "place AS AS AS", "extra", "coin Purple", "deal 1S", "commander Nobody", "pass pass",
           "place 10S 10H", "extra KD", "deal QS"]


def expected_player(state):
    """The seat to act, worked out from the record (independently of ``current_player``)."""
    if state.phase == "over":
        return None
    if state.phase in ("deal", "coin"):
        return CHANCE
    if state.phase == "commander":
        return sum(c is not None for c in state.commanders)
    if state.phase == "place":
        return 0 if state.placed[0] is None else 1
    assert state.phase == "tie"
    return 0 if state.decisions[0] is None else 1


def check_position(state, full_deck, options):
    assert state.current_player == expected_player(state)
    assert all_cards(state) == full_deck
    # No card is in two places at once (all_cards would show a duplicate) and no card is lost.
    assert len(set(all_cards(state))) == len(full_deck)
    # The score is the record of the rounds played.
    assert sum(state.score) == len(state.rounds)
    assert list(state.score) == [sum(r["winner"] == s for r in state.rounds) for s in (0, 1)]
    for record in state.rounds:
        values = record["values"]
        for lane in range(3):
            winner, how = record["lane_winners"][lane], record["lane_how"][lane]
            blue, red = values[0][lane], values[1][lane]
            if how == "coin":
                assert blue == red
            else:
                assert (blue > red) == (winner == 0) and blue != red
        assert record["winner"] == (0 if record["lane_winners"].count(0) >= 2 else 1)
    if state.is_over:
        assert max(state.score) >= 2
        assert state.winners == ((0,) if state.score[0] > state.score[1] else (1,))
        assert sorted(state.returns()) == [-1.0, 1.0]
        if options["play_all_rounds"]:
            assert len(state.rounds) == 3
        else:
            assert max(state.score) == 2
        assert state.legal_actions() == [] and state.chance_outcomes() == []
    else:
        assert state.round == len(state.rounds) + 1 <= 3
        assert max(state.score) < 2 or options["play_all_rounds"]
        assert state.returns() == [0.0, 0.0]
    # Each player has placed once per round, or is about to; hands shrink accordingly.
    for seat in (0, 1):
        placed_now = state.placed[seat] is not None
        used = state.extra_used[seat]
        if state.phase not in ("commander", "deal"):
            assert len(state.hands[seat]) == 10 - 3 * (len(state.rounds) + placed_now) - used


def check_hidden(state):
    """Neither seat's observation names a card of the other seat's hand or unrevealed placement."""
    both_placed = state.placed[1] is not None
    for seat in (0, 1):
        other = 1 - seat
        secret = list(state.hands[other])
        if state.placed[other] is not None and not both_placed:
            secret += list(state.placed[other])
        obs = state.observation(seat)
        # One log line per action: the action itself, or its public form with the hidden cards as "?".
        assert len(obs["log"]) == len(state.history)
        for line, action in zip(obs["log"], state.history, strict=True):
            assert line == str(action) or "?" in line
        text = json.dumps(obs)
        assert leaked(text, secret) == []
        assert obs["hands"][other] is None


def check_chance(state, full):
    outcomes = state.chance_outcomes()
    assert outcomes
    probabilities = [p for _, p in outcomes]
    assert all(isinstance(p, Fraction) and p > 0 for p in probabilities)
    # Every chance event of this game is uniform: one probability, times the count, is one.
    assert len(set(probabilities)) == 1 and probabilities[0] * len(probabilities) == 1
    assert len({str(a) for a, _ in outcomes}) == len(outcomes)
    assert [str(a) for a in state.legal_actions()] == [str(a) for a, _ in outcomes]


def oracle(state, notation):
    """Whether well-formed ``notation`` is legal here, worked out from the rules, not from the engine."""
    words = notation.split()
    verb, args = words[0], words[1:]
    seat = state.current_player
    if state.phase == "over":
        return False
    if verb == "commander":
        taken = [c for c in state.commanders if c] if not state.options["same_commander"] else []
        return state.phase == "commander" and args[0] not in taken
    if verb == "deal":
        return state.phase == "deal" and any(str(c) == args[0] for c in state.deck)
    if verb == "coin":
        return state.phase == "coin"
    if verb == "place":
        hand = {str(c) for c in state.hands[seat]} if seat in (0, 1) else set()
        return state.phase == "place" and len(set(args)) == 3 and set(args) <= hand
    if verb == "pass":
        return state.phase == "tie"
    if verb == "extra":
        if state.phase != "tie":
            return False
        spare = len(state.hands[seat]) - 1 - 3 * (3 - state.round)
        return not state.extra_used[seat] and spare >= 0 and args[0] in {str(c) for c in state.hands[seat]}
    raise AssertionError(f"not notation: {notation!r}")


def check_refused(state, notation, full):
    if full:
        before_json = saves.dump(state)
    # Every field holds immutable values, so an unchanged state keeps the very same objects.
    before = dict(vars(state))
    try:
        state.play(notation)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{notation!r} was accepted but is illegal here")
    assert vars(state).keys() == before.keys()
    assert all(vars(state)[k] is v or (k == "options" and vars(state)[k] == v) for k, v in before.items())
    if full:
        assert saves.dump(state) == before_json


def play_one(seed, options, full):
    rng = random.Random(seed)
    full_deck = sorted(str(c) for c in number_cards(options["aces"]))
    # Some seats play the rule-based player, so the games also reach the positions it makes.
    players = [rng.random() < 0.3 for _ in (0, 1)]
    state = GAME.new_game(seed=seed, **options)
    pool = []
    placements = []
    for _ in range(MAX_STEPS):
        check_position(state, full_deck, options)
        # Twenty of a game's thirty or so steps are the deal: light games check a fifth of them in depth.
        deep = full or state.phase != "deal" or rng.random() < 0.2
        if full or (deep and rng.random() < 0.25):
            check_hidden(state)
        if state.is_over:
            for notation in rng.sample(pool, 3) + GARBAGE[:2]:
                check_refused(state, notation, full)
            return state, placements
        legal = state.legal_actions()
        assert legal
        if state.current_player == CHANCE:
            check_chance(state, full)
            action = state.play_chance(rng).history[-1]
        else:
            seat = state.current_player
            action = card_commander_player(state, seat) if players[seat] else rng.choice(legal)
        if deep:
            # Every legal action is accepted and agrees with the rules (all of them in full games, except
            # the deals and the hundreds of placements, which are sampled).
            sample = legal if full and len(legal) <= 12 else rng.sample(legal, min(len(legal), 10 if full else 2))
            for other in sample:
                assert oracle(state, str(other))
                assert state.play(other).history[-1] == other
            # Notation seen in other positions is refused here exactly when the rules say it is illegal.
            for notation in rng.sample(pool, min(len(pool), 4)) + [rng.choice(GARBAGE)]:
                if notation in GARBAGE or not oracle(state, notation):
                    check_refused(state, notation, full)
                else:
                    assert str(state.play(notation).history[-1]) == notation
        pool.extend(str(a) for a in rng.sample(legal, min(len(legal), 3)))
        actor = state.current_player
        new = state.play(action)
        assert new.history == state.history + (new.history[-1],)
        assert str(new.history[-1]) == str(action)
        if state.phase == "place":
            placements.append((state.round, actor))
        state = new
    raise AssertionError(f"game {seed} did not end in {MAX_STEPS} steps")


def test_random_complete_games():
    counts = {"over": 0, "three rounds": 0, "coins": 0, "extras": 0, "blue": 0}
    for number in range(GAMES):
        options = OPTION_SETS[number % len(OPTION_SETS)]
        state, placements = play_one(number, options, full=number < FULL)
        rounds = len(state.rounds)
        # Blue places first in every round, then Red.
        assert placements == [(r, seat) for r in range(1, rounds + 1) for seat in (0, 1)]
        counts["over"] += state.is_over
        counts["three rounds"] += rounds == 3
        counts["coins"] += any("coin" in r["lane_how"] for r in state.rounds)
        counts["extras"] += any(state.extra_used)
        counts["blue"] += state.winners == (0,)
    assert counts["over"] == GAMES
    # The games reach every part of the rules, and neither seat wins (nearly) always.
    assert counts["three rounds"] > GAMES // 10
    assert counts["coins"] > GAMES // 20
    assert counts["extras"] > GAMES // 10
    assert GAMES // 4 < counts["blue"] < 3 * GAMES // 4
