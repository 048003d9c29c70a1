"""Card Commander's tutorial and chapter exercises (see ``capture_lib.session.course``).

Every position is dealt through the rules with ``game.setup``; Red's scripted replies are ordinary
legal actions played after the learner's answer, so the learner sees the round that follows.
"""

from __future__ import annotations

from functools import cache

from capture_lib import load_game
from capture_lib.core.lessons import Lesson, Step
from capture_lib.core.protocol import Action, State
from capture_lib.games.card_commander.rules import card_value
from capture_lib.games.card_commander.rules.actions import Extra, Place

GAME = load_game("card-commander")
SLUG = GAME.slug

#: The two hands of the tutorial (the rules chapter uses the same deal): Blue leads Karl, Red Jackson.
BLUE = ("2D", "5D", "7S", "9H", "10C", "3H", "4S", "6C", "8D", "AH")
RED = ("3D", "5S", "7H", "9C", "10D", "2H", "4C", "6S", "8H", "AC")


def dealt() -> State:
    """Commanders chosen (Blue Karl, Red Jackson) and the tutorial's hands dealt: Blue to place."""
    return GAME.setup(("Karl", "Jackson"), (BLUE, RED))


def _left_card_is(card: str):
    def check(_before: State, action: Action, _after: State) -> bool:
        return isinstance(action, Place) and str(action.cards[0]) == card
    return check


def _adds_extra(_before: State, action: Action, _after: State) -> bool:
    return isinstance(action, Extra)


@cache
def tutorial() -> Lesson:
    """Three steps of one game, about five minutes: a Commander, a round, a tie that decides the game."""
    red_round_one = "place 7H 9C 10D"
    # Round 2 goes on from round 1 as the lesson played it; both placements are named in the prompt.
    blue_round_two, red_round_two = "place 7S 6C 3H", "place 6S 4C 8H"
    tie = dealt().play("place 8D 9H 10C").play(red_round_one).play(blue_round_two).play(red_round_two)
    steps = (
        Step(
            title="choose a Commander",
            start=GAME.new_game(seed=1),
            seat=0,
            prompt="You are Blue and choose first. Pick the Commander who makes your diamonds stronger.",
            hint="Karl gives diamonds +2 (and spades -2); Joanne does the opposite; Jackson gives every red "
                 "card +1 and every black card -1.",
            explain="Karl adds 2 to each of your diamonds and takes 2 from each spade. There is only one card "
                    "of each Commander, so Red takes another one: Red chose Jackson. Next, the deal.",
            answers=("commander Karl",),
            reply=("commander Jackson",),
        ),
        Step(
            title="bonuses decide the lanes",
            start=dealt(),
            seat=0,
            prompt="The cards are dealt: ten each. Under Karl your 8\u2666 is worth 10. Place it in the left "
                   "lane and any two other cards in the middle and right lanes (click three cards, then "
                   "'place cards').",
            hint="Cards go left, middle, right in the order you pick them: the 8\u2666 must be your first card.",
            explain="Red (Jackson) places face down after you, then all six cards turn over together. Each card "
                    "gets its owner's bonus and the higher value wins the lane; two lanes win the round.",
            check=_left_card_is("8D"),
            example="place 8D 9H 10C",
            reply=(red_round_one,),
        ),
        Step(
            title="a tie that decides the game",
            start=tie,
            seat=0,
            prompt="The game goes on. Round 1 was yours with 8\u2666 9\u2665 10\u2663 against Red's 7\u2665 "
                   "9\u2663 10\u2666, so you lead 1-0. In round 2 you placed 7\u2660 6\u2663 3\u2665 and "
                   "Red 6\u2660 4\u2663 8\u2665: you win the middle (6 against 3), Red the right (3 against 9), "
                   "and the left lane is tied at 5. That tie decides the round, and with it the game. Add "
                   "your one extra card to the left lane.",
            hint="On a tie each player may add one extra card, once a game; 'pass' keeps it, and if the lane "
                 "stays tied a coin decides. Click one of the 'add ...' buttons, or type extra and a card.",
            explain="Your extra card's value, bonus included, is added to the 5 in the left lane. Red passed, "
                    "so the lane is yours: two lanes win round 2, and two rounds win the game, so the third "
                    "round is not played. A tie matters only when the other two lanes are split: had you "
                    "won both, the round would be yours whatever the tie, and a card added there is wasted.",
            check=_adds_extra,
            example="extra 5D",
            reply=("pass",),
        ),
    )
    return Lesson(SLUG, "Card Commander in three moves", steps,
                  intro="Play one game against a scripted Red: a Commander, a round, and a tie that decides "
                        "the game.")


@cache
def exercises() -> list[Lesson]:
    """Three questions for the end of the chapter: a card's value, Jackson's colours, a winning extra card."""
    best = Lesson(SLUG, "Exercise 1: the strongest card under Karl", (Step(
        title="the strongest card",
        start=dealt(),
        seat=0,
        prompt="You lead Karl. Which of your cards is worth the most in battle? Put it in the left lane "
               "(any cards in the other two).",
        hint="A card's value is its number plus your Commander's bonus: under Karl a diamond is worth 2 "
             "more and a spade 2 less.",
        explain="The 8\u2666 (8 + 2) and the 10\u2663 (10 + 0) are both worth 10: either one is right.",
        check=lambda before, action, _after: isinstance(action, Place) and card_value(
            action.cards[0], "Karl") == max(card_value(c, "Karl") for c in before.hands[0]),
        example="place 8D 9H 10C",
    ),))
    red_placing = dealt().play("place 8D 9H 10C")
    colours = Lesson(SLUG, "Exercise 2: Jackson's colours", (Step(
        title="cards that gain",
        start=red_placing,
        seat=1,
        prompt="You are Red and lead Jackson. Place three cards that are each worth one more than their number.",
        hint="Jackson gives +1 to red cards (hearts and diamonds) and -1 to black cards (spades and clubs).",
        explain="Only hearts and diamonds gain under Jackson: any three of them are right, for example "
                "7\u2665 3\u2666 10\u2666.",
        check=lambda _before, action, _after: isinstance(action, Place) and all(
            c.suit in "HD" for c in action.cards),
        example="place 7H 3D 10D",
    ),))
    # Round 1: a tied left lane; Red spends the extra card and wins the lane, Blue wins round 1 anyway.
    # Round 2: Blue leads 1-0, Red has no spare card left, the left lane is tied (4 against 4); Red wins the
# middle lane and Blue the right one.
    finish = (dealt().play("place 7S 10C 9H").play("place 6S 8H 9C").play("pass").play("extra 2H")
              .play("place 2D 4S 5D").play("place 3D 5S 4C"))
    winning = Lesson(SLUG, "Exercise 3: win at once", (Step(
        title="the deciding tie",
        start=finish,
        seat=0,
        prompt="Round 2: you lead 1-0; Red wins the middle lane, you win the right one, and the left lane is "
               "tied at 4. Red has already used the extra card. Find the decision that wins the game at once.",
        hint="Red cannot answer with an extra card any more, so any extra card worth more than 0 under Karl "
             "breaks the tie for you; passing leaves it to the coin.",
        explain="Any extra card wins the left lane (every card you hold is worth at least 1 under Karl), so "
                "you take two lanes, round 2 and the game. Passing would have left the lane to a coin flip.",
        check=lambda _before, _action, after: after.is_over and after.winners == (0,),
        example="extra 8D",
    ),))
    return [best, colours, winning]

