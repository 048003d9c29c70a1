"""What Command Capture's chapter must hold beyond what every game's does (``tests/chapter_facts.py``)."""

from tests.chapter_facts import ChapterFacts

CHAPTER = ChapterFacts(
    rules_at_least=25,
    key_rules=("exactly one action", "flip", "state lock", "legionnaire", "shield maiden", "assassin",
               "siege ignores", "shield bash", "capture the enemy commander", "fortress once it is disabled",
               "timed mode"),
    picture_words=("assn", "siege", "blue's first two rows"),
    fewest_exercises=12,  # issue 25: twelve for the board games
    marked_rulings_at_least=5,
)
