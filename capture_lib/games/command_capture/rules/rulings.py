"""Command Capture's options and rulings: every reading of an unclear rule, in one place.

The book's Rulings and Variants pages are generated from ``OPTIONS`` and ``RULINGS``, and the
engine reads its behaviour from the same options, so the two cannot drift apart.
"""

from __future__ import annotations

from capture_lib.core.options import Option, Ruling

OPTIONS: tuple[Option, ...] = (
    Option("blue", "rome", ("rome", "egypt", "vikings"), "Blue's civilization (Blue sets up on rows 1-2 and "
           "moves first).", label="Blue's army", choice_labels=("Rome", "Egypt", "the Vikings"), table=True),
    Option("red", "egypt", ("rome", "egypt", "vikings"), "Red's civilization (rows 7-8); both players may "
           "lead the same one.", label="Red's army", choice_labels=("Rome", "Egypt", "the Vikings"), table=True),
    Option("setup", "choose", ("choose", "quick"),
           "The chosen set-up, as the rules say: each player hides its Assassin on a front-row square and "
           "picks every unit's starting state. The quick set-up: every unit starts in its first state and "
           "each Assassin's square is drawn by chance, hidden from the opponent.",
           label="Set-up", choice_labels=("the chosen set-up", "the quick set-up"), table=True),
    Option("directions", "facing", ("facing", "owner"),
           "Whether forward, left and right of every move, capture and blocked side follow the unit's "
           "facing, or moves and captures always use the owner's forward and only blocking turns.",
           label="Forward", choice_labels=("the way the unit faces", "towards the opponent, always")),
    Option("state_lock", "own-next-turn", ("own-next-turn", "until-own-turn"),
           "Whether a flipped unit stays locked through its owner's next turn, or only until that turn "
           "starts.", label="The State Lock lasts",
           choice_labels=("through the owner's next turn", "until the owner's next turn starts")),
    Option("aura_pairs", "flip", ("flip", "any"),
           "The Command aura's extra action: a Flip paired with a Move or Capture of the same unit, or any "
           "two actions of that unit.", label="The Command aura's extra action",
           choice_labels=("a Flip with a Move or Capture", "any second action")),
    Option("plain_step", "any", ("any", "orthogonal"),
           "Where a bare one-square move (Egyptian Infantry in Attack, Packed Siege) may go.",
           label="A one-square move goes", choice_labels=("to any of the eight neighbours", "straight only")),
    Option("archer_move", "lines", ("lines", "orthogonal"),
           "The Archer's Maneuver move of up to 3 squares.", label="The Archer's move",
           choice_labels=("straight or diagonal lines", "straight lines only")),
    Option("viking_infantry", "egypt", ("egypt", "rome"),
           "Which rules Viking Infantry follows.", label="Viking Infantry moves",
           choice_labels=("as Egypt's Infantry", "as Rome's Legionnaires")),
    Option("siege_vs_fortify", "siege", ("siege", "fortify"),
           "Whether a Deployed Siege can capture a unit under the Fortify aura.",
           label="Siege against the Fortify aura",
           choice_labels=("Siege fires through it", "the aura stops Siege too")),
    Option("block_reach", "adjacent", ("adjacent", "any-distance"),
           "Whether a blocked side stops only attackers on the squares touching the unit, or also shots and "
           "long captures arriving from that side.", label="A blocked side stops",
           choice_labels=("attackers next to the unit", "attacks from any distance")),
    Option("projectiles", "clear-path", ("clear-path", "fly-over"),
           "Whether Archer, Chariot and Fortress shots stop at the first unit in their line or fly over "
           "units. Shield Maidens and Siege always fly over.", label="Shots",
           choice_labels=("stop at the first unit", "fly over units")),
    Option("fortress_range", 2, (1, 2, 3, 7), "How many squares an Active Fortress shoots along each of "
           "its eight lines.", label="The Fortress shoots",
           choice_labels=("1 square", "2 squares", "3 squares", "the whole line")),
    Option("ranged_commander", "wins", ("wins", "immune"),
           "Whether a shot that hits the enemy Commander captures it and wins, or Commanders cannot be shot.",
           label="Shooting a Commander",
           choice_labels=("captures it and wins", "is not allowed")),
    Option("fortress_flip", False, (False, True),
           "Whether a player may flip their own Active Fortress to Disabled (it can never flip back).",
           label="Disabling your own Fortress", choice_labels=("not allowed", "allowed")),
    Option("fortify_attacker", "immune", ("immune", "captured"),
           "What happens to a unit next to its own Fortify Commander that attacks an Active Fortress in "
           "melee.", label="A sheltered unit that attacks the Fortress",
           choice_labels=("survives", "is captured")),
    Option("bash_reach", 3, (3, 1), "How far along a front diagonal a Shield Maiden may travel to bash an "
           "enemy (her Shield Bash move is 3 squares).", label="Shield Bash reach",
           choice_labels=("up to 3 squares", "1 square")),
    Option("timed", False, (False, True), "Timed Mode: the game clock, the turn timer, points and "
           "sudden death.", label="Timed Mode", choice_labels=("off", "on"), table=True),
    Option("game_seconds", 1800, (1800, 600, 900, 3600), "Timed Mode's game clock.",
           label="Game clock", choice_labels=("30 minutes", "10 minutes", "15 minutes", "60 minutes"),
           table=True),
    Option("turn_seconds", 60, (60, 30, 120), "Timed Mode's turn timer.", label="Turn timer",
           choice_labels=("1 minute", "30 seconds", "2 minutes"), table=True),
    Option("turn_limit", 0, (0, 50, 100, 200, 400),
           "Stop the game as a draw after this many turns. Not in the rules; for tests and computer play.",
           label="Draw after", choice_labels=("no limit", "50 turns", "100 turns", "200 turns", "400 turns")),
)

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        key="facing",
        title="Facing decides forward, left, right and the blocked sides",
        question="A Turn rotates a unit, yet forward is defined from the owner's side of the board. "
                 "Which one do moves, captures and blocking use, and does a unit turn back after moving?",
        ruling="Every unit faces one of the four orthogonal directions (N is towards row 8). Forward, "
               "back, left, right and the diagonal sides of its moves, captures and blocked sides are "
               "taken from its facing. At the start all units face the enemy; moving or flipping never "
               "changes a facing, only a Turn does.",
        reason="Otherwise the Turn action would change nothing. Facing the enemy at the start gives "
               "the text's 'forward means towards the opponent' for every unit that has not turned.",
        option="directions",
    ),
    Ruling(
        key="turn",
        title="A Turn sets any new facing",
        question="By how much does one Turn rotate a unit, and which units may turn?",
        ruling="A Turn points the unit in any of the other three orthogonal directions, as one "
               "whole action (notation: turn D2 E). Every unit except the Fortress may turn; a Fortress "
               "shoots in all directions and has no sides, so its facing means nothing. Diagonal facings "
               "do not exist. A unit that turned may not move or capture (in melee or by a shot) in the "
               "same turn, and one that moved or captured may not turn, even when the turn holds more than "
               "one action (two actions after an expired turn in Timed Mode, the Command aura's extra "
               "action); other units may.",
        reason="A quarter turn at a time would make a half turn cost two actions, which the text never "
               "suggests. With diagonal facings 'forward' would become a diagonal and the shapes break. The "
               "text forbids turning together with moving or capturing twice, without exceptions.",
    ),
    Ruling(
        key="state-lock",
        title="The State Lock covers the owner's next turn",
        question="The lock is said to last 'for the following turn' and 'until your next turn', while the "
                 "example forbids flipping back on turn 2 and allows it on turn 3.",
        ruling="A unit flipped during its owner's turn cannot be flipped again during the rest of that "
               "turn, the opponent's turn and its owner's next turn; it may flip again on the turn after. "
               "The lock never stops moving, capturing or turning. Set-up choices do not lock.",
        reason="The text pulls two ways. Its example flips on turn 1, forbids flipping back on turn 2 and "
               "allows it on turn 3, which only says something if it counts the owner's turns (the opponent "
               "cannot flip the unit anyway), and the lock is there to stop flipping back and forth. The "
               "overview's 'your opponent has one turn to exploit it' and 'until your next turn' fit the "
               "other reading, where the lock ends when the owner's next turn starts; but then the lock "
               "would matter only in the rare turns of two actions, and the opponent gets one turn to "
               "exploit a flip with no lock at all. We follow the worked example, the most precise of the "
               "three, and offer the other reading as a variant (the State Lock lasts until the owner's next "
               "turn starts).",
        option="state_lock",
    ),
    Ruling(
        key="blocking",
        title="A blocked side stops adjacent attackers on that side",
        question="Does a blocked side stop an attacker standing on that side, a projectile passing that "
                 "square, or both, and from how far?",
        ruling="A unit cannot be captured (or bashed) by an enemy that stands on one of the squares "
               "touching it (the eight around it, diagonals included) on one of its blocked sides, whether "
               "that enemy attacks in melee, with a shot or with a Shield Bash. An attacker two or more "
               "squares away is not stopped by a blocked side: a Cavalry's or Chariot's capture over two "
               "squares, an Archer's Volley, a Strike, the Fortress's shots, a bash from further along the "
               "diagonal; a Cavalry Charge always lands from two squares away, so blocking never stops it. "
               "Blocking protects only the blocking unit itself.",
        reason="The text says blocking stops adjacent enemies, and defines adjacent as the squares "
               "directly touching a unit. Players who want a shield to stop every attack from its side, "
               "arrows included, can play the variant in which a blocked side stops attacks from any distance.",
        option="block_reach",
    ),
    Ruling(
        key="projectiles",
        title="Shots stop at the first unit",
        question="May projectiles fly over units?",
        ruling="Archer volleys, Chariot strikes and Fortress shots need a clear line to the target. The "
               "Shield Maiden's Strike may fly over units, as the text says, and Deployed Siege ignores "
               "everything in its way.",
        reason="The text grants firing over other units to the Shield Maiden alone, and the no-jumping rule "
               "covers everything else. A projectile never moves the attacker.",
        option="projectiles",
    ),
    Ruling(
        key="siege",
        title="Siege beats blocking and the Fortify aura, and cannot move while Deployed",
        question="Does Siege also beat the Fortify aura, and can a Deployed Siege move at all?",
        ruling="A Deployed Siege shot ignores units in its line, blocked sides and the Fortify aura. A "
               "Deployed Siege cannot move; it must flip to Packed first. With the Command aura it may "
               "flip to Deployed and fire in the same turn, since that moves nothing. A Siege never both "
               "moves and fires in one turn, in either order, however many actions the turn holds: one that "
               "fired may not flip to Packed and then move, one that moved may not flip and then fire.",
        reason="The text says no unit ability can stop a Siege capture, and the Fortify aura is a unit "
               "ability. Deployed Siege has no move listed, so it never moves while Deployed; and the text's "
               "'cannot move and fire on the same turn' still holds on turns of two actions.",
        option="siege_vs_fortify",
    ),
    Ruling(
        key="move-shapes",
        title="Open move shapes",
        question="Which squares do 'move up to 3 squares' (Archer), 'move 1 square' (Egyptian Infantry in "
                 "Attack, Packed Siege) and the Fortress's ranged attack reach?",
        ruling="A move of several squares is a straight line through empty squares. The Archer moves up "
               "to 3 squares in any of the eight directions; a bare one-square move reaches any of the "
               "eight neighbours; the Active Fortress shoots up to 2 squares along each of its eight lines.",
        reason="Lines are how every other multi-square move in the text is described. 'Adjacent' in the "
               "text includes diagonals. A Fortress that hits the whole board would end most games at once; "
               "two squares matches the other short ranged units.",
        option="plain_step",
        related=("archer_move", "fortress_range"),
    ),
    Ruling(
        key="no-capture-listed",
        title="No capture unless one is listed",
        question="Some states list a move but no capture (Egyptian Infantry in Defend, Packed Siege, "
                 "Chariot in Strike apart from its shots). May they capture?",
        ruling="A state captures only in the ways its own description lists; Cavalry in Charge captures by "
               "landing, and may jump. Cavalry in Melee may jump when it moves but needs a clear path when "
               "it captures.",
        reason="Each state is described completely; reading in captures it does not mention would make "
               "the two states of a unit alike.",
    ),
    Ruling(
        key="vikings",
        title="Viking Infantry and Cavalry",
        question="The Vikings follow 'the standard roster'. Which Infantry and Cavalry rules do they use?",
        ruling="Viking Infantry moves and captures like Egyptian Infantry and Viking Cavalry like Roman "
               "Cavalry, which matches their names and their points (Infantry 1, Cavalry 3).",
        reason="The points table gives Viking Infantry Egypt's value and Viking Cavalry Rome's value, and "
               "the units share those names.",
        option="viking_infantry",
    ),
    Ruling(
        key="assassin",
        title="The hidden Assassin",
        question="How does the Assassin move while hidden, how is it revealed, and what may it capture?",
        ruling="While hidden it moves, flips between Attack and Defend and blocks exactly as its "
               "civilization's infantry, so the opponent cannot tell it apart. It may capture one square in "
               "any direction at any time; every capture it makes reveals it. Revealed, it moves or captures "
               "one square any way, has no blocked sides and can never flip again. A hidden Rome Assassin "
               "counts as a Legionnaire for the Legionnaire's sideways step.",
        reason="Counting as infantry must include the infantry's two states or the Assassin would stand out "
               "the first time the infantry flipped. The text allows the capture on the reveal turn, so the "
               "capture and the reveal are one action.",
    ),
    Ruling(
        key="aura-command",
        title="The Command aura's extra action",
        question="Which pairs of actions does the Command aura allow, and may a unit that has just moved "
                 "next to the Commander use it?",
        ruling="If the unit that takes the turn's action stood next to its own Commander in Command State "
               "when it acted, that same unit may take one follow-up action: a Flip after a Move or "
               "Capture, or a Move or Capture after a Flip. A Turn has no follow-up. The player may also "
               "end the turn instead (notation: end). A unit that only arrives next to the Commander "
               "gets nothing that turn, and the Commander itself never gets the bonus. In the variant that "
               "allows any second action, the follow-up may be any action of the unit, except what the rules forbid "
               "in one turn: a Turn with a Move or Capture, a Siege's move with its shot.",
        reason="Both of the text's examples pair a Flip with a Move or a Capture, and a bonus given to "
               "each adjacent unit is naturally used by that unit. Deciding who is adjacent before the action "
               "keeps the bonus from chaining.",
        option="aura_pairs",
    ),
    Ruling(
        key="aura-fortify",
        title="The Fortify aura",
        question="What does immunity under the Fortify aura cover?",
        ruling="A unit next to its own Commander in Fortify State cannot be captured by melee, projectile or "
               "Shield Bash, except by a Deployed Siege. The Commander and the Fortress are never protected "
               "by it.",
        reason="The text makes adjacent allies immune to all captures, excludes the Commander and the "
               "Fortress, and lets Siege override it.",
        option="siege_vs_fortify",
    ),
    Ruling(
        key="shield-bash",
        title="The Shield Bash push",
        question="Which enemy can a Shield Maiden push, and which way does it go?",
        ruling="In Shield Bash State she may bash the first unit along one of her two front diagonals, up "
               "to 3 squares away over empty squares, if it is an enemy. The enemy moves one square "
               "diagonally backward, that is one row towards its own owner's side of the board (Blue's "
               "rows 1-2, Red's rows 7-8) and one column further from her, whatever the facings; she takes "
               "its square. For a Maiden facing the enemy that is one square on along her line. If that "
               "square holds any unit, or is off the board, the enemy is captured instead. The Fortress and units "
               "under a Fortify aura cannot be bashed; a Commander can, and one pushed off the board or "
               "into a unit is captured. The pushed unit keeps its state, facing and lock. A bash from "
               "the square touching the enemy on one of its blocked sides is stopped; from further along the "
               "diagonal it is not (see blocking). Notation: C3>E5.",
        reason="The bash happens while moving, so it reaches as far as her diagonal move; like her capture, "
               "which is diagonally forward, it goes along her front diagonals only. The text defines "
               "backward from the owner's starting side; a push is done to the unit, not one of its own "
               "moves, so its facing does not enter, and a turned Maiden cannot push an enemy towards her "
               "own side.",
        option="bash_reach",
    ),
    Ruling(
        key="fortress",
        title="Attacking and entering the Fortress",
        question="How do melee and ranged attacks on a Fortress resolve, who may enter it, and may a player "
                 "disable their own Fortress?",
        ruling="A melee attack on an Active Fortress removes the attacker (captured by the Fortress) and "
               "disables the Fortress; a projectile disables it and the attacker is safe. A Disabled enemy "
               "Fortress is entered by any unit that could move or capture onto its square; entering wins. "
               "The Fortress's owner cannot flip it (it is not a choice players make), it never flips back, "
               "and it cannot be bashed or turned. A Commander that attacks an Active Fortress in melee is "
               "captured, so its side loses. At the set-up a player may choose to start its Fortress "
               "Disabled (see the set-up ruling).",
        reason="Disabling only ever helps the opponent, and the text describes disabling as the result "
               "of an attack.",
        option="fortress_flip",
    ),
    Ruling(
        key="commander-capture",
        title="Any capture of the Commander wins",
        question="Does a ranged capture of the Commander win?",
        ruling="Yes: the game ends as soon as the enemy Commander is captured in any way (melee, projectile, "
               "Shield Bash or the Fortress's own counter).",
        reason="Capturing the Commander is the object of the game, and a projectile is a capture.",
        option="ranged_commander",
    ),
    Ruling(
        key="setup",
        title="The set-up phase",
        question="How are the Assassin and the starting states chosen, and who sees what?",
        ruling="In the chosen set-up (the rules' own) Blue first places the Assassin on a square of its front row "
               "(assassin C2, shown to Red as 'assassin ?'), may flip any of its units once (flip C1), the "
               "Fortress included, and says ready; then Red does the same. Every unit may so start in "
               "either state; the hidden Assassin starts face down, in either state of the infantry it "
               "passes for. Red sees Blue's visible states, as on a real table, never the Assassin's square. "
               "The computer makes its own choices the same way. The quick set-up skips the choices, for a "
               "fast start and for the book's examples: every unit starts in its first state and chance "
               "hides each Assassin on a front-row square that only its owner sees.",
        reason="The text lets each player choose every starting state freely and place the Assassin anywhere "
               "in the front row, in a game without chance. Turning the cards over one at a time keeps every "
               "set-up choice an ordinary, listable action that a board and the computer can play. A "
               "Disabled Fortress only helps the opponent, but the text allows either state for any unit.",
        option="setup",
    ),
    Ruling(
        key="first-player",
        title="Blue moves first",
        question="Who takes the first turn?",
        ruling="Blue, who sets up on rows 1 and 2, sets up first and takes the first turn; Blue plays the odd "
               "turns, Red the even ones.",
        reason="The text is silent; it names Blue first everywhere. Since any civilization may play either "
               "colour, choosing who moves first is the same as choosing colours.",
    ),
    Ruling(
        key="archer-melee",
        title="The Archer's melee capture reaches one square",
        question="The Maneuver Archer captures 'forward, left, or right (melee)': how far?",
        ruling="One square: the square in front of it, or the square to its left or right, by moving onto it.",
        reason="Melee means moving onto a neighbour; where the text means longer reach it gives a number "
               "('up to 2 squares left or right' for Cavalry).",
    ),
    Ruling(
        key="legion-step",
        title="The Legionnaire's sideways step needs a friendly Legionnaire",
        question="A Legionnaire in Attack may step sideways 'if adjacent to another Legionnaire': does an "
                 "enemy Legionnaire count?",
        ruling="Only a Legionnaire of its own side, on any of the eight squares around it, counts (its own "
               "hidden Assassin too, since it passes for a Legionnaire). An enemy Legionnaire does not.",
        reason="The step reads as the legion moving in formation; the unit descriptions speak of one army, and "
               "an enemy in contact is a reason to fight, not to step along the line.",
    ),
    Ruling(
        key="fortify-attacker",
        title="A fortified unit attacking the Fortress survives",
        question="A melee attacker on an Active Fortress is captured, but a unit next to its own Commander in "
                 "Fortify State is immune to all captures. What happens when such a unit attacks the Fortress?",
        ruling="The Fortress is disabled (8 points in Timed Mode) and the attacker, immune, is not captured: it "
               "stays on its square. The Commander itself is never sheltered by its own aura, so a Commander "
               "that attacks the Fortress is still captured.",
        reason="'Immune to all captures' has no exception for the Fortress, and the text takes only the "
               "Commander and the Fortress out of the aura. Players who read the Fortress's counter as a "
               "price of the attack rather than a capture can play the variant in which the attacker is "
               "captured.",
        option="fortify_attacker",
    ),
    Ruling(
        key="pairings",
        title="Any two civilizations",
        question="The set-up table shows only Rome against Egypt.",
        ruling="Any pairing, mirror matches included, uses the same formation for both sides.",
        reason="Both armies have the same structure and the text calls the formation fixed for both players.",
    ),
    Ruling(
        key="no-moves",
        title="No stalemate",
        question="What if a player has no action?",
        ruling="This cannot happen: the Commander, present until the game ends, can always turn.",
        reason="Follows from the Turn ruling.",
    ),
    Ruling(
        key="timed-clock",
        title="Time is input",
        question="How does the engine keep Timed Mode's clocks?",
        ruling="The engine never reads a clock: the caller reports time spent with 'wait SECONDS' (to the "
               "millisecond). Both the game clock and the turn timer run down during every turn; the turn "
               "timer restarts with each new turn. The clocks start once the set-up is over.",
        reason="Exact, repeatable examples and tests; the widget reports real seconds.",
        option="timed",
    ),
    Ruling(
        key="timed-expiry",
        title="An expired turn",
        question="What happens when the turn timer runs out, and what are the opponent's 'two actions'?",
        ruling="The turn ends at once (an action already taken stands). The opponent's next turn has two "
               "main actions, each with its own aura follow-up, all inside one turn timer; 'end' gives up the "
               "rest. The two may be taken by the same unit, except a Turn with a Move or Capture of that "
               "unit, or a Siege's move with its shot. If that turn expires too, the first player gets the "
               "two actions back.",
        reason="The text forfeits the turn and gives two actions to be completed within one timer.",
    ),
    Ruling(
        key="timed-points",
        title="Points and sudden death",
        question="Who scores when a melee attacker is lost to a Fortress, and what ends sudden death?",
        ruling="Captured units score for the side that captured them by the points table; disabling a "
               "Fortress scores 8 for the attacker, and a melee attacker lost to the Fortress counts as "
               "captured by the Fortress's owner. At zero the higher score wins; on a tie the turn timer "
               "runs on (sudden death) and the side that next captures an enemy unit wins, whatever the "
               "scores. Disabling a Fortress with a shot captures nothing, so sudden death goes on; a melee "
               "attack on an Active Fortress loses the attacker to the Fortress, so the Fortress's owner "
               "wins; a Shield Bash wins only if the pushed unit is captured. The Commander and entering the "
               "Fortress score nothing: they win outright.",
        reason="The text names the next capture of any enemy unit, not a change in the scores; a disabled "
               "Fortress stays on the board, and the only unit captured in a melee attack on it is the "
               "attacker.",
    ),
    Ruling(
        key="turn-limit",
        title="A turn limit for computer play",
        question="The rules have no draw. What stops an endless game?",
        ruling="Nothing, by default. A turn limit, an option outside the rules, ends the game as a draw "
               "after that many turns; tests and computer opponents use it.",
        reason="Not in the rules, so it is off unless asked for.",
        option="turn_limit",
    ),
)
