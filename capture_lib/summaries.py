"""Printable one-page summaries: each game's ``book/<game>/summary.md`` printed to PDF by Chromium.

The summary page is part of the book (a chapter section); this step, run after the Jupyter Book build,
turns the same Markdown into a small standalone HTML page with a print stylesheet and has headless
Chromium print it, so the handout always says what the book says. Results land in
``_build/html/summaries/<game>.html`` and ``<game>.pdf``, where each chapter's index page links to them.
Where Chromium is missing the step says so and makes no PDFs; the book itself is unaffected.

    python -m capture_lib.summaries [OUT_DIR]
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

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: Where Debian's Chromium usually is; ``CAPTURE_CHROMIUM`` overrides, then ``PATH`` is searched.
CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
#: Marks the lines of a summary that make sense only on the web page (the PDF link itself).
_BOOK_ONLY = re.compile(r"<!-- book-only -->.*?<!-- /book-only -->\n?", re.DOTALL)

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
footer { margin-top: 6pt; font-size: 7pt; color: #555; border-top: 1px solid #bbb; padding-top: 2pt; }
"""


def summary_slugs(root: pathlib.Path = ROOT) -> list[str]:
    """The games (book folder names) that have a ``summary.md`` page."""
    return sorted(p.parent.name for p in (root / "book").glob("*/summary.md"))


def summary_html(slug: str, root: pathlib.Path = ROOT) -> str:
    """The printable HTML page of ``book/<slug>/summary.md`` (the web-only lines left out)."""
    from markdown_it import MarkdownIt  # comes with the book tools (myst-parser)

    source = (root / "book" / slug / "summary.md").read_text(encoding="utf-8")
    body = MarkdownIt("commonmark", {"html": True}).enable("table").render(_BOOK_ONLY.sub("", source))
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
        page.write_text(summary_html(slug, root), encoding="utf-8")
        if chromium is None:
            continue
        pdf = out / f"{slug}.pdf"
        try:
            print_pdf(page, pdf, chromium)
        except (RuntimeError, subprocess.TimeoutExpired) as err:
            # The book itself is built and fine: say what went wrong and go on without this PDF.
            print(f"capture: the one-page summary of {slug} was not printed: {err}", file=sys.stderr)
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
