"""What Capture the Commander's chapter and handouts must hold beyond what every game's do (its rules index's size,
its summary's key rules and picture, a learn page of at most 1500 words, a worksheet whose answer sheet agrees
with the engine, its rulings marked on the summary).

The checks every game's chapter gets are in ``tests/teaching`` and ``tests/lessons``.
"""

from __future__ import annotations

import re

from capture_lib.bookkit import summaries
from capture_lib.bookkit.reading import page_words
from capture_lib.bookkit.rules_index import rules_index
from capture_lib.bookkit.summaries import handouts, summary_html
from tests.handouts import pdf_text
from tests.registry import chapter_page

SLUG = "capture-the-commander"
#: No index may shrink below this: the source has at least this many distinct rules.
MOST_RULES_AT_LEAST = 15
#: What the summary must say (checked in the PDF's text, case and spacing ignored).
KEY_RULES = ["ace (highest)", "13 cards each", "fully uncovered", "partially covered", "fully covered",
             "lower card leaves the game", "adjacent", "no adjacent card left", "commander loses a battle is out"]
#: Words that the engine's picture writes (its labels are text, so they reach the PDF's text).
PICTURE_WORDS = ["the owner sits here", "13 c", "the slots, numbered"]
#: The most words the learn page may hold (a card game's rules are shorter than a board game's).
MOST_LEARN_WORDS = 1500


def test_the_learn_page_is_shorter_than_a_board_games():
    words = page_words(chapter_page(SLUG, "learn"))
    assert words <= MOST_LEARN_WORDS, f"the learn page holds {words} words"


def test_the_rules_index_holds_every_rule_of_the_source():
    assert len(rules_index(SLUG)) >= MOST_RULES_AT_LEAST


def test_the_summary_carries_the_key_rules(printed_handouts):
    text = pdf_text(printed_handouts[SLUG])
    missing = [phrase for phrase in KEY_RULES if phrase not in text]
    assert not missing, f"the PDF lacks {missing}"


def test_the_summary_carries_the_engines_picture(printed_handouts):
    text = pdf_text(printed_handouts[SLUG])
    missing = [words for words in PICTURE_WORDS if words not in text]
    assert not missing, f"the PDF lacks the picture's {missing}"


def test_the_teachers_kit_has_a_worksheet_and_a_separate_answer_sheet():
    assert {(SLUG, "worksheet"), (SLUG, "answers")} <= {(h.slug, h.kind) for h in handouts()}
    sheet = (summaries.ROOT / "book" / "teaching" / f"{SLUG}-worksheet.md").read_text(encoding="utf-8")
    answers = _answers()
    assert f"summaries/{SLUG}-worksheet.pdf" in sheet and f"summaries/{SLUG}-answers.pdf" in answers
    # The students' sheet asks; only the teacher's sheet answers.
    assert "answer sheet" in answers.lower() and "Name:" in sheet and "Name:" not in answers
    asked = re.findall(r"^## (\d+)\.", sheet, re.MULTILINE)
    assert asked and asked == re.findall(r"^## (\d+)\.", answers, re.MULTILINE)


def test_the_summary_marks_its_rulings(printed_handouts):
    source = (summaries.ROOT / "book" / SLUG / "summary.md").read_text(encoding="utf-8")
    assert source.count(summaries.RULING_SIGN) >= 5
    page = summary_html(SLUG)
    assert '<p class="ruling-note"><span class="ruling-sign">' in page
    text = pdf_text(printed_handouts[SLUG])
    assert "this book's ruling: the original rules leave the point open" in text


def _answers() -> str:
    return (summaries.ROOT / "book" / "teaching" / f"{SLUG}-answers.md").read_text(encoding="utf-8")


def test_the_answer_sheet_is_the_engines():
    from capture_lib import load_game
    from capture_lib.games.capture_the_commander.rules import layout

    answers = _answers()
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
