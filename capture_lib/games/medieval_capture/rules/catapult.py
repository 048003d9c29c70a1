"""The catapult as a model of a skilled shot: a firing spot, an aim, a scatter that grows with range.

The physical game is a game of dexterity: the catapult stands off the board behind its owner's back
edge and the boulder flies across the board. The engine keeps the skill as two choices (where along
the back edge to stand, and which rock to aim at) and the luck as an explicit chance event (where the
boulder comes down): ``landing_outcomes`` lists every place the boulder may land with its exact
probability, so an example can say exactly where it lands.

The scatter: the boulder comes down at a point of an ellipse around the aim, longer along the line of
flight than across it (a throw errs more in length than in direction), whose size is a fixed share of
the shot's length: the farther the shot, the wider it strays. Points near the aim are likelier (weights
4, 3, 2, 1 from the centre out, on a grid of ``GRID`` units). A point beyond the edge of the board is a
boulder lost off the board (``OFF``); any other point strikes the space nearest to it. The boulder then
knocks down every piece on a rock within ``REACH`` of that space.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

from capture_lib.games.medieval_capture.rules.board import BOARD, Board

#: How far from its landing space (in board units; neighbouring rocks are about 65 apart) a boulder
#: knocks pieces over: the landing space and the rocks right next to it.
REACH = 70.0
#: Firing spots along each back edge, numbered 1 (north) to 9 (south), one level with each row of rocks.
SPOTS = 9
SPOT_Y = tuple(100.0 + 70.0 * k for k in range(SPOTS))
#: How far behind its back edge a catapult stands: wholly off the board.
BEHIND = 40.0
#: The landing outcome of a boulder that flies off the board.
OFF = -1
#: The grid of landing points, in board units.
GRID = 10
#: How far a boulder strays across its line of flight, as a share of the shot's length; along the line
#: it strays half as far again. sure: a steady hand, skilled: the table's usual shot, wild: candy.
SPREADS: dict[str, float] = {"sure": 0.03, "skilled": 0.07, "wild": 0.15}
ALONG = 1.5


#: board -> point -> the space nearest to it, filled as shots need them
_NEAREST: dict[int, dict[tuple[float, float], int]] = {}


def spot_xy(side: int, spot: int, board: Board = BOARD) -> tuple[float, float]:
    """Where ``side``'s catapult stands when fired from ``spot`` (1 to 9): behind its own back edge
    (Blue's is the left edge, Red's the right)."""
    x = -BEHIND if side == 0 else board.width + BEHIND
    return x, SPOT_Y[spot - 1]


def shot_length(side: int, spot: int, aim: int, board: Board = BOARD) -> float:
    """The distance from the catapult at ``spot`` to the aimed space."""
    (sx, sy), (ax, ay) = spot_xy(side, spot, board), board.xy[aim]
    return math.hypot(ax - sx, ay - sy)


def nearest_spot(side: int, aim: int, board: Board = BOARD) -> int:
    """The firing spot closest to ``aim`` (the shortest, and so the truest, shot)."""
    return min(range(1, SPOTS + 1), key=lambda s: shot_length(side, s, aim, board))


def landing_outcomes(board: Board, side: int, spot: int, aim: int, spread: str) -> list[tuple[int, Fraction]]:
    """``(space or OFF, probability)`` for where a boulder shot by ``side`` from ``spot`` at ``aim``
    lands, the aim first; the probabilities are exact and sum to 1."""
    (sx, sy), (ax, ay) = spot_xy(side, spot, board), board.xy[aim]
    length = math.hypot(ax - sx, ay - sy)
    ux, uy = (ax - sx) / length, (ay - sy) / length
    across = SPREADS[spread] * length
    along = ALONG * across
    # A point inside the ellipse lies within ``along`` of the aim, so its nearest space lies within
    # twice that: only those spaces need comparing (found when a point first needs them). Points recur
    # from shot to shot: remember them.
    near: list[int] = []
    nearest = _NEAREST.setdefault(id(board), {})
    weights: dict[int, int] = {}
    width, height, xy, hypot = board.width, board.height, board.xy, math.hypot
    reach_n = int(along // GRID) + 1
    # The ellipse lies within a box of these half-sides (a step wider, so that rounding loses no point):
    # the points outside it are skipped, with the same result.
    reach_x = min(reach_n, int(math.hypot(along * ux, across * uy) // GRID) + 2)
    reach_y = min(reach_n, int(math.hypot(along * uy, across * ux) // GRID) + 2)
    for i in range(-reach_x, reach_x + 1):
        for j in range(-reach_y, reach_y + 1):
            dx, dy = i * GRID, j * GRID
            if i or j:
                a, c = dx * ux + dy * uy, dy * ux - dx * uy
                rho = hypot(a / along, c / across) if across > 0 else 2.0
                if rho >= 1:
                    continue
                weight = 4 - int(rho * 4)
            else:
                weight = 4
            x, y = ax + dx, ay + dy
            if not (0 <= x <= width and 0 <= y <= height):
                where = OFF
            else:
                where = nearest.get((x, y), -2)
                if where == -2:
                    if not near:
                        near = [k for k in range(len(board.ids)) if board.distance(k, aim) <= 2 * along + GRID]
                    where = min(near, key=lambda s: (xy[s][0] - x) ** 2 + (xy[s][1] - y) ** 2)
                    nearest[x, y] = where
            weights[where] = weights.get(where, 0) + weight
    total = sum(weights.values())
    order = sorted(weights, key=lambda s: (s != aim, s == OFF, s))
    return [(s, Fraction(weights[s], total)) for s in order]


def reach(board: Board, landing: int) -> tuple[int, ...]:
    """The spaces whose pieces a boulder landing on ``landing`` knocks over (none when it flew off).

    The Cathedral's walls shelter everyone inside (a ruling), and no piece ever stands on a boat or in
    the open on a dungeon, so only rocks count.
    """
    if landing == OFF:
        return ()
    return tuple(i for i in range(len(board.ids))
                 if board.kind[i] not in ("cathedral", "dungeon", "boat") and board.distance(landing, i) <= REACH)


@cache
def cached_landing(side: int, spot: int, aim: int, spread: str) -> tuple[tuple[int, Fraction], ...]:
    """``landing_outcomes`` on the game's board, computed once for each shot."""
    return tuple(landing_outcomes(BOARD, side, spot, aim, spread))


@cache
def cached_reach(landing: int) -> frozenset[int]:
    """``reach`` on the game's board, computed once for each landing."""
    return frozenset(reach(BOARD, landing))
