"""The danger measure of Medieval Capture's search: what the other side could take on its next turn."""

from __future__ import annotations

import pytest

from capture_lib import load_game
from capture_lib.games.medieval_capture.players import search as mcs
from capture_lib.games.medieval_capture.players.threats import (
    CROWN_AT_RISK,
    PIECE_AT_RISK,
    boulder_threat,
    chance_of_roll,
    threat,
)

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


def test_below_the_root_the_search_fires_each_aim_from_the_spot_level_with_it():
    state = _position("B1=b10 B2=b20", "R1=r10 R2=r20", "phase: move\ndice: 4 6\nshots: 1\n")
    texts, actions = mcs.candidates(state, 0)
    shots = [t for t in texts if t.startswith("shoot")]
    all_shots = [a for a in state.legal_actions() if str(a).startswith("shoot")]
    assert len(all_shots) == 9 * len(shots) and "shoot from 1 at r10" in shots and "shoot from 2 at r20" in shots
    assert [t for t in texts if not t.startswith("shoot")] == [str(a) for a in state.legal_actions()
                                                               if not str(a).startswith("shoot")]
    assert [str(a) for a in actions] == texts


def test_a_boulder_threatens_pieces_at_home_and_a_raider_beside_them_shields_them():
    # Red fires into Blue's land, where Blue's pieces are at home: a white 4 or 5 (one chance in three)
    # and a shot that kills one of B1 and B9 wherever it lands, at best.
    lone = _position("B1=b10", "R1=r30")
    risk = boulder_threat(lone, 0)
    assert 0 < risk <= PIECE_AT_RISK / 3
    # Beside a Red raider, a boulder among both costs Red its own piece (as many friendly as enemy down).
    shielded = _position("B1=b10", "R1=b15")
    assert boulder_threat(shielded, 0) < risk
    assert boulder_threat(MC.from_position(f"turn: blue\nblue: B1=b10 {KNIGHTS[0]}\nred: R1=r30 {KNIGHTS[1]}\n",
                                           catapult_rolls="none"), 0) == 0.0


def test_the_search_plays_its_cards_at_the_start_of_a_turn_as_the_rule_player_does():
    # The playouts never shoot, so they could not see what a CATAPULT! card is worth.
    state = _position("B1=b10", "R1=r30", "blue hand: CATAPULT!\n")
    assert mcs.root_candidates(state, 0)[0] == ["play CATAPULT!"]
    assert mcs.root_candidates(_position("B1=b10", "R1=r30"), 0)[0] == ["roll"]
