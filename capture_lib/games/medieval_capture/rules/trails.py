"""The trail trees: every simple path a piece may take from a space, worked out once on an empty board in the
order in which the move search meets them, so that a position's search only skips what its pieces block.

``trail_walk`` lists the paths from a space and ``trail_tree`` adds what a move of a side's piece along
each would earn under the options: what ``MedievalCaptureState._moves_for`` reads. The moves it makes
along the paths are made once and handed out again (``quiet_moves``). ``_moves_for_plain`` searches step
by step instead, and the tests check that both give the same moves in the same order.
"""

from __future__ import annotations

from functools import cache
from itertools import count

from capture_lib.games.medieval_capture.rules.actions import PIECES_PER_SIDE, Move
from capture_lib.games.medieval_capture.rules.board import BOARD

KIND = BOARD.kind
TERR = BOARD.territory
CATHEDRAL = BOARD.cathedral
IS_BOAT = tuple(k == "boat" for k in KIND)
IS_DUNGEON = tuple(k == "dungeon" for k in KIND)
#: neighbour lists with the cost of each step: (per-boat rivers, free rivers)
ADJ = (
    tuple(tuple((j, 1) for j, _ in BOARD.adjacent[i]) for i in range(len(KIND))),
    tuple(tuple((j, 0 if e == "river" else 1) for j, e in BOARD.adjacent[i]) for i in range(len(KIND))),
)
#: for a mover of each side, the treasure and Knight spaces that reward it (those in enemy territory)
TREASURE_FOR = tuple(frozenset(i for i, k in enumerate(KIND) if k == "treasure" and TERR[i] == 1 - side)
                     for side in (0, 1))
KNIGHT_SPACES_FOR = tuple(frozenset(i for i, k in enumerate(KIND) if k == "knight" and TERR[i] == 1 - side)
                          for side in (0, 1))

#: The longest move read from a precomputed trail tree (``trail_tree``); a longer one (a black die
#: above 12, an option) is searched step by step. A tree to 12 holds a few hundred paths a space, one
#: to 20 thousands: the bound keeps the trees a few megabytes in all.
TREE_LIMIT = 12
#: The kinds of step in a trail tree: a rock a move may end on (or pass), a boat it only passes, a
#: dungeon it only ends on, the Cathedral (where pieces never block).
ROCK, BOAT, DUNGEON_SPACE, CATHEDRAL_SPACE = range(4)
#: A bit past every space's, set in the mask of a ``trail_tree`` end that is not a rock (the Cathedral,
#: a dungeon), so that one test of the mask sends every end but a plain rock to the full checks.
NOT_ROCK = 1 << len(BOARD.kind)


@cache
def trail_walk(start: int, river_free: bool) -> tuple[tuple, ...]:
    """Every simple path from ``start`` costing at most ``TREE_LIMIT``, on an empty board, in the order
    in which the depth-first search of ``_moves_for_plain`` meets them.

    One record per space the search goes on from, in the order it takes them off its stack:
    ``(space, least, skip, ends)``, where ``ends`` lists the ways on from ``space`` that may end a move,
    in trail order (a boat is only passed, so it has a record but is no end), ``least`` is the lowest
    cost of all the ways on, boats included (a die below it goes no further from here) and ``skip``
    the index just past the records of the paths that go on through ``space`` (so a blocked space
    skips them all). An end is ``(next, cost, path, mask, kind)``: ``mask`` has a bit for every space
    of ``path`` (to spot a Crown lying on the way) and ``kind`` is one of ``ROCK``, ``DUNGEON_SPACE``,
    ``CATHEDRAL_SPACE``. Dungeons end paths (no record).
    """
    adj = ADJ[river_free]
    records: list = []

    def walk(path: tuple[int, ...], cost: int, mask: int) -> None:
        at = len(records)
        records.append(None)
        steps = []
        for nxt, step in adj[path[-1]]:
            if mask >> nxt & 1 or cost + step > TREE_LIMIT:
                continue
            kind = BOAT if IS_BOAT[nxt] else DUNGEON_SPACE if IS_DUNGEON[nxt] else \
                CATHEDRAL_SPACE if nxt == CATHEDRAL else ROCK
            steps.append((nxt, cost + step, path + (nxt,), mask | 1 << nxt, kind))
        # The search stacks the ways on in trail order and so takes the last one first.
        for _, total, new_path, new_mask, kind in reversed(steps):
            if kind != DUNGEON_SPACE:
                walk(new_path, total, new_mask)
        least = min((step[1] for step in steps), default=TREE_LIMIT + 1)
        records[at] = (path[-1], least, len(records), tuple(step for step in steps if step[4] != BOAT))

    walk((start,), 0, 1 << start)
    return tuple(records)


def quiet_key(end: int, draws: int, recruits: int) -> int:
    """A quiet move's result, the space it ends on and the cards and recruits it earns, as one number: the
    search keeps its moves by result, and a number is quicker to look up than a tuple. A path crosses at
    most ``TREE_LIMIT`` spaces, so each count fits in four bits."""
    return end << 8 | draws << 4 | recruits


def quiet_parts(key: int) -> tuple[int, int, int]:
    """``(end, draws, recruits)`` of a ``quiet_key``."""
    return key >> 8, key >> 4 & 15, key & 15


@cache
def trail_tree(start: int, side: int, river_free: bool, forced_treasure: bool, forced_knight: bool,
               knight_spaces: bool) -> tuple[tuple, ...]:
    """``trail_walk`` with what a move of a ``side`` piece along each path would earn, under these
    options: each end gets three more fields, ``(next, cost, path, mask, kind, quiet_key, last_out,
    number)``. ``quiet_key`` is that of a quiet move to ``next``: the ``(end, draws, recruits)`` of
    ``_moves_for_plain`` as one number (``quiet_key``, which ``quiet_parts`` reads back),
    ``last_out`` the last index of ``path`` outside the enemy's territory (0 if none; see
    ``_crown_endings``) and ``number`` where the quiet moves along the path are kept in
    ``quiet_moves`` (the end's place in the tree times ``PIECES_PER_SIDE``: add the piece's place in
    its side); the mask of an end that is not a rock also has the ``NOT_ROCK`` bit."""
    treasure = TREASURE_FOR[side]
    spaces = KNIGHT_SPACES_FOR[side] if knight_spaces else frozenset()

    def reward_key(end: int, path: tuple[int, ...]) -> int:
        draws = (end in treasure) if forced_treasure else sum(s in treasure for s in path[1:])
        recruits = (end in spaces) if forced_knight else sum(s in spaces for s in path[1:])
        return quiet_key(end, draws, recruits)

    def last_out(path: tuple[int, ...]) -> int:
        # The last index (0 if none) of a space outside the enemy's territory: a Crown picked up at an
        # index not past it leaves its territory on the way, and is captured.
        return max((j for j in range(1, len(path)) if TERR[path[j]] != 1 - side), default=0)

    numbers = count(0, PIECES_PER_SIDE)
    return tuple((space, least, skip,
                  tuple((nxt, cost, path, mask if kind == ROCK else mask | NOT_ROCK, kind, reward_key(nxt, path),
                         last_out(path), next(numbers)) for nxt, cost, path, mask, kind in ends))
                 for space, least, skip, ends in trail_walk(start, river_free))


@cache
def quiet_moves(start: int, side: int, river_free: bool, forced_treasure: bool, forced_knight: bool,
                knight_spaces: bool) -> dict[int, Move]:
    """The quiet moves made along the paths of the ``trail_tree`` of the same arguments, each made once
    and handed out again, as Command Capture's actions are (a position lists a few dozen and a game
    meets the same ones turn after turn): by an end's ``number`` plus the piece's place in its side,
    filled in as the search first meets each."""
    return {}


def made_move(made: dict, name: int, piece: int, path: tuple[int, ...], kill: bool, drop: bool, free: int | None,
              take: int | None) -> Move:
    """The move of ``piece`` along ``path`` with these endings, from ``made`` (``quiet_moves``) where the
    search made it before, else made now and kept there: the plain move by the path's ``name``, any
    other by ``name`` and its endings."""
    key = name if not (kill or drop) and free is None and take is None else (name, kill, drop, free, take)
    move = made.get(key)
    if move is None:
        move = made[key] = Move.generated(piece, path, kill, drop, free, take)
    return move


@cache
def reach_mask(start: int, river_free: bool, limit: int) -> int:
    """A bit for every space a move of at most ``limit`` from ``start`` could reach on an empty board
    (never through a dungeon): the only spaces whose pieces the move search looks at."""
    adj = ADJ[river_free]
    far = {start: 0}
    todo = [start]
    while todo:  # cheapest costs first: steps cost 0 or 1, so a sweep per cost is enough
        later = []
        for node in todo:
            if IS_DUNGEON[node] and node != start:
                continue
            for nxt, step in adj[node]:
                cost = far[node] + step
                if cost <= limit and cost < far.get(nxt, limit + 1):
                    far[nxt] = cost
                    (todo if step == 0 else later).append(nxt)
        todo = later
    return sum(1 << s for s in far)
