"""Rulings that need a test of their own: how moves are listed, and that the listing misses nothing."""

from __future__ import annotations

import random

from capture_lib import CHANCE
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.games.medieval_capture.rules.rulings import RULINGS
from capture_lib.games.medieval_capture.rules.state import ADJ, IS_BOAT, IS_DUNGEON

from .helpers import GAME, moves, pos, where


def test_every_ruling_is_complete():
    for ruling in RULINGS:
        assert ruling.title and ruling.question and ruling.ruling and ruling.reason
        assert ruling.question.endswith(("?", ".")), ruling.key


def test_one_listed_path_per_result_and_other_paths_still_play():
    s = pos(blue="B1=b31 B2=b20 B3*=b10", dice=(3, 3))
    listed = [m for m in moves(s) if m.startswith("B1 ") and m.endswith("-b29")]
    assert listed == ["B1 b31-b30-b29"]  # the shortest of the two ways
    assert where(s.play("B1 b31-b26-b25-b29"), "B1") == "b29"  # the way across the lake is legal too


def test_paths_with_different_rewards_are_different_moves():
    s = pos(blue="B1=r11 B2=b20 B3*=b30", red="R1=r1 R3*=r9", dice=(5, 5))
    to_r19 = sorted(m for m in moves(s) if m.startswith("B1 ") and m.split()[1].endswith("-r19"))
    # r11-r16-r21-r20-r19 crosses one treasure space; r11-r3-... cannot reach r19 in five without one.
    assert to_r19 and all(m.split()[1].startswith("r11-") for m in to_r19)


def reachable_ends(state, piece):
    """Brute force: every space ``piece`` could end on, ignoring captures and Crowns."""
    limit, _ = state.die_for(piece)
    occupied = {w for w in state.loc if w >= 0 and w != BOARD.cathedral}
    ends = set()
    stack = [(state.loc[piece], frozenset([state.loc[piece]]), 0)]
    while stack:
        node, seen, cost = stack.pop()
        for nxt, step in ADJ[state.cfg.river_free][node]:
            if nxt in seen or cost + step > limit or IS_DUNGEON[nxt] or nxt in occupied:
                continue
            if not IS_BOAT[nxt]:
                ends.add(nxt)
            stack.append((nxt, seen | {nxt}, cost + step))
    return ends


def test_the_listing_reaches_every_free_space_a_brute_force_search_finds():
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = GAME.new_game(seed=seed)
        while not s.is_over and s.turn < 12:
            if s.current_player == CHANCE:
                s = s.play_chance(rng)
                continue
            if s.phase == "move" and not s.moved:
                listed = {}
                for m in s.legal_actions():
                    if str(m)[0] in "BR" and str(m)[1].isdigit():
                        listed.setdefault(m.piece, set()).add(m.path[-1])
                for piece in s.pieces_of(s.side):
                    if s.loc[piece] >= 0 and piece not in s.waiting:
                        own_crowns = {w for c, w in enumerate(s.crowns) if c // 3 == s.side and 0 <= w < 1000}
                        expected = reachable_ends(s, piece) - own_crowns
                        assert expected <= listed.get(piece, set()), (seed, piece)
                        checked += 1
            s = s.play(rng.choice(s.legal_actions()))
    assert checked > 20
