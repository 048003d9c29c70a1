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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

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


class _Draft:
    """The board as far as it is read: each part of the file is checked against the parts before it."""

    def __init__(self, where: str) -> None:
        self.where = where
        #: ``name``, ``width``, ``height`` and ``border_x`` as the file gives them
        self.head: dict[str, Any] = {}
        self.ids: list[str] = []
        self.index: dict[str, int] = {}
        self.xy: list[tuple[float, float]] = []
        self.kinds: list[str] = []
        self.terr: list[int] = []
        self.cathedral = -1
        self.adjacent: list[dict[int, str]] = []
        #: the river or lake each boat is on, by boat
        self.boats_seen: dict[int, str] = {}
        #: the rivers and the lakes, as ``Board`` keeps them
        self.waters: dict[str, list[dict[str, Any]]] = {"river": [], "lake": []}
        self.dungeon: list[int] = []
        self.crowns: list[tuple[int, ...]] = []

    def fail(self, problem: str) -> ValueError:
        """The error for ``problem`` in this file."""
        return _fail(self.where, problem)

    def need(self, data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
        """``data[key]``, which must be there and of type ``kind``."""
        return _need(data, key, kind, self.where)

    def link(self, a: int, b: int, kind: str, at: str) -> None:
        """Join spaces ``a`` and ``b`` by an edge of ``kind`` (named ``at`` in errors)."""
        adjacent = self.adjacent
        if a == b:
            raise self.fail(f"{at} joins a space to itself")
        if b in adjacent[a]:
            raise self.fail(f"{at} joins {self.ids[a]!r} and {self.ids[b]!r}, which are already joined")
        adjacent[a][b] = kind
        adjacent[b][a] = kind

    def board(self) -> Board:
        """The finished ``Board``."""
        head = self.head
        return Board(
            name=head["name"], width=float(head["width"]), height=float(head["height"]),
            border_x=float(head["border_x"]), ids=tuple(self.ids), xy=tuple(self.xy), kind=tuple(self.kinds),
            territory=tuple(self.terr), adjacent=tuple(tuple(sorted(a.items())) for a in self.adjacent),
            rivers=tuple(self.waters["river"]), lakes=tuple(self.waters["lake"]), cathedral=self.cathedral,
            dungeon=(self.dungeon[0], self.dungeon[1]), crowns=(self.crowns[0], self.crowns[1]),
        )


# ----- the readers of the file's parts -----------------------------------------------------------------
# Each gets the draft and its part of the file (already of the right JSON type), checks it and adds it to
# the draft, or raises ``_fail`` naming what is wrong.

def _keep(b: _Draft, key: str, value: Any) -> None:
    b.head[key] = value


def _read_space(b: _Draft, n: int, sp: Any) -> None:
    if not isinstance(sp, dict):
        raise b.fail(f"space number {n + 1} is not an object")
    sid = b.need(sp, "id", str)
    at = f"space {sid!r}"
    if sid != sid.lower() or not sid or " " in sid:
        raise b.fail(f"{at}: space names are lower case without spaces")
    if sid in b.index:
        raise b.fail(f"{at} appears twice")
    x = b.need(sp, "x", (int, float))
    y = b.need(sp, "y", (int, float))
    width, height = b.head["width"], b.head["height"]
    if not (0 <= x <= width and 0 <= y <= height):
        raise b.fail(f"{at} lies outside the {width}x{height} picture")
    kind = b.need(sp, "kind", str)
    if kind not in KINDS:
        raise b.fail(f"{at} has unknown kind {kind!r}; kinds are {', '.join(KINDS)}")
    territory = b.need(sp, "territory", str)
    if territory not in TERRITORIES:
        raise b.fail(f"{at} has unknown territory {territory!r}; territories are blue, red, neutral")
    if (kind == "cathedral") != (territory == "neutral"):
        raise b.fail(f"{at}: the Cathedral, and only the Cathedral, is neutral")
    b.index[sid] = len(b.ids)
    b.ids.append(sid)
    b.xy.append((float(x), float(y)))
    b.kinds.append(kind)
    b.terr.append(TERRITORIES.index(territory) if territory != "neutral" else -1)
    b.adjacent.append({})


def _read_spaces(b: _Draft, key: str, spaces: list[Any]) -> None:
    for n, sp in enumerate(spaces):
        _read_space(b, n, sp)
    cathedrals = [i for i, k in enumerate(b.kinds) if k == "cathedral"]
    if len(cathedrals) != 1:
        raise b.fail(f"the board needs exactly one Cathedral, found {len(cathedrals)}")
    b.cathedral = cathedrals[0]


def _trail(ka: str, kb: str) -> str | None:
    if {ka, kb} & {"boat", "dungeon"}:
        return f"a trail joins rocks or the Cathedral, not {ka} and {kb}"
    return None


def _dock(ka: str, kb: str) -> str | None:
    if sorted((ka == "boat", kb == "boat")) != [False, True]:
        return "a dock joins one boat to one rock"
    rock = kb if ka == "boat" else ka
    if rock not in ROCK_KINDS or rock == "bridge":
        return f"a boat docks at a rock, never at a {rock}"
    return None


def _dungeon_door(ka: str, kb: str) -> str | None:
    if sorted((ka == "dungeon", kb == "dungeon")) != [False, True]:
        return "a dungeon edge joins a dungeon to one rock"
    rock = kb if ka == "dungeon" else ka
    if rock not in ROCK_KINDS:
        return f"a dungeon opens onto a rock, never a {rock}"
    return None


#: The kinds of space each kind of edge may join, by edge kind: the problem with the two kinds, or ``None``.
_EDGE_RULES: dict[str, Callable[[str, str], str | None]] = {"trail": _trail, "dock": _dock, "dungeon": _dungeon_door}


def _read_edges(b: _Draft, key: str, edges: list[Any]) -> None:
    for n, edge in enumerate(edges):
        at = f"edge number {n + 1}"
        if not (isinstance(edge, list) and len(edge) == 3 and all(isinstance(e, str) for e in edge)):
            raise b.fail(f"{at} must be [space, space, kind]")
        a_id, b_id, kind = edge
        for sid in (a_id, b_id):
            if sid not in b.index:
                raise b.fail(f"{at} names unknown space {sid!r}")
        if kind not in EDGE_KINDS:
            raise b.fail(f"{at} has unknown kind {kind!r}; edge kinds are {', '.join(EDGE_KINDS)}")
        a, c = b.index[a_id], b.index[b_id]
        problem = _EDGE_RULES[kind](b.kinds[a], b.kinds[c])
        if problem is not None:
            raise b.fail(f"{at}: {problem}")
        b.link(a, c, kind, at)


def _boats(b: _Draft, group: dict[str, Any], what: str, size: int) -> list[int]:
    """The ``size`` boats of a river or lake (``what``), each a boat space on no other water."""
    gid = b.need(group, "id", str)
    boats = b.need(group, "boats", list)
    if len(boats) != size:
        raise b.fail(f"{what} {gid!r} must have {size} boats, has {len(boats)}")
    out = []
    for sid in boats:
        if not isinstance(sid, str) or sid not in b.index:
            raise b.fail(f"{what} {gid!r} names unknown boat {sid!r}")
        i = b.index[sid]
        if b.kinds[i] != "boat":
            raise b.fail(f"{what} {gid!r}: {sid!r} is a {b.kinds[i]}, not a boat")
        if i in b.boats_seen:
            raise b.fail(f"boat {sid!r} is on both {b.boats_seen[i]} and {gid!r}")
        b.boats_seen[i] = gid
        out.append(i)
    return out


def _river_rest(b: _Draft, river: dict[str, Any]) -> dict[str, Any]:
    """A river's bridges and its course on the picture."""
    bridges = b.need(river, "bridges", list)
    for sid in bridges:
        if sid not in b.index or b.kinds[b.index[sid]] != "bridge":
            raise b.fail(f"river {river['id']!r} lists {sid!r} as a bridge, but it is not one")
    course = b.need(river, "course", list)
    return {"bridges": tuple(b.index[s] for s in bridges), "course": tuple(tuple(p) for p in course)}


def _lake_rest(b: _Draft, lake: dict[str, Any]) -> dict[str, Any]:
    """A lake's ellipse on the picture."""
    return {k: float(b.need(lake, k, (int, float))) for k in ("cx", "cy", "rx", "ry")}


class _Water(NamedTuple):
    """Rivers or lakes: what one is called, how many boats it has, which of them the water joins
    (by position in its list), and the reader of the rest of its entry."""

    what: str
    size: int
    joins: tuple[tuple[int, int], ...]
    rest: Callable[[_Draft, dict[str, Any]], dict[str, Any]]

    def read(self, b: _Draft, key: str, groups: list[Any]) -> None:
        """Read the two rivers or lakes of ``groups``."""
        if len(groups) != 2:
            raise b.fail(f"the board needs two {self.what}s, has {len(groups)}")
        for group in groups:
            if not isinstance(group, dict):
                raise b.fail(f"each {self.what} must be an object")
            boats = _boats(b, group, self.what, self.size)
            for m, n in self.joins:
                b.link(boats[m], boats[n], self.what, f"{self.what} {group['id']!r}")
            b.waters[self.what].append({"id": group["id"], "boats": tuple(boats), **self.rest(b, group)})


#: A river's boats are joined one to the next; a lake's, every one to every other.
_RIVERS = _Water("river", 4, ((0, 1), (1, 2), (2, 3)), _river_rest)
_LAKES = _Water("lake", 3, ((0, 1), (0, 2), (1, 2)), _lake_rest)


def _read_side(b: _Draft, dungeons: dict[str, Any], side_no: int) -> None:
    """A side's dungeon (from the file's ``dungeons``), its three Crown spaces and its treasure."""
    side = SIDES[side_no]
    sid = dungeons.get(side)
    if not isinstance(sid, str) or sid not in b.index or b.kinds[b.index[sid]] != "dungeon":
        raise b.fail(f"the {side} dungeon is missing or is not a dungeon space")
    if b.terr[b.index[sid]] != side_no:
        raise b.fail(f"the {side} dungeon must lie in {side} territory")
    if not b.adjacent[b.index[sid]]:
        raise b.fail(f"the {side} dungeon {sid!r} opens onto no rock")
    b.dungeon.append(b.index[sid])
    side_crowns = tuple(i for i, k in enumerate(b.kinds) if k == "crown" and b.terr[i] == side_no)
    if len(side_crowns) != 3:
        raise b.fail(f"{side} territory needs three Crown spaces, has {len(side_crowns)}")
    b.crowns.append(side_crowns)
    if not any(k == "treasure" and b.terr[i] == side_no for i, k in enumerate(b.kinds)):
        raise b.fail(f"{side} territory has no treasure space")


def _read_sides(b: _Draft, key: str, dungeons: dict[str, Any]) -> None:
    for side_no in range(len(SIDES)):
        _read_side(b, dungeons, side_no)


# ----- the checks of the whole board -----------------------------------------------------------------
# Each gives the problem in words, or ``None`` when the board passes.

def _boats_afloat_and_docked(b: _Draft) -> str | None:
    """Every boat is on a river or lake and docked at one rock; no boat docks at a bridge."""
    for i, k in enumerate(b.kinds):
        if k == "boat":
            if i not in b.boats_seen:
                return f"boat {b.ids[i]!r} is on no river or lake"
            docks = [j for j, e in b.adjacent[i].items() if e == "dock"]
            if len(docks) != 1:
                return f"boat {b.ids[i]!r} must be docked at exactly one rock, has {len(docks)}"
        if k == "bridge" and any(e == "dock" for e in b.adjacent[i].values()):
            return f"bridge {b.ids[i]!r} has a boat docked at it"
    return None


def _two_dungeons(b: _Draft) -> str | None:
    return "the board needs exactly two dungeons" if sum(k == "dungeon" for k in b.kinds) != 2 else None


def _eight_knight_spaces(b: _Draft) -> str | None:
    knights = sum(k == "knight" for k in b.kinds)
    return f"the board needs eight Knight spaces, has {knights}" if knights != 8 else None


def _all_reachable(b: _Draft) -> str | None:
    """Every space must be reachable from the Cathedral, or part of the board could never be used."""
    seen = {b.cathedral}
    todo = [b.cathedral]
    while todo:
        i = todo.pop()
        for j in b.adjacent[i]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    cut_off = [b.ids[i] for i in range(len(b.ids)) if i not in seen]
    if cut_off:
        return f"spaces {', '.join(cut_off[:5])} cannot be reached from the Cathedral"
    return None


# ----- the table -------------------------------------------------------------------------------------
class _Part(NamedTuple):
    """A key of the board file: the JSON type its value must have, and its reader."""

    key: str
    kind: type | tuple[type, ...]
    read: Callable[[_Draft, str, Any], None]


_NUMBER = (int, float)

#: How a board file is read, in order: its keys and the checks of the whole board. Each part is checked
#: against those before it (edges name spaces, rivers and lakes name boats, dungeons need their doors), and
#: of several problems the first in this order is the one named.
_READING: tuple[_Part | Callable[[_Draft], str | None], ...] = (
    _Part("name", str, _keep),
    _Part("width", _NUMBER, _keep),
    _Part("height", _NUMBER, _keep),
    _Part("border_x", _NUMBER, _keep),
    _Part("spaces", list, _read_spaces),
    _Part("edges", list, _read_edges),
    _Part("rivers", list, _RIVERS.read),
    _Part("lakes", list, _LAKES.read),
    _boats_afloat_and_docked,
    _Part("dungeons", dict, _read_sides),
    _two_dungeons,
    _eight_knight_spaces,
    _all_reachable,
)


def parse_board(data: Any, where: str = "<data>") -> Board:
    """Check board data (already decoded from JSON) and build the ``Board``; ``ValueError`` if broken."""
    if not isinstance(data, dict):
        raise _fail(where, "the board must be a JSON object")
    b = _Draft(where)
    for step in _READING:
        if isinstance(step, _Part):
            step.read(b, step.key, b.need(data, step.key, step.kind))
        else:
            problem = step(b)
            if problem is not None:
                raise b.fail(problem)
    return b.board()


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
