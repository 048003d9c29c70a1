"""Command Capture's alpha-beta levels: they win when they can, defend when they must, keep their
budget, and choose from what their seat may see."""

from __future__ import annotations

import pytest

from capture_lib import CHANCE
from capture_lib.games.command_capture.players import alphabeta
from capture_lib.search.levels import make_player
from capture_lib.search.simple import game_secret, seat_seed
from tests.command_capture.helpers import GAME, pos


def _wins_at_once(state, seat: int) -> list[str]:
    """The actions that end the game at once with ``seat`` the winner."""
    return [str(a) for a in state.legal_actions() if state.play(a).winners == (seat,)]


def _quick_game(seed: int, plies: int):
    """A seeded quick-start game after ``plies`` actions of the rule-based players."""
    rule = make_player("rule", timed=False)
    state = GAME.new_game(seed=seed, setup="quick", turn_limit=200)
    while len(state.history) < plies and not state.is_over:
        seat = state.current_player
        state = state.play_chance() if seat == CHANCE else state.play(rule(state, seat))
    return state


def test_takes_a_win_in_one():
    state = pos({"B7": "L", "H6": "r"})  # a Legionnaire next to Red's Commander on A8
    assert _wins_at_once(state, 0), "the position must offer a win in one"
    action, search = alphabeta.choose(state, 0, 2000)
    assert state.play(action).winners == (0,)
    assert search.depth >= 1


def test_defends_its_commander():
    threatened = pos({"B2": "l", "H4": "L"}, side="r", civs="RR")
    assert _wins_at_once(threatened, 1), "Red must threaten to take Blue's Commander"
    state = pos({"B2": "l", "H4": "L"}, side="b", civs="RR")
    action, _ = alphabeta.choose(state, 0, 4000)
    after = state.play(action)
    while not after.is_over and after.current_player == 0:
        after = after.play("end")
    assert not after.is_over
    assert not _wins_at_once(after, 1), f"{action} leaves the Commander to be taken"


def test_keeps_its_node_budget_and_is_repeatable():
    state = _quick_game(seed=7, plies=20)
    seat = state.current_player
    first, search = alphabeta.choose(state, seat, 3000)
    again, _ = alphabeta.choose(state, seat, 3000)
    assert str(first) == str(again)
    assert search.nodes <= 3000
    assert search.depth >= 2
    assert first in state.legal_set()


def test_a_spent_time_limit_still_gives_a_legal_move():
    state = _quick_game(seed=3, plies=30)
    seat = state.current_player
    action, search = alphabeta.choose(state, seat, 10**9, deadline=0.0)
    assert action in state.legal_set()
    assert search.nodes <= 64  # the clock is read every 64 positions


def test_more_budget_searches_deeper():
    state = _quick_game(seed=5, plies=16)
    seat = state.current_player
    depths = [alphabeta.choose(state, seat, nodes)[1].depth for nodes in (200, 8000)]
    assert depths[0] < depths[1]


@pytest.mark.parametrize("plies", [0, 12])
def test_chooses_from_what_its_seat_sees(plies):
    """Two games that differ only in where Red's Assassin hides give Blue the same view and the same move."""
    start = GAME.new_game(seed=11, setup="quick", turn_limit=200)
    blue = start.play(start.chance_outcomes()[0][0])
    red_squares = [a for a, _ in blue.chance_outcomes()]
    worlds = [blue.play(red_squares[0]), blue.play(red_squares[-1])]
    rule = make_player("rule", timed=False)
    for _ in range(plies):  # the same moves in both worlds: the rule player's where both allow it
        seat = worlds[0].current_player
        common = sorted({str(a) for a in worlds[0].legal_actions()} & {str(a) for a in worlds[1].legal_actions()})
        action = str(rule(worlds[0], seat))
        worlds = [w.play(action if action in common else common[0]) for w in worlds]
    while worlds[0].current_player != 0:
        worlds = [w.play("end") for w in worlds]
    assert worlds[0].observation(0) == worlds[1].observation(0)
    assert worlds[0].board != worlds[1].board
    choices = [alphabeta.choose(w, 0, 1500) for w in worlds]
    assert str(choices[0][0]) == str(choices[1][0])
    assert choices[0][1].value == choices[1][1].value
    assert choices[0][1].nodes == choices[1][1].nodes


def test_levels_are_the_alpha_beta_search_and_mcts_hard_stays_for_the_analysis():
    state = _quick_game(seed=2, plies=10)
    seat = state.current_player
    secret = game_secret(seat_seed(state.seed, seat), state, seat)  # a level's, given no seed of its own
    for level in ("easy", "medium", "hard"):
        expected, _ = alphabeta.choose(state, seat, alphabeta.LEVELS[level].nodes, secret=secret)
        assert str(make_player(level, timed=False)(state, seat)) == str(expected)
    assert make_player("mcts-hard", timed=False)(state, seat) in state.legal_set()
    other = make_player("mcts-hard", timed=False)
    card = __import__("capture_lib").load_game("card-commander").new_game(seed=1)
    with pytest.raises(ValueError, match="plays only command-capture"):
        other(card.resolve_chance(), 0)


def test_the_rule_player_counts_a_fortified_attacker_as_surviving_the_fortress():
    from capture_lib.games.command_capture.players.rule import lost_attacking_fortress, score_action

    # E7's Legionnaire stands next to its Fortify Commander on D7: under the fortify-attacker ruling it
    # disables the Fortress on E8 and stays; under the other reading, or without the aura, it is lost.
    sheltered = pos({"E7": "L", "D7": "K+", "E8": "f"}, royals=True)
    bare = pos({"E7": "L", "C6": "K+", "E8": "f"})
    other_reading = pos({"E7": "L", "D7": "K+", "E8": "f"}, royals=True, fortify_attacker="captured")
    assert not lost_attacking_fortress(sheltered, 52)
    assert lost_attacking_fortress(bare, 52) and lost_attacking_fortress(other_reading, 52)
    attack = sheltered.parse_action("E7xE8")
    assert score_action(sheltered, 0, attack) > score_action(other_reading, 0, other_reading.parse_action("E7xE8"))
