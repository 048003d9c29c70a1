"""The SVG renderer: any game's scene as one SVG picture, for the book's pages and the printed sheets.

``to_svg(scene)`` draws the areas and their spaces, the links between spaces, the pieces, the marks and
arrows of the game's key, the status line and, unless ``key=False``, the key under the board: a sample of
each mark the picture shows, with its name. It reads nothing but the scene (``capture_lib.core.scene``),
so it draws every game alike; the colours are ``capture_lib.render.look``'s, shared with the live boards.
``crop`` and ``window`` frame part of a drawn picture (a handout shows a corner of a board; a print-and-play
sheet a tile of it, at a size in mm), changing only its outer frame. ``on_paper`` is what a printed sheet
draws of a scene: the board alone, every space named, nothing that only a screen shows.
"""

from __future__ import annotations

import dataclasses
import math
import re
import textwrap
from html import escape

from capture_lib.core.cards import pretty_card
from capture_lib.core.scene import Area, KeyEntry, Piece, Scene, Space
from capture_lib.render import look
from capture_lib.render.look import FONT, PALETTE

#: The room around a grid for its row and column names, and around any other board.
GRID_MARGIN = 28
MARGIN = 10
#: The key's rows: how many entries a row holds at most, the least width of one, and how tall a row is.
KEY_PER_ROW = 4
KEY_COLUMN = 140
KEY_ROW = 26
_ARROWS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_WALLS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "W": (-1, 0),
          "NW": (-1, -1)}
_GOLD = "#E6B800"


def _text(x: float, y: float, content: str, size: float = 12, fill: str = look.INK, anchor: str = "middle",
          weight: str = "normal", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.3g}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" {FONT} {extra}>{escape(content)}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", width: float = 1, rx: float = 0,
          extra: str = "") -> str:
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx:.3g}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width:.3g}" {extra}/>')


def _defs() -> str:
    """Patterns for the tint marks (stripes, dots) in every key colour, and the arrowheads."""
    parts = ["<defs>"]
    for name, (ring, _) in look.COLOURS.items():
        parts.append(f'<pattern id="cap-hatch-{name}" width="9" height="9" patternUnits="userSpaceOnUse" '
                     f'patternTransform="rotate(45)"><rect width="9" height="9" fill="{ring}" fill-opacity="0.2"/>'
                     f'<rect width="4" height="9" fill="{ring}" fill-opacity="0.55"/></pattern>')
        parts.append(f'<pattern id="cap-dots-{name}" width="9" height="9" patternUnits="userSpaceOnUse">'
                     f'<rect width="9" height="9" fill="{ring}" fill-opacity="0.18"/>'
                     f'<circle cx="4.5" cy="4.5" r="2" fill="{ring}" fill-opacity="0.65"/></pattern>')
        parts.append(f'<marker id="cap-head-{name}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
                     f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{ring}"/>'
                     "</marker>")
    parts.append("</defs>")
    return "".join(parts)


def _space(space: Space) -> str:
    fill = next((look.TONES[t] for t in space.tones if t in look.TONES), "none")
    x, y, w, h = space.x - space.w / 2, space.y - space.h / 2, space.w, space.h
    if space.shape == "square":
        return _rect(x, y, w, h, fill)
    if space.shape == "rock":
        if fill == "none":
            return ""  # a round space of a game's background picture (a rock of a map): the picture draws it
        return (f'<circle cx="{space.x:.1f}" cy="{space.y:.1f}" r="{min(w, h) / 2:.1f}" fill="{fill}" '
                f'stroke="{look.SOFT}" stroke-width="1.5"/>')
    if space.shape == "slot":
        return _rect(x + 3, y + 3, w - 6, h - 6, "none", "#9A9A9A", 1.5, 5, 'stroke-dasharray="5 4"')
    return ""


def _tile(piece: Piece, x: float, y: float, w: float, h: float) -> list[str]:
    """A unit card: edge in its seat's colour, a title bar, its lines, its facing, walls and badges."""
    s = w / 64
    edge, ink = look.seat_colour(piece.owner), look.seat_ink(piece.owner)
    disabled = "disabled" in piece.tones
    out = [_rect(x + 4 * s, y + 4 * s, w - 8 * s, h - 8 * s, "#ffffff", edge, 3 * s, 6 * s,
                 'stroke-dasharray="5 3"' if disabled else ""),
           _rect(x + 4 * s, y + 4 * s, w - 8 * s, 14 * s, ink, "none", rx=4 * s),
           _text(x + w / 2, y + 15 * s, piece.title, 10 * s, "#ffffff", weight="bold")]
    for i, line in enumerate(piece.lines):
        out.append(_text(x + w / 2, y + (32 + 10 * i) * s, line, 9 * s))
    if piece.facing:
        dx, dy = _ARROWS[piece.facing]
        cx, cy = x + w / 2 + dx * 5 * s, y + h - 16 * s + dy * 3 * s
        px, py = -dy, dx
        points = [(cx + dx * 6 * s, cy + dy * 6 * s), (cx - dx * 4 * s + px * 5 * s, cy - dy * 4 * s + py * 5 * s),
                  (cx - dx * 4 * s - px * 5 * s, cy - dy * 4 * s - py * 5 * s)]
        out.append('<polygon points="' + " ".join(f"{a:.1f},{b:.1f}" for a, b in points) + f'" fill="{look.INK}"/>')
    for side in piece.walls:
        bx, by = _WALLS[side]
        ww = 7 * s if bx and by else (26 * s if not bx else 4 * s)
        wh = 7 * s if bx and by else (26 * s if not by else 4 * s)
        out.append(_rect(x + w / 2 + bx * (w / 2 - 5.5 * s) - ww / 2, y + h / 2 + by * (h / 2 - 5.5 * s) - wh / 2,
                         ww, wh, look.COLOURS["grey"][0], "#ffffff", 1))
    for badge in piece.badges:
        if badge.tone == "lock":
            bx, by = x + 7 * s, y + h - 21 * s
            out.append(f'<path d="M{bx + 4 * s:.1f} {by + 6 * s:.1f} v{-3 * s:.1f} a{4 * s:.1f} {4 * s:.1f} 0 0 1 '
                       f'{8 * s:.1f} 0 v{3 * s:.1f}" fill="none" stroke="{look.INK}" stroke-width="{1.5 * s:.2g}"/>')
            out.append(_rect(bx, by + 5 * s, 18 * s, 11 * s, PALETTE["yellow"], look.INK, 1, 2 * s))
            out.append(_text(bx + 9 * s, by + 14 * s, badge.text.lstrip("\U0001f512"), 8 * s, weight="bold"))
        else:
            out.append(_text(x + w - 9 * s, y + h - 9 * s, badge.text, 9 * s, "#8E3A6B", "end", "bold"))
    return out


def _disc(piece: Piece, x: float, y: float, w: float, h: float) -> list[str]:
    cx, cy, r = x + w / 2, y + h / 2, min(w, h) / 2 - 2
    out = []
    if "ringed" in piece.tones:
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r + 4:.1f}" fill="none" stroke="{_GOLD}" '
                   'stroke-width="3.5"/>')
    faded = ' fill-opacity="0.55"' if "faded" in piece.tones else ""
    out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{look.seat_ink(piece.owner)}"{faded} '
               'stroke="#ffffff" stroke-width="2"/>')
    out.append(_text(cx, cy + r * 0.3, piece.title, max(6.0, r * 0.8), "#ffffff", weight="bold"))
    return out


def _card(piece: Piece, x: float, y: float, w: float, h: float) -> list[str]:
    out = []
    inset = 3
    cw, ch = w - 2 * inset, h - 2 * inset
    edge = look.seat_colour(piece.owner) if piece.owner is not None else look.INK
    if "back" in piece.tones:
        out.append(_rect(x + inset, y + inset, cw, ch, look.seat_colour(piece.owner), edge, 1.5, 5))
        out.append(_rect(x + inset + 4, y + inset + 4, cw - 8, ch - 8, "none", "#ffffff", 1, 3,
                         'stroke-opacity="0.6"'))
        if "known" in piece.tones:  # a face-down card whose face the viewer is shown (the teaching view)
            out.append(_text(x + w / 2, y + h / 2 + 8, pretty_card(piece.title), min(15, cw * 0.36), "#ffffff",
                             weight="bold", extra='font-style="italic"'))
    else:
        out.append(_rect(x + inset, y + inset, cw, ch, "#ffffff", edge, 1.5, 5))
        colour = "#C0392B" if "red" in piece.tones else look.INK
        out.append(_text(x + w / 2, y + h / 2 + 6, pretty_card(piece.title), min(17, cw * 0.4), colour, weight="bold"))
    if piece.tag:
        fill = "#ffffff" if "back" in piece.tones else look.SOFT
        out.append(_text(x + inset + 4, y + inset + 11, piece.tag, 9, fill, "start", "bold"))
    for i, line in enumerate(piece.lines):
        out.append(_text(x + w / 2, y + h - inset - 5 - 10 * i, line, 9))
    return out


def _token(piece: Piece, x: float, y: float, w: float, h: float) -> list[str]:
    return [_text(x + w / 2, y + h * 0.75, piece.title, h * 0.8, _GOLD, weight="bold",
                  extra='stroke="#7A5C00" stroke-width="0.8"')]


_LOOKS = {"tile": _tile, "disc": _disc, "card": _card, "token": _token}


def _pieces(scene: Scene, by_id: dict[str, Space]) -> list[str]:
    """Every piece, several on one space laid out side by side (tokens in the space's corner)."""
    out = []
    groups: dict[str, list[Piece]] = {}
    for piece in scene.pieces:
        groups.setdefault(piece.at, []).append(piece)
    for at, pieces in groups.items():
        space = by_id.get(at)
        if space is None:
            continue
        body = [p for p in pieces if p.look != "token"]
        tokens = [p for p in pieces if p.look == "token"]
        n = len(body)
        cols = math.ceil(math.sqrt(n)) if n else 1
        rows = math.ceil(n / cols) if n else 1
        w, h = space.w / cols, space.h / rows
        for i, piece in enumerate(body):
            x = space.x - space.w / 2 + (i % cols) * w
            y = space.y - space.h / 2 + (i // cols) * h
            out += _LOOKS[piece.look](piece, x, y, w, h)
        for i, piece in enumerate(tokens):  # in the top left corner: a mark's glyph takes the top right
            size = space.h * 0.5
            out += _token(piece, space.x - space.w / 2 + size * (i - 0.3), space.y - space.h / 2 - size * 0.3, size,
                          size)
    return out


def _ring(space: Space, entry: KeyEntry) -> list[str]:
    ring, glyph_ink = look.COLOURS.get(entry.colour, look.COLOURS["black"])
    x, y, w, h = space.x - space.w / 2, space.y - space.h / 2, space.w, space.h
    out = []
    if entry.look in look.RINGS:
        width, dash = look.RINGS[entry.look]
        extra = f'stroke-dasharray="{dash}"' if dash else ""
        if space.shape == "rock":
            r = min(w, h) / 2 + 3
            out.append(f'<circle cx="{space.x:.1f}" cy="{space.y:.1f}" r="{r:.1f}" fill="none" stroke="{ring}" '
                       f'stroke-width="{width}" {extra}/>')
        else:
            out.append(_rect(x + 2.5, y + 2.5, w - 5, h - 5, "none", ring, width, 4, extra))
            if entry.look == "double":
                out.append(_rect(x + 5, y + 5, w - 10, h - 10, "none", look.INK, 1, 3))
    elif entry.look == "glow":
        out.append(_rect(x + 1, y + 1, w - 2, h - 2, "none", ring, 5, 6, 'stroke-opacity="0.8"'))
    if entry.glyph:
        gx, gy = (x + w - 9, y + 9) if space.shape != "rock" else (space.x + w / 2, space.y - h / 2)
        out.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="7.5" fill="#ffffff" stroke="{ring}" stroke-width="1"/>')
        out.append(_text(gx, gy + 4, entry.glyph, 11, glyph_ink, weight="bold"))
    return out


def _tint(space: Space, entry: KeyEntry) -> str:
    x, y, w, h = space.x - space.w / 2, space.y - space.h / 2, space.w, space.h
    pattern = f"url(#cap-{'hatch' if entry.look == 'hatch' else 'dots'}-{entry.colour})"
    if space.shape == "rock":
        return f'<circle cx="{space.x:.1f}" cy="{space.y:.1f}" r="{min(w, h) / 2:.1f}" fill="{pattern}"/>'
    return _rect(x + 1, y + 1, w - 2, h - 2, pattern)


def _stopped(points: list[tuple[float, float]], end: Space) -> list[tuple[float, float]]:
    """``points`` with the last one drawn back to the edge of the ``end`` space, so that the arrow's head
    leaves the piece or mark there readable."""
    (x1, y1), (x0, y0) = points[-2], points[-1]
    length = math.hypot(x0 - x1, y0 - y1) or 1.0
    cut = min(length / 2, min(end.w, end.h) / 2)
    return points[:-1] + [(x0 - (x0 - x1) / length * cut, y0 - (y0 - y1) / length * cut)]


def _arrow(points: list[tuple[float, float]], entry: KeyEntry) -> str:
    ring = look.COLOURS.get(entry.colour, look.COLOURS["black"])[0]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return (f'<polyline points="{path}" fill="none" stroke="{ring}" stroke-width="5" stroke-linecap="round" '
            f'stroke-linejoin="round" stroke-opacity="0.85" marker-end="url(#cap-head-{entry.colour})"/>')


def _sample(entry: KeyEntry, x: float, y: float, assets: dict[str, str] | None = None) -> list[str]:
    """A small sample of a key's entry, as the board draws it (a kind of space: the game's picture of it,
    ``assets["key-" + entry.key]``, in a box of 28 units around its centre)."""
    if entry.look == "space":
        picture = (assets or {}).get(f"key-{entry.key}", "")
        return [f'<g transform="translate({x + 11:.1f} {y:.1f}) scale(0.8)">{picture}</g>']
    space = Space("sample", "", x + 11, y, 22, 22, "square", tones=("light",))
    if entry.look in ("hatch", "dots"):
        return [_space(space), _tint(space, entry)]
    if entry.look == "arrow":
        return [_arrow([(x, y), (x + 24, y)], entry)]
    if entry.look == "piece":
        if entry.key == "lock":
            return [_rect(x + 3, y - 5, 14, 10, PALETTE["yellow"], look.INK, 1, 2)]
        if entry.glyph:  # a feature of a piece shown by its sign (a facing arrow, a Crown, a ring)
            ink = look.COLOURS.get(entry.colour, look.COLOURS["black"])[1]
            return [_text(x + 11, y + 6, entry.glyph, 16, ink, weight="bold")]
        return [_rect(x + 4, y - 2, 16, 4, look.COLOURS["grey"][0], "#ffffff", 1)]
    small = Space("sample", "", x + 11, y, 22, 22, "square", tones=("light",))
    # A ring's sample shows the ring alone; a flag is nothing but its glyph.
    glyph = entry.glyph if entry.look == "flag" else ""
    return [_space(small), *_ring(small, KeyEntry(entry.key, entry.name, entry.text, entry.look, entry.colour, glyph))]


def _key(scene: Scene, top: float, width: float, assets: dict[str, str] | None = None) -> tuple[list[str], float]:
    entries = [k for k in scene.key if k.key != "select" or any(m.key == "select" for m in scene.marks)]
    out = []
    per_row = max(1, min(KEY_PER_ROW, int((width - 16) // KEY_COLUMN)))  # a narrow picture: fewer a row
    step = (width - 16) / per_row
    for i, entry in enumerate(entries):
        x = (i % per_row) * step + 8
        y = top + (i // per_row) * KEY_ROW
        out += _sample(entry, x, y, assets)
        out.append(_text(x + 30, y + 4, entry.name, 11, anchor="start"))
    rows = -(-len(entries) // per_row)
    return out, rows * KEY_ROW


def _grid_labels(area: Area, scene: Scene, ox: float, oy: float) -> list[str]:
    out = []
    if not (area.columns or area.rows):
        return out
    cw = area.w / max(1, len(area.columns))
    rh = area.h / max(1, len(area.rows))
    for i, name in enumerate(area.columns):
        x = ox + area.x + cw * (i + 0.5)
        out.append(_text(x, oy + area.y - 8, name, 12, look.SOFT))
        out.append(_text(x, oy + area.y + area.h + 18, name, 12, look.SOFT))
    for i, name in enumerate(area.rows):
        y = oy + area.y + rh * (i + 0.5) + 4
        out.append(_text(ox + area.x - 12, y, name, 12, look.SOFT))
    return out


def _words(text: str, most: int) -> list[str]:
    """``text`` as rows of at most ``most`` characters, broken between words."""
    return textwrap.wrap(text, max(12, most)) or [""]


def _panel_rows(title: str, lines: tuple[str, ...], most: int) -> list[str]:
    """A panel as rows of at most ``most`` characters: its title, then its lines joined by "; ", a row
    broken between lines where it can be (and between words where one line is longer than a row)."""
    rows: list[str] = []
    row = title + (":" if lines else "")
    for line in lines:
        if len(row) + 1 + len(line) <= most:
            row += (" " if row.endswith(":") else "; ") + line
            continue
        rows.append(row + ";" if not row.endswith(":") else row)
        row = "  "
        for word in line.split(" "):
            if len(row) + len(word) + 1 > most and row.strip():
                rows.append(row)
                row = "  "
            row += ("" if row == "  " else " ") + word
    rows.append(row)
    return rows


def on_paper(scene: Scene) -> Scene:
    """What a printed sheet draws of ``scene``: the board, its spaces and pieces, and every space's name (a
    "minor" space's too: paper has no zoom), without what only a screen shows (the status lines, panels,
    marks, arrows, last moves, legal actions and hints)."""
    spaces = tuple(dataclasses.replace(space, tones=tuple(t for t in space.tones if t != "minor"))
                   for space in scene.spaces)
    return dataclasses.replace(scene, spaces=spaces, status=(), panels=(), marks=(), arrows=(), last=(), actions=(),
                               hints=())


def to_svg(scene: Scene, caption: str = "", key: bool = True, assets: dict[str, str] | None = None,
           name_size: float | None = None) -> str:
    """The scene as an SVG document (see the module's docstring); ``assets`` gives the game's background
    pictures by name (``Scene.assets``). ``name_size`` is the size of the spaces' names in the scene's units
    (default: big enough to read once a wide board is printed at a page's width; a sheet that prints the
    board at its real size says its own)."""
    grid = any(a.layout == "grid" for a in scene.areas)
    margin = GRID_MARGIN if grid else MARGIN
    ox = oy = margin
    by_id = {s.id: s for s in scene.spaces}
    keys = {k.key: k for k in scene.key}
    body: list[str] = [_defs()]
    inner: list[str] = []
    for area in scene.areas:
        if area.background and assets and area.background in assets:
            inner.append(assets[area.background])
        elif area.layout != "grid" and area.title:
            inner.append(_text(area.x + 4, area.y + 12, area.title, 11, look.SOFT, "start", "bold"))
    # A background picture draws its area's links itself (a map's trails).
    drawn = {a.id for a in scene.areas if a.background and assets and a.background in assets}
    for link in scene.links:
        a, b = by_id.get(link.a), by_id.get(link.b)
        if a and b and a.area not in drawn:
            inner.append(f'<line x1="{a.x:.1f}" y1="{a.y:.1f}" x2="{b.x:.1f}" y2="{b.y:.1f}" stroke="#8A7A5A" '
                         'stroke-width="3"/>')
    inner += [_space(s) for s in scene.spaces]
    for mark in scene.marks:
        entry, space = keys.get(mark.key), by_id.get(mark.at)
        if entry and space and entry.look in ("hatch", "dots"):
            inner.append(_tint(space, entry))
    inner += _pieces(scene, by_id)
    for mark in scene.marks:
        entry, space = keys.get(mark.key), by_id.get(mark.at)
        if entry and space and entry.look not in ("hatch", "dots"):
            inner += _ring(space, entry)
    for arrow in scene.arrows:
        entry = keys.get(arrow.key)
        spaces = [by_id[p] for p in arrow.path if p in by_id]
        if entry and len(spaces) >= 2:
            inner.append(_arrow(_stopped([(s.x, s.y) for s in spaces], spaces[-1]), entry))
    # Names of spaces: big enough to read once a wide board (a map) is printed at a page's width; a "minor"
    # space's name only where it is marked (a picture has no zoom to show the rest).
    size = name_size or max(10.0, (scene.focus[2] if scene.focus and not grid else scene.width) / 60)
    marked = {m.at for m in scene.marks}
    for space in scene.spaces:
        if space.label and ("minor" not in space.tones or space.id in marked):
            inner.append(_text(space.x, space.y + space.h / 2 + size, space.label, size, look.SOFT,
                               extra=f'stroke="#ffffff" stroke-width="{size / 4:.3g}" stroke-linejoin="round" '
                                     'paint-order="stroke"'))
    board_height = scene.height
    if scene.focus and not grid:
        # A picture about one corner of a wide board shows that corner at the picture's full width.
        fx, fy, fw, fh = scene.focus
        board_height = scene.width * fh / fw
        body.append(f'<svg x="{ox}" y="{oy}" width="{scene.width:g}" height="{board_height:.1f}" '
                    f'viewBox="{fx:g} {fy:g} {fw:g} {fh:g}" overflow="hidden">{"".join(inner)}</svg>')
    else:
        body.append(f'<g transform="translate({ox} {oy})">{"".join(inner)}</g>')
    for area in scene.areas:
        if area.layout == "grid":
            body += _grid_labels(area, scene, ox, oy)
    width = scene.width + 2 * margin
    # The lines under the board, at the size a narrow board's have once a wide one is printed as wide.
    k = max(1.0, scene.width / 640)
    strip: list[str] = []
    inner_width = width / k
    y = (oy + board_height) / k + (30 if grid else 16)
    title = scene.status[0] if scene.status else scene.game
    # Lines longer than the picture is wide are wrapped (a narrow picture: one layout, a diagram).
    if scene.status:
        most = int((inner_width - 16) / (13 * 0.6))
        joined = " \u00b7 ".join(scene.status[:2])
        for row in [joined] if len(joined) <= most else [r for line in scene.status[:2] for r in _words(line, most)]:
            strip.append(_text(inner_width / 2, y, row, 13, weight="bold"))
            y += 18
    for panel in scene.panels:
        ink = look.seat_ink(panel.owner) if panel.owner is not None else look.INK
        for row in _panel_rows(panel.title, panel.lines, int((inner_width - 16) / (11 * 0.58))):
            strip.append(_text(8, y, row, 11, ink, "start"))
            y += 16
    if caption:
        for row in _words(caption, int((inner_width - 16) / (11 * 0.58))):
            strip.append(_text(inner_width / 2, y, row, 11, look.SOFT))
            y += 18
    if key and scene.key:
        parts, rows = _key(scene, y + 12, inner_width, assets)
        strip += parts
        y += rows + 8
    body.append(f'<g transform="scale({k:.4g})">{"".join(strip)}</g>' if k != 1 else "".join(strip))
    height = y * k + 4
    label = f"{scene.game.replace('-', ' ')} board" + (f". {title}" if scene.status else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
            f'height="{height:.0f}" role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>'
            + _rect(0, 0, width, height, PALETTE["paper"]) + "".join(body) + "</svg>")


# ----- framing a drawn picture (the printed sheets show part of a board, at a size in mm) ------------------
_VIEWBOX = re.compile(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"')


def viewbox(svg: str) -> tuple[float, float, float, float]:
    """The ``viewBox`` of an SVG document (x, y, width, height)."""
    found = _VIEWBOX.search(svg)
    if found is None:
        raise ValueError("the picture has no viewBox")
    x, y, w, h = (float(v) for v in found.groups())
    return x, y, w, h


def crop(svg: str, box: tuple[float, float, float, float]) -> str:
    """The part of ``svg`` inside ``box``: left, top, right and bottom as fractions of its width and height.

    Only the picture's frame changes (``viewBox``, ``width``, ``height``): a picture too fine to print whole
    at a legible size shows the part a handout needs.
    """
    x, y, w, h = viewbox(svg)
    left, top, right, bottom = box
    frame = (x + left * w, y + top * h, (right - left) * w, (bottom - top) * h)
    head, rest = svg.split(">", 1)
    head = _VIEWBOX.sub('viewBox="{:g} {:g} {:g} {:g}"'.format(*frame), head, count=1)
    head = re.sub(r'\bwidth="[\d.]+"', f'width="{frame[2]:g}"', head, count=1)
    head = re.sub(r'\bheight="[\d.]+"', f'height="{frame[3]:g}"', head, count=1)
    return head + ">" + rest


def window(svg: str, x: float, y: float, w: float, h: float, width_mm: float) -> str:
    """The part ``(x, y, w, h)`` of the picture ``svg`` (its own units), printed ``width_mm`` wide.

    Only the outer ``<svg>`` tag changes: its view box and its size in mm; the drawing is the renderer's.
    """
    head = re.match(r"<svg\b[^>]*>", svg)
    if head is None:
        raise ValueError("not an SVG picture")
    tag = head.group(0)
    tag = re.sub(r'\sviewBox="[^"]*"', f' viewBox="{x:g} {y:g} {w:g} {h:g}"', tag)
    tag = re.sub(r'\swidth="[^"]*"', f' width="{width_mm:g}mm"', tag)
    tag = re.sub(r'\sheight="[^"]*"', f' height="{width_mm * h / w:g}mm"', tag)
    return tag + svg[head.end():]


def picture_size(svg: str) -> tuple[float, float]:
    """The width and height of a picture's view box."""
    box = re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', svg)
    if box is None:
        raise ValueError("the picture has no view box from 0 0")
    return float(box.group(1)), float(box.group(2))
