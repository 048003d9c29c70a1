"""Capture the Commander: every rule and ruling on small, exact positions."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from capture_lib import CHANCE, IllegalAction, load_game
from capture_lib.core import saves
from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.games.capture_the_commander.rules.actions import Attack, Pick, card_number

GAME = load_game("capture-the-commander")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT = {"North": "S", "South": "H", "East": "D", "West": "C"}


def row(name: str, **slots: str) -> str:
    """A layout line: slot k holds rank k+1 of the seat's own suit (slot 13 an ace), then changes.

    ``s5="-"`` empties slot 5, ``s1="AD"`` puts the ace of diamonds in slot 1.
    """
    cards = [r + SUIT[name] for r in RANKS]
    for key, value in slots.items():
        cards[int(key[1:]) - 1] = value
    return f"{name}: " + " ".join(cards)


def table(*rows: str, turn: str = "North", extra: str = "") -> str:
    return "\n".join(rows) + f"\nturn: {turn}\n" + extra


def two(north: dict | None = None, south: dict | None = None, turn: str = "North", **options):
    text = table(row("North", **(north or {})), row("South", **(south or {})), turn=turn)
    return GAME.from_position(text, **options)


def three(north=None, east=None, west=None, turn="North", **options):
    text = table(row("North", **(north or {})), row("East", **(east or {})), row("West", **(west or {})),
                 turn=turn)
    return GAME.from_position(text, **options)


def _name(c: int) -> str:
    from capture_lib.games.capture_the_commander.rules.actions import CARD_NAMES

    return CARD_NAMES[c]


def illegal(state, action, words):
    before_key, before_history = state._key(), state.history
    with pytest.raises(IllegalAction) as err:
        state.play(action)
    assert words in str(err.value), str(err.value)
    assert state._key() == before_key and state.history == before_history
    return err.value


# ----- the game object, options and seats ----------
def test_registered_and_named():
    assert GAME.slug == "capture-the-commander"
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert GAME.names_for(2) == ("North", "South") == GAME.seat_names
    assert GAME.names_for(3) == ("North", "East", "West")
    assert GAME.names_for(4) == ("North", "East", "South", "West")
    with pytest.raises(ValueError):
        GAME.names_for(5)


def test_unknown_option_names_the_valid_ones():
    with pytest.raises(ValueError) as err:
        GAME.new_game(seed=1, unknown=1)
    for name in ("players", "hands", "adjacency", "tie_loser", "run_out", "tie_anchor", "first_dealer"):
        assert name in str(err.value)
    with pytest.raises(ValueError, match="players"):
        GAME.new_game(seed=1, players=5)
    with pytest.raises(ValueError, match="first_dealer"):
        GAME.new_game(seed=1, players=2, first_dealer=3)


def test_num_players_follows_the_option():
    for n in (2, 3, 4):
        state = GAME.new_game(seed=1, players=n)
        assert state.num_players == n and len(state.returns()) == n


# ----- the deck, the draw for dealer, the cut and the deal ----------
def test_ranking_ace_high_suits_equal():
    ranks = [card_number(r + "S") % 13 for r in RANKS]
    assert ranks == sorted(ranks) and len(set(ranks)) == 13
    assert card_number("7S") % 13 == card_number("7H") % 13


def test_high_card_draw_chooses_the_dealer():
    state = GAME.new_game(seed=1, players=3)
    assert state.phase == "draw" and state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and sum(p for _, p in outcomes) == 1
    assert all(str(a).startswith("draw N ") for a, _ in outcomes)
    state = state.play("draw N 5S")
    assert len(state.chance_outcomes()) == 51
    illegal(state, "draw E 5S", "already been drawn")
    illegal(state, "draw W 5H", "East draws next")
    state = state.play("draw E KH").play("draw W 9C")
    assert state.dealer == 1 and state.phase == "cut"


def test_a_tie_in_the_draw_is_drawn_again_by_the_tied_players():
    state = GAME.new_game(seed=1, players=3).play("draw N KS").play("draw E KH").play("draw W 2C")
    assert state.phase == "draw" and state.drawing == (0, 1)
    # The drawn cards went back: the whole deck is there again.
    assert len(state.chance_outcomes()) == 52
    state = state.play("draw N 3S").play("draw E 4D")
    assert state.dealer == 1 and state.draw_rounds[0][0] == (0, card_number("KS"))


def test_first_dealer_option_skips_the_draw():
    state = GAME.new_game(seed=1, players=4, first_dealer=2)
    assert state.phase == "cut" and state.dealer == 2


def test_cut_is_a_chance_event_with_limits():
    state = GAME.new_game(seed=1, players=2, first_dealer=0)
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"cut {k}" for k in range(4, 49)]
    assert all(p == Fraction(1, 45) for _, p in outcomes)
    illegal(state, "cut 3", "leaving at least 4")
    illegal(state, "cut 49", "leaving at least 4")
    illegal(state, "deal AS", "no card is being dealt")
    illegal(state, "N1xS1", "chance must act first")
    assert state.play("cut 20").phase == "deal"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_one_card_at_a_time_from_the_dealers_left(players):
    dealer = players - 1
    state = GAME.new_game(seed=5, players=players, first_dealer=dealer).play("cut 26")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and all(p == Fraction(1, 52) for _, p in outcomes)
    state = state.play("deal 9D")
    # The dealer's left is the next seat clockwise, seat 0 here; it gets the first card in slot 1.
    assert state.card_at(0, 1) == card_number("9D")
    assert len(state.chance_outcomes()) == 51
    illegal(state, "deal 9D", "already been dealt")
    state = state.play("deal 2C")
    assert state.card_at(1, 1) == card_number("2C")
    state = state.resolve_chance()
    assert state.phase == "play"
    assert all(state.cards_left(s) == 13 for s in range(players))
    assert len(state.set_aside) == 52 - 13 * players
    assert state.current_player == 0  # the player at the dealer's left attacks first
    every = sorted([c for s in range(players) for c in state.layouts[s] if c >= 0] + list(state.set_aside))
    assert every == list(range(52))


def test_deal_helper_places_each_card_in_its_slot():
    north = [r + "S" for r in RANKS]
    south = [r + "H" for r in RANKS]
    state = GAME.deal([north, south], dealer=1, cut=30)
    assert str(state.history[0]) == "cut 30"
    assert str(state.history[1]) == "deal 2S"  # North sits at the dealer's left
    assert [state.card_at(0, s) for s in lay.SLOTS] == [card_number(c) for c in north]
    assert [state.card_at(1, s) for s in lay.SLOTS] == [card_number(c) for c in south]
    assert state.current_player == 0
    with pytest.raises(ValueError):
        GAME.deal([north[:12], south])


def test_seeded_games_are_exact():
    a = GAME.new_game(seed=42, players=4).resolve_chance()
    b = GAME.new_game(seed=42, players=4).resolve_chance()
    c = GAME.new_game(seed=43, players=4).resolve_chance()
    assert a == b and a.history == b.history
    assert a.layouts != c.layouts
    assert GAME.replay(42, [], players=4) == a


# ----- attacking ----------
def test_higher_card_wins_and_goes_back_in_place():
    state = two(north={"s1": "AD"})
    after = state.play("N1xS1")
    assert after.card_at(1, 1) is None and after.card_at(0, 1) == card_number("AD")
    assert after.beaten == (card_number("2H"),)
    assert after.current_player == 1
    # South's card 5 lost a neighbour on top: now partially covered, a target.
    assert after.coverage(1, 5) == lay.PARTIAL
    assert "S1xN5" not in {str(a) for a in after.legal_actions()}
    assert "N1xS5" in {str(a) for a in after.play("S2xN3").legal_actions()}


def test_lower_attacker_leaves():
    state = two()
    after = state.play("N1xS2")  # 2S against 3H
    assert after.card_at(0, 1) is None and after.card_at(1, 2) == card_number("3H")
    assert after.beaten == (card_number("2S"),)


def test_attacker_must_be_fully_uncovered():
    state = two()
    illegal(state, "N5xS1", "North's card 5 is fully covered: only a fully uncovered card may attack")
    illegal(state, "N8xS1", "fully covered")
    partial = two(north={"s1": "-"})
    assert partial.coverage(0, 5) == lay.PARTIAL
    illegal(partial, "N5xS1", "partially covered: only a fully uncovered card may attack")


def test_fully_covered_target_cannot_be_attacked():
    state = two()
    illegal(state, "N1xS5", "South's card 5 is fully covered and cannot be attacked")
    illegal(state, "N1xS13", "fully covered")
    # Directly under card 5, card 8 stays fully covered even with 1 and 2 gone.
    state = two(south={"s1": "-", "s2": "-"})
    illegal(state, "N1xS8", "fully covered")
    assert state.coverage(1, 5) == lay.UNCOVERED


def test_partially_covered_and_uncovered_targets_may_be_attacked():
    state = two(south={"s1": "-"})
    assert Attack("N", 1, "S", 5) in state.legal_actions()
    state = two(south={"s5": "-"})
    assert Attack("N", 1, "S", 8) in state.legal_actions()


def test_no_attack_on_own_layout_or_out_of_turn():
    state = two()
    illegal(state, "N1xN2", "may not attack their own layout")
    illegal(state, "S1xN1", "it is North's turn, not South's")
    illegal(state, "N1xE1", "there is no player E at this table")
    illegal(two(north={"s3": "-"}), "N3xS1", "North has no card in slot 3")
    illegal(two(south={"s3": "-"}), "N1xS3", "South has no card in slot 3")
    illegal(state, "pick N2", "no tie-break is being settled")


def test_legal_attacks_are_exactly_uncovered_onto_open_cards():
    state = two()
    got = {str(a) for a in state.legal_actions()}
    assert got == {f"N{a}xS{d}" for a in (1, 2, 3, 4) for d in (1, 2, 3, 4)}


# ----- the Commander ----------
def test_beaten_commander_eliminates_and_ends_a_two_player_game():
    state = two(south={"s11": "-", "s13": "2D"})
    assert state.coverage(1, 13) == lay.PARTIAL
    after = state.play("N4xS13")
    assert after.is_over and after.winners == (0,) and after.returns() == [1.0, -1.0]
    assert after.out == (False, True)
    illegal(after, "N1xS1", "the game is over")


def test_an_uncovered_commander_may_attack_and_can_lose():
    state = two(north={"s11": "-", "s12": "-", "s13": "2D"})
    assert state.coverage(0, 13) == lay.UNCOVERED
    after = state.play("N13xS2")
    assert after.is_over and after.winners == (1,)


# ----- ties ----------
def test_one_step_tie_break_and_secret_first_pick():
    state = two().play("N1xS1")  # 2S against 2H
    assert state.phase == "tie" and state.current_player == 0
    assert {str(a) for a in state.legal_actions()} == {"pick N2", "pick N5"}
    assert state.tie_candidates(1) == (2, 5)
    # A fully covered card may be picked: card 5 is under 1 and 2.
    state = state.play("pick N5")
    assert state.current_player == 1
    south_view, north_view = state.observation(1), state.observation(0)
    assert south_view["battle"]["attacker_picked"] and south_view["battle"]["attacker_pick"] is None
    assert south_view["log"][-1] == "pick N?" and north_view["log"][-1] == "pick N5"
    assert north_view["battle"]["attacker_pick"] == 5
    assert state.view(None)["battle"]["attacker_pick"] is None and state.view(None)["log"][-1] == "pick N?"
    assert state.view(None, everything=True)["battle"]["attacker_pick"] == 5
    assert "6S" not in json.dumps(south_view)
    illegal(state, "pick N2", "it is South's turn to pick")
    illegal(state, "N1xS1", "a tie-break is being settled")
    after = state.play("pick S2")  # 6S beats 3H: North wins the battle
    assert after.card_at(1, 1) is None  # South's card that fought leaves
    assert after.card_at(0, 5) == card_number("6S") and after.card_at(1, 2) == card_number("3H")
    assert after.beaten == (card_number("2H"),)
    assert after.observation(1)["log"][-2:] == ["pick N5", "pick S2"]
    known = {c["slot"]: c["known"] for c in after.observation(1)["layouts"][0]["cards"]}
    assert known[5] == "6S" and known[1] == "2S" and known[2] is None
    record = after.observation(0)["battles"][-1]
    assert record["rounds"] == [[5, "6S", 2, "3H"]] and record["loser"] == 1 and record["loser_slot"] == 1
    assert after.current_player == 1


def test_tie_card_option_removes_the_losing_tie_break_card():
    state = two(tie_loser="tie-card").play("N1xS1").play("pick N5").play("pick S2")
    assert state.card_at(1, 2) is None and state.card_at(1, 1) == card_number("2H")
    assert state.beaten == (card_number("3H"),)


def test_two_step_tie_break():
    state = two(south={"s5": "4D"}).play("N1xS1").play("pick N2").play("pick S2")  # 3S = 3H
    assert state.phase == "tie" and state.current_player == 0
    illegal(state, "pick N2", "already been shown in this battle")
    illegal(state, "pick N1", "already been shown")
    illegal(state, "pick N3", "not adjacent")
    assert state.legal_actions() == [Pick("N", 5)]
    state = state.play("pick N5").play("pick S5")  # 6S beats 4D
    assert state.card_at(1, 1) is None and state.phase == "play"
    assert len(state.battles[-1][6]) == 2


def test_tie_anchor_last_card_option():
    state = two(tie_anchor="last-card").play("N1xS1").play("pick N2").play("pick S2")
    # Next card must be adjacent to card 2 (1, 3, 5, 6), not yet shown (1 and 2 were).
    assert state.tie_candidates(0) == (3, 5, 6)
    plain = two().play("N1xS1").play("pick N2").play("pick S2")
    assert plain.tie_candidates(0) == (5,)


def test_picks_only_by_the_tied_players_in_order():
    state = three().play("N1xE1")  # 2S against 2D
    illegal(state, "pick W2", "West is not in the tied battle")
    illegal(state, "pick E2", "it is North's turn to pick")
    illegal(state, "pick Q2", "no player Q")
    state = state.play("pick N2")
    illegal(state, "pick N5", "it is East's turn to pick")


@pytest.mark.parametrize("run_out,south_changes,winners", [
    (None, {}, (1,)),                        # the default: North ran out of adjacent cards and goes
    (None, {"s12": "-"}, (1,)),              # ... even with more cards in the layout than South
    ("adjacent", {}, (1,)),
    ("adjacent", {"s12": "-"}, (1,)),
    ("layout", {}, ()),                      # 13 cards each: both eliminated, a drawn game
    ("layout", {"s12": "-"}, (0,)),          # South has fewer cards and goes, though North ran out
])
def test_running_out_of_adjacent_cards(run_out, south_changes, winners):
    # North's 3D meets South's 3H; North's 6S meets 6H, then 3S meets 3C: North has nothing adjacent left,
    # while South still has cards 1 and 6 next to its card 2.
    south = {"s3": "3C", **south_changes}
    options = {} if run_out is None else {"run_out": run_out}
    state = two(north={"s1": "3D"}, south=south, **options)
    state = state.play("N1xS2").play("pick N5").play("pick S5").play("pick N2").play("pick S3")
    assert state.tie_candidates(0) == () and state.tie_candidates(1) == ()  # the battle is over
    assert state.is_over and state.winners == winners
    if winners == ():
        assert state.returns() == [0.0, 0.0] and state.out == (True, True)
    else:
        # Nobody's card is beaten: the player who could not go on is out, the other keeps every card.
        record = state.battles[-1]
        assert record[7] is None and record[9] == tuple(s for s in (0, 1) if s not in winners)
        assert state.beaten == ()


def test_the_default_eliminates_the_player_who_ran_out_and_keeps_the_other_in_a_bigger_game():
    # Three players: North runs out against East, who has fewer cards; North goes and the game goes on.
    state = three(north={"s1": "3H"}, east={"s3": "3C", "s12": "-"}, west={"s2": "KH"})
    state = state.play("N1xE2").play("pick N5").play("pick E5").play("pick N2").play("pick E3")
    assert state.out == (True, False, False) and not state.is_over
    assert state.cards_left(1) == 12 and state.current_player == 1


@pytest.mark.parametrize("run_out,south_changes,out", [
    (None, {}, (True, True)),
    (None, {"s12": "-"}, (True, True)),      # both ran out at once: the layouts do not matter
    ("layout", {"s12": "-"}, (False, True)),
])
def test_both_running_out_at_once_on_a_last_tie(run_out, south_changes, out):
    # 2S = 2H, then 3S = 3H and 6S = 6H: neither card 1 has anything adjacent left.
    options = {} if run_out is None else {"run_out": run_out}
    state = two(south=south_changes, **options).play("N1xS1").play("pick N2").play("pick S2")
    state = state.play("pick N5").play("pick S5")
    assert state.is_over and state.out == out
    assert state.winners == (() if out == (True, True) else (0,))


def test_running_out_at_once_with_no_adjacent_card():
    # Under-only adjacency: an attacked Commander lies on nothing and has no row neighbour.
    state = two(north={"s1": "AD"}, south={"s11": "-"}, adjacency="under-only")
    after = state.play("N1xS13")
    assert after.is_over and after.winners == (0,)  # South had 12 cards to North's 13
    record = after.battles[-1]
    assert record[7] is None and record[9] == (1,)


def test_both_ways_adjacency_lets_a_commander_break_a_tie():
    state = two(north={"s1": "AD"}, south={"s11": "-"})
    tied = state.play("N1xS13")
    assert tied.tie_candidates(1) == (12,)
    after = tied.play("pick N5").play("pick S12")  # KH beats 6S: North's ace of diamonds leaves
    assert after.card_at(0, 1) is None and not after.is_over


@pytest.mark.parametrize("tie_loser", ["battle-card", "tie-card"])
def test_commander_captured_through_a_tie_break(tie_loser):
    # The Commander fought and tied; its side lost the tie-break: captured under either option.
    state = two(south={"s11": "-", "s13": "2D", "s12": "3D"}, tie_loser=tie_loser)
    after = state.play("N1xS13").play("pick N5").play("pick S12")  # 6S beats 3D
    assert after.is_over and after.winners == (0,)
    assert card_number("2D") in after.beaten and after.battles[-1][8] == lay.COMMANDER


@pytest.mark.parametrize("tie_loser", ["battle-card", "tie-card"])
def test_a_commander_beaten_as_the_tie_break_card_eliminates(tie_loser):
    # South's card 12 (KH, open since card 10 is gone) ties North's KD; South breaks the tie with the
    # Commander lying under card 12, and North's 6S beats its 2D.
    state = two(north={"s1": "KD"}, south={"s10": "-", "s12": "KH", "s13": "2D"}, tie_loser=tie_loser)
    tied = state.play("N1xS12")
    assert tied.tie_candidates(1) == (9, 11, 13)
    after = tied.play("pick N5").play("pick S13")
    assert after.is_over and after.winners == (0,) and after.out == (False, True)
    assert card_number("2D") in after.beaten and card_number("KH") not in after.beaten
    # The winner's side is untouched: North's KD and 6S stay.
    assert after.battles[-1][7:] == (1, lay.COMMANDER, (1,))


def test_a_commander_that_ties_in_a_tie_break_is_not_beaten():
    state = two(north={"s1": "KD"}, south={"s10": "-", "s12": "KH", "s13": "6D"})
    state = state.play("N1xS12").play("pick N5").play("pick S13")  # 6S = 6D: tied again
    assert state.phase == "tie" and state.card_at(1, 13) == card_number("6D")
    after = state.play("pick N2").play("pick S11")  # QH beats 3S: North's KD leaves
    assert not after.is_over and after.card_at(0, 1) is None and after.card_at(1, 13) is not None


# ----- three and four players ----------
def test_three_players_turns_skip_the_eliminated():
    state = three(west={"s11": "-", "s13": "2H"})
    after = state.play("N4xW13")
    assert after.out == (False, False, True) and not after.is_over
    assert after.current_player == 1
    # West's remaining twelve cards are set aside unseen; its Commander was beaten.
    assert len(after.set_aside) == 52 - 39 + 12 and card_number("2H") in after.beaten
    assert all(a.defender != "W" for a in after.legal_actions())
    illegal(after, "W1xN1", "West has been eliminated and takes no more turns")
    illegal(after, "E1xW1", "West has been eliminated: their cards are out of play")
    illegal(after, "pick W1", "West has been eliminated")
    after = after.play("E1xN2")
    assert after.current_player == 0
    obs = after.observation(2)
    assert obs["eliminated"] == [2] and obs["layouts"][2]["out"]


def test_the_turn_passes_on_from_an_eliminated_attacker():
    state = three(north={"s11": "-", "s12": "-", "s13": "2H"})
    after = state.play("N13xE2")
    assert after.out[0] and after.current_player == 1


def test_last_two_eliminated_together_share_the_hand():
    text = table(row("North"), row("East"), "West: out", turn="North")
    state = GAME.from_position(text)
    state = state.play("N1xE1").play("pick N2").play("pick E2").play("pick N5").play("pick E5")
    assert state.is_over and state.winners == (0, 1)
    assert state.returns() == [0.5, 0.5, -1.0]


def test_four_players_first_turn_and_clockwise_order():
    state = GAME.new_game(seed=9, players=4, first_dealer=3).play("cut 10").resolve_chance()
    assert state.current_player == 0
    rows = (row("North"), row("East"), row("South", s1="AH", s13="2H"), row("West"))
    state = GAME.from_position(table(*rows, turn="West"))
    assert state.dealer == 2  # by default the seat before the one to act
    after = state.play("W1xS1")  # 2C loses to AH; the turn goes clockwise from West to North
    assert after.current_player == 0
    after = after.play("N2xS1").play("E1xW2").play("S1xN1")
    assert after.current_player == 3
    assert {a.defender for a in after.legal_actions()} == {"N", "E", "S"}


# ----- a match of several hands ----------
def test_match_rotates_the_dealer_and_scores_hands():
    text = table(row("North"), row("South", s11="-", s13="2D"), turn="North", extra="dealer: South\n")
    state = GAME.from_position(text, hands=2)
    state = state.play("N4xS13")
    assert not state.is_over and state.phase == "cut" and state.current_player == CHANCE
    assert state.scores == (2, 0) and state.hand == 2 and state.dealer == 0
    assert state.hand_results == ((0,),)
    state = state.play("cut 20").resolve_chance()
    assert state.current_player == 1  # the new dealer's left
    assert all(state.cards_left(s) == 13 for s in (0, 1)) and state.beaten == ()
    import random

    rng = random.Random(3)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
    assert sum(state.scores) in (3, 4) and len(state.hand_results) == 2
    top = max(state.scores)
    expected = tuple(s for s in (0, 1) if state.scores[s] == top)
    assert state.winners == (expected if len(expected) == 1 else ())


def test_match_position_text_keeps_hand_and_scores():
    text = table(row("North"), row("South", s11="-", s13="2D"), turn="North",
                 extra="hand: 3\nscores: 2 2\n")
    state = GAME.from_position(text, hands=3)
    assert "hand: 3" in state.start and "scores: 2 2" in state.start
    done = state.play("N4xS13")
    assert done.is_over and done.scores == (4, 2) and done.winners == (0,)


# ----- what each seat sees ----------
def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_observation_never_shows_an_unrevealed_card():
    from capture_lib.games.capture_the_commander.rules.actions import CARD_NAMES

    state = GAME.new_game(seed=11, players=4).resolve_chance()
    for seat in range(4):
        obs = state.observation(seat)
        json.dumps(obs)
        drawn = {c for r in obs["draw_rounds"] for _, c in r}
        shown = {s for s in _strings(obs) if s in CARD_NAMES}
        assert shown <= drawn
        assert all(c["known"] is None for lay_ in obs["layouts"] for c in lay_["cards"])
        assert all(entry == "deal ?" for entry in obs["log"] if entry.startswith("deal"))
        assert "card" not in obs["layouts"][seat]["cards"][0]
    teaching = state.view(None, everything=True)
    assert teaching["layouts"][0]["cards"][0]["card"] in CARD_NAMES and teaching["teaching"]
    public = state.view(None)
    assert not ({s for s in _strings(public) if s in CARD_NAMES} - drawn)
    assert public["log"].count("deal ?") == 52
    with pytest.raises(ValueError):
        state.observation(4)


def test_public_memory_of_battles():
    state = two(north={"s1": "AD"}).play("N1xS1")
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs["layouts"][0]["cards"][0]["known"] == "AD"
        assert obs["beaten"] == ["2H"]
        assert obs["layouts"][0]["cards"][1]["known"] is None
        assert obs["layouts"][1]["cards"][4]["coverage"] == "partial"
    assert state.observation(1)["legal"] and not state.observation(0)["legal"]


def test_pictures():
    from capture_lib.bookkit.notebook import picture
    from capture_lib.games.capture_the_commander.scene import layout_diagram
    from capture_lib.render.picture import to_svg

    state = GAME.new_game(seed=2, players=3).resolve_chance()
    hidden = _name(state.card_at(0, 1))
    shown = hidden.rstrip("SHDC") + "\u2660\u2665\u2666\u2663"[["S", "H", "D", "C"].index(hidden[-1])]
    assert shown in picture(state, everything=True).svg
    seat_picture = picture(state, seat=0).svg
    assert seat_picture.startswith("<svg") and shown not in seat_picture
    assert "<svg" in to_svg(layout_diagram())
    assert repr(state).startswith("<capture-the-commander 3 players")


# ----- notation ----------
@pytest.mark.parametrize("text,expected", [
    ("N3xE7", "N3xE7"), ("n3 x e7", "N3xE7"), ("pick n6", "pick N6"), ("draw n as", "draw N AS"),
    ("cut 26", "cut 26"), ("deal 10h", "deal 10H"), ("deal T♦", "deal 10D"), ("N13xS12", "N13xS12"),
])
def test_notation_reads_back(text, expected):
    state = GAME.new_game(seed=1, players=4)
    assert str(state.parse_action(text)) == expected


@pytest.mark.parametrize("text", ["", "N", "N14xS1", "N0xS1", "pick", "pick N", "pick N0", "deal 1X",
                                  "cut many", "draw NS AS", "hello world", "N1yS1"])
def test_bad_notation(text):
    state = two()
    with pytest.raises(IllegalAction) as err:
        state.play(text)
    assert err.value.rule == "notation"


def test_non_text_action_rejected():
    with pytest.raises(IllegalAction):
        two().play(42)


# ----- saves ----------
def test_json_round_trip_and_tampering():
    state = GAME.new_game(seed=8, players=3).resolve_chance()
    state = state.play(state.legal_actions()[0])
    loaded = saves.load(GAME, saves.dump(state))
    assert loaded == state and loaded.history == state.history
    data = json.loads(saves.dump(state))
    data["history"][-1] = "N5xE5"
    with pytest.raises(ValueError, match="illegal"):
        saves.load(GAME, json.dumps(data))
    data = json.loads(saves.dump(state))
    data["history"][10] = data["history"][9]  # the same card dealt twice
    with pytest.raises(ValueError, match="already been dealt"):
        saves.load(GAME, json.dumps(data))
    with pytest.raises(ValueError):
        saves.load(GAME, "{not json")


def test_position_game_round_trips():
    state = two(north={"s1": "AD"}).play("N1xS1").play("S2xN2")
    loaded = saves.load(GAME, saves.dump(state))
    assert loaded == state


# ----- the layout rulings on positions ----------
def test_layout_ruling_card_10_lies_under_card_7():
    state = two(south={"s7": "-"})
    assert state.coverage(1, 10) == lay.UNCOVERED
    assert state.coverage(1, 6) == lay.FULL and state.coverage(1, 9) == lay.FULL
    assert "N1xS10" in {str(a) for a in state.legal_actions()}


def test_gaps_ruling_nothing_slides():
    # Card 5 gone: 1 and 2 never lay on 8, so 8 may be attacked although 1 and 2 remain.
    state = two(south={"s5": "-"})
    assert state.coverage(1, 8) == lay.UNCOVERED
    # Card 2 gone: 1 and 3 are not neighbours across the gap.
    tied = two(north={"s2": "-"}).play("N1xS1")
    assert tied.tie_candidates(0) == (5,)


def test_options_named_by_rulings_exist():
    names = {o.name for o in GAME.options}
    for ruling in GAME.rulings:
        assert ruling.option is None or ruling.option in names
    assert len({r.key for r in GAME.rulings}) == len(GAME.rulings)


RULING_TESTS = {
    "layout": ["test_layout_ruling_card_10_lies_under_card_7"],
    "direct-cover": ["test_fully_covered_target_cannot_be_attacked"],
    "gaps": ["test_gaps_ruling_nothing_slides"],
    "dealer-draw": ["test_high_card_draw_chooses_the_dealer",
                    "test_a_tie_in_the_draw_is_drawn_again_by_the_tied_players",
                    "test_first_dealer_option_skips_the_draw"],
    "shuffle-cut-deal": ["test_cut_is_a_chance_event_with_limits",
                         "test_deal_one_card_at_a_time_from_the_dealers_left"],
    "laying-out": ["test_deal_helper_places_each_card_in_its_slot"],
    "hidden": ["test_observation_never_shows_an_unrevealed_card", "test_public_memory_of_battles"],
    "attack": ["test_no_attack_on_own_layout_or_out_of_turn",
               "test_legal_attacks_are_exactly_uncovered_onto_open_cards"],
    "adjacency": ["test_both_ways_adjacency_lets_a_commander_break_a_tie",
                  "test_running_out_at_once_with_no_adjacent_card"],
    "tie-anchor": ["test_tie_anchor_last_card_option"],
    "tie-pick": ["test_one_step_tie_break_and_secret_first_pick", "test_two_step_tie_break"],
    "tie-order": ["test_one_step_tie_break_and_secret_first_pick",
                  "test_picks_only_by_the_tied_players_in_order"],
    "tie-loser": ["test_one_step_tie_break_and_secret_first_pick",
                  "test_tie_card_option_removes_the_losing_tie_break_card",
                  "test_commander_captured_through_a_tie_break"],
    "run-out": ["test_running_out_of_adjacent_cards",
                "test_the_default_eliminates_the_player_who_ran_out_and_keeps_the_other_in_a_bigger_game",
                "test_both_running_out_at_once_on_a_last_tie"],
    "commander-tie": ["test_a_commander_beaten_as_the_tie_break_card_eliminates",
                      "test_commander_captured_through_a_tie_break",
                      "test_a_commander_that_ties_in_a_tie_break_is_not_beaten"],
    "eliminated": ["test_three_players_turns_skip_the_eliminated"],
    "turn-order": ["test_the_turn_passes_on_from_an_eliminated_attacker",
                   "test_four_players_first_turn_and_clockwise_order"],
    "shared-finish": ["test_last_two_eliminated_together_share_the_hand", "test_running_out_of_adjacent_cards"],
    "match": ["test_match_rotates_the_dealer_and_scores_hands", "test_match_position_text_keeps_hand_and_scores"],
    "seats": ["test_registered_and_named"],
}


def test_every_ruling_has_tests():
    assert set(RULING_TESTS) == {r.key for r in GAME.rulings}
    for names in RULING_TESTS.values():
        for name in names:
            assert callable(globals().get(name)), name


def test_text_picture_shows_only_what_the_seat_sees():
    from capture_lib.games.capture_the_commander.scene import scene
    from capture_lib.render.text import scene_text

    state = two(north={"s1": "AD"}).play("N1xS1")
    text = scene_text(scene(state.observation(1)))
    layouts = next(line for line in text.splitlines() if line.startswith("1:"))
    assert layouts.split() == ["1:AD\u25cb", "2:?\u25cb", "3:?\u25cb", "4:?\u25cb", "--", "2:?\u25cb", "3:?\u25cb",
                               "4:?\u25cb"]  # North's shown Ace beside South's empty first place
    assert "Beaten out of the game: 2\u2665" in text and "Key: \u25cb fully uncovered" in text
    assert "KS" not in text  # North's card 12, never shown
    assert "12:KS" in scene_text(scene(state.view(None, everything=True)))


def test_terminal_game():
    import io

    from capture_lib.cli import play_in_terminal

    out = io.StringIO()
    final = play_in_terminal("capture-the-commander", seat=0, seed=5, stdin=io.StringIO("moves\nquit\n"),
                             stdout=out)
    assert "you are North" in out.getvalue() and final.num_players == 2
