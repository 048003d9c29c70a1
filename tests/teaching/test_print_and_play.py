"""Print-and-play sheets: each board game on paper at its real size, drawn by its renderer, printed by Chromium."""

from __future__ import annotations

import re

import pypdf
import pytest

from capture_lib.bookkit import print_and_play
from capture_lib.bookkit.print_and_play import build_print_and_play, layouts, sheets_html
from capture_lib.bookkit.summaries import find_chromium
from capture_lib.games.command_capture.handout import BOARD_MM as COMMAND_BOARD_MM
from capture_lib.games.medieval_capture.handout import MM_PER_UNIT as MEDIEVAL_MM_PER_UNIT
from capture_lib.games.medieval_capture.handout import OVERLAP_MM
from capture_lib.games.medieval_capture.handout import tiles as medieval_tiles
from capture_lib.render.picture import picture_size, window

#: The pages each game's sheets print on (each game's handout part's ``PRINT_AND_PLAY``).
PAGES = {slug: layout.pages for slug, layout in layouts().items()}

#: A4 in PostScript points (1 mm = 72 / 25.4 pt), portrait.
A4 = (595.28, 841.89)
#: The paper each game prints on: portrait for Command Capture's square board, landscape for Medieval's map.
ORIENTATION = {"command-capture": A4, "medieval-capture": A4[::-1]}


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    if find_chromium() is None:
        pytest.skip("Debian's chromium is not installed and could not be installed here (tools/test.sh tries)")
    out = tmp_path_factory.mktemp("print-and-play")
    return {pdf.stem: pdf for pdf in build_print_and_play(out)}


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_each_pdf_has_its_pages_on_a4(printed, slug):
    reader = pypdf.PdfReader(printed[slug])
    assert len(reader.pages) == PAGES[slug]
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx(ORIENTATION[slug], abs=1.5), f"{slug}: a page of {size} pt is not A4"


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_each_space_the_board_names_is_printed(printed, slug):
    from capture_lib import describe, load_game

    names = {s.label for s in describe(slug).scene.scene(load_game(slug).new_game(seed=0).view(None)).spaces if s.label}
    # Chromium writes a name with a white halo twice ("b38b38"): a name is found wherever no digit follows it.
    missing = names
    for page in pypdf.PdfReader(printed[slug]).pages:
        if not missing:
            break  # reading a page's text is slow: stop once every name is found
        text = page.extract_text()
        missing = {name for name in missing if not re.search(re.escape(name) + r"(?!\d)", text)}
    assert not missing, f"{slug}: {sorted(missing)[:10]} are not printed"


def test_command_capture_prints_the_board_and_three_armies_in_both_colours():
    page = sheets_html("command-capture")
    assert page.count("<svg") == 5  # the board, the markers and three sheets of tokens
    assert page.count(f'width="{COMMAND_BOARD_MM:g}mm"') == 4  # board and tokens at one scale
    # Drawn by the game's renderer, on paper: its label names the board and says no screen's status line.
    assert page.lower().count('aria-label="command capture board"') == 4
    for name in ("Rome", "Egypt", "the Vikings"):
        assert f"the tokens of {name}, Blue and Red" in page
    # Both states of each unit: Legionnaires in Attack and in Defend, Fortresses Active and Disabled.
    for state in ("Attack", "Defend", "Active", "Disabled", "Command", "Fortify", "Strike", "Shield Bash"):
        assert f">{state}<" in page
    # The tokens are what an opponent sees: no sheet gives a hidden Assassin away.
    assert "ASSN" not in page and ">hidden<" not in page


def test_medievals_board_is_printed_at_its_real_size_on_six_sheets_that_cover_it():
    from capture_lib.games.medieval_capture.rules.board import BOARD

    assert BOARD.width * MEDIEVAL_MM_PER_UNIT == 600 and BOARD.height * MEDIEVAL_MM_PER_UNIT == 380
    tiles = medieval_tiles()
    assert [name for name, *_ in tiles] == ["A1", "B1", "C1", "A2", "B2", "C2"]
    printable = (297 - 2 * 6, 210 - 2 * 6)  # A4 landscape less the page's margins, in mm
    for _, _, _, w, h in tiles:
        assert w * MEDIEVAL_MM_PER_UNIT <= printable[0] - 60 and h * MEDIEVAL_MM_PER_UNIT <= printable[1]
    # Every point of the map is on a sheet, and neighbours share the overlap strip.
    right = max(x + w for _, x, _, w, _ in tiles)
    bottom = max(y + h for _, _, y, _, h in tiles)
    assert right == BOARD.width and bottom == BOARD.height
    assert tiles[0][3] - tiles[1][1] == pytest.approx(OVERLAP_MM / MEDIEVAL_MM_PER_UNIT)
    page = sheets_html("medieval-capture")
    assert page.count("BLUE TERRITORY") == 6  # the renderer's map on each sheet
    assert page.count('class="card"') == 18  # the rulebook's deck


def test_a_window_changes_only_the_pictures_frame():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50"><rect/></svg>'
    framed = window(svg, 10, 0, 40, 20, 80)
    assert framed.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 0 40 20" width="80mm" height="40mm">')
    assert framed.endswith("<rect/></svg>") and picture_size(svg) == (100, 50)
    with pytest.raises(ValueError):
        window("<g/>", 0, 0, 1, 1, 1)


def test_the_book_build_prints_the_sheets_after_the_summaries():
    import inspect

    from capture_lib.bookkit import build

    source = inspect.getsource(build.build_book)
    assert source.index("build_summaries(root=root)") < source.index("build_print_and_play(root=root)")
    assert re.search(r"Chromium was not found", inspect.getsource(print_and_play.build_print_and_play))
