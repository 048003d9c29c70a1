"""The search for Command Capture and Medieval Capture: samplers that read only an observation, moves
that depend only on what the searching seat sees, and playout policies and evaluations that make sense."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from capture_lib import CHANCE, load_game
from capture_lib.games.command_capture.players import search as ccs
from capture_lib.games.medieval_capture.players import search as mcs
from capture_lib.games.medieval_capture.rules.sampling import known_knight
from capture_lib.search.mcts import LEVELS, search
from capture_lib.search.tuning import tuning_for

CC = load_game("command-capture")
MC = load_game("medieval-capture")


def _positions(game, count, seed, every=1, **options):
    """Positions where a seat must choose, from seeded random games."""
    rng, found, number = random.Random(seed), [], 0
    while len(found) < count:
        state = game.new_game(seed=seed + number, **options)
        number += 1
        steps = 0
        while not state.is_over and len(found) < count and steps < 1500:
            if state.current_player == CHANCE:
                state = state.play_chance()
                continue
            steps += 1
            if steps % every == 0:
                found.append(state)
            state = state.play(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("game", "options"), [
    (CC, {"setup": "choose", "blue": "vikings", "red": "rome"}), (CC, {"timed": True}),
    (MC, {}), (MC, {"players": 4, "crowns_to_win": 1})])
def test_samples_agree_with_the_observation_and_offer_the_same_moves(game, options):
    for state in _positions(game, 120, 3, every=5, **options):
        seat = state.current_player
        seen = state.observation(seat)
        world = game.sample_state(seen, seat, random.Random(len(state.history)))
        again = world.observation(seat)
        again["log"] = seen["log"]  # a sample starts from the position: it has no history
        assert again == seen
        assert sorted(map(str, world.legal_actions())) == sorted(map(str, state.legal_actions()))


def test_a_sample_refuses_another_seats_observation():
    state = CC.quick_start()
    with pytest.raises(ValueError, match="not seat 1's"):
        CC.sample_state(state.observation(0), 1, random.Random(1))
    with pytest.raises(ValueError, match="not seat 1's"):
        MC.sample_state(MC.new_game(seed=1).observation(0), 1, random.Random(1))


def test_the_hidden_assassin_is_drawn_among_every_unit_that_looks_like_infantry():
    state = CC.quick_start(blue_assassin="D2", red_assassin="E7")
    squares = Counter()
    for i in range(400):
        world = CC.sample_state(state.observation(0), 0, random.Random(i))
        red = [sq for sq, u in enumerate(world.board) if u is not None and u[0] == 1 and u[1] == 9]
        assert len(red) == 1
        squares[red[0]] += 1
        assert world.board[11] == state.board[11]  # Blue's own Assassin stays where it is
    assert set(squares) == set(range(48, 56)) and min(squares.values()) > 25


def test_a_revealed_assassin_is_public_and_stays_known_after_its_capture():
    # Red's Assassin on E5 (revealed) next to Blue's Legionnaire: nothing is hidden from Blue.
    state = CC.from_position("4kf2/8/8/4x!3/3L4/8/8/4KF2 b RE")
    assert state.observation(0)["assassins_revealed"] == [1]
    world = CC.sample_state(state.observation(0), 0, random.Random(1))
    assert world.board == state.board
    taken = state.play("D4xE5")
    assert taken.observation(1)["assassins_revealed"] == [1]


def test_command_capture_search_depends_only_on_what_its_seat_sees():
    # The same moves, Red's Assassin hidden on E7 in one game and on B7 in the other.
    moves = ["A2-A3", "H7-H6"]
    a = CC.quick_start(red_assassin="E7")
    b = CC.quick_start(red_assassin="B7")
    for move in moves:
        a, b = a.play(move), b.play(move)
        if a.current_player == b.current_player and str(a.legal_actions()[-1]) == "end":
            a, b = a.play("end"), b.play("end")
    assert a.current_player == 0
    assert a.observation(0) == b.observation(0) and a.board != b.board
    assert a.observation(0)["log"][1] == "assassin ?"
    chosen = [str(search(s, 0, iterations=80, seconds=60, seed=8)) for s in (a, b)]
    assert chosen[0] == chosen[1]


def test_medieval_search_depends_only_on_what_its_seat_sees():
    common = "turn: blue\nphase: move\ndice: 5 6\nblue: B1*=b10 B2=b20 B3=r30 B4=r39 B5=b41\nred: {red}\n"
    a = MC.from_position(common.format(red="R1*=r10 R2=r20 R3=b30 R4=b39 R5=r41") + "red hand: AMBUSH! RANSOM\n")
    b = MC.from_position(common.format(red="R1=r10 R2=r20 R3*=b30 R4=b39 R5=r41") + "red hand: CAPTURE! RECRUIT\n")
    assert a.observation(0) == b.observation(0) and a.knight != b.knight and a.hands != b.hands
    chosen = [str(search(s, 0, iterations=30, seconds=60, seed=4)) for s in (a, b)]
    assert chosen[0] == chosen[1]


def test_a_knight_that_kills_is_known_and_an_ambush_gives_nothing_away():
    view = {"log": ["R3 r20-b20 kill", "end"]}
    assert known_knight(view, 1) == "R3" and known_knight(view, 0) is None
    assert known_knight({"log": ["play AMBUSH!", "R3 r20-b20 kill", "end"]}, 1) is None


@pytest.mark.parametrize(("game", "module"), [(CC, ccs), (MC, mcs)])
def test_playout_policies_choose_legal_moves_and_evaluations_are_zero_sum(game, module):
    rng = random.Random(6)
    for state in _positions(game, 150, 12, every=3):
        assert str(module.playout(state, rng)) in {str(a) for a in state.legal_actions()}
        values = module.evaluate(state)
        assert len(values) == state.num_players and all(-1 <= v <= 1 for v in values)
        assert abs(values[0] + values[1]) < 1e-9


def test_command_capture_evaluation_counts_material():
    even = CC.from_position("4kf2/8/8/8/8/8/8/4KF2 b RE")
    up = CC.from_position("4kf2/8/8/8/8/8/8/S3KF2 b RE")
    assert ccs.evaluate(even) == [0.0, 0.0]
    assert ccs.evaluate(up)[0] > 0.3


def _loses_the_commander(state, text):
    after = state.play(text)
    if after.is_over:
        return False
    if after.current_player == state.current_player:  # a follow-up is open: give it up
        after = after.play("end")
    return any(after.board[a.b] is not None and after.board[a.b][1] == 7 and a.kind in ("capture", "ranged", "bash")
               for a in after.legal_actions())


def test_command_capture_root_never_offers_a_move_that_hangs_the_commander():
    tested = 0
    for state in _positions(CC, 600, 21, every=2, setup="quick"):
        legal = [str(a) for a in state.legal_actions() if a.kind != "wait"]
        hanging = [t for t in legal if _loses_the_commander(state, t)]
        if not hanging or len(hanging) == len(legal):
            continue
        texts, _ = ccs.root_candidates(state, state.current_player)
        assert texts and len(texts) <= ccs.ROOT_WIDTH
        assert not set(texts) & set(hanging)
        tested += 1
        if tested == 5:
            break
    assert tested == 5


def test_medieval_root_keeps_the_best_rated_moves_and_the_end():
    positions = [s for s in _positions(MC, 400, 5) if s.phase == "move" and len(s.legal_actions()) > 20]
    state = next(s for s in positions if not s.shots)
    texts, actions = mcs.root_candidates(state, state.current_player)
    assert "end" in texts and len(texts) <= mcs.ROOT_WIDTH + 4
    assert {str(a) for a in actions} <= {str(a) for a in state.legal_actions()}
    # With a shot worth firing, the shot is the one candidate: it is fired before anything else.
    for state in (s for s in positions if s.shots):
        texts, _ = mcs.root_candidates(state, state.current_player)
        assert "end" in texts or (len(texts) == 1 and texts[0].startswith("shoot from"))


def test_both_games_have_tunings_with_every_level():
    for slug in ("command-capture", "medieval-capture"):
        tuning = tuning_for(slug)
        assert tuning.evaluate is not None and tuning.root_candidates is not None
        assert set(tuning.budgets) == set(LEVELS)
