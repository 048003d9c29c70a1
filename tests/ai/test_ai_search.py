"""The search fitted to each game: playouts, grouped placements, opponent model, oracle, levels."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from capture_lib import CHANCE, load_game
from capture_lib.games.capture_the_commander.players import search as ctcs
from capture_lib.games.card_commander.players import search as ccs
from capture_lib.games.card_commander.players.oracle import oracle_world as _card_commander_world
from capture_lib.games.card_commander.rules.state import number_cards
from capture_lib.search.mcts import LEVELS, mcts_player, search
from capture_lib.search.oracle import oracle_player
from capture_lib.search.tuning import PLAIN, tuning_for

CC = load_game("card-commander")
CTC = load_game("capture-the-commander")
RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()


def _random_positions(game, count, seed, **options):
    """Positions where a seat must choose, from seeded random games."""
    rng, found, number = random.Random(seed), [], 0
    while len(found) < count:
        state = game.new_game(seed=seed + number, **options)
        number += 1
        while not state.is_over:
            if state.current_player == CHANCE:
                state = state.play_chance()
                continue
            found.append(state)
            state = state.play(rng.choice(state.legal_actions()))
    return found[:count]


def test_every_game_has_a_tuning_and_unknown_games_get_the_plain_search():
    assert tuning_for("card-commander").opponent_model
    assert not tuning_for("capture-the-commander").opponent_model
    assert tuning_for("no-such-game") is PLAIN
    for slug in ("card-commander", "capture-the-commander"):
        assert set(tuning_for(slug).budgets) == set(LEVELS)


@pytest.mark.parametrize(("game", "policy"), [(CC, ccs.playout), (CTC, ctcs.playout)])
def test_playout_policies_only_choose_legal_moves(game, policy):
    rng = random.Random(4)
    for state in _random_positions(game, 300, 11):
        action = policy(state, rng)
        assert str(action) in {str(a) for a in state.legal_actions()}


def test_playout_policies_beat_random_play():
    # The policies are what playouts are made of: they must play clearly better than chance.
    rng, wins = random.Random(2), 0
    games = 200
    for number in range(games):
        state = CTC.new_game(seed=number)
        smart = number % 2
        while not state.is_over:
            seat = state.current_player
            if seat == CHANCE:
                state = state.play_chance()
            elif seat == smart:
                state = state.play(ctcs.playout(state, rng))
            else:
                state = state.play(rng.choice(state.legal_actions()))
        wins += state.winners == (smart,)
    assert wins / games > 0.7


def test_card_commander_candidates_are_one_placement_per_set_of_three_cards():
    state = CC.new_game(seed=5).play("commander Karl").play("commander Jackson").resolve_chance()
    texts, actions = ccs.candidates(state, 0)
    assert len(texts) == len(actions) == 120
    legal = {str(a) for a in state.legal_actions()}
    assert len(legal) == 720 and set(texts) <= legal
    assert len({frozenset(t.split()[1:]) for t in texts}) == 120
    # The lanes of the chosen set are shuffled, and stay a legal placement of the same cards.
    orders = {ccs.finish(texts[0], random.Random(i)) for i in range(40)}
    assert len(orders) == 6 and orders <= legal
    assert ccs.finish("pass", random.Random(1)) == "pass"


def test_search_returns_legal_moves_in_every_phase():
    for game, seed in ((CC, 1), (CTC, 2)):
        phases = Counter()
        for state in _random_positions(game, 60, seed)[::3]:
            seat = state.current_player
            action = search(state, seat, iterations=40, seconds=5, seed=3)
            assert str(action) in {str(a) for a in state.legal_actions()}
            phases[state.phase] += 1
        assert len(phases) >= 2


def test_capture_the_commander_search_depends_only_on_what_its_seat_sees():
    spades = " ".join(r + "S" for r in RANKS)
    a = CTC.from_position(f"turn: North\nNorth: {spades}\nSouth: " + " ".join(r + "H" for r in RANKS) + "\n")
    b = CTC.from_position(f"turn: North\nNorth: {spades}\nSouth: " + " ".join(r + "D" for r in RANKS[::-1]) + "\n")
    assert a.observation(0) == b.observation(0)
    moves = [str(search(s, 0, iterations=150, seconds=30, seed=8)) for s in (a, b)]
    assert moves[0] == moves[1]


def test_the_search_attacks_an_open_commander_with_a_known_ace():
    # Both Commanders are open (slot 11 is gone) and each side has an ace on show: whoever attacks
    # the other's Commander with it first wins, and North is to move.
    text = ("turn: North\nNorth: AS* 2S 3S 4S 5S 6S 7S 8S 9S 10S - QS KS\n"
            "South: AD* 3H 4H 5H 6H 7H 8H 9H 10H JH - QH KH\nbeaten: AH JS\n")
    state = CTC.from_position(text)
    assert "N1xS13" in {str(a) for a in state.legal_actions()}
    assert str(search(state, 0, iterations=300, seconds=30, seed=1)) == "N1xS13"


def test_paired_root_halves_the_field_and_plays_the_best_survivor():
    # Capture the Commander compares its root moves on common samples, in rounds of halving.
    assert tuning_for("capture-the-commander").paired_root
    state = _random_positions(CTC, 1, 3)[0]
    seat, stats = state.current_player, {}
    chosen = str(search(state, seat, iterations=400, seconds=30, seed=1, stats=stats))
    visits, values = stats["visits"], stats["values"]
    assert stats["iterations"] == sum(visits.values()) == 400
    assert sorted(visits) == sorted(str(a) for a in state.legal_actions()) and len(visits) > 4
    most = max(visits.values())
    finalists = [t for t, n in visits.items() if n == most]
    assert chosen in finalists and values[chosen] == max(values[t] for t in finalists)
    # Each round drops the worse half of the field: one group of equal counts per round.
    dropped, field = [], len(visits)
    while field > len(finalists):
        dropped.append(field - (field + 1) // 2)
        field = (field + 1) // 2
    groups = Counter(visits.values())
    assert [groups[n] for n in sorted(groups)] == dropped + [len(finalists)]


def test_attack_values_race_the_commanders(monkeypatch):
    # North's 1 and 2 are gone, so losing its 5 would open the way to its Commander; losing its 4
    # would not bring the Commander nearer. South's 11 is open: taking it leaves South's Commander open.
    text = ("turn: North\nNorth: - - 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS\n"
            "South: 2H 3H 4H 5H 6H 7H 8H - - 10H JH QH KH\nbeaten: 2S AS 9H AH\n")
    state = CTC.from_position(text)
    values = {str(a): v for v, a in ctcs.attack_values(state)}
    assert set(values) == {str(a) for a in state.legal_actions()}
    assert values["N4xS11"] > values["N5xS11"]  # the same target, the safer attacker
    assert values["N4xS11"] > values["N4xS1"]  # the same attacker, the target on the Commander's path
    # Without its noise the playout plays a best-valued attack.
    monkeypatch.setattr(ctcs, "NOISE", 0.0)
    best = {t for t, v in values.items() if v == max(values.values())}
    assert {str(ctcs.playout(state, random.Random(i))) for i in range(20)} <= best


def test_oracle_world_knows_the_opponent_hand_but_not_its_face_down_cards():
    state = CC.new_game(seed=9).play("commander Karl").play("commander Joanne").resolve_chance()
    state = state.play(str(state.legal_actions()[17]))  # Blue places: Red searches next
    world_of = _card_commander_world(state, 1)
    deck = set(number_cards(True))
    placements = set()
    for i in range(30):
        world = world_of(random.Random(i))
        assert world.hands[1] == state.hands[1]
        assert set(world.hands[0]) | set(world.placed[0]) == set(state.hands[0]) | set(state.placed[0])
        everything = list(world.deck) + list(world.hands[0]) + list(world.hands[1]) + list(world.placed[0])
        assert sorted(map(str, everything)) == sorted(map(str, deck)) and len(everything) == len(deck)
        placements.add(frozenset(world.placed[0]))
    assert len(placements) > 5
    assert str(oracle_player(state, 1)) in {str(a) for a in state.legal_actions()}


def test_levels_follow_the_game_budgets():
    state = _random_positions(CTC, 1, 3)[0]
    stats: dict = {}
    iterations, _ = tuning_for("capture-the-commander").budgets["easy"]
    search(state, state.current_player, iterations=iterations, seconds=30, seed=1, stats=stats)
    assert stats["iterations"] == iterations and sum(stats["visits"].values()) == iterations
    assert str(mcts_player("easy")(state, state.current_player)) in {str(a) for a in state.legal_actions()}
