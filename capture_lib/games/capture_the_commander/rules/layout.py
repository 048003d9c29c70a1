"""The 13-slot layout: which card lies on which, coverage, and adjacency.

Slots are numbered 1 to 13. Seen from the owner, the far row holds 1 to 4 and lies on top of
everything; the Commander (13) lies nearest the owner, at the bottom of the pile::

      1   2   3   4        row 1 (on top)
        5   6   7          row 2: 5 under 1+2, 6 under 2+3, 7 under 3+4
        8   9  10          row 3: 8 directly under 5, 9 under 6, 10 under 7
          11  12           row 4: 11 under 8+9, 12 under 9+10
            13             row 5: the Commander, under 11+12

A card lies either *across* two neighbours of the row above it (each covers one side of it), or
*directly* under one card of the row above (which covers all of it). Coverage is always worked out
from the cards still in the layout; a layout is kept as a bit mask with bit ``s`` set while slot
``s`` holds a card, so a coverage lookup is one table read.
"""

from __future__ import annotations

from functools import cache

SLOTS: tuple[int, ...] = tuple(range(1, 14))
COMMANDER = 13
FULL_MASK = sum(1 << s for s in SLOTS)

#: The rows from the far row (on top) to the Commander.
ROWS: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4), (5, 6, 7), (8, 9, 10), (11, 12), (13,))
ROW_OF: dict[int, int] = {s: r for r, row in enumerate(ROWS) for s in row}

#: Cards that lie across two cards: slot -> the two cards that each cover one side of it.
SIDE_COVERS: dict[int, tuple[int, int]] = {5: (1, 2), 6: (2, 3), 7: (3, 4), 11: (8, 9), 12: (9, 10),
                                           13: (11, 12)}
#: Cards that lie directly under a single card: slot -> that card.
DIRECT_COVER: dict[int, int] = {8: 5, 9: 6, 10: 7}

UNCOVERED, PARTIAL, FULL = 0, 1, 2
#: Coverage levels as words, indexed by level.
COVERAGE_NAMES = ("uncovered", "partial", "full")


def covers(slot: int) -> tuple[int, ...]:
    """The slots lying on ``slot`` in a full layout (two, one, or none for the far row)."""
    if slot in SIDE_COVERS:
        return SIDE_COVERS[slot]
    if slot in DIRECT_COVER:
        return (DIRECT_COVER[slot],)
    return ()


#: slot -> the slots it lies on (the inverse of ``covers``).
UNDER: dict[int, tuple[int, ...]] = {s: tuple(t for t in SLOTS if s in covers(t)) for s in SLOTS}


def row_neighbours(slot: int) -> tuple[int, ...]:
    """The slots next to ``slot`` in its own row (a gap left by a removed card stays a gap)."""
    row = ROWS[ROW_OF[slot]]
    i = row.index(slot)
    return tuple(row[j] for j in (i - 1, i + 1) if 0 <= j < len(row))


def adjacent(slot: int, both_ways: bool = True) -> tuple[int, ...]:
    """The slots adjacent to ``slot`` for a tie-break, in slot order.

    Always: the cards ``slot`` lies on top of, and its neighbours in its row. With ``both_ways``
    (the default ruling) also the cards lying on top of ``slot``.
    """
    found = set(UNDER[slot]) | set(row_neighbours(slot))
    if both_ways:
        found |= set(covers(slot))
    return tuple(sorted(found))


def coverage(mask: int, slot: int) -> int:
    """The coverage of ``slot`` in a layout whose remaining cards are the bits of ``mask``."""
    return coverage_table(mask)[slot]


def _coverage_of(mask: int, slot: int) -> int:
    if slot in DIRECT_COVER:
        # A card lying directly on top covers every part of it: fully covered while it remains.
        return FULL if mask >> DIRECT_COVER[slot] & 1 else UNCOVERED
    on_top = sum(mask >> s & 1 for s in SIDE_COVERS.get(slot, ()))
    return (UNCOVERED, PARTIAL, FULL)[on_top]


@cache
def coverage_table(mask: int) -> tuple[int, ...]:
    """Coverage of every slot (index 1 to 13; index 0 unused) for the layout ``mask``.

    Only the slots present in ``mask`` are meaningful. Cached: a game meets few distinct masks.
    """
    return (UNCOVERED,) + tuple(_coverage_of(mask, s) for s in SLOTS)


def mask_of(slots: object) -> int:
    """The bit mask of an iterable of slots."""
    mask = 0
    for s in slots:  # type: ignore[attr-defined]
        mask |= 1 << s
    return mask


def slots_of(mask: int) -> tuple[int, ...]:
    """The slots whose bits are set in ``mask``, in order."""
    return tuple(s for s in SLOTS if mask >> s & 1)


@cache
def attackers(mask: int) -> tuple[int, ...]:
    """The slots of ``mask`` that may attack: the fully uncovered ones."""
    table = coverage_table(mask)
    return tuple(s for s in SLOTS if mask >> s & 1 and table[s] == UNCOVERED)


@cache
def targets(mask: int) -> tuple[int, ...]:
    """The slots of ``mask`` that may be attacked: the fully uncovered and the partially covered."""
    table = coverage_table(mask)
    return tuple(s for s in SLOTS if mask >> s & 1 and table[s] != FULL)


@cache
def removals_to_attack(mask: int, slot: int) -> int:
    """How many cards must leave the layout ``mask`` before its card in ``slot`` may be attacked.

    Zero when it is not fully covered now. A card across two neighbours opens when either goes; a card
    directly under one opens when that one goes; a card that covers it may itself be covered.
    """
    if slot in SIDE_COVERS:
        a, b = SIDE_COVERS[slot]
        if mask >> a & 1 and mask >> b & 1:
            return min(_removals_to_remove(mask, a), _removals_to_remove(mask, b))
        return 0
    if slot in DIRECT_COVER:
        return _removals_to_remove(mask, DIRECT_COVER[slot])
    return 0


def _removals_to_remove(mask: int, slot: int) -> int:
    return 1 + removals_to_attack(mask, slot) if mask >> slot & 1 else 0


def commander_distance(mask: int) -> int:
    """How many cards must leave the layout ``mask`` before its Commander may be attacked (0: it may now)."""
    return removals_to_attack(mask, COMMANDER)
