"""Card Commander's players keep the once-a-game extra card for a tie that can change the round."""

from __future__ import annotations

import pytest

from capture_lib import CHANCE, load_game
from capture_lib.games.card_commander.players.rule import observed_tie_matters, tie_matters
from capture_lib.search.levels import make_player
from tests.budgets import EXTRA_CARD_EASY_TIES, EXTRA_CARD_RULE_TIES

GAME = load_game("card-commander")


def test_a_tie_matters_unless_the_other_two_lanes_went_to_the_same_seat():
    assert not tie_matters([0, 0, None], [(5, 3), (4, 2), (6, 6)], 2)
    assert tie_matters([0, 1, None], [(5, 3), (2, 4), (6, 6)], 2)
    # The lanes after the tie are settled later but their values are known: the same reading.
    assert not tie_matters([None, None, None], [(6, 6), (4, 2), (9, 1)], 0)
    assert tie_matters([None, None, None], [(6, 6), (4, 2), (1, 9)], 0)
    # Another tie still to come: this lane may decide the round.
    assert tie_matters([None, None, None], [(6, 6), (4, 2), (3, 3)], 0)


def _ties_that_cannot_matter(games: int, most: int | None = None) -> list:
    """Positions of the rule-based player's games (seeds 0 to ``games``) where the seat to act may add its extra
    card to a tie that cannot change the round; at most ``most`` of them."""
    rule = make_player("rule", timed=False)
    found = []
    for seed in range(games):
        state = GAME.new_game(seed=seed)
        while not state.is_over:
            seat = state.current_player
            if seat == CHANCE:
                state = state.play_chance()
                continue
            if state.phase == "tie" and state.may_add_extra(seat):
                if not observed_tie_matters(state.observation(seat)):
                    found.append(state)
                    if most is not None and len(found) >= most:
                        return found
            state = state.play(rule(state, seat))
    return found


@pytest.mark.parametrize(("name", "positions"), [("rule", EXTRA_CARD_RULE_TIES), ("easy", EXTRA_CARD_EASY_TIES)],
                         ids=["rule", "easy"])
def test_players_never_spend_the_extra_card_on_a_tie_that_cannot_change_the_round(name, positions):
    # The positions come from the rule-based player's games (quick to play); each level decides in each of them.
    ties = _ties_that_cannot_matter(200, most=positions)
    assert ties, "no tie that cannot change the round in 200 games"
    player = make_player(name, timed=False)
    spent = [str(state) for state in ties if str(player(state, state.current_player)) != "pass"]
    assert not spent, f"{name} spends its extra card on a tie that cannot matter: {spent}"
