"""Printable handouts: each game's one-page summary, and the teacher's worksheet and answer sheet.

The handouts are pages of the book: ``book/<game>/summary.md`` (a chapter section) and, where a game's
teacher's kit has them, ``book/teaching/<game>-worksheet.md`` and ``book/teaching/<game>-answers.md``.
This step, run after the Jupyter Book build, turns the same Markdown into a small standalone HTML page
with a print stylesheet and has headless Chromium print it, so a handout always says what the book says.
Results land in ``_build/html/summaries/`` (``<game>.pdf``, ``<game>-worksheet.pdf``,
``<game>-answers.pdf``, each beside its HTML page), where the chapters and the teacher's pages link to
them. A summary must fit on one page, a worksheet or answer sheet on two (``Handout.pages``). Where
Chromium is missing the step says so and makes no PDFs; the book itself is unaffected.

Conventions of the handouts' Markdown:

- ``<!-- picture -->`` on a line of its own asks for the game's picture (the ``PICTURE`` of its ``handout``
  part, ``capture_lib/games/<game>/handout.py``, drawn by the game's scene and the shared SVG renderer) and
  floats it beside the text; the web page shows nothing there. Every label of
  a printed picture is at least ``SMALLEST_PT`` points: a picture is printed no narrower than that allows
  (``legible_mm``), wider while the page still fits, and a picture too fine to print legibly on a page
  is replaced by a simpler one or a part of it (``capture_lib.render.picture.crop``).
- A rule that is this book's ruling, not the printed rules (the source leaves it open), ends with the
  sign ``RULING_SIGN`` (†), and the page carries one footnote paragraph that starts with the sign and
  says what it means (``ruling_problems`` checks both).
- ``<!-- book-only -->...<!-- /book-only -->`` holds what only the web page shows (a link to the PDF).

    python -m capture_lib.bookkit.summaries [OUT_DIR]
"""

from __future__ import annotations

import html
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass

from capture_lib.core.parts import HandoutPicture
from capture_lib.render.picture import viewbox

ROOT = pathlib.Path(__file__).resolve().parents[2]
#: Where Debian's Chromium usually is; ``CAPTURE_CHROMIUM`` overrides, then ``PATH`` is searched.
CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
#: Marks the lines of a summary that make sense only on the web page (the PDF link itself).
_BOOK_ONLY = re.compile(r"<!-- book-only -->.*?<!-- /book-only -->\n?", re.DOTALL)
#: Where a summary wants the engine's picture of its game (a comment, so the book page shows nothing).
PICTURE_MARK = "<!-- picture -->"
#: The picture's width on the printed page, tried in turn until the page fits (never below ``legible_mm``).
PICTURE_WIDTHS_MM = (100, 86, 72, 62, 52, 44, 36)
#: The smallest label a printed picture may have, in points.
SMALLEST_PT = 6.0
#: The sign after a rule that is this book's ruling; the page's footnote paragraph starts with it.
RULING_SIGN = "\u2020"
#: Millimetres per point.
MM_PER_PT = 25.4 / 72

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
p.ruling-note { font-size: 8pt; color: #333; margin-top: 4pt; }
.ruling-sign { color: #8a4b00; font-weight: bold; }
.answer-line { border-bottom: 1px solid #999; min-height: 15pt; margin: 2pt 0 5pt 0; }
body.worksheet td { height: 17pt; }
body.worksheet table { break-inside: avoid; }
body.worksheet h2 { margin-top: 9pt; }
footer { clear: both; margin-top: 6pt; font-size: 7pt; color: #555; border-top: 1px solid #bbb; padding-top: 2pt; }
"""


def summary_slugs(root: pathlib.Path = ROOT) -> list[str]:
    """The registered games that have a ``summary.md`` page in the book, sorted."""
    from capture_lib.games import list_games

    return sorted(slug for slug in list_games() if (root / "book" / slug / "summary.md").is_file())


@dataclass(frozen=True)
class Handout:
    """One printable page or two: a game's summary, worksheet or answer sheet."""

    slug: str
    kind: str
    source: pathlib.Path
    #: The most sheets it may print on.
    pages: int

    @property
    def stem(self) -> str:
        """The name of its HTML page and PDF in the summaries folder (``card-commander-worksheet``)."""
        return self.slug if self.kind == "summary" else f"{self.slug}-{self.kind}"


#: Where each kind of handout's Markdown is, under ``book/``, and how many sheets it may print on.
KINDS = {"summary": ("{slug}/summary.md", 1), "worksheet": ("teaching/{slug}-worksheet.md", 2),
         "answers": ("teaching/{slug}-answers.md", 2)}


def handouts(root: pathlib.Path = ROOT) -> list[Handout]:
    """Every handout the book has: each game's summary, then the worksheets and answer sheets that exist, each only
    where its page is one of the book's (``toc.in_toc``: a smaller book prints only its own)."""
    from capture_lib.bookkit.toc import in_toc, toc_pages

    listed = toc_pages(root)
    found = []
    for kind, (pattern, pages) in KINDS.items():
        for slug in summary_slugs(root):
            source = root / "book" / pattern.format(slug=slug)
            if source.is_file() and in_toc(listed, root, source):
                found.append(Handout(slug, kind, source, pages))
    return found


def ruling_problems(source: str) -> list[str]:
    """What is wrong with how a handout's Markdown marks the book's rulings (``[]`` when nothing is).

    A page that marks a rule with ``RULING_SIGN`` needs exactly one footnote paragraph starting with the
    sign; a footnote without any marked rule explains nothing.
    """
    text = _BOOK_ONLY.sub("", source)
    notes = re.findall(rf"^{RULING_SIGN} \S", text, re.MULTILINE)
    marks = text.count(RULING_SIGN) - len(notes)
    problems = []
    if marks and len(notes) != 1:
        problems.append(f"{marks} rules are marked {RULING_SIGN} but the page has {len(notes)} footnotes "
                        f"starting with {RULING_SIGN} (it needs one)")
    if notes and not marks:
        problems.append(f"a footnote explains {RULING_SIGN} but no rule is marked with it")
    return problems


_TEXT = re.compile(r'<text\b([^>]*)>')


def label_sizes(svg: str) -> list[float]:
    """The font size (in the picture's own units) of every label inside the picture's frame."""
    x0, y0, w, h = viewbox(svg)
    sizes = []
    for attributes in _TEXT.findall(svg):
        size = re.search(r'font-size="([\d.]+)', attributes)
        x = re.search(r'\bx="([-\d.]+)"', attributes)
        y = re.search(r'\by="([-\d.]+)"', attributes)
        if size is None:
            continue
        if x and y and not (x0 <= float(x.group(1)) <= x0 + w and y0 <= float(y.group(1)) <= y0 + h):
            continue  # outside the frame: not printed
        sizes.append(float(size.group(1)))
    return sizes


def smallest_label_pt(svg: str, width_mm: float) -> float:
    """The smallest label of ``svg`` printed ``width_mm`` wide, in points (``inf`` for a picture without text)."""
    sizes = label_sizes(svg)
    if not sizes:
        return float("inf")
    return min(sizes) * width_mm / viewbox(svg)[2] / MM_PER_PT


def legible_mm(svg: str, smallest_pt: float = SMALLEST_PT) -> float:
    """The narrowest width (mm) at which every label of ``svg`` prints at ``smallest_pt`` or more."""
    sizes = label_sizes(svg)
    if not sizes:
        return 0.0
    return smallest_pt * MM_PER_PT * viewbox(svg)[2] / min(sizes)


def summary_picture(slug: str) -> HandoutPicture | None:
    """The picture on ``slug``'s summary (its ``handout`` part's ``PICTURE``), or ``None`` for a game without one."""
    from capture_lib.games import describe

    handout = describe(slug).handout
    return handout.PICTURE if handout is not None else None


def pictures() -> dict[str, HandoutPicture]:
    """Every registered game's summary picture, by slug, in the book's order (games without one left out)."""
    from capture_lib.games import list_games

    found = {slug: summary_picture(slug) for slug in list_games()}
    return {slug: picture for slug, picture in found.items() if picture is not None}


def picture_widths(slug: str) -> tuple[float, ...]:
    """The widths (mm) to try for ``slug``'s picture, widest first, none so narrow that a label prints under
    ``SMALLEST_PT``; ``(0,)`` for a game without one. The narrowest is the legible width itself, rounded up."""
    picture = summary_picture(slug)
    if picture is None:
        return (0,)
    narrowest = math.ceil(legible_mm(picture.draw()[0]))
    widths = tuple(w for w in PICTURE_WIDTHS_MM if narrowest <= w <= picture.widest_mm)
    return widths + ((narrowest,) if narrowest not in widths else ())


def picture_html(slug: str, width_mm: float = PICTURE_WIDTHS_MM[0]) -> str:
    """The figure put where a summary has ``<!-- picture -->``: the engine's SVG and a caption (``KeyError``
    for a game without a picture)."""
    found = summary_picture(slug)
    if found is None:
        raise KeyError(f"{slug} has no summary picture (its handout part's PICTURE)")
    picture, caption = found.draw()
    return (f'<figure class="picture" style="width: {width_mm:g}mm">{picture}'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>")


def _marked(body: str) -> str:
    """The rendered page with each ruling sign styled, and its footnote paragraph set apart."""
    sign = f'<span class="ruling-sign">{RULING_SIGN}</span>'
    body = re.sub(rf"{RULING_SIGN}", sign, body)
    return body.replace(f"<p>{sign} ", f'<p class="ruling-note">{sign} ')


def handout_html(handout: Handout, root: pathlib.Path = ROOT, picture_mm: float | None = None) -> str:
    """The printable HTML page of ``handout`` (the web-only lines left out).

    ``picture_mm`` is the width of the game's picture, where the page asks for one (default: the widest).
    """
    from markdown_it import MarkdownIt  # comes with the book tools (myst-parser)

    source = _BOOK_ONLY.sub("", handout.source.read_text(encoding="utf-8"))
    if PICTURE_MARK in source and summary_picture(handout.slug) is not None:
        # A block of its own (blank lines around it), so Markdown passes the HTML through untouched.
        width = picture_mm or picture_widths(handout.slug)[0]
        source = source.replace(PICTURE_MARK, "\n" + picture_html(handout.slug, width) + "\n", 1)
    body = _marked(MarkdownIt("commonmark", {"html": True}).enable("table").render(source))
    title = re.search(r"^# (.+)$", source, re.MULTILINE)
    where = ("book/" + handout.source.relative_to(root / "book").with_suffix("").as_posix()
             if handout.source.is_relative_to(root / "book") else handout.source.stem)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title.group(1) if title else handout.stem)}</title><style>{_CSS}</style></head>"
            f"<body class=\"{handout.kind}\">{body}<footer>From \u201cCapture! An interactive rulebook\u201d: "
            "the rules in our own words, "
            f"with a live board for every rule, at {html.escape(where)} in the project.</footer>"
            "</body></html>\n")


def summary_html(slug: str, root: pathlib.Path = ROOT, picture_mm: float | None = None) -> str:
    """The printable HTML page of ``book/<slug>/summary.md`` (see ``handout_html``)."""
    source = root / "book" / KINDS["summary"][0].format(slug=slug)
    return handout_html(Handout(slug, "summary", source, KINDS["summary"][1]), root, picture_mm)


def find_chromium() -> str | None:
    """The Chromium to print with, or ``None`` where there is none."""
    candidates = [os.environ.get("CAPTURE_CHROMIUM", ""), *CHROMIUM_PATHS, shutil.which("chromium") or "",
                  shutil.which("chromium-browser") or ""]
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


def pdf_page_count(pdf: bytes) -> int:
    """How many pages a PDF has, read by pypdf from its page tree (wherever the file keeps its objects: a
    compressed object stream too). ``ValueError`` for bytes that are no PDF."""
    import io

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        return len(PdfReader(io.BytesIO(pdf)).pages)
    except (PdfReadError, ValueError, KeyError) as err:
        raise ValueError(f"not a PDF that can be read: {err}") from None


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
    """Write the HTML page and print the PDF of every handout (``handouts``) into ``out_dir``; the PDFs made.

    ``out_dir`` defaults to the built book's ``_build/html/summaries``. Without Chromium, or where it
    fails, only the HTML pages are written and a message says why a PDF is missing. A page with a picture
    is printed with the picture as wide as the page allows, never narrower than its labels can be read.
    """
    out = out_dir or root / "_build" / "html" / "summaries"
    out.mkdir(parents=True, exist_ok=True)
    chromium = chromium or find_chromium()
    if chromium is None:
        print("capture: Chromium was not found, so the printable summaries and worksheets (PDF) were not made; "
              "install Debian's chromium (apt-get install chromium) or set CAPTURE_CHROMIUM", file=sys.stderr)
    made = []
    for handout in handouts(root):
        for problem in ruling_problems(handout.source.read_text(encoding="utf-8")):
            print(f"capture: {handout.source.relative_to(root)}: {problem}", file=sys.stderr)
        page = out / f"{handout.stem}.html"
        pdf = out / f"{handout.stem}.pdf"
        for width in picture_widths(handout.slug):
            page.write_text(handout_html(handout, root, width or None), encoding="utf-8")
            if chromium is None:
                break
            try:
                print_pdf(page, pdf, chromium)
            except (RuntimeError, subprocess.TimeoutExpired) as err:
                # The book itself is built and fine: say what went wrong and go on without this PDF.
                print(f"capture: the {handout.kind} of {handout.slug} was not printed: {err}", file=sys.stderr)
                pdf.unlink(missing_ok=True)
                break
            # A page without a picture prints once; one with a picture narrows it until the page fits.
            if (pdf_page_count(pdf.read_bytes()) <= handout.pages
                    or '<figure class="picture"' not in page.read_text("utf-8")):
                break
        if chromium is None or not pdf.is_file():
            continue
        pages = pdf_page_count(pdf.read_bytes())
        if pages > handout.pages:
            print(f"capture: the {handout.kind} of {handout.slug} runs to {pages} pages (at most "
                  f"{handout.pages}); shorten {handout.source.relative_to(root)}", file=sys.stderr)
        made.append(pdf)
    if made:
        print(f"capture: printed {len(made)} handouts (summaries, worksheets, answer sheets) into {out}")
    return made


if __name__ == "__main__":
    build_summaries(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else None)
