"""Capture the Commander's chapter exercises (see ``capture_lib.session.course``).

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
def exercises() -> list[Lesson]:
    """Nine questions, each harder than the last: which cards may attack or be attacked (1-3), attacks that
    are sure to win because the table has seen the cards (4-5), a tie-break (6), guarding your own
    Commander (7), three players (8) and the attack that wins the game (9)."""
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
    ),), rules=("attacker", "coverage"))
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
    ),), rules=("target", "coverage"))
    straight_under = Lesson(SLUG, "Exercise 3: one card on top", (Step(
        title="straight under one card",
        start=position("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS", "2H 3H 4H - 6H 7H 8H 9H 10H JH QH KH AH"),
        seat=0,
        prompt="South's card 4 has gone. Of South's cards 6, 7 and 10, exactly one may be attacked. "
               "Attack it.",
        hint="Card 6 lies across cards 2 and 3, card 7 across cards 3 and 4, and card 10 straight under card 7. "
             "A card with one card lying straight on it is fully covered.",
        explain="Card 7 has lost one of its two covers (card 4), so it is partially covered and may be "
                "attacked. Card 6 still has both its covers, and card 10 has card 7 lying straight on it: "
                "both are fully covered.",
        answers=("N1xS7", "N2xS7", "N3xS7", "N4xS7"),
    ),), rules=("coverage", "layout"))
    sure_win = Lesson(SLUG, "Exercise 4: a battle you cannot lose", (Step(
        title="cards the table has seen",
        start=position("KS* 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AS", "QH* AH* 4H 5H 6H 7H 8H 9H 10H JH 3H KH 2H"),
        seat=0,
        prompt="Earlier battles showed everyone three cards: your card 1 is the K\u2660, South's card 1 the "
               "Q\u2665 and South's card 2 the A\u2665. Make the attack that is sure to win.",
        hint="The higher rank wins a battle, Ace highest. A card you have never seen might be anything.",
        explain="Your king beats South's queen, so the Q\u2665 leaves South's layout. Against the ace your "
                "king would lose, and any attack with an unseen card is a gamble.",
        answers=("N1xS1",),
    ),), rules=("ranking", "battle"))
    known_and_open = Lesson(SLUG, "Exercise 5: known, but may it attack?", (Step(
        title="coverage and memory",
        start=position("KS* - 5S 4S 3S AS* 7S 6S 8S 9S 10S JS QS", "- 2H AH* 4H QH* 6H 7H 8H 9H 10H JH KH 3H"),
        seat=0,
        prompt="The table has seen four cards: your card 1 (K\u2660) and card 6 (A\u2660), South's card 3 "
               "(A\u2665) and card 5 (Q\u2665). Your card 2 and South's card 1 have gone. Make the attack "
               "that is sure to win.",
        hint="Your ace lies on card 6, across cards 2 and 3, and card 3 is still there: a partially covered "
             "card may be attacked but may not attack. South's card 5 has lost card 1, one of its two covers.",
        explain="Your K\u2660 beats the Q\u2665 on South's card 5, which may be attacked now that card 1 has "
                "gone. Your ace may not attack yet (card 3 still lies on it), and your king would lose to "
                "South's ace.",
        answers=("N1xS5",),
    ),), rules=("attacker", "target", "unseen"))
    # North's card 9 (7S) is open: cards 2, 3 and 6 have gone; North's card 12 was seen in an earlier tie-break.
    tied = position("KS - - 4S 5S - 6S 8S 7S 9S 10S AS* QS",
                    "7H 3H 4H 5H 6H 2H 8H 9H 10H JH QH KH AH").play("N9xS1")
    covered_pick = Lesson(SLUG, "Exercise 6: a covered card breaks the tie", (Step(
        title="pick a covered card",
        start=tied,
        seat=0,
        prompt="Your card 9 attacked South's card 1 and both are sevens: a tie. Your card 12, covered by cards "
               "9 and 10, was seen in an earlier battle: it is your ace. Pick the card that is sure to win the "
               "tie.",
        hint="In a tie each player shows a card adjacent to their card that fought: for your card 9 that is "
             "8, 10, 11 or 12 (card 6 has gone). A covered card may be picked: coverage limits attacks, not "
             "ties.",
        explain="Your ace beats whatever South shows (South picked card 2, the 3\u2665), so you win the "
                "battle and South's 7\u2665, the card that fought, leaves the game.",
        answers=("pick N12",),
        reply=("pick S2",),
    ),), rules=("tie-break", "adjacent"))
    guard = Lesson(SLUG, "Exercise 7: guard your Commander", (Step(
        title="remove the threat",
        start=position("KS 2S 3S QS* 5S 6S 7S 8S 9S 10S - JS 3D*", "AH 10H* 4H 5H 6H 7H 8H 9H 2H JH QH KH 3H"),
        seat=0,
        prompt="Your card 11 has gone, so your Commander may be attacked, and the table knows it is the "
               "3\u2666. South's card 2, the 10\u2665, is uncovered and everyone has seen it: next turn it "
               "can take your Commander without any risk. Your card 4 is a queen the table has seen. Take "
               "that danger away.",
        hint="A card that loses a battle leaves the game. Which of your uncovered cards is sure to beat a ten?",
        explain="Your Q\u2660 beats South's 10\u2665, which leaves the game. South can still attack your "
                "Commander with a card nobody has seen, but no longer with a card sure to win.",
        answers=("N4xS2",),
    ),), rules=("commander-beaten", "battle"))
    three = Lesson(SLUG, "Exercise 8: three players", (Step(
        title="any opponent",
        start=GAME.from_position("North: KS* 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AS\n"
                                 "East: JD* 3D 4D 5D 6D 7D 8D 9D 10D 2D QD KD AD\n"
                                 "West: 2C 3C 4C 5C 6C 7C 8C 10C JC QC - KC 9C*\n"
                                 "turn: North\n"),
        seat=0,
        prompt="Three players: North (you), East and West. You may attack either of them. Your card 1 is the "
               "K\u2660 everyone has seen. East's card 1 is the J\u2666; West's Commander is open (card 11 "
               "has gone) and was seen: the 9\u2663. Make the attack that puts a player out of the game.",
        hint="A player whose Commander loses a battle is out. A Commander may be attacked once one of the two "
             "cards on it (11 and 12) has gone.",
        explain="Your king beats West's Commander: West is out of the game, and you and East play on. Beating "
                "East's jack would only take one card.",
        answers=("N1xW13",),
    ),), rules=("players-and-deck", "commander-beaten"))
    win = Lesson(SLUG, "Exercise 9: win at once", (Step(
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
    ),), rules=("commander-beaten", "winner"))
    return [attack, target, straight_under, sure_win, known_and_open, covered_pick, guard, three, win]
