"""Every unit in both of its states: moves, captures, shots and blocked sides from set positions."""

from __future__ import annotations

from .helpers import acts, pos, sqs, targets


# ----- Legionnaire (Rome) ------------------------------------------------------------------------------
def test_legionnaire_attack_moves_forward_and_back_only_when_alone():
    s = pos({"D4": "L"})
    assert targets(s, "D4", "-") == sqs("D5 D3")


def test_legionnaire_attack_moves_sideways_next_to_another_legionnaire():
    s = pos({"D4": "L", "E3": "L+"})
    assert targets(s, "D4", "-") == sqs("D5 D3 C4 E4")


def test_legionnaire_sideways_needs_a_friendly_legionnaire_not_an_enemy():
    s = pos({"D4": "L", "E3": "i"})
    assert targets(s, "D4", "-") == sqs("D5 D3")


def test_hidden_rome_assassin_counts_as_a_legionnaire_for_the_sideways_step():
    s = pos({"D4": "L", "C3": "X"})
    assert targets(s, "D4", "-") == sqs("D5 D3 C4 E4")


def test_legionnaire_attack_captures_forward_and_diagonally_forward():
    s = pos({"D4": "L", "C5": "i", "D5": "i", "E5": "i", "C4": "i", "D3": "i", "E3": "i"})
    assert targets(s, "D4", "x") == sqs("C5 D5 E5")


def test_legionnaire_defend_moves_one_forward_or_back_and_never_captures():
    s = pos({"D4": "L+", "E3": "L", "C5": "i", "D5": "i"})
    assert targets(s, "D4", "-") == sqs("D3")
    assert targets(s, "D4", "x") == set()


def test_legionnaire_defend_blocks_front_left_and_right():
    # Red Legionnaire on D5 faces south: its front is D4, its left E5 and its right C5.
    for attacker in ("D4", "C5", "E5"):
        s = pos({"D5": "l+", attacker: "K"}, civs="RR")
        assert targets(s, attacker, "x") == set(), attacker
    s = pos({"D5": "l+", "D6": "K"}, civs="RR")
    assert targets(s, "D6", "x") == sqs("D5")


def test_legionnaire_attack_blocks_only_its_front():
    s = pos({"D5": "l", "D4": "K"}, civs="RR")
    assert "D5" not in targets(s, "D4", "x")
    s = pos({"D5": "l", "C5": "K"}, civs="RR")
    assert targets(s, "C5", "x") == sqs("D5")


# ----- Infantry (Egypt) --------------------------------------------------------------------------------
def test_infantry_attack_moves_one_square_any_way():
    s = pos({"D4": "I"}, civs="ER")
    assert targets(s, "D4", "-") == sqs("C3 C4 C5 D3 D5 E3 E4 E5")


def test_infantry_attack_captures_forward_and_diagonally_forward_only():
    s = pos({"D4": "I", "C5": "l", "D5": "l", "E5": "l", "C3": "l", "E4": "l"}, civs="ER")
    assert targets(s, "D4", "x") == sqs("C5 E5")  # D5's Legionnaire blocks its front
    s = pos({"D4": "I", "D5": "l>"}, civs="ER")  # turned east, D5's front no longer faces D4
    assert targets(s, "D4", "x") == sqs("D5")


def test_infantry_defend_moves_up_to_two_forward_or_back_along_a_clear_path():
    s = pos({"D4": "I+"}, civs="ER")
    assert targets(s, "D4", "-") == sqs("D5 D6 D3 D2")
    s = pos({"D4": "I+", "D5": "l"}, civs="ER")
    assert targets(s, "D4", "-") == sqs("D3 D2")
    assert targets(s, "D4", "x") == set()


def test_infantry_defend_blocks_its_front():
    s = pos({"D5": "i+", "D4": "K", "E4": "A"})
    assert "D5" not in targets(s, "D4", "x")
    s = pos({"D5": "i+", "E5": "A"})
    assert targets(s, "E5", "x") == sqs("D5")


# ----- Cavalry ----------------------------------------------------------------------------------------
def test_cavalry_melee_moves_two_orthogonally_and_may_jump():
    s = pos({"D4": "C", "D5": "i", "C4": "L"})
    assert targets(s, "D4", "-") == sqs("D6 D3 D2 B4 E4 F4")


def test_cavalry_melee_captures_up_to_two_sideways_with_a_clear_path():
    s = pos({"D4": "C", "F4": "i", "B4": "i", "C4": "i", "D5": "i"})
    assert targets(s, "D4", "x") == sqs("C4 F4")  # B4 sits behind C4; F4 is two away over an empty E4
    s = pos({"D4": "C", "F4": "i", "B4": "i", "D5": "i"})
    assert targets(s, "D4", "x") == sqs("B4 F4")


def test_cavalry_melee_blocks_its_two_front_diagonals():
    s = pos({"D5": "c", "C4": "I", "E4": "I", "D4": "A"}, civs="EV")
    assert "D5" not in targets(s, "C4", "x")
    assert "D5" not in targets(s, "E4", "x")
    assert targets(s, "D4", "x") == sqs("D5")  # its front itself is open


def test_cavalry_charge_jumps_in_an_l_and_captures_where_it_lands():
    s = pos({"D4": "C+", "D5": "L", "C5": "L", "E5": "L", "E6": "i", "B3": "i", "F5": "L"})
    assert targets(s, "D4", "-") == sqs("C6 B5 C2 E2 F3")
    assert targets(s, "D4", "x") == sqs("E6 B3")


# ----- Chariot (Egypt) ---------------------------------------------------------------------------------
def test_chariot_maneuver_moves_up_to_four_orthogonally_without_jumping():
    s = pos({"D4": "R", "D6": "I"}, civs="ER")
    assert targets(s, "D4", "-") == sqs("D5 D3 D2 D1 C4 B4 A4 E4 F4 G4 H4")


def test_chariot_maneuver_captures_up_to_two_sideways():
    s = pos({"D4": "R", "B4": "l", "E4": "l", "D5": "l"}, civs="ER")
    assert targets(s, "D4", "x") == sqs("B4 E4")


def test_chariot_strike_moves_two_diagonally_and_shoots_forward():
    s = pos({"D4": "R+", "D6": "l+", "F6": "l", "B6": "l", "C5": "I"}, civs="ER")
    assert targets(s, "D4", "-") == sqs("E5 F6 E3 F2 C3 B2") - {"F6"}
    # D6's Defend Legionnaire blocks its front, but only against an adjacent attacker: the shot from two
    # squares gets through; B6 hides behind C5; F6 is hit
    assert targets(s, "D4", "*") == sqs("D6 F6")
    s = pos({"D4": "R+", "D5": "l+", "C5": "l+>"}, civs="ER")
    assert targets(s, "D4", "*") == sqs("C5")  # D5's front is blocked next to the Chariot; C5 faces east
    assert targets(s, "D4", "x") == set()


# ----- Archer ----------------------------------------------------------------------------------------
def test_archer_maneuver_moves_up_to_three_in_straight_lines():
    s = pos({"D4": "A", "D6": "L", "F6": "L"})
    expected = sqs("D5 D3 D2 D1 A4 B4 C4 E4 F4 G4 E5 C5 B6 A7 E3 F2 G1 C3 B2")
    assert targets(s, "D4", "-") == expected


def test_archer_maneuver_captures_forward_left_and_right_in_melee():
    s = pos({"D4": "A", "D5": "i", "C4": "i", "E4": "i", "D3": "i", "E5": "i"})
    assert targets(s, "D4", "x") == sqs("D5 C4 E4")


def test_archer_volley_cannot_move_and_shoots_diagonally_up_to_three():
    s = pos({"D4": "A+", "G7": "i", "B6": "i", "A7": "i", "D5": "i", "F2": "i"})
    assert targets(s, "D4", "-") == set()
    assert targets(s, "D4", "*") == sqs("G7 B6 F2")  # A7 is behind B6


# ----- Siege ----------------------------------------------------------------------------------------
def test_packed_siege_moves_one_square_and_never_captures():
    s = pos({"D4": "S", "D5": "i"})
    assert targets(s, "D4", "-") == sqs("C3 C4 C5 D3 E3 E4 E5")
    assert targets(s, "D4", "x*") == set()


def test_deployed_siege_cannot_move_and_shoots_four_forward_left_right_over_units():
    s = pos({"D4": "S+", "D5": "L", "D8": "i", "G4": "i", "D3": "i", "A4": "i", "H4": "i"})
    assert targets(s, "D4", "-") == set()
    assert targets(s, "D4", "*") == sqs("D8 G4 H4 A4")  # over D5 and G4; D3 is behind it
    s = pos({"C3": "S+", "C8": "i", "H3": "i"})
    assert targets(s, "C3", "*") == set()  # five squares away


def test_deployed_siege_ignores_blocked_sides():
    s = pos({"D4": "S+", "D7": "l+"}, civs="RR")
    assert targets(s, "D4", "*") == sqs("D7")


# ----- Shield Maiden (Vikings) --------------------------------------------------------------------------
def test_shield_maiden_strike_cannot_move_and_shoots_over_units():
    s = pos({"D4": "M", "D5": "M", "D6": "i", "F6": "i", "B6": "i", "C5": "i", "D3": "i"}, civs="VE")
    assert targets(s, "D4", "-") == set()
    assert targets(s, "D4", "*") == sqs("D6 F6 B6 C5")


def test_shield_maiden_strike_blocks_front_and_front_diagonals():
    for attacker in ("C4", "E4", "D4"):
        s = pos({"D5": "m", attacker: "L"}, civs="RV")
        assert "D5" not in targets(s, attacker, "x"), attacker


def test_shield_maiden_bash_moves_diagonally_and_captures_one_diagonally_forward():
    s = pos({"D4": "M+", "C5": "i", "D5": "i", "G7": "i"}, civs="VE")
    assert targets(s, "D4", "-") == sqs("E5 F6 E3 F2 G1 C3 B2")  # A1 holds Blue's Commander
    assert targets(s, "D4", "x") == sqs("C5")
    assert targets(s, "D4", ">") == sqs("C5 G7")  # the first unit on each front diagonal


# ----- Commander ----------------------------------------------------------------------------------------
def test_commander_command_moves_and_captures_one_square_any_way():
    s = pos({"D4": "K", "D5": "i", "C3": "i"})
    assert targets(s, "D4", "-") == sqs("C4 C5 D3 E3 E4 E5")
    assert targets(s, "D4", "x") == sqs("D5 C3")


def test_commander_fortify_neither_moves_nor_captures_nor_blocks():
    s = pos({"D4": "K+", "D5": "i"})
    assert targets(s, "D4", "-x*") == set()
    s = pos({"D5": "k+", "D4": "L"})
    assert "D4xD5" in acts(s, "D4")


# ----- Fortress ----------------------------------------------------------------------------------------
def test_active_fortress_shoots_two_squares_along_eight_lines():
    s = pos({"D4": "F", "D6": "i", "F6": "i", "B4": "i", "D5": "L", "D7": "i", "A4": "i"})
    assert targets(s, "D4", "*") == sqs("F6 B4")  # D6 behind D5, D7 and A4 too far
    assert targets(s, "D4", "-x") == set()


def test_disabled_fortress_does_nothing():
    s = pos({"D4": "F+", "F6": "i", "B4": "i"})
    assert acts(s, "D4") == set()


# ----- Assassin -----------------------------------------------------------------------------------------
def test_hidden_assassin_moves_like_its_infantry():
    s = pos({"D4": "X"}, civs="ER")
    assert targets(s, "D4", "-") == sqs("C3 C4 C5 D3 D5 E3 E4 E5")
    s = pos({"D4": "X+"}, civs="ER")
    assert targets(s, "D4", "-") == sqs("D5 D6 D3 D2")
    s = pos({"D4": "X"})
    assert targets(s, "D4", "-") == sqs("D5 D3")


def test_hidden_assassin_captures_one_square_any_way_and_is_revealed():
    s = pos({"D4": "X+", "D3": "i"})
    assert targets(s, "D4", "x") == sqs("D3")
    after = s.play("D4xD3")
    assert after.board[19][2] == 2  # revealed, now on D3
    assert "X!" in after.position_text()


def test_revealed_assassin_moves_and_captures_one_square_any_way():
    s = pos({"D4": "X!", "C3": "i"})
    assert targets(s, "D4", "-") == sqs("C4 C5 D3 D5 E3 E4 E5")
    assert targets(s, "D4", "x") == sqs("C3")
    assert "flip D4" not in {str(a) for a in s.legal_actions()}


def test_revealed_assassin_has_no_blocked_sides():
    s = pos({"D5": "x!", "D4": "L"})
    assert targets(s, "D4", "x") == sqs("D5")
