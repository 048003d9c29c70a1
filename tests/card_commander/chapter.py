"""What Card Commander's chapter must hold beyond what every game's does (``tests/chapter_facts.py``)."""

from tests.chapter_facts import ChapterFacts

CHAPTER = ChapterFacts(
    rules_at_least=15,
    key_rules=("karl", "joanne", "jackson", "diamonds +2", "deal ten to each player", "left", "middle",
               "one extra card", "once per game", "a coin flip", "two rounds"),
    picture_words=("left lane", "blue wins the round", "each lane's values"),
    # A card game's rules are shorter than a board game's.
    most_learn_words=1500,
    marked_rulings_at_least=5,
)
