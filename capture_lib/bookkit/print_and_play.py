"""Print-and-play sheets: the board games on paper, for a classroom without devices.

Command Capture's board at the size of its unit tokens, and a sheet of fold-over tokens per army (each
token shows a unit's two states, one above the other: cut out the pair, fold along the middle line, glue);
Capture: A Medieval Wargame's board at its real size on six sheets to tape together, and a sheet of pieces,
Crowns and Treasure Cards. The boards and the tokens are drawn by each game's own renderer, from views the
engine makes, so a sheet shows exactly what the book's boards show; headless Chromium prints them to PDF
the way it prints the one-page summaries (``capture_lib.bookkit.summaries``). The book's build runs this
step after the summaries; results land in ``_build/html/print-and-play/<game>.html`` and ``<game>.pdf``.

    python -m capture_lib.bookkit.print_and_play [OUT_DIR]
"""

from __future__ import annotations

import copy
import html
import pathlib
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from capture_lib.bookkit.summaries import ROOT, find_chromium, pdf_page_count, print_pdf
from capture_lib.render.picture import MARGIN

#: The printed width of Command Capture's board picture (the board and its letters and numbers), in mm:
#: 8 squares of 22 mm, the size of a unit token, and the picture's margin for the labels.
COMMAND_BOARD_MM = 195.0
#: How much of the picture's width its board takes downwards, with the letters under it but not the line of
#: text below them (the board's picture is as wide as the board and its margins).
BOARD_DEPTH = 559 / 568
#: Medieval's board is printed at 0.5 mm a unit of its map: a rock is 15 mm across, room for a game piece,
#: and the whole land 600 x 380 mm, on 3 x 2 sheets of A4 in landscape.
MEDIEVAL_MM_PER_UNIT = 0.5
MEDIEVAL_TILES = (3, 2)
#: The strip, in mm, each tile repeats of its neighbour to the right and below: lay the next sheet over it.
OVERLAP_MM = 6.0
#: The sheets each game's PDF holds, and their paper (A4 in portrait or landscape).
PAGES = {"command-capture": 4, "medieval-capture": 7}
PAPER = {"command-capture": "A4 portrait", "medieval-capture": "A4 landscape"}

_CSS = """
@page { size: %(paper)s; margin: 6mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 9pt; color: #111; margin: 0; }
.sheet { page-break-after: always; break-after: page; position: relative; }
.sheet:last-child { page-break-after: auto; break-after: auto; }
h1 { font-size: 12pt; margin: 0 0 2mm 0; }
p { margin: 0 0 2mm 0; }
svg { display: block; }
.cards { display: grid; grid-template-columns: repeat(6, 1fr); gap: 1.5mm; }
.card { border: 0.3mm dashed #777; height: 30mm; padding: 1.5mm; font-size: 6.5pt; line-height: 1.25; }
.card b { display: block; font-size: 8pt; margin-bottom: 1mm; }
.tile { display: flex; gap: 5mm; align-items: flex-start; }
.tile p { width: 60mm; }
"""


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


def draw(slug: str, view: dict[str, Any]) -> str:
    """The picture of ``view`` that the book's boards show: drawn from the game's scene by the shared renderer,
    without the key (a sheet has no marks)."""
    from capture_lib.games import describe
    from capture_lib.render.picture import to_svg

    scene = describe(slug).require("scene")
    return to_svg(scene.scene(view), key=False, assets=getattr(scene, "ASSETS", None))


# ----- Command Capture ---------------------------------------------------------------------------------------

def _command_board() -> str:
    """The empty board, as the renderer draws it, without the status line under it."""
    from capture_lib.games.command_capture import GAME

    view = copy.deepcopy(GAME.quick_start().observation(0))
    view["units"] = []
    svg = draw("command-capture", view)
    width, _ = picture_size(svg)
    return window(svg, 0, 0, width, width * BOARD_DEPTH, COMMAND_BOARD_MM)


def _army_units(civilization: str, seat: int, second: bool) -> list[dict[str, Any]]:
    """The sixteen units of ``seat``'s army led by ``civilization``, all in the first or all in the second
    state, as the opponent sees them: the hidden Assassin looks like a foot soldier."""
    from capture_lib.games.command_capture import GAME

    state = GAME.quick_start("D2", "E7", blue=civilization, red=civilization)
    if second:
        board, rest = state.position_text().split(" ", 1)
        rows = board.split("/")
        mine = slice(6, 8) if seat == 0 else slice(0, 2)
        rows[mine] = [re.sub(r"([A-Za-z])", r"\1+", row) for row in rows[mine]]
        state = GAME.from_position("/".join(rows) + " " + rest)
    return [u for u in state.observation(1 - seat)["units"] if u["owner"] == seat]


#: Where each part of the token sheet goes: (seat, the army's row, the sheet's rows for the first and the
#: second state). Each token's two states touch along a square's edge: that is the fold.
TOKEN_ROWS = ((0, "1", 8, 7), (0, "2", 6, 5), (1, "7", 4, 3), (1, "8", 2, 1))


def _army_tokens(civilization: str) -> str:
    """One army's fold-over tokens, in Blue and in Red: each unit's first state above its second state."""
    from capture_lib.games.command_capture import GAME

    units = []
    for seat, army_row, top, bottom in TOKEN_ROWS:
        first = [u for u in _army_units(civilization, seat, False) if u["square"][1] == army_row]
        second = [u for u in _army_units(civilization, seat, True) if u["square"][1] == army_row]
        for a, b in zip(first, second, strict=True):
            units.append({**a, "square": a["square"][0] + str(top)})
            units.append({**b, "square": b["square"][0] + str(bottom)})
    view = copy.deepcopy(GAME.quick_start(blue=civilization, red=civilization).observation(0))
    view["units"] = units
    svg = draw("command-capture", view)
    width, _ = picture_size(svg)
    return window(svg, 0, 0, width, width * BOARD_DEPTH, COMMAND_BOARD_MM)


def _markers() -> str:
    """Markers to lay on a token: a revealed Assassin, and a unit held by the State Lock."""
    parts = []
    for k, (side, fill) in enumerate((("Blue", "#0072B2"), ("Red", "#B5400C"))):
        y = 8 + k * 18
        for n in range(2):
            x = 10 + n * 18
            parts.append(f'<circle cx="{x}" cy="{y}" r="7" fill="{fill}"/><text x="{x}" y="{y + 1.3}" '
                         'font-size="2.2" font-weight="bold" text-anchor="middle" fill="#fff">ASSASSIN</text>')
        for n in range(4):
            x = 52 + n * 18
            parts.append(f'<circle cx="{x}" cy="{y}" r="7" fill="#fff" stroke="{fill}" stroke-width="1"/>'
                         f'<text x="{x}" y="{y + 1}" font-size="2.6" font-weight="bold" text-anchor="middle" '
                         f'fill="{fill}">LOCKED</text>')
        parts.append(f'<text x="124" y="{y + 1.3}" font-size="3.4">{side}</text>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 140 34" width="140mm" height="34mm">'
            + "".join(parts) + "</svg>")


def command_capture_sheets() -> list[str]:
    """The HTML of each sheet: the board and markers, then the tokens of Rome, Egypt and the Vikings."""
    sheets = [
        "<h1>Command Capture: the board</h1><p>Squares of 22 mm, the size of the unit tokens. Blue sets up on rows "
        "1 and 2, Red on rows 7 and 8.</p>" + _command_board()
        + "<p>Markers: lay ASSASSIN on your Assassin's token once a capture reveals it (it then moves and "
          "captures one square any way, and never flips again). Lay LOCKED on a unit you flip, and take it off "
          "after your next turn: until then the State Lock stops it flipping back.</p>" + _markers()]
    names = {"rome": "Rome", "egypt": "Egypt", "vikings": "the Vikings"}
    for civilization, name in names.items():
        sheets.append(
            f"<h1>Command Capture: the tokens of {html.escape(name)}, Blue and Red</h1>"
            "<p>Cut out each unit together with the square below it, fold along the line between them and glue: "
            "one face shows the first state, the other the second; flip a token top over bottom. The arrow shows "
            "the way a unit faces. One of the eight foot soldiers of each front row is that side's Assassin: its "
            "owner marks the edge with a small dot only they know. For Rome against Egypt, take Blue's tokens "
            "from one sheet and Red's from the other.</p>"
            + _army_tokens(civilization))
    return sheets


# ----- Capture: A Medieval Wargame ---------------------------------------------------------------------------

def _medieval_board() -> str:
    """The map as the book draws it, before set-up, in the map's own units (``BOARD``'s)."""
    from capture_lib.games.medieval_capture import GAME

    return draw("medieval-capture", GAME.new_game(seed=0).view(None))


def medieval_tiles() -> list[tuple[str, float, float, float, float]]:
    """Each tile's name and window on the map (its units): columns A to C, rows 1 and 2, with the strip it
    shares with the next tile to the right and below."""
    from capture_lib.games.medieval_capture.rules.board import BOARD

    columns, rows = MEDIEVAL_TILES
    w, h = BOARD.width / columns, BOARD.height / rows
    overlap = OVERLAP_MM / MEDIEVAL_MM_PER_UNIT
    tiles = []
    for row in range(rows):
        for column in range(columns):
            x, y = column * w, row * h
            tw = w + (overlap if column < columns - 1 else 0)
            th = h + (overlap if row < rows - 1 else 0)
            tiles.append((f"{'ABC'[column]}{row + 1}", x, y, tw, th))
    return tiles


def _counters() -> str:
    """Twenty pieces, the Knight stickers, six Crowns and eighteen Treasure Cards to cut out."""
    from capture_lib.games.medieval_capture.rules.treasure import CARDS

    def disc(x: float, y: float, label: str, fill: str) -> str:
        return (f'<circle cx="{x}" cy="{y}" r="6.5" fill="{fill}" stroke="#fff" stroke-width="0.6"/>'
                f'<text x="{x}" y="{y + 1.4}" font-size="4" font-weight="bold" text-anchor="middle" '
                f'fill="#fff">{label}</text>')

    parts = []
    for n in range(10):
        parts.append(disc(10 + n * 16, 9, f"B{n + 1}", "#0072B2"))
        parts.append(disc(10 + n * 16, 26, f"R{n + 1}", "#B5400C"))
    for k, side in enumerate(("Blue", "Red")):
        parts.append(f'<circle cx="{170 + k * 20}" cy="9" r="3" fill="#E6B800" stroke="#7A5C00"/>'
                     f'<text x="{170 + k * 20}" y="16" font-size="2.5" text-anchor="middle">{side} Knight</text>')
    for n in range(6):
        x = 10 + n * 20
        parts.append(f'<polygon points="{x - 6},44 {x - 6},38 {x - 3},41 {x},36 {x + 3},41 {x + 6},38 {x + 6},44" '
                     'fill="#E6B800" stroke="#7A5C00" stroke-width="0.5"/>'
                     f'<text x="{x}" y="49" font-size="2.5" text-anchor="middle">{("Blue", "Red")[n // 3]} Crown'
                     "</text>")
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 52" width="200mm" height="52mm">'
           + "".join(parts) + "</svg>")
    cards = []
    for card in CARDS:
        cards += [f'<div class="card"><b>{html.escape(card.name)}</b>{html.escape(card.effect)}</div>'] * card.count
    return ("<h1>Capture: the pieces, Crowns and Treasure Cards</h1><p>Cut out the pieces (or use draughts or "
            "coins), stick one Knight dot under a piece of each side, and cut out the eighteen cards of the "
            "rulebook's deck. You also need a six-sided die (white) and a twelve-sided die (black).</p>"
            + svg + '<div class="cards">' + "".join(cards) + "</div>")


def medieval_capture_sheets() -> list[str]:
    """The HTML of each sheet: six tiles of the board at its real size, then the counters and cards."""
    svg = _medieval_board()
    sheets = []
    for name, x, y, w, h in medieval_tiles():
        # The picture's map begins a margin in from its top left corner.
        sheets.append(f'<div class="tile">{window(svg, x + MARGIN, y + MARGIN, w, h, w * MEDIEVAL_MM_PER_UNIT)}'
                      f"<p><b>Capture: the board, sheet {name}</b> of six: A1, B1, C1 on top, A2, B2, C2 below. "
                      f"A sheet's right and bottom edges repeat {OVERLAP_MM:g} mm of the next sheet: lay that sheet "
                      "over the strip, line up the trails and tape them together. Printed at full size (no "
                      "scaling), a rock is 15 mm across.</p></div>")
    sheets.append(_counters())
    return sheets


#: Each game's sheets.
SHEETS: dict[str, Callable[[], list[str]]] = {"command-capture": command_capture_sheets,
                                              "medieval-capture": medieval_capture_sheets}


def sheets_html(slug: str) -> str:
    """The printable HTML page of ``slug``'s sheets, one sheet a page."""
    body = "".join(f'<div class="sheet">{sheet}</div>' for sheet in SHEETS[slug]())
    title = f"{slug}: print and play"
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{_CSS % {'paper': PAPER[slug]}}</style></head>"
            f"<body>{body}</body></html>\n")


def build_print_and_play(out_dir: pathlib.Path | None = None, root: pathlib.Path = ROOT,
                         chromium: str | None = None) -> list[pathlib.Path]:
    """Write ``<game>.html`` and print ``<game>.pdf`` for each board game into ``out_dir``; the PDFs made.

    ``out_dir`` defaults to the built book's ``_build/html/print-and-play``. Without Chromium, or where it
    fails, only the HTML pages are written and a message says why a PDF is missing.
    """
    out = out_dir or root / "_build" / "html" / "print-and-play"
    out.mkdir(parents=True, exist_ok=True)
    chromium = chromium or find_chromium()
    if chromium is None:
        print("capture: Chromium was not found, so the print-and-play sheets (PDF) were not made; install "
              "Debian's chromium (apt-get install chromium) or set CAPTURE_CHROMIUM", file=sys.stderr)
    made = []
    for slug in SHEETS:
        page, pdf = out / f"{slug}.html", out / f"{slug}.pdf"
        page.write_text(sheets_html(slug), encoding="utf-8")
        if chromium is None:
            continue
        try:
            print_pdf(page, pdf, chromium)
        except (RuntimeError, subprocess.TimeoutExpired) as err:
            print(f"capture: the print-and-play sheets of {slug} were not printed: {err}", file=sys.stderr)
            continue
        pages = pdf_page_count(pdf.read_bytes())
        if pages != PAGES[slug]:
            print(f"capture: the print-and-play sheets of {slug} run to {pages} pages, not {PAGES[slug]}",
                  file=sys.stderr)
        made.append(pdf)
    if made:
        print(f"capture: printed {len(made)} print-and-play PDFs into {out}")
    return made


if __name__ == "__main__":
    build_print_and_play(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else None)
