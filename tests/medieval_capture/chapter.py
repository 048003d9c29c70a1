"""What Medieval Capture's chapter must hold beyond what every game's does (``tests/chapter_facts.py``)."""

from tests.chapter_facts import ChapterFacts

CHAPTER = ChapterFacts(
    rules_at_least=30,
    key_rules=("white die", "black die", "up to three different pieces", "4 or 5 on the white die",
               "capture only at home", "the knight kills", "rescue", "treasure", "knight space", "catapult",
               "out of its territory", "three crowns win"),
    picture_words=("bd", "b5", "home edge"),
    fewest_exercises=12,  # issue 25: twelve for the board games
    marked_rulings_at_least=5,
)
