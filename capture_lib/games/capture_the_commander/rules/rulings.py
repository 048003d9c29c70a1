"""Capture the Commander's options and rulings: every reading of an unclear rule, in one place.

The book's Rulings and Variants sections are generated from ``OPTIONS`` and ``RULINGS``.
"""

from __future__ import annotations

from capture_lib.core.options import Option, Ruling

OPTIONS: tuple[Option, ...] = (
    Option("players", 2, (2, 3, 4), "How many players sit at the table (2, 3 or 4).",
           label="Players", choice_labels=("2 players", "3 players", "4 players"), table=True),
    Option("hands", 1, tuple(range(1, 13)),
           "How many hands make up the match; the dealer moves one seat clockwise after each hand.",
           label="Hands in the match",
           choice_labels=("one hand", *(f"a match of {n} hands" for n in range(2, 13))), table=True),
    Option("first_dealer", "draw", ("draw", 0, 1, 2, 3),
           "Who deals the first hand: 'draw' for the high-card draw, or a seat number to skip the draw.",
           label="First dealer",
           choice_labels=("drawn for: the highest card deals", "North", "the player on North's left",
                          "the second player clockwise from North", "the third player clockwise from North")),
    Option("adjacency", "both-ways", ("both-ways", "under-only"),
           "Which cards count as adjacent in a tie-break: 'both-ways' adds the cards lying on top of "
           "the tied card to those it lies on and its row neighbours; 'under-only' leaves them out.",
           label="Adjacent cards in a tie-break",
           choice_labels=("the cards on it, under it and beside it", "only the cards under it and beside it")),
    Option("tie_anchor", "battle-card", ("battle-card", "last-card"),
           "What a tie-break card must be adjacent to: the card that fought ('battle-card') or the "
           "card its player showed last ('last-card').",
           label="Each tie-break card lies next to",
           choice_labels=("the card that fought", "the card its player showed last")),
    Option("tie_loser", "battle-card", ("battle-card", "tie-card"),
           "Which card leaves after a tie-break: the loser's card that fought ('battle-card') or the "
           "loser's tie-break card that lost ('tie-card'). Either way a losing Commander eliminates.",
           label="The card that leaves after a tie-break",
           choice_labels=("the loser's card that fought", "the loser's tie-break card")),
    Option("run_out", "adjacent", ("adjacent", "layout"),
           "When a tie cannot go on for lack of adjacent cards: 'adjacent' eliminates whoever ran out "
           "(both, if both ran out at once); 'layout' eliminates whoever has fewer cards left in their "
           "layout, even the player who could have gone on (both, with equal counts).",
           label="Running out of cards in a tie-break",
           choice_labels=("whoever has no adjacent card left is out",
                          "whoever has fewer cards left in the layout is out")),
)

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        key="layout",
        title="The layout, slot by slot",
        question="The picture of the layout is missing, and one sentence says that card 10 is covered by "
                 "card 10.",
        ruling="Slots 1 to 4 form the far row and lie on top. Slots 5, 6 and 7 each lie across two "
               "neighbours of that row (5 under 1 and 2, 6 under 2 and 3, 7 under 3 and 4). Slots 8, 9 "
               "and 10 each lie directly under one card (8 under 5, 9 under 6, 10 under 7). Slots 11 and "
               "12 lie across 8 and 9 and across 9 and 10. The Commander, slot C (13), lies across 11 and 12. "
               "Card 10 is covered by card 7.",
        reason="This is the only arrangement that fits every card the text numbers, its row sizes and "
               "each example of coverage it gives; 'card 10 by card 10' can only be a slip for card 7, "
               "the card directly above it.",
    ),
    Ruling(
        key="direct-cover",
        title="A card under a single card is fully covered",
        question="When a card lies directly under one card, is it only partially covered, since a "
                 "single card is on it?",
        ruling="It is fully covered as long as that card remains, and fully uncovered once it leaves; it "
               "is never partially covered.",
        reason="The text counts a card lying straight on top as covering all of the card below, the same "
               "as two cards on its two sides. Partial cover means one of two sides is open.",
    ),
    Ruling(
        key="gaps",
        title="Removed cards leave gaps",
        question="When a card leaves, do the cards around it move, and does a card further up now cover "
                 "the cards below the gap?",
        ruling="Nothing moves. Coverage comes only from the cards that lay directly on a card in the full "
               "layout and are still there, and two cards with a gap between them in a row are not "
               "neighbours.",
        reason="The cards stay where they were put; a card two rows up never touched the card below the "
               "gap.",
    ),
    Ruling(
        key="dealer-draw",
        title="The draw for the first dealer",
        question="How is a tie for the highest card settled when drawing for the first dealer?",
        ruling="Each player in seat order draws one card from the full deck; the highest rank deals. If "
               "several players tie for the highest rank, the drawn cards go back and only those players "
               "draw again.",
        reason="Suits have no rank in this game, so a tie has to be broken by drawing again, the usual "
               "custom.",
        option="first_dealer",
    ),
    Ruling(
        key="shuffle-cut-deal",
        title="Shuffle, cut and deal as chance events",
        question="How are the shuffle, the cut and the deal recorded, so that a game can be replayed?",
        ruling="The player at the dealer's right cuts, lifting between 4 and 48 cards (so each part keeps "
               "at least 4). The deal is then recorded card by card, every card not yet dealt being "
               "equally likely to come next. Cards "
               "go one at a time to the dealer's left first and on clockwise, 13 to each player; the rest "
               "are set aside unseen.",
        reason="A thorough shuffle makes every order equally likely, which is exactly what dealing a "
               "uniformly chosen card at each step gives; after such a shuffle no cut changes the odds, "
               "so the cut is kept as a recorded event rather than a decision.",
    ),
    Ruling(
        key="laying-out",
        title="Where each dealt card goes",
        question="In what order does a player lay the dealt cards out, and does reshuffling the stack "
                 "matter?",
        ruling="The k-th card a player receives goes to slot k. Reshuffling one's own stack is not "
               "modelled.",
        reason="Nobody sees the cards while laying them out, so any order gives the same game; reshuffling "
               "an unseen stack changes nothing either.",
    ),
    Ruling(
        key="hidden",
        title="Face-down values stay hidden, but the table remembers",
        question="Who knows the values of the face-down cards?",
        ruling="Nobody, their owner included, until a battle shows them. A card shown in a battle goes "
               "back face-down, but every player saw it: the boards remember it for everyone, and list "
               "every card beaten out of the game.",
        reason="The owner may not look at the layout, so what a player knows is exactly what the whole "
               "table has seen.",
    ),
    Ruling(
        key="attack",
        title="Who may be attacked",
        question="Which cards may attack, and which may be attacked?",
        ruling="The player to act attacks with one of their own fully uncovered cards. The target is a "
               "fully uncovered or partially covered card in the layout of any opponent still in the "
               "game. A player never attacks their own layout.",
        reason="The text restricts the attacker to uncovered cards and the target to cards that are not "
               "fully covered, and speaks of attacking an opponent.",
    ),
    Ruling(
        key="adjacency",
        title="Adjacent cards in a tie-break",
        question="The text calls a card adjacent when it is covered by the other card or next to it in "
                 "its row. Does a card lying on top of the tied card count too?",
        ruling="Yes: adjacency goes both ways. The cards on top of the tied card, the cards it lies on, "
               "and its neighbours in its row are all adjacent.",
        reason="Adjacent normally means touching, which goes both ways. Read one way only, a Commander "
               "under attack could never break a tie, since it lies on no card and has no neighbour.",
        option="adjacency",
    ),
    Ruling(
        key="tie-anchor",
        title="Adjacent to the card that fought",
        question="After a second tie, must the next card be adjacent to the card that fought or to the "
                 "tie-break card just shown?",
        ruling="Every tie-break card must be adjacent to the player's card that fought the battle.",
        reason="The text asks for another such adjacent card, the same relation as the first time.",
        option="tie_anchor",
    ),
    Ruling(
        key="tie-pick",
        title="Any adjacent card, each once",
        question="May a covered card be picked to break a tie, and may a card be shown twice?",
        ruling="Any adjacent card still in the layout may be picked, however covered. A card already "
               "shown in the same battle (including the card that fought) may not be picked again.",
        reason="Coverage limits attacking, not tie-breaking, and the text says any adjacent card. Showing "
               "the same card again would tie again forever; the text asks for another card.",
    ),
    Ruling(
        key="tie-order",
        title="Tie-break picks are secret until both are made",
        question="Both players pick at the same moment; how does the engine ask them?",
        ruling="The attacker picks first, then the defender, who is not told which card the attacker "
               "picked. Both picks are then shown together.",
        reason="Picks are made at the same time at the table. A card's value may be known from an earlier "
               "battle, so seeing the other pick first would be an advantage.",
    ),
    Ruling(
        key="tie-loser",
        title="The loser's card that fought leaves",
        question="After a tie-break, which card leaves the layout, and what happens to the tie-break cards?",
        ruling="The tie-break decides the battle, so the losing player's card that fought leaves the game. "
               "Every tie-break card goes back face-down where it was, remembered by everyone, unless it "
               "is a Commander that lost (see the ruling on a Commander beaten in a tie-break).",
        reason="The text says the higher tie-break card wins the battle; the battle was between the two "
               "cards that met, so the lower of those is what is beaten.",
        option="tie_loser",
    ),
    Ruling(
        key="run-out",
        title="Running out of adjacent cards",
        question="What are the 'fewer cards' when a player has no adjacent card left for a tie-break?",
        ruling="The cards counted are the adjacent cards still available for the tie-break. The check "
               "comes before each round of picks: a player with none left is eliminated, even with more "
               "cards in the layout than the other player, and the other player stays in and wins the "
               "battle, so no card of theirs leaves. If both have none left at the same moment (the last "
               "cards shown tied), both are eliminated; with two players the hand is drawn.",
        reason="The condition speaks of the other player still having cards, which can only mean cards "
               "to go on with in the tie-break, so the count that follows compares those same cards: the "
               "player who ran out always has fewer. Equal counts can then only mean both ran out on a "
               "tie, which is exactly the case the text names for a double elimination. Counting whole "
               "layouts instead (the option) can eliminate the player who could still go on.",
        option="run_out",
    ),
    Ruling(
        key="commander-tie",
        title="A Commander beaten in a tie-break",
        question="The Commander can take part in a tie-break as the card that fought or, lying under "
                 "cards 11 and 12, as a tie-break card. Is it captured when its side loses?",
        ruling="Yes. A Commander on the losing side of a battle, as the card that fought or as the "
               "tie-break card that lost, is beaten and its player is eliminated, whichever card would "
               "otherwise leave after the tie-break. A Commander shown in a tie-break round that tied "
               "again is not beaten.",
        reason="The text eliminates a player whose Commander is beaten by another card during a battle, "
               "and a tie-break card that shows a lower rank than the other player's is beaten by it, "
               "in the same battle.",
    ),
    Ruling(
        key="eliminated",
        title="What happens to an eliminated player's cards",
        question="What becomes of the layout of a player whose Commander is beaten?",
        ruling="The player takes no more turns; their remaining cards are set aside unseen and cannot be "
               "attacked.",
        reason="The Commander was captured, so the player is out of the game, and the text never lets a "
               "player attack a layout whose owner has left it.",
    ),
    Ruling(
        key="turn-order",
        title="The next turn",
        question="Who plays after a battle?",
        ruling="The next player still in the game clockwise from the attacker, whether or not the "
               "attacker survived the battle. The player at the dealer's left plays first.",
        reason="Turns go clockwise from the dealer's left, skipping those who are out.",
    ),
    Ruling(
        key="shared-finish",
        title="The last two eliminated together",
        question="What if the last two players still in are eliminated in the same tie-break?",
        ruling="With two players the hand is drawn. With three or four, those two share first place.",
        reason="The text calls it a tie between two players; with more, both outlasted everyone else.",
    ),
    Ruling(
        key="match",
        title="A match of several hands",
        question="The dealer rotates between hands, but no match score is given.",
        ruling="The table agrees on the number of hands before the first deal. Each hand scores 2 points "
               "for a sole winner and 1 point to each of two players who share it. The highest total wins the match; a "
               "tie for the highest total is shared, and a tie among everyone is a draw.",
        reason="A hand's result is win or share, so a simple points count keeps every hand worth the same.",
        option="hands",
    ),
    Ruling(
        key="seats",
        title="Seats and their names",
        question="How are the players named?",
        ruling="Seats are named by the compass, clockwise: North and South with two players; North, East "
               "and West with three; North, East, South and West with four.",
        reason="Compass names make clockwise order easy to see and each seat's first letter is unique for "
               "the notation.",
    ),
)
