"""The ``beginner`` levels: offered where a game has one, a player of their own (neither the rule-based nor the
random one), and never blind to a win in one. (How strong they are is measured, not tested:
``bench/bench_beginners.py`` rates them between the random and the rule-based players.)"""

from __future__ import annotations

import random

import pytest

from capture_lib import CHANCE, load_game
from capture_lib.games import list_games
from capture_lib.search.level_ratings import offered_levels
from capture_lib.search.levels import game_levels, make_player
from tests.command_capture.helpers import fen

BEGINNERS = [slug for slug in list_games() if "beginner" in game_levels(slug)]


def test_a_game_with_a_beginner_offers_it_only_between_random_and_rule():
    assert BEGINNERS
    for slug in BEGINNERS:
        offered = offered_levels(slug)
        if "beginner" in offered:  # once rated and placed apart from both (the chooser's rule)
            assert offered.index("random") < offered.index("beginner") < offered.index("rule")


@pytest.mark.parametrize("slug", BEGINNERS)
def test_the_beginner_is_a_player_of_its_own(slug):
    beginner, rule, rand = (make_player(name, timed=False) for name in ("beginner", "rule", "random"))
    rng = random.Random(7)
    differs = {"rule": 0, "random": 0}
    state = load_game(slug).new_game(seed=3)
    decisions = 0
    while decisions < 60:
        mover = state.current_player
        if state.is_over:
            state = load_game(slug).new_game(seed=rng.randrange(10**6))
            continue
        if mover == CHANCE:
            state = state.play_chance()
            continue
        if len(state.legal_actions()) > 1:
            decisions += 1
            chosen = str(beginner(state, mover))
            assert chosen in {str(a) for a in state.legal_actions()}
            differs["rule"] += chosen != str(rule(state, mover))
            differs["random"] += chosen != str(rand(state, mover))
        state = state.play(rng.choice(state.legal_actions()))
    assert differs["rule"] >= 5 and differs["random"] >= 20, differs


def test_command_captures_beginner_never_misses_a_win_in_one():
    beginner = make_player("beginner", timed=False)
    game = load_game("command-capture")
    for seed in range(30):  # another game, another secret: the beginner's mistakes never include this one
        state = game.from_position(fen({"B7": "L", "H6": "r"}), seed=seed)  # a Legionnaire next to Red's Commander
        assert state.play(beginner(state, 0)).winners == (0,)
