"""Print-and-play sheets: the board games on paper, for a classroom without devices.

A game that has them declares them in its ``handout`` part (``PRINT_AND_PLAY`` in
``capture_lib/games/<game>/handout.py``, a ``capture_lib.core.parts.PrintAndPlay``): the HTML of each sheet,
drawn by the game's own scene and the shared SVG renderer from views the engine makes, so a sheet shows
exactly what the book's boards show, and the number of pages and the paper it prints on (Command Capture's
board and its armies' fold-over tokens; Capture: A Medieval Wargame's board at its real size on six sheets and
its pieces, Crowns and cards). This module lays every registered game's sheets out as a printable page and has
headless Chromium print it to PDF the way it prints the one-page summaries (``capture_lib.bookkit.summaries``).
The book's build runs this step after the summaries; results land in ``_build/html/print-and-play/<game>.html``
and ``<game>.pdf``.

    python -m capture_lib.bookkit.print_and_play [OUT_DIR]
"""

from __future__ import annotations

import html
import pathlib
import subprocess
import sys

from capture_lib.bookkit.summaries import ROOT, find_chromium, pdf_page_count, print_pdf
from capture_lib.core.parts import PrintAndPlay

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


def layouts() -> dict[str, PrintAndPlay]:
    """Every registered game's print-and-play sheets, by slug, in the book's order (games without any left out)."""
    from capture_lib.games import descriptions

    found = {}
    for description in descriptions():
        handout = description.handout
        if handout is not None and handout.PRINT_AND_PLAY is not None:
            found[description.slug] = handout.PRINT_AND_PLAY
    return found


def sheets_html(slug: str) -> str:
    """The printable HTML page of ``slug``'s sheets, one sheet a page (``KeyError`` for a game without any)."""
    layout = layouts()[slug]
    body = "".join(f'<div class="sheet">{sheet}</div>' for sheet in layout.sheets())
    title = f"{slug}: print and play"
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{_CSS % {'paper': layout.paper}}</style></head>"
            f"<body>{body}</body></html>\n")


def game_in_book(root: pathlib.Path, slug: str) -> bool:
    """Whether the book at ``root`` has a page of game ``slug``: its chapter's, or its lesson plan (which links the
    sheets)."""
    from capture_lib.bookkit.toc import toc_pages

    pages = toc_pages(root)
    return pages is None or any(page.startswith(f"book/{slug}/") or page == f"book/teaching/{slug}" for page in pages)


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
    for slug, layout in layouts().items():
        if not game_in_book(root, slug):
            continue  # a smaller book (bookkit.toc) prints the sheets of its own games only
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
        if pages != layout.pages:
            print(f"capture: the print-and-play sheets of {slug} run to {pages} pages, not {layout.pages}",
                  file=sys.stderr)
        made.append(pdf)
    if made:
        print(f"capture: printed {len(made)} print-and-play PDFs into {out}")
    return made


if __name__ == "__main__":
    build_print_and_play(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else None)
