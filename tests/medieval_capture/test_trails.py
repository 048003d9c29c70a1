"""The trail trees the move search reads: cut to a die's reach, keyed by number, and the moves made along them
handed out again."""

from __future__ import annotations

import random

from capture_lib import CHANCE
from capture_lib.games.medieval_capture.rules.actions import Move
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.games.medieval_capture.rules.trails import (
    TREE_LIMIT,
    quiet_key,
    quiet_parts,
    reach_mask,
    search_tree,
    trail_tree,
)

from .helpers import GAME

OPTIONS = (False, False, False, True)  # per-boat rivers, no forced stops, Knight spaces recruit


def test_a_search_tree_is_the_trail_tree_less_the_paths_the_die_does_not_reach():
    for start in (BOARD.index("b12"), BOARD.index("c"), BOARD.index("r3")):
        full = trail_tree(start, 0, *OPTIONS)
        full_ends = [end for _space, _least, _skip, ends in full for end in ends]
        for limit in (1, 4, TREE_LIMIT):
            tree = search_tree(start, 0, *OPTIONS, limit)
            ends = [end for _space, _skip, ends in tree.records for end in ends]
            # the same end objects, in the same order, exactly those within the die
            assert ends == [end for end in full_ends if end[1] <= limit]
            assert all(a is b for a, b in zip(ends, (e for e in full_ends if e[1] <= limit), strict=True))
            assert tree.near == reach_mask(start, False, limit)
            assert tree.moves is search_tree(start, 0, *OPTIONS, TREE_LIMIT).moves  # shared by every die


def test_a_quiet_key_reads_back_and_keeps_results_apart():
    keys = {quiet_key(end, draws, recruits) for end in range(len(BOARD.kind)) for draws in range(TREE_LIMIT + 1)
            for recruits in range(TREE_LIMIT + 1)}
    assert len(keys) == len(BOARD.kind) * (TREE_LIMIT + 1) ** 2
    assert quiet_parts(quiet_key(57, 2, 1)) == (57, 2, 1)


def test_the_moves_made_along_a_path_are_handed_out_again():
    rng = random.Random(4)
    state = GAME.new_game(seed=4)
    seen: dict[str, object] = {}
    shared = 0
    for _ in range(400):
        if state.is_over:
            break
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.play(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        actions = state.legal_actions()
        for action in actions:
            if isinstance(action, Move):
                shared += seen.setdefault(str(action), action) is action
        state = state.play(rng.choice(actions))
    distinct = len(seen)
    assert shared - distinct > 50  # a move met again later in the game is the same object
