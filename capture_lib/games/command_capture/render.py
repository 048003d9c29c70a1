"""Command Capture as an SVG picture, drawn from a view (an observation, or the full teaching view).

Drawing from the view, never from the state, means a picture shows only what its viewer may see:
an enemy's hidden Assassin is drawn as the infantry it pretends to be.
"""

from __future__ import annotations

from typing import Any

from capture_lib.core import svg

CELL = 64
MARGIN = 28
SHORT = {"Legionnaire": "LEG", "Infantry": "INF", "Cavalry": "CAV", "Chariot": "CHA", "Archer": "ARC",
         "Shield Maiden": "MAID", "Siege": "SIEGE", "Commander": "CMDR", "Fortress": "FORT",
         "Assassin": "ASSN"}
#: Highlight colours by action kind (the widget and the book pass ``highlights``).
MARK_COLOURS = {"move": svg.PALETTE["green"], "capture": svg.PALETTE["red"], "ranged": svg.PALETTE["orange"],
                "bash": svg.PALETTE["purple"], "select": svg.PALETTE["yellow"], "blocked": svg.PALETTE["muted"]}
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
    body.append(svg.rect(x + 4, y + 4, CELL - 8, 14, colour, "none", rx=4))
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
        body.append('<polygon points="' + " ".join(f"{a:g},{b:g}" for a, b in pts)
                    + f'" fill="{colour}"/>')
    for d in u.get("blocks", ()):
        bx, by = _BLOCK[d]
        if blue_at_top:
            by = -by
        # a dark bar on each blocked side (a short corner mark for a diagonal side)
        w = 6 if bx and by else (26 if not bx else 3)
        hgt = 6 if bx and by else (26 if not by else 3)
        cx = x + CELL / 2 + bx * (CELL / 2 - 5.5) - w / 2
        cy = y + CELL / 2 + by * (CELL / 2 - 5.5) - hgt / 2
        body.append(svg.rect(cx, cy, w, hgt, svg.PALETTE["ink"]))
    if u.get("lock"):
        body.append(svg.text(x + 10, y + CELL - 9, f"L{u['lock']}", size=9, fill=svg.PALETTE["red"],
                             anchor="start", weight="bold"))
    if u.get("hidden"):
        body.append(svg.text(x + CELL - 9, y + CELL - 9, "hidden", size=9, fill=svg.PALETTE["purple"],
                             anchor="end", weight="bold"))


def to_svg(view: dict[str, Any], highlights: dict[str, str] | None = None, caption: str = "",
           blue_at_top: bool = False) -> str:
    """The board with every unit card, auras, optional highlighted squares and a status line.

    ``highlights`` maps squares (``"C3"``) to one of ``MARK_COLOURS``' kinds. By default Blue's rows are
    at the bottom, the way Blue sees the board; ``blue_at_top`` draws it the way the source text does.
    """
    size = MARGIN * 2 + CELL * 8
    height = size + 40
    body: list[str] = []
    for r in range(8):
        for c in range(8):
            name = "ABCDEFGH"[c] + str(r + 1)
            x, y = square_xy(name, blue_at_top)
            light = (r + c) % 2 == 1
            body.append(svg.rect(x, y, CELL, CELL, "#EFE6D2" if light else "#C9B68F"))
    for i in range(8):
        x, _ = square_xy("ABCDEFGH"[i] + "1", blue_at_top)
        body.append(svg.text(x + CELL / 2, MARGIN - 8, "ABCDEFGH"[i], size=12, fill=svg.PALETTE["muted"]))
        body.append(svg.text(x + CELL / 2, MARGIN + 8 * CELL + 18, "ABCDEFGH"[i], size=12,
                             fill=svg.PALETTE["muted"]))
        _, y = square_xy("A" + str(i + 1), blue_at_top)
        body.append(svg.text(MARGIN - 10, y + CELL / 2 + 4, str(i + 1), size=12, fill=svg.PALETTE["muted"]))
    # auras: the Command aura (bonus action) and the Fortify aura (immunity) around each Commander
    for u in view["units"]:
        if u["kind"] == "Commander":
            fill = svg.PALETTE["sky"] if u["state"] == "Command" else svg.PALETTE["green"]
            for n in _neighbours(u["square"]):
                x, y = square_xy(n, blue_at_top)
                body.append(svg.rect(x + 1, y + 1, CELL - 2, CELL - 2, fill, "none", extra='fill-opacity="0.35"'))
    for u in view["units"]:
        _unit(body, u, blue_at_top)
    # outlines drawn over the unit cards, so a marked enemy unit stays visible as a target
    for name, kind in (highlights or {}).items():
        x, y = square_xy(name, blue_at_top)
        body.append(svg.rect(x + 2, y + 2, CELL - 4, CELL - 4, "none", MARK_COLOURS[kind], rx=4, width=4))
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
        body.append(svg.text(size / 2, size + 32, caption, size=11, fill=svg.PALETTE["muted"]))
    return svg.document(size, height, body, f"Command Capture board. {line}")


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
    """The whole board as everyone sees it in teaching, with the unit on ``square``'s actions marked:
    green moves, red melee captures, orange shots, purple bashes."""
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
    players = view["players"]
    if view["over"]:
        status = "game over: draw" if not view["winners"] else f"game over: {players[view['winners'][0]]} wins"
    elif view["to_move"] is None or view["to_move"] < 0:
        status = "set-up: chance places the Assassins"
    else:
        status = f"turn {view['turn']}, {players[view['to_move']]} to act"
        if view.get("follow_up"):
            status += f" (extra action for the unit on {view['follow_up']}, or 'end')"
    civs = view["civilizations"]
    lines.append(f"Blue {civs[0]} vs Red {civs[1]}; {status}")
    if view.get("timed"):
        clock = view["clock"]
        lines.append(f"points {view['scores'][0]:g}-{view['scores'][1]:g}; game clock {clock['game_seconds']:g} s, "
                     f"turn timer {clock['turn_seconds']:g} s" + ("; sudden death" if clock["sudden_death"] else ""))
    return "\n".join(lines)
