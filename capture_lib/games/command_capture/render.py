"""Command Capture as an SVG picture, drawn from a view (an observation, or the full teaching view).

Drawing from the view, never from the state, means a picture shows only what its viewer may see:
an enemy's hidden Assassin is drawn as the infantry it pretends to be.
"""

from __future__ import annotations

from typing import Any

from capture_lib.render import svg

CELL = 64
MARGIN = 28
SHORT = {"Legionnaire": "LEG", "Infantry": "INF", "Cavalry": "CAV", "Chariot": "CHA", "Archer": "ARC",
         "Shield Maiden": "MAID", "Siege": "SIEGE", "Commander": "CMDR", "Fortress": "FORT",
         "Assassin": "ASSN"}
#: Highlight colours by action kind (the widget and the book pass ``highlights``). None is a seat's colour
#: (blue, vermillion), and each kind also has a shape of its own (``MARK_SHAPES``), as on the live board.
MARK_COLOURS = {"move": svg.PALETTE["green"], "capture": "#000000", "ranged": svg.PALETTE["purple"],
                "bash": svg.PALETTE["sky"], "select": svg.PALETTE["yellow"], "blocked": "#5A5A5A"}
#: Each kind's outline (a dash pattern, "" for solid, "double" for two rings), its corner glyph and its name.
MARK_SHAPES = {"move": ("", "\u25cf", "move"), "capture": ("", "\u2715", "capture"),
               "ranged": ("9 5", "\u25ce", "shot"), "bash": ("2 4", "\u21d7", "Shield Bash"),
               "select": ("double", "", "selected unit"), "blocked": ("", "", "blocked side")}
#: Darker shades of the mark colours for a glyph on white, which must read at 4.5:1.
_GLYPH_COLOURS = {"move": "#007A59", "capture": "#000000", "ranged": "#8E3A6B", "bash": "#1F6F9E"}
#: The name bar's colour per seat: Red's is a darker vermillion, so that its white letters read at 4.5:1.
_NAME_BAR = svg.SEAT_INKS
LEGEND_PER_ROW = 4  # marks a row of the key holds
LEGEND_ROW = 26  # the height of a row of the key
_INK_SOFT = svg.INK_SOFT  # labels and captions: 4.5:1 on the paper
_DEFS = ('<defs><pattern id="cmc-aura-command" width="9" height="9" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><rect width="9" height="9" fill="#56B4E9" fill-opacity="0.2"/>'
         '<rect width="4" height="9" fill="#56B4E9" fill-opacity="0.55"/></pattern>'
         '<pattern id="cmc-aura-fortify" width="9" height="9" patternUnits="userSpaceOnUse">'
         '<rect width="9" height="9" fill="#009E73" fill-opacity="0.18"/>'
         '<circle cx="4.5" cy="4.5" r="2" fill="#007857" fill-opacity="0.6"/></pattern></defs>')
_ARROW = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_BLOCK = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "W": (-1, 0),
          "NW": (-1, -1)}


def square_xy(name: str, blue_at_top: bool = False) -> tuple[float, float]:
    """The top-left corner of a square (``"C3"``) in the picture."""
    col = "ABCDEFGH".index(name[0])
    row = int(name[1]) - 1
    y_index = row if blue_at_top else 7 - row
    return MARGIN + col * CELL, MARGIN + y_index * CELL


def _neighbours(name: str) -> list[str]:
    col, row = "ABCDEFGH".index(name[0]), int(name[1]) - 1
    out = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (dc or dr) and 0 <= col + dc < 8 and 0 <= row + dr < 8:
                out.append("ABCDEFGH"[col + dc] + str(row + dr + 1))
    return out


def _unit(body: list[str], u: dict[str, Any], blue_at_top: bool) -> None:
    x, y = square_xy(u["square"], blue_at_top)
    colour = svg.SEAT_COLOURS[u["owner"]]
    disabled = u["kind"] == "Fortress" and u["state"] == "Disabled"
    body.append(svg.rect(x + 4, y + 4, CELL - 8, CELL - 8, "#ffffff", colour, rx=6, width=3,
                         extra='stroke-dasharray="5 3"' if disabled else ""))
    body.append(svg.rect(x + 4, y + 4, CELL - 8, 14, _NAME_BAR[u["owner"] % 2], "none", rx=4))
    body.append(svg.text(x + CELL / 2, y + 15, SHORT[u["kind"]], size=10, fill="#ffffff", weight="bold"))
    body.append(svg.text(x + CELL / 2, y + 32, u["state"], size=9, fill=svg.PALETTE["ink"]))
    dx, dy = _ARROW[u["facing"]]
    if blue_at_top:
        dy = -dy
    if u["kind"] != "Fortress":
        cx, cy = x + CELL / 2 + dx * 5, y + CELL - 16 + dy * 3
        px, py = -dy, dx
        pts = [(cx + dx * 6, cy + dy * 6), (cx - dx * 4 + px * 5, cy - dy * 4 + py * 5),
               (cx - dx * 4 - px * 5, cy - dy * 4 - py * 5)]
        # the facing arrow is in ink, never a seat's colour (see MARK_COLOURS)
        body.append('<polygon class="cmc-facing" points="' + " ".join(f"{a:g},{b:g}" for a, b in pts)
                    + f'" fill="{svg.PALETTE["ink"]}"/>')
    for d in u.get("blocks", ()):
        bx, by = _BLOCK[d]
        if blue_at_top:
            by = -by
        # a grey wall with a white edge on each blocked side (a short corner mark for a diagonal side), on
        # the card's border so that it never covers the unit's name
        w = 7 if bx and by else (26 if not bx else 4)
        hgt = 7 if bx and by else (26 if not by else 4)
        cx = x + CELL / 2 + bx * (CELL / 2 - 5.5) - w / 2
        cy = y + CELL / 2 + by * (CELL / 2 - 5.5) - hgt / 2
        body.append(svg.rect(cx, cy, w, hgt, MARK_COLOURS["blocked"], "#ffffff", width=1,
                             extra='class="cmc-block"'))
    if u.get("lock"):
        _padlock(body, x + 7, y + CELL - 21, f"L{u['lock']}")
    if u.get("hidden"):
        body.append(svg.text(x + CELL - 9, y + CELL - 9, "hidden", size=9, fill="#8E3A6B",
                             anchor="end", weight="bold"))


def _padlock(body: list[str], x: float, y: float, label: str) -> None:
    """A state lock's badge: a padlock (a shackle over a yellow body) with the lock's turn."""
    body.append(f'<g class="cmc-lock"><path d="M{x + 4:g} {y + 6:g} v-3 a4 4 0 0 1 8 0 v3" fill="none" '
                f'stroke="{svg.PALETTE["ink"]}" stroke-width="1.5"/>'
                + svg.rect(x, y + 5, 16, 11, svg.PALETTE["yellow"], svg.PALETTE["ink"], rx=2)
                + svg.text(x + 8, y + 14, label, size=8, weight="bold") + "</g>")


def _mark(body: list[str], x: float, y: float, kind: str) -> None:
    """One highlight over a square: its ring (solid, dashed, dotted or double) and its corner glyph."""
    colour = MARK_COLOURS[kind]
    dash, glyph, _ = MARK_SHAPES[kind]
    if dash == "double":
        body.append(svg.rect(x + 2, y + 2, CELL - 4, CELL - 4, "none", colour, rx=4, width=6,
                             extra=f'class="cmc-mark cmc-mark-{kind}"'))
        body.append(svg.rect(x + 4.5, y + 4.5, CELL - 9, CELL - 9, "none", svg.PALETTE["ink"], rx=3, width=1))
    else:
        extra = f'class="cmc-mark cmc-mark-{kind}"' + (f' stroke-dasharray="{dash}"' if dash else "")
        body.append(svg.rect(x + 2.5, y + 2.5, CELL - 5, CELL - 5, "none", colour, rx=4,
                             width=5 if kind == "capture" else 4, extra=extra))
    if glyph:
        body.append(f'<circle cx="{x + CELL - 9:g}" cy="{y + 9:g}" r="7.5" fill="#ffffff" stroke="{colour}" '
                    'stroke-width="1"/>')
        body.append(svg.text(x + CELL - 9, y + 13, glyph, size=11, fill=_GLYPH_COLOURS[kind], weight="bold"))


def _legend(body: list[str], kinds: list[str], top: float, width: float) -> None:
    """The key under the board: a small sample and the name of each mark the picture shows."""
    per_row = LEGEND_PER_ROW
    step = (width - 16) / per_row
    for i, kind in enumerate(kinds):
        x = (i % per_row) * step + 8
        y = top + (i // per_row) * LEGEND_ROW
        if kind in MARK_SHAPES and kind != "blocked":
            mini = []
            _mark(mini, 0, 0, kind)
            body.append(f'<g transform="translate({x:g} {y - 13:g}) scale(0.38)">{"".join(mini)}</g>')
        elif kind == "blocked":
            body.append(svg.rect(x + 4, y - 12, 14, 4, MARK_COLOURS["blocked"], "#ffffff", width=1))
        elif kind == "lock":
            _padlock(body, x + 2, y - 14, "L")
        elif kind in ("command", "fortify"):
            body.append(svg.rect(x, y - 12, 22, 22, f"url(#cmc-aura-{kind})", "#999999"))
        name = {"blocked": "blocked side", "lock": "state lock", "command": "Command aura",
                "fortify": "Fortify aura"}.get(kind) or MARK_SHAPES[kind][2]
        body.append(svg.text(x + 26, y + 3, name, size=11, anchor="start"))


def to_svg(view: dict[str, Any], highlights: dict[str, str] | None = None, caption: str = "",
           blue_at_top: bool = False) -> str:
    """The board with every unit card, auras, optional highlighted squares and a status line.

    ``highlights`` maps squares (``"C3"``) to one of ``MARK_COLOURS``' kinds. By default Blue's rows are
    at the bottom, the way Blue sees the board; ``blue_at_top`` draws it the way the source text does.
    """
    size = MARGIN * 2 + CELL * 8
    kinds = _legend_kinds(view, highlights or {})
    rows = -(-len(kinds) // LEGEND_PER_ROW)
    height = size + 40 + (rows * LEGEND_ROW + 6 if kinds else 0)
    body: list[str] = [_DEFS]
    for r in range(8):
        for c in range(8):
            name = "ABCDEFGH"[c] + str(r + 1)
            x, y = square_xy(name, blue_at_top)
            light = (r + c) % 2 == 1
            body.append(svg.rect(x, y, CELL, CELL, "#EFE6D2" if light else "#C9B68F"))
    for i in range(8):
        x, _ = square_xy("ABCDEFGH"[i] + "1", blue_at_top)
        body.append(svg.text(x + CELL / 2, MARGIN - 8, "ABCDEFGH"[i], size=12, fill=_INK_SOFT))
        body.append(svg.text(x + CELL / 2, MARGIN + 8 * CELL + 18, "ABCDEFGH"[i], size=12,
                             fill=_INK_SOFT))
        _, y = square_xy("A" + str(i + 1), blue_at_top)
        body.append(svg.text(MARGIN - 10, y + CELL / 2 + 4, str(i + 1), size=12, fill=_INK_SOFT))
    # auras: the Command aura (bonus action) and the Fortify aura (immunity) around each Commander
    for u in view["units"]:
        if u["kind"] == "Commander":
            # a striped tint for the Command aura, a dotted one for Fortify: they differ by shape too
            fill = "url(#cmc-aura-command)" if u["state"] == "Command" else "url(#cmc-aura-fortify)"
            for n in _neighbours(u["square"]):
                x, y = square_xy(n, blue_at_top)
                body.append(svg.rect(x + 1, y + 1, CELL - 2, CELL - 2, fill, "none"))
    for u in view["units"]:
        _unit(body, u, blue_at_top)
    # outlines drawn over the unit cards, so a marked enemy unit stays visible as a target
    for name, kind in (highlights or {}).items():
        x, y = square_xy(name, blue_at_top)
        _mark(body, x, y, kind)
    players = view["players"]
    if view["over"]:
        status = ("Game over: draw" if not view["winners"]
                  else f"Game over: {players[view['winners'][0]]} wins")
    elif view["to_move"] is None or view["to_move"] < 0:
        status = "Set-up: chance places the Assassins"
    else:
        who = players[view["to_move"]]
        status = f"Turn {view['turn']}: {who} to act" if view["phase"] == "play" else f"Set-up: {who}"
        if view.get("follow_up"):
            status += f" (extra action for {view['follow_up']})"
    civs = view["civilizations"]
    line = f"Blue {civs[0]} vs Red {civs[1]} · {status}"
    if view.get("timed"):
        clock = view["clock"]
        line += (f" · score {view['scores'][0]:g}-{view['scores'][1]:g} · game {clock['game_seconds']:g}s"
                 f" turn {clock['turn_seconds']:g}s" + (" · sudden death" if clock["sudden_death"] else ""))
    body.append(svg.text(size / 2, size + 14, line, size=13, weight="bold"))
    if caption:
        body.append(svg.text(size / 2, size + 32, caption, size=11, fill=_INK_SOFT))
    if kinds:
        _legend(body, kinds, size + 58, size)
    return svg.document(size, height, body, f"Command Capture board. {line}")


def _legend_kinds(view: dict[str, Any], highlights: dict[str, str]) -> list[str]:
    """The kinds of mark a picture shows, in the key's order: it names only what is on the board."""
    shown = set(highlights.values())
    for u in view["units"]:
        if u.get("blocks"):
            shown.add("blocked")
        if u.get("lock"):
            shown.add("lock")
        if u["kind"] == "Commander":
            shown.add("command" if u["state"] == "Command" else "fortify")
    order = ["select", "move", "capture", "ranged", "bash", "blocked", "lock", "command", "fortify"]
    return [kind for kind in order if kind in shown]


def action_marks(state: Any, square: str) -> dict[str, str]:
    """The squares the unit on ``square`` may act on now, by kind (for ``highlights``).

    Only the side to act has actions; a square reachable in two ways shows the stronger mark
    (a capture over a shot over a bash over a move).
    """
    rank = {"move": 0, "bash": 1, "ranged": 2, "capture": 3}
    marks: dict[str, str] = {square: "select"}
    for a in state.legal_actions():
        text = str(a)
        if len(text) == 5 and text.startswith(square) and a.kind in rank:
            target = text[3:]
            if target not in marks or rank[a.kind] > rank.get(marks[target], -1):
                marks[target] = a.kind
    return marks


class Picture:
    """An SVG picture that notebooks display (``_repr_svg_``), with its text for tests."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_svg_(self) -> str:
        return self.text


def show_unit(state: Any, square: str, caption: str = "") -> Picture:
    """The whole board as everyone sees it in teaching, with the unit on ``square``'s actions marked (green
    rings and dots for moves, black rings and crosses for melee captures, purple dashed rings for shots, sky-blue
    dotted rings for bashes) and a key under it."""
    marks = action_marks(state, square)
    return Picture(to_svg(state.view(None, everything=True), highlights=marks, caption=caption))


_FACING_MARKS = {"N": "^", "E": ">", "S": "v", "W": "<"}


def to_text(view: dict[str, Any]) -> str:
    """The board as plain text for the terminal game, from the same view as the picture.

    Each unit is written as in the position text: its letter (capitals Blue, small letters Red), ``+``
    for its second state, ``!`` for a revealed Assassin, its facing and ``#n`` for a State Lock; a hidden
    Assassin of the viewer's own side is marked ``*``.
    """
    at = {u["square"]: u for u in view["units"]}
    lines = ["     " + "".join(f"{c:<6}" for c in "ABCDEFGH")]
    for row in range(8, 0, -1):
        cells = []
        for col in "ABCDEFGH":
            u = at.get(f"{col}{row}")
            if u is None:
                cells.append(".")
                continue
            letter = u["letter"] if u["owner"] == 0 else u["letter"].lower()
            token = letter + u.get("mark", "") + _FACING_MARKS[u["facing"]]
            if u.get("hidden"):
                token += "*"
            if u.get("lock"):
                token += f"#{u['lock']}"
            cells.append(token)
        lines.append(f"  {row}  " + "".join(f"{c:<6}" for c in cells).rstrip())
    lines.append(text_status(view))
    return "\n".join(lines)


def text_status(view: dict[str, Any]) -> str:
    """The armies and whose turn it is, as plain text (and the points and clocks in Timed Mode)."""
    players = view["players"]
    if view["over"]:
        status = "game over: draw" if not view["winners"] else f"game over: {players[view['winners'][0]]} wins"
    elif view["to_move"] is None or view["to_move"] < 0:
        status = "set-up: chance places the Assassins"
    else:
        status = f"turn {view['turn']}, {players[view['to_move']]} to act"
        if view.get("phase") == "setup":
            status += " (set-up)"
        if view.get("follow_up"):
            status += f" (an extra action for the unit on {view['follow_up']}, or 'end')"
    civs = view["civilizations"]
    text = f"Blue {civs[0]} vs Red {civs[1]}; {status}"
    if view.get("timed"):
        clock = view["clock"]
        text += (f"\npoints {view['scores'][0]:g}-{view['scores'][1]:g}; game clock {clock['game_seconds']:g} s, "
                 f"turn timer {clock['turn_seconds']:g} s" + ("; sudden death" if clock["sudden_death"] else ""))
    return text
