"""The handouts: one-page summaries, worksheets and answer sheets printed by Chromium from the book's pages;
pages within their count, the engine's picture on them, the book's rulings marked, every printed label at least
6 pt. What each game's summary must say (its key rules, its picture's words) is declared in its folder's
``chapter.py`` (``tests/chapter_facts.py``) and checked here; its answer sheet's answers in its ``test_*chapter.py``."""

from __future__ import annotations

import math
import re

import pypdf
import pytest

from capture_lib.bookkit import summaries
from capture_lib.bookkit.summaries import (
    build_summaries,
    find_chromium,
    handouts,
    pdf_page_count,
    summary_html,
    summary_slugs,
)
from capture_lib.render.picture import crop
from tests.chapter_facts import chapter_facts
from tests.handouts import pdf_text
from tests.registry import ROOT, chapter_page, games, shipped_games


@pytest.fixture
def printed(printed_handouts):
    """Every handout's PDF by its stem, printed once a run (``tests/conftest.py``)."""
    return printed_handouts


def test_every_summary_page_of_the_book_is_a_handout():
    with_summary = sorted(slug for slug in summary_slugs() if chapter_page(slug, "summary") is not None)
    assert summary_slugs() == with_summary and with_summary
    assert {h.slug for h in handouts() if h.kind == "summary"} == set(with_summary)


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("handout", pages=("summary",)))
def test_each_summary_carries_the_engines_picture_beside_the_rules(printed, slug):
    # The summary asks for the picture once; the printed page has the engine's SVG there, floated beside the
    # rules (each game's folder checks the PDF holds the picture's own labels).
    source = chapter_page(slug, "summary").read_text(encoding="utf-8")
    assert source.count(summaries.PICTURE_MARK) == 1
    page = summary_html(slug)
    figure = re.search(r'<figure class="picture" style="width: (\d+)mm"><svg .*?</svg><figcaption>', page, re.DOTALL)
    assert figure and int(figure.group(1)) == summaries.picture_widths(slug)[0]
    assert summaries.PICTURE_MARK not in page

@pytest.mark.generic
@pytest.mark.parametrize("slug", games(pages=("summary",)))
def test_each_summary_is_exactly_one_page(printed, slug):
    pdf = printed[slug]
    assert len(pypdf.PdfReader(pdf).pages) == 1
    assert pdf_page_count(pdf.read_bytes()) == 1


@pytest.mark.generic
@pytest.mark.parametrize("slug", games(pages=("summary",)))
def test_the_pdf_is_the_books_own_page(slug):
    # The web page links to the PDF; the printed page leaves that link out but keeps everything else.
    source = chapter_page(slug, "summary").read_text(encoding="utf-8")
    assert f'href="../../summaries/{slug}.pdf"' in source
    page = summary_html(slug)
    assert "summaries/" not in page and "book-only" not in page
    for heading in re.findall(r"^## (.+)$", source, re.MULTILINE):
        assert f"<h2>{heading}</h2>" in page


def _facts(slug: str):
    """What ``slug``'s folder declares its chapter must hold; the test is skipped, with the reason, where nothing."""
    facts = chapter_facts(slug)
    if facts is None:
        pytest.skip(f"{slug}'s tests declare nothing its summary must say (tests/{slug.replace('-', '_')}/chapter.py)")
    return facts


def test_every_shipped_game_declares_what_its_chapter_must_hold():
    assert [slug for slug in shipped_games() if chapter_facts(slug) is None] == []


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("handout", pages=("summary",)))
def test_each_summary_carries_its_games_key_rules_and_the_words_of_its_picture(printed, slug):
    facts, text = _facts(slug), pdf_text(printed[slug])
    missing = [phrase for phrase in facts.key_rules if phrase not in text]
    assert not missing, f"the PDF lacks {missing}"
    missing = [words for words in facts.picture_words if words not in text]
    assert not missing, f"the PDF lacks the picture's {missing}"


def test_a_long_page_is_counted(tmp_path):
    chromium = find_chromium()
    if chromium is None:
        pytest.skip("Debian's chromium is not installed")
    page = tmp_path / "long.html"
    page.write_text("<html><body>" + "<p>line</p>" * 300 + "</body></html>")
    summaries.print_pdf(page, tmp_path / "long.pdf", chromium)
    count = pdf_page_count((tmp_path / "long.pdf").read_bytes())
    assert count == len(pypdf.PdfReader(tmp_path / "long.pdf").pages) and count > 1


def test_without_chromium_the_build_says_so_and_makes_no_pdf(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(summaries, "find_chromium", lambda: None)
    assert build_summaries(tmp_path) == []
    assert "Chromium was not found" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{h.stem}.html" for h in handouts())


def test_a_smaller_book_prints_the_handouts_of_its_own_pages_only(tmp_path):
    from capture_lib.bookkit import print_and_play

    for page in ("card-commander/summary.md", "teaching/card-commander-worksheet.md",
                 "teaching/card-commander-answers.md", "command-capture/summary.md"):
        (tmp_path / "book" / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "book" / page).write_text("# A page\n", encoding="utf-8")
    every = {(h.slug, h.kind) for h in handouts(tmp_path)}
    assert every == {("card-commander", "summary"), ("card-commander", "worksheet"), ("card-commander", "answers"),
                     ("command-capture", "summary")}  # no table of contents: every page counts as the book's
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: book/intro\nchapters:\n"
                                       "  - file: book/card-commander/summary.md\n"
                                       "    sections:\n      - file: book/teaching/card-commander-worksheet\n",
                                       encoding="utf-8")
    assert {(h.slug, h.kind) for h in handouts(tmp_path)} == {("card-commander", "summary"),
                                                              ("card-commander", "worksheet")}
    # Card Commander has no print-and-play sheets; Command Capture's are printed only where the book has its pages.
    assert not any(print_and_play.game_in_book(tmp_path, slug) for slug in print_and_play.layouts())
    assert all(print_and_play.game_in_book(ROOT, slug) for slug in print_and_play.layouts())


def test_a_failing_chromium_is_reported(tmp_path, capsys):
    page = tmp_path / "x.html"
    page.write_text("<p>x</p>")
    with pytest.raises(RuntimeError, match="could not print x.html"):
        summaries.print_pdf(page, tmp_path / "x.pdf", "/bin/false")
    assert build_summaries(tmp_path, chromium="/bin/false") == []
    err = capsys.readouterr().err
    assert all(f"summary of {slug} was not printed" in err for slug in summary_slugs())


@pytest.mark.slow
@pytest.mark.generic
@pytest.mark.parametrize("slug", games(pages=("summary",)))
def test_the_built_book_links_each_chapter_to_its_pdf(built_book, slug):
    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    html = built_book["html"]
    if find_chromium() is not None:
        assert (html / "summaries" / f"{slug}.pdf").is_file(), "capture book did not print the summaries"
    for page in ("index.html", "summary.html"):
        text = (html / "book" / slug / page).read_text(encoding="utf-8")
        assert f'href="../../summaries/{slug}.pdf"' in text, f"book/{slug}/{page} does not link to the PDF"


def blank_pdf(pages: int) -> bytes:
    """A PDF of ``pages`` blank A4 pages, as a stand-in for Chromium's print."""
    import io

    from pypdf import PdfWriter

    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(595, 842)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_a_picture_that_does_not_fit_is_printed_smaller_but_never_below_its_legible_width(tmp_path, monkeypatch):
    # Stand-in for Chromium: a page with a picture runs to two sheets until the picture is its narrowest.
    narrowest = {slug: min(summaries.picture_widths(slug)) for slug in summaries.pictures()}

    def fake_print(page, pdf, chromium, timeout=120):
        width = re.search(r'<figure class="picture" style="width: (\d+)mm"', page.read_text())
        slug = next(s for s in sorted(summary_slugs(), key=len, reverse=True) if page.stem.startswith(s))
        pages = 2 if width and int(width.group(1)) > narrowest.get(slug, 0) else 1
        pdf.write_bytes(blank_pdf(pages))

    monkeypatch.setattr(summaries, "print_pdf", fake_print)
    made = build_summaries(tmp_path, chromium="/bin/true")
    assert len(made) == len(handouts())
    for slug in narrowest:
        page = (tmp_path / f"{slug}.html").read_text()
        width = int(re.search(r'style="width: (\d+)mm"', page).group(1))
        assert width == narrowest[slug]
        svg = summaries.summary_picture(slug).draw()[0]
        assert summaries.smallest_label_pt(svg, width) >= summaries.SMALLEST_PT
        assert pdf_page_count((tmp_path / f"{slug}.pdf").read_bytes()) == 1


def test_a_page_that_cannot_fit_is_reported_not_shrunk(tmp_path, monkeypatch, capsys):
    def fake_print(page, pdf, chromium, timeout=120):
        pdf.write_bytes(blank_pdf(3))

    monkeypatch.setattr(summaries, "print_pdf", fake_print)
    build_summaries(tmp_path, chromium="/bin/true")
    err = capsys.readouterr().err
    assert "the summary of card-commander runs to 3 pages (at most 1)" in err
    assert "the worksheet of card-commander runs to 3 pages (at most 2)" in err
    page = (tmp_path / "card-commander.html").read_text()
    width = int(re.search(r'style="width: (\d+)mm"', page).group(1))
    assert width == min(summaries.picture_widths("card-commander"))


# ----- worksheets and answer sheets ---------------------------------------------------------------------


def question_numbers(sheet: str) -> list[str]:
    """The numbers of a worksheet's questions or an answer sheet's answers, as the sheet writes them: headings
    ("## 3. A tie"), or else a bold number ("**3.**") on a worksheet and a numbered list ("3. ") on answers."""
    for pattern in (r"^## (\d+)\.", r"^\*\*(\d+)\.\*\*", r"^(\d+)\. "):
        found = re.findall(pattern, sheet, re.MULTILINE)
        if found:
            return found
    return []


def test_a_worksheet_has_its_separate_answer_sheet():
    # The students' sheet asks; only the teacher's sheet answers, question for question (each game's folder
    # checks its answers against the engine).
    kinds = {(h.slug, h.kind) for h in handouts()}
    sheets = sorted(slug for slug, kind in kinds if kind == "worksheet")
    assert sheets and sheets == sorted(slug for slug, kind in kinds if kind == "answers")
    asked: dict[tuple[str, str], list[str]] = {}
    for handout in handouts():
        if handout.kind in ("worksheet", "answers"):
            text = handout.source.read_text(encoding="utf-8")
            assert ("Name:" in text) == (handout.kind == "worksheet"), handout.stem
            assert handout.kind == "worksheet" or "answer sheet" in text.lower(), handout.stem
            asked[handout.slug, handout.kind] = question_numbers(text)
    for slug in sheets:
        assert asked[slug, "worksheet"], f"{slug}'s worksheet asks nothing"
        assert asked[slug, "worksheet"] == asked[slug, "answers"], f"{slug}'s answer sheet answers other questions"


@pytest.mark.parametrize("handout", handouts(), ids=lambda h: h.stem)
def test_every_handout_prints_within_its_pages(printed, handout):
    pdf = printed[handout.stem]
    assert 1 <= len(pypdf.PdfReader(pdf).pages) <= handout.pages


def printed_sizes(pdf) -> list[tuple[float, str]]:
    """Every piece of text on the printed pages with its size in points, as Chromium set it."""
    sizes = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            m = [tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3],
                 tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]]
            sizes.append((size * math.sqrt(abs(m[0] * m[3] - m[1] * m[2])), text.strip()))

    for page in pypdf.PdfReader(pdf).pages:
        page.extract_text(visitor_text=visit)
    return sizes


@pytest.mark.parametrize("handout", handouts(), ids=lambda h: h.stem)
def test_every_printed_label_is_at_least_6_pt(printed, handout):
    sizes = printed_sizes(printed[handout.stem])
    assert sizes, "no text found in the PDF"
    small = sorted(s for s in sizes if s[0] < summaries.SMALLEST_PT - 0.01)
    assert not small, f"{handout.stem} prints {len(small)} labels under 6 pt, the smallest {small[:3]}"


def test_the_size_measure_sees_a_small_label(tmp_path):
    chromium = find_chromium()
    if chromium is None:
        pytest.skip("Debian's chromium is not installed")
    page = tmp_path / "small.html"
    page.write_text('<html><body><p style="font-size: 10pt">big</p><p style="font-size: 4pt">tiny</p></body></html>')
    summaries.print_pdf(page, tmp_path / "small.pdf", chromium)
    sizes = dict((text, size) for size, text in printed_sizes(tmp_path / "small.pdf"))
    assert abs(sizes["big"] - 10) < 0.1 and abs(sizes["tiny"] - 4) < 0.1


def test_every_picture_is_printed_no_narrower_than_its_labels_allow():
    for slug, picture in summaries.pictures().items():
        svg, widest = picture.draw()[0], picture.widest_mm
        for width in summaries.picture_widths(slug):
            assert summaries.smallest_label_pt(svg, width) >= summaries.SMALLEST_PT, (slug, width)
        assert min(summaries.picture_widths(slug)) <= max(widest, summaries.legible_mm(svg) + 1)


def test_crop_keeps_the_drawing_and_changes_only_the_frame():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100">'
           '<text x="10" y="10" font-size="4">small</text><text x="150" y="80" font-size="12">big</text></svg>')
    part = crop(svg, (0.5, 0.5, 1.0, 1.0))
    assert 'viewBox="100 50 100 50"' in part and 'width="100"' in part and 'height="50"' in part
    assert part.endswith(svg.split(">", 1)[1])
    assert summaries.label_sizes(svg) == [4.0, 12.0] and summaries.label_sizes(part) == [12.0]
    # 12 units of a 100-unit frame printed 50 mm wide: 6 mm, about 17 pt.
    assert abs(summaries.smallest_label_pt(part, 50) - 6 / summaries.MM_PER_PT) < 1e-9
    assert abs(summaries.legible_mm(part) - 6 * summaries.MM_PER_PT * 100 / 12) < 1e-9


# ----- the book's rulings, marked as such -----------------------------------------------------------------


@pytest.mark.parametrize("handout", handouts(), ids=lambda h: h.stem)
def test_rulings_are_marked_with_a_sign_and_explained_in_one_footnote(handout):
    assert summaries.ruling_problems(handout.source.read_text(encoding="utf-8")) == []


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("handout", pages=("summary",)))
def test_each_summary_marks_its_rulings_and_its_pdf_explains_them(printed, slug):
    source = chapter_page(slug, "summary").read_text(encoding="utf-8")
    assert source.count(summaries.RULING_SIGN) >= _facts(slug).marked_rulings_at_least
    assert '<p class="ruling-note"><span class="ruling-sign">' in summary_html(slug)
    assert "this book's ruling" in pdf_text(printed[slug])


def test_the_ruling_check_can_fail():
    sign = summaries.RULING_SIGN
    assert summaries.ruling_problems(f"Aces count 1.{sign}\n") != []  # no footnote
    assert summaries.ruling_problems(f"Plain rules.\n\n{sign} A ruling.\n") != []  # a footnote, no sign
    assert summaries.ruling_problems(f"A.{sign} B.{sign}\n\n{sign} Ours.\n\n{sign} Twice.\n") != []
    assert summaries.ruling_problems(f"A.{sign} B.{sign}\n\n{sign} Our reading.\n") == []
