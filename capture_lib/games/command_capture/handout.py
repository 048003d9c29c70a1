"""Command Capture's printed handouts: the picture on its one-page summary, and its print-and-play sheets.

The summary's words are the book's page (``book/command-capture/summary.md``); the book's build prints it
with ``PICTURE`` (``capture_lib.bookkit.summaries``). The print-and-play sheets (``PRINT_AND_PLAY``) put the
game on paper for a classroom without devices: the board at the size of its unit tokens, then a sheet of
fold-over tokens per army (each token shows a unit's two states, one above the other: cut out the pair,
fold along the middle line, glue). Everything is drawn by the game's scene and the shared SVG renderer,
from views the engine makes, so a sheet shows exactly what the book's boards show; the book's build prints
the sheets (``capture_lib.bookkit.print_and_play``).
"""

from __future__ import annotations

import copy
import html
import re
from typing import Any

from capture_lib.core.parts import HandoutPicture, PrintAndPlay
from capture_lib.games.command_capture.rules import GAME
from capture_lib.games.command_capture.scene import scene
from capture_lib.render.picture import crop, on_paper, picture_size, to_svg, window

#: The printed width of the board's picture (the board and its letters and numbers), in mm: 8 squares of
#: 22 mm, the size of a unit token, and the picture's margin for the labels.
BOARD_MM = 195.0
#: Where each part of the token sheet goes: (seat, the army's row, the sheet's rows for the first and the
#: second state). Each token's two states touch along a square's edge: that is the fold.
TOKEN_ROWS = ((0, "1", 8, 7), (0, "2", 6, 5), (1, "7", 4, 3), (1, "8", 2, 1))


def summary_picture() -> tuple[str, str]:
    """Blue's first two rows, files A to D, at the quick start as Blue sees them, and the caption."""
    # Blue's two rows, files A to D: a whole board's unit labels would print at about 4 pt.
    svg = to_svg(scene(GAME.quick_start().observation(0)))
    return crop(svg, (0.0, 0.633, 0.5, 0.886)), "Blue's first two rows at the quick start, files A to D"


#: The summary's picture: part of the board, 86 mm at most.
PICTURE = HandoutPicture(summary_picture, widest_mm=86)


# ----- print and play ---------------------------------------------------------------------------------------
def draw(view: dict[str, Any]) -> str:
    """The picture of ``view`` that the book's boards show, as paper shows it (``on_paper``: no status line,
    panel or mark), without the key."""
    return to_svg(on_paper(scene(view)), key=False)


def _printed(svg: str) -> str:
    """A drawn board printed at the size of the unit tokens (``BOARD_MM`` wide)."""
    width, height = picture_size(svg)
    return window(svg, 0, 0, width, height, BOARD_MM)


def _board() -> str:
    """The empty board, as the renderer draws it on paper."""
    view = copy.deepcopy(GAME.quick_start().observation(0))
    view["units"] = []
    return _printed(draw(view))


def _army_units(civilization: str, seat: int, second: bool) -> list[dict[str, Any]]:
    """The sixteen units of ``seat``'s army led by ``civilization``, all in the first or all in the second
    state, as the opponent sees them: the hidden Assassin looks like a foot soldier."""
    state = GAME.quick_start("D2", "E7", blue=civilization, red=civilization)
    if second:
        board, rest = state.position_text().split(" ", 1)
        rows = board.split("/")
        mine = slice(6, 8) if seat == 0 else slice(0, 2)
        rows[mine] = [re.sub(r"([A-Za-z])", r"\1+", row) for row in rows[mine]]
        state = GAME.from_position("/".join(rows) + " " + rest)
    return [u for u in state.observation(1 - seat)["units"] if u["owner"] == seat]


def _army_tokens(civilization: str) -> str:
    """One army's fold-over tokens, in Blue and in Red: each unit's first state above its second state."""
    units = []
    for seat, army_row, top, bottom in TOKEN_ROWS:
        first = [u for u in _army_units(civilization, seat, False) if u["square"][1] == army_row]
        second = [u for u in _army_units(civilization, seat, True) if u["square"][1] == army_row]
        for a, b in zip(first, second, strict=True):
            units.append({**a, "square": a["square"][0] + str(top)})
            units.append({**b, "square": b["square"][0] + str(bottom)})
    view = copy.deepcopy(GAME.quick_start(blue=civilization, red=civilization).observation(0))
    view["units"] = units
    return _printed(draw(view))


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


def sheets() -> list[str]:
    """The HTML of each sheet: the board and markers, then the tokens of Rome, Egypt and the Vikings."""
    found = [
        "<h1>Command Capture: the board</h1><p>Squares of 22 mm, the size of the unit tokens. Blue sets up on rows "
        "1 and 2, Red on rows 7 and 8.</p>" + _board()
        + "<p>Markers: lay ASSASSIN on your Assassin's token once a capture reveals it (it then moves and "
          "captures one square any way, and never flips again). Lay LOCKED on a unit you flip, and take it off "
          "after your next turn: until then the State Lock stops it flipping back.</p>" + _markers()]
    names = {"rome": "Rome", "egypt": "Egypt", "vikings": "the Vikings"}
    for civilization, name in names.items():
        found.append(
            f"<h1>Command Capture: the tokens of {html.escape(name)}, Blue and Red</h1>"
            "<p>Cut out each unit together with the square below it, fold along the line between them and glue: "
            "one face shows the first state, the other the second; flip a token top over bottom. The arrow shows "
            "the way a unit faces. One of the eight foot soldiers of each front row is that side's Assassin: its "
            "owner marks the edge with a small dot only they know. For Rome against Egypt, take Blue's tokens "
            "from one sheet and Red's from the other.</p>"
            + _army_tokens(civilization))
    return found


#: The board and three armies' tokens, on four sheets of A4 in portrait.
PRINT_AND_PLAY = PrintAndPlay(sheets, pages=4, paper="A4 portrait")
