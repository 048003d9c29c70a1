"""What Card Commander's chapter and handouts must hold beyond what every game's do (its rules index's size, its
summary's key rules and picture, a learn page of at most 1500 words, a worksheet whose answer sheet agrees with
the engine, its rulings marked on the summary).

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

SLUG = "card-commander"
#: No index may shrink below this: the source has at least this many distinct rules.
MOST_RULES_AT_LEAST = 15
#: What the summary must say (checked in the PDF's text, case and spacing ignored).
KEY_RULES = ["karl", "joanne", "jackson", "diamonds +2", "deal ten to each player", "left", "middle",
             "one extra card", "once per game", "a coin flip", "two rounds"]
#: Words that the engine's picture writes (its labels are text, so they reach the PDF's text).
PICTURE_WORDS = ["left lane", "blue wins the round", "each lane's values"]
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


SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _card(text: str):
    from capture_lib.core.cards import Card

    return Card.parse(text[:-1] + SUITS[text[-1]])


def _answers() -> str:
    return (summaries.ROOT / "book" / "teaching" / f"{SLUG}-answers.md").read_text(encoding="utf-8")


def test_the_answer_sheet_is_the_engines():
    from capture_lib import load_game
    from capture_lib.games.card_commander.rules import card_value

    answers = _answers()
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
