"""Capture the Commander's rules index: each rule of the source, where it is coded, tested and shown.

Rendered as the chapter's rules-index page by ``capture_lib.bookkit.rules_index``; a test fails when a rule
loses its code, its test or its example.
"""

from __future__ import annotations

from capture_lib.core.rules_index import IndexedRule

_P = "capture_lib.games.capture_the_commander.rules"
_S = f"{_P}.state.CaptureTheCommanderState"
_L = f"{_P}.layout"
_T = "tests/capture_the_commander/test_ctc_rules.py"
_Y = "tests/capture_the_commander/test_ctc_layout.py"

#: The rules of Capture the Commander, in the order a first hand meets them.
RULES: tuple[IndexedRule, ...] = (
    IndexedRule(
        "players-and-deck", "Players and deck",
        "Two, three or four players share one 52-card deck.",
        (f"{_P}.game.CaptureTheCommanderGame.names_for", f"{_S}.num_players"),
        (f"{_T}::test_num_players_follows_the_option",),
        ("rules", "What you need")),
    IndexedRule(
        "ranking", "Card ranking",
        "Cards compare by rank alone, Ace highest and 2 lowest; suits never matter.",
        (f"{_P}.state.rank", f"{_P}.actions.rank_of"),
        (f"{_T}::test_ranking_ace_high_suits_equal",),
        ("rules", "What you need")),
    IndexedRule(
        "first-dealer", "The first dealer",
        "Everyone draws a card from the shuffled deck; the highest draw deals first.",
        (f"{_S}._apply_draw", f"{_P}.actions.Draw"),
        (f"{_T}::test_high_card_draw_chooses_the_dealer",
         f"{_T}::test_a_tie_in_the_draw_is_drawn_again_by_the_tied_players"),
        ("rules", "Who deals first")),
    IndexedRule(
        "cut", "Shuffle and cut",
        "The dealer shuffles and the player on the dealer's right cuts the deck.",
        (f"{_P}.actions.Cut", f"{_S}._why_chance_illegal"),
        (f"{_T}::test_cut_is_a_chance_event_with_limits",),
        ("rules", "Shuffling, cutting and dealing")),
    IndexedRule(
        "deal", "The deal",
        "Thirteen cards each, face down, one at a time, starting on the dealer's left and going "
        "clockwise; any cards left over stay out of the hand.",
        (f"{_S}._apply_deal", f"{_P}.game.CaptureTheCommanderGame.deal"),
        (f"{_T}::test_deal_one_card_at_a_time_from_the_dealers_left",
         f"{_T}::test_deal_helper_places_each_card_in_its_slot"),
        ("rules", "Shuffling, cutting and dealing")),
    IndexedRule(
        "unseen", "Nobody looks",
        "Players never look at their own dealt cards (they may shuffle their pile); a card is seen only "
        "when a battle shows it.",
        (f"{_S}.view", f"{_S}._observation"),
        (f"{_T}::test_observation_never_shows_an_unrevealed_card", f"{_T}::test_public_memory_of_battles"),
        ("rules", "What everyone knows")),
    IndexedRule(
        "layout", "The layout",
        "Each player lays the thirteen cards face down in a triangle of rows of 4, 3, 3, 2 and 1, each "
        "row overlapping the one before; the single card nearest the player is the Commander.",
        (f"{_L}.covers", f"{_S}._set_layout"),
        (f"{_Y}::test_rows_and_commander", f"{_T}::test_layout_ruling_card_10_lies_under_card_7"),
        ("rules", "The layout")),
    IndexedRule(
        "coverage", "Coverage",
        "A card with nothing on it is fully uncovered; one overlapped on one side is partially covered; "
        "one under two cards, or under one card lying straight on it, is fully covered.",
        (f"{_L}.coverage", f"{_L}.coverage_table"),
        (f"{_Y}::test_full_layout_coverage", f"{_Y}::test_coverage_changes_as_cards_leave",
         f"{_Y}::test_gap_does_not_let_upper_cards_cover_lower_ones"),
        ("rules", "Coverage")),
    IndexedRule(
        "turn-order", "Turn order",
        "The player on the dealer's left moves first, then play goes clockwise.",
        (f"{_S}._current_player",),
        (f"{_T}::test_four_players_first_turn_and_clockwise_order",),
        ("rules", "Three and four players")),
    IndexedRule(
        "attacker", "Who may attack",
        "On a turn the player attacks with one fully uncovered card of their own layout.",
        (f"{_S}._why_attack_illegal", f"{_L}.attackers"),
        (f"{_T}::test_attacker_must_be_fully_uncovered", f"{_T}::test_no_attack_on_own_layout_or_out_of_turn"),
        ("rules", "Attacking")),
    IndexedRule(
        "target", "What may be attacked",
        "The target is any fully uncovered or partially covered card of any opponent, never a fully "
        "covered one.",
        (f"{_L}.targets", f"{_S}._why_attack_illegal"),
        (f"{_T}::test_fully_covered_target_cannot_be_attacked",
         f"{_T}::test_partially_covered_and_uncovered_targets_may_be_attacked",
         f"{_T}::test_legal_attacks_are_exactly_uncovered_onto_open_cards"),
        ("rules", "Attacking")),
    IndexedRule(
        "battle", "The battle",
        "Both cards are shown; the lower one leaves its layout for good and the higher goes back face "
        "down where it was.",
        (f"{_S}._apply_attack", f"{_S}._beat"),
        (f"{_T}::test_higher_card_wins_and_goes_back_in_place", f"{_T}::test_lower_attacker_leaves"),
        ("rules", "Attacking")),
    IndexedRule(
        "tie-break", "Ties",
        "Equal ranks: each of the two players shows a card adjacent to their battling card and the higher "
        "wins; equal again, they show more, until the ranks differ.",
        (f"{_S}._apply_pick", f"{_S}.tie_candidates", f"{_S}._continue_tie"),
        (f"{_T}::test_one_step_tie_break_and_secret_first_pick", f"{_T}::test_two_step_tie_break"),
        ("rules", "Ties")),
    IndexedRule(
        "adjacent", "Adjacent cards",
        "A card is adjacent to another when it lies under it (fully or partly) or beside it in the same "
        "row; by the adjacency ruling a card lying on top of it counts too (a variant leaves those out).",
        (f"{_L}.adjacent", f"{_L}.row_neighbours"),
        (f"{_Y}::test_adjacency", f"{_T}::test_both_ways_adjacency_lets_a_commander_break_a_tie"),
        ("rules", "Ties")),
    IndexedRule(
        "run-out", "Running out of adjacent cards",
        "A player who has no adjacent card left for a tie while the other still has one drops out, "
        "as if the Commander were captured, even with more cards in the layout; the other loses no card.",
        (f"{_S}._continue_tie", f"{_S}._eliminate"),
        (f"{_T}::test_running_out_of_adjacent_cards", f"{_T}::test_running_out_at_once_with_no_adjacent_card",
         f"{_T}::test_the_default_eliminates_the_player_who_ran_out_and_keeps_the_other_in_a_bigger_game"),
        ("rules", "Running out of adjacent cards")),
    IndexedRule(
        "double-out", "Both out",
        "When both players run out of adjacent cards at once, the last cards shown being a tie, both are "
        "out; with two players the game is a draw.",
        (f"{_S}._continue_tie", f"{_S}._finish_hand"),
        (f"{_T}::test_last_two_eliminated_together_share_the_hand",
         f"{_T}::test_both_running_out_at_once_on_a_last_tie"),
        ("rules", "Running out of adjacent cards")),
    IndexedRule(
        "commander-beaten", "Losing the Commander",
        "A player whose Commander loses a battle is out of the hand, whether it fought or was shown as "
        "a tie-break card.",
        (f"{_S}._eliminate", f"{_S}._end_battle", f"{_S}._apply_pick"),
        (f"{_T}::test_beaten_commander_eliminates_and_ends_a_two_player_game",
         f"{_T}::test_commander_captured_through_a_tie_break",
         f"{_T}::test_a_commander_beaten_as_the_tie_break_card_eliminates",
         f"{_T}::test_an_uncovered_commander_may_attack_and_can_lose"),
        ("rules", "Capturing a Commander")),
    IndexedRule(
        "winner", "The winner",
        "Play goes on, skipping the players who are out, until one player still has a Commander.",
        (f"{_S}._winners", f"{_S}._finish_hand", f"{_S}.alive"),
        (f"{_T}::test_three_players_turns_skip_the_eliminated",
         f"{_T}::test_the_turn_passes_on_from_an_eliminated_attacker"),
        ("rules", "Three and four players")),
    IndexedRule(
        "next-hand", "Further hands",
        "In a match of several hands the deal passes clockwise to the next dealer.",
        (f"{_S}._finish_hand",),
        (f"{_T}::test_match_rotates_the_dealer_and_scores_hands",
         f"{_T}::test_match_position_text_keeps_hand_and_scores"),
        ("rules", "Several hands")),
)
