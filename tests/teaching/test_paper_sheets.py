"""What the print-and-play sheets show: the board as the book's boards draw it, every space named legibly, and
nothing that only a screen shows (no status line, panel, mark or message)."""

from __future__ import annotations

import html
import re

import pytest

from capture_lib import describe, list_games, load_game
from capture_lib.bookkit.print_and_play import layouts
from capture_lib.bookkit.summaries import SMALLEST_PT, label_sizes, smallest_label_pt
from capture_lib.render.picture import MARGIN, on_paper, to_svg

SHEETS = sorted(layouts())
_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_TEXT = re.compile(r'<text x="([-\d.]+)" y="([-\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*)</text>')


def start_scene(slug: str):
    """The game's scene of its start, as the whole table sees it: its status lines and panels are screen text."""
    return describe(slug).scene.scene(load_game(slug).new_game(seed=0).view(None))


def screen_lines(scene) -> list[str]:
    """The lines only a screen shows: the status lines and the panels' titles and lines."""
    lines = list(scene.status) + [line for panel in scene.panels for line in (panel.title, *panel.lines)]
    return [line for line in lines if len(line) >= 10]


def printed_pictures(slug: str) -> list[tuple[str, float]]:
    """Each picture on ``slug``'s sheets and its printed width in mm."""
    found = []
    for sheet in layouts()[slug].sheets():
        for svg in _SVG.findall(sheet):
            width = re.match(r'<svg\b[^>]*\swidth="([\d.]+)mm"', svg)
            assert width, f"{slug}: a picture on a sheet has no printed width in mm"
            found.append((svg, float(width.group(1))))
    return found


@pytest.mark.parametrize("slug", list_games())
def test_on_paper_a_scene_keeps_its_board_and_drops_the_screens_words(slug):
    scene = start_scene(slug)
    paper = on_paper(scene)
    assert (paper.status, paper.panels, paper.marks, paper.arrows, paper.last, paper.actions, paper.hints) == (
        (), (), (), (), (), (), ())
    assert [s.id for s in paper.spaces] == [s.id for s in scene.spaces] and paper.pieces == scene.pieces
    assert not any("minor" in space.tones for space in paper.spaces), "paper has no zoom: every name shows"
    svg = html.unescape(to_svg(paper, key=False))
    assert f'aria-label="{slug.replace("-", " ")} board"' in svg
    for line in screen_lines(scene):
        assert line not in svg, f"{slug}: {line!r} on paper"
    for space in scene.spaces:
        if space.label:
            assert f">{html.unescape(space.label)}</text>" in svg, f"{slug}: {space.label!r} is not named on paper"


def test_the_screen_check_can_fail():
    scene = start_scene("medieval-capture")
    svg = html.unescape(to_svg(scene))
    assert screen_lines(scene) and any(line in svg for line in screen_lines(scene))
    assert "medieval capture board. Set-up" in svg and ">b10</text>" not in svg  # a minor space's name, unzoomed


@pytest.mark.parametrize("slug", SHEETS)
def test_the_sheets_carry_no_status_line_panel_or_message(slug):
    page = html.unescape("".join(layouts()[slug].sheets()))
    for line in screen_lines(start_scene(slug)):
        assert line not in page, f"{slug}'s sheets print the screen's {line!r}"
    labels = re.findall(r'aria-label="([^"]*)"', page)
    assert labels and all(label == f"{slug.replace('-', ' ')} board" for label in labels), set(labels)


@pytest.mark.parametrize("slug", SHEETS)
def test_every_label_on_the_sheets_prints_legibly(slug):
    for svg, width_mm in printed_pictures(slug):
        if label_sizes(svg):
            assert smallest_label_pt(svg, width_mm) >= SMALLEST_PT, (
                f"{slug}: a label prints at {smallest_label_pt(svg, width_mm):.1f} pt, under {SMALLEST_PT:g} pt")


@pytest.mark.parametrize("slug", SHEETS)
def test_every_space_the_board_names_is_named_on_the_sheets(slug):
    names = {html.unescape(s.label) for s in start_scene(slug).spaces if s.label}
    printed = {html.unescape(text) for svg, _ in printed_pictures(slug) for *_, text in _TEXT.findall(svg)}
    assert names <= printed, f"{slug}: {sorted(names - printed)[:10]} are not named on the sheets"


def test_each_of_medievals_spaces_is_named_whole_on_a_sheet_at_a_legible_size():
    from capture_lib.games.medieval_capture.handout import MM_PER_UNIT, NAME_MM, _board, tiles
    from capture_lib.games.medieval_capture.rules.board import BOARD

    board = _board()
    named = {}
    for x, y, size, text in _TEXT.findall(board):
        if float(size) == NAME_MM / MM_PER_UNIT:
            # Its box, from the map's corner: the names are drawn inside the picture's margin.
            x, y, size = float(x) + MARGIN, float(y) + MARGIN, float(size)
            half = 0.65 * size * len(text) / 2  # a wide sans-serif letter is at most 0.65 of the size
            named[text] = (x - half, y - size, x + half, y + 0.3 * size)
    assert set(named) == {"Cathedral (c)", *BOARD.ids} - {"c"} and len(BOARD.ids) == 105
    assert NAME_MM / 25.4 * 72 >= SMALLEST_PT
    for text, (left, top, right, bottom) in named.items():
        sheets = [name for name, x, y, w, h in tiles()
                  if x + MARGIN <= left and right <= x + MARGIN + w and y + MARGIN <= top and bottom <= y + MARGIN + h]
        assert sheets, f"{text} is cut by the edge of every sheet it is on"
