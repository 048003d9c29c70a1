"""The danger measure of Medieval Capture's search: what the other side could take on its next turn."""

from __future__ import annotations

import pytest

from capture_lib import load_game
from capture_lib.ai import medieval_capture_search as mcs
from capture_lib.ai.medieval_capture_threats import CROWN_AT_RISK, PIECE_AT_RISK, chance_of_roll, threat

MC = load_game("medieval-capture")
KNIGHTS = "B9*=b1", "R9*=r51"  # every army needs its Knight; these stand far from the fight


def _position(blue: str, red: str, extra: str = "") -> object:
    return MC.from_position(f"turn: blue\nblue: {blue} {KNIGHTS[0]}\nred: {red} {KNIGHTS[1]}\n{extra}")


def test_chance_of_roll_counts_the_faces_of_each_die():
    assert chance_of_roll("white", 1, 12) == 1.0
    assert chance_of_roll("white", 3, 12) == pytest.approx(4 / 6)
    assert chance_of_roll("white", 7, 12) == 0.0
    assert chance_of_roll("black", 9, 12) == pytest.approx(4 / 12)
    # the higher of the two dice falls short only when both do
    assert chance_of_roll("higher", 6, 12) == pytest.approx(1 - (5 / 6) * (5 / 12))


def test_a_piece_next_to_a_defender_in_enemy_territory_is_lost_for_sure():
    state = _position("B1=r20", "R1=r19")
    assert threat(state, 0) == pytest.approx(PIECE_AT_RISK)
    assert threat(state, 1) == 0.0  # Red stands at home, where Blue cannot capture


def test_the_risk_falls_with_the_roll_the_defender_needs():
    # r10 -> r15 -> r19 -> r20: three steps, so the white die must show 3 or more.
    assert threat(_position("B1=r20", "R1=r10"), 0) == pytest.approx(4 / 6 * PIECE_AT_RISK)


def test_a_piece_in_the_way_shields_the_one_behind_it_and_is_itself_at_risk():
    # B2 on r19 blocks the short road to B1 (the long way round is too far for one die).
    state = _position("B1=r20 B2=r19", "R1=r10")
    assert threat(state, 0) == pytest.approx(5 / 6 * PIECE_AT_RISK)


def test_pieces_at_home_are_safe_and_a_carried_crown_raises_the_stakes():
    assert threat(_position("B1=b20", "R1=b21"), 0) == 0.0
    assert threat(_position("B1=b20", "R1=b21"), 1) > 0.0  # Red's raider in Blue's territory is at risk
    carried = _position("B1=r20", "R1=r19", "red crowns: @B1 r5 r8\n")
    assert threat(carried, 0) == pytest.approx(PIECE_AT_RISK + CROWN_AT_RISK)


def test_the_search_measure_prefers_the_same_gain_without_the_danger():
    safe, exposed = _position("B1=r21", "R1=r10"), _position("B1=r20", "R1=r19")
    gap = mcs.measure(safe, safe.view(0), 0) - mcs.measure(exposed, exposed.view(0), 0)
    assert gap > PIECE_AT_RISK / 2
