"""What Command Capture's chapter and handouts must hold beyond what every game's do (at least 12 exercises, its
rules index's size, its summary's key rules and picture).

The checks every game's chapter gets are in ``tests/teaching`` and ``tests/lessons``.
"""

from __future__ import annotations

from capture_lib.bookkit import summaries
from capture_lib.bookkit.rules_index import rules_index
from capture_lib.session.course import exercises
from tests.handouts import pdf_text

SLUG = "command-capture"
#: No index may shrink below this: the source has at least this many distinct rules.
MOST_RULES_AT_LEAST = 25
#: What the summary must say (checked in the PDF's text, case and spacing ignored).
KEY_RULES = ["exactly one action", "flip", "state lock", "legionnaire", "shield maiden", "assassin",
             "siege ignores", "shield bash", "capture the enemy commander", "fortress once it is disabled",
             "timed mode"]
#: Words that the engine's picture writes (its labels are text, so they reach the PDF's text).
PICTURE_WORDS = ["assn", "siege", "blue's first two rows"]
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
    # Drawn from Blue's observation: Red's hidden Assassin never appears.
    from capture_lib.games.command_capture import GAME
    from capture_lib.games.command_capture.scene import scene
    from capture_lib.render.picture import to_svg

    svg, _ = summaries.summary_picture(SLUG).draw()
    everything = to_svg(scene(GAME.quick_start().view(None, everything=True)))
    assert everything.count(">ASSN<") == 2 and svg.count(">ASSN<") == 1  # only Blue's own Assassin
