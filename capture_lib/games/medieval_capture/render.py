"""Capture: A Medieval Wargame as an SVG picture, drawn from a view (an observation or the teaching view).

Drawing from the view, never from the state, means a picture shows only what its viewer may see: the
Knight ring appears on a piece only when the view says which piece is the Knight.
"""

from __future__ import annotations

import random
from functools import lru_cache
from html import escape
from typing import Any

from capture_lib.games.medieval_capture.rules.board import BOARD, Board
from capture_lib.games.medieval_capture.rules.catapult import spot_xy

#: the sides as the observation names them
SIDES = ("blue", "red")

BLUE, RED = "#0072B2", "#D55E00"
#: The pieces' fill: Red's a darker vermillion, so that the white name on a piece reads at 4.5:1.
SIDE_COLOURS = {"blue": BLUE, "red": "#B34700"}
GOLD = "#E6B800"
STONE, STONE_EDGE = "#DAD3C3", "#6B6256"
WATER, WATER_EDGE = "#8CC8EC", "#3C8DBC"
TRAIL = "#B9AB8F"
WOOD = "#8B5A2B"
INK = "#222222"
FONT = "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\""
STRIP = 110  # the information strip under the board
LEGEND = 64  # the key to the kinds of space, when asked for


def _text(x: float, y: float, content: str, size: float = 12, fill: str = INK, anchor: str = "middle",
          weight: str = "normal", extra: str = "") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" {FONT} {extra}>{escape(content)}</text>')


def _seg_distance(px: float, py: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    cx, cy = ax + t * dx, ay + t * dy
    return ((px - cx) ** 2 + (py - cy) ** 2) ** 0.5


@lru_cache(maxsize=4)
def _forest(board: Board) -> tuple[tuple[float, float, float], ...]:
    """Tree positions that keep clear of spaces, trails and water (fixed: the same picture every time)."""
    rng = random.Random(1187)
    segments = [(board.xy[i], board.xy[j]) for i, adj in enumerate(board.adjacent) for j, _ in adj if i < j]
    for river in board.rivers:
        course = river["course"]
        segments += [(tuple(a), tuple(b)) for a, b in zip(course, course[1:], strict=False)]
    trees = []
    for _ in range(2600):
        x = rng.uniform(14, board.width - 14)
        y = rng.uniform(14, board.height - 14)
        if abs(x - board.border_x) < 8 or (y < 58 and abs(abs(x - board.border_x) - board.border_x / 2) < 130):
            continue  # keep the border and the territory names clear
        if any(((x - lake["cx"]) / (lake["rx"] + 16)) ** 2 + ((y - lake["cy"]) / (lake["ry"] + 16)) ** 2 < 1
               for lake in board.lakes):
            continue
        if any((x - sx) ** 2 + (y - sy) ** 2 < 32 ** 2 for sx, sy in board.xy):
            continue
        if any(_seg_distance(x, y, a, b) < 24 for a, b in segments):
            continue
        if any((x - tx) ** 2 + (y - ty) ** 2 < 15 ** 2 for tx, ty, _ in trees):
            continue
        trees.append((round(x, 1), round(y, 1), round(rng.uniform(7, 11), 1)))
    return tuple(trees)


#: One tree, drawn once in the picture's definitions and placed many times (keeps the picture small).
TREE_DEF = ('<defs><g id="mc-tree"><circle cx="0" cy="3" r="9" fill="#2E6B3A"/>'
            '<circle cx="-3" cy="0" r="7" fill="#3F8A4C"/><circle cx="2" cy="-2" r="4.5" fill="#5FA463"/></g></defs>')


def _tree(x: float, y: float, r: float) -> str:
    return f'<use href="#mc-tree" transform="translate({x:.0f} {y:.0f}) scale({r / 9:.2f})"/>'


def _smooth(points: tuple) -> str:
    """A smooth path through ``points`` (quadratic curves between midpoints)."""
    pts = [tuple(p) for p in points]
    d = f"M{pts[0][0]:g},{pts[0][1]:g}"
    for (x1, y1), (x2, y2) in zip(pts[1:-1], pts[2:], strict=False):
        d += f" Q{x1:g},{y1:g} {(x1 + x2) / 2:g},{(y1 + y2) / 2:g}"
    d += f" L{pts[-1][0]:g},{pts[-1][1]:g}"
    return d


def _crown(x: float, y: float, size: float = 1.0, fill: str = GOLD) -> str:
    s = size
    pts = [(-10, 6), (-10, -4), (-5, 1), (0, -8), (5, 1), (10, -4), (10, 6)]
    path = " ".join(f"{x + px * s:g},{y + py * s:g}" for px, py in pts)
    return f'<polygon points="{path}" fill="{fill}" stroke="#7A5C00" stroke-width="1.2"/>'


def _space(board: Board, i: int) -> str:
    x, y = board.xy[i]
    kind = board.kind[i]
    if kind == "boat":
        return (f'<path d="M{x - 15:g},{y - 3:g} L{x + 15:g},{y - 3:g} L{x + 9:g},{y + 7:g} L{x - 9:g},{y + 7:g} Z" '
                f'fill="{WOOD}" stroke="#4A2F12" stroke-width="1.2"/>'
                f'<line x1="{x:g}" y1="{y - 3:g}" x2="{x:g}" y2="{y - 17:g}" stroke="#4A2F12" stroke-width="1.5"/>'
                f'<path d="M{x + 1:g},{y - 16:g} L{x + 10:g},{y - 6:g} L{x + 1:g},{y - 6:g} Z" fill="#F4EBD0"/>')
    if kind == "cathedral":
        return (f'<rect x="{x - 34:g}" y="{y - 22:g}" width="68" height="50" fill="#EFE6D2" stroke="{INK}" '
                f'stroke-width="2" rx="3"/>'
                f'<path d="M{x - 40:g},{y - 20:g} L{x:g},{y - 52:g} L{x + 40:g},{y - 20:g} Z" fill="#9C4A3C" '
                f'stroke="{INK}" stroke-width="2"/>'
                f'<line x1="{x:g}" y1="{y - 52:g}" x2="{x:g}" y2="{y - 70:g}" stroke="{INK}" stroke-width="3"/>'
                f'<line x1="{x - 7:g}" y1="{y - 63:g}" x2="{x + 7:g}" y2="{y - 63:g}" stroke="{INK}" stroke-width="3"/>'
                f'<path d="M{x - 8:g},{y + 28:g} L{x - 8:g},{y + 12:g} Q{x:g},{y + 2:g} {x + 8:g},{y + 12:g} '
                f'L{x + 8:g},{y + 28:g} Z" fill="#5B3A1E"/>'
                + _text(x, y + 46, "Cathedral (c)", 12, INK, weight="bold"))
    if kind == "dungeon":
        bars = "".join(f'<line x1="{x + dx:g}" y1="{y - 22:g}" x2="{x + dx:g}" y2="{y + 22:g}" stroke="#BBB" '
                       f'stroke-width="2"/>' for dx in (-12, -4, 4, 12))
        return (f'<rect x="{x - 22:g}" y="{y - 26:g}" width="44" height="52" rx="4" fill="#2B2B2B" '
                f'stroke="{INK}" stroke-width="2"/>{bars}'
                + _text(x, y + 40, f"dungeon ({board.ids[i]})", 10, INK))
    fill = STONE
    parts = []
    if kind == "bridge":
        parts.append(f'<rect x="{x - 13:g}" y="{y - 24:g}" width="26" height="48" rx="3" fill="{WOOD}" '
                     f'stroke="#4A2F12" stroke-width="1.5"/>')
        parts += [f'<line x1="{x - 13:g}" y1="{y + dy:g}" x2="{x + 13:g}" y2="{y + dy:g}" stroke="#4A2F12"/>'
                  for dy in (-16, -8, 8, 16)]
    if kind == "crown":
        fill = "#F6E7A1"
    parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="15" fill="{fill}" stroke="{STONE_EDGE}" stroke-width="1.6"/>')
    if kind == "crown":
        parts.append(_crown(x, y + 1, 0.8, "none").replace('stroke="#7A5C00"', 'stroke="#B08D00"'))
    elif kind == "knight":
        parts.append(_text(x, y + 6, "♞", 17, "#4B3B2A"))
    elif kind == "treasure":
        parts.append(f'<rect x="{x - 8:g}" y="{y - 5:g}" width="16" height="11" rx="2" fill="#A0522D" '
                     f'stroke="#5A2D0C"/><rect x="{x - 8:g}" y="{y - 5:g}" width="16" height="4" fill="{GOLD}"/>')
    parts.append(_text(x, y + 27, board.ids[i], 9, "#4A4A4A"))
    return "".join(parts)


@lru_cache(maxsize=4)
def board_svg_body(board: Board = BOARD) -> str:
    """The empty board (territories, forest, water, trails, spaces), drawn once and reused."""
    w, h, bx = board.width, board.height, board.border_x
    parts = [f'<rect x="0" y="0" width="{w:g}" height="{h:g}" fill="#CFE0BE"/>',
             f'<rect x="0" y="0" width="{bx:g}" height="{h:g}" fill="{BLUE}" fill-opacity="0.13"/>',
             f'<rect x="{bx:g}" y="0" width="{w - bx:g}" height="{h:g}" fill="{RED}" fill-opacity="0.13"/>',
             f'<rect x="0" y="0" width="12" height="{h:g}" fill="{BLUE}"/>',
             f'<rect x="{w - 12:g}" y="0" width="12" height="{h:g}" fill="{RED}"/>',
             f'<line x1="{bx:g}" y1="0" x2="{bx:g}" y2="{h:g}" stroke="{INK}" stroke-width="2" '
             f'stroke-dasharray="10 7" stroke-opacity="0.55"/>',
             _text(bx / 2, 40, "BLUE TERRITORY", 20, BLUE, weight="bold", extra='letter-spacing="3"'),
             _text(bx + (w - bx) / 2, 40, "RED TERRITORY", 20, RED, weight="bold", extra='letter-spacing="3"')]
    parts += [TREE_DEF] + [_tree(x, y, r) for x, y, r in _forest(board)]
    for river in board.rivers:
        d = _smooth(river["course"])
        parts.append(f'<path d="{d}" fill="none" stroke="{WATER_EDGE}" stroke-width="34" stroke-linecap="round"/>')
        parts.append(f'<path d="{d}" fill="none" stroke="{WATER}" stroke-width="28" stroke-linecap="round"/>')
    for lake in board.lakes:
        parts.append(f'<ellipse cx="{lake["cx"]:g}" cy="{lake["cy"]:g}" rx="{lake["rx"]:g}" ry="{lake["ry"]:g}" '
                     f'fill="{WATER}" stroke="{WATER_EDGE}" stroke-width="3"/>')
    for i, adj in enumerate(board.adjacent):
        for j, kind in adj:
            if i > j:
                continue
            (x1, y1), (x2, y2) = board.xy[i], board.xy[j]
            if kind == "trail":
                parts.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{TRAIL}" '
                             f'stroke-width="9" stroke-linecap="round"/>')
            elif kind == "dock":
                parts.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{WOOD}" '
                             f'stroke-width="5" stroke-dasharray="5 3"/>')
            elif kind == "dungeon":
                parts.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#444" '
                             f'stroke-width="4" stroke-dasharray="2 4"/>')
            else:  # river or lake: the boat route, faint
                parts.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#FFFFFF" '
                             f'stroke-width="2" stroke-dasharray="6 6" stroke-opacity="0.8"/>')
    parts += [_space(board, i) for i in range(len(board.ids))]
    # One font declaration for the whole board rather than one per label.
    return f"<g {FONT}>" + "".join(parts).replace(f" {FONT}", "") + "</g>"


def _piece(x: float, y: float, name: str, side: str, knight: bool, faded: bool = False, r: float = 13) -> str:
    colour = SIDE_COLOURS[side]
    opacity = ' fill-opacity="0.55"' if faded else ""
    ring = (f'<circle cx="{x:g}" cy="{y:g}" r="{r + 4:g}" fill="none" stroke="{GOLD}" stroke-width="3.5"/>'
            if knight else "")
    return (f'{ring}<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{colour}"{opacity} stroke="#FFFFFF" '
            f'stroke-width="2"/>' + _text(x, y + 4, name, 10 if r >= 12 else 8, "#FFFFFF", weight="bold"))


def _cluster(cx: float, cy: float, n: int, spacing: float = 24) -> list[tuple[float, float]]:
    """Positions for ``n`` pieces around a point (the Cathedral holds many)."""
    cols = 4
    out = []
    for k in range(n):
        row, col = divmod(k, cols)
        width = min(n - row * cols, cols)
        out.append((cx + (col - (width - 1) / 2) * spacing, cy + row * spacing))
    return out


def _legend(y: float, w: float) -> str:
    """A key to every kind of space, drawn in a band under the information strip."""
    parts = [f'<rect x="0" y="{y:g}" width="{w:g}" height="{LEGEND}" fill="#FFFFFF"/>']
    items = [("crown", "Crown space"), ("knight", "Knight space"), ("treasure", "treasure space"),
             ("rock", "rock"), ("bridge", "bridge"), ("boat", "boat"), ("dungeon", "dungeon")]
    x = 40.0
    for kind, label in items:
        fake = Board(name="", width=w, height=y, border_x=0, ids=("",), xy=((x, y + 34),), kind=(kind,),
                     territory=(0,), adjacent=((),), rivers=(), lakes=(), cathedral=0, dungeon=(0, 0),
                     crowns=((), ()))
        sketch = _space(fake, 0)
        if kind == "dungeon":  # drawn smaller, and without its name
            sketch = (f'<g transform="translate({x:g} {y + 34:g}) scale(0.55) translate({-x:g} {-(y + 34):g})">'
                      + sketch.split("<text")[0] + "</g>")
        parts.append(sketch)
        parts.append(_text(x + 24, y + 39, label, 12, INK, "start"))
        x += 40 + 7.2 * len(label) + 30
    return "".join(parts)


def to_svg(view: dict[str, Any], highlight: tuple[str, ...] | list[str] = (), caption: str = "",
           landing: str | None = None, board: Board = BOARD, legend: bool = False) -> str:
    """The board with the pieces and Crowns of ``view``, the dice, hands and prisoners beneath it.

    ``highlight`` rings spaces (a widget's reachable spaces); ``landing`` marks where a boulder fell;
    ``legend`` adds a key to every kind of space.
    """
    w, h = board.width, board.height
    body = [board_svg_body(board)]
    for sid in highlight:
        if board.has(sid):
            x, y = board.xy[board.index(sid)]
            body.append(f'<circle cx="{x:g}" cy="{y:g}" r="21" fill="{GOLD}" fill-opacity="0.35" stroke="{GOLD}" '
                        f'stroke-width="3"/>')
    for sid, colour in ((view.get("aim"), "#000000"), (landing, "#C0392B")):
        if sid and board.has(sid):
            x, y = board.xy[board.index(sid)]
            body.append(f'<circle cx="{x:g}" cy="{y:g}" r="70" fill="none" stroke="{colour}" stroke-width="2" '
                        f'stroke-dasharray="6 4"/><line x1="{x - 12:g}" y1="{y:g}" x2="{x + 12:g}" y2="{y:g}" '
                        f'stroke="{colour}" stroke-width="2"/><line x1="{x:g}" y1="{y - 12:g}" x2="{x:g}" '
                        f'y2="{y + 12:g}" stroke="{colour}" stroke-width="2"/>')
    # A boulder in the air: its flight from the catapult's spot behind the shooter's back edge to the aim
    # (the catapult stands off the board; the picture shows its spot on the edge).
    if view.get("aim") and view.get("spot") and board.has(view["aim"]):
        (ax, ay), (sx, sy) = board.xy[board.index(view["aim"])], spot_xy(SIDES.index(view["side"]), view["spot"], board)
        sx = min(max(sx, 14.0), w - 14.0)
        body.append(f'<line x1="{sx:g}" y1="{sy:g}" x2="{ax:g}" y2="{ay:g}" stroke="#000000" stroke-width="2" '
                    f'stroke-dasharray="8 6"/><rect x="{sx - 12:g}" y="{sy - 12:g}" width="24" height="24" rx="4" '
                    f'fill="{GOLD}" stroke="#111" stroke-width="2"/><text x="{sx:g}" y="{sy + 5:g}" font-size="13" '
                    f'text-anchor="middle" font-weight="bold">{view["spot"]}</text>')
    # Crowns lying on the board.
    for crown in view["crowns"]:
        if crown["where"] != "captured" and "carried_by" not in crown and board.has(crown["where"]):
            x, y = board.xy[board.index(crown["where"])]
            body.append(_crown(x, y - 20, 0.9, GOLD))
    cathedral = [p for p in view["pieces"] if p["where"] == "c"]
    for p in view["pieces"]:
        where = p["where"]
        if where == "c" or not board.has(where):
            continue
        x, y = board.xy[board.index(where)]
        body.append(_piece(x, y, p["id"], p["side"], bool(p.get("knight")), faded=p.get("moved", False)))
    cx, cy = board.xy[board.cathedral]
    for (x, y), p in zip(_cluster(cx, cy - 6, len(cathedral), 20), cathedral, strict=True):
        body.append(_piece(x, y, p["id"], p["side"], bool(p.get("knight")), r=9))
    for crown in view["crowns"]:
        if "carried_by" in crown and board.has(crown["where"]):
            x, y = board.xy[board.index(crown["where"])]
            body.append(_crown(x + 13, y - 14, 0.6, GOLD))
    # Prisoners beside the dungeon that holds them.
    for side, dungeon in (("blue", "rd"), ("red", "bd")):
        prisoners = [p for p in view["pieces"] if p["side"] == side and p["where"] == "prisoner"]
        x, y = board.xy[board.index(dungeon)]
        for k, p in enumerate(prisoners):
            px = x + (34 if dungeon == "bd" else -34)
            body.append(_piece(px, y - 60 + 20 * k, p["id"], side, bool(p.get("knight")), r=8))
    body.append(_strip(view, w, h))
    title = _title(view)
    if caption:
        body.append(_text(w / 2, h + STRIP - 8, caption, 12, "#555555"))
    total_h = h + STRIP
    if legend:
        body.append(_legend(total_h, w))
        total_h += LEGEND
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:g} {total_h:g}" width="{w:g}" '
            f'height="{total_h:g}" role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
            + "".join(body) + "</svg>")


def _title(view: dict[str, Any]) -> str:
    caps = view["crowns_captured"]
    if view["over"]:
        who = " and ".join(view["players"][s % 2] for s in view["winners"][:1]) or "nobody"
        return f"Capture board, game over: {who} wins; Crowns captured Blue {caps[0]}, Red {caps[1]}"
    return (f"Capture board, {view['side'].capitalize()} to play ({view['phase']}); "
            f"Crowns captured Blue {caps[0]}, Red {caps[1]}")


def _die(x: float, y: float, value: int | None, fill: str, ink: str, label: str) -> str:
    shown = "–" if value is None else str(value)
    return (f'<rect x="{x:g}" y="{y:g}" width="38" height="38" rx="7" fill="{fill}" stroke="{INK}" '
            f'stroke-width="1.5"/>' + _text(x + 19, y + 26, shown, 20, ink, weight="bold")
            + _text(x + 19, y + 52, label, 10, "#444444"))


def _strip(view: dict[str, Any], w: float, h: float) -> str:
    parts = [f'<rect x="0" y="{h:g}" width="{w:g}" height="{STRIP}" fill="#F4EFE3"/>',
             f'<line x1="0" y1="{h:g}" x2="{w:g}" y2="{h:g}" stroke="{INK}" stroke-width="2"/>']
    dice = view.get("dice") or {}
    parts.append(_die(24, h + 14, dice.get("white"), "#FFFFFF", INK, "white"))
    parts.append(_die(72, h + 14, dice.get("black"), "#222222", "#FFFFFF", "black"))
    y = h + 26
    if view["over"]:
        status = "Game over: " + (view["players"][view["winners"][0] % 2] + " wins" if view["winners"] else "draw")
    else:
        status = f"{view['side'].capitalize()} to play: {view['phase']}"
        if view["phase"] == "move":
            status += f", {view['moves_left']} moves left, {view['shots']} shots"
        if view.get("card"):
            status += f", card {view['card']}"
    parts.append(_text(130, y, status, 14, INK, "start", "bold"))
    caps = view["crowns_captured"]
    for k, (side, colour) in enumerate((("blue", BLUE), ("red", SIDE_COLOURS["red"]))):
        pieces = [p for p in view["pieces"] if p["side"] == side]
        count = {key: sum(1 for p in pieces if p["where"] == key) for key in ("reserve", "dead", "prisoner")}
        on_board = len(pieces) - sum(count.values())
        hand = view["hand_sizes"][k]
        text = (f"{side.capitalize()}: {on_board} on the board, {count['reserve']} in reserve, "
                f"{count['prisoner']} prisoners, {count['dead']} dead; {hand} cards; Crowns captured {caps[k]}")
        parts.append(_text(130, y + 24 + 22 * k, text, 13, colour, "start", "bold"))
        for n in range(caps[k]):
            parts.append(_crown(w - 150 + 26 * n, y + 18 + 22 * k, 0.7, GOLD))
    if view.get("hand"):
        parts.append(_text(w - 20, y, "your cards: " + " ".join(view["hand"]), 12, INK, "end"))
    return "".join(parts)


def to_text(view: dict[str, Any]) -> str:
    """The position as plain text for the terminal game, from the same view as the picture."""
    caps = view["crowns_captured"]
    lines = [_title(view).replace("Capture board, ", "")]
    dice = view.get("dice")
    if dice:
        lines.append(f"dice: white {dice['white']}, black {dice['black']}; moves left {view['moves_left']}, "
                     f"shots {view['shots']}" + (f"; card in play {view['card']}" if view.get("card") else ""))
    for side, seat in (("blue", 0), ("red", 1)):
        pieces = [p for p in view["pieces"] if p["side"] == side]
        placed = " ".join(f"{p['id']}{'*' if p.get('knight') else ''}={p['where']}" for p in pieces
                          if p["where"] != "reserve")
        reserve = sum(1 for p in pieces if p["where"] == "reserve")
        hand = view["hands"][seat] if view.get("hands") else None
        cards = ", ".join(hand) if hand is not None else f"{view['hand_sizes'][seat]} hidden"
        lines.append(f"{side.capitalize()}: {placed or 'no pieces placed'}; {reserve} in reserve; "
                     f"cards: {cards or 'none'}; Crowns captured {caps[seat]}")
    crowns = []
    for crown in view["crowns"]:
        where = crown["where"] + (f" (carried by {crown['carried_by']})" if "carried_by" in crown else "")
        crowns.append(f"{crown['side']} {crown['home']}: {where}")
    lines.append("Crowns: " + "; ".join(crowns))
    if view["log"]:
        lines.append("last: " + " | ".join(view["log"][-4:]))
    lines.append("(* marks your Knight; spaces b1-b51 are Blue's, r1-r51 Red's, c the Cathedral)")
    return "\n".join(lines)


def script_constants() -> str:
    """The board's picture and geometry as JavaScript constants, put in front of the board's module."""
    import json

    xy = {sid: [round(x), round(y)] for sid, (x, y) in zip(BOARD.ids, BOARD.xy, strict=True)}
    kinds = dict(zip(BOARD.ids, BOARD.kind, strict=True))
    territory = dict(zip(BOARD.ids, BOARD.territory, strict=True))
    return (f"const MC_BOARD_SVG = {json.dumps(board_svg_body(BOARD))};\n"
            f"const MC_XY = {json.dumps(xy)};\nconst MC_KIND = {json.dumps(kinds)};\n"
            f"const MC_TERRITORY = {json.dumps(territory)};\n")
