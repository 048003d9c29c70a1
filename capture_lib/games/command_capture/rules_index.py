"""Command Capture's rules index: each rule of the source, where it is coded, tested and shown.

Rendered as the chapter's rules-index page by ``capture_lib.bookkit.rules_index``; a test fails when a rule
loses its code, its test or its example.
"""

from __future__ import annotations

from capture_lib.core.rules_index import IndexedRule

_P = "capture_lib.games.command_capture.rules"
_S = f"{_P}.state.CommandCaptureState"
_U = f"{_P}.units"
_D = "tests/command_capture"
_N = f"{_D}/test_units.py"
_R = f"{_D}/test_rulings.py"
_M = f"{_D}/test_timed.py"
_H = f"{_D}/test_hidden.py"
_F = f"{_D}/test_fidelity.py"


def _unit(key: str, topic: str, rule: str, tests: tuple[str, ...], heading: str) -> IndexedRule:
    # Every unit's two states live in one table of reaches, compiled per facing.
    return IndexedRule(key, topic, rule, (f"{_U}.unit_table", f"{_S}._reach_actions"), tests, ("rules", heading))


#: The rules of Command Capture, in the order of the source's sections.
RULES: tuple[IndexedRule, ...] = (
    IndexedRule(
        "board", "The board",
        "Two players on an 8 by 8 board, files A to H and ranks 1 to 8; Blue holds ranks 1 and 2, Red "
        "ranks 7 and 8.",
        (f"{_P}.state.start_board", f"{_U}.square_name"),
        (f"{_R}::test_every_pairing_starts",),
        ("rules", "The board and the two armies")),
    IndexedRule(
        "armies", "Three armies",
        "Rome, Egypt and the Vikings each field 16 units: seven foot soldiers, two Cavalry or Chariots, "
        "two Archers or Shield Maidens, two Siege, a Commander, a Fortress and an Assassin.",
        (f"{_U}.ROSTER", f"{_U}.BACK_ROW", f"{_U}.CIVS"),
        (f"{_R}::test_every_pairing_starts", f"{_R}::test_viking_cavalry_is_roman_cavalry"),
        ("rules", "The board and the two armies")),
    IndexedRule(
        "formation", "The formation",
        "The back rank is fixed (Siege, Cavalry, Archer, Commander, Fortress, Archer, Cavalry, Siege); the "
        "front rank holds seven foot soldiers and the face-down Assassin wherever its owner likes.",
        (f"{_U}.BACK_ROW", f"{_S}._setup_actions", f"{_P}.game.CommandCaptureGame.quick_start"),
        (f"{_R}::test_choose_setup_sequence", f"{_R}::test_quick_setup_places_assassins_by_chance"),
        ("rules", "The board and the two armies")),
    IndexedRule(
        "starting-states", "Starting states",
        "Before play each player chooses which of its two states every unit starts in, the Fortress "
        "included; the Assassin starts face down. This chosen set-up is the default; the quick start "
        "(all first states) is for examples and computer-only games.",
        # the engine's code; the computer's set-up is its players' own
        (f"{_S}._apply_setup", f"{_S}._setup_actions"),
        (f"{_R}::test_choose_setup_sequence",
         f"{_R}::test_the_chosen_setup_is_the_default_and_the_fortress_may_start_disabled",
         f"{_F}::test_the_computer_sets_up_and_its_assassin_stays_hidden"),
        ("rules", "The board and the two armies")),
    IndexedRule(
        "one-action", "One action a turn",
        "A turn is exactly one action: move, capture, flip a unit to its other state, or turn it.",
        (f"{_S}._generate", f"{_S}._act", f"{_S}._end_turn"),
        (f"{_R}::test_turn_sets_any_other_facing_and_is_the_whole_action",),
        ("rules", "A turn: one action")),
    IndexedRule(
        "first-player", "Who starts",
        "Blue sets up first and takes the first turn (our ruling: the text does not say).",
        (f"{_S}._start_play",),
        (f"{_F}::test_blue_sets_up_first_and_moves_first",),
        ("rules", "A turn: one action")),
    IndexedRule(
        "turn-alone", "Turning is not moving",
        "A unit that turns cannot also move or capture in that turn, nor turn after moving or capturing, "
        "even on a turn of two actions or with the Command aura's extra action.",
        (f"{_S}.turn_conflict", f"{_S}._remember"),
        (f"{_F}::test_two_actions_never_turn_and_move_the_same_unit",
         f"{_F}::test_aura_pairs_any_never_pairs_a_turn_with_a_move_of_the_same_unit"),
        ("rules", "Facing, forward and the Turn action")),
    IndexedRule(
        "facing", "Facing and forward",
        "Units face the enemy; forward, left and right are taken from the unit's facing. Turning changes "
        "the facing and is the whole action; flipping keeps it.",
        (f"{_U}.side_dir", f"{_U}.seat_specs"),
        (f"{_R}::test_facing_decides_forward", f"{_R}::test_moving_and_flipping_keep_the_facing",
         f"{_R}::test_turn_sets_any_other_facing_and_is_the_whole_action"),
        ("rules", "Facing, forward and the Turn action")),
    IndexedRule(
        "state-lock", "The State Lock",
        "A unit that flipped may not flip again on its owner's next turn, though it may still move and "
        "capture.",
        (f"{_S}.is_locked", f"{_S}.can_flip"),
        (f"{_R}::test_state_lock_the_archer_example", f"{_R}::test_lock_does_not_stop_moving"),
        ("rules", "The State Lock")),
    IndexedRule(
        "no-jumping", "No jumping",
        "Units never pass through occupied squares; only Cavalry may jump, and never when capturing in "
        "its melee state.",
        (f"{_S}._reach_actions",),
        (f"{_N}::test_cavalry_melee_moves_two_orthogonally_and_may_jump",
         f"{_N}::test_cavalry_melee_captures_up_to_two_sideways_with_a_clear_path",
         f"{_N}::test_chariot_maneuver_moves_up_to_four_orthogonally_without_jumping"),
        ("rules", "The units")),
    _unit("legionnaire", "Legionnaire",
          "Attack: one step forward or back, sideways only beside another Legionnaire of its side; captures "
          "forward or "
          "diagonally forward; blocks its front. Defend: one step forward or back, no capture; blocks front "
          "and both sides.",
          (f"{_N}::test_legionnaire_attack_moves_sideways_next_to_another_legionnaire",
           f"{_F}::test_an_enemy_legionnaire_next_to_it_gives_no_sideways_step",
           f"{_N}::test_legionnaire_attack_captures_forward_and_diagonally_forward",
           f"{_N}::test_legionnaire_defend_blocks_front_left_and_right"),
          "Legionnaire (Rome's infantry)"),
    _unit("infantry", "Infantry",
          "Attack: one step; captures forward or diagonally forward. Defend: up to two squares forward or "
          "back; blocks its front.",
          (f"{_N}::test_infantry_attack_captures_forward_and_diagonally_forward_only",
           f"{_N}::test_infantry_defend_moves_up_to_two_forward_or_back_along_a_clear_path",
           f"{_N}::test_infantry_defend_blocks_its_front"),
          "Infantry (Egypt's, and the Vikings')"),
    _unit("cavalry", "Cavalry",
          "Melee: up to two squares straight, jumping allowed; captures up to two squares to either side "
          "with a clear path; blocks two front diagonals. Charge: a knight's L that captures where it "
          "lands, leaving the jumped units alone.",
          (f"{_N}::test_cavalry_melee_blocks_its_two_front_diagonals",
           f"{_N}::test_cavalry_charge_jumps_in_an_l_and_captures_where_it_lands"),
          "Cavalry (Rome and the Vikings)"),
    _unit("chariot", "Chariot",
          "Maneuver: up to four squares straight; captures up to two to either side. Strike: up to two "
          "squares diagonally; shoots up to two squares forward or diagonally forward.",
          (f"{_N}::test_chariot_maneuver_captures_up_to_two_sideways",
           f"{_N}::test_chariot_strike_moves_two_diagonally_and_shoots_forward"),
          "Chariot (Egypt)"),
    _unit("archer", "Archer",
          "Maneuver: up to three squares; captures one square forward, left or right in melee. Volley: stays "
          "put and "
          "shoots up to three squares diagonally.",
          (f"{_N}::test_archer_maneuver_moves_up_to_three_in_straight_lines",
           f"{_N}::test_archer_maneuver_captures_forward_left_and_right_in_melee",
           f"{_F}::test_the_archers_melee_reaches_one_square_only",
           f"{_N}::test_archer_volley_cannot_move_and_shoots_diagonally_up_to_three"),
          "Archer (Rome and Egypt)"),
    _unit("siege", "Siege Equipment",
          "Packed: one step, no capture. Deployed: no moving; shoots up to four squares forward, left or "
          "right.",
          (f"{_N}::test_packed_siege_moves_one_square_and_never_captures",
           f"{_N}::test_deployed_siege_cannot_move_and_shoots_four_forward_left_right_over_units",
           f"{_R}::test_deployed_siege_cannot_move"),
          "Siege Equipment"),
    IndexedRule(
        "siege-move-fire", "Siege: move or fire",
        "A Siege never moves and fires in the same turn, in either order, whatever the turn's actions.",
        (f"{_S}.turn_conflict",),
        (f"{_F}::test_two_actions_deployed_siege_cannot_fire_then_move",
         f"{_F}::test_two_actions_packed_siege_cannot_move_then_fire"),
        ("rules", "Siege Equipment")),
    _unit("shield-maiden", "Shield Maiden",
          "The Vikings' Archer. Strike: stays put, shoots up to two squares forward or diagonally forward "
          "over other units; blocks front and front diagonals. Shield Bash: up to three squares "
          "diagonally; captures one square diagonally forward; blocks its front.",
          (f"{_N}::test_shield_maiden_strike_cannot_move_and_shoots_over_units",
           f"{_N}::test_shield_maiden_strike_blocks_front_and_front_diagonals",
           f"{_N}::test_shield_maiden_bash_moves_diagonally_and_captures_one_diagonally_forward"),
          "Shield Maiden (the Vikings)"),
    IndexedRule(
        "shield-bash", "The Shield Bash",
        "A bashing Shield Maiden pushes an enemy one square diagonally back, towards its own side, and takes "
        "its square; if that square is taken or off the board, the enemy is captured instead.",
        (f"{_S}._act", f"{_S}._reach_actions", f"{_P}.state.push_square"),
        (f"{_R}::test_bash_open_square_pushes_the_enemy_back", f"{_R}::test_bash_occupied_square_captures_the_enemy",
         f"{_R}::test_bash_off_the_board_captures_the_enemy",
         f"{_F}::test_bash_pushes_the_enemy_diagonally_back_towards_its_own_side"),
        ("rules", "The Shield Bash")),
    IndexedRule(
        "bash-limits", "What a bash cannot push",
        "No bash against the Fortress or a unit under a Fortify aura; the fortifying Commander itself may "
        "be bashed.",
        (f"{_S}.immune", f"{_S}._reach_actions"),
        (f"{_R}::test_bash_restrictions_fortress_fortify_commander",),
        ("rules", "The Shield Bash")),
    _unit("commander", "Commander",
          "Command: one step or capture in any direction. Fortify: no move, capture or blocking.",
          (f"{_N}::test_commander_command_moves_and_captures_one_square_any_way",
           f"{_N}::test_commander_fortify_neither_moves_nor_captures_nor_blocks"),
          "Commander"),
    IndexedRule(
        "command-aura", "The Command aura",
        "Allies next to a Commander in Command state get one more action: move and flip, or flip and "
        "capture.",
        (f"{_S}.aura_eligible", f"{_S}._end_turn"),
        (f"{_R}::test_aura_move_then_flip", f"{_R}::test_aura_flip_then_capture",
         f"{_R}::test_aura_needs_adjacency_before_the_action"),
        ("rules", "The Commander's auras")),
    IndexedRule(
        "fortify-aura", "The Fortify aura",
        "Allies next to a Commander in Fortify state cannot be captured, not even by the Fortress they "
        "attack; the Commander and the Fortress get no such shelter.",
        (f"{_S}.fortified", f"{_S}.immune"),
        (f"{_R}::test_fortify_aura_protects_neighbours_from_melee_shots_and_bash_but_not_itself",
         f"{_R}::test_fortify_does_not_protect_the_fortress",
         f"{_F}::test_a_unit_under_its_own_fortify_aura_survives_a_melee_attack_on_the_fortress"),
        ("rules", "The Commander's auras")),
    IndexedRule(
        "fortress", "The Fortress",
        "An Active Fortress never moves and shoots along all eight lines; a melee attacker on it is lost "
        "but disables it, a ranged attacker disables it safely. A Disabled Fortress does nothing and "
        "stays disabled.",
        (f"{_S}._act", f"{_U}.unit_table"),
        (f"{_N}::test_active_fortress_shoots_two_squares_along_eight_lines",
         f"{_R}::test_melee_attack_on_an_active_fortress_loses_the_attacker_and_disables_it",
         f"{_R}::test_ranged_attack_disables_the_fortress_safely", f"{_N}::test_disabled_fortress_does_nothing"),
        ("rules", "The Fortress")),
    IndexedRule(
        "assassin-hidden", "The hidden Assassin",
        "The Assassin starts face down and passes for a foot soldier; the opponent cannot tell which one "
        "it is.",
        (f"{_U}.hidden_assassin_spec", f"{_S}.view"),
        (f"{_N}::test_hidden_assassin_moves_like_its_infantry",
         f"{_H}::test_enemy_hidden_assassin_looks_like_infantry"),
        ("rules", "Assassin")),
    IndexedRule(
        "assassin-revealed", "The revealed Assassin",
        "Its first capture reveals it (that capture counts); from then on it moves or captures one square "
        "in any direction.",
        (f"{_S}._act", f"{_U}.hidden_assassin_spec"),
        (f"{_N}::test_hidden_assassin_captures_one_square_any_way_and_is_revealed",
         f"{_N}::test_revealed_assassin_moves_and_captures_one_square_any_way",
         f"{_H}::test_a_capture_reveals_the_assassin_to_everyone"),
        ("rules", "Assassin")),
    IndexedRule(
        "blocking", "Blocking",
        "Some states guard some sides of a unit: an enemy on a touching square of a guarded side cannot "
        "capture it; attackers further away are not stopped.",
        (f"{_S}.blocks", f"{_S}._reach_actions"),
        (f"{_N}::test_legionnaire_defend_blocks_front_left_and_right",
         f"{_R}::test_blocking_stops_only_adjacent_attackers",
         f"{_R}::test_a_charge_is_never_blocked_it_comes_from_two_squares_away"),
        ("rules", "Blocking")),
    IndexedRule(
        "projectiles", "Projectiles",
        "A ranged capture removes the target while the shooter stays on its square.",
        (f"{_S}._act", f"{_S}._reach_actions"),
        (f"{_N}::test_archer_volley_cannot_move_and_shoots_diagonally_up_to_three",
         f"{_R}::test_shots_stop_at_the_first_unit_unless_fly_over"),
        ("rules", "Projectiles")),
    IndexedRule(
        "siege-ignores", "Siege ignores everything",
        "A Deployed Siege's shot passes every block and every defence, the Fortify aura included.",
        (f"{_S}.blocks", f"{_S}.immune"),
        (f"{_N}::test_deployed_siege_ignores_blocked_sides", f"{_R}::test_siege_beats_the_fortify_aura"),
        ("rules", "Siege ignores everything")),
    IndexedRule(
        "win-commander", "Capturing the Commander",
        "Taking the enemy Commander wins at once.",
        (f"{_S}._check_result", f"{_S}._remove"),
        (f"{_R}::test_melee_capture_of_the_commander_wins",
         f"{_R}::test_ranged_capture_of_the_commander_wins_unless_immune_option"),
        ("rules", "Winning")),
    IndexedRule(
        "win-fortress", "Entering the Fortress",
        "Moving onto the enemy Fortress once it is Disabled wins at once.",
        (f"{_S}._check_result", f"{_S}._act"),
        (f"{_R}::test_entering_a_disabled_fortress_wins", f"{_R}::test_a_charge_may_enter_a_disabled_fortress"),
        ("rules", "Winning")),
    IndexedRule(
        "timed-clocks", "Timed Mode: clocks",
        "A shared 30-minute game clock that never stops and a one-minute timer for every turn.",
        (f"{_S}._run_clocks", f"{_S}._why_wait_illegal"),
        (f"{_M}::test_new_timed_game_starts_with_full_clocks", f"{_M}::test_wait_runs_both_clocks_exactly"),
        ("rules", "Timed Mode")),
    IndexedRule(
        "timed-expiry", "Timed Mode: a turn runs out",
        "Whoever runs out of turn time loses the turn, and the opponent then takes two actions.",
        (f"{_S}._run_clocks", f"{_P}.timed.run_down"),
        (f"{_M}::test_an_expired_turn_gives_the_opponent_two_actions",
         f"{_F}::test_two_actions_never_turn_and_move_the_same_unit"),
        ("rules", "Timed Mode")),
    IndexedRule(
        "timed-points", "Timed Mode: points",
        "Captured units score by a table per army (38 each); disabling a Fortress scores 8.",
        (f"{_U}.HALF_POINTS", f"{_U}.FORTRESS_HALF_POINTS", f"{_S}._score"),
        (f"{_M}::test_points_table_totals_38_for_every_civilization", f"{_M}::test_capture_scores_by_the_victims_table",
         f"{_M}::test_fortress_points_melee_and_ranged"),
        ("rules", "Timed Mode")),
    IndexedRule(
        "timed-end", "Timed Mode: the end",
        "When the game clock runs out the higher score wins; a tie goes to sudden death, where whoever next "
        "captures an enemy unit wins, whatever the scores. The two instant wins still end the game at any time.",
        (f"{_S}._run_clocks", f"{_S}._check_result", f"{_S}._remove"),
        (f"{_M}::test_game_clock_out_higher_score_wins",
         f"{_M}::test_game_clock_out_tied_goes_to_sudden_death_and_the_next_capture_wins",
         f"{_F}::test_sudden_death_a_shot_that_only_disables_the_fortress_does_not_end_it",
         f"{_F}::test_sudden_death_a_melee_attacker_lost_to_the_fortress_wins_for_the_fortress",
         f"{_M}::test_commander_capture_wins_regardless_of_points"),
        ("rules", "Timed Mode")),
)
