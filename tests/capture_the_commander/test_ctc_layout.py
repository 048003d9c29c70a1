"""Capture the Commander: the layout's geometry, coverage and adjacency."""

from __future__ import annotations

import functools
import itertools

import pytest

from capture_lib.games.capture_the_commander.rules import layout as lay

# Written from the layout description, independently of the engine's tables: "a:b,c" means card a
# lies across b and c; "a:b!" means card a lies directly under b.
DESCRIPTION = "5:1,2 6:2,3 7:3,4 8:5! 9:6! 10:7! 11:8,9 12:9,10 13:11,12"


def expected_coverage(present: set[int], slot: int) -> str:
    for part in DESCRIPTION.split():
        card, on = part.split(":")
        if int(card) != slot:
            continue
        if on.endswith("!"):
            return "full" if int(on[:-1]) in present else "uncovered"
        count = sum(int(x) in present for x in on.split(","))
        return ["uncovered", "partial", "full"][count]
    return "uncovered"


def test_rows_and_commander():
    assert lay.ROWS == ((1, 2, 3, 4), (5, 6, 7), (8, 9, 10), (11, 12), (13,))
    assert lay.COMMANDER == 13 and len(lay.SLOTS) == 13


def test_full_layout_coverage():
    mask = lay.FULL_MASK
    names = {s: lay.COVERAGE_NAMES[lay.coverage(mask, s)] for s in lay.SLOTS}
    assert [s for s in lay.SLOTS if names[s] == "uncovered"] == [1, 2, 3, 4]
    assert all(names[s] == "full" for s in range(5, 14))
    assert lay.attackers(mask) == (1, 2, 3, 4) and lay.targets(mask) == (1, 2, 3, 4)


def test_coverage_changes_as_cards_leave():
    mask = lay.FULL_MASK & ~(1 << 1)
    assert lay.coverage(mask, 5) == lay.PARTIAL and lay.coverage(mask, 6) == lay.FULL
    mask &= ~(1 << 2)
    assert lay.coverage(mask, 5) == lay.UNCOVERED and lay.coverage(mask, 6) == lay.PARTIAL
    # Card 8 lies directly under card 5: fully covered while 5 remains, never partial.
    assert lay.coverage(mask, 8) == lay.FULL
    mask &= ~(1 << 5)
    assert lay.coverage(mask, 8) == lay.UNCOVERED
    mask = lay.FULL_MASK & ~(1 << 11)
    assert lay.coverage(mask, 13) == lay.PARTIAL
    mask &= ~(1 << 12)
    assert lay.coverage(mask, 13) == lay.UNCOVERED


def test_gap_does_not_let_upper_cards_cover_lower_ones():
    # With 5 gone but 1 and 2 still there, card 8 is open: 1 and 2 never lay on 8.
    mask = lay.FULL_MASK & ~(1 << 5)
    assert lay.coverage(mask, 8) == lay.UNCOVERED and 8 in lay.attackers(mask)


def test_coverage_agrees_with_the_description_for_every_layout():
    for mask in range(0, lay.FULL_MASK + 1, 2):
        present = set(lay.slots_of(mask))
        for slot in present:
            assert lay.COVERAGE_NAMES[lay.coverage(mask, slot)] == expected_coverage(present, slot), (mask, slot)


def test_covers_and_under_are_inverse():
    for slot in lay.SLOTS:
        for top in lay.covers(slot):
            assert slot in lay.UNDER[top]
    assert lay.covers(10) == (7,)  # the text's 'card 10 by card 10' is card 7


@pytest.mark.parametrize("slot,both,under_only", [
    (1, (2, 5), (2, 5)),
    (2, (1, 3, 5, 6), (1, 3, 5, 6)),
    (5, (1, 2, 6, 8), (6, 8)),
    (9, (6, 8, 10, 11, 12), (8, 10, 11, 12)),
    (11, (8, 9, 12, 13), (12, 13)),
    (13, (11, 12), ()),
])
def test_adjacency(slot, both, under_only):
    assert lay.adjacent(slot, True) == both
    assert lay.adjacent(slot, False) == under_only


def test_adjacency_both_ways_is_symmetric():
    for a, b in itertools.permutations(lay.SLOTS, 2):
        assert (b in lay.adjacent(a)) == (a in lay.adjacent(b))


def test_mask_helpers():
    assert lay.slots_of(lay.mask_of([1, 13])) == (1, 13)
    assert lay.mask_of(lay.SLOTS) == lay.FULL_MASK


def test_commander_distance_examples():
    full = lay.FULL_MASK
    without = lambda *slots: full & ~lay.mask_of(slots)  # noqa: E731
    assert lay.commander_distance(full) == 4  # e.g. 1, then 5, then 8, then 11
    assert lay.commander_distance(without(1)) == 3
    assert lay.commander_distance(without(1, 5)) == 2
    assert lay.commander_distance(without(8, 9, 10, 5, 6, 7, 1, 2, 3, 4)) == 1
    assert lay.commander_distance(without(12)) == 0


def test_commander_distance_is_the_fewest_removals_of_attackable_cards():
    # Found independently, by searching every order in which attackable cards could leave.
    @functools.cache
    def fewest(mask: int) -> int:
        if lay.coverage(mask, lay.COMMANDER) != lay.FULL:
            return 0
        return 1 + min(fewest(mask & ~(1 << s)) for s in lay.slots_of(mask)
                       if s != lay.COMMANDER and lay.coverage(mask, s) != lay.FULL)

    for rest in range(1 << 12):
        mask = (rest << 1) | 1 << lay.COMMANDER
        assert lay.commander_distance(mask) == fewest(mask), lay.slots_of(mask)
