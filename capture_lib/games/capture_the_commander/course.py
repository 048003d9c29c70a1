"""Capture the Commander's course: short levels in the order a beginner needs them, from a first attack to a
whole hand.

Each level (``capture_lib.core.lessons.Level``) is one idea: a position, a goal in a sentence, targets
marked on the board, a par number of moves, and the other players' replies (the rule-based computer, untimed,
so a level plays the same way every time). The learner plays North. Positions are written in the game's
position text (``GAME.from_position``): each player's cards by slot, ``-`` for a card that has left, ``*``
for a card the whole table saw in an earlier battle; ``rules`` name the rules index entries each level
practises.

Nobody sees a face-down card in this game, its owner included, so no goal, hint or target says what a
face-down card is: a level asks for an attack the rules allow, or for one that the cards the table has seen
make sure to win.
"""

from __future__ import annotations

from functools import cache

from capture_lib.core.lessons import Course, Level, afresh, number_words
from capture_lib.core.protocol import State
from capture_lib.games.capture_the_commander.rules import GAME
from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.games.capture_the_commander.rules.actions import card_number
from capture_lib.search.levels import player_for

NORTH, SOUTH = 0, 1
SLUG = GAME.slug
#: The seed of the whole hand (the last level): the rule-based player wins it for the learner against easy.
FIRST_HAND_SEED = 1

#: A full layout for each side, slots 1 to 12 then the Commander (C): North's spades and clubs, South's hearts
#: and diamonds, every rank once. Levels start from these and take cards away or mark them as seen.
NORTH_FULL = "AS KC QS JC 10S 9C 8S 7C 6S 5C 4S 3C 2S"
SOUTH_FULL = "2H 3D 4H 5D 6H 7D 8H 9D 10H JD QH KD AH"


def position(north: str, south: str, beaten: str = "", **options) -> State:
    """A two-player position with North to attack (South dealt)."""
    text = f"North: {north}\nSouth: {south}\nturn: North\n" + (f"beaten: {beaten}\n" if beaten else "")
    return GAME.from_position(text, **options)


def _with(layout: str, **slots: str) -> str:
    """``layout`` with some slots changed: ``_with(NORTH_FULL, s1="-", s3="AD*")``; ``sC`` is the Commander."""
    words = layout.split()
    for name, card in slots.items():
        slot = lay.COMMANDER if name == "sC" else int(name[1:])
        words[slot - 1] = card
    return " ".join(words)


# ----- what a level looks at ---------------------------------------------------------------------------------
def north_battles(state: State) -> list[tuple]:
    """The battles North started: ``(me, slot, card, them, slot, card, rounds, loser, loser's slot, out)``."""
    return [b for b in state.battles if b[0] == NORTH]


def _attacked(defender: int, slot: int):
    """The goal: North has attacked ``defender``'s card in ``slot``."""
    def goal(state: State) -> bool:
        return any(b[3] == defender and b[4] == slot for b in north_battles(state))
    return goal


def _attacked_elsewhere(defender: int, slot: int):
    def lost(state: State) -> str:
        other = next((b for b in north_battles(state) if (b[3], b[4]) != (defender, slot)), None)
        if other is None or _attacked(defender, slot)(state):
            return ""
        card = "Commander" if other[4] == lay.COMMANDER else f"card {other[4]}"
        return f"you attacked {state.names[other[3]]}'s {card}"
    return lost


def _north_beat(card: str):
    """The goal: a battle North started put ``card`` out of the game (not South's own attack that lost)."""
    number = card_number(card)

    def goal(state: State) -> bool:
        return any(b[7] == b[3] and b[5] == number for b in north_battles(state))
    return goal


def _north_lost_a_battle(state: State) -> str:
    lost = next((b for b in north_battles(state) if b[7] == NORTH), None)
    return "your card lost the battle and left the game" if lost is not None else ""


def _won_battle(state: State) -> bool:
    """The goal: North's last battle ended with South losing it."""
    battles = north_battles(state)
    return bool(battles) and battles[-1][7] == SOUTH


def _won(state: State) -> bool:
    return state.is_over and NORTH in state.winners


def _out(state: State) -> str:
    """Lost when North is out of the game (or the game is over without North winning)."""
    if state.out[NORTH]:
        return "your Commander was beaten" if state.phase != "over" or state.winners else "you are out of the game"
    if state.is_over and NORTH not in state.winners:
        return "the game ended without you winning it"
    return ""


def _drawn_or_out(state: State) -> str:
    if state.is_over and not state.winners:
        return "neither of you had a card left to show, so you are both out: the game is a draw"
    return _out(state)


def _guarded(state: State) -> bool:
    return _north_beat("KH")(state) and not state.out[NORTH]


def _won_tie_with_a_seen_card(start: State):
    """The goal: North won the battle, having picked for the tie-break a card the whole table had seen (sure to
    win), not one it could only hope for."""
    layout = next(side for side in start.observation(NORTH)["layouts"] if side["seat"] == NORTH)
    seen = {f"pick N{card['slot']}" for card in layout["cards"] if card["present"] and card["known"]}

    def goal(state: State) -> bool:
        picks = [str(a) for a in state.history[len(start.history):] if str(a).startswith("pick N")]
        return _won_battle(state) and bool(picks) and picks[0] in seen
    return goal


def _dug_to_the_commander(state: State) -> bool:
    """The goal: North's own attack on South's Commander won, so South is out and North wins."""
    return _won(state) and any(b[3] == SOUTH and b[4] == lay.COMMANDER and b[7] == SOUTH for b in north_battles(state))


WEST = 3


def _west_out(state: State) -> bool:
    """The goal of the four-player level: North's own battle put West out."""
    return any(WEST in b[9] for b in north_battles(state)) and not state.out[NORTH]


def _west_out_by_another(state: State) -> str:
    if state.out[WEST] and not _west_out(state):
        return "another player put West out before you"
    return _out(state)


def _next_hand(state: State) -> bool:
    return state.hand == 2 and state.scores[NORTH] == 2


@cache
def course() -> Course:
    """The levels, in stages (see the module's docstring)."""
    rule = player_for("rule", timed=False)
    easy = afresh(lambda seed: player_for("easy", timed=False, seed=seed))
    first = position(NORTH_FULL, SOUTH_FULL)
    partial = position(NORTH_FULL, _with(SOUTH_FULL, s1="-"), beaten="2H")
    under = position(NORTH_FULL, _with(SOUTH_FULL, s1="-", s2="-", s5="-"), beaten="2H 3D 6H")
    sure = position("9S 4C AD* 6S 10S QC 8S 7C JS 5C 3S 2C KS", "2H KC* 4H 5D 6H 7D 8H 9D 10H JD QH 3D AH")
    tie = position("7S AC* 10S JS 4S KS 9C 8C 6C 5C 3C 2S QS",
                   "7H QH 2H 3H 3D 4H 5H 6H 8H 9H 10H JH KH").play("N1xS1")
    alone = position("9S* - 10S 9C* - KS 8C 7C 6C 5C 4S 3C QS", "9H* - 2H 3H - 4H 5H 6H 7H 8H 10H JH QH",
                     beaten="2S 2D 3S 3D")
    dig = position(_with(NORTH_FULL, s1="AS*"), "- - 4H 5H - 6H 7H - 8H 9H JH 10H 3D", beaten="2H 3H 2D 4D")
    guard = position("9S AC* 10S JS 8C 7S 6C 5S 4C 3S - 2C QS", "2H 3H 5H KH* 6H 7H 8H 9H 10H JH QH 4D AH",
                     beaten="2S")
    four = GAME.from_position(
        "North: KS* 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AS\n"
        "East: 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH\n"
        "South: 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD\n"
        "West: 2C 3C 5C 6C 7C 8C 9C 10C JC QC - KC 4C*\n"
        "beaten: AC\nturn: North\n")
    match = GAME.from_position(
        "North: AS* KC QS JC 10S 9C 8S 7C 6S 5C 4S 3C 2S\n"
        "South: 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH - 2D*\n"
        "beaten: KH\nturn: North\nhand: 1\nscores: 0 0\n", hands=2)
    levels = (
        Level("first-attack", "The layout", "Your first attack", "Attack South's card 1 with one of your fully "
              "uncovered cards.", first, NORTH, _attacked(SOUTH, 1), ("N1xS1",),
              "Nothing lies on your far row, cards 1 to 4 (\u25cb on the board): click one of them, then South's "
              "card 1.", "Both cards were turned up for everyone: the lower one left the game, the higher went "
              "back face down where it was. Nobody knew either card before the battle, not even its owner.",
              targets=("S1",), opponent=rule, lost=_attacked_elsewhere(SOUTH, 1),
              rules=("players-and-deck", "layout", "unseen", "attacker", "turn-order")),
        Level("partial", "The layout", "Partially covered", "South's card 1 has gone: attack the one card of "
              "South's that is now partially covered.", partial, NORTH, _attacked(SOUTH, 5), ("N1xS5",),
              "Card 5 lies across cards 1 and 2. With one of them gone, one side of it is open: partially "
              "covered (\u25d0), so it may be attacked, though it may not attack.",
              "A partially covered card may be attacked. Cards 6 and 7 still have both their covers, so they "
              "were safe.", opponent=rule, lost=_attacked_elsewhere(SOUTH, 5), rules=("coverage", "target")),
        Level("straight-under", "The layout", "One card straight on top", "South's cards 1, 2 and 5 have gone: "
              "attack the one card of South's third row (8, 9 or 10) that may be attacked.", under, NORTH,
              _attacked(SOUTH, 8), ("N1xS8",),
              "Cards 8, 9 and 10 each lie straight under one card (5, 6 and 7). Such a card is fully covered "
              "until that one card has gone, and then fully uncovered.",
              "Card 8 opened when card 5 left. Cards 9 and 10 still have cards 6 and 7 lying on them, so they "
              "are fully covered, however many cards around them have gone.", opponent=rule,
              lost=_attacked_elsewhere(SOUTH, 8), rules=("coverage", "layout", "target")),
        Level("sure-win", "Battles", "A battle you cannot lose", "South's card 2 is a King everyone saw win a "
              "battle. Beat it out of the game.", sure, NORTH, _north_beat("KC"), ("N3xS2",),
              "The higher rank wins and suits never count: only an Ace beats a King. Your card 3 was seen in an "
              "earlier battle, and the board shows it face up.",
              "Your A\u2666 beat South's K\u2663, which left the game; the ace went back face down, and everyone "
              "still knows it. Any card of yours nobody has seen might have lost.",
              targets=("S2",), opponent=rule, lost=_north_lost_a_battle,
              rules=("ranking", "battle", "unseen")),
        Level("tie-break", "Ties", "Break a tie", "Your 7\u2660 and South's 7\u2665 tied. Pick the card that is "
              "sure to win the tie-break.", tie, NORTH, _won_tie_with_a_seen_card(tie), ("pick N2",),
              "Show a card adjacent to your card that fought: for your card 1 that is card 2 beside it or card 5 "
              "under it. The table saw your card 2 in an earlier battle.",
              "South picked card 2, the Q\u2665, and your ace beat it: South lost the tie-break, so South's "
              "7\u2665, the card that fought, left the game. The picked cards went back face down.",
              replies=("pick S2",), opponent=rule, lost=_north_lost_a_battle,
              rules=("tie-break", "adjacent", "battle")),
        Level("run-out", "Ties", "No card left to show", "Win the game with one attack: South's 9\u2665 has no "
              "card left beside it or under it.", alone, NORTH, _won, ("N4xS1",),
              "Attack it with a nine: in the tie each side must show a card adjacent to its card that fought, "
              "and South has none. Your own nine needs one left too, or you both run out.",
              "South had no card to show, so South was out and you won. Your 9\u2660 was as alone as South's "
              "9\u2665: with it, you would both have run out at once, a draw.",
              targets=("S1",), opponent=rule, lost=_drawn_or_out,
              rules=("run-out", "double-out", "adjacent", "winner")),
        Level("dig", "The Commander", "Dig to the Commander", "Capture South's Commander: first beat card 11, "
              "which lies on it.", dig, NORTH, _dug_to_the_commander, ("N1xS11", "N1xS13"),
              "South's Commander lies across cards 11 and 12: it may be attacked once one of them has gone, and "
              "card 11 is partially covered now. Your card 1 is the ace the table saw.",
              "Card 11 left the game and opened the Commander, which then lost its battle: South is out, and you "
              "are the last player with a Commander.", targets=("S11", "S13"), arrows=(("S11", "S13"),),
              opponent=rule, lost=_out,
              rules=("commander-beaten", "winner", "target")),
        Level("guard", "The Commander", "Guard your Commander", "Your card 11 has gone, so your Commander may be "
              "attacked. South's King, seen by everyone, could do it next turn: beat that King now.", guard,
              NORTH, _guarded, ("N2xS4",),
              "A card that loses a battle leaves the game. Your card 2 is the ace the table saw.",
              "Your ace beat South's K\u2665, which left the game. South may still attack your Commander, but "
              "no longer with a card sure to win.",
              targets=("S4",), opponent=rule, lost=_out, rules=("commander-beaten", "target", "ranking")),
        Level("four-players", "More players", "Four players", "Four players, clockwise North, East, South and "
              "West: put West out of the game.", four, NORTH, _west_out, ("N1xW13",),
              "You may attack any player still in the game. West's Commander is open (card 11 has gone) and the "
              "table saw it, the 4\u2663; your card 1 is the King everyone saw.",
              "West's Commander lost, so West is out and the turns skip West from now on: after you come East, "
              "then South.", targets=("W13",), opponent=rule, lost=_west_out_by_another,
              rules=("players-and-deck", "turn-order", "commander-beaten")),
        Level("match", "More players", "A match of two hands", "Win hand 1 of this two-hand match: South's "
              "Commander, the 2\u2666, is open.", match, NORTH, _next_hand, ("N1xS13",),
              "Your card 1 is the ace the table saw, and South's Commander may be attacked since card 12 left.",
              "You won hand 1 and 2 points. In a match the deal passes clockwise: South dealt hand 1, so you "
              "dealt hand 2, and South, on your left, attacked first.",
              targets=("S13",), opponent=rule, lost=_out, rules=("next-hand", "deal", "winner")),
        Level("first-hand", "A whole hand", "Your first hand", "Win a whole hand against the computer at its "
              "easy level.", GAME.new_game(seed=FIRST_HAND_SEED), NORTH, _won, (),
              "Attack with cards the table has seen to be high, go for cards seen to be low, and dig towards "
              "South's Commander through card 11 or 12.", "You won your first hand of Capture the Commander.",
              par=None, most=40, opponent=easy, lost=_out, solver=rule,
              rules=("first-dealer", "cut", "deal", "unseen", "winner")),
    )
    return Course(SLUG, "Learn Capture the Commander", levels,
                  intro=f"{number_words(len(levels)).capitalize()} short levels, from a first attack to a whole hand.")
