"""What Capture the Commander's chapter must hold beyond what every game's does (``tests/chapter_facts.py``)."""

import math
import statistics

from tests.chapter_facts import ChapterFacts
from tests.kit_facts import KitFacts, LengthRow, against_rule

#: Our estimate of a beginner's decision (an attack, or a tie-break pick), not a measurement (the kit says so).
SECONDS_A_DECISION = 20


def players(count: int):
    """The stored hands of ``count`` rule-based players."""
    return lambda record: record["stats"]["players"] == count


def figures(games: list[dict]) -> tuple[str, ...]:
    """The attacks a hand, the fewest attacks that nine hands in ten end within, the tie-break picks a hand, and
    the minutes a hand takes when every player is a student."""
    attacks = sorted(game["stats"]["turns"] for game in games)
    picks = [game["stats"]["picks"] for game in games]
    nine_in_ten = attacks[math.ceil(0.9 * len(attacks)) - 1]
    minutes = (statistics.mean(attacks) + statistics.mean(picks)) * SECONDS_A_DECISION / 60
    return (f"{statistics.mean(attacks):.1f}", f"{nine_in_ten} attacks", f"{statistics.mean(picks):.1f}",
            f"{round(minutes, 1):g}")


CHAPTER = ChapterFacts(
    rules_at_least=15,
    key_rules=("ace (highest)", "13 cards each", "fully uncovered", "partially covered", "fully covered",
               "lower card leaves the game", "adjacent", "no adjacent card left", "commander loses a battle is out"),
    picture_words=("the owner sits here", "13 c", "the slots, numbered"),
    # A card game's rules are shorter than a board game's.
    most_learn_words=1500,
    marked_rulings_at_least=5,
    kit=KitFacts(
        pace=(f"{SECONDS_A_DECISION} s a decision",),
        figures=figures,
        lengths=(
            LengthRow("two of the computer's rule-based players (4,000 hands)", "first-player", players(2)),
            LengthRow("the same, three players (4,000 hands)", "first-player", players(3)),
            LengthRow("the same, four players (4,000 hands)", "first-player", players(4)),
            LengthRow("the rule-based player against the weakest level, random moves (80 hands)", "ratings",
                      against_rule("random")),
            LengthRow("the rule-based player against the easy level (800 hands)", "ratings", against_rule("easy")),
            LengthRow("the rule-based player against the hard level (200 hands)", "ratings", against_rule("hard")),
        ),
        worksheet_at_least=9,
        # The book's rulings on the first dealer, the layout's gaps, ties and the Commander.
        summary_says=("the highest rank deals (tied players draw again).†", "Cards never slide: a gap stays a gap.†",
                      "(with two players: a draw).†", "even when it lost as a tie-break card.†"),
    ),
)
