"""Every ruling of Command Capture, and the option that gives the other reading where there is one."""

from __future__ import annotations

import pytest

from capture_lib import IllegalAction
from capture_lib.bookkit.docs import find_ruling

from .helpers import GAME, acts, pos, sqs, targets


def names(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def test_every_ruling_names_an_existing_option():
    options = {o.name for o in GAME.options}
    for r in GAME.rulings:
        assert r.option is None or r.option in options, r.key
        for rel in r.related:
            assert rel in options
        assert r.question and r.ruling and r.reason
    assert len({r.key for r in GAME.rulings}) == len(GAME.rulings)


# ----- facing and the Turn action ------------------------------------------------------------------------
def test_facing_decides_forward():
    s = pos({"D4": "L>"})  # a Legionnaire turned east: its forward is E4, its back C4
    assert targets(s, "D4", "-") == sqs("E4 C4")
    s = pos({"D4": "L>", "E4": "i", "E5": "i", "D5": "i"})
    assert targets(s, "D4", "x") == sqs("E4 E5")


def test_option_directions_owner_keeps_moves_towards_the_enemy():
    s = pos({"D4": "L>"}, directions="owner")
    assert targets(s, "D4", "-") == sqs("D5 D3")


def test_option_directions_owner_still_turns_blocked_sides():
    s = pos({"D5": "l>", "D4": "L", "E5": "L"}, civs="RR", directions="owner")
    assert "D4xD5" in acts(s, "D4")  # its front now points east, towards E5
    assert "D5" not in targets(s, "E5", "x")


def test_turn_sets_any_other_facing_and_is_the_whole_action():
    s = pos({"D4": "L"})
    turns = {a for a in names(s) if a.startswith("turn D4")}
    assert turns == {"turn D4 E", "turn D4 S", "turn D4 W"}
    after = s.play("turn D4 S")
    assert after.current_player == 1
    assert after.board[27][3] == 2
    assert "Lv" in after.position_text()


def test_moving_and_flipping_keep_the_facing():
    s = pos({"D4": "L<", "C3": "L"})
    after = s.play("D4-C4")
    assert after.board[26][3] == 3
    s = pos({"D4": "L<"})
    assert s.play("flip D4").board[27][3] == 3


def test_fortress_cannot_turn():
    s = pos({"D4": "L"})
    assert not any(a.startswith("turn H1") for a in names(s))
    with pytest.raises(IllegalAction, match="Fortress has no facing"):
        s.play("turn H1 E")


# ----- State Lock ----------------------------------------------------------------------------------------
def test_state_lock_the_archer_example():
    s = pos({"D4": "A", "C3": "L"}, civs="RE")
    s = s.play("flip D4")                       # turn 1: Maneuver -> Volley
    assert s.board[27][2] == 1 and "#2" in s.position_text()
    s = s.play("turn A8 E")                     # Red's turn 2
    assert "flip D4" not in names(s)            # turn 3: still locked
    with pytest.raises(IllegalAction, match="State Lock"):
        s.play("flip D4")
    assert "D4*H8" not in names(s)
    s = s.play("C3-C4").play("turn A8 S")       # turn 3 used elsewhere, Red's turn 4
    assert "flip D4" in names(s)                # turn 5: free again


def test_lock_does_not_stop_moving():
    s = pos({"D4": "A"}).play("flip D4").play("turn A8 E").play("turn D4 E")
    assert s.board[27][3] == 1
    s = pos({"D4": "L"}).play("flip D4").play("turn A8 E")
    assert "D4-D5" in names(s) and "flip D4" not in names(s)


def test_option_state_lock_until_own_turn():
    s = pos({"D4": "A"}, state_lock="until-own-turn").play("flip D4").play("turn A8 E")
    assert "flip D4" in names(s)


# ----- Blocking ----------------------------------------------------------------------------------------
def test_a_charge_is_never_blocked_it_comes_from_two_squares_away():
    # Red Cavalry on D5 faces south: its front diagonals look at E4 and C4, yet a knight's jump lands
    # from a square that does not touch it, so the blocked sides never stop it.
    for attacker in ("E3", "B4", "F6"):
        s = pos({"D5": "c", attacker: "C+"}, civs="RR")
        assert targets(s, attacker, "x") == sqs("D5"), attacker
    s = pos({"D5": "c", "E3": "C+"}, civs="RR", block_reach="any-distance")
    assert targets(s, "E3", "x") == set()  # the other reading: the jump arrives through its front-left


def test_blocking_stops_only_adjacent_attackers():
    # A Defend Legionnaire on D6 facing south blocks its front (D5) and both sides (C6, E6).
    s = pos({"D6": "l+", "D5": "I", "E6": "A", "D4": "R+"}, civs="ER")
    assert "D6" not in targets(s, "D5", "x") and "D6" not in targets(s, "E6", "x")
    s = pos({"D6": "l+", "D4": "R+"}, civs="ER")
    assert targets(s, "D4", "*") == sqs("D6")  # a shot from two squares away passes the blocked front
    s = pos({"D6": "l+", "D5": "R+"}, civs="ER")
    assert targets(s, "D5", "*") == set()      # the same shot from the touching square is blocked
    s = pos({"D4": "c", "B4": "C"}, civs="RR")
    assert targets(s, "B4", "x") == sqs("D4")  # a side capture over two squares: not adjacent, not blocked
    s = pos({"D5": "c", "C4": "A+"}, civs="RR")
    assert targets(s, "C4", "*") == set()      # a Volley from the touching front-right diagonal is blocked
    s = pos({"D5": "c", "B3": "A+"}, civs="RR")
    assert targets(s, "B3", "*") == sqs("D5")  # from three squares up that diagonal it is not


def test_option_block_reach_any_distance_stops_attacks_from_that_side_at_any_range():
    s = pos({"D6": "l+", "D4": "R+", "F4": "R+"}, civs="ER", block_reach="any-distance")
    assert "D6" not in targets(s, "D4", "*")  # straight into its front
    s = pos({"D6": "l+<", "D4": "R+"}, civs="ER", block_reach="any-distance")
    assert targets(s, "D4", "*") == set()  # facing west its left side looks south, at D4
    s = pos({"D6": "l+^", "D4": "R+"}, civs="ER", block_reach="any-distance")
    assert targets(s, "D4", "*") == sqs("D6")  # facing north, its open back looks at D4
    s = pos({"D5": "c", "B3": "A+"}, civs="RR", block_reach="any-distance")
    assert targets(s, "B3", "*") == set()


# ----- projectiles -------------------------------------------------------------------------------------
def test_shots_stop_at_the_first_unit_unless_fly_over():
    units = {"D4": "A+", "E5": "L", "F6": "i"}
    assert targets(pos(units), "D4", "*") == set()
    assert targets(pos(units, projectiles="fly-over"), "D4", "*") == sqs("F6")


# ----- Siege and Fortify -----------------------------------------------------------------------------------
def test_siege_beats_the_fortify_aura():
    s = pos({"D4": "S+", "D6": "i", "D7": "k+", "A8": "f"}, royals=True)
    assert targets(s, "D4", "*") == sqs("D6 D7")
    s = pos({"D4": "S+", "D6": "i", "D7": "k+"}, siege_vs_fortify="fortify")
    assert targets(s, "D4", "*") == sqs("D7")


def test_deployed_siege_cannot_move():
    s = pos({"D4": "S+"})
    with pytest.raises(IllegalAction, match="Deployed Siege cannot move"):
        s.play("D4-D5")


def test_fortify_aura_protects_neighbours_from_melee_shots_and_bash_but_not_itself():
    s = pos({"D6": "k+", "D5": "i", "C4": "L", "E4": "L", "D4": "A"}, civs="RE")
    assert "D5" not in targets(s, "C4", "x")
    with pytest.raises(IllegalAction, match="immune"):
        s.play("C4xD5")
    s = pos({"D7": "k+", "D6": "i", "B4": "A+"})
    assert targets(s, "B4", "*") == set()
    s = pos({"D6": "k+", "B4": "A+"})
    assert targets(s, "B4", "*") == sqs("D6")
    s = pos({"D6": "k+", "E5": "i", "C3": "M+"}, civs="VE")
    assert targets(s, "C3", ">") == set()
    s = pos({"D5": "k+", "D4": "L"})
    assert targets(s, "D4", "x") == sqs("D5")


def test_fortify_does_not_protect_the_fortress():
    s = pos({"F7": "k+", "E8": "f", "A1": "K", "H1": "F", "B5": "A+"}, royals=False)
    assert "B5*E8" in names(s)


# ----- move shapes -------------------------------------------------------------------------------------
def test_plain_step_option_orthogonal():
    s = pos({"D4": "S"}, plain_step="orthogonal")
    assert targets(s, "D4", "-") == sqs("D5 D3 C4 E4")
    s = pos({"D4": "I"}, civs="ER", plain_step="orthogonal")
    assert targets(s, "D4", "-") == sqs("D5 D3 C4 E4")


def test_archer_move_option_orthogonal():
    s = pos({"D4": "A"}, archer_move="orthogonal")
    assert targets(s, "D4", "-") == sqs("D5 D6 D7 D3 D2 D1 A4 B4 C4 E4 F4 G4")


def test_fortress_range_option():
    s = pos({"D4": "F", "D6": "i", "B2": "i"})
    assert targets(s, "D4", "*") == sqs("D6 B2")
    s = GAME.from_position(s.position_text(), fortress_range=1)
    assert targets(s, "D4", "*") == set()


def test_no_capture_unless_listed():
    s = pos({"D4": "S", "D5": "i"})
    assert targets(s, "D4", "x*") == set()
    s = pos({"D4": "I+", "D5": "l"}, civs="ER")
    assert targets(s, "D4", "x*") == set()


# ----- Vikings -----------------------------------------------------------------------------------------
def test_viking_infantry_follows_egypt_by_default_and_rome_by_option():
    s = pos({"D4": "I"}, civs="VE")
    assert targets(s, "D4", "-") == sqs("C3 C4 C5 D3 D5 E3 E4 E5")
    s = pos({"D4": "I"}, civs="VE", viking_infantry="rome")
    assert targets(s, "D4", "-") == sqs("D5 D3")


def test_viking_cavalry_is_roman_cavalry():
    s = pos({"D4": "C"}, civs="VE")
    assert targets(s, "D4", "-") == sqs("D5 D6 D3 D2 C4 B4 E4 F4")


# ----- the Command aura -------------------------------------------------------------------------------------
def test_aura_move_then_flip():
    s = pos({"D2": "K", "D3": "L"}, royals=True)
    s = s.play("D3-D4")
    assert s.current_player == 0 and s.follow == (27, "m")
    assert names(s) == {"flip D4", "end"}
    s = s.play("flip D4")
    assert s.current_player == 1 and s.board[27][2] == 1


def test_aura_flip_then_capture():
    s = pos({"D2": "K", "E3": "A", "G5": "i"})
    s = s.play("flip E3")
    assert names(s) == {"E3*G5", "end"}  # Volley cannot move; its shot is the follow-up
    s = s.play("E3*G5")
    assert s.board[38] is None and s.current_player == 1


def test_aura_end_gives_up_the_extra_action():
    s = pos({"D2": "K", "D3": "L"}).play("D3-D4").play("end")
    assert s.current_player == 1 and s.turn == 2


def test_aura_turn_has_no_follow_up():
    s = pos({"D2": "K", "D3": "L"}).play("turn D3 E")
    assert s.current_player == 1


def test_aura_needs_adjacency_before_the_action():
    s = pos({"D2": "K", "D4": "L"}).play("D4-D3")  # arrives next to the Commander
    assert s.current_player == 1
    s = pos({"D2": "K", "D3": "L"}).play("D3-D4")  # leaves, but stood next to it
    assert s.current_player == 0


def test_aura_not_for_the_commander_itself_nor_in_fortify():
    s = pos({"D2": "K", "D3": "L"}).play("D2-E2")
    assert s.current_player == 1
    s = pos({"D2": "K+", "D3": "L"}).play("D3-D4")
    assert s.current_player == 1


def test_aura_follow_up_only_by_the_same_unit_and_of_the_paired_kind():
    s = pos({"D2": "K", "D3": "L", "A3": "L"}).play("D3-D4")
    with pytest.raises(IllegalAction, match="only the unit on D4"):
        s.play("A3-A4")
    with pytest.raises(IllegalAction, match="pairs a Flip"):
        s.play("D4-D5")


def test_aura_skipped_when_no_follow_up_is_possible():
    s = pos({"D2": "K", "D3": "L#1"}).play("D3-D4")  # locked: it cannot flip after moving
    assert s.current_player == 1


def test_option_aura_pairs_any():
    s = pos({"D2": "K", "D3": "L"}, aura_pairs="any").play("D3-D4")
    assert "D4-D5" in names(s)
    assert s.play("D4-D5").current_player == 1


# ----- Shield Bash ----------------------------------------------------------------------------------------
def test_bash_open_square_pushes_the_enemy_back():
    s = pos({"C3": "M+", "E5": "i"}, civs="VE").play("C3>E5")
    assert s.board[36][0:2] == (0, 5)          # the Maiden on E5
    assert s.board[45][0] == 1                 # the enemy pushed to F6
    assert s.board[18] is None


def test_bash_occupied_square_captures_the_enemy():
    s = pos({"C3": "M+", "E5": "i", "F6": "i"}, civs="VE").play("C3>E5")
    assert s.board[36][0] == 0 and s.board[45][0] == 1
    assert sum(1 for u in s.board if u and u[0] == 1 and u[1] == 1) == 1


def test_bash_off_the_board_captures_the_enemy():
    s = pos({"F6": "M+", "H8": "i", "A1": "K", "G1": "F", "A8": "k", "B8": "f"}, civs="VE",
            royals=False)
    after = s.play("F6>H8")
    assert after.board[63][0] == 0 and not any(u and u[1] == 1 and u[0] == 1 for u in after.board)


def test_bash_restrictions_fortress_fortify_commander():
    s = pos({"C6": "M+", "E8": "f"}, civs="VE")
    assert "C6>E8" not in names(s)
    with pytest.raises(IllegalAction, match="cannot be bashed"):
        s.play("C6>E8")
    s = pos({"C3": "M+", "E5": "k"}, civs="VE")
    after = s.play("C3>E5")
    assert after.board[45][1] == 7 and not after.is_over  # pushed, not captured
    s = pos({"C3": "M+", "E5": "k", "F6": "i"}, civs="VE")
    assert s.play("C3>E5").winners == (0,)


def test_bash_is_stopped_by_a_blocked_side():
    s = pos({"C3": "M+", "E5": "l+>"}, civs="VR")  # E5 faces east: its right side faces south, D4 is SW
    assert "C3>E5" in names(s)
    s = pos({"C3": "M+", "D4": "c<"}, civs="VR")  # facing west, its front-left is SW (towards C3)
    assert "C3>D4" not in names(s)


# ----- Fortress --------------------------------------------------------------------------------------------
def test_melee_attack_on_an_active_fortress_loses_the_attacker_and_disables_it():
    s = pos({"E7": "L", "E8": "f"}, civs="RE")
    after = s.play("E7xE8")
    assert after.board[52] is None and after.board[60] == (1, 8, 1, 2, 0)
    assert not after.is_over


def test_ranged_attack_disables_the_fortress_safely():
    s = pos({"B5": "A+", "E8": "f"})
    after = s.play("B5*E8")
    assert after.board[33] is not None and after.board[60][2] == 1


def test_entering_a_disabled_fortress_wins():
    s = pos({"E7": "L", "E8": "f+"})
    assert "E7-E8" in names(s)
    after = s.play("E7-E8")
    assert after.is_over and after.winners == (0,)


def test_entering_works_with_a_capture_shape_too():
    s = pos({"D7": "L", "E8": "f+"})  # a Legionnaire moves straight but captures diagonally
    assert "D7-E8" in names(s)
    with pytest.raises(IllegalAction, match="Disabled Fortress cannot be captured"):
        s.play("D7xE8")


def test_own_fortress_cannot_flip_unless_the_option_allows():
    s = pos({"D4": "L"})
    with pytest.raises(IllegalAction, match="disabled only by an enemy"):
        s.play("flip H1")
    s = pos({"D4": "L"}, fortress_flip=True)
    assert s.play("flip H1").board[7][2] == 1


def test_commander_attacking_an_active_fortress_loses():
    s = pos({"E7": "K", "E8": "f"})
    after = s.play("E7xE8")
    assert after.winners == (1,)


# ----- Commander capture ------------------------------------------------------------------------------------
def test_melee_capture_of_the_commander_wins():
    s = pos({"D4": "L", "D5": "k"})
    assert s.play("D4xD5").winners == (0,)


def test_ranged_capture_of_the_commander_wins_unless_immune_option():
    s = pos({"D4": "A+", "F6": "k"})
    assert s.play("D4*F6").winners == (0,)
    s = pos({"D4": "A+", "F6": "k"}, ranged_commander="immune")
    assert "D4*F6" not in names(s)
    with pytest.raises(IllegalAction, match="projectiles"):
        s.play("D4*F6")


# ----- set-up, pairings, stalemate, turn limit --------------------------------------------------------------
def test_choose_setup_sequence():
    s = GAME.new_game(seed=1, setup="choose")
    assert s.current_player == 0
    assert names(s) == {f"assassin {c}2" for c in "ABCDEFGH"}
    s = s.play("assassin C2").play("flip C1").play("flip C2")
    assert "flip C1" not in names(s) and "flip E1" in names(s)  # once each; the Fortress too
    s = s.play("ready")
    assert s.current_player == 1
    s = s.play("assassin F7").play("ready")
    assert s.phase == "play" and s.current_player == 0 and s.turn == 1
    assert s.board[10] == (0, 9, 1, 0, 0)  # the Assassin on C2, disguised as a Defend Legionnaire
    assert s.board[2][2] == 1 and s.board[2][4] == 0  # the Archer starts in Volley, unlocked


def test_the_chosen_setup_is_the_default_and_the_fortress_may_start_disabled():
    s = GAME.new_game(seed=3)
    assert s.options["setup"] == "choose" and s.current_player == 0 and s.chance_outcomes() == []
    s = s.play("assassin H2").play("flip E1").play("ready").play("assassin A7").play("ready")
    assert s.board[4] == (0, 8, 1, 0, 0) and s.phase == "play"   # Blue's Fortress starts Disabled
    assert "E1" not in targets(s, "A7", "-")   # ...which only helps Red: nothing is in reach yet
    assert not any(str(a) == "flip E1" for a in s.legal_actions())  # and in play it stays as it is


def test_quick_setup_places_assassins_by_chance():
    s = GAME.new_game(seed=3, setup="quick")
    assert s.current_player == -1
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 8 and sum(p for _, p in outcomes) == 1
    s = s.resolve_chance()
    assert s.phase == "play"
    assert sum(1 for u in s.board if u and u[1] == 9) == 2


@pytest.mark.parametrize("blue", ["rome", "egypt", "vikings"])
@pytest.mark.parametrize("red", ["rome", "egypt", "vikings"])
def test_every_pairing_starts(blue, red):
    s = GAME.quick_start(blue=blue, red=red)
    assert len([u for u in s.board if u]) == 32
    assert s.legal_actions()


def test_turn_limit_draw():
    s = pos({"D4": "L"}, turn_limit=50)
    s = GAME.from_position(s.position_text().replace(" 1 1", " 49 1"), turn_limit=50)
    s = s.play("turn D4 E")
    assert not s.is_over
    s = s.play("turn A8 E")
    assert s.is_over and s.winners == () and s.returns() == [0.0, 0.0]


def test_rulings_are_findable():
    assert find_ruling(GAME, "shield-bash").option == "bash_reach"


def test_bash_reach_option():
    s = pos({"C3": "M+", "E5": "i"}, civs="VE", bash_reach=1)
    assert targets(s, "C3", ">") == set()


def test_a_charge_may_enter_a_disabled_fortress():
    s = pos({"D6": "C+", "E8": "f+"})
    assert "D6-E8" in names(s)
    assert s.play("D6-E8").winners == (0,)


def test_flipping_own_fortress_scores_nothing_and_never_flips_back():
    text = "k6f/8/8/8/3L4/8/8/K6F b RE 1 1 0:0 1800/60"
    s = GAME.from_position(text, fortress_flip=True).play("flip H1")
    assert s.scores == (0, 0) and s.board[7][2] == 1
    s = s.play("turn A8 E").play("turn A1 E").play("turn A8 S")
    assert "flip H1" not in names(s)


def test_hidden_assassin_in_defend_disguise_may_still_capture_and_is_revealed():
    s = pos({"D4": "X+", "E5": "i"}, civs="EE")
    assert "D4xE5" in names(s)
    assert s.play("D4xE5").board[36][2] == 2


def test_a_pushed_unit_keeps_its_state_facing_and_lock():
    s = pos({"C3": "M+", "E5": "i+>#2"}, civs="VE", rest="1 1")
    after = s.play("C3>E5")
    assert after.board[45] == (1, 1, 1, 1, s.board[36][4])


def test_rulings_markdown_renders_every_ruling():
    from capture_lib.bookkit.docs import options_markdown, rulings_markdown

    text = rulings_markdown(GAME)
    assert text.count("Ruling:") == len(GAME.rulings)
    assert "`aura_pairs`" in options_markdown(GAME)
