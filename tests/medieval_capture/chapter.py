"""What Medieval Capture's chapter must hold beyond what every game's does (``tests/chapter_facts.py``)."""

from tests.chapter_facts import ChapterFacts
from tests.kit_facts import KitFacts, LengthRow, against_rule, turns_at

#: Our planning figure for a beginner's roll and three moves (the kit says so), not a measurement.
SECONDS_A_TURN = 90


def crowns(count: int):
    """The stored games played for ``count`` Crowns."""
    return lambda record: record["stats"]["crowns_to_win"] == count


CHAPTER = ChapterFacts(
    rules_at_least=30,
    key_rules=("white die", "black die", "up to three different pieces", "4 or 5 on the white die",
               "capture only at home", "the knight kills", "rescue", "treasure", "knight space", "catapult",
               "out of its territory", "three crowns win"),
    picture_words=("bd", "b5", "home edge"),
    fewest_exercises=12,  # issue 25: twelve for the board games
    marked_rulings_at_least=8,
    kit=KitFacts(
        pace=(f"{SECONDS_A_TURN} s a turn",),
        figures=turns_at(SECONDS_A_TURN),
        lengths=(
            LengthRow("two of the computer's rule-based players, the rules as printed (60 games)", "first-player"),
            LengthRow("the same, playing for one Crown (20 games)", "crowns", crowns(1)),
            LengthRow("the same, playing for two Crowns (20 games)", "crowns", crowns(2)),
            LengthRow("the same, with no catapults (20 games)", "catapults",
                      lambda record: record["variant"] == "no catapults"),
            LengthRow("the rule-based player against the weakest level, random moves (20 games)", "strength",
                      against_rule("random")),
            LengthRow("the rule-based player against the easy level (20 games)", "strength", against_rule("easy")),
            LengthRow("the rule-based player against the hard level (20 games)", "strength", against_rule("hard")),
        ),
        worksheet_at_least=8,
        # Its dice's range and the Treasure Cards' counts, the book's rulings among them.
        summary_says=("(1–12†)", "CAPTURE! ×7†",
                      "† This book's ruling, where the printed rules are unclear: see the Rulings page."),
    ),
)
