"""The text renderer: any game's scene as text for a terminal, and finding moves by a word.

``scene_text(scene)`` draws what the other renderers draw, from the scene alone and for every game alike:
the status, each area (a grid as a table of tokens with its row and column names, a row as a line of
cells, a free area as a map of cells where the spaces' coordinates put them, its links drawn between
them), the marks as the glyphs of the game's key, the panels and the last moves. A piece is its
``token`` (the few characters the game chose for a terminal); a space without a piece is its kind's glyph
and its label (an empty card slot ``--``). ``key_text`` says what the tokens and glyphs mean,
``actions_text`` what the seat may do now, and ``focus`` what a word typed at the prompt names and where
its moves go (marked on the board). Colour, where ``paint`` allows, only repeats what the characters say.

``words_of``, ``matching`` and ``wrap_moves`` find and list moves by what a player types.
"""

from __future__ import annotations

import re
import statistics
import textwrap
from dataclasses import dataclass
from typing import Any

from capture_lib.core.scene import Action, Mark, Piece, Scene, Space
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


# ----- what the characters are -------------------------------------------------------------------------------
#: Line characters for a link's steps by the link's tone (a trail, a way across water, any other way dashed)
#: and direction (dx, dy), so a diagonal reads as one even line.
_STROKES = {
    "trail": {(1, 0): "─", (0, 1): "│", (1, 1): "╲", (1, -1): "╱"},
    "water": {(1, 0): "~", (0, 1): "~", (1, 1): "~", (1, -1): "~"},
    "dashed": {(1, 0): "┄", (0, 1): "┆", (1, 1): "╲", (1, -1): "╱"},
}
_STROKE_STYLES = {"trail": (), "water": ("cyan",), "dashed": ("dim",)}
#: How a seat's pieces are painted (the characters already say whose they are).
_SEAT_STYLES = (("bold", "blue"), ("bold", "red"), ("bold", "green"), ("bold", "magenta"))
#: How a space is painted while a word typed at the prompt names it or one of its moves ends there.
_FOCUS_STYLE = ("bold", "on-yellow", "black")
#: The marks drawn as a tint or an arrow, or a piece's own feature: not a glyph on a cell.
_NOT_GLYPHS = ("hatch", "dots", "arrow", "piece", "space")
#: Where two actions' last clicks fall on one space, the stronger kind shows (as on the page).
_KIND_RANK = {"": 0, "move": 1, "reach": 1, "hide": 1, "place": 1, "pick": 1, "extra": 1, "bash": 2, "rescue": 2,
              "ranged": 3, "aim": 3, "capture": 4, "attack": 4}
#: The most spaces a sentence names one by one (more are counted).
MOST_NAMED = 12
#: Between two cells side by side, and the indent of a panel's or a last move's second line.
GUTTER = 4
INDENT = "  "
ANSI = re.compile(r"\x1b\[[0-9;]*m")

Cell = tuple[str, tuple[str, ...]]


def visible_len(text: str) -> int:
    """The width of ``text`` on a terminal, its colour codes left out."""
    return len(ANSI.sub("", text))


def _kind_glyphs(scene: Scene) -> dict[str, str]:
    """Each space's kind (a tone ``kind-K`` naming the key's ``space`` entry K) -> that entry's glyph."""
    return {f"kind-{k.key}": k.glyph for k in scene.key if k.look == "space" and k.glyph}


def _tokens(pieces: list[Piece], lines: bool) -> str:
    """The pieces on one space in a few characters: their tokens (a space between two that would run
    together, ``B3 R2``; none before a sign, ``B1♛``), with their small lines (``7H=5``) where ``lines``."""
    out = ""
    for piece in pieces:
        token = piece.token or piece.title[:3]
        if lines and piece.lines:
            token += "".join(line.replace(" ", "") for line in piece.lines)
        if out and out[-1].isalnum() and token[:1].isalnum():
            out += " "
        out += token
    return out


def _fit(glyphs: str, label: str, room: int) -> str:
    """``glyphs`` and as much of ``label`` as fits in ``room``: whole words from its end first (the
    Cathedral ``(c)``), else its last characters (``b15`` as ``15`` after its glyph)."""
    text = glyphs + label
    if len(text) <= room:
        return text
    words = label.split()
    while len(words) > 1:
        words = words[1:]
        if len(glyphs) + len(" ".join(words)) <= room:
            return glyphs + " ".join(words)
    keep = max(2, room - len(glyphs))
    return glyphs + label[-keep:]


@dataclass
class _Board:
    """What every area draws from: the pieces on each space, the glyphs of its marks and its kind."""

    scene: Scene
    paint: Paint
    pieces: dict[str, list[Piece]]
    glyphs: dict[str, str]
    kinds: dict[str, str]
    focus: set[str]
    #: The glyphs of the key written so far (for the key under the board).
    used: set[str]

    def style(self, space: Space) -> tuple[str, ...]:
        if space.id in self.focus:
            return _FOCUS_STYLE
        pieces = self.pieces.get(space.id, [])
        owner = next((p.owner for p in pieces if p.owner is not None), None)
        style = _SEAT_STYLES[owner % len(_SEAT_STYLES)] if owner is not None else ()
        if pieces and all({"faded", "disabled"} & set(p.tones) for p in pieces):
            style = ("dim", *style[1:])
        return style

    def cell(self, space: Space, room: int, lines: bool, label: bool = True) -> str:
        """What ``space`` shows in about ``room`` characters: its pieces (and what a mark says), else its
        kind's glyph and its label (``label``), an empty card slot ``--``."""
        pieces = self.pieces.get(space.id, [])
        marks = self.glyphs.get(space.id, "")
        solid = [p for p in pieces if p.look != "token"]
        if solid:
            text = _tokens(pieces, lines)
            # A mark after a piece's small lines keeps apart from them (7H=7 +, not 7H=7+).
            gap = " " if marks and lines and any(p.lines for p in pieces) else ""
            self.used.update(marks)
            return text + gap + marks
        small = _tokens(pieces, lines)  # signs lying on the space (a Crown): its name still shows
        name = space.label if label else ""
        if not name:
            name = "--" if space.shape == "slot" else ("" if small or marks else "\u00b7")
        sign = marks or ("" if small else self.kinds.get(space.id, ""))
        self.used.update(sign)
        return _fit(small + sign, name, room)


def _board(scene: Scene, paint: Paint, marks: dict[str, str] | None) -> _Board:
    key = {k.key: k for k in scene.key}
    glyphs: dict[str, str] = {}
    shown = list(scene.marks) + [Mark(at, kind) for at, kind in _one_click(scene).items()]
    shown += [Mark(at, kind) for at, kind in (marks or {}).items()]
    for mark in shown:
        entry = key.get(mark.key)
        if entry and entry.glyph and entry.look not in _NOT_GLYPHS and entry.glyph not in glyphs.get(mark.at, ""):
            glyphs[mark.at] = glyphs.get(mark.at, "") + entry.glyph
    kind_glyphs = _kind_glyphs(scene)
    kinds = {s.id: next((kind_glyphs[t] for t in s.tones if t in kind_glyphs), "") for s in scene.spaces}
    pieces: dict[str, list[Piece]] = {}
    for piece in scene.pieces:
        pieces.setdefault(piece.at, []).append(piece)
    return _Board(scene, paint, pieces, glyphs, kinds, set(marks or {}), set())


def _one_click(scene: Scene) -> dict[str, str]:
    """The spaces an action of one click is chosen on, each with its action's kind (a hiding place, a
    free rock, a card to add): the page marks them before any click, and so does the text."""
    out: dict[str, str] = {}
    for action in scene.actions:
        if len(action.clicks) == 1 and action.kind:
            at = action.clicks[0]
            if _KIND_RANK.get(action.kind, 1) > _KIND_RANK.get(out.get(at, ""), -1):
                out[at] = action.kind
    return out


# ----- the areas ----------------------------------------------------------------------------------------------
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


def _grid_area(area: Any, spaces: list[Space], board: _Board) -> list[str]:
    """A grid as a table of tokens (``.`` an empty square), with its row and column names."""
    paint = board.paint
    by_place = {(s.row, s.col): s for s in spaces}
    cells = {s.id: (_tokens(board.pieces[s.id], False) if board.pieces.get(s.id) else ".") + board.glyphs.get(s.id, "")
             for s in spaces}
    board.used.update("".join(board.glyphs.get(s.id, "") for s in spaces))
    width = max(3, max(len(text) for text in cells.values()) + 1)
    head = " " * 5 + "".join(f"{name:<{width}}" for name in area.columns)
    lines = [head.rstrip()]
    for r, name in enumerate(area.rows):
        out = f"  {name:<3}"
        for c in range(len(area.columns)):
            space = by_place.get((r, c))
            if space is None:
                out += " " * width
                continue
            text = cells[space.id]
            out += paint(text, *board.style(space)) + " " * (width - len(text))
        lines.append(out.rstrip())
    return lines


def _row_area(spaces: list[Space], board: _Board) -> list[str]:
    """A row of slots (a hand of cards) as one line of cells."""
    cells = [board.paint(board.cell(s, 12, True), *board.style(s)) for s in spaces]
    return ["  ".join(cells)]


def _free_area(area: Any, spaces: list[Space], board: _Board, width: int) -> tuple[list[str], list[str]]:
    """A free area as a map of characters, and the notes under it (a space too crowded for its cell).

    Each space is a cell where its coordinates put it: the spaces' columns (centres closer than a third of
    a space's size share one) are evenly spaced, as far apart as the widest cells need, or as ``width``
    allows. Where the area has links (a map's trails), the rows keep their distances, about as a picture
    would, and the links are drawn between the cells; without links each row is one line, and the spaces'
    labels (a lane's name) are written under their row.
    """
    paint = board.paint
    ids = {s.id for s in spaces}
    links = [link for link in board.scene.links if link.a in ids and link.b in ids]
    size = statistics.median(min(s.w, s.h) for s in spaces)
    columns = _clusters([s.x for s in spaces], size / 3)
    col = {s.id: _nearest(columns, s.x) for s in spaces}
    rows = _clusters([s.y for s in spaces], size / 3)
    row_of = {s.id: _nearest(rows, s.y) for s in spaces}
    # How far apart the columns must be: each cell clear of the next on its row, and room for a trail.
    natural = {s.id: board.cell(s, 99, True, label=bool(links)) for s in spaces}
    typical = [s for s in spaces if max(s.w, s.h) <= 1.5 * size] or spaces
    need = 2
    for r in range(len(rows)):
        on_row = sorted((col[s.id], s.id) for s in typical if row_of[s.id] == r)
        for (c0, a), (c1, _) in zip(on_row, on_row[1:], strict=False):
            if c1 > c0:
                need = max(need, -(-(len(natural[a]) + 1) // (c1 - c0)))
    if not links:
        labels = [s for s in spaces if s.label]
        for r in range(len(rows)):
            on_row = sorted((col[s.id], s.label) for s in labels if row_of[s.id] == r)
            for (c0, a), (c1, _) in zip(on_row, on_row[1:], strict=False):
                if c1 > c0:
                    need = max(need, -(-(len(a) + 2) // (c1 - c0)))
    step = max(2, min(need, (width + 1) // max(1, len(columns))))
    room = step - 1  # a cell's characters, one left for the trail to the next
    anchor = {s.id: col[s.id] * step + (room - 1) // 2 for s in spaces}
    if links:
        # Rows keep their distances: a character is about twice as tall as wide, as the picture's units go.
        span = (columns[-1] - columns[0]) if len(columns) > 1 else size
        units_per_line = 2 * span / max(1, (len(columns) - 1) * step)
        gaps = [b - a for a, b in zip(rows, rows[1:], strict=False)] or [size]
        common = statistics.mode(round(g) for g in gaps)
        per_gap = max(2, round(common / units_per_line))
        line = {s.id: round((s.y - rows[0]) * per_gap / common) for s in spaces}
    else:
        labelled = {row_of[s.id] for s in spaces if s.label}
        offset, line = 0, {}
        starts = []
        for r in range(len(rows)):
            starts.append(offset)
            offset += 2 if r in labelled else 1
        line = {s.id: starts[row_of[s.id]] for s in spaces}
    lines = max(line.values()) + (2 if not links and any(s.label for s in spaces) else 1)
    grid_width = max(anchor.values()) + room + 24
    grid: list[list[Cell]] = [[(" ", ())] * grid_width for _ in range(lines)]
    taken: set[tuple[int, int]] = set()
    notes: list[str] = []
    order = sorted(spaces, key=lambda s: (max(s.w, s.h) > 1.5 * size, col[s.id]))
    cells: dict[str, str] = {}
    for space in order:
        scale = max(1.0, space.w / size)
        own_room = max(room, round(scale * step) - 1)
        text = board.cell(space, own_room, True, label=bool(links))
        if len(text) > own_room + 1 and len(board.pieces.get(space.id, [])) > 1:
            crowd = board.pieces[space.id]
            notes.append(f"{space.label or space.id}: " + ", ".join(p.token or p.title for p in crowd))
            text = _fit("", f"{len(crowd)} pieces", own_room)
        cells[space.id] = text
    for link in links:
        (r0, c0), (r1, c1) = (line[link.a], anchor[link.a]), (line[link.b], anchor[link.b])
        tone = link.tone if link.tone in _STROKES else ("trail" if not link.tone else "dashed")
        dr, dc = r1 - r0, c1 - c0
        steps = max(abs(dr), abs(dc)) * 2
        direction = (1, 0) if dr == 0 else (0, 1) if dc == 0 else (1, 1) if (dr > 0) == (dc > 0) else (1, -1)
        char = _STROKES[tone][direction]
        for k in range(1, steps):
            r, c = round(r0 + dr * k / steps), round(c0 + dc * k / steps)
            if 0 <= r < lines and 0 <= c < grid_width:
                grid[r][c] = (char, _STROKE_STYLES[tone])
    for space in order:
        r = line[space.id]
        start = anchor[space.id] - (room - 1) // 2
        text = cells[space.id]
        style = board.style(space)
        for k, char in enumerate(text):
            c = start + k
            if (r, c) in taken or not 0 <= c < grid_width:
                break
            grid[r][c] = (char, style)
            taken.add((r, c))
        # What comes after a cell is never run into it: a cell longer than its room keeps one space clear.
        if start + len(text) < grid_width and (r, start + len(text)) not in taken and len(text) > room:
            grid[r][start + len(text)] = (" ", ())
    if not links:
        for space in spaces:
            if space.label:
                r = line[space.id] + 1
                start = anchor[space.id] - (room - 1) // 2
                for k, char in enumerate(space.label):
                    if 0 <= start + k < grid_width and grid[r][start + k][0] == " ":
                        grid[r][start + k] = (char, ("dim",))
    drawn = paint.grid(grid)
    if not links:
        drawn = _row_heads(board, spaces, row_of, line, drawn)
    return drawn, notes


def _row_heads(board: _Board, spaces: list[Space], row_of: dict[str, int], line: dict[str, int],
               drawn: list[str]) -> list[str]:
    """``drawn`` with each row whose pieces are all one seat's headed by that seat's name (its panel's title),
    where rows differ by seat (a lane: the other side's cards above, the viewer's below)."""
    titles = {p.owner: p.title for p in board.scene.panels if p.owner is not None}
    heads: dict[int, str] = {}
    for r in set(row_of.values()):
        owners = {p.owner for s in spaces if row_of[s.id] == r for p in board.pieces.get(s.id, [])}
        if len(owners) == 1 and next(iter(owners)) in titles:
            heads[next(line[s.id] for s in spaces if row_of[s.id] == r)] = titles[next(iter(owners))]
    if not heads or len(set(heads.values())) < len(heads) or len(set(row_of.values())) < 2:
        return drawn
    width = max(len(h) for h in heads.values()) + 2
    return [(heads[i] + ":" if i in heads else "").ljust(width) + text for i, text in enumerate(drawn)]


def _area_lines(area: Any, spaces: list[Space], board: _Board, width: int) -> list[str]:
    """One area: its title (a grid has its names instead), its drawing and its notes."""
    paint = board.paint
    lines = [paint(area.title, "bold")] if area.title and area.layout != "grid" else []
    if area.layout == "grid":
        lines += _grid_area(area, spaces, board)
    elif area.layout == "row":
        lines += _row_area(spaces, board)
    else:
        drawn, notes = _free_area(area, spaces, board, width)
        lines += [line for line in drawn] + [INDENT + note for note in notes]
    while lines and not ANSI.sub("", lines[-1]).strip():
        lines.pop()
    return lines


def _side_by_side(blocks: list[list[str]], width: int) -> list[str]:
    """Blocks of lines (areas beside each other on the table) put side by side as far as ``width`` allows,
    the rest below them."""
    out: list[str] = []
    band: list[list[str]] = []

    def flush() -> None:
        if not band:
            return
        widths = [max((visible_len(line) for line in block), default=0) for block in band]
        for i in range(max(len(block) for block in band)):
            row = ""
            for block, w in zip(band, widths, strict=True):
                text = block[i] if i < len(block) else ""
                row += text + " " * (w - visible_len(text) + GUTTER)
            out.append(row.rstrip())
        band.clear()

    used = 0
    for block in blocks:
        w = max((visible_len(line) for line in block), default=0)
        if band and used + GUTTER + w > width:
            flush()
            used = 0
        used += (GUTTER if band else 0) + w
        band.append(block)
    flush()
    return out


def _prose(text: str, width: int, first: str = "", rest: str = INDENT) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest, break_long_words=False,
                         break_on_hyphens=False) or [first.rstrip()]


def scene_text(scene: Scene, paint: Paint | None = None, marks: dict[str, str] | None = None,
               width: int = 80) -> str:
    """Any game's scene as text for a terminal ``width`` characters wide (see the module's docstring).

    ``marks`` (space id -> key entry) are added to the scene's own, and painted where colour is on: what a
    word typed at the prompt names and where its moves go (``focus``).
    """
    paint = paint or Paint(False)
    board = _board(scene, paint, marks)
    lines: list[str] = []
    if scene.status:
        lines += [paint(line, "bold") for line in _prose(scene.status[0], width)]
        for line in scene.status[1:]:
            lines += _prose(line, width)
    band: list[list[str]] = []
    band_y: float | None = None
    for area in scene.areas:
        spaces = [s for s in scene.spaces if s.area == area.id]
        if not spaces:
            continue
        block = _area_lines(area, spaces, board, width)
        if band and (area.y != band_y or area.layout == "grid"):
            lines += _side_by_side(band, width)
            band = []
        band.append(block)
        band_y = area.y
    lines += _side_by_side(band, width)
    for panel in scene.panels:
        chips = " ".join(c.token or c.title for c in panel.chips)
        text = f"{panel.title}: " + "; ".join([*panel.lines, *([chips] if chips else [])])
        lines += _prose(text, width)
    if scene.last:
        told = [m.text for m in scene.last[-6:]]
        if len(told) == 1:
            lines += _prose("Last: " + told[0], width)
        else:
            lines.append("Last:")
            for text in told:
                lines += _prose(text, width, INDENT + "\u00b7 ", INDENT * 2)
    drawn = key_line(scene, board.used)
    if drawn:
        lines += _prose(drawn, width)
    return "\n".join(lines)


def key_line(scene: Scene, used: set[str]) -> str:
    """The key to the glyphs of ``scene``'s key written on its cells (``used``) and in its pieces' tokens, in a
    line (``Key: ● move, ✕ capture.``)."""
    tokens = "".join(p.token for p in scene.pieces)
    parts, seen = [], set()
    for entry in scene.key:
        if not entry.glyph or entry.glyph in seen or entry.look == "arrow":
            continue
        if (entry.look == "piece" and entry.glyph in tokens) or (entry.look != "piece" and entry.glyph in used):
            seen.add(entry.glyph)
            parts.append(f"{entry.glyph} {entry.name}")
    return ("Key: " + ", ".join(parts) + ".") if parts else ""


def key_text(scene: Scene, full: bool = False) -> str:
    """The key to what the text of a game shows: how its tokens read, then every glyph of its key by name,
    and, if ``full``, with what it means."""
    lines = list(scene.token_key)
    tokens = "".join(p.token for p in scene.pieces)
    entries = [k for k in scene.key if k.glyph and k.look != "arrow" and (k.look != "piece" or k.glyph in tokens)]
    if entries and full:
        lines += [f"{k.glyph} {k.name}" + (f": {k.text}" if k.text else "") for k in entries]
    elif entries:
        lines.append("Signs: " + ", ".join(f"{k.glyph} {k.name}" for k in entries) + ".")
    return "\n".join(lines)


# ----- what the seat may do, and what a word names -------------------------------------------------------------
def _verb(notation: str) -> str:
    first = notation.split()[0] if notation.split() else ""
    return first if first.isalpha() and first.islower() else ""


def actions_text(scene: Scene, most: int = 4) -> str:
    """What the seat may do now, in a sentence: each kind of action (by the verb its notation starts with)
    with an example and what it does, how many there are; "" when it has nothing to do."""
    if not scene.actions:
        return ""
    groups: dict[str, list[Action]] = {}
    for action in scene.actions:
        groups.setdefault(_verb(action.notation), []).append(action)
    parts = []
    for verb, actions in groups.items():
        said = []
        for action in actions[:most if len(actions) <= most else 1]:
            words = action.label or action.button
            said.append(f"'{action.notation}'" + (f" \u2013 {words}" if words and words != action.notation else ""))
        text = "; ".join(said)
        if len(actions) > most:
            more = len(actions) - 1
            text += f", and {more} more {'like it' if verb else 'moves'}"
        parts.append(text)
    return "You may: " + "; ".join(parts) + "."


@dataclass(frozen=True)
class Focus:
    """What words typed at the prompt name: a sentence about it, and the spaces to mark (space -> key)."""

    about: str
    marks: dict[str, str]


def _named_space(scene: Scene, word: str, exact: bool) -> tuple[Space | None, list[Piece], bool]:
    """The space ``word`` names, by its id or label, or as the id or token of a piece on it (exact first,
    then, unless ``exact``, with case ignored), with the pieces it names there and whether it named a piece."""
    spaces = {s.id: s for s in scene.spaces}
    ways = (lambda a, b: a == b,) if exact else (lambda a, b: a == b, lambda a, b: a.lower() == b.lower())
    for same in ways:
        for piece in scene.pieces:
            if (same(piece.id, word) or (piece.token and same(piece.token.rstrip("*"), word))) and piece.at in spaces:
                return spaces[piece.at], [piece], True
        for space in scene.spaces:
            if same(space.id, word) or (space.label and same(space.label, word)):
                return space, [p for p in scene.pieces if p.at == space.id], False
    return None, [], False


def focus(scene: Scene, words: list[str], found: list[str]) -> Focus:
    """What ``words`` name on the board and where the moves ``found`` (those naming them) go: the piece or
    space named (its words, as a screen reader hears them), and where each move of two clicks that starts
    there ends (else where each move found of one or two clicks ends), marked with its kind, as a board
    marks a click's next clicks."""
    space, named, a_piece, said = None, [], False, ""
    in_moves = {w for notation in found for w in words_of(notation)}
    for word in words:
        # A word the moves hold as typed names only what it names as typed (Medieval's piece B1 off the map
        # is not the space b1).
        space, named, a_piece = _named_space(scene, word, exact=word in in_moves)
        if space is not None:
            said = word
            break
    records = [a for a in scene.actions if a.notation in set(found) and 0 < len(a.clicks) <= 2]
    if space is not None and any(a.clicks[0] == space.id and len(a.clicks) == 2 for a in records):
        records = [a for a in records if a.clicks[0] == space.id and len(a.clicks) == 2]
    marks: dict[str, str] = {}
    for action in records:
        at = action.clicks[-1]
        if action.kind and (space is None or at != space.id) and \
                _KIND_RANK.get(action.kind, 1) > _KIND_RANK.get(marks.get(at, ""), -1):
            marks[at] = action.kind
    about = ""
    if space is not None:
        where = _space_words(scene, space.id)
        what = "; ".join(p.name or p.title for p in named) or "empty"
        about = f"{said} (on {where}): {what}" if a_piece and where != said else f"{where}: {what}"
        marks.setdefault(space.id, "select")
    keys = {k.key: k for k in scene.key}
    reached = {}
    for at, kind in marks.items():
        if kind != "select":
            reached.setdefault(kind, []).append(at)
    if reached:
        said = []
        for kind, ats in reached.items():
            entry = keys.get(kind)
            names = sorted((_space_words(scene, a) for a in ats), key=_natural)
            where = ", ".join(names) if len(names) <= MOST_NAMED else f"{len(names)} spaces"
            said.append(f"{entry.glyph + ' ' if entry and entry.glyph else ''}{entry.name if entry else kind} "
                        f"{where}")
        about = (about + ". " if about else "") + "Marked: " + "; ".join(said) + "."
    return Focus(about, marks)


def _space_words(scene: Scene, at: str) -> str:
    """A space as a sentence names it: its label, else its id where that is a name (``B1``, not a screen
    reader's "Blue's hand, card 1"), else the tokens of what stands on it."""
    space = next((s for s in scene.spaces if s.id == at), None)
    if space is not None and space.label:
        return space.label
    if not any(c.isspace() for c in at):
        return at
    return " ".join(p.token or p.title for p in scene.pieces if p.at == at) or at


def _natural(name: str) -> tuple:
    """A sort key that puts ``b9`` before ``b10``."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name))


__all__ = ["Focus", "actions_text", "focus", "key_line", "key_text", "matching", "scene_text",
           "visible_len", "words_of", "wrap_moves"]
