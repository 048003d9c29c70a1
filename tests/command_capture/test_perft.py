"""Perft: counts of action sequences from fixed positions, like a chess perft suite.

Each count was produced by the engine and agrees with the plain reference generator in
``reference.py``: the test checks the reference against the engine at the root and at every position
one action deep (and two deep for the small positions), so the depth-2 counts are confirmed by both
generators, and then compares the engine's counts with the stored table, which guards against any
later change of the rules going unnoticed.

The counts changed once on purpose, with the rules (issue 18): blocked sides stop only adjacent
attackers (``vikings-bash`` 1541 -> 1542 and ``chariots-and-archers`` 1025 -> 1067 at depth 2: the
Fortress's shot at E6, a Chariot's Strike and an Archer's Volley from two squares now pass a blocked
side), and on a turn of two
actions a unit that turned may not move or capture (``timed-two-actions`` 216 -> 180). The last three
positions were added then.
"""

from __future__ import annotations

import pytest

from .helpers import GAME
from .perft_positions import DEEP, POSITIONS
from .reference import reference_actions

#: name -> perft(1), perft(2)[, perft(3)]
EXPECTED: dict[str, tuple[int, ...]] = {
    "start-rome-egypt": (70, 5260),
    "start-egypt-vikings": (82, 5907),
    "start-vikings-rome-states": (80, 5762),
    "middle-rome-egypt": (90, 7773),
    "vikings-bash": (27, 1542, 36323),
    "fortify-and-siege": (21, 674, 14193),
    "aura-follow-up-pending": (2, 30, 468),
    "disabled-fortress": (15, 95, 1411),
    "cavalry-charges": (33, 563, 14486),
    "turned-and-locked": (19, 828, 16410),
    "timed-two-actions": (14, 180, 5748),
    "chariots-and-archers": (51, 1067, 49404),
    "siege-two-actions": (15, 194, 3492),
    "aura-any-turn": (15, 225, 3477),
    "blocks-far-and-near": (20, 577, 10607),
}


def perft(state, depth: int) -> int:
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.play(a), depth - 1) for a in actions)


def engine_names(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def test_every_position_has_an_expected_row():
    assert set(EXPECTED) == set(POSITIONS)
    assert len(POSITIONS) >= 12


@pytest.mark.parametrize("name", list(POSITIONS))
def test_reference_agrees_one_and_two_deep(name):
    text, options = POSITIONS[name]
    state = GAME.from_position(text, **options)
    assert engine_names(state) == reference_actions(state)
    deep = EXPECTED[name][1] <= 1100
    for action in state.legal_actions():
        child = state.play(action)
        assert engine_names(child) == reference_actions(child), (name, str(action))
        if deep:
            for grand in child.legal_actions():
                g = child.play(grand)
                assert engine_names(g) == reference_actions(g), (name, str(action), str(grand))


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft_counts(name):
    text, options = POSITIONS[name]
    state = GAME.from_position(text, **options)
    depths = 3 if name in DEEP else 2
    counts = tuple(perft(state, d) for d in range(1, depths + 1))
    assert counts == EXPECTED[name]
