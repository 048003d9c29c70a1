"""Print-and-play sheets: each board game on paper at its real size, drawn by its renderer, printed by Chromium."""

from __future__ import annotations

import re

import pypdf
import pytest

from capture_lib.bookkit import print_and_play
from capture_lib.bookkit.print_and_play import build_print_and_play, layouts
from capture_lib.bookkit.summaries import find_chromium
from capture_lib.render.picture import picture_size, window

#: The pages each game's sheets print on (each game's handout part's ``PRINT_AND_PLAY``).
PAGES = {slug: layout.pages for slug, layout in layouts().items()}
#: Paper sizes in PostScript points (1 mm = 72 / 25.4 pt), portrait.
PAPER_POINTS = {"A4": (595.28, 841.89)}


def paper_points(paper: str) -> tuple[float, float]:
    """The width and height in points of a CSS page size as a layout declares it (``A4 landscape``)."""
    size, *orientation = paper.split()
    width, height = PAPER_POINTS[size]
    return (height, width) if orientation == ["landscape"] else (width, height)


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
        paper = layouts()[slug].paper
        assert size == pytest.approx(paper_points(paper), abs=1.5), f"{slug}: a page of {size} pt is not {paper}"


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
