"""Capture: A Medieval Wargame's rules index: each rule of the source, where it is coded, tested, shown.

Rendered as the chapter's rules-index page by ``capture_lib.bookkit.rules_index``; a test fails when a rule
loses its code, its test or its example.
"""

from __future__ import annotations

from capture_lib.core.rules_index import IndexedRule

_P = "capture_lib.games.medieval_capture.rules"
_S = f"{_P}.state.MedievalCaptureState"
_D = "tests/medieval_capture"
_T = f"{_D}/test_rules.py"
_C = f"{_D}/test_catapult.py"
_K = f"{_D}/test_crowns.py"
_R = f"{_D}/test_treasure.py"
_B = f"{_D}/test_board.py"

#: The rules of the Medieval Wargame, in the order of the source's sections.
RULES: tuple[IndexedRule, ...] = (
    IndexedRule(
        "territories", "Two territories",
        "Rock trails run through a blue and a red territory; each is home to its own army and enemy "
        "land to the other.",
        (f"{_P}.board.Board", f"{_P}.board.load_board"),
        (f"{_B}::test_mirror_symmetry_of_spaces_and_edges", f"{_B}::test_each_side_has_the_features_the_rules_need"),
        ("rules", "The board")),
    IndexedRule(
        "armies", "The armies",
        "Each side has ten pieces: six Soldiers and one Knight start on the board, three wait in reserve.",
        (f"{_P}.state.Config", f"{_S}.initial"),
        (f"{_T}::test_piece_count_options_change_the_armies",),
        ("rules", "Set-up and the hidden Knight")),
    IndexedRule(
        "set-up", "Set-up",
        "Crowns go on the three Crown spaces of each side; Blue places its seven pieces on rocks of its "
        "own territory, then Red does the same knowing where Blue stands.",
        (f"{_S}._why_place", f"{_S}._apply_place", f"{_P}.actions.Place"),
        (f"{_T}::test_blue_places_first_on_its_own_rocks_but_never_a_crown",
         f"{_T}::test_the_last_piece_must_be_the_knight_and_red_places_second"),
        ("rules", "Set-up and the hidden Knight")),
    IndexedRule(
        "hidden-knight", "The hidden Knight",
        "Which piece is the Knight is secret from the opponent; on a turn a player may first peek at one "
        "of their own pieces.",
        (f"{_S}.view", f"{_P}.actions.Look"),
        (f"{_T}::test_red_sees_blue_placements_but_not_the_knight", f"{_T}::test_a_turn_is_look_card_roll_then_moves"),
        ("rules", "Set-up and the hidden Knight")),
    IndexedRule(
        "turn-order", "A turn",
        "Blue starts. A turn goes: peek, play at most one Treasure card, roll both dice, move, and the "
        "turn passes.",
        (f"{_S}._legal_actions", f"{_S}._next_turn", f"{_P}.actions.Roll"),
        (f"{_T}::test_a_turn_is_look_card_roll_then_moves",
         f"{_T}::test_end_passes_the_turn_and_unused_moves_are_lost"),
        ("rules", "A turn")),
    IndexedRule(
        "three-pieces", "Three pieces a turn",
        "Up to three different pieces move each turn, each at most once.",
        (f"{_S}.max_moves", f"{_S}._why_move"),
        (f"{_T}::test_a_piece_moves_once_a_turn",),
        ("rules", "Moving with two dice")),
    IndexedRule(
        "dice", "Which die",
        "A piece that starts the turn at home (or in the Cathedral, by choice) moves up to the white die; "
        "one that starts in enemy land moves up to the black die.",
        (f"{_S}.die_for", f"{_P}.actions.Dice"),
        (f"{_T}::test_home_pieces_move_up_to_the_white_die", f"{_T}::test_pieces_abroad_move_up_to_the_black_die",
         f"{_T}::test_the_die_depends_on_where_the_piece_starts",
         f"{_T}::test_a_piece_in_the_cathedral_may_use_the_higher_die",
         f"{_T}::test_the_texts_example_eleven_and_six"),
        ("rules", "Moving with two dice")),
    IndexedRule(
        "paths", "Paths",
        "Every rock, Crown, Knight or Treasure space is one step; a move follows the trails either way "
        "but never uses the same rock twice.",
        (f"{_S}._path_error", f"{_S}._moves_for"),
        (f"{_T}::test_paths_follow_the_trails", f"{_T}::test_a_move_may_not_cross_the_same_rock_twice"),
        ("rules", "Moving with two dice")),
    IndexedRule(
        "no-passing", "No passing",
        "A piece cannot go over or around another piece on a trail.",
        (f"{_S}._path_error",),
        (f"{_T}::test_no_moving_over_or_around_a_piece",),
        ("rules", "Moving with two dice")),
    IndexedRule(
        "rivers", "Rivers",
        "A river's four spaces are its four boats. A piece boards or leaves a river only at a boat's dock; "
        "boarding, leaving and each hop between boats are one step; no move ends on a boat; bridges only "
        "carry the trail across, and a piece may stand on one.",
        (f"{_P}.board.parse_board", f"{_S}._path_error"),
        (f"{_T}::test_boats_are_reached_only_at_their_dock", f"{_T}::test_a_move_cannot_end_on_a_boat",
         f"{_T}::test_a_river_voyage_costs_a_space_per_boat_or_two_with_the_option",
         f"{_B}::test_two_rivers_of_four_boats_cross_the_border_and_have_bridges"),
        ("rules", "Rivers")),
    IndexedRule(
        "lakes", "Lakes",
        "On a lake a piece hops from one of the three boats to another, one step each, and may not stop "
        "on a boat.",
        (f"{_P}.board.parse_board", f"{_S}._path_error"),
        (f"{_B}::test_a_lake_can_be_crossed", f"{_B}::test_two_lakes_of_three_boats_each_inside_one_territory"),
        ("rules", "Lakes")),
    IndexedRule(
        "cathedral", "The Cathedral",
        "The Cathedral is one neutral space that pieces of both colours may share and cross.",
        (f"{_S}.occupant", f"{_S}._path_error"),
        (f"{_T}::test_the_cathedral_is_shared_and_may_be_crossed_when_occupied",),
        ("rules", "The Cathedral")),
    IndexedRule(
        "capture-home", "Capturing at home",
        "Moving onto an enemy piece in your own territory captures it; it goes to your dungeon.",
        (f"{_S}._apply_move", f"{_S}._outcome"),
        (f"{_T}::test_capture_at_home_sends_the_piece_to_the_captors_dungeon",),
        ("rules", "Capturing, and why you cannot capture abroad")),
    IndexedRule(
        "no-capture-abroad", "No capturing abroad",
        "In enemy land a piece cannot capture and may not move onto an enemy piece.",
        (f"{_S}._path_error",),
        (f"{_T}::test_no_capturing_abroad", f"{_T}::test_a_piece_cannot_end_on_its_own_piece"),
        ("rules", "Capturing, and why you cannot capture abroad")),
    IndexedRule(
        "dungeons", "Dungeons",
        "Only a rescuer may step onto a dungeon, and no move passes through one.",
        (f"{_S}._path_error", f"{_S}.prisoners"),
        (f"{_T}::test_nobody_enters_their_own_dungeon_or_an_empty_one",),
        ("rules", "Prisoners and rescue")),
    IndexedRule(
        "rescue", "Rescue",
        "Stepping onto the enemy dungeon frees one prisoner; rescuer and rescued both go to the Cathedral "
        "and move again next turn.",
        (f"{_S}._apply_move", f"{_S}.prisoners"),
        (f"{_T}::test_moving_onto_the_enemy_dungeon_rescues_a_prisoner",),
        ("rules", "Prisoners and rescue")),
    IndexedRule(
        "knight-kills", "The Knight kills",
        "A Knight that captures at home kills the enemy piece instead of jailing it; killed pieces never "
        "come back.",
        (f"{_S}._apply_move", f"{_P}.actions.Move"),
        (f"{_T}::test_only_the_knight_kills_at_home_and_may_choose_not_to",),
        ("rules", "Killing")),
    IndexedRule(
        "treasure-draw", "Drawing treasure",
        "A piece that stops on or passes a treasure space in enemy land draws a hidden card.",
        (f"{_S}._moves_for", f"{_S}._apply_draw", f"{_P}.actions.Draw"),
        (f"{_R}::test_a_treasure_space_abroad_draws_a_hidden_card",
         f"{_R}::test_each_treasure_space_crossed_draws_one_card",
         f"{_R}::test_treasure_spaces_at_home_give_nothing"),
        ("rules", "Treasure")),
    IndexedRule(
        "treasure-play", "Playing treasure",
        "A card can be played from the turn after it was drawn, one a turn, before the roll; it works for "
        "that turn and is then discarded.",
        (f"{_S}._why_card", f"{_S}._apply_card", f"{_P}.actions.PlayCard"),
        (f"{_R}::test_a_card_drawn_now_is_played_from_the_next_turn",
         f"{_R}::test_one_card_a_turn_and_only_cards_in_hand",
         f"{_R}::test_the_played_card_is_discarded_at_the_end_of_the_turn"),
        ("rules", "Treasure")),
    IndexedRule(
        "treasure-deck", "The treasure deck",
        "Eighteen cards, only those the text names: CAPTURE!, CATAPULT!, one AMBUSH!, the RANSOM card and "
        "two RECRUIT; when the deck runs out the discards are shuffled into a new one.",
        (f"{_P}.treasure.deck_for", f"{_P}.treasure.TreasureCard", f"{_S}._next_draw"),
        (f"{_R}::test_the_deck_has_eighteen_cards_with_the_named_counts",
         f"{_R}::test_the_projects_own_cards_are_an_option_that_says_which_rules_they_bend",
         f"{_R}::test_an_empty_deck_is_rebuilt_from_the_discard_pile"),
        ("rules", "The eighteen cards")),
    IndexedRule(
        "card-capture", "CAPTURE!",
        "For one turn, a piece may capture in enemy land as if it were at home.",
        (f"{_S}._apply_card", f"{_S}._path_error"),
        (f"{_R}::test_capture_card_allows_one_capture_abroad", f"{_R}::test_capture_card_lets_the_knight_kill_abroad"),
        ("rules", "The eighteen cards")),
    IndexedRule(
        "card-ambush", "AMBUSH!",
        "For one turn, a piece may kill an enemy piece in enemy land as a Knight would at home.",
        (f"{_S}._apply_card", f"{_S}._apply_move"),
        (f"{_R}::test_ambush_kills_one_piece_abroad_with_any_piece",),
        ("rules", "The eighteen cards")),
    IndexedRule(
        "card-ransom", "RANSOM",
        "Frees one prisoner from the enemy dungeon to the Cathedral.",
        (f"{_S}._apply_card", f"{_S}.prisoners"),
        (f"{_R}::test_ransom_frees_a_prisoner_to_the_cathedral",),
        ("rules", "The eighteen cards")),
    IndexedRule(
        "card-recruit", "RECRUIT",
        "Brings a reserve piece into the Cathedral, where it waits until the next move.",
        (f"{_S}._apply_card", f"{_S}.recruitable"),
        (f"{_R}::test_recruit_brings_the_lowest_reserve_or_by_option_a_killed_piece",),
        ("rules", "The eighteen cards")),
    IndexedRule(
        "knight-spaces", "Knight spaces",
        "A piece that stops on or passes a Knight space in enemy land brings a reserve into the Cathedral, "
        "while reserves last; killed pieces are not reserves.",
        (f"{_S}.recruitable", f"{_S}._moves_for"),
        (f"{_T}::test_a_knight_space_abroad_brings_a_reserve_to_the_cathedral",),
        ("rules", "Knight spaces and reserves")),
    IndexedRule(
        "catapult-when", "When the catapult fires",
        "A 4 or a 5 on the white die, or a CATAPULT! card, gives one shot that turn.",
        (f"{_P}.state.Config", f"{_P}.actions.Shoot"),
        (f"{_C}::test_a_four_or_five_on_the_white_die_gives_a_shot",
         f"{_R}::test_catapult_card_gives_a_shot_whatever_the_die",
         f"{_C}::test_shots_may_come_between_moves_and_are_lost_at_the_end"),
        ("rules", "The catapult")),
    IndexedRule(
        "catapult-shot", "The shot",
        "The catapult stands off the board, anywhere behind the shooter's own back edge, and throws the "
        "boulder across the board into enemy land; the longer the throw, the more it may stray; it knocks "
        "over what is near where it lands.",
        (f"{_P}.catapult.landing_outcomes", f"{_P}.catapult.spot_xy", f"{_P}.catapult.reach",
         f"{_P}.actions.Shoot", f"{_P}.actions.Land"),
        (f"{_C}::test_shots_aim_at_rocks_in_enemy_territory_only",
         f"{_C}::test_the_catapult_stands_off_the_board_behind_its_own_back_edge",
         f"{_C}::test_the_landing_is_a_chance_event_around_the_aim",
         f"{_C}::test_the_scatter_grows_with_the_length_of_the_shot",
         f"{_C}::test_two_boulders_a_side_never_run_out",
         f"{_C}::test_the_boulder_knocks_over_the_landing_rock_and_its_neighbours"),
        ("rules", "The catapult")),
    IndexedRule(
        "catapult-kill", "What the boulder kills",
        "One knocked-over piece dies: if as many friendly as enemy pieces fell, a friendly one; if more "
        "enemy pieces fell, the shooter picks which.",
        (f"{_S}._apply_landing", f"{_P}.actions.Kill"),
        (f"{_C}::test_a_lone_enemy_piece_hit_is_killed", f"{_C}::test_more_enemy_pieces_down_lets_the_shooter_choose",
         f"{_C}::test_as_many_friendly_pieces_down_costs_a_friendly_piece"),
        ("rules", "The catapult")),
    IndexedRule(
        "catapult-home", "Hitting home",
        "A boulder that disturbs any piece in the shooter's home territory does nothing at all.",
        (f"{_S}._apply_landing",),
        (f"{_C}::test_a_hit_in_the_shooters_home_territory_cancels_the_shot",),
        ("rules", "The catapult")),
    IndexedRule(
        "crown-take", "Taking a Crown",
        "A piece moving over an enemy Crown may take it with it, or leave it; a carrier may put it down and "
        "move away.",
        (f"{_S}._apply_move", f"{_S}._outcome", f"{_S}.carried_by"),
        (f"{_K}::test_a_piece_takes_an_enemy_crown_it_moves_over", f"{_K}::test_taking_a_crown_is_a_choice",
         f"{_K}::test_a_piece_standing_on_a_crown_takes_it_by_moving_off",
         f"{_K}::test_a_carrier_may_drop_its_crown_and_move_on"),
        ("rules", "Crowns and winning")),
    IndexedRule(
        "crown-carrier", "Carriers",
        "A piece moves one Crown at a time, and while it moves with a Crown it does nothing else: no "
        "capture, rescue, treasure or recruit.",
        (f"{_S}._moves_for", f"{_S}._outcome"),
        (f"{_K}::test_one_crown_at_a_time", f"{_K}::test_one_crown_a_move", f"{_K}::test_a_carrier_does_nothing_else"),
        ("rules", "Crowns and winning")),
    IndexedRule(
        "crown-lost-carrier", "A caught carrier",
        "If a carrier is captured or killed, the Crown stays on that space until another enemy piece "
        "takes it.",
        (f"{_S}._remove",),
        (f"{_K}::test_a_captured_carriers_crown_stays_where_it_was_taken",
         f"{_C}::test_a_carrier_killed_by_a_boulder_leaves_its_crown"),
        ("rules", "Crowns and winning")),
    IndexedRule(
        "own-crowns", "Your own Crowns",
        "Players never move their own Crowns and never end a move on a space holding one, except by "
        "capturing the enemy piece standing there.",
        (f"{_S}._outcome",),
        (f"{_K}::test_home_pieces_may_cross_but_not_stop_on_their_crown",),
        ("rules", "Crowns and winning")),
    IndexedRule(
        "crown-win", "Winning",
        "A Crown carried out of its home territory is captured; the first to capture three wins at once.",
        (f"{_S}.crowns_captured", f"{_S}._winners"),
        (f"{_K}::test_a_crown_leaving_its_territory_is_captured", f"{_K}::test_three_crowns_win_at_once"),
        ("rules", "Crowns and winning")),
    IndexedRule(
        "variant-catapult", "Variant: catapults",
        "Fewer, more or no catapult shots, and boulders of greater or lesser accuracy.",
        (f"{_P}.state.Config", f"{_P}.treasure.deck_for", f"{_P}.catapult.SPREADS"),
        (f"{_C}::test_the_catapult_rolls_and_shots_are_options",
         f"{_C}::test_the_scatter_grows_with_the_length_of_the_shot",
         f"{_R}::test_without_catapults_the_catapult_cards_leave_the_deck"),
        ("variants", "The catapult")),
    IndexedRule(
        "variant-pieces", "Variant: pieces and special spaces",
        "Start with 8, 9 or 10 pieces; let killed pieces return; give Knight spaces no effect; make Knight "
        "spaces, treasure spaces or both work only where a move ends.",
        (f"{_P}.state.Config", f"{_S}.recruitable"),
        (f"{_T}::test_piece_count_options_change_the_armies",
         f"{_T}::test_knight_spaces_can_have_no_effect_or_bring_back_the_dead",
         f"{_T}::test_forced_stops_make_special_spaces_work_only_at_the_end",
         f"{_R}::test_forced_stops_draw_only_on_landing"),
        ("variants", "Pieces")),
    IndexedRule(
        "variant-crowns", "Variant: Crowns",
        "Play for one, two or three Crowns; or send a Crown back to its start when its carrier is caught.",
        (f"{_P}.state.Config", f"{_S}._remove"),
        (f"{_K}::test_the_number_of_crowns_to_win_is_an_option",
         f"{_K}::test_a_captured_carriers_crown_stays_where_it_was_taken"),
        ("variants", "Crowns to win")),
    IndexedRule(
        "variant-teams", "Variant: four players",
        "Two teams of two: one partner moves the pieces at home, the other those abroad.",
        (f"{_S}.seat_for", f"{_S}._mover_role_ok"),
        (f"{_T}::test_four_players_in_two_teams", f"{_T}::test_four_player_wins_go_to_both_partners"),
        ("variants", "Four players")),
)
