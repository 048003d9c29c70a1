"""What Card Commander's chapter must hold beyond what every game's does (``tests/chapter_facts.py``)."""

import statistics

from tests.chapter_facts import ChapterFacts
from tests.kit_facts import KitFacts, LengthRow, against_rule

#: Our estimate of a beginner's decision (a Commander, three cards placed, a tie), not a measurement (the kit says so).
SECONDS_A_DECISION = 40
#: The actions of a game that nobody decides besides its coin flips: the deal of ten cards to each player.
DEALT = 20


def decisions(record: dict) -> int:
    """Both players' decisions in one stored game: its actions less the deal and the coin flips."""
    return record["actions"] - DEALT - record["stats"]["coin_lanes"]


def figures(games: list[dict]) -> tuple[str, ...]:
    """The rounds a game, the games over in two rounds, each player's decisions and two students' minutes."""
    rounds = [game["stats"]["rounds"] for game in games]
    made = statistics.mean(decisions(game) for game in games)
    return (f"{statistics.mean(rounds):.2f}", f"{round(100 * rounds.count(2) / len(rounds))} %", f"{made / 2:.2f}",
            f"{round(made * SECONDS_A_DECISION / 60, 1):g}")


CHAPTER = ChapterFacts(
    rules_at_least=15,
    key_rules=("karl", "joanne", "jackson", "diamonds +2", "deal ten to each player", "left", "middle",
               "one extra card", "once per game", "a coin flip", "two rounds"),
    picture_words=("left lane", "blue wins the round", "each lane's values"),
    # A card game's rules are shorter than a board game's.
    most_learn_words=1500,
    marked_rulings_at_least=5,
    kit=KitFacts(
        pace=(f"{SECONDS_A_DECISION} s a decision",),
        figures=figures,
        lengths=(
            LengthRow("two of the computer's rule-based players, every pair of Commanders (450 games)", "commanders"),
            LengthRow("the rule-based player against the weakest level, random moves (300 games)", "ratings",
                      against_rule("random")),
            LengthRow("the rule-based player against the hard level (100 games)", "ratings", against_rule("hard")),
        ),
        worksheet_at_least=7,
        # The book's rulings on the Ace, the extra card and the end of a game.
        summary_says=("(Ace counts 1,† up to 10)", "with ten cards dealt, that is one card.†",
                      "Both may add a card.†", "and the game stops there.†"),
    ),
)
