"""Printable one-page summaries: each game's ``book/<game>/summary.md`` printed to PDF by Chromium.

The summary page is part of the book (a chapter section); this step, run after the Jupyter Book build,
turns the same Markdown into a small standalone HTML page with a print stylesheet and has headless
Chromium print it, so the handout always says what the book says. Results land in
``_build/html/summaries/<game>.html`` and ``<game>.pdf``, where each chapter's index page links to them.
Where Chromium is missing the step says so and makes no PDFs; the book itself is unaffected.

Each handout carries a picture of the board or layout, drawn by the engine's own renderer (``PICTURES``)
where the summary has the line ``<!-- picture -->``, floated beside the rules; the web page shows
nothing there. If the page would run to two, the picture is printed smaller until it fits.

    python -m capture_lib.bookkit.summaries [OUT_DIR]
"""

from __future__ import annotations

import html
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
#: Where Debian's Chromium usually is; ``CAPTURE_CHROMIUM`` overrides, then ``PATH`` is searched.
CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
#: Marks the lines of a summary that make sense only on the web page (the PDF link itself).
_BOOK_ONLY = re.compile(r"<!-- book-only -->.*?<!-- /book-only -->\n?", re.DOTALL)
#: Where a summary wants the engine's picture of its game (a comment, so the book page shows nothing).
PICTURE_MARK = "<!-- picture -->"
#: The picture's width on the printed page, tried in turn until the page fits on one sheet.
PICTURE_WIDTHS_MM = (100, 86, 72, 62, 52, 44, 36)

_CSS = """
@page { size: A4; margin: 11mm 12mm 10mm 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 9.6pt; line-height: 1.33;
       color: #111; margin: 0; }
h1 { font-size: 16pt; margin: 0 0 3pt 0; color: #123a6b; border-bottom: 2px solid #123a6b; padding-bottom: 2pt; }
h2 { font-size: 11pt; margin: 7pt 0 2pt 0; color: #123a6b; break-after: avoid; }
p { margin: 2pt 0 3pt 0; }
ul, ol { margin: 2pt 0 3pt 0; padding-left: 15pt; }
li { margin: 1pt 0; }
table { border-collapse: collapse; margin: 3pt 0; width: 100%; }
th, td { border: 1px solid #999; padding: 1.5pt 4pt; text-align: left; vertical-align: top; }
th { background: #e7eef7; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 9pt; background: #f1f1f1; padding: 0 2pt; }
figure.picture { float: right; margin: 2pt 0 4pt 8pt; text-align: center; }
figure.picture svg { display: block; width: 100%; height: auto; }
figure.picture figcaption { font-size: 7.5pt; color: #444; margin-top: 1pt; }
footer { clear: both; margin-top: 6pt; font-size: 7pt; color: #555; border-top: 1px solid #bbb; padding-top: 2pt; }
"""


def summary_slugs(root: pathlib.Path = ROOT) -> list[str]:
    """The games (book folder names) that have a ``summary.md`` page."""
    return sorted(p.parent.name for p in (root / "book").glob("*/summary.md"))


def _card_commander() -> tuple[str, str]:
    from capture_lib.games.card_commander import GAME

    state = GAME.new_game(seed=7).play("commander Karl").play("commander Joanne").resolve_chance()
    while not state.observation(0)["rounds"]:  # to the end of the first round: its cards still on the table
        state = state.play(state.legal_actions()[0]) if state.current_player >= 0 else state.play_chance()
    from capture_lib.games.card_commander.render import to_svg

    return to_svg(state.observation(0)), "A round played out, as Blue sees the table"


def _capture_the_commander() -> tuple[str, str]:
    from capture_lib.games.capture_the_commander.scene import layout_diagram
    from capture_lib.render.picture import to_svg

    return to_svg(layout_diagram(), key=False), "One player's layout: the slots, numbered"


def _command_capture() -> tuple[str, str]:
    from capture_lib.games.command_capture import GAME
    from capture_lib.games.command_capture.render import to_svg

    return to_svg(GAME.quick_start().observation(0)), "The quick start (Blue's Assassin on D2), as Blue sees it"


def _medieval_capture() -> tuple[str, str]:
    from capture_lib.games.medieval_capture import GAME
    from capture_lib.games.medieval_capture.render import to_svg
    from capture_lib.search.levels import player_for

    rule = player_for("rule")  # both sides set up as the game's rule-based player would
    state = GAME.new_game(seed=1)
    while state.observation(0)["phase"] == "place":
        state = state.play(rule(state, state.current_player)) if state.current_player >= 0 else state.play_chance()
    return to_svg(state.observation(0), legend=True), "The board after the set-up, as Blue sees it"


#: Each game's handout picture (the SVG and its caption, drawn by the game's own renderer from a seat's
#: view) and the widest it is printed, in mm: a simple diagram needs less room than a whole board.
PICTURES = {"card-commander": (_card_commander, 90), "capture-the-commander": (_capture_the_commander, 62),
            "command-capture": (_command_capture, 86), "medieval-capture": (_medieval_capture, 100)}


def picture_widths(slug: str) -> tuple[float, ...]:
    """The widths (mm) to try for ``slug``'s picture, widest first; ``(0,)`` for a game without one."""
    if slug not in PICTURES:
        return (0,)
    return tuple(w for w in PICTURE_WIDTHS_MM if w <= PICTURES[slug][1]) or PICTURE_WIDTHS_MM[-1:]


def picture_html(slug: str, width_mm: float = PICTURE_WIDTHS_MM[0]) -> str:
    """The figure put where a summary has ``<!-- picture -->``: the engine's SVG and a caption (``KeyError``
    for a game without a picture)."""
    picture, caption = PICTURES[slug][0]()
    return (f'<figure class="picture" style="width: {width_mm:g}mm">{picture}'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>")


def summary_html(slug: str, root: pathlib.Path = ROOT, picture_mm: float | None = None) -> str:
    """The printable HTML page of ``book/<slug>/summary.md`` (the web-only lines left out).

    ``picture_mm`` is the width of the game's picture, where the summary asks for one (default: the widest).
    """
    from markdown_it import MarkdownIt  # comes with the book tools (myst-parser)

    source = (root / "book" / slug / "summary.md").read_text(encoding="utf-8")
    source = _BOOK_ONLY.sub("", source)
    if PICTURE_MARK in source and slug in PICTURES:
        # A block of its own (blank lines around it), so Markdown passes the HTML through untouched.
        width = picture_mm or picture_widths(slug)[0]
        source = source.replace(PICTURE_MARK, "\n" + picture_html(slug, width) + "\n", 1)
    body = MarkdownIt("commonmark", {"html": True}).enable("table").render(source)
    title = re.search(r"^# (.+)$", source, re.MULTILINE)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title.group(1) if title else slug)}</title><style>{_CSS}</style></head>"
            f"<body>{body}<footer>From “Capture! An interactive rulebook”: the rules in our own words, "
            f"with a live board for every rule, at book/{html.escape(slug)}/ in the project.</footer>"
            "</body></html>\n")


def find_chromium() -> str | None:
    """The Chromium to print with, or ``None`` where there is none."""
    candidates = [os.environ.get("CAPTURE_CHROMIUM", ""), *CHROMIUM_PATHS, shutil.which("chromium") or "",
                  shutil.which("chromium-browser") or ""]
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


def pdf_page_count(pdf: bytes) -> int:
    """How many pages a PDF has (its page objects; Chromium writes them uncompressed)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def print_pdf(page: pathlib.Path, pdf: pathlib.Path, chromium: str, timeout: float = 120) -> None:
    """Print the HTML file ``page`` to ``pdf`` with headless Chromium (raises ``RuntimeError`` on failure)."""
    with tempfile.TemporaryDirectory(prefix="capture-chromium-") as profile:
        # A private profile: never touch (or wait on) a Chromium that tests or a person already run.
        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   "--disable-background-networking", "--disable-component-update", "--disable-sync",
                   f"--user-data-dir={profile}", "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                   page.resolve().as_uri()]
        pdf.unlink(missing_ok=True)
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0 or not pdf.is_file():
        raise RuntimeError(f"chromium could not print {page.name} (exit {result.returncode}): "
                           f"{result.stderr.strip()[-500:]}")


def build_summaries(out_dir: pathlib.Path | None = None, root: pathlib.Path = ROOT,
                    chromium: str | None = None) -> list[pathlib.Path]:
    """Write ``<game>.html`` and print ``<game>.pdf`` for every game into ``out_dir``; the PDFs made.

    ``out_dir`` defaults to the built book's ``_build/html/summaries``. Without Chromium, or where it
    fails, only the HTML pages are written and a message says why a PDF is missing.
    """
    out = out_dir or root / "_build" / "html" / "summaries"
    out.mkdir(parents=True, exist_ok=True)
    chromium = chromium or find_chromium()
    if chromium is None:
        print("capture: Chromium was not found, so the printable one-page summaries (PDF) were not made; "
              "install Debian's chromium (apt-get install chromium) or set CAPTURE_CHROMIUM", file=sys.stderr)
    made = []
    for slug in summary_slugs(root):
        page = out / f"{slug}.html"
        pdf = out / f"{slug}.pdf"
        for width in picture_widths(slug):
            page.write_text(summary_html(slug, root, width or None), encoding="utf-8")
            if chromium is None:
                break
            try:
                print_pdf(page, pdf, chromium)
            except (RuntimeError, subprocess.TimeoutExpired) as err:
                # The book itself is built and fine: say what went wrong and go on without this PDF.
                print(f"capture: the one-page summary of {slug} was not printed: {err}", file=sys.stderr)
                pdf.unlink(missing_ok=True)
                break
            # A summary without a picture prints once; one with a picture shrinks it until the page fits.
            if pdf_page_count(pdf.read_bytes()) == 1 or '<figure class="picture"' not in page.read_text("utf-8"):
                break
        if chromium is None or not pdf.is_file():
            continue
        pages = pdf_page_count(pdf.read_bytes())
        if pages != 1:
            print(f"capture: the summary of {slug} runs to {pages} pages; shorten book/{slug}/summary.md",
                  file=sys.stderr)
        made.append(pdf)
    if made:
        print(f"capture: printed {len(made)} one-page summaries into {out}")
    return made


if __name__ == "__main__":
    build_summaries(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else None)
