"""Card Commander's rules index: each rule of the source, where the engine does it, tests it, shows it.

Rendered as the chapter's rules-index page by ``capture_lib.bookkit.rules_index``; a test fails when a rule
loses its code, its test or its example.
"""

from __future__ import annotations

from capture_lib.core.rules_index import IndexedRule

_S = "capture_lib.games.card_commander.rules.state"
_A = "capture_lib.games.card_commander.rules.actions"
_G = "capture_lib.games.card_commander.rules.game"
_T = "tests/card_commander/test_rules.py"
_R = "tests/card_commander/test_rulings.py"
_H = "tests/card_commander/test_hidden.py"
_B = "tests/card_commander/test_bad_input.py"

#: The rules of Card Commander, in the order a first game meets them.
RULES: tuple[IndexedRule, ...] = (
    IndexedRule(
        "players-and-cards", "Players and cards",
        "Two players share one ordinary deck; only the number cards are played and the face cards "
        "serve as Commanders.",
        (f"{_S}.number_cards", f"{_S}.COMMANDER_CARDS"),
        (f"{_T}::test_the_deal_is_a_chance_event_over_the_forty_number_cards",
         f"{_R}::test_aces_are_number_cards_worth_one"),
        ("rules", "What you need")),
    IndexedRule(
        "goal", "The goal",
        "Whoever takes two of the three rounds wins the game.",
        (f"{_S}.CardCommanderState._finish_round", f"{_S}.CardCommanderState._winners"),
        (f"{_T}::test_the_game_ends_when_a_player_wins_two_rounds",),
        ("rules", "Scoring and winning")),
    IndexedRule(
        "choose-commander", "Choosing a Commander",
        "Before the deal each player picks one of the three Commanders, openly; one deck holds one card of "
        "each, so the second player picks from the two that are left.",
        (f"{_A}.ChooseCommander", f"{_S}.CardCommanderState._why_illegal"),
        (f"{_T}::test_a_new_game_starts_with_blue_choosing_a_commander",
         f"{_T}::test_red_chooses_second_and_may_not_take_blues_commander",
         f"{_R}::test_one_deck_has_one_card_of_each_commander"),
        ("rules", "The Commanders")),
    IndexedRule(
        "same-commander", "Sharing a Commander",
        "Both players may lead the same Commander only if a second copy of that face card is at hand.",
        (f"{_S}.CardCommanderState._why_illegal",),
        (f"{_R}::test_same_commander_option",),
        ("rules", "The Commanders")),
    IndexedRule(
        "bonus-karl", "Karl's bonus",
        "Under Karl (King of diamonds) the owner's diamonds count two more and spades two less.",
        (f"{_S}.BONUSES", f"{_S}.card_value"),
        (f"{_T}::test_card_value_is_the_number_plus_the_commanders_bonus",
         f"{_T}::test_the_bonus_table_matches_the_three_commanders"),
        ("rules", "Lanes and bonuses")),
    IndexedRule(
        "bonus-joanne", "Joanne's bonus",
        "Under Joanne (Queen of spades) the owner's spades count two more and diamonds two less.",
        (f"{_S}.BONUSES", f"{_S}.card_value"),
        (f"{_T}::test_the_bonus_table_matches_the_three_commanders",),
        ("rules", "Lanes and bonuses")),
    IndexedRule(
        "bonus-jackson", "Jackson's bonus",
        "Under Jackson (Jack of hearts) every red card of the owner counts one more and every black card "
        "one less.",
        (f"{_S}.BONUSES", f"{_S}.card_value"),
        (f"{_T}::test_the_bonus_table_matches_the_three_commanders",
         f"{_T}::test_a_bonus_can_beat_a_higher_number"),
        ("rules", "Lanes and bonuses")),
    IndexedRule(
        "own-bonus", "Each side its own bonus",
        "A card gets the bonus of its owner's Commander, never the opponent's.",
        (f"{_S}.CardCommanderState.lane_value",),
        (f"{_T}::test_each_player_gets_their_own_commanders_bonus_in_battle",),
        ("rules", "Lanes and bonuses")),
    IndexedRule(
        "deal", "The deal",
        "Once both Commanders are chosen the number cards are shuffled and each player gets ten of them.",
        (f"{_S}.CardCommanderState._chance_outcomes", f"{_A}.Deal", f"{_S}.HAND_SIZE"),
        (f"{_T}::test_cards_are_dealt_one_at_a_time_blue_first",
         f"{_T}::test_after_twenty_cards_blue_places_first"),
        ("rules", "The deal")),
    IndexedRule(
        "three-lanes", "Three lanes, face down",
        "Each round both players lay three cards from their hand face down, one in each of the left, "
        "middle and right lanes, without seeing the other's choice.",
        (f"{_A}.Place", f"{_S}.CardCommanderState._apply"),
        (f"{_T}::test_placing_puts_one_card_in_each_lane_left_to_right",
         f"{_H}::test_red_does_not_see_blues_placement"),
        ("rules", "A round: three lanes, face down")),
    IndexedRule(
        "reveal", "Revealing the lanes",
        "When both have placed, every card is turned up at once and given its Commander bonus.",
        (f"{_S}.CardCommanderState._reveal_placements",),
        (f"{_T}::test_both_placements_are_revealed_and_the_round_is_settled",
         f"{_H}::test_placements_are_revealed_together"),
        ("rules", "A round: three lanes, face down")),
    IndexedRule(
        "lane-winner", "Winning a lane",
        "In each lane the card worth more after bonuses wins that lane.",
        (f"{_S}.CardCommanderState._settle_lanes", f"{_S}.CardCommanderState.lane_value"),
        (f"{_T}::test_a_bonus_can_beat_a_higher_number",
         f"{_T}::test_negative_and_zero_values_are_compared_like_any_other"),
        ("rules", "Lanes and bonuses")),
    IndexedRule(
        "extra-card", "The extra card on a tie",
        "When a lane is tied a player may add one more card from the hand to that lane's total; a card "
        "worth 0 or less keeps or lowers that total.",
        (f"{_A}.Extra", f"{_S}.CardCommanderState.may_add_extra"),
        (f"{_T}::test_one_extra_card_breaks_the_tie", f"{_T}::test_both_players_may_add_an_extra_card",
         f"{_T}::test_an_extra_card_worth_less_than_zero_lowers_the_lane_and_can_lose_it"),
        ("rules", "Ties and the one extra card")),
    IndexedRule(
        "extra-once", "Once a game, and only with cards to spare",
        "The extra card may be used once in the whole game, and only while the player keeps enough cards "
        "to finish all three rounds.",
        (f"{_S}.CardCommanderState.may_add_extra",),
        (f"{_T}::test_the_extra_card_is_once_a_game",
         f"{_R}::test_the_extra_card_keeps_three_cards_per_round_to_come",
         f"{_B}::test_a_second_extra_card_in_the_game"),
        ("rules", "Ties and the one extra card")),
    IndexedRule(
        "coin", "The coin",
        "A tie that no extra card settles is decided by a coin flip.",
        (f"{_A}.Coin", f"{_S}.CardCommanderState._chance_outcomes"),
        (f"{_T}::test_still_tied_after_both_extras_goes_to_the_coin",
         f"{_T}::test_the_coin_is_a_chance_event_with_two_equal_outcomes",
         f"{_T}::test_a_tie_with_no_extra_cards_left_goes_straight_to_the_coin"),
        ("rules", "Ties and the one extra card")),
    IndexedRule(
        "round-winner", "Winning a round",
        "More lanes won means the round is won and scores one point; the round's cards, extra cards "
        "included, go to a discard pile.",
        (f"{_S}.CardCommanderState._finish_round",),
        (f"{_T}::test_both_placements_are_revealed_and_the_round_is_settled",
         f"{_T}::test_the_discard_pile_takes_the_round_and_its_extra_cards"),
        ("rules", "Scoring and winning")),
    IndexedRule(
        "three-rounds", "Three rounds",
        "Rounds repeat, at most three of them, and the game is over as soon as someone has two.",
        (f"{_S}.ROUNDS", f"{_S}.CardCommanderState._finish_round"),
        (f"{_T}::test_a_one_all_score_goes_to_a_third_round", f"{_R}::test_the_game_stops_at_two_rounds",
         f"{_R}::test_play_all_rounds_option"),
        ("rules", "Scoring and winning")),
    IndexedRule(
        "records", "Keeping score",
        "Players write down the rounds won; the engine keeps the score and the public log for them.",
        (f"{_S}.CardCommanderState.view", f"{_G}.CardCommanderGame.summarize"),
        (f"{_H}::test_the_deal_is_masked_in_the_other_players_log",
         f"{_H}::test_the_hands_left_at_the_end_stay_hidden"),
        ("notation", "Saving a game and going on later")),
)
