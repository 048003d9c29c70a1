"""Card Commander's chapter exercises (see ``capture_lib.session.course``).

Every position is dealt through the rules with ``game.setup``; Red's scripted replies are ordinary
legal actions played after the learner's answer, so the learner sees the round that follows.
"""

from __future__ import annotations

from functools import cache

from capture_lib import load_game
from capture_lib.core.cards import Card
from capture_lib.core.lessons import Lesson, Step
from capture_lib.core.protocol import Action, State
from capture_lib.games.card_commander.rules import card_value
from capture_lib.games.card_commander.rules.actions import Extra, Place

GAME = load_game("card-commander")
SLUG = GAME.slug

#: The two hands of the rules chapter's deal: Blue leads Karl, Red Jackson.
BLUE = ("2D", "5D", "7S", "9H", "10C", "3H", "4S", "6C", "8D", "AH")
RED = ("3D", "5S", "7H", "9C", "10D", "2H", "4C", "6S", "8H", "AC")


def dealt() -> State:
    """Commanders chosen (Blue Karl, Red Jackson) and the rules chapter's hands dealt: Blue to place."""
    return GAME.setup(("Karl", "Jackson"), (BLUE, RED))


def _value(card: Card, commander: str) -> int:
    return card_value(card, commander)


def _placed(check):
    """Accept a placement whose three cards (left, middle, right) and the hand before it pass ``check``."""
    def accepts(before: State, action: Action, _after: State) -> bool:
        return isinstance(action, Place) and check(before, action.cards)
    return accepts


def _left_is(extreme):
    """Accept a placement whose left card's value is the ``extreme`` (``max`` or ``min``) of the hand."""
    def check(before: State, cards: tuple) -> bool:
        seat = before.current_player
        commander = before.commanders[seat]
        return _value(cards[0], commander) == extreme(_value(c, commander) for c in before.hands[seat])
    return _placed(check)


def _gives_up_the_left_lane(before: State, cards: tuple) -> bool:
    """The weakest card left, the two strongest in the middle and on the right."""
    seat = before.current_player
    values = sorted((_value(c, before.commanders[seat]) for c in before.hands[seat]), reverse=True)
    mine = [_value(c, before.commanders[seat]) for c in cards]
    return mine[0] == values[-1] and sorted(mine[1:], reverse=True) == values[:2]


def _cheapest_winning_extra(before: State, action: Action, after: State) -> bool:
    """An extra card that wins the tied lane and is worth the least of all the cards that would."""
    if not isinstance(action, Extra):
        return False
    seat, lane = before.current_player, before.tie_lane
    commander = before.commanders[seat]
    winning = [_value(c, commander) for c in before.hands[seat] if _value(c, commander) > 0]
    won = after.rounds[-1]["lane_winners"][lane] == seat if len(after.rounds) > len(before.rounds) else (
        after.lane_winners[lane] == seat)
    return won and _value(action.card, commander) == min(winning)


def _wins_the_game(_before: State, _action: Action, after: State) -> bool:
    return after.is_over and after.winners == (0,)


def _one_exercise(title: str, step: Step, rules: tuple[str, ...]) -> Lesson:
    return Lesson(SLUG, title, (step,), rules=rules)


#: The deals of the exercises (none is the rules pages'): Blue's ten cards, then Red's.
JOANNE_HAND = ("9S", "8S", "2S", "10H", "6H", "3H", "10D", "5D", "AD", "7C")
KARL_OPPONENT = ("10S", "7S", "4S", "9H", "8H", "2H", "9D", "6D", "10C", "4C")
KARL_HAND = ("AS", "3S", "7S", "5H", "8H", "4D", "9D", "2C", "6C", "10C")
JACKSON_OPPONENT = ("2S", "5S", "9S", "10S", "AH", "4H", "9H", "3D", "7D", "8C")
#: Blue leads Joanne; Red, leading Jackson, holds exactly three red cards.
THREE_RED = (("9S", "7S", "2S", "10H", "8H", "6H", "10D", "9D", "10C", "7C"),
             ("3H", "7D", "10S", "2C", "9C", "5S", "4H", "8S", "6C", "AS"))
#: Blue leads Karl; Red, leading Jackson, has one card clearly weakest and two clearly strongest.
SPREAD = (("9D", "8D", "7D", "6D", "10S", "9S", "4S", "10H", "2H", "3C"),
          ("10D", "9H", "8C", "2S", "AC", "6H", "5S", "3D", "7C", "4H"))
#: Blue leads Karl and holds six spades; Red leads Joanne. Played over exercises 7 and 8.
SPADES = (("AS", "2S", "3S", "4S", "6S", "8S", "7H", "9D", "10C", "5C"),
          ("2H", "3H", "4H", "5H", "6H", "8H", "9H", "2D", "3D", "7C"))
#: Blue leads Joanne, Red Jackson: two ties in round 1.
TWO_TIES = (("9S", "7S", "10H", "3H", "2H", "6D", "4D", "AD", "8C", "5C"),
            ("10S", "8S", "2S", "9H", "5H", "7D", "3D", "10C", "6C", "AC"))


@cache
def exercises() -> list[Lesson]:
    """Nine questions for the end of the chapter, from the set-up to the extra card, each harder than the last.

    1-2 choose a Commander; 3-4 a card's value under a Commander; 5 Jackson's colours; 6 giving up a lane;
    7 a tie that cannot change the round; 8 a tie that wins the game, where some cards are worth nothing;
    9 the cheapest card that wins a tie, keeping the strong ones for the rounds to come.
    """
    hearts = _one_exercise("Exercise 1: a Commander for hearts", Step(
        title="choose a Commander",
        start=GAME.new_game(seed=11),
        seat=0,
        prompt="You are Blue and choose first. Choose the only Commander under whom a heart is worth more "
               "than its number.",
        hint="Karl adds 2 to diamonds and takes 2 from spades; Joanne adds 2 to spades and takes 2 from "
             "diamonds; Jackson adds 1 to every red card (hearts and diamonds) and takes 1 from every black one.",
        explain="Jackson: a heart is worth one more than its number under him. Karl and Joanne leave hearts "
                "as they are. Red then chose Karl.",
        answers=("commander Jackson",),
        reply=("commander Karl",),
    ), ("choose-commander", "bonus-jackson"))
    red_choice = _one_exercise("Exercise 2: Red chooses", Step(
        title="Red's Commander",
        start=GAME.new_game(seed=12).play("commander Jackson"),
        seat=1,
        prompt="You are Red. Blue has taken Jackson. Choose the Commander under whom an 8 of diamonds is "
               "worth 10.",
        hint="A card is worth its number plus its owner's Commander bonus; 10 is 8 + 2, and only one "
             "Commander adds 2 to diamonds.",
        explain="Karl adds 2 to diamonds, so the 8\u2666 is worth 10. Under Joanne it would be worth 6 "
                "(diamonds \u22122), and Jackson, worth 9 to it, was Blue's already.",
        answers=("commander Karl",),
    ), ("choose-commander", "bonus-karl"))
    strongest = _one_exercise("Exercise 3: your strongest card", Step(
        title="the strongest card under Joanne",
        start=GAME.setup(("Joanne", "Karl"), (JOANNE_HAND, KARL_OPPONENT)),
        seat=0,
        prompt="You lead Joanne. Put the card worth the most under Joanne in the left lane, and any two cards "
               "in the middle and right lanes.",
        hint="Under Joanne a spade is worth 2 more than its number and a diamond 2 less; hearts and clubs "
             "keep their number.",
        explain="The 9\u2660 is worth 11 (9 + 2): more than the 10\u2665 (10), the 8\u2660 (10) or the "
                "10\u2666, which Joanne brings down to 8.",
        check=_left_is(max),
        example="place 9S 10H 8S",
    ), ("bonus-joanne", "three-lanes"))
    weakest = _one_exercise("Exercise 4: worth less than nothing", Step(
        title="the weakest card under Karl",
        start=GAME.setup(("Karl", "Jackson"), (KARL_HAND, JACKSON_OPPONENT)),
        seat=0,
        prompt="You lead Karl. Put your weakest card, the one worth least under Karl, in the left lane, and "
               "any two cards in the other lanes.",
        hint="Under Karl a spade is worth 2 less than its number and a diamond 2 more. An Ace counts 1 "
             "before the bonus.",
        explain="The A\u2660 is worth 1 \u2212 2 = \u22121, less than nothing: it loses to every card "
                "Red can play. The 3\u2660 is worth 1 and the 2\u2663 2.",
        check=_left_is(min),
        example="place AS 9D 10C",
    ), ("bonus-karl", "three-lanes"))
    red_cards = _one_exercise("Exercise 5: cards that gain", Step(
        title="Jackson's red cards",
        start=GAME.setup(("Joanne", "Jackson"), THREE_RED).play("place 9S 10H 10C"),
        seat=1,
        prompt="You are Red and lead Jackson. Blue has placed, face down. Place three cards that are each "
               "worth one more than their number.",
        hint="Jackson gives +1 to red cards (hearts and diamonds) and \u22121 to black cards (spades and "
             "clubs).",
        explain="You hold exactly three red cards, the 3\u2665, the 4\u2665 and the 7\u2666: each gains "
                "one under Jackson. Your spades and clubs each lose one.",
        check=_placed(lambda _before, cards: all(c.suit in "HD" for c in cards)),
        example="place 3H 7D 4H",
    ), ("bonus-jackson", "own-bonus"))
    spread = _one_exercise("Exercise 6: give up one lane", Step(
        title="two strong, one weak",
        start=GAME.setup(("Karl", "Jackson"), SPREAD).play("place 9D 10S 7D"),
        seat=1,
        prompt="You are Red and lead Jackson. Two lanes win a round, so you need not win all three. Put your "
               "weakest card in the left lane and your two strongest cards in the middle and right lanes.",
        hint="Work out each card's value under Jackson first: red cards +1, black cards \u22121. The "
             "weakest is the lowest value, not the lowest number.",
        explain="The A\u2663 (worth 0) goes left; the 10\u2666 (11) and the 9\u2665 (10) go to the middle "
                "and right. You give up one lane on purpose and put your strength where it can win two.",
        check=_placed(_gives_up_the_left_lane),
        example="place AC 10D 9H",
    ), ("lane-winner", "round-winner"))
    # Round 1 of one game (Blue Karl, Red Joanne): Blue wins the left and middle lanes, the right one ties.
    spades = GAME.setup(("Karl", "Joanne"), SPADES)
    needless_tie = spades.play("place 9D 10C 7H").play("place 8H 9H 7C")
    needless = _one_exercise("Exercise 7: a tie that changes nothing", Step(
        title="keep the extra card",
        start=needless_tie,
        seat=0,
        prompt="Round 1. You have won the left lane (11 against 8) and the middle lane (10 against 9); the "
               "right lane is tied at 7. You may add your one extra card there, or pass. Choose what helps "
               "you more.",
        hint="Two lanes win the round, and you have two already, so the tied lane cannot change who wins "
             "this round. The extra card may be added only once in the whole game.",
        explain="Pass. The round is yours whatever happens in the right lane, so the extra card would be "
                "spent for nothing. Red added the 6\u2665 and won the lane, which changes nothing: you win "
                "round 1, and Red has no extra card left for the rest of the game.",
        answers=("pass",),
        reply=("extra 6H",),
    ), ("extra-card", "extra-once", "round-winner"))
    # Round 2 of the same game: Blue leads 1-0 and Red has spent its extra card.
    deciding_tie = needless.steps[0].outcome(needless.steps[0].expected()).play("place 6S 8S 3S").play(
        "place 4H 2H 3H")
    decider = _one_exercise("Exercise 8: a tie that wins the game", Step(
        title="a card that is worth something",
        start=deciding_tie,
        seat=0,
        prompt="Round 2 of the same game. You lead 1-0 and Red has used its extra card. You won the middle "
               "lane, Red the right one, and the left lane is tied at 4. Win the game now.",
        hint="Red can no longer add a card, so your extra card decides the lane. But under Karl a spade is "
             "worth 2 less than its number: a card worth 0 leaves the tie, and one worth less than 0 loses "
             "the lane.",
        explain="The 4\u2660 (worth 2) or the 5\u2663 (worth 5) wins the left lane, and with it round 2 "
                "and the game. The 2\u2660 is worth 0 (the coin would decide), the A\u2660 \u22121 (the "
                "lane would go to Red), and passing leaves it to the coin.",
        check=_wins_the_game,
        example="extra 5C",
    ), ("extra-card", "lane-winner", "goal"))
    # Round 1 (Blue Joanne, Red Jackson): the left lane ties and Red wins it with the extra card; the middle
    # lane ties too, and Blue, who won the right lane, decides.
    cheap_tie = (GAME.setup(("Joanne", "Jackson"), TWO_TIES).play("place 10H 5C 9S").play("place 9H 6C 10S")
                 .play("pass").play("extra 2S"))
    cheapest = _one_exercise("Exercise 9: win cheaply", Step(
        title="the cheapest card that wins",
        start=cheap_tie,
        seat=0,
        prompt="Round 1, you lead Joanne. The left lane was tied and Red won it with its extra card; you won "
               "the right lane; the middle lane is tied at 5, and it decides the round. Win it, and keep your "
               "strong cards for rounds 2 and 3.",
        hint="Red has no extra card left, so any card of yours worth more than 0 wins the lane. Every card "
             "you add is one fewer for the rounds to come: add the one worth least that still wins.",
        explain="The 2\u2665 or the 4\u2666 (each worth 2 under Joanne) wins the lane and round 1 and costs "
                "you the least. The A\u2666 is worth \u22121 and would lose the lane; the 7\u2660 (9) or "
                "the 8\u2663 (8) would win too, but you will miss them in the rounds to come.",
        check=_cheapest_winning_extra,
        example="extra 2H",
    ), ("extra-card", "extra-once"))
    return [hearts, red_choice, strongest, weakest, red_cards, spread, needless, decider, cheapest]
