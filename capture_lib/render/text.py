"""What every game's terminal view shares: the default drawing, finding moves by a word, listing them.

A view draws only from ``state.observation(seat)`` (what that seat may see) and the notation of the
legal actions the seat is offered, like the rest of the command line; it never reads a state itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from capture_lib.render.paint import Paint

#: Splits notation into its words: at spaces, and at a ``-``, ``x``, ``*`` or ``>`` between a square's
#: digit and the next square (``B1xD3``, ``b44-b43``, ``S4xN5``), so each square or piece is a word.
_SPLIT = re.compile(r"\s+|(?<=\d)[-x*>](?=[A-Za-z])")


def words_of(notation: str) -> list[str]:
    """The words of one move's notation (``"B6 b44-b43"`` -> ``["B6", "b44", "b43"]``)."""
    return [w for w in _SPLIT.split(notation) if w]


def matching(moves: list[str], words: list[str]) -> list[str]:
    """The moves whose notation holds every word of ``words``.

    A word matches a word of the notation exactly first (so Medieval Capture's piece ``B5`` and space
    ``b5`` stay apart), then with case ignored, then as a piece of the notation (``moves B2-B3``).
    """
    if not words:
        return list(moves)
    split = [(m, words_of(m)) for m in moves]
    for same in (lambda w, t: w == t, lambda w, t: w.lower() == t.lower()):
        found = [m for m, toks in split if all(any(same(w, t) for t in toks) for w in words)]
        if found:
            return found
    text = " ".join(words).lower()
    return [m for m in moves if text in m.lower()]


def wrap_moves(moves: list[str], width: int, by_first_word: bool = False) -> list[str]:
    """The moves as lines of at most ``width`` characters (a longer move gets its own line), none cut.

    ``by_first_word`` starts a new line whenever the first word changes (one line per piece).
    """
    lines: list[str] = []
    group = None
    for move in moves:
        first = words_of(move)[0] if by_first_word and move.strip() else None
        if lines and first == group and len(lines[-1]) + 2 + len(move) <= width:
            lines[-1] += ", " + move
        else:
            lines.append("  " + move)
            group = first
    return lines


@dataclass
class Focus:
    """What a word typed at the prompt names, and where its moves go: drawn on the board, said in text."""

    #: A sentence about the thing named (``B5, your piece on b13``); empty when there is nothing to say.
    about: str = ""
    #: Space or square -> kind of mark (``reach``, ``capture`` or ``from``).
    marks: dict[str, str] = field(default_factory=dict)


class TerminalView:
    """The default view of a game: the game's own ``render.to_text`` and no legend."""

    #: The game's slug, set by each subclass.
    slug = ""
    #: Whether ``moves`` lists a line per first word (a piece), for games with many moves per piece.
    group_moves = False

    def board(self, view: dict[str, Any], paint: Paint, focus: Focus | None = None) -> str:
        """The position the seat sees, drawn for a terminal; ``focus`` marks where a named piece may go."""
        from capture_lib.games import describe

        return describe(self.slug).require("render").to_text(view)

    def legend(self, view: dict[str, Any], paint: Paint) -> str:
        """The key to the characters the board uses (empty when it needs none)."""
        return ""

    def advice(self, view: dict[str, Any], moves: list[str]) -> str:
        """What the seat may do now, in words, when the moves alone do not say it (else empty)."""
        return ""

    def focus(self, view: dict[str, Any], words: list[str], moves: list[str]) -> Focus | None:
        """What ``words`` name on the board and where ``moves`` (already filtered by them) go, if anything."""
        return None


# ----- a scene as text -------------------------------------------------------------------------------------
#: Characters per column of a free area, and text lines per row of it.
SLOT = 4
ROW_LINES = 2
#: Line characters for a link's steps, by direction (dx, dy), so a diagonal reads as one even line.
_STROKES = {(1, 0): "─", (-1, 0): "─", (0, 1): "│", (0, -1): "│", (1, 1): "╲", (-1, -1): "╲", (1, -1): "╱",
            (-1, 1): "╱"}
#: How a seat's pieces are painted (the plain characters already say whose they are).
_SEAT_STYLES = (("bold", "blue"), ("bold", "red"), ("bold", "green"), ("bold", "magenta"))

Cell = tuple[str, tuple[str, ...]]


def _clusters(values: list[float], gap: float) -> list[float]:
    """The centres of ``values`` grouped where neighbours lie within ``gap`` of each other."""
    groups: list[list[float]] = []
    for v in sorted(set(values)):
        if groups and v - groups[-1][-1] <= gap:
            groups[-1].append(v)
        else:
            groups.append([v])
    return [sum(g) / len(g) for g in groups]


def _nearest(centres: list[float], v: float) -> int:
    return min(range(len(centres)), key=lambda i: abs(centres[i] - v))


def _cell_text(space: Any, pieces: list[Any], glyph: str, width: int) -> str:
    """What a space shows in a cell: its pieces' tokens, else its label (or id), with a mark's glyph."""
    text = "".join(p.token or p.title[:2] for p in pieces) or (space.label or space.id)
    if glyph:
        text = (text + glyph) if len(text) < width else text[:width - 1] + glyph
    return text[:width]


def _free_area(area: Any, spaces: list[Any], pieces: dict[str, list[Any]], glyphs: dict[str, str],
               links: list[Any], paint: Paint, styles: dict[str, tuple[str, ...]]) -> list[str]:
    """A free area on a grid of characters: each space a cell where its coordinates put it, links between."""
    smallest = min(min(s.w, s.h) for s in spaces)
    columns = _clusters([s.x for s in spaces], smallest / 2)
    rows = _clusters([s.y for s in spaces], smallest / 2)
    width, lines = len(columns) * SLOT + 1, len(rows) * ROW_LINES
    grid: list[list[Cell]] = [[(" ", ())] * width for _ in range(lines)]
    at = {s.id: (_nearest(rows, s.y) * ROW_LINES, _nearest(columns, s.x) * SLOT + 1) for s in spaces}
    taken: set[tuple[int, int]] = set()
    for link in links:
        if link.a in at and link.b in at:
            (r0, c0), (r1, c1) = at[link.a], at[link.b]
            steps = max(abs(r1 - r0), abs(c1 - c0))
            for k in range(1, steps):
                r = r0 + round((r1 - r0) * k / steps)
                c = c0 + round((c1 - c0) * k / steps)
                dr = (r1 > r0) - (r1 < r0)
                dc = (c1 > c0) - (c1 < c0)
                grid[r][c] = (_STROKES.get((dc, dr), "·"), ("dim",))
    for space in spaces:
        r, c = at[space.id]
        text = _cell_text(space, pieces.get(space.id, []), glyphs.get(space.id, ""), SLOT - 1)
        for k, char in enumerate(text.ljust(SLOT - 1)[:SLOT - 1]):
            if (r, c - 1 + k) not in taken and 0 <= c - 1 + k < width:
                grid[r][c - 1 + k] = (char, styles.get(space.id, ()))
                taken.add((r, c - 1 + k))
    return paint.grid(grid)


def _grid_area(area: Any, spaces: list[Any], pieces: dict[str, list[Any]], glyphs: dict[str, str],
               paint: Paint, styles: dict[str, tuple[str, ...]]) -> list[str]:
    """A grid area as a table of tokens, with its row and column names."""
    by_place = {(s.row, s.col): s for s in spaces}
    cells = {s.id: _cell_text(s, pieces[s.id], glyphs.get(s.id, ""), 8) if pieces.get(s.id)
             else "." + glyphs.get(s.id, "") for s in spaces}
    width = max(3, max(len(text) for text in cells.values()) + 1)
    head = " " * 5 + "".join(f"{name:<{width}}" for name in area.columns)
    lines = [head.rstrip()]
    for r, name in enumerate(area.rows):
        out = f"  {name:<3}"
        for c in range(len(area.columns)):
            space = by_place.get((r, c))
            text = cells[space.id] if space else " "
            out += paint(f"{text:<{width}}", *styles.get(space.id, ())) if space else " " * width
        lines.append(out.rstrip())
    return lines


def scene_text(scene: Any, paint: Paint | None = None, marks: dict[str, str] | None = None) -> str:
    """Any game's scene as text for a terminal: the status, every area (a grid as a table of tokens, a free
    area as a map of cells and trails, a row as a line), the marks' glyphs (``marks``: space -> key entry,
    added to the scene's own), the panels and the last moves. Colour, where ``paint`` allows, only repeats
    what the characters say."""
    paint = paint or Paint(False)
    key = {k.key: k for k in scene.key}
    glyphs: dict[str, str] = {}
    for mark in list(scene.marks) + [type("M", (), {"at": a, "key": k})() for a, k in (marks or {}).items()]:
        entry = key.get(mark.key)
        if entry and entry.glyph and entry.look not in ("hatch", "dots"):
            glyphs[mark.at] = entry.glyph
    pieces: dict[str, list[Any]] = {}
    styles: dict[str, tuple[str, ...]] = {}
    for piece in scene.pieces:
        pieces.setdefault(piece.at, []).append(piece)
        if piece.owner is not None:
            styles[piece.at] = _SEAT_STYLES[piece.owner % len(_SEAT_STYLES)]
    lines = [paint(scene.status[0], "bold")] if scene.status else []
    lines += list(scene.status[1:])
    for area in scene.areas:
        spaces = [s for s in scene.spaces if s.area == area.id]
        if not spaces:
            continue
        if area.title and area.layout != "grid":
            lines.append(paint(area.title, "bold"))
        if area.layout == "grid":
            lines += _grid_area(area, spaces, pieces, glyphs, paint, styles)
        elif area.layout == "row":
            lines.append("  " + "  ".join(_cell_text(s, pieces.get(s.id, []), glyphs.get(s.id, ""), 8) or "--"
                                          for s in spaces))
        else:
            lines += _free_area(area, spaces, pieces, glyphs, list(scene.links), paint, styles)
    for panel in scene.panels:
        chips = " ".join(c.token or c.title for c in panel.chips)
        lines.append(f"{panel.title}: " + "; ".join([*panel.lines, *([chips] if chips else [])]))
    if scene.last:
        lines.append("Last: " + " \u00b7 ".join(m.text for m in scene.last[-6:]))
    return "\n".join(lines)


def key_text(scene: Any) -> str:
    """The key to what a scene's text shows: each mark's glyph and name, as the board's key names it."""
    entries = [f"{k.glyph} {k.name}" for k in scene.key if k.glyph and k.look not in ("piece", "arrow")]
    return ("Marks: " + ", ".join(entries) + ".") if entries else ""
