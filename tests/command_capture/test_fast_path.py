"""The fast paths of the engine against its plain forms, over seeded random games with many option mixes.

``_generate()`` reads precomputed ``SquarePlan`` values (``_plan_actions``: moves by occupancy, captures
along lines cut to length) for the units of the state's layout; ``_generate(fast=False)`` walks each unit's
compiled rules (``_unit_actions``, the rules as written), and ``reference.py`` is a third generator that
shares neither. The layout, kept up to date by each action, must be the one made afresh from the board.
``play`` of a listed action takes shortcuts (an identity check, the Commander found among the
neighbours); ``play`` of the same action read back from its notation (an equal but different object)
takes the plain validation. Both must give the same list, in the same
order, and the same positions, and an illegal action built elsewhere must still be refused by its rule.
"""

from __future__ import annotations

import random

import pytest

from capture_lib.core.chance import CHANCE
from capture_lib.core.errors import IllegalAction
from capture_lib.games.command_capture.rules.actions import CAPTURE, MOVE, RANGED, CCAction
from capture_lib.games.command_capture.rules.plans import (
    MOVES,
    TABLE_SQUARES,
    SeatPlans,
    move_table,
    plan_index,
    square_plan,
)
from capture_lib.games.command_capture.rules.units import ARC, CAV, CHA, CMD, FOR, KNIGHT, LEG, RAYS, seat_specs
from tests.budgets import COMMAND_CAPTURE_FAST_PATH_GAMES as GAMES

from .helpers import GAME, pos
from .reference import reference_actions
from .test_properties import PAIRINGS, choose, random_options


def fresh(state):
    """A copy of ``state`` with nothing cached, so that each generator really runs."""
    return state._copy()


def layout(state) -> tuple:
    """Everything the state's layout says."""
    state._layout()
    return state._units, state._held, state._commanders, state._fortresses


def laid_afresh(state) -> tuple:
    """The layout made from the board alone."""
    copy = state._copy()
    copy._place_units()
    return layout(copy)


def plain_aura_eligible(state, sq: int) -> bool:
    """The Command aura's condition the plain way: find the Commander on the board, then measure."""
    u = state.board[sq]
    if u is None or u[1] == CMD:
        return False
    c = state.commander_square(u[0])
    return c >= 0 and state.board[c][2] == 0 and max(abs(c % 8 - sq % 8), abs(c // 8 - sq // 8)) == 1


def test_fast_generator_matches_the_plain_one_and_plays_the_same():
    rng = random.Random(20261201)
    compared = 0
    for game_no in range(GAMES):
        blue, red = PAIRINGS[game_no % len(PAIRINGS)]
        options = random_options(rng, blue, red)
        state = GAME.new_game(seed=game_no, **options)
        while not state.is_over:
            if state.current_player != CHANCE:
                assert layout(state) == laid_afresh(state), (state.position_text(), options)
                fast, plain = fresh(state)._generate(), fresh(state)._generate(fast=False)
                assert [str(a) for a in fast] == [str(a) for a in plain], (state.position_text(), options)
                if state.phase == "play" and compared % 5 == 0:
                    assert sorted(str(a) for a in fast) == sorted(reference_actions(state))
                compared += 1
            action = choose(rng, state)
            if state.phase == "play" and isinstance(action, CCAction) and action.a >= 0:
                assert state.aura_eligible(action.a) == plain_aura_eligible(state, action.a)
            before = state.position_text() if state.phase == "play" else None
            after = state.play(action)
            # the same action as an equal object built from its notation: the plain validation path
            again = fresh(state).play(state.parse_action(str(action)))
            assert again == after and again._key() == after._key()
            if before is not None:
                assert state.position_text() == before  # the old state is unchanged
            state = after
    assert compared > 80 * GAMES  # about a hundred positions a game


def test_an_illegal_action_built_elsewhere_still_names_its_rule():
    state = GAME.quick_start()
    legal = state.legal_actions()
    for action, rule in [(CCAction(MOVE, 3, 40), "cannot move"), (CCAction(CAPTURE, 8, 16), "nothing to capture"),
                         (CCAction(RANGED, 40, 48), "no unit"), (CCAction("flip", 20), "no unit")]:
        assert action not in legal
        with pytest.raises(IllegalAction, match=rule):
            state.play(action)
    text = state.position_text()
    with pytest.raises(IllegalAction):
        state.play(CCAction(MOVE, 8, 32))
    assert state.position_text() == text and state.legal_actions() == legal


def test_a_listed_action_of_another_position_is_checked_against_this_one():
    start = GAME.quick_start()
    step = next(a for a in start.legal_actions() if str(a) == "B2-B3")
    after = start.play("A2-A3")
    # the same shared action object, now on Red's turn: it is no longer legal
    with pytest.raises(IllegalAction, match="belongs to Blue; Red moves own units"):
        after.play(step)


def test_the_aura_follow_up_is_found_from_the_neighbours():
    for units, eligible in [({"D4": "I", "D3": "K"}, True), ({"D4": "I", "D3": "K+"}, False),
                            ({"D4": "I", "D2": "K"}, False), ({"D4": "I", "E5": "K", "D3": "k"}, True),
                            ({"D4": "I", "C3": "k"}, False), ({"D4": "K"}, False)]:
        s = pos(units, civs="EE")
        assert s.aura_eligible(27) == plain_aura_eligible(s, 27) == eligible, units
    s = pos({"D4": "I", "D3": "K"}, civs="EE")
    assert s.play("D4-D5").follow == (35, "m")  # the follow-up: a flip of the unit that moved
    assert pos({"D4": "I", "D3": "K+"}, civs="EE").play("D4-D5").follow is None


def moves_of(plan, occupied: set[int], legion: bool = False) -> list[str]:
    """The moves a plan gives with units on ``occupied``, as notation."""
    return [str(a) for a in plan.move_actions(sum(1 << sq for sq in occupied), legion)]


def test_plans_read_moves_by_occupancy_up_to_the_first_unit_and_mark_overlaps_plain():
    specs = seat_specs(0, 0, "egypt")  # Rome's, Blue's
    plans = SeatPlans(specs)
    commander = plans.build(CMD, 0, 0)
    assert plans.table[plan_index(CMD, 0, 0)] is commander
    # from A1: N, E and NE (orthogonal sides first), one square each, each looked at on its own
    assert moves_of(commander[0], set()) == ["A1-A2", "A1-B1", "A1-B2"]
    assert moves_of(commander[0], {1}) == ["A1-A2", "A1-B2"]
    charge = square_plan(specs[(CAV, 1, 0)], 27)  # a knight's jumps, each square on its own
    assert moves_of(charge, set()) == [str(MOVES[27][t]) for t in KNIGHT[27]]
    assert moves_of(charge, {KNIGHT[27][0]}) == [str(MOVES[27][t]) for t in KNIGHT[27][1:]]
    assert charge.takes.captures == ((KNIGHT[27], True),)
    chariot = square_plan(specs[(CHA, 0, 0)], 27)  # Maneuver: four lines of up to four squares, each stops
    assert moves_of(chariot, set()) == [str(MOVES[27][t]) for d in (0, 2, 4, 6) for t in RAYS[27][d][:4]]
    assert moves_of(chariot, {43}) == [str(MOVES[27][t]) for d in (0, 2, 4, 6)  # a unit on D6 stops N at D5
                                       for t in RAYS[27][d][:4] if t != 43 and t != 51 and t != 59]
    legion = square_plan(specs[(LEG, 0, 0)], 27)  # F and B always, L and R only next to a Legionnaire
    assert moves_of(legion, set()) == ["D4-D5", "D4-D3"]
    assert moves_of(legion, set(), legion=True) == ["D4-D5", "D4-D3", "D4-C4", "D4-E4"]
    archer = square_plan(specs[(ARC, 0, 0)], 27)  # eight lines of three: a table for each, never split
    assert len(archer.moves) == 8 and all(len(table) == 2 ** 3 for _mask, table in archer.moves)
    assert all(len(table) <= 2 ** max(TABLE_SQUARES, 7) for key in specs for p in plans.build(*key)
               for _mask, table in p.moves + p.legion)
    assert not any(p.plain for key in specs for p in SeatPlans(specs).build(*key))


def test_a_move_table_lists_each_run_up_to_its_first_unit():
    mask, table = move_table(0, ((8, 16), (1,)))
    assert mask == 1 << 8 | 1 << 16 | 1 << 1 and len(table) == 8
    assert [str(a) for a in table[0]] == ["A1-A2", "A1-A3", "A1-B1"]
    assert [str(a) for a in table[1 << 8]] == ["A1-B1"]  # A2 taken: the run north stops at once
    assert [str(a) for a in table[1 << 16 | 1 << 1]] == ["A1-A2"]


def test_flips_and_turns_come_with_the_plan():
    specs = seat_specs(0, 0, "egypt")
    plain_fortress = SeatPlans(specs).build(FOR, 0, 0)[4]
    assert plain_fortress.flips == () and plain_fortress.turns == ()
    flipping = SeatPlans(specs, fortress_flip=True).build(FOR, 0, 0)[4]
    assert [str(a) for a in flipping.flips] == ["flip E1"] and flipping.turns == ()
    archer = SeatPlans(specs).build(ARC, 0, 0)[2]
    assert [str(a) for a in archer.flips] == ["flip C1", "turn C1 E", "turn C1 S", "turn C1 W"]
    assert [str(a) for a in archer.turns] == ["turn C1 E", "turn C1 S", "turn C1 W"]


def test_the_layout_follows_every_kind_of_action_and_a_board_set_from_outside():
    state = pos({"D4": "M+", "E5": "i", "C6": "i", "D1": "K", "E1": "F", "D8": "k", "E8": "f"}, civs="VE")
    for action in ("D4>E5", "F6xE5", "D1-D2", "C6-C5", "flip D2"):  # a bash, a capture, moves, a flip
        state = state.play(action)
        assert layout(state) == laid_afresh(state), action
    assert state.commander_square(0) == 11
    outside = state._copy()
    board = list(outside.board)
    board[11], board[19] = None, board[11]  # the Commander moved by code outside the rules
    outside.board = tuple(board)
    assert layout(outside) == laid_afresh(outside) and outside.commander_square(0) == 19


def test_a_plan_marked_plain_falls_back_to_the_compiled_rules():
    rng = random.Random(7)
    state = GAME.new_game(seed=3, blue="vikings", red="rome", setup="quick").resolve_chance()
    for _ in range(40):
        state = state.play(rng.choice(state.legal_actions()))
    expected = [str(a) for a in fresh(state)._generate(fast=False)]
    plain = fresh(state)
    seat_plans = []
    for plans in plain._plans:
        marked = SeatPlans(plans.specs, plans.fortress_flip)
        for key in plans.specs:
            marked.table[plan_index(*key)] = tuple(p._replace(plain=True) for p in marked.build(*key))
        seat_plans.append(marked)
    plain._plans = tuple(seat_plans)
    plain._place_units()
    assert all(plan.plain for _sq, _lock, plan in plain._units[plain.to_move])
    assert [str(a) for a in plain._generate()] == expected
