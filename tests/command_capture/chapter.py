"""What Command Capture's chapter must hold beyond what every game's does (``tests/chapter_facts.py``)."""

from tests.chapter_facts import ChapterFacts
from tests.kit_facts import KitFacts, LengthRow, against_rule, turns_at

#: Our planning figure for a beginner's single action (the kit says so), not a measurement.
SECONDS_A_TURN = 20


CHAPTER = ChapterFacts(
    rules_at_least=25,
    key_rules=("exactly one action", "flip", "state lock", "legionnaire", "shield maiden", "assassin",
               "siege ignores", "shield bash", "capture the enemy commander", "fortress once it is disabled",
               "timed mode"),
    picture_words=("assn", "siege", "blue's first two rows"),
    fewest_exercises=12,  # issue 25: twelve for the board games
    marked_rulings_at_least=8,
    kit=KitFacts(
        pace=(f"{SECONDS_A_TURN} s a turn",),
        figures=turns_at(SECONDS_A_TURN),
        lengths=(
            LengthRow("two of the computer's rule-based players, every pairing of armies (900 games)",
                      "civilizations"),
            LengthRow("the rule-based player against the weakest level, random moves (10 games)", "strength",
                      against_rule("random")),
            LengthRow("the rule-based player against the easy level (10 games)", "strength", against_rule("easy")),
            LengthRow("the rule-based player against the hard level (10 games)", "strength", against_rule("hard")),
        ),
        worksheet_at_least=8,
        # Its ranges and Timed Mode's points, and the book's rulings among them.
        summary_says=("shoots 2† along its 8 lines", "up to 3 diagonally", "Fortress disabled 8", "Shield Maiden",
                      "Maiden 6", "† This book's ruling, where the printed rules are unclear: see the Rulings page."),
    ),
)
