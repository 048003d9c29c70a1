"""Medieval Capture in a terminal: a map of the board with its pieces, and where a named piece may go.

The map is drawn from the board's public data (``board.BOARD``: each space's place on the picture, its
kind and its trails) on a grid of characters: every space is a 3-character cell (a mark for its kind
and its number; left of the dotted border a number ``13`` is the space ``b13``, right of it ``r13``),
trails are lines between cells, rivers and lakes are ``~``. A piece covers the cell of its space. The
pieces, Crowns and hands come from the seat's observation only, so a hidden Knight stays hidden.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from capture_lib.games.medieval_capture.rules.board import BOARD, Board
from capture_lib.render.paint import Paint
from capture_lib.render.text import Focus, TerminalView, words_of

#: Characters per column of spaces: a 3-character cell and one for the trail to the next.
SLOT = 4
#: Text lines per row of spaces: the row and two for the trails between rows.
ROW_LINES = 3
#: The mark in front of a space's number, by kind (a Crown space with its Crown shows ``♛``).
KIND_MARKS = {"rock": "·", "crown": "♔", "knight": "♞", "treasure": "$", "bridge": "=", "boat": "∪",
              "cathedral": "✚", "dungeon": "#"}
_PIECE = re.compile(r"^[BR]\d+$")
_SIDE_STYLE = {"blue": ("bold", "blue"), "red": ("bold", "red")}


@dataclass(frozen=True)
class Layout:
    """Where the board's spaces fall on a grid of characters, and the maps between picture and grid.

    Columns: the spaces' x positions, those within 20 units of each other sharing a column, one
    ``SLOT`` apart (straight between them); lines: the most common gap between rows of spaces is
    ``ROW_LINES`` lines.
    """

    #: Each space's (line, column of the middle of its cell), by index.
    at: tuple[tuple[int, int], ...]
    lines: int
    width: int
    #: (picture x, grid column) of each column of spaces, left to right.
    anchors: tuple[tuple[float, float], ...]
    top: float
    gap: float

    def column(self, x: float) -> float:
        """The grid column of picture x (between columns of spaces, in proportion)."""
        return _between(self.anchors, x)

    def x(self, column: float) -> float:
        """The picture x of a grid column (the inverse of ``column``)."""
        return _between(tuple((c, x) for x, c in self.anchors), column)

    def line(self, y: float) -> float:
        """The grid line of picture y."""
        return (y - self.top) * ROW_LINES / self.gap

    def y(self, line: float) -> float:
        """The picture y of a grid line."""
        return self.top + line * self.gap / ROW_LINES


def _between(points: tuple[tuple[float, float], ...], v: float) -> float:
    """Straight-line interpolation through ``points`` (ascending first values), held flat past the ends."""
    if v <= points[0][0]:
        return points[0][1]
    for (v0, w0), (v1, w1) in zip(points, points[1:], strict=False):
        if v <= v1:
            return w0 + (w1 - w0) * (v - v0) / (v1 - v0)
    return points[-1][1]


@lru_cache(maxsize=2)
def layout(board: Board = BOARD) -> Layout:
    """The grid of ``board`` (see ``Layout``)."""
    clusters: list[list[float]] = []
    for x in sorted({x for x, _ in board.xy}):
        if clusters and x - clusters[-1][-1] <= 20:
            clusters[-1].append(x)
        else:
            clusters.append([x])
    anchors = tuple((sum(c) / len(c), float(k * SLOT + 1)) for k, c in enumerate(clusters))  # +1: a cell's middle
    ys = sorted({y for _, y in board.xy})
    gap = Counter(round(b - a) for a, b in zip(ys, ys[1:], strict=False)).most_common(1)[0][0]
    grid = Layout(at=(), lines=0, width=len(clusters) * SLOT, anchors=anchors, top=ys[0], gap=gap)
    at = tuple((round(grid.line(y)), round(grid.column(x))) for x, y in board.xy)
    return Layout(at=at, lines=max(r for r, _ in at) + 1, width=grid.width, anchors=anchors, top=ys[0], gap=gap)


def _number(space: str) -> str:
    """The part of a space's name shown on the map: ``b13`` -> ``13``; ``c``, ``bd``, ``rd`` whole."""
    return space[1:] if space[:1] in "br" and space[1:].isdigit() else space


class MedievalView(TerminalView):
    """The map of the board, a key to it, and each named piece's reachable spaces."""

    slug = "medieval-capture"
    group_moves = True

    def __init__(self, board: Board = BOARD) -> None:
        self.map = board

    # -- the map ---------------------------------------------------------------------------------
    def _grid(self, view: dict[str, Any], focus: Focus | None) -> list[list[tuple[str, tuple[str, ...]]]]:
        b = self.map
        grid_of = layout(b)
        at, lines, width = grid_of.at, grid_of.lines, grid_of.width
        grid: list[list[tuple[str, tuple[str, ...]]]] = [[(" ", ())] * width for _ in range(lines)]
        labels: set[tuple[int, int]] = set()

        def put(r: int, c: int, char: str, styles: tuple[str, ...] = (), over: bool = False) -> None:
            if 0 <= r < lines and 0 <= c < width and (over or (r, c) not in labels):
                grid[r][c] = (char, styles)

        # The border between the territories, then water, then trails, then the spaces on top.
        border = round(grid_of.column(b.border_x))
        for r in range(lines):
            put(r, border, "┊", ("dim",))
        for lake in b.lakes:
            for r in range(lines):
                for c in range(width):
                    # Is the cell, back on the picture, inside the lake's ellipse?
                    x, y = grid_of.x(c), grid_of.y(r)
                    if ((x - lake["cx"]) / lake["rx"]) ** 2 + ((y - lake["cy"]) / lake["ry"]) ** 2 <= 1:
                        put(r, c, "~", ("cyan",))
        for river in b.rivers:
            # A river winds about the row of its boats: drawn straight along that row, so it reads as one.
            row = round(grid_of.line(sum(b.xy[i][1] for i in river["boats"]) / len(river["boats"])))
            xs = [x for x, _ in river["course"]]
            for c in range(round(grid_of.column(min(xs))), round(grid_of.column(max(xs))) + 1):
                put(row, c, "~", ("cyan",))
        for i, adjacent in enumerate(b.adjacent):
            for j, kind in adjacent:
                if j > i and kind in ("trail", "dock", "dungeon"):
                    self._edge(put, at[i], at[j], kind)
        pieces = {p["where"]: p for p in view["pieces"] if p["where"] != "c"}
        crowns_lying = {c["where"] for c in view["crowns"] if "carried_by" not in c}
        marks = focus.marks if focus else {}
        for i, space in enumerate(b.ids):
            r, c = at[i]
            start = c - 1
            piece = pieces.get(space)
            mark = marks.get(space)
            if piece is not None:
                text = piece["id"] + ("*" if piece.get("knight") else "")
                styles = _SIDE_STYLE[piece["side"]] + (("reverse",) if mark else ())
                if mark and mark != "from" and len(text) < 3:  # an enemy piece a move captures
                    text += "◆"
            else:
                kind = b.kind[i]
                sign = "♛" if space in crowns_lying else KIND_MARKS[kind]
                if mark == "reach" or mark == "aim":
                    sign = "◆"
                text = sign + _number(space)
                styles = ("bold", "on-yellow", "black") if mark else _KIND_STYLE.get(kind, ())
                if space in crowns_lying:
                    styles = styles or ("yellow", "bold")
            for k, char in enumerate(text):
                labels.add((r, start + k))
                put(r, start + k, char, styles, over=True)
        return grid

    @staticmethod
    def _edge(put: Any, a: tuple[int, int], z: tuple[int, int], kind: str) -> None:
        """A line of characters from cell ``a`` to cell ``z`` (their middles), through free cells only."""
        (r0, c0), (r1, c1) = a, z
        dr, dc = r1 - r0, c1 - c0
        steps = max(abs(dr), abs(dc)) * 2
        if dr == 0:
            char = "─" if kind == "trail" else "┄"
        elif dc == 0:
            char = "│" if kind == "trail" else "┆"
        else:
            char = "╲" if (dr > 0) == (dc > 0) else "╱"
        style = () if kind == "trail" else ("dim",)
        for k in range(1, steps):
            put(round(r0 + dr * k / steps), round(c0 + dc * k / steps), char, style)

    def board(self, view: dict[str, Any], paint: Paint, focus: Focus | None = None) -> str:
        """The map, then what it cannot show: the Cathedral's pieces, reserves, prisoners, Crowns, cards."""
        width = layout(self.map).width
        border = round(layout(self.map).column(self.map.border_x))
        head = [" "] * width
        for text, at in (("BLUE (b…)", max(0, border // 2 - 5)), ("RED (r…)", border + (width - border) // 2 - 4)):
            head[at:at + len(text)] = list(text)
        title = paint("".join(head[:border]), "bold", "blue") + paint("".join(head[border:]).rstrip(), "bold", "red")
        lines = [self._status(view), title, *paint.grid(self._grid(view, focus))]
        lines += self._notes(view)
        return "\n".join(lines)

    def _status(self, view: dict[str, Any]) -> str:
        caps = view["crowns_captured"]
        if view["over"]:
            who = view["players"][view["winners"][0] % 2] + " wins" if view["winners"] else "a draw"
            head = f"Game over: {who}"
        else:
            head = f"{view['side'].capitalize()} to play ({view['phase']})"
            dice = view.get("dice")
            if dice:
                head += (f"; dice white {dice['white']}, black {dice['black']}; {view['moves_left']} moves left, "
                         f"{view['shots']} shots")
            if view.get("card"):
                head += f"; card in play {view['card']}"
        return head + f"; Crowns captured Blue {caps[0]}, Red {caps[1]} of {view['crowns_to_win']}"

    def _notes(self, view: dict[str, Any]) -> list[str]:
        notes = []
        cathedral = [p["id"] for p in view["pieces"] if p["where"] == "c"]
        if cathedral:
            notes.append("in the Cathedral (c): " + " ".join(cathedral))
        for seat, side in enumerate(("blue", "red")):
            mine = [p for p in view["pieces"] if p["side"] == side]
            parts = []
            for where, word in (("reserve", "in reserve"), ("prisoner", "prisoners"), ("dead", "dead")):
                ids = [p["id"] for p in mine if p["where"] == where]
                if ids:
                    parts.append(f"{word}: {' '.join(ids)}")
            hand = view["hands"][seat] if view.get("hands") else None
            cards = (", ".join(hand) or "none") if hand is not None else f"{view['hand_sizes'][seat]} hidden"
            parts.append(f"cards: {cards}")
            notes.append(f"{side.capitalize()}: " + "; ".join(parts))
        away = [f"{c['home']} crown {'carried by ' + c['carried_by'] + ' on ' if 'carried_by' in c else 'on '}"
                f"{c['where']}" for c in view["crowns"] if c["where"] != c["home"] and c["where"] != "captured"]
        if away:
            notes.append("Crowns away from home: " + "; ".join(away))
        if view["log"]:
            notes.append("last: " + " | ".join(view["log"][-4:]))
        return notes

    def legend(self, view: dict[str, Any], paint: Paint) -> str:
        """The key to the map."""
        return ("Key to the map: a space is its kind's mark and its number: left of the border ┊ 13 is b13, "
                "right of it r13; c is the Cathedral, bd and rd the dungeons. Marks: · rock, ♛ a Crown lying "
                "there (♔ a Crown space without its Crown), ♞ Knight space, $ treasure space, = bridge, ∪ boat "
                "(on ~ water), ✚ Cathedral, # dungeon. ─ │ ╱ ╲ trails, ┄ ┆ docks and dungeon doors. B5 a Blue "
                "piece, R5 a Red one, * after your piece: your Knight. Type a piece (B5) or 'moves B5' to see "
                "where it may go, marked ◆.")

    def focus(self, view: dict[str, Any], words: list[str], moves: list[str]) -> Focus | None:
        """A named piece: where it stands and the spaces its moves (or placings) reach, marked ◆."""
        pieces = {p["id"]: p for p in view["pieces"]}
        named = next((w.upper() for w in words if w.upper() in pieces and _PIECE.match(w.upper())), None)
        marks: dict[str, str] = {}
        for move in moves:
            words_here = words_of(move)
            if _PIECE.match(words_here[0]) and len(words_here) > 2:  # a move: the path's last space
                path = move.split()[1].split("-")
                marks[path[-1].lower()] = "reach"
            elif words_here[0] == "place":
                marks[words_here[2].lower()] = "reach"
            elif words_here[0] == "shoot":
                marks[words_here[-1].lower()] = "aim"
        about = ""
        if named:
            where = pieces[named]["where"]
            owner = "your" if pieces[named]["side"] == view.get("viewer_side") else "the enemy's"
            place = {"reserve": "in reserve", "prisoner": "a prisoner", "dead": "dead"}.get(where, f"on {where}")
            about = f"{named}, {owner} piece, is {place}"
        if marks:
            reached = ", ".join(sorted(marks, key=lambda s: (s[0], int(s[1:]) if s[1:].isdigit() else 0)))
            about += (f"; its moves reach {reached}" if named else f"These moves reach {reached}") + " (◆ on the map)"
        if named and self.map.has(pieces[named]["where"]):
            marks.setdefault(pieces[named]["where"], "from")  # shown in reverse video where there is colour
        return Focus(about=about, marks=marks)


_KIND_STYLE = {"crown": ("yellow",), "knight": ("magenta",), "bridge": ("dim",),
               "boat": ("cyan",), "cathedral": ("bold",), "dungeon": ("bold",)}

VIEW = MedievalView()
