"""Facts of Medieval Capture's board that the turn planner reads many times, worked out once.

- ``distances(river_free)``: the cost of the cheapest move between any two spaces on an empty board
  (trails and docks cost one, a river hop one or nothing as the ``river_distance`` option says; a
  dungeon may end a move but never be crossed);
- ``exit_costs(side, river_free)``: from each space, what a carrier of ``side`` needs to leave the enemy
  territory (the first step onto a space outside it captures the Crown);
- ``at_least(die, needed, black_sides)``: the chance that a die (``WHITE``, ``BLACK`` or ``HIGHER``, the
  higher of the two) shows at least ``needed``;
- ``boulder_danger(shooter, spread)``: for each space, the chance that a boulder aimed at it from the
  truest spot knocks over a piece standing there (the planner's quick estimate of a shot).

Everything here is public (the board and the options), so a player may use it freely.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from capture_lib.games.medieval_capture.rules.board import BOARD, ROCK_KINDS
from capture_lib.games.medieval_capture.rules.catapult import OFF, cached_landing, cached_reach, nearest_spot
from capture_lib.games.medieval_capture.rules.state import ADJ, IS_DUNGEON, TERR

#: The dice a piece may move by: white at home, black abroad, the higher of the two in the Cathedral.
WHITE, BLACK, HIGHER = 0, 1, 2
SPACES = len(BOARD.ids)
#: A cost no die reaches.
FAR = 99


@cache
def distances(river_free: bool) -> tuple[tuple[int, ...], ...]:
    """``distances(river_free)[a][b]``: the cheapest move from ``a`` to ``b`` on an empty board (``FAR`` if
    none); a dungeon ends a move but is never crossed."""
    adj = ADJ[river_free]
    rows = []
    for start in range(SPACES):
        cost = [FAR] * SPACES
        cost[start] = 0
        todo = deque([start])
        while todo:  # steps cost 0 or 1: a free step goes to the front of the queue, a paid one to the back
            node = todo.popleft()
            if IS_DUNGEON[node] and node != start:
                continue
            for nxt, step in adj[node]:
                total = cost[node] + step
                if total < cost[nxt]:
                    cost[nxt] = total
                    if step == 0:
                        todo.appendleft(nxt)
                    else:
                        todo.append(nxt)
        rows.append(tuple(cost))
    return tuple(rows)


@cache
def exit_costs(side: int, river_free: bool) -> tuple[int, ...]:
    """For a carrier of ``side`` on each space: the cost of the cheapest move onto a space outside the
    enemy's territory (0 where it already stands outside)."""
    table = distances(river_free)
    outside = [s for s in range(SPACES) if TERR[s] != 1 - side and not IS_DUNGEON[s]]
    return tuple(0 if TERR[s] != 1 - side else min(table[s][o] for o in outside) for s in range(SPACES))


@cache
def at_least(die: int, needed: int, black_sides: int) -> float:
    """The chance that ``die`` (``WHITE``, ``BLACK`` or ``HIGHER``) shows at least ``needed``."""
    if needed <= 0:
        return 1.0
    white_short = min(1.0, (needed - 1) / 6)
    black_short = min(1.0, (needed - 1) / black_sides)
    if die == WHITE:
        return 1.0 - white_short
    if die == BLACK:
        return 1.0 - black_short
    return 1.0 - white_short * black_short


def die_for(side: int, space: int) -> int:
    """The die a piece of ``side`` standing on ``space`` moves by."""
    territory = TERR[space]
    return WHITE if territory == side else HIGHER if territory == -1 else BLACK


def die_limit(die: int, black_sides: int) -> int:
    """The most a die of that kind can show."""
    return 6 if die == WHITE else max(6, black_sides)


@cache
def boulder_danger(shooter: int, spread: str) -> tuple[float, ...]:
    """For each space in ``shooter``'s enemy territory, the chance that a boulder aimed at it from the
    nearest spot knocks over a piece standing there (0 elsewhere: a boulder never hurts anything in
    the shooter's own territory, and the Cathedral shelters everyone)."""
    out = [0.0] * SPACES
    for space in range(SPACES):
        if TERR[space] != 1 - shooter or BOARD.kind[space] not in ROCK_KINDS:
            continue
        out[space] = sum(float(p) for landing, p in cached_landing(shooter, nearest_spot(shooter, space), space, spread)
                         if landing != OFF and space in cached_reach(landing))
    return tuple(out)
