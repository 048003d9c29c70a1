"""Capture the Commander's race table, and the search's evaluation that reads it."""

from __future__ import annotations

import math
import random

from capture_lib import CHANCE, load_game
from capture_lib.games.capture_the_commander.players import race, race_table
from capture_lib.games.capture_the_commander.players import search as ctcs
from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.search.mcts import search

CTC = load_game("capture-the-commander")


def test_the_stored_table_favours_the_nearer_racer_and_the_strong_card():
    meta, cells = race.read()
    assert meta["games"] >= 10_000 and meta["seed"] == race.RACE_SEED
    distances = range(race.MOST + 1)
    assert {(a, b) for a, b, _, _ in cells} == {(a, b) for a in distances for b in distances}
    chance = race.win_chances()
    plain = (False, False)

    def many(own: int, other: int, flags: tuple[bool, bool] = plain) -> bool:
        return cells.get((own, other, *flags), (0, 0))[1] >= 500

    pairs = 0
    for own in distances:
        for other in range(race.MOST):
            # The other Commander further from attack: worse for the player to act.
            if many(own, other) and many(own, other + 1):
                assert chance[own, other, *plain] > chance[own, other + 1, *plain]
                pairs += 1
            # Its own Commander further from attack: better, or hardly worse (the figures are counted,
            # not derived, and the distances are not all that a race depends on).
            if many(other, own) and many(other + 1, own):
                assert chance[other + 1, own, *plain] > chance[other, own, *plain] - 0.05
                pairs += 1
    assert pairs >= 20
    assert chance[0, 4, *plain] < 0.15 and chance[4, 0, *plain] > 0.85
    # A strong card on show is worth having (where the games are many).
    compared = 0
    for (own, other, mine, theirs), (_, seen) in cells.items():
        if seen >= 500 and (mine, theirs) == (True, False) and many(own, other):
            assert chance[own, other, True, False] > chance[own, other, *plain]
            compared += 1
    assert compared >= 8


def test_a_small_rerun_agrees_with_the_stored_table():
    _, stored = race.read()
    small = race_table.race_counts(400)
    checked = 0
    for cell, (won, seen) in small.items():
        if seen < 50:
            continue
        p = stored[cell][0] / stored[cell][1]
        assert abs(won / seen - p) <= 4 * math.sqrt(p * (1 - p) / seen) + 1e-9, cell
        checked += 1
    assert checked >= 8


def test_evaluate_reads_the_table_for_the_player_to_act():
    state = CTC.new_game(seed=4).resolve_chance()
    me = state.current_player
    value = ctcs.evaluate(state)
    assert race.race_of(state, me) == (lay.commander_distance(lay.FULL_MASK), 4, False, False)
    assert value[me] == 2 * race.win_chances()[4, 4, False, False] - 1 == -value[1 - me]
    # Once a queen of the player to act has won a battle and stands uncovered, its chances rise.
    text = ("turn: North\nNorth: QS* 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS\n"
            "South: 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH\nbeaten: 3D\n")
    strong = CTC.from_position(text)
    assert race.race_of(strong, 0) == (4, 4, True, False)
    assert ctcs.evaluate(strong)[0] > value[me]


def test_with_more_players_playouts_go_on_to_the_end():
    state = CTC.new_game(seed=6, players=3).resolve_chance()
    assert ctcs.evaluate(state) is None
    rng = random.Random(2)
    while not state.is_over:
        seat = state.current_player
        state = state.play_chance() if seat == CHANCE else state.play(search(state, seat, iterations=40, seconds=30,
                                                                                 seed=rng.randrange(99)))
    assert state.winners
