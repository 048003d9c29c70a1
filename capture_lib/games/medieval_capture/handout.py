"""Capture: A Medieval Wargame's printed handouts: the picture on its one-page summary, and its print-and-play
sheets.

The summary's words are the book's page (``book/medieval-capture/summary.md``); the book's build prints it
with ``PICTURE`` (``capture_lib.bookkit.summaries``). The print-and-play sheets (``PRINT_AND_PLAY``) put the
game on paper for a classroom without devices: the board at its real size on six sheets to tape together,
each space named as the notation names it, and a sheet of pieces, Crowns and Treasure Cards. The board is
drawn by the game's scene and the shared SVG renderer, from a view the engine makes, so a sheet shows exactly
what the book's boards show, less what only a screen shows (``render.picture.on_paper``); the book's build
prints the sheets (``capture_lib.bookkit.print_and_play``).
"""

from __future__ import annotations

import html
from typing import Any

from capture_lib.core.parts import HandoutPicture, PrintAndPlay
from capture_lib.games.medieval_capture import scene as drawing
from capture_lib.games.medieval_capture.players import RULE_PLAYER
from capture_lib.games.medieval_capture.rules import GAME
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.games.medieval_capture.rules.treasure import CARDS
from capture_lib.render.picture import MARGIN, crop, on_paper, to_svg, window

#: The board is printed at 0.5 mm a unit of its map: a rock is 15 mm across, room for a game piece, and the
#: whole land 600 x 380 mm, on 3 x 2 sheets of A4 in landscape.
MM_PER_UNIT = 0.5
TILES = (3, 2)
#: The strip, in mm, each tile repeats of its neighbour to the right and below: lay the next sheet over it.
OVERLAP_MM = 6.0
#: The printed size of each space's name, in mm (3.5 mm is 10 pt): the names the worksheet, the exercises and
#: the notation use, read across a table.
NAME_MM = 3.5


def summary_picture() -> tuple[str, str]:
    """Blue's home edge after both sides set up as the rule-based player would, as Blue sees it, and the caption."""
    # Both sides set up as the game's rule-based player would; the rule level's set-up varies from game
    # to game (``players.setup``), the picture must not.
    state = GAME.new_game(seed=1)
    while state.observation(0)["phase"] == "place":
        player = state.current_player
        state = state.play(RULE_PLAYER(state, player)) if player >= 0 else state.play_chance()
    # Blue's home edge with its dungeon and Crown spaces: the whole map's space names would print at 2 pt.
    svg = to_svg(drawing.scene(state.observation(0)), assets=drawing.ASSETS)
    return (crop(svg, (0.0, 0.05, 0.3, 0.4)),
            "Blue's home edge after the set-up: the dungeon, a Crown space, Blue's pieces")


#: The summary's picture: a corner of the map, 86 mm at most.
PICTURE = HandoutPicture(summary_picture, widest_mm=86)


# ----- print and play ---------------------------------------------------------------------------------------
def draw(view: dict[str, Any]) -> str:
    """The picture of ``view`` that the book's boards show, as paper shows it (``on_paper``: every space named,
    at ``NAME_MM``; no status line, panel or mark), without the key."""
    return to_svg(on_paper(drawing.scene(view)), key=False, assets=drawing.ASSETS, name_size=NAME_MM / MM_PER_UNIT)


def _board() -> str:
    """The map as the book draws it, before set-up, every space named, in the map's own units (``BOARD``'s)."""
    return draw(GAME.new_game(seed=0).view(None))


def tiles() -> list[tuple[str, float, float, float, float]]:
    """Each tile's name and window on the map (its units): columns A to C, rows 1 and 2, with the strip it
    shares with the next tile to the right and below."""
    columns, rows = TILES
    w, h = BOARD.width / columns, BOARD.height / rows
    overlap = OVERLAP_MM / MM_PER_UNIT
    found = []
    for row in range(rows):
        for column in range(columns):
            x, y = column * w, row * h
            tw = w + (overlap if column < columns - 1 else 0)
            th = h + (overlap if row < rows - 1 else 0)
            found.append((f"{'ABC'[column]}{row + 1}", x, y, tw, th))
    return found


def _counters() -> str:
    """Twenty pieces, the Knight stickers, six Crowns and eighteen Treasure Cards to cut out."""

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


def sheets() -> list[str]:
    """The HTML of each sheet: six tiles of the board at its real size, then the counters and cards."""
    svg = _board()
    found = []
    for name, x, y, w, h in tiles():
        # The picture's map begins a margin in from its top left corner.
        found.append(f'<div class="tile">{window(svg, x + MARGIN, y + MARGIN, w, h, w * MM_PER_UNIT)}'
                     f"<p><b>Capture: the board, sheet {name}</b> of six: A1, B1, C1 on top, A2, B2, C2 below. "
                     f"A sheet's right and bottom edges repeat {OVERLAP_MM:g} mm of the next sheet: lay that sheet "
                     "over the strip, line up the trails and tape them together. Printed at full size (no "
                     "scaling), a rock is 15 mm across.</p></div>")
    found.append(_counters())
    return found


#: The board on six sheets and the counters on a seventh, A4 in landscape.
PRINT_AND_PLAY = PrintAndPlay(sheets, pages=7, paper="A4 landscape")
