"""Capture: A Medieval Wargame's options and rulings: every reading of an unclear rule, in one place.

The book's Rulings and Variants sections are generated from ``OPTIONS`` and ``RULINGS``.
"""

from __future__ import annotations

from capture_lib.core.options import Option, Ruling

OPTIONS: tuple[Option, ...] = (
    Option("black_die", 12, (12, 8, 10, 20),
           "Sides of the black die (the enemy-territory die); the white die always has six.",
           label="Black die", choice_labels=("12 sides", "8 sides", "10 sides", "20 sides"), table=True),
    Option("river_distance", "per-boat", ("per-boat", "free"),
           "Whether every hop from boat to boat costs one space, or a whole river voyage between getting on "
           "and getting off costs nothing beyond those two steps.", label="A river voyage costs",
           choice_labels=("one space a boat", "only the steps on and off")),
    Option("catapult_rolls", "4-5", ("4-5", "4", "4-5-6", "3-4-5-6", "none", "off"),
           "The white-die numbers that give catapult shots. With cards only, the dice give no shots but "
           "CATAPULT! cards still fire; with no catapults, the CATAPULT! cards leave the deck too.",
           label="Catapult shots on", choice_labels=("a white 4 or 5", "a white 4", "a white 4, 5 or 6",
                                                      "a white 3 to 6", "CATAPULT! cards only", "no catapults"),
           table=True),
    Option("catapult_shots", 1, (1, 2, 3),
           "Shots a qualifying white die gives.", label="Shots a roll gives", choice_labels=("1", "2", "3"),
           table=True),
    Option("catapult_spread", "skilled", ("skilled", "sure", "wild"),
           "How far a boulder strays, as a share of the shot's length (across the line of flight; half as "
           "far again along it): a sure hand 3% (the aim or a neighbour), a skilled hand 7%, wild 15% "
           "(candy for boulders: it may land far off, or off the board).",
           label="Boulders fly", choice_labels=("as from a skilled hand", "as from a sure hand",
                                                 "wild (candy boulders)"), table=True),
    Option("blue_pieces", 7, (7, 8, 9, 10),
           "Pieces Blue places at the start (one is the Knight); the rest of the ten wait in reserve.",
           label="Blue's pieces at the start", choice_labels=("7", "8", "9", "10"), table=True),
    Option("red_pieces", 7, (7, 8, 9, 10),
           "Pieces Red places at the start (one is the Knight); the rest of the ten wait in reserve.",
           label="Red's pieces at the start", choice_labels=("7", "8", "9", "10"), table=True),
    Option("killed_return", "never", ("never", "recruit", "knight-spaces", "both"),
           "Whether killed pieces may come back: by a RECRUIT card, by a Knight space, or both.",
           label="Killed pieces come back",
           choice_labels=("never", "with a RECRUIT card", "by a Knight space", "either way"), table=True),
    Option("knight_spaces", "reserves", ("reserves", "no-effect"),
           "Whether crossing a Knight space in enemy territory brings a reserve to the Cathedral.",
           label="Knight spaces", choice_labels=("bring in a reserve", "do nothing"), table=True),
    Option("forced_stops", "none", ("none", "knight-spaces", "treasure-spaces", "both"),
           "Which special spaces work only for a piece that ends its move on them: Knight spaces, "
           "treasure spaces, both, or none (they work when passed too).", label="Stop to use",
           choice_labels=("no space (passing is enough)", "Knight spaces", "treasure spaces", "both"),
           table=True),
    Option("treasure_deck", "text", ("text", "extended"),
           "The rulebook's deck holds only the cards it names (CAPTURE! 7, CATAPULT! 7, AMBUSH! 1, RANSOM 1, "
           "RECRUIT 2). The extended deck: CAPTURE! 3, CATAPULT! 3, AMBUSH! 1, RANSOM 1, RECRUIT 2 and this "
           "project's own MARCH 3, HORSES 3, REROLL 2. For the turn it is played, MARCH bends the rule of "
           "three pieces a turn (four move) and HORSES the rule that pieces at home move with the white die "
           "(every piece may use the higher die).", label="Treasure deck",
           choice_labels=("the rulebook's deck", "the extended deck"), table=True),
    Option("crowns_to_win", 3, (3, 2, 1),
           "How many enemy Crowns a player must capture to win.", label="Crowns to win",
           choice_labels=("3", "2", "1"), table=True),
    Option("crown_returns", False, (False, True),
           "Whether a Crown whose carrier is captured or killed goes back to its own Crown space.",
           label="A fallen carrier's Crown", choice_labels=("stays where it fell", "goes back home"),
           table=True),
    Option("players", 2, (2, 4),
           "Four players in two teams: in each team one partner moves the pieces at home and in the "
           "Cathedral, the other the pieces in enemy territory.", label="Players",
           choice_labels=("2", "4, in two teams"), table=True),
)

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        key="board",
        title="The board",
        question="The rulebook describes rock trails, two rivers, two lakes, a Cathedral, Crown, Knight and "
                 "treasure spaces and two dungeons, but the printed board is not part of the text.",
        ruling="The engine plays on a board designed for this project, drawn on every page of this chapter: each "
               "territory has 51 numbered spaces (44 rocks, 3 of them Crown spaces, 4 Knight spaces, 5 treasure "
               "spaces, 2 bridges; 7 boats), a dungeon behind its Crowns, and a lake with three boats. Both "
               "rivers, four boats long, cross the border, two boats in each territory. The Cathedral sits "
               "on the border in the middle. Red's half is the mirror image of Blue's. One lake boat docks at "
               "the middle Crown space (b5, r5): raiders who land there may pass the Crown by or stop on it "
               "without taking it, so the dock forces nothing on them.",
        reason="A mirror-image board is fair to both sides, and every rule of the text has a place where it "
               "can happen; the board tests check both.",
    ),
    Ruling(
        key="black-die",
        title="The black die has twelve sides",
        question="The example rolls an 11 on the black die, so it is not an ordinary six-sided die. How many "
                 "sides does it have?",
        ruling="Twelve (1 to 12), each equally likely. The white die is an ordinary die (1 to 6).",
        reason="Twelve is the smallest common die that can show 11, and it makes attacks in enemy territory "
               "fast, which the Strategy section says they are.",
        option="black_die",
    ),
    Ruling(
        key="river-distance",
        title="How far a river voyage counts",
        question="The text says a piece may go as far on a river as it likes, and also that each stretch "
                 "between boats is one space.",
        ruling="Getting on a boat, every hop from boat to boat, and getting off each count one space. A "
               "piece may pass any number of boats in one move (as far as its die allows) but never ends "
               "its move on one.",
        reason="Only this reading gives the stated distances a use; the rivers are still fast because they "
               "join places that are far apart by trail.",
        option="river_distance",
    ),
    Ruling(
        key="river-boats",
        title="A river's four spaces are its four boats",
        question="A river is four spaces long and has boats; are the four spaces water between the boats, "
                 "or the boats themselves?",
        ruling="The boats are the river's spaces: each river has four boats in a row, each docked at one rock, "
               "and a voyage is the step on, a hop from boat to boat for each space sailed, and the step off. "
               "The water between two boats is no space of its own.",
        reason="The text counts each boat as one space and the distance between boats as one space, and gives "
               "each river a length of four spaces: four boats in a row fit all three.",
    ),
    Ruling(
        key="bridges",
        title="Pieces on bridges",
        question="May a piece stand on a bridge, and does it block the river under it?",
        ruling="A bridge is a rock of the trail (one space) where the trail crosses the water: a piece may "
               "pass it or end its move on it, and there it blocks the trail like any piece. It never blocks "
               "the river: boats sail under it, and nobody boards or leaves a boat at a bridge.",
        reason="The text lets bridges carry the trail across a river and forbids getting on or off the river "
               "there; it never makes a bridge something other than a space of the trail.",
    ),
    Ruling(
        key="lakes",
        title="Crossing a lake",
        question="How far is a lake crossing?",
        ruling="Each of a lake's three boats is joined by water to the other two, and as on a river every "
               "step (on, across, off) is one space. A lake lies wholly in one territory.",
        reason="The text counts each boat as one space and lets a piece sail to either of the other boats.",
    ),
    Ruling(
        key="no-space-twice",
        title="No space twice in one move",
        question="The text forbids crossing the same rock twice in one move; what about boats and the "
                 "Cathedral?",
        ruling="A move is a path that visits no space twice, whatever its kind.",
        reason="Boats and the Cathedral count as one space each, so they are spaces like rocks.",
    ),
    Ruling(
        key="blocking",
        title="What blocks a path",
        question="Which spaces may a piece pass over?",
        ruling="A piece may not pass over any space that holds a piece, of either colour, except the "
               "Cathedral, which may always be crossed. Crowns lying on a space never block. Dungeons "
               "can only be the last step of a rescue. Boats can be crossed but never ended on.",
        reason="The text forbids moving over or around pieces on a trail, lets every piece cross the "
               "Cathedral, and keeps dungeons for rescuers.",
    ),
    Ruling(
        key="cathedral",
        title="The Cathedral: shared, neutral and sheltered",
        question="How many pieces fit in the Cathedral; can pieces be captured there; which die does a "
                 "piece there use?",
        ruling="Any number of pieces of both colours may share it. It belongs to neither territory, so "
               "nobody captures there, and a boulder never harms a piece inside. A piece that starts the "
               "turn there moves with either die, so in effect with the higher one.",
        reason="The text makes it the one neutral space shared by both colours; capturing and the "
               "catapult's kills need a home or enemy territory, which it is not.",
    ),
    Ruling(
        key="die-by-start",
        title="Which die a piece uses",
        question="A piece's die depends on where it is at the start of the turn.",
        ruling="Each piece moves once a turn, and before its move it stands where it stood when the turn "
               "began, so the engine uses its square at the time of the move: white at home, black in "
               "enemy territory, either in the Cathedral. A piece that reaches the Cathedral during the "
               "turn (a rescue, a recruit, a Knight space) may not move again that turn.",
        reason="This is exactly the text's rule; the only pieces that appear mid-turn are told to wait.",
    ),
    Ruling(
        key="turn-steps",
        title="The steps of a turn as actions",
        question="How does an engine tell the optional steps of a turn apart?",
        ruling="A turn is a sequence of actions: at most one look, at most one Treasure Card, then roll "
               "(the dice are a chance event: roll white W black B), then up to three moves of different "
               "pieces and the shots the white die gives, in any order, then end. A move covers at least "
               "one space. Unused moves and shots are lost at the end.",
        reason="The text fixes the order of look, card and roll, but not the order of moves and shots after "
               "the roll; letting the shot come at any point of that step is the least restrictive reading.",
    ),
    Ruling(
        key="placement",
        title="Where pieces start",
        question="Which rocks may pieces be placed on at the start?",
        ruling="Any empty rock of the player's own territory (Knight, treasure and bridge rocks included) "
               "except a Crown space, one piece per rock. Blue places all its pieces first, then Red.",
        reason="Crown spaces hold the Crowns, and home pieces may not end a move on their own Crown, so "
               "they may not start on one either.",
    ),
    Ruling(
        key="piece-names",
        title="Naming the pieces, hiding the Knight",
        question="Pieces look alike; how do notation and the opponent tell them apart without revealing the "
                 "Knight?",
        ruling="Pieces are numbered (B1 to B10, R1 to R10) in the order they are placed; reserves take the "
               "numbers after. Everyone sees where each numbered piece is; only its owner (and, with four "
               "players, the partner) sees which is the Knight. Prisoners and killed pieces are not turned "
               "over. A Knight's kill is visible to all, as it is at the table.",
        reason="A number is what players track by eye at the table; the sticker under the Knight is the one "
               "secret.",
    ),
    Ruling(
        key="look",
        title="Looking at a piece",
        question="What does looking at one's own piece change?",
        ruling="Nothing in the position: the engine always shows owners their own Knight. The look is "
               "offered, once a turn before the card and the roll, so a game can be played exactly as at "
               "the table; the opponent's log shows only that a look happened.",
        reason="The rule is a memory aid for people.",
    ),
    Ruling(
        key="knight-choice",
        title="A Knight may kill or only capture",
        question="Must a Knight at home kill every piece it captures?",
        ruling="No. It may kill (notation ends in kill) or send the piece to its dungeon like any other "
               "piece. Only the Knight may kill this way.",
        reason="The text calls the kill an ability the Knight has, not a duty; a Knight that only captures "
               "stays hidden.",
    ),
    Ruling(
        key="capture-card",
        title="CAPTURE! allows one capture",
        question="How many captures in enemy territory does a CAPTURE! card allow?",
        ruling="One. Its owner's Knight may kill with it, since the card treats enemy territory as home.",
        reason="The text's example describes a single capture.",
    ),
    Ruling(
        key="ambush",
        title="AMBUSH! kills once, with any piece",
        question="Which piece may ambush, and how often?",
        ruling="Any one piece, once in the turn: it moves onto an enemy piece in enemy territory and kills "
               "it.",
        reason="The card makes any piece act as a Knight at home for one kill.",
    ),
    Ruling(
        key="treasure-deck",
        title="The eighteen Treasure Cards",
        question="The text names five cards: CAPTURE!, CATAPULT!, AMBUSH! (one card), RANSOM (spoken of as "
                 "the RANSOM card) and RECRUIT (two cards), in a deck of eighteen. How many of each?",
        ruling="The deck holds only the named cards: AMBUSH! x1, RANSOM x1, RECRUIT x2, and CAPTURE! x7 and "
               "CATAPULT! x7. Every card lasts only for the turn it is played. Without catapults the seven "
               "CATAPULT! cards leave the deck. The extended deck, a variant, has instead three "
               "cards of this project's design (MARCH, HORSES, REROLL), saying which rule each bends.",
        reason="The text gives three counts and they are kept; RANSOM is written as a single card beside the "
               "counted AMBUSH! and RECRUIT. CAPTURE! and CATAPULT! come without a count (the text speaks of "
               "'a CATAPULT! card' being played), so with nothing to choose between them they share "
               "the other fourteen places equally.",
        option="treasure_deck",
    ),
    Ruling(
        key="treasure-draws",
        title="One card for each treasure space",
        question="How many cards does a move over several treasure spaces draw?",
        ruling="One for each treasure space in enemy territory that the piece passes or ends on; the "
               "space it starts on does not count. Each draw is a chance event (draw CARD) and the card is "
               "hidden from the opponent. Knight spaces work the same way, one reserve for each.",
        reason="The text rewards every treasure space landed on or moved over.",
        option="forced_stops",
    ),
    Ruling(
        key="forced-stops",
        title="Forced stops: Knight spaces and treasure spaces apart",
        question="The variants suggest making a piece end its move on a Knight space to add a piece, or on a "
                 "treasure space to draw a card. One variant or two?",
        ruling="Two, which may be played alone or together: stops on Knight spaces, on treasure spaces, on "
               "both, or on none (the rules as printed, where passing a space is enough).",
        reason="The text offers the two stops side by side, joined by or, each with its own reward; nothing "
               "ties one to the other.",
        option="forced_stops",
    ),
    Ruling(
        key="card-timing",
        title="When a card may be played",
        question="When may a card be played, and may a card with nothing to do be played?",
        ruling="At most one card a turn, before the roll (after the optional look). A card drawn this turn "
               "waits for the next turn. RANSOM needs a prisoner to free and RECRUIT a piece to bring, "
               "CATAPULT! needs catapults to be in the game; other cards may always be played.",
        reason="The text fixes the time; a card that cannot act would only be a way to waste it.",
    ),
    Ruling(
        key="reshuffle",
        title="Reshuffling the deck",
        question="When is the discard pile shuffled back?",
        ruling="When a card must be drawn and the deck is empty, the discard pile (played cards) becomes "
               "the new deck. Cards in hands stay there. If both deck and discard pile are empty, no card "
               "is drawn. A played card reaches the discard pile at the end of its turn.",
        reason="The draws themselves are chance events over the cards left, so the shuffle is explicit in "
               "them.",
    ),
    Ruling(
        key="newcomers-wait",
        title="Pieces that arrive in the Cathedral wait a turn",
        question="May a recruited, ransomed, rescued or rescuing piece, or one brought by a Knight space, "
                 "move in the turn it arrives?",
        ruling="No: every piece placed in the Cathedral during a turn may move from its owner's next turn.",
        reason="The text says so for rescued, rescuing and ransomed pieces (they move from the next full turn). "
               "For a recruit it only says the piece stays in the Cathedral until the next move, and for a "
               "Knight space it says nothing; reading both like a rescue keeps one rule for every newcomer.",
    ),
    Ruling(
        key="reserve-order",
        title="Which reserve piece comes in",
        question="Reserves are interchangeable; which one enters?",
        ruling="The lowest-numbered piece in reserve. Where killed pieces may return (a variant), a RECRUIT "
               "card names the piece (a returning Knight is still the Knight); a Knight space brings a "
               "reserve first, else the lowest-numbered killed piece.",
        reason="Reserve pieces are all Soldiers, so the choice only matters for killed pieces.",
        option="killed_return",
    ),
    Ruling(
        key="rescue",
        title="Rescuing",
        question="Which prisoner is rescued, and may a piece enter a dungeon with nobody to rescue?",
        ruling="The rescuer ends its move on the enemy dungeon (never crossing it) and names one of its own "
               "prisoners there (notation: free B5); both go to the Cathedral. A dungeon with none of the "
               "mover's pieces cannot be entered, and nobody enters their own dungeon.",
        reason="Moving onto the dungeon is only allowed to rescue.",
    ),
    Ruling(
        key="catapult-model",
        title="The catapult shot",
        question="The catapult is a game of skill at the table, fired from off the board behind the back "
                 "edge and across it; how does the engine shoot?",
        ruling="The shooter chooses a firing spot behind their own back edge (1 to 9, north to south, one "
               "level with each row of rocks, 40 units off the board) and an aim, a rock in enemy territory "
               "(shoot from 5 at r14). Where the boulder comes down is a chance event (land r15): a point of "
               "an ellipse around the aim, points near the aim likelier, striking the space nearest that "
               "point, or lost off the board (land off). The ellipse's width across the line of flight is "
               "7% of the shot's length by default (3% with a sure hand, 15% wild), its length along the "
               "line half as much again. The boulder knocks over every piece on a rock within 70 units of "
               "the space it strikes: that space and the rocks right next to it.",
        reason="The text's shot starts off the board at the back edge and crosses the board, so its length "
               "is real and a longer throw strays more, most of all in length; the variants' boulders of "
               "greater or lesser accuracy become the spread. Choosing the spot and the aim is the skill, "
               "the scatter is the luck, and the chances are exact. Nine spots stand for anywhere along the "
               "edge: a spot between two rows would give a throw no shorter than one of them. A neighbouring "
               "rock is 65 to 70 units away, so a boulder that lands among pieces can topple several, as it "
               "does at the table.",
        option="catapult_spread",
    ),
    Ruling(
        key="boulders",
        title="Four boulders, two a side",
        question="The box holds four boulders for two catapults. Can they run out?",
        ruling="Each side has two boulders. A boulder is picked up as soon as its shot is settled (the "
               "knocked-over pieces stood up again or the dead one removed), so a side always has a boulder "
               "for its next shot, however many shots a turn gives.",
        reason="The text never leaves a boulder on the board: a shot that hits home puts everything back, "
               "and a shot that kills removes one piece. Nothing says a boulder is lost, and the variants "
               "that give more shots a turn would be capped if boulders stayed out.",
    ),
    Ruling(
        key="catapult-kills",
        title="What a boulder kills",
        question="The text covers more enemy than friendly pieces knocked over, and equal numbers, but not "
                 "more friendly than enemy pieces.",
        ruling="If any knocked-over piece stands in the shooter's home territory, nothing happens. "
               "Otherwise exactly one piece dies: with more enemy than friendly pieces down, the shooter "
               "chooses one of the enemy pieces; with as many or more friendly pieces down, the shooter "
               "loses one of their own (their choice). Pieces in the Cathedral are never harmed.",
        reason="The text's tie rule already punishes a shooter who hits their own side; more of one's own "
               "pieces down can only be worse, so it costs the same.",
    ),
    Ruling(
        key="catapult-timing",
        title="When to shoot",
        question="At which point of the turn is the catapult fired?",
        ruling="Any time after the roll and before end, between moves if the shooter likes; each shot aims "
               "anew. With four players the home partner shoots.",
        reason="The text only says the roll grants the shot.",
        option="catapult_rolls",
    ),
    Ruling(
        key="crown-pickup",
        title="Picking up and leaving a Crown",
        question="When does a piece take a Crown, must it, and how does it leave one?",
        ruling="Taking is a choice. A piece that carries nothing may take one enemy Crown lying on its path, "
               "the space it starts on included (notation: take r2); it may also pass Crowns by, or stop on "
               "one, and leave them lying. A carrier may leave its Crown where it stands before moving away "
               "(drop), and may then take another; a carrier that keeps its Crown takes no other.",
        reason="The text has the piece take the Crown by moving over it, but lets the player decide to leave "
               "it, so a piece is never made to carry one (not even a raider landing by boat on a Crown "
               "space). A piece standing on a Crown takes it by moving off with it. One Crown at a time.",
    ),
    Ruling(
        key="one-crown-a-move",
        title="One Crown a move",
        question="May a piece capture one Crown and pick up a second in the same move?",
        ruling="No. A piece takes at most one Crown a move, and a piece that begins its move carrying a Crown "
               "(and keeps it) takes none, even after that Crown is captured on the way.",
        reason="The text lets a piece pick up and move only one Crown at a time, and a piece moving with a "
               "Crown may do nothing else in that move; taking a second Crown would be both.",
    ),
    Ruling(
        key="crown-captured",
        title="When a Crown counts as captured",
        question="At what moment does a carried Crown count as captured?",
        ruling="The moment its carrier steps onto any space outside the Crown's home territory: a rock "
               "of the other territory or the Cathedral. The Crown leaves the board at once and the "
               "game ends as soon as a player has captured enough Crowns.",
        reason="The text says a Crown moved from its home territory is captured; the neutral Cathedral is "
               "not home territory.",
        option="crowns_to_win",
    ),
    Ruling(
        key="carrier-limits",
        title="A carrier does nothing else",
        question="Which moves count as moving with a Crown?",
        ruling="From the space where it takes a Crown (or from the start, for a piece already carrying one) "
               "to the end of that move, a piece captures nobody, rescues nobody, draws no card and brings no "
               "reserve, even on spaces after the Crown has left its territory. The spaces it crossed before "
               "taking the Crown reward it as usual.",
        reason="The text forbids the other actions while a piece is moving with a Crown, and not before: a "
               "piece that crossed a treasure space and then took a Crown was not yet carrying it there. "
               "The rest of the move after the border is still the move made with the Crown.",
    ),
    Ruling(
        key="carrier-captured",
        title="A captured carrier's Crown",
        question="Where does the Crown go when its carrier is captured or killed, and may the captor stand "
                 "on it?",
        ruling="It stays on that space, under the captor if there is one; an enemy piece may pick it up from "
               "there later. A home piece ends its move on a space with its own Crown only this way: by "
               "capturing the enemy piece standing there (a carrier, or a raider standing on the Crown). With "
               "the variant in which a fallen carrier's Crown goes back home, it returns to its Crown space instead.",
        reason="The text leaves the Crown where the capture happened; forbidding the capture would protect "
               "carriers and raiders on Crowns, which the text does not intend.",
        option="crown_returns",
    ),
    Ruling(
        key="own-crown",
        title="Home pieces and their Crowns",
        question="May a home piece cross its own Crown?",
        ruling="Yes: it may pass over its own Crown but not end a move on a space where it lies, except to "
               "capture an enemy piece standing there (see the captured carrier's Crown).",
        reason="Crown spaces are crossed like any rock; only finishing there is forbidden.",
    ),
    Ruling(
        key="wiped-out",
        title="An army that cannot come back loses",
        question="What if a player has no piece left on the board?",
        ruling="A player who begins a turn with no piece on the board and no card that could bring one back "
               "(RECRUIT with a piece to bring, RANSOM with a prisoner) loses.",
        reason="Such a player could never move again, so the game could not end otherwise.",
    ),
    Ruling(
        key="four-players",
        title="Four players in two teams",
        question="Who does what when two teams of two play?",
        ruling="The home partner looks, plays the card, rolls, moves the pieces at home and in the "
               "Cathedral, shoots, and then ends their part; the abroad partner then moves pieces in enemy "
               "territory and ends the team's turn. The team shares three moves, its cards and its Knight.",
        reason="The text splits the pieces by territory; the Cathedral is neutral, so it goes with the "
               "player who also rolls.",
        option="players",
    ),
    Ruling(
        key="move-listing",
        title="Listing moves",
        question="Many paths can lead to the same space over the same special spaces; are they different "
                 "moves?",
        ruling="The list of legal moves holds one path (a shortest) for each different result: where the piece ends, "
               "what it captures or rescues, which Crown it takes, which cards and reserves it earns. Any "
               "other legal path is accepted by play too.",
        reason="Paths with the same result change nothing in the game, and listing every one would make "
               "the list long without adding a choice.",
    ),
)
