"""Capture the Commander's fast playouts agree with the engine, battle by battle, under every option."""

from __future__ import annotations

import itertools
import random

import pytest

from capture_lib import load_game
from capture_lib.core.cards import RANKS
from capture_lib.games.capture_the_commander.players import search as ctcs
from capture_lib.games.capture_the_commander.players.rollout import Hand, rollout
from capture_lib.games.capture_the_commander.players.rule import simple_player
from capture_lib.games.capture_the_commander.rules.layout import SLOTS, attackers, targets

CTC = load_game("capture-the-commander")
SUITS = "SHDC"
#: Every combination of the options that change how a battle is settled.
OPTION_SETS = [dict(zip(("adjacency", "tie_anchor", "tie_loser", "run_out"), values, strict=True))
               for values in itertools.product(("both-ways", "under-only"), ("battle-card", "last-card"),
                                               ("battle-card", "tie-card"), ("layout", "adjacent"))]


class RecordingHand(Hand):
    """A hand that notes every tie-break card it picks, so the engine can be given the same picks."""

    def __init__(self, world):
        super().__init__(world)
        self.picks: list[int | None] = []

    def pick(self, seat, anchor, used, rng):
        slot = super().pick(seat, anchor, used, rng)
        self.picks.append(slot)
        return slot


def _tie_heavy_deal(rng: random.Random, options: dict) -> object:
    """A two-player deal from seven ranks only, so ties and run-outs are common."""
    cards = [r + s for r in RANKS[:7] for s in SUITS]
    rng.shuffle(cards)
    text = f"turn: North\nNorth: {' '.join(cards[:13])}\nSouth: {' '.join(cards[13:26])}\n"
    return CTC.from_position(text, **options)


def _agree(hand: Hand, state) -> None:
    if state.is_over:
        share = 0.5 if not state.winners else 1.0 if state.winners == (0,) else 0.0
        assert hand.result == share
        return
    assert hand.result is None
    assert hand.mask == list(state.masks) and hand.turn == state.turn
    for seat in range(2):
        for slot in SLOTS:
            card = state.layouts[seat][slot]
            if card >= 0:
                assert hand.rank[seat][slot] == card % 13
                assert hand.shown[seat][slot] == (card in state.revealed)
    unseen = [4] * 13
    for card in state.revealed:
        unseen[card % 13] -= 1
    assert hand.unseen == unseen


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "/".join(o.values()))
def test_fast_battles_settle_as_the_engine_does(options):
    rng = random.Random(str(options))
    battles = ties = 0
    for game in range(16):
        if game % 2:
            state = _tie_heavy_deal(rng, options)
        else:
            state = CTC.new_game(seed=game, **options).resolve_chance(random.Random(game))
        hand = RecordingHand(state)
        while not state.is_over:
            me = state.turn
            attacks = state.legal_actions()
            assert {(a.attacker_slot, a.defender_slot) for a in attacks} == {
                (a, d) for a in attackers(hand.mask[me]) for d in targets(hand.mask[1 - me])}
            attack = rng.choice(attacks)
            hand.picks.clear()
            hand.battle(attack.attacker_slot, attack.defender_slot, random.Random(battles))
            state = state.play(attack)
            # The engine gets the picks the fast hand made, a round (attacker, defender) at a time.
            rounds = list(zip(hand.picks[::2], hand.picks[1::2], strict=True))
            ties += bool(rounds)
            for ours, theirs in rounds:
                if ours is None or theirs is None:
                    break
                state = state.play(f"pick {state.letter(me)}{ours}").play(f"pick {state.letter(1 - me)}{theirs}")
            _agree(hand, state)
            battles += 1
    assert battles > 150 and ties > 15


def test_a_rollout_plays_the_hand_to_its_end_and_scores_it_for_both_seats():
    state = CTC.new_game(seed=4).resolve_chance(random.Random(4))
    seen = state.observation(0)
    results = [rollout(CTC.sample_state(seen, 0, random.Random(i)), 0, random.Random(i)) for i in range(200)]
    assert all(r in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]) for r in results)
    assert 40 < sum(r[0] > 0 for r in results) < 160  # the luck of the deal: both sides win some
    # More than two players, or a hand that is over: the search plays on through the engine.
    assert rollout(CTC.new_game(seed=1, players=3).resolve_chance(random.Random(1)), 0, random.Random()) is None


def test_a_rollout_settles_a_waiting_tie_break_first():
    text = "turn: North\nNorth: 7S 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS AS\nSouth: 7H " + " ".join(
        r + "H" for r in RANKS[::-1] if r != "7") + "\n"
    state = CTC.from_position(text).play("N1xS1")
    assert state.phase == "tie"
    assert rollout(state, 0, random.Random(0)) in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_the_racing_side_races_and_the_other_weighs_as_the_rule_player(monkeypatch):
    # A position where the two weighings differ: see test_attack_values_race_the_commanders.
    text = ("turn: North\nNorth: - - 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS\n"
            "South: 2H 3H 4H 5H 6H 7H 8H - - 9H - QH KH\n")
    state = CTC.from_position(text)
    monkeypatch.setattr(ctcs, "NOISE", 0.0)
    racing = {str(ctcs.playout(state, random.Random(i))) for i in range(20)}
    hand = Hand(state)
    fast = {f"N{a}xS{d}" for a, d in (hand.best_attack(True, random.Random(i)) for i in range(20))}
    assert fast == racing
    weighing = {f"N{a}xS{d}" for a, d in (hand.best_attack(False, random.Random(i)) for i in range(20))}
    assert simple_player(state, 0) in weighing and weighing != racing


def test_the_counter_player_plays_fair_and_only_this_game():
    from capture_lib.games.capture_the_commander.players.counter import counter_player

    spades = " ".join(r + "S" for r in RANKS)
    a = CTC.from_position(f"turn: North\nNorth: {spades}\nSouth: " + " ".join(r + "H" for r in RANKS) + "\n")
    b = CTC.from_position(f"turn: North\nNorth: {spades}\nSouth: " + " ".join(r + "D" for r in RANKS[::-1]) + "\n")
    assert a.observation(0) == b.observation(0)
    moves = {str(counter_player(s, 0, timed=False)) for s in (a, b)}
    assert len(moves) == 1 and moves <= {str(x) for x in a.legal_actions()}
    with pytest.raises(ValueError, match="capture-the-commander only"):
        counter_player(load_game("card-commander").new_game(seed=1), 0)


def test_a_flat_paired_root_plays_every_sample_out_from_the_root():
    from dataclasses import replace

    from capture_lib.search.mcts import search

    tuning = replace(ctcs.TUNING, rollout=rollout, tree=False)
    state = CTC.new_game(seed=9).resolve_chance(random.Random(9))
    stats: dict = {}
    chosen = str(search(state, state.current_player, iterations=300, seconds=30, seed=2, tuning=tuning,
                        stats=stats))
    assert stats["iterations"] == sum(stats["visits"].values()) == 300
    assert sorted(stats["visits"]) == sorted(str(a) for a in state.legal_actions())
    assert chosen in stats["visits"] and stats["visits"][chosen] == max(stats["visits"].values())


class FixedPicks(Hand):
    """A hand whose tie-break picks are given: ``picks[seat]``."""

    def pick(self, seat, anchor, used, rng):
        return self.picks[seat]


@pytest.mark.parametrize("tie_loser", ["battle-card", "tie-card"])
@pytest.mark.parametrize("south,attack,picks", [
    # South's Commander (2D, open: card 11 is gone) fights North's 2S, ties, and South's 3D loses the tie-break.
    ({"s11": "-", "s13": "2D", "s12": "3D"}, (1, 13), (5, 12)),
    # South's card 12 (KH) ties North's KD; South breaks the tie with the Commander 2D, which 6S beats.
    ({"s10": "-", "s13": "2D"}, (1, 12), (5, 13)),
])
def test_a_commander_on_the_losing_side_of_a_tie_break_ends_the_fast_hand_too(tie_loser, south, attack, picks):
    cards = {"North": [r + "S" for r in RANKS], "South": [r + "H" for r in RANKS]}
    cards["North"][0] = "KD" if attack[1] == 12 else "2S"
    for key, card in south.items():
        cards["South"][int(key[1:]) - 1] = card
    text = "turn: North\n" + "".join(f"{name}: {' '.join(row)}\n" for name, row in cards.items())
    state = CTC.from_position(text, tie_loser=tie_loser)
    hand = FixedPicks(state)
    hand.picks = picks
    hand.battle(*attack, random.Random(0))
    state = state.play(f"N{attack[0]}xS{attack[1]}").play(f"pick N{picks[0]}").play(f"pick S{picks[1]}")
    assert state.is_over and state.winners == (0,) and hand.result == 1.0
