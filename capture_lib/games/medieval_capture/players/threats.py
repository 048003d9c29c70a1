"""What the other side could take on its next turn: the danger the rule-based player does not see.

``threat`` is the danger to pieces abroad, from captures; ``boulder_threat`` the danger to pieces at
home, from the other side's catapult (its boulders kill only in its enemy territory, which is home to
the pieces it hits).

Pieces are captured only in their captor's home territory (without a card), so a piece standing in
enemy territory is at risk from every enemy piece that could end its move on it: the piece's path
cost (boats and trails, river crossings as the options say; occupied spaces end a move, boats cannot
end one) must be within the die that the enemy piece would move by. The chance of rolling enough
comes from the die's sides, and the risks of different attackers are combined as if independent.
Everything read here is public (where pieces stand, the dice's sides), so a search may use it on a
determinized position without learning anything hidden.
"""

from __future__ import annotations

import heapq
from typing import Any

from capture_lib.games.medieval_capture.rules.board import BOARD, ROCK_KINDS
from capture_lib.games.medieval_capture.rules.catapult import cached_landing, cached_reach, nearest_spot
from capture_lib.games.medieval_capture.rules.state import ADJ, CATHEDRAL, IS_DUNGEON, TERR

#: What losing a piece costs in the rule-based player's measure (a dead piece is -80), plus a little
#: for the ground it had gained.
PIECE_AT_RISK = 90.0
#: What losing a carried Crown costs on top (the measure counts a carrier at up to +300).
CROWN_AT_RISK = 350.0


def chance_of_roll(die: str, needed: int, black_sides: int) -> float:
    """The chance that ``die`` (white, black or the higher of the two) shows at least ``needed``."""
    if needed <= 0:
        return 1.0
    white_short = min(1.0, (needed - 1) / 6)
    black_short = min(1.0, (needed - 1) / black_sides)
    if die == "white":
        return 1.0 - white_short
    if die == "black":
        return 1.0 - black_short
    return 1.0 - white_short * black_short


def landing_costs(start: int, occupancy: list[int], limit: int, river_free: bool) -> dict[int, int]:
    """The cheapest cost of a move from ``start`` onto each occupied space within ``limit``."""
    adj = ADJ[river_free]
    best = {start: 0}
    todo = [(0, start)]
    out: dict[int, int] = {}
    while todo:
        cost, node = heapq.heappop(todo)
        if best[node] < cost:
            continue
        for nxt, step in adj[node]:
            total = cost + step
            if total > limit or best.get(nxt, limit + 1) <= total:
                continue
            best[nxt] = total
            if IS_DUNGEON[nxt]:
                continue
            if occupancy[nxt] >= 0 and nxt != CATHEDRAL:
                out[nxt] = total  # an occupied space ends the move: it can be landed on, not passed
                continue
            heapq.heappush(todo, (total, nxt))
    return out


def boulder_threat(world: Any, side: int) -> float:
    """The expected loss of ``side``'s pieces at home to the other side's next catapult shot: the chance
    its white die gives a shot, times its best shot's chance of killing one of them (less the chance
    that it kills one of its own), from the spot level with each aim."""
    cfg = world.cfg
    if not cfg.shot_rolls:
        return 0.0
    shooter = 1 - side
    loc = world.loc
    standing = {loc[p]: p // 10 == shooter for p in range(len(loc)) if loc[p] >= 0 and loc[p] != CATHEDRAL}
    aims = {i for at, mine in standing.items() if not mine and TERR[at] == side
            for i in cached_reach(at) if TERR[i] == side and BOARD.kind[i] in ROCK_KINDS}
    best = 0.0
    for aim in aims:
        value = 0.0
        for landing, chance in cached_landing(shooter, nearest_spot(shooter, aim), aim, cfg.spread):
            down = [standing[i] for i in cached_reach(landing) if i in standing]
            if not down or any(TERR[i] == shooter for i in cached_reach(landing) if i in standing):
                continue
            value += float(chance) if down.count(False) > down.count(True) else -float(chance)
        best = max(best, value)
    return min(1.0, len(cfg.shot_rolls) * cfg.shots_per_roll / 6) * best * PIECE_AT_RISK


def threat(world: Any, side: int) -> float:
    """The expected loss, in the rule-based player's measure, of ``side``'s pieces abroad to captures on the
    other side's next turn."""
    enemy = 1 - side
    loc = world.loc
    targets = {loc[p]: p for p in world.pieces_of(side)
               if loc[p] >= 0 and TERR[loc[p]] == enemy and loc[p] != CATHEDRAL}
    if not targets:
        return 0.0
    occupancy = world._occupancy()
    cfg = world.cfg
    black = cfg.black_sides
    safe = dict.fromkeys(targets, 1.0)
    for attacker in world.pieces_of(enemy):
        at = loc[attacker]
        if at < 0:
            continue
        home = TERR[at]
        die = "white" if home == enemy else "higher" if home == -1 else "black"
        limit = 6 if die == "white" else max(6, black)
        costs = landing_costs(at, occupancy, limit, cfg.river_free)
        for space in targets:
            cost = costs.get(space)
            if cost is not None:
                safe[space] *= 1.0 - chance_of_roll(die, cost, black)
    total = 0.0
    for space, piece in targets.items():
        value = PIECE_AT_RISK + (CROWN_AT_RISK if world.carried_by(piece) >= 0 else 0.0)
        total += (1.0 - safe[space]) * value
    return total
