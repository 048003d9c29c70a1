"""The race table of Capture the Commander: who wins from each pair of Commander distances.

A Commander's *distance* is how many cards must leave its layout before it may be attacked
(``layout.commander_distance``). Most of a two-player game is a race to bring the other Commander
to distance 0 first, and a high card that everyone has seen and that can attack wins most of the
battles it fights. The table gives, for the player about to act, the share of games won from each
*race*: its own distance, the other's, and whether each side has such a card (a queen, king or
ace, shown and uncovered), counted over many games between two copies of the search's playout
policy. The search stops its playouts after a few actions and reads the table instead of
playing on (``search.evaluate``): a figure from thousands of games is far
less noisy than one game played to the end.

The table is stored next to this module; make it again with::

    python -m capture_lib.games.capture_the_commander.players.race_table --games 20000
"""

from __future__ import annotations

import json
import pathlib
from collections import defaultdict
from functools import cache
from typing import Any

from capture_lib.games.capture_the_commander.rules.layout import attackers, commander_distance

#: Where the table is kept (in the package, so an installed library has it).
RACE_FILE = pathlib.Path(__file__).with_name("race.json")
#: The first game seed of the stored table (game i uses RACE_SEED + i).
RACE_SEED = 900_000
#: The most cards that can stand between a Commander and an attack (the full layout's distance).
MOST = 4
#: The lowest rank (0 for a two) of a shown card that counts as a strong attacker: a queen.
STRONG = 10
#: How many games' weight a race's figure borrows from the figure for its two distances alone.
PRIOR = 10

#: (own distance, other's distance, own strong card, other's strong card) of the player to act.
Race = tuple[int, int, bool, bool]
#: The strong-card flags of a race, in the order the table is printed: neither, other's, own, both.
FLAGS = ((False, False), (False, True), (True, False), (True, True))
Cells = dict[Race, tuple[float, int]]


def race_of(state: Any, me: int) -> Race:
    """The race as ``me`` sees it in a two-player ``state``: distances and strong shown attackers."""
    them = 1 - me
    masks = state.masks
    return (commander_distance(masks[me]), commander_distance(masks[them]), _strong(state, me), _strong(state, them))


def shown_ranks(state: Any, seat: int) -> list[int | None]:
    """By slot (index 0 unused): the rank of ``seat``'s card there if the table has seen it, else ``None``."""
    shown = state.revealed
    return [card % 13 if card in shown else None for card in state.layouts[seat]]


def strong_shown(mask: int, ranks: list[int | None]) -> bool:
    """Whether a layout ``mask`` whose shown ranks are ``ranks`` (by slot) has a strong card that may attack."""
    return any((r := ranks[s]) is not None and r >= STRONG for s in attackers(mask))


def _strong(state: Any, seat: int) -> bool:
    return strong_shown(state.masks[seat], shown_ranks(state, seat))


def read(path: pathlib.Path = RACE_FILE) -> tuple[dict, Cells]:
    """The stored table's meta and counts."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["meta"], {(own, other, bool(a), bool(b)): (won, seen) for own, other, a, b, won, seen in data["cells"]}


@cache
def win_chances() -> dict[Race, float]:
    """Race -> the chance that the player to act wins, from the stored table.

    A race seen in few games borrows ``PRIOR`` games' weight from the figure for its two distances
    alone (itself smoothed towards an even chance), so a rare race is not read as certain.
    """
    _, cells = read()
    by_distances: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0])
    for (own, other, _, _), (won, seen) in cells.items():
        by_distances[own, other][0] += won
        by_distances[own, other][1] += seen
    table = {}
    for own in range(MOST + 1):
        for other in range(MOST + 1):
            won, seen = by_distances.get((own, other), (0.0, 0))
            base = (won + 1) / (seen + 2)
            for flags in FLAGS:
                won, seen = cells.get((own, other, *flags), (0.0, 0))
                table[own, other, *flags] = (won + PRIOR * base) / (seen + PRIOR)
    return table
