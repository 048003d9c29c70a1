"""What a board of Capture: A Medieval Wargame draws: the map, its pieces and Crowns, the dice, the armies.

``scene(view, legal, recent)`` builds it from what one seat sees (an observation, or the teaching view), so
an enemy Knight never shows: a piece wears the Knight's ring only where the view says which piece it is,
and the enemy's cards are only a number. The map is one ``free`` area over a picture of the terrain
(``ASSETS``: forest, rivers, lakes, trails and the look of every space, sent once per page); the scene
holds the spaces (where a click lands and what a screen reader hears), the pieces as discs, the Crowns
as tokens, the marks of the key, the routes of the last moves as arrows, panels for the dice, the armies
and the Treasure Cards, and every legal action as a record: a move is two clicks (the piece's space, then
where it ends, its route drawn while a choice between routes is open), a placement one click (the Knight a
second action on it), a shot two clicks (a firing spot on the back edge, then the aim); the rest are
buttons.

Names on the map: every space has its name (``b13``) for a screen reader and at zoom, but at the size the
book shows the whole map only the spaces that matter now show theirs: the marked ones (a move being built
marks its targets), the ends of the last moves, the Cathedral and the dungeons. The others are ``minor``
(a tone): the game's stylesheet shows their names once the map is zoomed in, and a picture leaves them out.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from typing import Any

from capture_lib.core.protocol import Action as EngineAction
from capture_lib.core.scene import (
    Action,
    Area,
    Arrow,
    KeyEntry,
    LastMove,
    Link,
    Panel,
    Piece,
    Scene,
    SceneBuilder,
    Space,
)
from capture_lib.games.medieval_capture.rules.actions import (
    End,
    Kill,
    Look,
    Move,
    Place,
    PlayCard,
    Reroll,
    Roll,
    Shoot,
    piece_name,
)
from capture_lib.games.medieval_capture.rules.board import BOARD, Board
from capture_lib.games.medieval_capture.rules.catapult import SPOT_Y, SPOTS
from capture_lib.games.medieval_capture.rules.treasure import BY_CODE, parse_card

GAME = "medieval-capture"
#: The map's area and the name of its background picture (``ASSETS``).
MAP = "map"
BACKGROUND = "medieval-capture-map"
SIDES = ("blue", "red")
NAMES = ("Blue", "Red")
#: A space's size on the map, in board units (neighbouring rocks are 65 to 70 apart): a rock's is a
#: finger's size once the map is zoomed on a phone, and holds a disc whose name reads at 11 px.
ROCK = 48
SIZES = {"boat": (30, 24), "cathedral": (100, 90), "dungeon": (56, 60)}
#: The catapult's firing spots: small squares just inside each back edge, level with each row of rocks.
SPOT = 22
SPOT_X = (12.0, BOARD.width - 12.0)
#: What a space of each kind is called, for a screen reader.
KIND_WORDS = {"rock": "rock", "crown": "Crown space", "knight": "Knight space", "treasure": "treasure space",
              "bridge": "bridge over the river"}
CROWN = "\u265b"

#: The key: every mark, arrow and feature of a piece this board draws, named as the book names them.
KEY = (
    KeyEntry("select", "selected piece", "the piece you clicked: the marked spaces are where it may go", "double",
             "yellow"),
    KeyEntry("reach", "reachable space", "the selected piece may end its move here; the arrow shows the way",
             "solid", "green", "\u25cf"),
    KeyEntry("capture", "capture", "the selected piece may end its move on this enemy piece: it takes it to your "
             "dungeon (a Knight may kill it instead)", "thick", "black", "\u2715"),
    KeyEntry("rescue", "rescue", "the selected piece may enter the enemy dungeon here and free a prisoner",
             "dotted", "sky", "\u21e7"),
    KeyEntry("place", "free rock", "a rock of your territory where the next piece may be placed", "solid", "green",
             "+"),
    KeyEntry("aim", "aim", "the catapult may aim at this enemy rock (after a firing spot is chosen), or is aimed "
             "here", "dashed", "purple", "\u25ce"),
    KeyEntry("landing", "landing", "where the boulder came down: it knocks over the pieces on this rock and the "
             "rocks next to it", "thick", "orange", "\u2738"),
    KeyEntry("knocked", "knocked over", "the boulder knocked this piece over: the shooter chooses which one dies",
             "dotted", "black", "!"),
    KeyEntry("last", "last move", "the route of a move just made", "arrow", "orange"),
    KeyEntry("flight", "boulder's flight", "a boulder shot from a firing spot behind the back edge to its aim",
             "arrow", "grey"),
    KeyEntry("route", "route", "the way a piece goes, space by space", "arrow", "green"),
    KeyEntry("knight", "your Knight", "the gold ring: your hidden Knight (the other side cannot see it)", "piece",
             "yellow", "\u25ef"),
    KeyEntry("knight-teaching", "Knight (teaching view)", "the gold ring: a Knight, shown because this is a "
             "teaching view; in a game each side sees only its own", "piece", "yellow", "\u25ef"),
    KeyEntry("crown", "Crown", "a Crown, lying on its space or carried by the piece beside it", "piece", "yellow",
             CROWN),
    KeyEntry("rock", "rock", "a space of the trails, where a piece may stop", "space"),
    KeyEntry("crown-space", "Crown space", "where a side's Crowns start: three in each territory", "space",
             glyph="\u2654"),
    KeyEntry("knight-space", "Knight space", "", "space", glyph="\u265e"),
    KeyEntry("treasure-space", "treasure space", "", "space", glyph="$"),
    KeyEntry("bridge", "bridge", "a rock over a river: the trail crosses the water here", "space", glyph="="),
    KeyEntry("boat", "boat", "a piece may sail from its rock's dock along the river, or across the lake, to "
             "another boat's rock; it never stops on a boat", "space", glyph="\u222a"),
    KeyEntry("cathedral", "Cathedral", "neutral ground for any number of pieces of both sides: no capture there, "
             "and a piece inside moves by the higher die", "space", glyph="\u271a"),
    KeyEntry("dungeon", "dungeon", "where a side keeps the enemy pieces it captured; an enemy piece that enters "
             "it frees one", "space", glyph="#"),
    KeyEntry("moved", "moved this turn", "a faded piece has moved (or just arrived) this turn and cannot move "
             "again until its side's next turn", "piece", "grey", "\u25cc"),
)


#: The kinds of space the key shows, by key entry (a space's tone ``kind-<entry>`` says which it is).
TERRAIN = {"rock": "rock", "crown-space": "crown", "knight-space": "knight", "treasure-space": "treasure",
           "bridge": "bridge", "boat": "boat", "cathedral": "cathedral", "dungeon": "dungeon"}
_KIND_KEYS = {kind: key for key, kind in TERRAIN.items()}
#: How the pieces' tokens read in a terminal (the scene's ``token_key``).
TOKEN_KEY = ("B5 is a Blue piece, R5 a Red one; B5* your Knight (in the teaching view, either side's); \u265b a "
             "Crown, lying on its space or carried by the piece beside it.",
             "A space shows its name (b13 is Blue's 13, r13 Red's); a marked one, or one of a kind with a sign, "
             "the end of it (\u265e15 is a Knight space, b15 or r15 by its side of the map).")


def _key_for(options: dict[str, Any]) -> tuple[KeyEntry, ...]:
    """The key with what Knight and treasure spaces do under the game's options (``forced_stops``,
    ``knight_spaces``), so the key never says what this game's rules do not."""
    forced = options.get("forced_stops", "none")
    treasure_how = "ends its move on" if forced in ("treasure-spaces", "both") else "crosses or ends on"
    knight_how = "ends its move on" if forced in ("knight-spaces", "both") else "crosses or ends on"
    texts = {"treasure-space": f"a piece that {treasure_how} one in enemy territory draws a Treasure Card",
             "knight-space": (f"a piece that {knight_how} one in enemy territory brings a piece from its "
                              "reserve into the Cathedral" if options.get("knight_spaces", "reserves") == "reserves"
                              else "no effect in this game (an option)")}
    return tuple(KeyEntry(e.key, e.name, texts[e.key], e.look, e.colour, e.glyph) if e.key in texts else e
                 for e in KEY)


# ----- words ------------------------------------------------------------------------------------------------------
def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` with its noun, singular or plural ("1 move", "2 moves")."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _side_of_piece(piece: str) -> int:
    return 0 if piece[0] == "B" else 1


def _whose(side: int, viewer: int | None) -> str:
    """``your`` for the viewer's side, else the side's name with 's."""
    return "your" if viewer is not None and side == viewer else f"{NAMES[side]}'s"


def _viewer_side(view: dict[str, Any]) -> int | None:
    side = view.get("viewer_side")
    return SIDES.index(side) if side in SIDES else None


def _listed(items: Sequence[str]) -> str:
    return ", ".join(items) if items else "none"


def spot_id(side: int, spot: int) -> str:
    """The scene's id of ``side``'s firing spot ``spot`` (1 north to 9 south)."""
    return f"spot-{'br'[side]}{spot}"


# ----- the map's picture (sent once per page) ---------------------------------------------------------------------
BLUE, RED = "#0072B2", "#D55E00"
GOLD = "#E6B800"
STONE, STONE_EDGE = "#DAD3C3", "#6B6256"
WATER, WATER_EDGE = "#8CC8EC", "#3C8DBC"
TRAIL = "#B9AB8F"
WOOD = "#8B5A2B"
INK = "#222222"
FONT = "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\""


def _seg_distance(px: float, py: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _forest(board: Board) -> list[tuple[float, float, float]]:
    """Trees that keep clear of spaces, trails, water and the territories' names (a fixed seed: the same
    picture every time)."""
    rng = random.Random(1187)
    segments = [(board.xy[i], board.xy[j]) for i, adj in enumerate(board.adjacent) for j, _ in adj if i < j]
    for river in board.rivers:
        course = river["course"]
        segments += [(tuple(a), tuple(b)) for a, b in zip(course, course[1:], strict=False)]
    # What each tree must keep clear of, filed by cells of the map, so a try looks only at what is near.
    cell = 50
    near_segments: dict[tuple[int, int], list[int]] = {}
    for n, ((ax, ay), (bx, by)) in enumerate(segments):
        for cx in range(int((min(ax, bx) - 24) // cell), int((max(ax, bx) + 24) // cell) + 1):
            for cy in range(int((min(ay, by) - 24) // cell), int((max(ay, by) + 24) // cell) + 1):
                near_segments.setdefault((cx, cy), []).append(n)
    near_spaces: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for sx, sy in board.xy:
        for cx in range(int((sx - 32) // cell), int((sx + 32) // cell) + 1):
            for cy in range(int((sy - 32) // cell), int((sy + 32) // cell) + 1):
                near_spaces.setdefault((cx, cy), []).append((sx, sy))
    near_trees: dict[tuple[int, int], list[tuple[float, float]]] = {}
    trees: list[tuple[float, float, float]] = []
    for _ in range(2600):
        x = rng.uniform(14, board.width - 14)
        y = rng.uniform(14, board.height - 14)
        if abs(x - board.border_x) < 8 or (y < 58 and abs(abs(x - board.border_x) - board.border_x / 2) < 150):
            continue  # keep the border and the territories' names clear
        if any(((x - lake["cx"]) / (lake["rx"] + 16)) ** 2 + ((y - lake["cy"]) / (lake["ry"] + 16)) ** 2 < 1
               for lake in board.lakes):
            continue
        here = (int(x // cell), int(y // cell))
        if any((x - sx) ** 2 + (y - sy) ** 2 < 32 ** 2 for sx, sy in near_spaces.get(here, ())):
            continue
        if any(_seg_distance(x, y, *segments[n]) < 24 for n in near_segments.get(here, ())):
            continue
        if any((x - tx) ** 2 + (y - ty) ** 2 < 15 ** 2 for tx, ty in near_trees.get(here, ())):
            continue
        trees.append((round(x), round(y), rng.uniform(7, 11)))
        for cx in range(int((x - 15) // cell), int((x + 15) // cell) + 1):
            for cy in range(int((y - 15) // cell), int((y + 15) // cell) + 1):
                near_trees.setdefault((cx, cy), []).append((x, y))
    return trees


def _dots(points: list[tuple[float, float]], colour: str, width: float) -> str:
    """Round dots of diameter ``width`` at ``points``, as one path (zero-length strokes with round caps):
    a forest of hundreds of trees in a few short paths, with no ids to clash on a page of many boards."""
    d = "".join(f"M{x:g} {y:g}h0" for x, y in points)
    return f'<path d="{d}" stroke="{colour}" stroke-width="{width:g}" stroke-linecap="round"/>'


def _trees(board: Board) -> str:
    """Every tree as three dots (shade, leaves, light) in three sizes: nine paths in all."""
    layers = ((0, 3, 9, "#2E6B3A"), (-3, 0, 7, "#3F8A4C"), (2, -2, 4.5, "#5FA463"))
    sizes = (7.5, 9.0, 10.5)
    forest = [(x, y, min(sizes, key=lambda z: abs(z - r))) for x, y, r in _forest(board)]
    out = []
    for dx, dy, r, colour in layers:
        for size in sizes:
            s = size / 9
            points = [(round(x + dx * s), round(y + dy * s)) for x, y, t in forest if t == size]
            out.append(_dots(points, colour, round(2 * r * s, 1)))
    return "".join(out)


def _smooth(points: Sequence[Sequence[float]]) -> str:
    """A smooth path through ``points`` (quadratic curves between midpoints)."""
    pts = [tuple(p) for p in points]
    d = f"M{pts[0][0]:g},{pts[0][1]:g}"
    for (x1, y1), (x2, y2) in zip(pts[1:-1], pts[2:], strict=False):
        d += f" Q{x1:g},{y1:g} {(x1 + x2) / 2:g},{(y1 + y2) / 2:g}"
    return d + f" L{pts[-1][0]:g},{pts[-1][1]:g}"


def _crown_outline(x: float, y: float, s: float, fill: str, stroke: str) -> str:
    pts = [(-10, 6), (-10, -4), (-5, 1), (0, -8), (5, 1), (10, -4), (10, 6)]
    path = " ".join(f"{x + px * s:g},{y + py * s:g}" for px, py in pts)
    return f'<polygon points="{path}" fill="{fill}" stroke="{stroke}" stroke-width="1.2"/>'


def _space_look(kind: str, x: float, y: float) -> str:
    """What a space of ``kind`` at ``x, y`` looks like on the map (its name is the scene's, not the picture's)."""
    if kind == "boat":
        return (f'<path d="M{x - 15:g},{y - 3:g}h30l-6,10h-18z" fill="{WOOD}" stroke="#4A2F12" stroke-width="1.2"/>'
                f'<path d="M{x:g},{y - 3:g}v-14" stroke="#4A2F12" stroke-width="1.5"/>'
                f'<path d="M{x + 1:g},{y - 16:g}l9,10h-9z" fill="#F4EBD0"/>')
    if kind == "cathedral":
        return (f'<rect x="{x - 34:g}" y="{y - 22:g}" width="68" height="50" fill="#EFE6D2" stroke="{INK}" '
                f'stroke-width="2" rx="3"/><path d="M{x - 40:g},{y - 20:g}L{x:g},{y - 52:g}L{x + 40:g},{y - 20:g}z" '
                f'fill="#9C4A3C" stroke="{INK}" stroke-width="2"/><path d="M{x:g},{y - 52:g}v-18M{x - 7:g},'
                f'{y - 63:g}h14" stroke="{INK}" stroke-width="3"/><path d="M{x - 8:g},{y + 28:g}v-16q8,-10 16,0'
                f'v16z" fill="#5B3A1E"/>')
    if kind == "dungeon":
        bars = "".join(f"M{x + dx:g},{y - 22:g}v44" for dx in (-12, -4, 4, 12))
        return (f'<rect x="{x - 22:g}" y="{y - 26:g}" width="44" height="52" rx="4" fill="#2B2B2B" stroke="{INK}" '
                f'stroke-width="2"/><path d="{bars}" stroke="#BBB" stroke-width="2"/>')
    parts = []
    if kind == "bridge":
        planks = "".join(f"M{x - 13:g},{y + dy:g}h26" for dy in (-16, -8, 8, 16))
        parts.append(f'<rect x="{x - 13:g}" y="{y - 24:g}" width="26" height="48" rx="3" fill="{WOOD}" '
                     f'stroke="#4A2F12" stroke-width="1.5"/><path d="{planks}" stroke="#4A2F12"/>')
    fill = "#F6E7A1" if kind == "crown" else STONE
    parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="15" fill="{fill}" stroke="{STONE_EDGE}" stroke-width="1.6"/>')
    if kind == "crown":
        parts.append(_crown_outline(x, y + 1, 0.8, "none", "#B08D00"))
    elif kind == "knight":
        parts.append(f'<text x="{x:g}" y="{y + 6:g}" font-size="17" fill="#4B3B2A" text-anchor="middle">\u265e</text>')
    elif kind == "treasure":
        parts.append(f'<rect x="{x - 8:g}" y="{y - 5:g}" width="16" height="11" rx="2" fill="#A0522D" '
                     f'stroke="#5A2D0C"/><rect x="{x - 8:g}" y="{y - 5:g}" width="16" height="4" fill="{GOLD}"/>')
    return "".join(parts)


def map_picture(board: Board = BOARD) -> str:
    """The empty map as an SVG fragment in board units: the two territories, the forest, the rivers and
    lakes, the trails, docks and dungeon doors, and the look of every space (no names: those are the
    scene's, drawn at a size that reads)."""
    w, h, bx = board.width, board.height, board.border_x
    parts = [f'<rect width="{w:g}" height="{h:g}" fill="#CFE0BE"/>',
             f'<rect width="{bx:g}" height="{h:g}" fill="{BLUE}" fill-opacity="0.13"/>',
             f'<rect x="{bx:g}" width="{w - bx:g}" height="{h:g}" fill="{RED}" fill-opacity="0.13"/>',
             f'<rect width="12" height="{h:g}" fill="{BLUE}"/><rect x="{w - 12:g}" width="12" height="{h:g}" '
             f'fill="{RED}"/>',
             f'<path d="M{bx:g},0V{h:g}" stroke="{INK}" stroke-width="2" stroke-dasharray="10 7" '
             'stroke-opacity="0.55"/>',
             f'<text x="{bx / 2:g}" y="42" font-size="24" fill="{BLUE}" text-anchor="middle" font-weight="bold" '
             f'letter-spacing="3">BLUE TERRITORY</text>',
             f'<text x="{bx + (w - bx) / 2:g}" y="42" font-size="24" fill="#B34700" text-anchor="middle" '
             f'font-weight="bold" letter-spacing="3">RED TERRITORY</text>',
             _trees(board)]
    for river in board.rivers:
        d = _smooth(river["course"])
        parts.append(f'<path d="{d}" fill="none" stroke="{WATER_EDGE}" stroke-width="34" stroke-linecap="round"/>'
                     f'<path d="{d}" fill="none" stroke="{WATER}" stroke-width="28" stroke-linecap="round"/>')
    for lake in board.lakes:
        parts.append(f'<ellipse cx="{lake["cx"]:g}" cy="{lake["cy"]:g}" rx="{lake["rx"]:g}" ry="{lake["ry"]:g}" '
                     f'fill="{WATER}" stroke="{WATER_EDGE}" stroke-width="3"/>')
    edges: dict[str, list[str]] = {"trail": [], "dock": [], "dungeon": [], "water": []}
    for i, adj in enumerate(board.adjacent):
        for j, kind in adj:
            if i < j:
                (x1, y1), (x2, y2) = board.xy[i], board.xy[j]
                edges[kind if kind in edges else "water"].append(f"M{x1:g},{y1:g}L{x2:g},{y2:g}")
    looks = {"trail": f'stroke="{TRAIL}" stroke-width="9" stroke-linecap="round"',
             "dock": f'stroke="{WOOD}" stroke-width="5" stroke-dasharray="5 3"',
             "dungeon": 'stroke="#444" stroke-width="4" stroke-dasharray="2 4"',
             "water": 'stroke="#FFFFFF" stroke-width="2" stroke-dasharray="6 6" stroke-opacity="0.8"'}
    for kind, segments in edges.items():
        parts.append(f'<path d="{"".join(segments)}" fill="none" {looks[kind]}/>')
    parts += [_space_look(kind, *xy) for kind, xy in zip(board.kind, board.xy, strict=True)]
    return f"<g {FONT}>" + "".join(parts) + "</g>"


#: How much each kind of space is shrunk to fit the key's sample box (28 units).
_SAMPLE_SCALE = {"cathedral": 0.3, "dungeon": 0.45, "bridge": 0.55, "boat": 0.8}


@functools.cache
def _assets() -> dict[str, str]:
    assets = {BACKGROUND: map_picture(BOARD)}
    for key, kind in TERRAIN.items():
        scale = _SAMPLE_SCALE.get(kind, 0.85)
        dy = 14 if kind == "cathedral" else 5 if kind == "boat" else 0  # the Cathedral's spire, the boat's sail
        assets[f"key-{key}"] = f'<g transform="scale({scale:g}) translate(0 {dy})">{_space_look(kind, 0, 0)}</g>'
    return assets


def __getattr__(name: str) -> Any:
    """``ASSETS`` (the map's picture by name), made on first use: the engine in a reader's browser imports
    this module to build scenes and never needs the picture, which the page already has."""
    if name == "ASSETS":
        return _assets()
    raise AttributeError(name)


# ----- the spaces -------------------------------------------------------------------------------------------------
def _territory_words(territory: int, viewer: int | None) -> str:
    if territory < 0:
        return "neutral"
    if viewer is None:
        return f"{NAMES[territory]} territory"
    return "your territory" if territory == viewer else f"enemy territory ({NAMES[territory]})"


def _space_name(i: int, viewer: int | None) -> str:
    """What a screen reader hears of space ``i`` itself, beside its name and what stands on it."""
    kind, territory = BOARD.kind[i], BOARD.territory[i]
    if kind == "cathedral":
        return "the Cathedral, neutral: it holds any number of pieces"
    if kind == "dungeon":
        return ("your dungeon" if viewer == territory else f"{NAMES[territory]}'s dungeon") + \
            f", where {NAMES[territory]} keeps its prisoners"
    if kind == "boat":
        water = next((f"the {r['id']} river" for r in BOARD.rivers if i in r["boats"]),
                     next((f"the {lake['id'].replace('-', ' ')}" for lake in BOARD.lakes if i in lake["boats"]),
                          "the water"))
        return f"a boat on {water}"
    return f"{KIND_WORDS[kind]}, {_territory_words(territory, viewer)}"


def _spaces(builder: SceneBuilder, viewer: int | None, shown: set[str], spots: set[tuple[int, int]]) -> None:
    """Every space of the map (``shown``: those whose names show at any size), then the firing spots."""
    for i, sid in enumerate(BOARD.ids):
        kind = BOARD.kind[i]
        x, y = (int(v) if v == int(v) else v for v in BOARD.xy[i])  # 110, not 110.0: a scene is sent often
        w, h = SIZES.get(kind, (ROCK, ROCK))
        shape = "hidden" if kind == "boat" else "square" if kind in ("cathedral", "dungeon") else "rock"
        label = "Cathedral (c)" if kind == "cathedral" else sid
        major = kind in ("cathedral", "dungeon") or sid in shown
        tones = (f"kind-{_KIND_KEYS[kind]}",) + (() if major else ("minor",))
        builder.spaces.append(Space(sid, MAP, x, y, w, h, shape, label=label, name=_space_name(i, viewer),
                                    tones=tones))
    for side, spot in sorted(spots):
        builder.spaces.append(Space(spot_id(side, spot), MAP, int(SPOT_X[side]), int(SPOT_Y[spot - 1]), SPOT, SPOT,
                                    "square",
                                    label=str(spot), tones=("spot",),
                                    name=f"{_whose(side, viewer)} catapult's firing spot {spot} of {SPOTS}, "
                                         "counted from the north"))


@functools.cache
def trails(board: Board = BOARD) -> tuple[Link, ...]:
    """The map's ways between spaces, as the scene's links (the map's picture draws them; the text renderer
    draws these): trails, docks and dungeon doors (``dashed``), and the ways across water (``water``)."""
    tones = {"trail": "", "dock": "dashed", "dungeon": "dashed"}
    return tuple(Link(board.ids[i], board.ids[j], tones.get(kind, "water"))
                 for i, adjacent in enumerate(board.adjacent) for j, kind in adjacent if j > i)


# ----- the pieces -------------------------------------------------------------------------------------------------
def _where(entry: dict[str, Any]) -> str | None:
    """The space a piece is drawn on: its own, or the enemy dungeon for a prisoner; ``None`` off the map."""
    where = entry["where"]
    if where == "prisoner":
        return BOARD.ids[BOARD.dungeon[1 - SIDES.index(entry["side"])]]
    return where if BOARD.has(where) else None


def _pieces(builder: SceneBuilder, view: dict[str, Any], viewer: int | None) -> set[str]:
    """The pieces on the map and the Crowns; returns the key entries they show."""
    shows: set[str] = set()
    carried = {c["carried_by"]: c for c in view["crowns"] if "carried_by" in c}
    knight_key = "knight-teaching" if view.get("everything") else "knight"
    for entry in view["pieces"]:
        at = _where(entry)
        if at is None:
            continue
        side = SIDES.index(entry["side"])
        knight = bool(entry.get("knight"))
        words = [f"{_whose(side, viewer)} {entry['id']}"]
        tones: list[str] = []
        if knight:
            words.append("your Knight" if side == viewer and not view.get("everything") else
                         f"{NAMES[side]}'s Knight")
            tones.append("ringed")
            shows.add(knight_key)
        if entry["where"] == "prisoner":
            words.append(f"a prisoner in {NAMES[1 - side]}'s dungeon")
        elif entry.get("waiting"):
            words.append("arrived this turn: it moves from its side's next turn")
            tones.append("faded")
        elif entry.get("moved"):
            words.append("moved this turn")
            tones.append("faded")
        if "faded" in tones:
            shows.add("moved")
        crown = carried.get(entry["id"])
        if crown is not None:
            words.append(f"carrying {_whose(SIDES.index(crown['side']), viewer)} Crown")
        builder.pieces.append(Piece(entry["id"], at, "disc", entry["id"], owner=side, tones=tuple(tones),
                                    name=", ".join(words), token=entry["id"] + ("*" if knight else "")))
    for crown in view["crowns"]:
        if crown["where"] == "captured" or not BOARD.has(crown["where"]):
            continue
        side = SIDES.index(crown["side"])
        if "carried_by" in crown:
            name = f"{_whose(side, viewer)} Crown from {crown['home']}, carried by {crown['carried_by']}"
        else:
            name = f"{_whose(side, viewer)} Crown" + (" on its home space" if crown["where"] == crown["home"] else
                                                       f" from {crown['home']}, lying here")
        builder.pieces.append(Piece(f"crown-{crown['home']}", crown["where"], "token", CROWN, owner=side,
                                    tones=("carried",) if "carried_by" in crown else (), name=name, token=CROWN))
        shows.add("crown")
    return shows


# ----- the actions ------------------------------------------------------------------------------------------------
def _move_record(move: Move, view: dict[str, Any], by_space: dict[str, list[dict[str, Any]]],
                 viewer: int | None) -> Action:
    piece = piece_name(move.piece)
    side = _side_of_piece(piece)
    path = tuple(BOARD.ids[s] for s in move.path)
    start, end = path[0], path[-1]
    effects = []
    victim = next((p for p in by_space.get(end, ()) if SIDES.index(p["side"]) != side), None) if end != "c" else None
    kind = "reach"
    if move.free is not None:
        effects.append(f"frees {piece_name(move.free)}")
        kind = "rescue"
    if victim is not None:
        effects.append(f"kills {victim['id']}" if move.kill else f"takes {victim['id']} prisoner")
        kind = "capture"
    lying = {c["where"]: c for c in view["crowns"] if "carried_by" not in c and c["where"] in path
             and SIDES.index(c["side"]) != side}
    if move.take is not None:
        space = BOARD.ids[move.take]
        crown = lying.get(space)
        whose = _whose(SIDES.index(crown["side"]), viewer) if crown else "the"
        effects.append(f"takes {whose} Crown from {space}")
    elif lying:  # the same move that takes the Crown is another choice: say this one does not
        space = next(iter(lying))
        effects.append(f"does not take {_whose(SIDES.index(lying[space]['side']), viewer)} Crown on {space}")
    if move.drop:
        effects.append(f"leaves the Crown on {start}")
    label = f"{piece} to {end}" + (": " + ", ".join(effects) if effects else "")
    return Action(str(move), clicks=(start, end), kind=kind, label=label, route=path)


#: The buttons of the actions: what the board writes on them, and what the pages call them.
ROLL_BUTTON = "roll the dice"
END_BUTTON = "end the turn"
LOOK_BUTTON = "look under"
PLAY_BUTTON = "play"
KNIGHT_CHOICE = "as your Knight"


def how_to_play() -> str:
    """How to play on this game's board, in Markdown, naming each control (in bold) as the board writes it."""
    return ("How to play on this board: first place your seven pieces by clicking lit rocks of your territory; for "
            f"the piece that is your Knight, choose the placement **{KNIGHT_CHOICE}** when the board asks which one. "
            f"On your turn, you may click one of your pieces and press **{LOOK_BUTTON}** it, or **{PLAY_BUTTON}** a "
            f"card; then press **{ROLL_BUTTON}**. Click one of your pieces to light the spaces it can reach and click "
            "one of them; where a move could also take a Crown, kill or leave a Crown behind, the board asks which "
            "you mean. With a catapult shot, click a numbered firing spot on your back edge, then the enemy rock to "
            f"aim at. When your moves are done, press **{END_BUTTON}**.")


def _records(view: dict[str, Any], legal: Sequence[EngineAction], viewer: int | None) -> list[Action]:
    """One record per legal action (see ``capture_lib.core.scene.Action``)."""
    by_space: dict[str, list[dict[str, Any]]] = {}
    for entry in view["pieces"]:
        by_space.setdefault(entry["where"], []).append(entry)
    where = {entry["id"]: entry["where"] for entry in view["pieces"]}
    side = SIDES.index(view["side"])
    out: list[Action] = []
    for action in legal:
        text = str(action)
        if isinstance(action, Move):
            out.append(_move_record(action, view, by_space, viewer))
        elif isinstance(action, Place):
            piece, space = piece_name(action.piece), BOARD.ids[action.space]
            label = f"place {piece} on {space}" + (f" {KNIGHT_CHOICE} (hidden from the other side)" if action.knight
                                                   else "")
            out.append(Action(text, clicks=(space,), kind="place", label=label))
        elif isinstance(action, Shoot):
            aim = BOARD.ids[action.aim]
            # No words: a shot is never one of several actions on one click, and up to 9 x 44 are offered.
            out.append(Action(text, clicks=(spot_id(side, action.spot), aim), kind="aim"))
        elif isinstance(action, Look):
            piece = piece_name(action.piece)
            out.append(Action(text, clicks=(where[piece],), button=f"{LOOK_BUTTON} {piece}",
                              label=f"look under {piece} (the other side sees only that you looked)"))
        elif isinstance(action, PlayCard):
            card = BY_CODE[action.card].name
            button = f"{PLAY_BUTTON} {card}" + (f" for {piece_name(action.piece)}" if action.piece is not None else "")
            out.append(Action(text, button=button, label=f"{button}: {BY_CODE[action.card].effect}"))
        elif isinstance(action, Roll):
            out.append(Action(text, button=ROLL_BUTTON, label="roll the dice: the white die moves your pieces "
                              "at home, the black die those in enemy territory"))
        elif isinstance(action, Reroll):
            out.append(Action(text, button="roll again (REROLL)", label="roll both dice again: the second roll stands"))
        elif isinstance(action, Kill):
            piece = piece_name(action.piece)
            whose = _whose(_side_of_piece(piece), viewer)
            out.append(Action(text, button=f"{piece} dies", label=f"the boulder kills {whose} {piece}"))
        elif isinstance(action, End):
            out.append(Action(text, button=END_BUTTON, label="end the turn"))
        else:  # pragma: no cover - every action the viewer is offered is one of the above
            out.append(Action(text, button=text, label=text))
    # Where several moves share their clicks (routes to one space), the choice names each by its way there.
    seen: dict[tuple[tuple[str, ...], str], int] = {}
    for record in out:
        if record.route:
            seen[record.clicks, record.label] = seen.get((record.clicks, record.label), 0) + 1
    return [Action(r.notation, r.clicks, r.button, r.kind, f"{r.label} (by {'-'.join(r.route)})", r.route)
            if r.route and seen[r.clicks, r.label] > 1 else r for r in out]


def _hints(view: dict[str, Any], records: list[Action]) -> tuple[str, ...]:
    """What to do before each click, on the viewer's turn."""
    if not records:
        return ()
    phase = view["phase"]
    if phase == "place":
        piece = records[0].notation.split()[1]
        both = any(r.notation.endswith("knight") for r in records) and any(
            not r.notation.endswith("knight") for r in records)
        return (f"Click a marked rock of your territory to place {piece}"
                + (", then say whether it is your hidden Knight." if both else "."),)
    if phase == "start":
        first = [what for what, there in (("play a card", any(r.notation.startswith("play ") for r in records)),
                                          ("click one of your pieces to look under it",
                                           any(r.notation.startswith("look ") for r in records))) if there]
        return ("Roll the dice" + (", or first " + " or ".join(first) if first else "") + ".",
                "Press the button to look under this piece, or click another one.")
    if phase == "kill":
        return ("The boulder knocked over the marked pieces: choose which one dies.",)
    moves = any(r.route for r in records)
    shots = any(r.kind == "aim" for r in records)
    if not moves and not shots:
        return ("No piece can move: end the turn." if view.get("moves_left") else "End the turn.",)
    first = "Click one of your pieces to move it" if moves else "No piece can move"
    if shots:
        first += ", or a numbered firing spot on your back edge to aim the catapult"
    second = {(True, False): "Click a marked space to end the move there.",
              (False, True): "Click a marked enemy rock to aim the catapult at it.",
              (True, True): "Click a marked space: where the piece ends its move, or the enemy rock the "
                            "catapult aims at."}[moves, shots]
    return (first + ".", second)


# ----- what happened ----------------------------------------------------------------------------------------------
def _pieces_by_id(view: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in (view or {}).get("pieces", [])}


def _told_move(who: str, line: str, before: dict[str, Any] | None, after: dict[str, Any], actor: int | None,
               viewer: int | None) -> LastMove:
    words = line.split()
    piece, path = words[0], tuple(words[1].split("-"))
    side = _side_of_piece(piece)
    start, end = path[0], path[-1]
    was, now = _pieces_by_id(before), _pieces_by_id(after)
    effects = []
    for other, entry in was.items():
        if _side_of_piece(other) != side and entry["where"] == end and end != "c" and other in now:
            yours = "your " if viewer == 1 - side else ""
            if now[other]["where"] == "prisoner":
                effects.append(f"takes {yours}{other} to its dungeon")
            elif now[other]["where"] == "dead":
                effects.append(f"kills {yours}{other}")
    if "free" in words:
        freed = words[words.index("free") + 1]
        dungeon = "your dungeon" if viewer == 1 - side else f"{NAMES[1 - side]}'s dungeon"
        effects.append(f"frees {freed} from {dungeon}: both go to the Cathedral")
    crowns_before = (before or {}).get("crowns", [])
    for old, new in zip(crowns_before, after["crowns"], strict=False):
        whose = _whose(SIDES.index(new["side"]), viewer)
        if new["where"] == "captured" and old["where"] != "captured":
            effects.append(f"captures {whose} Crown")
        elif new.get("carried_by") == piece and old.get("carried_by") != piece:
            effects.append(f"picks up {whose} Crown")
        elif old.get("carried_by") == piece and "carried_by" not in new and new["where"] != "captured":
            effects.append(f"leaves {whose} Crown on {new['where']}")
    for other, entry in now.items():
        if _side_of_piece(other) == side and entry["where"] == "c" and other != piece and other in was \
                and was[other]["where"] in ("reserve", "dead"):
            effects.append(f"brings {other} into the Cathedral")
    text = f"{who}: {piece} {'-'.join(path)}" + (" " + ", ".join(effects) if effects else "")
    return LastMove(actor, text, spaces=(start, end), route=path)


def _landing_words(note: str, viewer: int | None) -> str:
    """A landing's note (``R4 is killed``) in the viewer's words (``your R4 is killed``)."""
    if note.endswith(" is killed"):
        piece = note.split()[0]
        return f"your {note}" if viewer == _side_of_piece(piece) else note
    if note.startswith("the shooter chooses who dies among "):
        names = note.rsplit(" among ", 1)[1].split()
        return "it knocks over " + ", ".join(names[:-1]) + f" and {names[-1]}: the shooter chooses which one dies"
    if note.startswith("a piece in the shooter's home territory"):
        return "it hits a piece in the shooter's own territory, so every piece is stood up again"
    return note


def told(before: dict[str, Any] | None, line: str, after: dict[str, Any], actor: int | None,
         viewer: int | None) -> LastMove | None:
    """One line of the log in players' words, with the spaces it touched (``None`` for what needs no
    telling: a roll is told by its dice)."""
    side = actor % 2 if actor is not None and actor >= 0 else SIDES.index(after["side"])
    who = NAMES[side]
    words = line.split()
    verb = words[0] if words else ""
    if verb == "place":
        knight = " as its Knight" if words[-1] == "knight" else ""
        return LastMove(actor, f"{who} places {words[1]} on {words[2]}{knight}", spaces=(words[2],))
    if verb == "look":
        if len(words) < 2:
            return LastMove(actor, f"{who} looks under one of its pieces")
        # The one who looked sees what is under the piece: the board says it and marks the piece's space.
        piece = _pieces_by_id(after).get(words[1], {})
        if viewer == side and piece.get("where"):
            what = "your Knight" if piece.get("knight") else "a Soldier"
            return LastMove(actor, f"{who} looks under {words[1]} on {piece['where']}: it is {what}",
                            spaces=(piece["where"],))
        return LastMove(actor, f"{who} looks under {words[1]}")
    if verb == "play":
        card = BY_CODE[parse_card(words[1])].name
        piece = words[2] if len(words) > 2 else ""
        extra = {"RANSOM": f": {piece} leaves the dungeon for the Cathedral",
                 "RECRUIT": f": {piece} comes into the Cathedral"}.get(card, "") if piece else ""
        return LastMove(actor, f"{who} plays {card}{extra}")
    if line == "roll":
        return None
    if verb == "roll":
        shots = after.get("shots", 0) if after.get("side") == SIDES[side] else 0
        return LastMove(actor, f"{who} rolls white {words[2]} and black {words[4]}"
                        + (f": {plural(shots, 'shot')} for the catapult" if shots else ""))
    if verb == "reroll":
        return LastMove(actor, f"{who} rolls again (REROLL)")
    if verb == "shoot":
        spot, aim = int(words[2]), words[4]
        return LastMove(actor, f"{who}'s catapult fires from spot {spot} at {aim}", spaces=(aim,),
                        route=(spot_id(side, spot), aim))
    if verb == "land":
        where = words[1]
        note = line.split("(", 1)[1].rstrip(")") if "(" in line else ""
        if where == "off":
            return LastMove(actor, f"{who}'s boulder flies off the board")
        return LastMove(actor, f"{who}'s catapult lands on {where}: {_landing_words(note, viewer)}", spaces=(where,))
    if verb == "kill":
        piece = words[1]
        return LastMove(actor, f"{who} chooses {'your ' if viewer == _side_of_piece(piece) else ''}{piece} to die")
    if verb == "draw":
        if words[1] == "?":
            return LastMove(actor, f"{who} draws a Treasure Card")
        return LastMove(actor, f"{who} draws {BY_CODE[parse_card(words[1])].name}")
    if line == "end":
        return LastMove(actor, f"{who} ends the turn")
    if line == "reshuffle":
        return LastMove(actor, "The discard pile is shuffled into a new treasure deck")
    if words and words[0][:1] in "BR" and words[0][1:].isdigit() and len(words) >= 2:
        return _told_move(who, line, before, after, actor, viewer)
    return LastMove(actor, line[:1].upper() + line[1:])  # the end of the game, already in words


# ----- status and panels ------------------------------------------------------------------------------------------
def status_lines(view: dict[str, Any], legal_moves: bool | None = None) -> tuple[str, ...]:
    """Whose turn it is and what they may do; the Crowns; the card in play.

    ``legal_moves`` says whether the viewer, on its turn, has a move (``None``: not the viewer's turn, or
    not known), so "No piece can move" is said only when it is true.
    """
    side = SIDES.index(view["side"])
    who = NAMES[side]
    if view.get("options", {}).get("players") == 4:
        who += " (at home)" if view.get("role") == "home" else " (abroad)"
    caps = view["crowns_captured"]
    crowns = (f"Crowns captured: Blue {caps[0]}, Red {caps[1]} ({view['crowns_to_win']} to win)")
    if view["over"]:
        winners = view["winners"]
        if not winners:
            return ("Game over", crowns)
        winner = winners[0] % 2
        if caps[winner] >= view["crowns_to_win"]:
            why = f"{NAMES[winner]} captured {caps[winner]} of {NAMES[1 - winner]}'s Crowns"
        else:
            why = f"{NAMES[1 - winner]} has no piece left on the board and no card to bring one back"
        return (f"Game over: {NAMES[winner]} wins", why, crowns)
    phase = view["phase"]
    turn = f"Turn {view['turn']}: "
    if phase == "place":
        placed = sum(1 for p in view["pieces"] if p["side"] == view["side"] and p["where"] != "reserve")
        total = view.get("options", {}).get(f"{view['side']}_pieces", placed + 1)
        left = max(1, total - placed)
        main = f"Set-up: {who} places its pieces ({plural(left, 'piece')} to place)"
    elif phase == "start":
        main = turn + f"{who} may look under a piece or play a card, then rolls the dice"
    elif phase == "roll":
        main = turn + f"{who} rolls the dice"
    elif phase == "move":
        left, shots = view.get("moves_left") or 0, view.get("shots") or 0
        main = turn + f"{who} moves: {plural(left, 'move')} left, " + (plural(shots, "shot") if shots else "no shots")
        if legal_moves is False and left:
            main += ". No piece can move"
    elif phase == "land":
        main = turn + f"{who}'s boulder is in the air"
    elif phase == "kill":
        main = turn + f"{who} chooses which knocked-over piece dies"
    elif phase == "draw":
        main = turn + f"{who} draws a Treasure Card"
    else:
        main = turn + f"{who}: {phase}"
    lines = [main, crowns]
    if view.get("card"):
        lines.append(f"card in play: {view['card']}")
    return tuple(lines)


def _dice_panel(view: dict[str, Any]) -> Panel | None:
    """The dice and which die each piece of the side to move uses (the white at home, the black abroad, the
    higher in the Cathedral or with HORSES)."""
    if view["phase"] in ("place", "over"):
        return None
    dice = view.get("dice")
    side = view["side"]
    if not dice:
        return Panel("dice", "Dice", ("not rolled yet",))
    white, black = dice["white"], dice["black"]
    groups: dict[str, list[str]] = {"white": [], "black": [], "higher": []}
    for entry in view["pieces"]:
        where = entry["where"]
        if entry["side"] != side or not BOARD.has(where) or entry.get("moved") or entry.get("waiting"):
            continue
        territory = BOARD.territory[BOARD.index(where)]
        if view.get("card") == "HORSES" or territory < 0:
            groups["higher"].append(entry["id"])
        elif territory == SIDES.index(side):
            groups["white"].append(entry["id"])
        else:
            groups["black"].append(entry["id"])
    lines = [f"white {white}: pieces at home ({_listed(groups['white'])})",
             f"black {black}: pieces in enemy territory ({_listed(groups['black'])})"]
    if groups["higher"]:
        reason = "with HORSES" if view.get("card") == "HORSES" else "in the Cathedral"
        lines.append(f"the higher, {max(white, black)}: pieces {reason} ({_listed(groups['higher'])})")
    return Panel("dice", "Dice", tuple(lines))


def _army_panel(view: dict[str, Any], side: int, viewer: int | None) -> Panel:
    """One side's army: on the map, in reserve, in the enemy dungeon, dead; its cards and Crowns."""
    name = SIDES[side]
    pieces = [p for p in view["pieces"] if p["side"] == name]

    def ids(where: str) -> list[str]:
        return [p["id"] for p in pieces if p["where"] == where]

    on_map = sum(1 for p in pieces if BOARD.has(p["where"]))
    hand = (view.get("hands") or [None, None])[side]
    if hand is None and viewer == side:
        hand = view.get("hand")
    cards = (f"cards: {_listed(hand)}" if hand is not None else
             f"{plural(view['hand_sizes'][side], 'card')} in hand (hidden)")
    title = NAMES[side] + (" (you)" if viewer == side else "")
    return Panel(name, title, (f"on the map: {on_map}", f"reserve: {_listed(ids('reserve'))}",
                               f"in {NAMES[1 - side]}'s dungeon: {_listed(ids('prisoner'))}",
                               f"dead: {_listed(ids('dead'))}", cards,
                               f"Crowns captured: {view['crowns_captured'][side]}"), owner=side)


def _treasure_panel(view: dict[str, Any]) -> Panel | None:
    if view["phase"] == "place":
        return None
    lines = []
    if view.get("card"):
        code = parse_card(view["card"])
        lines.append(f"in play: {view['card']} ({BY_CODE[code].effect})")
    lines.append(f"deck: {plural(view.get('deck', 0), 'card')}")
    discard = view.get("discard") or {}
    if discard:
        lines.append("played: " + ", ".join(f"{name} \u00d7{n}" for name, n in discard.items()))
    return Panel("treasure", "Treasure Cards", tuple(lines))


# ----- the scene --------------------------------------------------------------------------------------------------
def _each_line(recent: Sequence[tuple]) -> list[tuple]:
    """``recent`` with every line an action wrote to the log: a move that wins, or whose card empties the
    deck, writes a second line (the win, the reshuffle) after its own, and both are told."""
    out = []
    for before, line, after, actor in recent:
        old, new = (before or {}).get("log"), after.get("log") or []
        lines = new[len(old):] if isinstance(old, list) and new[:len(old)] == old and len(new) > len(old) else [line]
        out += [(before, text, after, actor) for text in lines]
    return out


def scene(view: dict[str, Any], legal: Sequence[EngineAction] = (), recent: Sequence[tuple] = (), *,
          select: str | None = None, marks: dict[str, str] | None = None, arrows: Sequence[Arrow] = (),
          focus: tuple[float, float, float, float] | None = None) -> Scene:
    """The scene of ``view`` (see the module's docstring and ``capture_lib.core.scene.SCENE_ARGUMENTS``).

    ``legal`` are the viewer's legal actions (none for a picture); ``recent`` is what happened since the
    viewer's last turn began, as ``(view before, log line, view after, actor)``; ``select`` marks what the
    piece on that space may do (as a click on it shows on a live board); ``marks`` puts marks of the key
    on spaces (``reach``, ``landing``...), ``arrows`` draws routes (``Arrow(path, "route")``), ``focus``
    is where the picture opens zoomed, as ``(x, y, w, h)`` in board units.
    """
    viewer = _viewer_side(view)
    width, height = int(BOARD.width), int(BOARD.height)
    builder = SceneBuilder(GAME, width, height)
    builder.areas.append(Area(MAP, "the map", "free", 0, 0, width, height, background=BACKGROUND))
    records = _records(view, legal, viewer)
    side = SIDES.index(view["side"])
    # What happened: told in words, the moves' routes drawn (all but the viewer's own from an earlier turn).
    told_lines = [(told(b, line, a, actor, viewer), actor) for b, line, a, actor in _each_line(recent)]
    later_other = False
    last_arrows: list[Arrow] = []
    wanted: list[tuple[str, str]] = []  # (space, key): a space may wear several marks (a landing, knocked over)
    spots: set[tuple[int, int]] = set()
    for last, actor in reversed(told_lines):
        if last is None:
            continue
        mine = viewer is not None and actor is not None and actor >= 0 and actor % 2 == viewer
        if not mine:
            later_other = True
        if mine and later_other:
            continue  # the viewer's own moves of a turn that is over: its pieces show where they went
        if last.route and last.route[0].startswith("spot-"):
            spots.add(("br".index(last.route[0][5]), int(last.route[0][6:])))
            last_arrows.append(Arrow(last.route, "flight"))
        elif len(last.route) >= 2:
            last_arrows.append(Arrow(last.route, "last"))
        if " lands on " in last.text:
            wanted.append((last.spaces[0], "landing"))
    builder.last.extend(last for last, _ in told_lines if last is not None)
    if any(r.kind == "aim" for r in records):
        spots |= {(side, spot) for spot in range(1, SPOTS + 1)}
    if view.get("aim") and view.get("spot"):  # a boulder in the air
        spots.add((side, view["spot"]))
        wanted.append((view["aim"], "aim"))
        last_arrows.append(Arrow((spot_id(side, view["spot"]), view["aim"]), "flight"))
    if view["phase"] == "kill":
        for entry in view["pieces"]:
            if entry["id"] in view.get("choices", ()):
                at = _where(entry)
                if at:
                    wanted.append((at, "knocked"))
    for space, key in (marks or {}).items():
        wanted.append((space, key))
    if select is not None:
        wanted.append((select, "select"))
        best: dict[str, str] = {}
        rank = {"reach": 0, "place": 0, "aim": 1, "rescue": 2, "capture": 3}
        for record in records:
            if len(record.clicks) == 2 and record.clicks[0] == select:
                target = record.clicks[1]
                if rank.get(record.kind, -1) > rank.get(best.get(target, ""), -1):
                    best[target] = record.kind
        wanted += best.items()
    # The names shown at every size: the marked spaces and the ends of every route drawn.
    shown = {space for space, _ in wanted}
    for arrow in [*arrows, *last_arrows]:
        shown.update(arrow.path[:1] + arrow.path[-1:])
    _spaces(builder, viewer, shown, spots)
    builder.links.extend(trails())
    always = _pieces(builder, view, viewer)
    builder.actions.extend(records)
    for space, key in wanted:
        builder.mark(space, key)
    builder.arrows.extend(arrows)
    builder.arrows.extend(reversed(last_arrows))
    panels = [_dice_panel(view), _army_panel(view, 0, viewer), _army_panel(view, 1, viewer), _treasure_panel(view)]
    builder.panels.extend(p for p in panels if p is not None)
    has_moves = any(r.route for r in records) if records and view["phase"] == "move" else None
    if records:
        always.add("select")
    always |= set(TERRAIN)
    return builder.build(_key_for(view.get("options", {})), status_lines(view, has_moves),
                         hints=_hints(view, records), seat=view.get("viewer"), over=view["over"], focus=focus,
                         assets=(BACKGROUND,), token_key=TOKEN_KEY, always=always)


def focus_on(spaces: Sequence[str], margin: float = 70, least: float = 420) -> tuple[float, float, float, float]:
    """A focus (``scene(..., focus=...)``) on ``spaces``, ``margin`` board units around them: at least
    ``least`` units wide and in the map's proportions, so a picture of it is the map's shape, zoomed in."""
    xs = [BOARD.xy[BOARD.index(s)][0] for s in spaces]
    ys = [BOARD.xy[BOARD.index(s)][1] for s in spaces]
    aspect = BOARD.height / BOARD.width
    w = min(BOARD.width, max(least, max(xs) - min(xs) + 2 * margin, (max(ys) - min(ys) + 2 * margin) / aspect))
    h = w * aspect
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    x = min(max(0.0, cx - w / 2), BOARD.width - w)
    y = min(max(0.0, cy - h / 2), BOARD.height - h)
    return round(x, 1), round(y, 1), round(w, 1), round(h, 1)
