"""The board of Capture: A Medieval Wargame, read from ``board.json`` and checked.

The source rulebook describes the board but gives no picture of it, so the project designed one and
keeps it as data: a graph of spaces (rocks, boats, the Cathedral, the dungeons), each with a position
on the picture, a kind and a territory, joined by trail, dock and dungeon edges; the rivers and lakes
list their boats, and the boats on one river or lake are joined to each other by water.

Space names: ``b1``..``b51`` lie in blue territory, ``r1``..``r51`` are their mirror images in red
territory (``rN`` mirrors ``bN``), ``c`` is the Cathedral, ``bd`` and ``rd`` the blue and red dungeons.

``load_board(path)`` raises ``ValueError`` naming the problem for a broken file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The kinds of space a board may have.
KINDS = ("rock", "crown", "knight", "treasure", "bridge", "boat", "cathedral", "dungeon")
#: Kinds a piece may stand on at the end of a move (boats and dungeons are special).
ROCK_KINDS = frozenset({"rock", "crown", "knight", "treasure", "bridge"})
TERRITORIES = ("blue", "red", "neutral")
EDGE_KINDS = ("trail", "dock", "dungeon")
SIDES = ("blue", "red")

BOARD_FILE = Path(__file__).with_name("board.json")


@dataclass(frozen=True, eq=False)
class Board:
    """The board as plain indexed data; spaces are referred to by index inside the engine."""

    name: str
    width: float
    height: float
    border_x: float
    ids: tuple[str, ...]
    xy: tuple[tuple[float, float], ...]
    kind: tuple[str, ...]
    #: 0 blue, 1 red, -1 neutral (the Cathedral)
    territory: tuple[int, ...]
    #: index -> tuple of (neighbour index, edge kind: trail, dock, dungeon, river or lake)
    adjacent: tuple[tuple[tuple[int, str], ...], ...]
    rivers: tuple[dict[str, Any], ...]
    lakes: tuple[dict[str, Any], ...]
    cathedral: int
    #: the dungeon space of each side (0 blue, 1 red)
    dungeon: tuple[int, int]
    #: the three Crown spaces of each side
    crowns: tuple[tuple[int, ...], tuple[int, ...]]

    def index(self, space_id: str) -> int:
        """The index of a space from its name (any case); ``KeyError`` if there is none."""
        return self._index[space_id.strip().lower()]

    @property
    def _index(self) -> dict[str, int]:
        cached = self.__dict__.get("_index_cache")
        if cached is None:
            cached = {sid: i for i, sid in enumerate(self.ids)}
            object.__setattr__(self, "_index_cache", cached)
        return cached

    def has(self, space_id: str) -> bool:
        """Whether a space of this name exists."""
        return space_id.strip().lower() in self._index

    def neighbours(self, i: int) -> tuple[int, ...]:
        """The spaces one step from space ``i``."""
        return tuple(j for j, _ in self.adjacent[i])

    def spaces_of(self, kind: str, territory: int | None = None) -> tuple[int, ...]:
        """Every space of ``kind`` (in ``territory``, 0 blue or 1 red, if given)."""
        return tuple(i for i, k in enumerate(self.kind)
                     if k == kind and (territory is None or self.territory[i] == territory))

    def mirror(self, i: int) -> int:
        """The space that mirrors space ``i`` across the border (the Cathedral mirrors itself)."""
        sid = self.ids[i]
        if sid == "c":
            return i
        if sid in ("bd", "rd"):
            return self.index("rd" if sid == "bd" else "bd")
        return self.index(("r" if sid[0] == "b" else "b") + sid[1:])

    def distance(self, i: int, j: int) -> float:
        """The straight-line distance between two spaces on the picture."""
        (x1, y1), (x2, y2) = self.xy[i], self.xy[j]
        return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5


def _fail(where: str, problem: str) -> ValueError:
    return ValueError(f"board file {where}: {problem}")


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise _fail(where, f"missing {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise _fail(where, f"{key!r} has the wrong type ({type(value).__name__})")
    return value


def parse_board(data: Any, where: str = "<data>") -> Board:
    """Check board data (already decoded from JSON) and build the ``Board``; ``ValueError`` if broken."""
    if not isinstance(data, dict):
        raise _fail(where, "the board must be a JSON object")
    name = _need(data, "name", str, where)
    width = _need(data, "width", (int, float), where)
    height = _need(data, "height", (int, float), where)
    border_x = _need(data, "border_x", (int, float), where)
    raw_spaces = _need(data, "spaces", list, where)
    ids: list[str] = []
    xy: list[tuple[float, float]] = []
    kinds: list[str] = []
    terr: list[int] = []
    for n, sp in enumerate(raw_spaces):
        at = f"space number {n + 1}"
        if not isinstance(sp, dict):
            raise _fail(where, f"{at} is not an object")
        sid = _need(sp, "id", str, where)
        at = f"space {sid!r}"
        if sid != sid.lower() or not sid or " " in sid:
            raise _fail(where, f"{at}: space names are lower case without spaces")
        if sid in ids:
            raise _fail(where, f"{at} appears twice")
        x = _need(sp, "x", (int, float), where)
        y = _need(sp, "y", (int, float), where)
        if not (0 <= x <= width and 0 <= y <= height):
            raise _fail(where, f"{at} lies outside the {width}x{height} picture")
        kind = _need(sp, "kind", str, where)
        if kind not in KINDS:
            raise _fail(where, f"{at} has unknown kind {kind!r}; kinds are {', '.join(KINDS)}")
        territory = _need(sp, "territory", str, where)
        if territory not in TERRITORIES:
            raise _fail(where, f"{at} has unknown territory {territory!r}; territories are blue, red, neutral")
        if (kind == "cathedral") != (territory == "neutral"):
            raise _fail(where, f"{at}: the Cathedral, and only the Cathedral, is neutral")
        ids.append(sid)
        xy.append((float(x), float(y)))
        kinds.append(kind)
        terr.append(TERRITORIES.index(territory) if territory != "neutral" else -1)
    index = {sid: i for i, sid in enumerate(ids)}
    cathedrals = [i for i, k in enumerate(kinds) if k == "cathedral"]
    if len(cathedrals) != 1:
        raise _fail(where, f"the board needs exactly one Cathedral, found {len(cathedrals)}")

    adjacent: list[dict[int, str]] = [{} for _ in ids]

    def link(a: int, b: int, kind: str, at: str) -> None:
        if a == b:
            raise _fail(where, f"{at} joins a space to itself")
        if b in adjacent[a]:
            raise _fail(where, f"{at} joins {ids[a]!r} and {ids[b]!r}, which are already joined")
        adjacent[a][b] = kind
        adjacent[b][a] = kind

    for n, edge in enumerate(_need(data, "edges", list, where)):
        at = f"edge number {n + 1}"
        if not (isinstance(edge, list) and len(edge) == 3 and all(isinstance(e, str) for e in edge)):
            raise _fail(where, f"{at} must be [space, space, kind]")
        a_id, b_id, kind = edge
        for sid in (a_id, b_id):
            if sid not in index:
                raise _fail(where, f"{at} names unknown space {sid!r}")
        if kind not in EDGE_KINDS:
            raise _fail(where, f"{at} has unknown kind {kind!r}; edge kinds are {', '.join(EDGE_KINDS)}")
        a, b = index[a_id], index[b_id]
        ka, kb = kinds[a], kinds[b]
        if kind == "trail" and ({ka, kb} & {"boat", "dungeon"}):
            raise _fail(where, f"{at}: a trail joins rocks or the Cathedral, not {ka} and {kb}")
        if kind == "dock":
            if sorted((ka == "boat", kb == "boat")) != [False, True]:
                raise _fail(where, f"{at}: a dock joins one boat to one rock")
            rock = b if ka == "boat" else a
            if kinds[rock] not in ROCK_KINDS or kinds[rock] == "bridge":
                raise _fail(where, f"{at}: a boat docks at a rock, never at a {kinds[rock]}")
        if kind == "dungeon":
            if sorted((ka == "dungeon", kb == "dungeon")) != [False, True]:
                raise _fail(where, f"{at}: a dungeon edge joins a dungeon to one rock")
            rock = b if ka == "dungeon" else a
            if kinds[rock] not in ROCK_KINDS:
                raise _fail(where, f"{at}: a dungeon opens onto a rock, never a {kinds[rock]}")
        link(a, b, kind, at)

    boats_seen: dict[int, str] = {}

    def water(group: dict[str, Any], what: str, size: int) -> list[int]:
        gid = _need(group, "id", str, where)
        boats = _need(group, "boats", list, where)
        if len(boats) != size:
            raise _fail(where, f"{what} {gid!r} must have {size} boats, has {len(boats)}")
        out = []
        for sid in boats:
            if not isinstance(sid, str) or sid not in index:
                raise _fail(where, f"{what} {gid!r} names unknown boat {sid!r}")
            i = index[sid]
            if kinds[i] != "boat":
                raise _fail(where, f"{what} {gid!r}: {sid!r} is a {kinds[i]}, not a boat")
            if i in boats_seen:
                raise _fail(where, f"boat {sid!r} is on both {boats_seen[i]} and {gid!r}")
            boats_seen[i] = gid
            out.append(i)
        return out

    rivers = []
    raw_rivers = _need(data, "rivers", list, where)
    if len(raw_rivers) != 2:
        raise _fail(where, f"the board needs two rivers, has {len(raw_rivers)}")
    for river in raw_rivers:
        if not isinstance(river, dict):
            raise _fail(where, "each river must be an object")
        boats = water(river, "river", 4)
        for a, b in zip(boats, boats[1:], strict=False):
            link(a, b, "river", f"river {river['id']!r}")
        bridges = _need(river, "bridges", list, where)
        for sid in bridges:
            if sid not in index or kinds[index[sid]] != "bridge":
                raise _fail(where, f"river {river['id']!r} lists {sid!r} as a bridge, but it is not one")
        course = _need(river, "course", list, where)
        rivers.append({"id": river["id"], "boats": tuple(boats), "bridges": tuple(index[s] for s in bridges),
                       "course": tuple(tuple(p) for p in course)})
    lakes = []
    raw_lakes = _need(data, "lakes", list, where)
    if len(raw_lakes) != 2:
        raise _fail(where, f"the board needs two lakes, has {len(raw_lakes)}")
    for lake in raw_lakes:
        if not isinstance(lake, dict):
            raise _fail(where, "each lake must be an object")
        boats = water(lake, "lake", 3)
        for n, a in enumerate(boats):
            for b in boats[n + 1:]:
                link(a, b, "lake", f"lake {lake['id']!r}")
        shape = {k: float(_need(lake, k, (int, float), where)) for k in ("cx", "cy", "rx", "ry")}
        lakes.append({"id": lake["id"], "boats": tuple(boats), **shape})
    for i, k in enumerate(kinds):
        if k == "boat":
            if i not in boats_seen:
                raise _fail(where, f"boat {ids[i]!r} is on no river or lake")
            docks = [j for j, e in adjacent[i].items() if e == "dock"]
            if len(docks) != 1:
                raise _fail(where, f"boat {ids[i]!r} must be docked at exactly one rock, has {len(docks)}")
        if k == "bridge" and any(e == "dock" for e in adjacent[i].values()):
            raise _fail(where, f"bridge {ids[i]!r} has a boat docked at it")

    dungeons = _need(data, "dungeons", dict, where)
    dungeon: list[int] = []
    crowns: list[tuple[int, ...]] = []
    for side_no, side in enumerate(SIDES):
        sid = dungeons.get(side)
        if not isinstance(sid, str) or sid not in index or kinds[index[sid]] != "dungeon":
            raise _fail(where, f"the {side} dungeon is missing or is not a dungeon space")
        if terr[index[sid]] != side_no:
            raise _fail(where, f"the {side} dungeon must lie in {side} territory")
        if not adjacent[index[sid]]:
            raise _fail(where, f"the {side} dungeon {sid!r} opens onto no rock")
        dungeon.append(index[sid])
        side_crowns = tuple(i for i, k in enumerate(kinds) if k == "crown" and terr[i] == side_no)
        if len(side_crowns) != 3:
            raise _fail(where, f"{side} territory needs three Crown spaces, has {len(side_crowns)}")
        crowns.append(side_crowns)
        if not any(k == "treasure" and terr[i] == side_no for i, k in enumerate(kinds)):
            raise _fail(where, f"{side} territory has no treasure space")
    if sum(k == "dungeon" for k in kinds) != 2:
        raise _fail(where, "the board needs exactly two dungeons")
    knights = sum(k == "knight" for k in kinds)
    if knights != 8:
        raise _fail(where, f"the board needs eight Knight spaces, has {knights}")

    # Every space must be reachable from the Cathedral, or part of the board could never be used.
    seen = {cathedrals[0]}
    todo = [cathedrals[0]]
    while todo:
        i = todo.pop()
        for j in adjacent[i]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    cut_off = [ids[i] for i in range(len(ids)) if i not in seen]
    if cut_off:
        raise _fail(where, f"spaces {', '.join(cut_off[:5])} cannot be reached from the Cathedral")

    return Board(
        name=name, width=float(width), height=float(height), border_x=float(border_x),
        ids=tuple(ids), xy=tuple(xy), kind=tuple(kinds), territory=tuple(terr),
        adjacent=tuple(tuple(sorted(a.items())) for a in adjacent),
        rivers=tuple(rivers), lakes=tuple(lakes), cathedral=cathedrals[0],
        dungeon=(dungeon[0], dungeon[1]), crowns=(crowns[0], crowns[1]),
    )


def load_board(path: str | Path = BOARD_FILE) -> Board:
    """Read and check a board file; ``ValueError`` naming the problem if it is broken."""
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise _fail(where, f"cannot be read ({err.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise _fail(where, f"is not valid JSON ({err.msg} at line {err.lineno})") from None
    return parse_board(data, where)


#: The board every game is played on.
BOARD = load_board()
