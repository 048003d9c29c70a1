"""The handouts: one-page summaries, worksheets and answer sheets printed by Chromium from the book's pages;
pages within their count, key rules on them, the book's rulings marked, every printed label at least 6 pt."""

from __future__ import annotations

import math
import re
import unicodedata

import pypdf
import pytest

from capture_lib import list_games
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
    "card-commander": ["left lane", "blue wins the round", "each lane's values"],
    "capture-the-commander": ["the owner sits here", "13 c", "the slots, numbered"],
    "command-capture": ["assn", "siege", "blue's first two rows"],
    "medieval-capture": ["bd", "b5", "home edge"],
}
#: The games whose teacher's kit has a worksheet and an answer sheet (the other two follow on another branch).
WORKSHEETS = ("card-commander", "capture-the-commander")


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
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{h.stem}.html" for h in handouts())


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
    from capture_lib.games.command_capture.scene import scene
    from capture_lib.render.picture import to_svg

    svg, _ = summaries.summary_picture("medieval-capture").draw()
    assert svg.count('stroke="#E6B800" stroke-width="3.5"') == 1  # the gold ring round Blue's own Knight
    svg, _ = summaries.summary_picture("command-capture").draw()
    everything = to_svg(scene(GAME.quick_start().view(None, everything=True)))
    assert everything.count(">ASSN<") == 2 and svg.count(">ASSN<") == 1  # only Blue's own Assassin


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
    narrowest = {slug: min(summaries.picture_widths(slug)) for slug in KEY_RULES}

    def fake_print(page, pdf, chromium, timeout=120):
        width = re.search(r'<figure class="picture" style="width: (\d+)mm"', page.read_text())
        slug = next(s for s in sorted(KEY_RULES, key=len, reverse=True) if page.stem.startswith(s))
        pages = 2 if width and int(width.group(1)) > narrowest[slug] else 1
        pdf.write_bytes(blank_pdf(pages))

    monkeypatch.setattr(summaries, "print_pdf", fake_print)
    made = build_summaries(tmp_path, chromium="/bin/true")
    assert len(made) == len(handouts())
    for slug in KEY_RULES:
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


def test_the_card_games_have_a_worksheet_and_a_separate_answer_sheet():
    kinds = {(h.slug, h.kind) for h in handouts()}
    for slug in WORKSHEETS:
        assert {(slug, "worksheet"), (slug, "answers")} <= kinds
        sheet = (summaries.ROOT / "book" / "teaching" / f"{slug}-worksheet.md").read_text(encoding="utf-8")
        answers = (summaries.ROOT / "book" / "teaching" / f"{slug}-answers.md").read_text(encoding="utf-8")
        assert f"summaries/{slug}-worksheet.pdf" in sheet and f"summaries/{slug}-answers.pdf" in answers
        # The students' sheet asks; only the teacher's sheet answers.
        assert "answer sheet" in answers.lower() and "Name:" in sheet and "Name:" not in answers
        asked = re.findall(r"^## (\d+)\.", sheet, re.MULTILINE)
        assert asked and asked == re.findall(r"^## (\d+)\.", answers, re.MULTILINE)


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


@pytest.mark.parametrize("slug", WORKSHEETS)
def test_the_card_games_summaries_mark_their_rulings(printed, slug):
    source = (summaries.ROOT / "book" / slug / "summary.md").read_text(encoding="utf-8")
    assert source.count(summaries.RULING_SIGN) >= 5
    page = summary_html(slug)
    assert '<p class="ruling-note"><span class="ruling-sign">' in page
    text = _text(printed[slug])
    assert "this book's ruling: the original rules leave the point open" in text


def test_the_ruling_check_can_fail():
    sign = summaries.RULING_SIGN
    assert summaries.ruling_problems(f"Aces count 1.{sign}\n") != []  # no footnote
    assert summaries.ruling_problems(f"Plain rules.\n\n{sign} A ruling.\n") != []  # a footnote, no sign
    assert summaries.ruling_problems(f"A.{sign} B.{sign}\n\n{sign} Ours.\n\n{sign} Twice.\n") != []
    assert summaries.ruling_problems(f"A.{sign} B.{sign}\n\n{sign} Our reading.\n") == []


# ----- the answer sheets agree with the engine -------------------------------------------------------------

SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _card(text: str):
    from capture_lib.core.cards import Card

    return Card.parse(text[:-1] + SUITS[text[-1]])


def _answers(slug: str) -> str:
    return (summaries.ROOT / "book" / "teaching" / f"{slug}-answers.md").read_text(encoding="utf-8")


def test_card_commander_answers_are_the_engines():
    from capture_lib import load_game
    from capture_lib.games.card_commander.rules import card_value

    answers = _answers("card-commander")
    rows = re.findall(r"^\| (\S+[♠♥♦♣]) \| (\S+) \| (\S+) \| (\S+) \|$", answers, re.MULTILINE)
    assert len(rows) == 5
    for card, *values in rows:
        worth = [card_value(_card(card), name) for name in ("Karl", "Joanne", "Jackson")]
        assert [int(v.replace("\u2212", "-")) for v in values] == worth, card
    # Question 2: Blue (Joanne) 9S 4D 7C against Red (Jackson) 10S 6H 8D.
    game = load_game("card-commander")
    blue = ["9S", "4D", "7C", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    red = ["10S", "6H", "8D", "2H", "3H", "4H", "5H", "7H", "8H", "9H"]
    played = game.setup(("Joanne", "Jackson"), (blue, red)).play("place 9S 4D 7C").play("place 10S 6H 8D")
    result = played.observation(0)["rounds"][0]
    assert result["values"] == [[11, 2, 7], [9, 7, 9]] and result["lane_winners"] == [0, 1, 1]
    assert "Red wins the round" in answers
    # Question 3: under Karl the 2S, AS, 3D and 8C are worth 0, -1, 5 and 8.
    assert [card_value(_card(c), "Karl") for c in ("2♠", "A♠", "3♦", "8♣")] == [0, -1, 5, 8]
    assert "3♦ (worth 5 under Karl)" in answers and "8♣ (worth 8)" in answers
    assert card_value(_card("6♥"), "Jackson") == 7 and card_value(_card("6♣"), "Jackson") == 5
    assert "6♥ is worth 7 and the 6♣ 5" in answers


def test_capture_the_commander_answers_are_the_engines():
    from capture_lib import load_game
    from capture_lib.games.capture_the_commander.rules import layout

    answers = _answers("capture-the-commander")
    game = load_game("capture-the-commander")
    ranks = "2 3 4 5 6 7 8 9 10 J Q K A".split()

    def south_without(*gone):
        cards = [r + "H" if (slot + 1) not in gone else "-" for slot, r in enumerate(ranks)]
        return game.from_position("North: " + " ".join(r + "S" for r in ranks) + "\nSouth: " + " ".join(cards)
                                  + "\nturn: North\n")

    words = {layout.UNCOVERED: "fully uncovered", layout.PARTIAL: "partially covered", layout.FULL: "fully covered"}
    state = south_without(1, 2)
    for slot in (5, 6, 8):
        coverage = state.coverage(1, slot)
        may_attack = "yes" if coverage == layout.UNCOVERED else "no"
        may_be_attacked = "no" if coverage == layout.FULL else "yes"
        assert f"| {slot} | {words[coverage]} | {may_attack} | {may_be_attacked} |" in answers
    assert south_without(3, 4, 7).coverage(1, 10) == layout.UNCOVERED
    assert "## 4. Straight under one card\n\nFully uncovered" in answers
    assert layout.adjacent(1) == (2, 5) and "card 2 or card 5" in answers
    assert sorted(["10♣", "A♦", "2♥", "K♠", "J♥"], key=lambda c: ranks.index(c[:-1])) == [
        "2♥", "10♣", "J♥", "K♠", "A♦"]
    assert "2♥, 10♣, J♥, K♠, A♦" in answers
