"""How good a Medieval Capture position is for one side, at the end of its turn (the other side acts next).

The value is in Crown points (``Weights.crown``, 100, is one captured Crown) and has three parts:

- **what stands** (``standing``): Crowns captured; each piece on the board, more for the Knight;
  prisoners (who may be rescued) and reserves (who may come back) for less; cards in hand. A piece
  carrying an enemy Crown is worth part of the Crown, the more the likelier the black die carries it
  out next turn; a raider abroad is worth the chance that its die reaches an enemy Crown. These are
  the *abroad* and *home* roles: a piece is only worth what its die lets it do from where it stands;
- **what the other side may do first** (``reply``): over the 72 rolls of its dice, the most it can gain
  with three different pieces: capture ours where it is at home (kill, if the capturer is its Knight:
  ``belief`` gives the chance), take or carry out a Crown, rescue a prisoner; and its catapult's best
  shot at our pieces in its enemy territory (our home), when the white die or a CATAPULT! card gives it
  one. Subtracted in full: it acts next;
- **what we may do after** (``reply`` for our side): the same, counted at ``Weights.follow`` of its
  worth, since the other side moves in between.

``quick`` is the cheap version the planner ranks thousands of moves with: what stands, less the
danger to each of our pieces from a map worked out once per turn (``Danger``). ``value`` is the full
one, with every path's blocking pieces (``move_costs``) and every boulder landing counted, for the
few plans the planner compares in the end.

The enemy's Knight and hand are never read from the position: the ``Belief`` of the side that plans
gives their chances, so a determinized position reveals nothing.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from functools import cache

from capture_lib.games.medieval_capture.players.belief import Belief
from capture_lib.games.medieval_capture.players.geometry import (
    BLACK,
    FAR,
    HIGHER,
    WHITE,
    at_least,
    boulder_danger,
    die_for,
    die_limit,
    distances,
    exit_costs,
)
from capture_lib.games.medieval_capture.rules.board import BOARD, ROCK_KINDS
from capture_lib.games.medieval_capture.rules.catapult import OFF, cached_landing, cached_reach, nearest_spot
from capture_lib.games.medieval_capture.rules.state import (
    ADJ,
    CARRY,
    CATHEDRAL,
    DEAD,
    DUNGEON,
    IS_BOAT,
    IS_DUNGEON,
    PRISON,
    RESERVE,
    TAKEN,
    TERR,
    MedievalCaptureState,
)

#: A won or lost game, far beyond any position's worth.
WIN = 1_000_000.0
#: Each Treasure Card's worth in hand (the planner's own cards); the enemy's cards count ``Weights.card``.
CARD_WORTH = {"capture": 5.0, "ambush": 6.0, "catapult": 7.0, "ransom": 4.0, "recruit": 5.0,
              "march": 4.0, "horses": 4.0, "reroll": 3.0}


@dataclass(frozen=True)
class Weights:
    """What each thing is worth, in Crown points (a captured Crown is ``crown``)."""

    crown: float = 100.0
    #: A piece on the board; the Knight adds ``knight`` (the only piece that kills).
    piece: float = 22.0
    knight: float = 10.0
    #: A prisoner may be rescued or ransomed; a reserve may come back by a Knight space or RECRUIT.
    prisoner: float = 7.0
    reserve: float = 6.0
    #: Each enemy card in hand (our own count ``CARD_WORTH``).
    card: float = 5.0
    #: A carried Crown: ``carry``, plus ``carry_exit`` times the chance its carrier's die takes it out.
    carry: float = 40.0
    carry_exit: float = 35.0
    #: A piece that could reach an enemy Crown: ``raid`` times the chance its die does it next turn, plus
    #: ``approach`` for each space nearer than ``APPROACH_SPAN`` (so raiders advance from afar).
    raid: float = 16.0
    approach: float = 0.6
    #: How much a guard's chance to capture a raider on a Crown's space takes off the raid on it.
    guarded: float = 0.8
    #: Our own expected gain on the turn after the other side's counts this much (it may spoil it).
    follow: float = 0.45
    #: Moves and rescues gain this much less for each piece already assigned a better move that roll.
    depth: tuple[float, ...] = field(default=(1.0, 0.9, 0.8))


DEFAULT = Weights()
#: Beyond this many spaces from an enemy Crown, a raider's approach counts nothing.
APPROACH_SPAN = 20
#: The 72 rolls, each (white, black) equally likely, for the standard black die; other dice get their own.
_ROLLS: dict[int, tuple[tuple[int, int], ...]] = {}


def _rolls(black_sides: int) -> tuple[tuple[int, int], ...]:
    rolls = _ROLLS.get(black_sides)
    if rolls is None:
        rolls = _ROLLS[black_sides] = tuple((w, b) for w in range(1, 7) for b in range(1, black_sides + 1))
    return rolls


def _die_value(die: int, white: int, black: int) -> int:
    return white if die == WHITE else black if die == BLACK else max(white, black)


class Position:
    """The facts of one position that every term reads, gathered once: where each piece stands, who
    carries which Crown, which enemy Crowns lie where."""

    __slots__ = ("world", "loc", "carrier_of", "lying", "occupied", "table", "black_sides", "river_free", "_guards")

    def __init__(self, world: MedievalCaptureState) -> None:
        self.world = world
        self.loc = world.loc
        self.carrier_of: dict[int, int] = {}
        #: side -> spaces of that side's Crowns lying on the board (the targets of the other side)
        self.lying: tuple[list[int], list[int]] = ([], [])
        for crown, at in enumerate(world.crowns):
            if at >= CARRY:
                self.carrier_of[at - CARRY] = crown
            elif at != TAKEN and at >= 0:
                self.lying[crown // 3].append(at)
        self.occupied = {at: p for p, at in enumerate(self.loc) if at >= 0 and at != CATHEDRAL}
        cfg = world.cfg
        self.black_sides = cfg.black_sides
        self.river_free = cfg.river_free
        self.table = distances(cfg.river_free)
        self._guards: dict[tuple[int, int], float] = {}

    def guard(self, side: int, space: int) -> float:
        """The chance that one of ``side``'s pieces could end a move on ``space`` (in its home territory)
        next turn, to capture a piece there: each die's best cost on the empty board, the white, black
        and higher dice taken as independent."""
        key = (side, space)
        found = self._guards.get(key)
        if found is None:
            if TERR[space] != side or space == CATHEDRAL:
                found = 0.0
            else:
                best = [FAR, FAR, FAR]
                for piece in range(side * 10, side * 10 + 10):
                    at = self.loc[piece]
                    if at >= 0:
                        die = die_for(side, at)
                        cost = self.table[at][space]
                        if cost < best[die]:
                            best[die] = cost
                black = self.black_sides
                found = 1.0 - ((1.0 - at_least(WHITE, best[WHITE], black)) * (1.0 - at_least(BLACK, best[BLACK], black))
                               * (1.0 - at_least(HIGHER, best[HIGHER], black)))
            self._guards[key] = found
        return found


def piece_worth(pos: Position, piece: int, belief: Belief, w: Weights = DEFAULT) -> float:
    """What ``piece`` (on the board) is worth to its side where it stands: the piece, the Knight's
    share, and its role (``role_worth``)."""
    return w.piece + w.knight * _knight_chance(pos, piece, belief) + role_worth(pos, piece, w)


def role_worth(pos: Position, piece: int, w: Weights = DEFAULT) -> float:
    """What ``piece``'s place is worth: a carried Crown's progress, or a raider's chance at an enemy Crown."""
    side = piece // 10
    at = pos.loc[piece]
    die = die_for(side, at)
    if piece in pos.carrier_of:
        return w.carry + w.carry_exit * at_least(die, exit_costs(side, pos.river_free)[at], pos.black_sides)
    lying = pos.lying[1 - side]
    if not lying:
        return 0.0
    row = pos.table[at]
    # The Crown nearest, and how well the other side guards it: a Crown taken under a guard's nose is
    # likely lost again with its carrier.
    far, target = min((row[c], c) for c in lying)
    open_ = 1.0 - w.guarded * pos.guard(1 - side, target)
    return open_ * (w.raid * at_least(die, far, pos.black_sides) + w.approach * max(0, APPROACH_SPAN - far))


def _knight_chance(pos: Position, piece: int, belief: Belief) -> float:
    """The chance that ``piece`` is its side's Knight: known for the believer's own side, believed otherwise."""
    side = piece // 10
    if side == belief.side:
        return 1.0 if pos.world.knight[side] == piece else 0.0
    return belief.knight_chance(piece)


def standing(pos: Position, side: int, belief: Belief, w: Weights = DEFAULT) -> float:
    """What stands for ``side``: Crowns, pieces and their roles, prisoners, reserves, cards."""
    world = pos.world
    total = w.crown * world.crowns_captured(side)
    for piece in range(side * 10, side * 10 + 10):
        at = pos.loc[piece]
        if at >= 0:
            total += piece_worth(pos, piece, belief, w)
        elif at == PRISON:
            total += w.prisoner
        elif at == RESERVE:
            total += w.reserve
        elif at != DEAD:
            raise ValueError(f"piece {piece} stands nowhere known ({at})")
    if side == belief.side:
        total += sum(CARD_WORTH.get(code, w.card) for code in world.hands[side])
    else:
        total += w.card * len(world.hands[side])
    return total


# ----- what a side may gain on its next turn -------------------------------------------------------------------
def move_costs(pos: Position, start: int, limit: int) -> dict[int, int]:
    """The cheapest cost of a move from ``start`` to each space it could end on within ``limit``, the
    pieces on the way blocking (a move may end on a piece to capture it, never pass it; the Cathedral
    never blocks; a boat ends no move; a dungeon ends one but is never crossed)."""
    adj = ADJ[pos.river_free]
    occupied = pos.occupied
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
            if IS_DUNGEON[nxt] or (nxt in occupied and nxt != start):
                out[nxt] = total  # ends the move: a rescue, or a capture
                continue
            if not IS_BOAT[nxt]:
                out[nxt] = total
            heapq.heappush(todo, (total, nxt))
    return out


class _EmptyCosts:
    """``move_costs`` without the blocking pieces (the quick estimate): a row of the distance table, read
    with ``get`` like ``move_costs``'s answer (``None`` beyond ``limit``)."""

    __slots__ = ("row", "limit")

    def __init__(self, pos: Position, start: int, limit: int) -> None:
        self.row = pos.table[start]
        self.limit = limit

    def get(self, space: int) -> int | None:
        """The cost of reaching ``space`` (``None`` beyond the limit)."""
        cost = self.row[space]
        return cost if cost <= self.limit else None


def reply(pos: Position, mover: int, belief: Belief, w: Weights = DEFAULT, exact: bool = True,
          rolls: tuple[tuple[int, int], ...] | None = None) -> float:
    """``mover``'s expected gain on its next turn, in Crown points (see the module's docstring).

    ``exact=False`` reads path costs off the empty board and skips the catapult's landings (it takes
    the quick ``boulder_danger`` estimate of one target instead). ``rolls`` (white, black) replaces every
    roll of the dice by those (the ``oracle`` ceiling, which knows the dice to come).
    """
    options = _options(pos, mover, belief, w, exact)
    shot = _best_shot(pos, mover, belief, w) if exact else _quick_shot(pos, mover, belief, w)
    cfg = pos.world.cfg
    card_shot = _holds(pos, mover, belief, "catapult") if not cfg.catapults_off else 0.0
    if not options and shot <= 0:
        return 0.0
    options.sort(key=lambda o: -o[3])
    depth = w.depth
    total = 0.0
    rolls = rolls or _rolls(pos.black_sides)
    shot_rolls = cfg.shot_rolls
    per_roll_shots = cfg.shots_per_roll
    for white, black in rolls:
        used: list[int] = []
        gain = 0.0
        for piece, die, cost, value in options:
            if piece in used or _die_value(die, white, black) < cost:
                continue
            gain += value * depth[len(used)]
            used.append(piece)
            if len(used) == 3:
                break
        shots = (per_roll_shots if white in shot_rolls else 0) + card_shot
        if shots:
            gain += shot * min(1.0, shots)
        total += gain
    return total / len(rolls)


def _holds(pos: Position, side: int, belief: Belief, code: str) -> float:
    """The chance that ``side`` holds a card ``code`` (known for the believer, believed for the enemy)."""
    if side == belief.side:
        return 1.0 if code in pos.world.hands[side] else 0.0
    return belief.holds.get(code, 0.0)


def _options(pos: Position, mover: int, belief: Belief, w: Weights, exact: bool) -> list[tuple[int, int, int, float]]:
    """What ``mover``'s pieces could gain this turn, each as ``(piece, die, cost, gain)``."""
    loc = pos.loc
    enemy = 1 - mover
    black = pos.black_sides
    exits = exit_costs(mover, pos.river_free)
    prisoners = [p for p in range(mover * 10, mover * 10 + 10) if loc[p] == PRISON]
    capture_card = max(_holds(pos, mover, belief, "capture"), _holds(pos, mover, belief, "ambush"))
    targets_home = [(loc[q], q) for q in range(enemy * 10, enemy * 10 + 10)
                    if loc[q] >= 0 and loc[q] != CATHEDRAL and TERR[loc[q]] == mover]
    targets_abroad = [(loc[q], q) for q in range(enemy * 10, enemy * 10 + 10)
                      if capture_card and loc[q] >= 0 and TERR[loc[q]] == enemy]
    crowns = pos.lying[enemy]
    worth_cache: dict[int, float] = {}

    def worth(piece: int) -> float:
        found = worth_cache.get(piece)
        if found is None:
            found = worth_cache[piece] = piece_worth(pos, piece, belief, w)
        return found

    options = []
    for piece in range(mover * 10, mover * 10 + 10):
        at = loc[piece]
        if at < 0:
            continue
        die = die_for(mover, at)
        limit = die_limit(die, black)
        costs = move_costs(pos, at, limit) if exact else _EmptyCosts(pos, at, limit)
        kill = _knight_chance(pos, piece, belief)
        carried = pos.carrier_of.get(piece)
        if carried is not None:
            # A carrier does nothing but carry: out of the territory, the Crown is captured.
            options.append((piece, die, exits[at], w.crown - role_worth(pos, piece, w)))
            continue
        for space, victim in targets_home:
            cost = costs.get(space)
            if cost is not None:
                options.append((piece, die, cost, _capture_gain(worth(victim), kill, w)))
        for space, victim in targets_abroad:
            cost = costs.get(space)
            if cost is not None:
                options.append((piece, die, cost, capture_card * _capture_gain(worth(victim), kill, w)))
        own = role_worth(pos, piece, w)
        for space in crowns:
            cost = costs.get(space)
            if cost is None:
                continue
            out = exits[space]
            if cost + out <= limit:
                options.append((piece, die, cost + out, w.crown - own))  # taken and carried out at once
            else:
                # Taken, but the carrier waits a turn where the other side may capture it.
                caught = pos.guard(enemy, space)
                progress = (1.0 - caught) * (w.carry + w.carry_exit * at_least(BLACK, out, black))
                options.append((piece, die, cost, progress - caught * (worth(piece) - own) - own))
        if prisoners:
            cost = costs.get(DUNGEON[enemy])
            if cost is not None:
                options.append((piece, die, cost, w.piece - w.prisoner - own))
    return [o for o in options if o[3] > 0]


def _capture_gain(victim_worth: float, kill: float, w: Weights) -> float:
    """What capturing a piece worth ``victim_worth`` gains, killed with chance ``kill`` (else jailed)."""
    return victim_worth - (1.0 - kill) * w.prisoner


def _shot_targets(pos: Position, shooter: int) -> list[int]:
    """The spaces of the pieces a ``shooter``'s boulder may kill: the other side's, in ``shooter``'s enemy territory."""
    enemy = 1 - shooter
    return [pos.loc[q] for q in range(enemy * 10, enemy * 10 + 10)
            if pos.loc[q] >= 0 and pos.loc[q] != CATHEDRAL and TERR[pos.loc[q]] == enemy
            and BOARD.kind[pos.loc[q]] in ROCK_KINDS]


def _quick_shot(pos: Position, shooter: int, belief: Belief, w: Weights) -> float:
    """The quick estimate of ``shooter``'s best shot: its likeliest kill of one target, shelter ignored."""
    danger = boulder_danger(shooter, pos.world.cfg.spread)
    best = 0.0
    for space in _shot_targets(pos, shooter):
        best = max(best, danger[space] * piece_worth(pos, pos.occupied[space], belief, w))
    return best


@cache
def _aim_landings(shooter: int, aim: int, spread: str) -> tuple[tuple[frozenset[int], float], ...]:
    """For a shot at ``aim`` from the nearest spot: each landing's knocked spaces and its chance."""
    return tuple((cached_reach(landing) if landing != OFF else frozenset(), float(p))
                 for landing, p in cached_landing(shooter, nearest_spot(shooter, aim), aim, spread))


def _best_shot(pos: Position, shooter: int, belief: Belief, w: Weights) -> float:
    """The expected worth of ``shooter``'s best shot (0 if none is worth firing), over every landing."""
    targets = _shot_targets(pos, shooter)
    if not targets:
        return 0.0
    spread = pos.world.cfg.spread
    occupied = pos.occupied
    enemy = 1 - shooter
    aims = {a for t in targets for a in cached_reach(t) if TERR[a] == enemy and BOARD.kind[a] in ROCK_KINDS}
    worth: dict[int, float] = {}
    best = 0.0
    for aim in aims:
        value = 0.0
        for knocked_spaces, chance in _aim_landings(shooter, aim, spread):
            down = [occupied[s] for s in knocked_spaces if s in occupied]
            if not down or any(TERR[pos.loc[p]] == shooter for p in down):
                continue
            theirs = [p for p in down if p // 10 == enemy]
            mine = [p for p in down if p // 10 == shooter]
            for p in down:
                if p not in worth:
                    worth[p] = piece_worth(pos, p, belief, w)
            if len(theirs) > len(mine):
                value += chance * max(worth[p] for p in theirs)
            else:
                value -= chance * min(worth[p] for p in mine)
        best = max(best, value)
    return best


def value(world: MedievalCaptureState, side: int, belief: Belief, w: Weights = DEFAULT, exact: bool = True,
          enemy_roll: tuple[int, int] | None = None) -> float:
    """The full value of ``world`` to ``side`` at the end of its turn, the other side to act next
    (``enemy_roll``: the roll it will make, for the ``oracle`` ceiling that knows it)."""
    if world.phase == "over":
        return WIN if side in [s % 2 for s in world.winners] else -WIN
    pos = Position(world)
    enemy = 1 - side
    rolls = None if enemy_roll is None else (enemy_roll,)
    return (standing(pos, side, belief, w) - standing(pos, enemy, belief, w)
            - reply(pos, enemy, belief, w, exact, rolls) + w.follow * reply(pos, side, belief, w, exact))


# ----- the quick version --------------------------------------------------------------------------------------
class Danger:
    """For one side's turn, the chance that each of its pieces could be captured or shot where it ends,
    from the other side's pieces as they stand (they do not move during the turn): a map per space.

    ``capture[space]``: the chance that some enemy piece's die reaches ``space`` (in the enemy's home
    territory), the white, black and higher dice taken as independent; ``shot``: the chance the enemy
    gets a shot next turn, ``aimed[space]`` the chance a boulder aimed there knocks a piece on it.
    A weaker player sees less: ``captures`` scales the chances of a capture (0 leaves them out, 1 takes
    them in full), ``boulders=False`` leaves the shots out.
    """

    __slots__ = ("side", "capture", "shot", "aimed")

    def __init__(self, world: MedievalCaptureState, side: int, belief: Belief, captures: float = 1.0,
                 boulders: bool = True) -> None:
        self.side = side
        enemy = 1 - side
        pos = Position(world)
        black = pos.black_sides
        best = {WHITE: [FAR] * len(BOARD.ids), BLACK: [FAR] * len(BOARD.ids), HIGHER: [FAR] * len(BOARD.ids)}
        for piece in range(enemy * 10, enemy * 10 + 10):
            at = pos.loc[piece]
            if at < 0:
                continue
            die = die_for(enemy, at)
            row = pos.table[at]
            costs = best[die]
            for space in range(len(costs)):
                if row[space] < costs[space]:
                    costs[space] = row[space]
        self.capture = tuple(
            0.0 if TERR[s] != enemy or s == CATHEDRAL or not captures else
            captures * (1.0 - (1.0 - at_least(WHITE, best[WHITE][s], black))
                        * (1.0 - at_least(BLACK, best[BLACK][s], black))
                        * (1.0 - at_least(HIGHER, best[HIGHER][s], black)))
            for s in range(len(BOARD.ids)))
        cfg = world.cfg
        dice = min(1.0, len(cfg.shot_rolls) * cfg.shots_per_roll / 6)
        card = 0.0 if cfg.catapults_off else (
            belief.holds.get("catapult", 0.0) if enemy != belief.side else float("catapult" in world.hands[enemy]))
        self.shot = 1.0 - (1.0 - dice) * (1.0 - card) if boulders else 0.0
        self.aimed = boulder_danger(enemy, cfg.spread)


def quick(world: MedievalCaptureState, side: int, belief: Belief, danger: Danger, w: Weights = DEFAULT) -> float:
    """The cheap value of ``world`` to ``side`` mid-turn or at its end: what stands, less what the
    ``danger`` map says its pieces risk (captures where they stand, and the enemy's best single shot)."""
    if world.phase == "over":
        return WIN if side in [s % 2 for s in world.winners] else -WIN
    pos = Position(world)
    total = standing(pos, side, belief, w) - standing(pos, 1 - side, belief, w)
    shot_loss = 0.0
    for piece in range(side * 10, side * 10 + 10):
        at = pos.loc[piece]
        if at < 0 or at == CATHEDRAL:
            continue
        risk = danger.capture[at]
        if risk or danger.aimed[at]:
            worth = piece_worth(pos, piece, belief, w)
            total -= risk * (worth - 0.5 * w.prisoner)
            shot_loss = max(shot_loss, danger.aimed[at] * worth)
    return total - danger.shot * shot_loss
