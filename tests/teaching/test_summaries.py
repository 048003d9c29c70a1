"""The one-page summaries: printed by Chromium from the book's summary pages, one page each, key rules on it."""

from __future__ import annotations

import re
import unicodedata

import pypdf
import pytest

from capture_lib import list_games
from capture_lib.bookkit import summaries
from capture_lib.bookkit.summaries import build_summaries, find_chromium, pdf_page_count, summary_html, summary_slugs

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


#: Words that the engine's picture of each game writes (its labels are text, so they reach the PDF's text).
PICTURE_WORDS = {
    "card-commander": ["left lane", "round 1's result", "a round played out"],
    "capture-the-commander": ["the owner sits here", "13 c", "the slots, numbered"],
    "command-capture": ["rome vs red egypt", "the quick start"],
    "medieval-capture": ["blue territory", "red territory", "cathedral (c)", "crown space", "after the set-up"],
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


@pytest.mark.parametrize("slug", sorted(KEY_RULES))
def test_each_handout_carries_the_engines_picture_beside_the_rules(printed, slug):
    # The summary asks for the picture once; the printed page has the engine's SVG there, floated beside the
    # rules, and the PDF (still one page, above) holds the picture's own labels.
    source = (summaries.ROOT / "book" / slug / "summary.md").read_text(encoding="utf-8")
    assert source.count(summaries.PICTURE_MARK) == 1
    page = summary_html(slug)
    figure = re.search(r'<figure class="picture" style="width: (\d+)mm"><svg .*?</svg><figcaption>', page, re.DOTALL)
    assert figure and int(figure.group(1)) == summaries.picture_widths(slug)[0]
    assert summaries.PICTURE_MARK not in page
    text = _text(printed[slug])
    missing = [words for words in PICTURE_WORDS[slug] if words not in text]
    assert not missing, f"{slug}'s PDF lacks the picture's {missing}"


def test_the_picture_shows_only_what_its_seat_may_see():
    # Drawn from Blue's observation: Red's hidden Knight and Red's hidden Assassin never appear.
    from capture_lib.games.command_capture import GAME
    from capture_lib.games.command_capture.render import to_svg
    from capture_lib.games.medieval_capture import render as medieval

    svg, _ = summaries.PICTURES["medieval-capture"][0]()
    assert svg.count(f'stroke="{medieval.GOLD}" stroke-width="3.5"') == 1  # the ring round Blue's own Knight
    svg, _ = summaries.PICTURES["command-capture"][0]()
    everything = to_svg(GAME.quick_start().view(None, everything=True))
    assert everything.count(">ASSN<") == 2 and svg.count(">ASSN<") == 1  # only Blue's own Assassin


def test_a_picture_that_does_not_fit_is_printed_smaller(tmp_path, monkeypatch):
    # Stand-in for Chromium: the page runs to two sheets while the picture is wider than 60 mm.
    def fake_print(page, pdf, chromium, timeout=120):
        width = re.search(r'<figure class="picture" style="width: (\d+)mm"', page.read_text())
        pages = 2 if width and int(width.group(1)) > 60 else 1
        pdf.write_bytes(b"%PDF-1.4 " + b"<< /Type /Page >> " * pages)

    monkeypatch.setattr(summaries, "print_pdf", fake_print)
    made = build_summaries(tmp_path, chromium="/bin/true")
    assert len(made) == len(KEY_RULES)
    for slug in KEY_RULES:
        page = (tmp_path / f"{slug}.html").read_text()
        width = int(re.search(r'style="width: (\d+)mm"', page).group(1))
        assert width == max(w for w in summaries.picture_widths(slug) if w <= 60)
        assert pdf_page_count((tmp_path / f"{slug}.pdf").read_bytes()) == 1
