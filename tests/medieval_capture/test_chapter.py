"""What Medieval Capture's chapter and handouts must hold beyond what every game's do (at least 12 exercises, its
rules index's size, its summary's key rules and picture).

The checks every game's chapter gets are in ``tests/teaching`` and ``tests/lessons``.
"""

from __future__ import annotations

from capture_lib.bookkit import summaries
from capture_lib.bookkit.rules_index import rules_index
from capture_lib.session.course import exercises
from tests.handouts import pdf_text

SLUG = "medieval-capture"
#: No index may shrink below this: the source has at least this many distinct rules.
MOST_RULES_AT_LEAST = 30
#: What the summary must say (checked in the PDF's text, case and spacing ignored).
KEY_RULES = ["white die", "black die", "up to three different pieces", "4 or 5 on the white die",
             "capture only at home", "the knight kills", "rescue", "treasure", "knight space", "catapult",
             "out of its territory", "three crowns win"]
#: Words that the engine's picture writes (its labels are text, so they reach the PDF's text).
PICTURE_WORDS = ["bd", "b5", "home edge"]
#: The fewest exercises the chapter has (issue 25: twelve for the board games).
FEWEST_EXERCISES = 12


def test_the_chapter_has_its_exercises():
    assert len(exercises(SLUG)) >= FEWEST_EXERCISES


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


def test_the_summarys_picture_shows_only_what_its_seat_may_see():
    # Drawn from Blue's observation: Red's hidden Knight never appears.
    svg, _ = summaries.summary_picture(SLUG).draw()
    assert svg.count('stroke="#E6B800" stroke-width="3.5"') == 1  # the gold ring round Blue's own Knight
