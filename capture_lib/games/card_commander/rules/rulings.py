"""Card Commander's options and rulings: every reading of an unclear rule, in one place.

The book's Rulings and Variants sections are generated from ``OPTIONS`` and ``RULINGS``.
"""

from __future__ import annotations

from capture_lib.core.options import Option, Ruling

OPTIONS: tuple[Option, ...] = (
    Option("aces", True, (True, False),
           "Aces are number cards worth 1 (40 cards in play); False leaves them out (36 cards).",
           label="Aces", choice_labels=("Aces count 1 (40 cards)", "no Aces (36 cards)"), table=True),
    Option("same_commander", False, (False, True),
           "Both players may choose the same Commander (as if a second deck supplied the face card).",
           label="The same Commander",
           choice_labels=("one card of each Commander", "both players may lead the same Commander"), table=True),
    Option("play_all_rounds", False, (False, True),
           "Play all three rounds even after a player has won two; the winner still has the most rounds.",
           label="Rounds played", choice_labels=("stop at two round wins", "always play all three rounds"),
           table=True),
    Option("extra_card_bonus", True, (True, False),
           "The extra card added on a tie gets its owner's Commander bonus like any other card.",
           label="The extra card's bonus",
           choice_labels=("the extra card gets the Commander bonus", "the extra card counts its number only")),
)

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        key="aces",
        title="Aces are number cards",
        question="The rules take out the face cards and keep the number cards, but never say what an Ace is.",
        ruling="An Ace is a number card worth 1, so 40 cards are shuffled and 20 of them are dealt.",
        reason="An Ace is not a face card and has no Commander role, and in most games where cards count "
               "their number an Ace counts one.",
        option="aces",
    ),
    Ruling(
        key="commanders",
        title="Three Commanders, chosen in turn",
        question="The rules speak of taking out every face card as a Commander, yet name only three "
                 "Commanders, and allow both players the same Commander if enough cards are available.",
        ruling="Only the three named Commanders exist (Karl, Joanne and Jackson). Blue chooses first, then Red. "
               "With one deck there is one card of each Commander, so Red must choose a different one.",
        reason="The other nine face cards have no bonus described, so they cannot act as Commanders. "
               "A single deck has exactly one King of diamonds, Queen of spades and Jack of hearts.",
        option="same_commander",
    ),
    Ruling(
        key="tie-decision",
        title="Deciding on the extra card in secret",
        question="On a tied lane, may both players add their extra card, and in which order do they decide?",
        ruling="Each player who may still add the extra card decides in secret, Blue first and then Red "
               "without seeing Blue's decision; both decisions are then shown together.",
        reason="Cards are placed face down and revealed together, so deciding in secret keeps the game "
               "simultaneous; an open order would let the second player answer the first.",
    ),
    Ruling(
        key="tie-eligible",
        title="Who may add the extra card",
        question="What does 'enough cards to complete all 3 rounds' allow?",
        ruling="A player may add one card on a tie once per game, and only if after adding it they still hold "
               "three cards for each round still to come. With ten cards dealt this is exactly one spare card.",
        reason="Three rounds of three cards use nine of the ten cards dealt, so one card is spare.",
    ),
    Ruling(
        key="tie-still-tied",
        title="Still tied after the extra cards",
        question="What happens when nobody adds a card, or the lane is still tied after the extra cards?",
        ruling="A coin flip decides the lane: each player is as likely to win it as the other.",
        reason="The rules send every tie that the extra card does not settle to a coin flip.",
    ),
    Ruling(
        key="extra-bonus",
        title="The extra card gets the Commander bonus",
        question="Does the extra card count its face value only, or with the Commander bonus?",
        ruling="It counts with its owner's Commander bonus, like every other card of that player.",
        reason="The bonus applies to a player's cards of a suit or colour, and the extra card is one of them.",
        option="extra_card_bonus",
    ),
    Ruling(
        key="best-of-three",
        title="The game ends at two round wins",
        question="Are all three rounds always played?",
        ruling="No: the game ends as soon as a player has won two rounds, since the third round cannot change "
               "the winner.",
        reason="The object is to win two of three rounds; once that is done nothing is left to decide.",
        option="play_all_rounds",
    ),
    Ruling(
        key="ties-in-order",
        title="Tied lanes are settled left to right",
        question="When several lanes tie in one round, which is settled first?",
        ruling="Left, then middle, then right. A player who adds the extra card in one lane has none left for "
               "the next.",
        reason="The order matters only for the one extra card, and reading order is the natural one.",
    ),
)
