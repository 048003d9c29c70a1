"""The trail trees the move search reads: their ends numbered, their quiet keys, and the moves made along them
handed out again."""

from __future__ import annotations

import random

from capture_lib import CHANCE
from capture_lib.games.medieval_capture.rules.actions import PIECES_PER_SIDE, Move
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.games.medieval_capture.rules.trails import (
    TREE_LIMIT,
    quiet_key,
    quiet_moves,
    quiet_parts,
    trail_tree,
)

from .helpers import GAME

OPTIONS = (False, False, False, True)  # per-boat rivers, no forced stops, Knight spaces recruit


def test_a_trail_tree_numbers_its_ends_for_the_moves_kept_along_them():
    for start in (BOARD.index("b12"), BOARD.index("c"), BOARD.index("r3")):
        tree = trail_tree(start, 0, *OPTIONS)
        ends = [end for _space, _least, _skip, ends in tree for end in ends]
        # one number per end, far enough apart for every piece of a side
        assert [end[7] for end in ends] == [PIECES_PER_SIDE * i for i in range(len(ends))]
        assert len({end[2] for end in ends}) == len(ends)  # every path once
        assert all(end[1] <= TREE_LIMIT and end[2][0] == start and end[2][-1] == end[0] for end in ends)
        assert quiet_moves(start, 0, *OPTIONS) is quiet_moves(start, 0, *OPTIONS)
        assert quiet_moves(start, 0, *OPTIONS) is not quiet_moves(start, 1, *OPTIONS)  # each side its own


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
