"""Command Capture's course: what only its levels show (every game's levels are proven by the generic tests of
``tests/teaching/``): the proofs catch a goal that reads a proxy, and ending a turn early is no move."""

from __future__ import annotations

import dataclasses

from capture_lib.session.course import course
from tests.command_capture.points import POINTS, units
from tests.teaching.level_search import search
from tests.teaching.test_move_counter import on_the_board


def test_the_proof_catches_a_goal_that_reads_a_proxy():
    """The defect the proofs exist for: a goal that asks whether the target square is empty praises a move after
    which Red's reply walked the target away (Command Capture's "The Cavalry strikes sideways" did)."""
    level = course("command-capture").level("sideways")
    empty = lambda state: "B4" not in units(state) or units(state)["B4"]["owner"] == 0  # noqa: E731
    proxy = dataclasses.replace(level, done=empty)
    found = search(proxy, lambda state: POINTS["sideways"](level, state), "level")
    assert found.unmade and ("D4xB4",) not in found.unmade


def test_ending_the_turn_early_is_no_move_where_the_audit_found_it_counted():
    """"Shield your army": a step by the Legionnaire beside the Commander in Command State, then "end"."""
    lesson = on_the_board("command-capture", course("command-capture").level("fortify"), ("D3-D4", "end"))
    assert lesson["moves"] == 1 and lesson["counter"] == "Moves: 1 (par 1)"


def test_two_actions_is_won_only_within_the_turn():
    """"Two actions": a win after Red's blunder in a later turn is the game won, not the level's point."""
    level = course("command-capture").level("two-actions")
    state, replied = level.opening()
    state = state.play("turn C3 W").play("end")
    state = state.play("C5-B4")  # Red walks its Commander into reach (the level's computer never would)
    won = state.play("C3xB4")
    assert won.is_over and 0 in won.winners and not level.done(won)
