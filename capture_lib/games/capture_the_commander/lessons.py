"""Capture the Commander's tutorial and chapter exercises (see ``capture_lib.session.course``).

Positions are written in the game's position text (``game.from_position``): each player's cards by
slot, ``-`` for a card that has left, ``*`` for a card the whole table has seen in a battle. The
learner plays North against South; nobody sees a face-down card, North's own included.
"""

from __future__ import annotations

from functools import cache

from capture_lib import load_game
from capture_lib.core.lessons import Lesson, Step
from capture_lib.core.protocol import Action, State
from capture_lib.games.capture_the_commander.rules.actions import Attack

GAME = load_game("capture-the-commander")
SLUG = GAME.slug


def position(north: str, south: str) -> State:
    """A two-player position with North to attack."""
    return GAME.from_position(f"North: {north}\nSouth: {south}\nturn: North\n")


def _defends(*slots: int):
    """Accept an attack on one of South's ``slots``."""
    def check(_before: State, action: Action, _after: State) -> bool:
        return isinstance(action, Attack) and action.defender_slot in slots
    return check


def _attacks_from(*slots: int):
    """Accept an attack made by one of North's ``slots``."""
    def check(_before: State, action: Action, _after: State) -> bool:
        return isinstance(action, Attack) and action.attacker_slot in slots
    return check


FULL = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


@cache
def tutorial() -> Lesson:
    """Four steps, about five minutes: an attack, coverage, a tie-break, the Commander."""
    strong = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"
    steps = (
        Step(
            title="attack with an uncovered card",
            start=position(strong, FULL),
            seat=0,
            prompt="You are North. Nothing lies on your front row (cards 1 to 4), so those cards may attack. "
                   "Attack South's card 1 with one of them.",
            hint="Only a fully uncovered card (nothing on top of it) may attack; here that is your cards 1 to 4. "
                 "Click one of them, then South's card 1, or type for example N2xS1.",
            explain="Both cards turn face up and the whole table remembers them. The higher rank wins, suits do "
                    "not count: South's 2\u2665 loses and leaves the layout. Then it is South's turn.",
            check=_defends(1),
            example="N1xS1",
        ),
        Step(
            title="partly covered cards may be attacked",
            start=position(strong, "- " + FULL.split(" ", 1)[1]),
            seat=0,
            prompt="A new position. "
                   "South's card 1 has gone, so South's card 5 now has only card 2 on it: it is partially "
                   "covered. Attack South's card 5.",
            hint="A card under two cards is fully covered while both are there and cannot be attacked; once one "
                 "of them has gone it is partially covered, and then it may be attacked.",
            explain="A partially covered card may be attacked (but may not attack). Your card beats South's "
                    "6\u2665, so it leaves too, and South's card 8 below it is now uncovered.",
            check=_defends(5),
            example="N1xS5",
        ),
        Step(
            title="a tie-break with a card you know",
            start=position("7S AS* 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS",
                           "7H 3H 4H 5H 6H 2H 8H 9H 10H JH QH KH AH").play("N1xS1"),
            seat=0,
            prompt="A new position. "
                   "Your 7\u2660 met South's 7\u2665: a tie. Each side now shows a card next to its battle card. "
                   "Your card 2 was seen in an earlier battle: it is your ace. Pick it.",
            hint="In a tie-break each player picks a card adjacent to the one that fought (here your card 2 or 5); "
                 "the attacker picks first, in secret, then the defender.",
            explain="South picked card 2, the 3\u2665, and your ace beats it: South loses the tie-break, and "
                    "South's 7\u2665, the card that fought, leaves the layout.",
            answers=("pick N2",),
            reply=("pick S2",),
        ),
        Step(
            title="capture the Commander",
            start=position("AS* 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH - KH 5D"),
            seat=0,
            prompt="A new position. "
                   "South's card 11 has gone, so South's Commander (C) is only partially covered. Your "
                   "card 1 is the ace everyone saw earlier. Capture the Commander and win.",
            hint="The Commander is attacked like any other card once it is no longer fully covered; only a card "
                 "you know to be higher is sure to beat it, and nothing beats an ace.",
            explain="Your ace beats South's Commander, so South is out of the game and you win.",
            answers=("N1xS13",),
        ),
    )
    return Lesson(SLUG, "Capture the Commander in four moves", steps,
                  intro="Four attacks as North against South: uncovered cards, covered cards, a tie, the Commander.")


@cache
def exercises() -> list[Lesson]:
    """Three questions: which card may attack, which may be attacked, the attack that wins at once."""
    attack = Lesson(SLUG, "Exercise 1: which card may attack?", (Step(
        title="behind the front row",
        start=position("- - 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", FULL),
        seat=0,
        prompt="Your cards 1 and 2 have gone. One card behind your front row may attack now: attack South's "
               "card 1 with it.",
        hint="Only a fully uncovered card may attack. Card 5 lay under cards 1 and 2; card 6 lies under cards "
             "2 and 3, and card 3 is still there.",
        explain="Card 5 is fully uncovered now that cards 1 and 2 have gone; card 6 still has card 3 on it, so "
                "it is partially covered and may not attack.",
        check=_attacks_from(5, 6, 7, 8, 9, 10, 11, 12, 13),
        example="N5xS1",
    ),))
    target = Lesson(SLUG, "Exercise 2: which card may be attacked?", (Step(
        title="South's second row",
        start=position("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS", "- - 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
        seat=0,
        prompt="South's cards 1 and 2 have gone. Attack one of South's second-row cards (5, 6 or 7) that "
               "may be attacked.",
        hint="A card may be attacked unless it is fully covered. Card 5 lay under cards 1 and 2, card 6 under "
             "2 and 3, card 7 under 3 and 4.",
        explain="Card 5 is uncovered and card 6 partially covered (card 3 is still on it): both may be "
                "attacked. Card 7 still has cards 3 and 4 on it, so it is fully covered.",
        check=_defends(5, 6, 7),
        example="N1xS5",
    ),))
    win = Lesson(SLUG, "Exercise 3: win at once", (Step(
        title="a known Commander",
        start=position("KS* JS* 2S 3S 4S 5S 6S 7S 8S 9S 10S AS QS", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH KH - QH*"),
        seat=0,
        prompt="South's Commander was seen in an earlier battle: the Q\u2665. Card 12 has gone, so it may be "
               "attacked. Find the attack that wins the game at once.",
        hint="The higher rank wins a battle. Of your uncovered cards, the table has seen card 1 (K\u2660) and "
             "card 2 (J\u2660); a jack loses to a queen.",
        explain="Your K\u2660 beats the queen: South's Commander is captured and you win. The J\u2660 would "
                "have lost, and an unknown card is a gamble.",
        answers=("N1xS13",),
    ),))
    return [attack, target, win]
