"""A simple, sensible computer player for Capture: A Medieval Wargame.

It looks one action ahead: each legal action is tried, and the position it leads to is scored from
the player's own observation (so it never uses the opponent's hidden Knight or cards). The score
counts Crowns above all, then carried Crowns and how close they are to leaving, pieces taken and lost,
and how far the attackers have come towards the enemy Crowns. It plays its cards when they can help,
aims the catapult where the most enemy pieces stand together, and ends its turn when nothing helps.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

from capture_lib.core.chance import CHANCE
from capture_lib.core.protocol import Action, State
from capture_lib.games.medieval_capture.rules.actions import Shoot
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.games.medieval_capture.rules.catapult import cached_landing, cached_reach, nearest_spot

SIDES = ("blue", "red")
#: Cards worth playing whenever they can be played (the others wait for a use).
EAGER = ("ransom", "recruit", "march", "horses", "catapult")


@cache
def _distances(targets: frozenset[int]) -> tuple[int, ...]:
    """Steps from every space to the nearest of ``targets`` (boats and trails alike, dungeons not)."""
    far = 99
    dist = [far] * len(BOARD.ids)
    todo = deque(targets)
    for t in targets:
        dist[t] = 0
    while todo:
        i = todo.popleft()
        for j in BOARD.neighbours(i):
            if dist[j] == far and BOARD.kind[j] != "dungeon":
                dist[j] = dist[i] + 1
                todo.append(j)
    return tuple(dist)


def score(view: dict[str, Any], side: int) -> float:
    """How good an observation looks for ``side`` (higher is better)."""
    me, them = SIDES[side], SIDES[1 - side]
    caps = view["crowns_captured"]
    total = 1000.0 * (caps[side] - caps[1 - side])
    if view["over"]:
        return total + (10000.0 if side in [w % 2 for w in view["winners"]] else -10000.0)
    enemy_crowns = frozenset(BOARD.index(c["where"]) for c in view["crowns"]
                             if c["side"] == them and c["where"] != "captured" and "carried_by" not in c)
    to_crowns = _distances(enemy_crowns) if enemy_crowns else None
    home = frozenset(i for i, t in enumerate(BOARD.territory) if t != 1 - side and BOARD.kind[i] != "dungeon")
    to_home = _distances(home)
    carriers = {c["carried_by"] for c in view["crowns"] if "carried_by" in c}
    for p in view["pieces"]:
        where = p["where"]
        mine = p["side"] == me
        sign = 1.0 if mine else -1.0
        if where in ("dead", "prisoner"):
            total -= sign * (80.0 if where == "dead" else 60.0)
            continue
        if where == "reserve":
            continue
        total += sign * 20.0
        i = BOARD.index(where)
        if mine and p["id"] in carriers:
            total += 300.0 - 25.0 * to_home[i]
        elif mine and to_crowns is not None and BOARD.territory[i] != side:
            total += 8.0 - 1.5 * min(to_crowns[i], 12)
        elif mine and to_crowns is not None:
            total -= 0.4 * min(to_crowns[i], 30)  # at home: drift forward a little, keep defending
        elif not mine and p["id"] in carriers:
            total -= 300.0
    total += 15.0 * len(view["hand"])
    return total


#: The expected gain of a shot (enemy pieces killed less our own) that makes it worth firing.
SHOT_WORTH = 0.25


def _aim(view: dict[str, Any], side: int, aims: list[Action]) -> tuple[float, Action | None]:
    """The best shot and its expected gain: for each aim with an enemy piece in reach, from the spot
    nearest to it (the truest shot), the chance an enemy piece dies less the chance one of ours does,
    over every place the boulder may land."""
    me = SIDES[side]
    standing = {}
    for p in view["pieces"]:
        if p["where"] not in ("dead", "prisoner", "reserve", "c"):
            standing[BOARD.index(p["where"])] = p["side"] == me
    spread = view["options"]["catapult_spread"]
    offered = {(a.spot, a.aim): a for a in aims if isinstance(a, Shoot)}
    best, best_action = 0.0, None
    for aim in sorted({a for _, a in offered}):
        if not any(not standing[i] for i in cached_reach(aim) if i in standing):
            continue
        action = offered.get((nearest_spot(side, aim), aim))
        if action is None:
            continue
        value = 0.0
        for landing, chance in cached_landing(side, action.spot, aim, spread):
            down = [i for i in cached_reach(landing) if i in standing]
            hit = [standing[i] for i in down]
            if not hit or any(BOARD.territory[i] == side for i in down):
                continue  # nothing falls, or a piece at home falls: the shot does nothing
            value += float(chance) if hit.count(False) > hit.count(True) else -float(chance)
        if value > best:
            best, best_action = value, action
    return best, best_action


def rule_player(state: State, seat: int) -> Action:
    """The action this player chooses for ``seat`` (which must be the seat to act)."""
    if state.current_player != seat:
        raise ValueError("the computer player only acts for the seat to act")
    legal = state.legal_actions()
    side = seat % 2
    phase = state.observation(seat)["phase"]
    texts = [str(a) for a in legal]
    if phase == "start":
        for code in EAGER:
            for action, text in zip(legal, texts, strict=True):
                if text.lower().startswith(f"play {code}"):
                    return action
        return next(a for a, t in zip(legal, texts, strict=True) if t == "roll")
    if phase == "place":
        return _placement(state, seat, legal)
    if phase == "kill":
        enemy = [a for a, t in zip(legal, texts, strict=True) if t.split()[1][0] != "BR"[side]]
        return (enemy or legal)[0]
    # The move phase: shoot first when a shot is worth it, then try every move and keep the best.
    aims = [a for a, t in zip(legal, texts, strict=True) if t.startswith("shoot")]
    if aims:
        value, shot = _aim(state.observation(seat), side, aims)
        if shot is not None and value >= SHOT_WORTH:
            return shot
    base = score(state.observation(seat), side)
    best_value, best = 0.5, None
    for action, text in zip(legal, texts, strict=True):
        if text in ("end", "reroll") or text.startswith("shoot"):
            continue
        after = state.play(action)
        while after.current_player == CHANCE and after.phase == "draw":
            # A card will be drawn: count it as worth its average without peeking at which one.
            after = after.play(after.chance_outcomes()[0][0])
        value = score(after.observation(seat), side) - base
        if value > best_value:
            best_value, best = value, action
    if best is not None:
        return best
    return next(a for a, t in zip(legal, texts, strict=True) if t == "end")


def _placement(state: State, seat: int, legal: list[Action]) -> Action:
    """Guard the Crowns: the Knight close behind them, Soldiers on the roads leading to them, spread out."""
    side = seat % 2
    view = state.observation(seat)
    crowns = frozenset(BOARD.crowns[side])
    to_crowns = _distances(crowns)
    taken = [BOARD.index(p["where"]) for p in view["pieces"] if p["side"] == SIDES[side]
             and p["where"] not in ("reserve", "dead", "prisoner", "c")]
    knight_placed = any(p.get("knight") for p in view["pieces"])
    best, best_value = legal[0], float("-inf")
    for action in legal:
        words = str(action).split()
        space = BOARD.index(words[2])
        is_knight = len(words) == 4
        if is_knight != (not knight_placed and len(taken) >= 2) and len(legal) > 1:
            if not (is_knight and all(len(str(a).split()) == 4 for a in legal)):
                continue  # the Knight goes third, the rest are Soldiers
        near = min((BOARD.distance(space, t) for t in taken), default=999.0)
        depth = to_crowns[space]
        value = (-abs(depth - 1) * 3 if is_knight else -abs(depth - 4)) + min(near, 200) / 50
        if value > best_value:
            best, best_value = action, value
    return best
