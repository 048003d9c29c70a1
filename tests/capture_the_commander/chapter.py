"""What Capture the Commander's chapter must hold beyond what every game's does (``tests/chapter_facts.py``)."""

from tests.chapter_facts import ChapterFacts

CHAPTER = ChapterFacts(
    rules_at_least=15,
    key_rules=("ace (highest)", "13 cards each", "fully uncovered", "partially covered", "fully covered",
               "lower card leaves the game", "adjacent", "no adjacent card left", "commander loses a battle is out"),
    picture_words=("the owner sits here", "13 c", "the slots, numbered"),
    # A card game's rules are shorter than a board game's.
    most_learn_words=1500,
    marked_rulings_at_least=5,
)
