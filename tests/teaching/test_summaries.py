"""The one-page summaries: printed by Chromium from the book's summary pages, one page each, key rules on it."""

from __future__ import annotations

import re
import unicodedata

import pypdf
import pytest

from capture_lib import list_games, summaries
from capture_lib.summaries import build_summaries, find_chromium, pdf_page_count, summary_html, summary_slugs

#: What each handout must say (checked in the PDF's text, case and spacing ignored).
KEY_RULES = {
    "card-commander": ["karl", "joanne", "jackson", "diamonds +2", "deal ten to each player", "left",
                       "middle", "one extra card", "once per game", "a coin flip", "two rounds"],
    "capture-the-commander": ["ace (highest)", "13 cards each", "fully uncovered", "partially covered",
                              "fully covered", "lower card leaves the game", "adjacent", "no adjacent card left",
                              "commander loses a battle is out"],
    "command-capture": ["exactly one action", "flip", "state lock", "legionnaire", "shield maiden",
                        "assassin", "siege ignores", "shield bash", "capture the enemy commander",
                        "fortress once it is disabled", "timed mode"],
    "medieval-capture": ["white die", "black die", "up to three different pieces", "4 or 5 on the white die",
                         "capture only at home", "the knight kills", "rescue", "treasure", "knight space",
                         "catapult", "out of its territory", "three crowns win"],
}


def _text(pdf_path) -> str:
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(pdf_path).pages)
    # Ligatures (fi, ff) and line breaks: compare plain words.
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).lower()


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    if find_chromium() is None:
        pytest.skip("Debian's chromium is not installed and could not be installed here (tools/test.sh tries)")
    out = tmp_path_factory.mktemp("summaries")
    made = build_summaries(out)
    return {pdf.stem: pdf for pdf in made}


def test_every_game_has_a_summary_page():
    assert summary_slugs() == sorted(list_games()) == sorted(KEY_RULES)


@pytest.mark.parametrize("slug", sorted(KEY_RULES))
def test_each_summary_is_exactly_one_page(printed, slug):
    pdf = printed[slug]
    assert len(pypdf.PdfReader(pdf).pages) == 1
    assert pdf_page_count(pdf.read_bytes()) == 1


@pytest.mark.parametrize("slug", sorted(KEY_RULES))
def test_each_summary_carries_the_key_rules(printed, slug):
    text = _text(printed[slug])
    missing = [phrase for phrase in KEY_RULES[slug] if phrase not in text]
    assert not missing, f"{slug}'s PDF lacks {missing}"


@pytest.mark.parametrize("slug", sorted(KEY_RULES))
def test_the_pdf_is_the_books_own_page(slug):
    # The web page links to the PDF; the printed page leaves that link out but keeps everything else.
    source = (summaries.ROOT / "book" / slug / "summary.md").read_text(encoding="utf-8")
    assert f'href="../../summaries/{slug}.pdf"' in source
    page = summary_html(slug)
    assert "summaries/" not in page and "book-only" not in page
    for heading in re.findall(r"^## (.+)$", source, re.MULTILINE):
        assert f"<h2>{heading}</h2>" in page


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
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{slug}.html" for slug in KEY_RULES)


def test_a_failing_chromium_is_reported(tmp_path, capsys):
    page = tmp_path / "x.html"
    page.write_text("<p>x</p>")
    with pytest.raises(RuntimeError, match="could not print x.html"):
        summaries.print_pdf(page, tmp_path / "x.pdf", "/bin/false")
    assert build_summaries(tmp_path, chromium="/bin/false") == []
    err = capsys.readouterr().err
    assert all(f"summary of {slug} was not printed" in err for slug in KEY_RULES)


@pytest.mark.slow
@pytest.mark.parametrize("slug", sorted(KEY_RULES))
def test_the_built_book_links_each_chapter_to_its_pdf(built_book, slug):
    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    html = built_book["html"]
    if find_chromium() is not None:
        assert (html / "summaries" / f"{slug}.pdf").is_file(), "capture book did not print the summaries"
    for page in ("index.html", "summary.html"):
        text = (html / "book" / slug / page).read_text(encoding="utf-8")
        assert f'href="../../summaries/{slug}.pdf"' in text, f"book/{slug}/{page} does not link to the PDF"
