"""Medieval Capture's print-and-play sheets: the map at its real size on sheets that cover it, and the deck."""

from __future__ import annotations

import pytest

from capture_lib.bookkit.print_and_play import sheets_html
from capture_lib.games.medieval_capture.handout import MM_PER_UNIT as MEDIEVAL_MM_PER_UNIT
from capture_lib.games.medieval_capture.handout import OVERLAP_MM
from capture_lib.games.medieval_capture.handout import tiles as medieval_tiles


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
