"""Card Commander's course: short levels in the order a beginner needs them, from a Commander to a first game.

Each level (``capture_lib.core.lessons.Level``) is one idea: a position, a goal in a sentence, the lane to
watch marked on the board, a par number of moves, and Red's replies (scripted, then the rule-based
computer, untimed, so a level plays the same way every time). The learner plays Blue unless a level says
otherwise. Positions are dealt through the rules with ``GAME.setup`` (both Commanders chosen, the two hands
fixed) and the rounds before a level are played through the rules too; ``rules`` name the rules index
entries each level practises.

A level never asks for what the learner cannot know: Red's hand and Red's face-down cards stay hidden, so a
goal is either about the learner's own cards, or sure to be reached whatever Red holds (a card no card of
Red's can beat, a tie Red can no longer answer).
"""

from __future__ import annotations

from functools import cache

from capture_lib.core.cards import Card
from capture_lib.core.lessons import Course, Level, number_words
from capture_lib.core.protocol import State
from capture_lib.games.card_commander.rules import GAME, card_value
from capture_lib.search.levels import player_for

BLUE, RED = 0, 1
SLUG = GAME.slug

#: The deals of the levels: Blue's ten cards, then Red's (none is the learn page's or an exercise's).
#: Level 3: Blue leads Jackson against Karl; the 9♥ is worth more than either ten.
JACKSON_DEAL = (("9H", "10C", "10S", "8D", "7H", "6C", "5S", "4D", "3H", "2C"),
                ("10D", "9D", "AH", "2H", "4H", "5H", "6H", "8S", "9C", "7C"))
#: Level 4: Blue leads Joanne against Karl and holds the 10♦ and 9♦, so no card of Red's is worth 11.
JOANNE_DEAL = (("10S", "9S", "10D", "9D", "AD", "10H", "10C", "5H", "4C", "3H"),
               ("8D", "7D", "9H", "9C", "2S", "3S", "6H", "5C", "4D", "6D"))
#: Level 5: Blue leads Karl against Jackson; Red wins round 1 with its extra card, round 2's left lane ties.
EXTRA_DEAL = (("6C", "3H", "9C", "7C", "10D", "4C", "AS", "2S", "3S", "8C"),
              ("5H", "8H", "2C", "3D", "6H", "9H", "8D", "2H", "4S", "7S"))
#: Level 6: Blue leads Joanne against Jackson; Blue wins two lanes of round 1 and the third ties.
PASS_DEAL = (("9S", "10H", "5C", "7S", "4H", "2D", "8C", "6D", "AH", "3C"),
             ("8H", "7D", "6S", "10S", "9D", "5D", "4S", "3H", "2C", "7C"))
#: Level 7: Blue leads Karl against Jackson and won round 1; Red's 10♥ is spent, Blue holds the 10♦ and 9♦.
GAME_DEAL = (("10C", "8C", "7C", "10D", "9D", "AS", "2S", "3H", "5C", "6S"),
             ("10H", "3S", "4S", "9H", "8D", "8H", "2C", "5H", "6D", "7S"))
#: The seed of the whole game (level 8): the rule-based player wins it for the learner against random play.
FIRST_GAME_SEED = 3

#: The space of Blue's card in the left lane (the scene's id), marked where a level asks for a card there.
LEFT = "Blue's card in the left lane"


# ----- what a level looks at ---------------------------------------------------------------------------------
def placements(state: State, seat: int = BLUE) -> list[tuple[str, str, str]]:
    """Every placement ``seat`` has made in the game, in order, as ``(left, middle, right)``."""
    out = []
    for full, _masked, owner, _revealed in state.log:
        if owner == seat and full.startswith("place "):
            left, middle, right = full.split()[1:]
            out.append((left, middle, right))
    return out


def _value(card: str, commander: str) -> int:
    return card_value(Card.parse(card), commander)


def _round_record(state: State, number: int) -> dict | None:
    """The record of round ``number`` once it is over, else ``None``."""
    return next((r for r in state.rounds if r["round"] == number), None)


def _won_round(number: int):
    def goal(state: State) -> bool:
        record = _round_record(state, number)
        return record is not None and record["winner"] == BLUE
    return goal


def _won_game(state: State) -> bool:
    return state.is_over and BLUE in state.winners


def _game_lost(state: State) -> str:
    return "Red won this game" if state.is_over and BLUE not in state.winners else ""


# ----- the levels ------------------------------------------------------------------------------------------------
def _chose(seat: int, name: str):
    def goal(state: State) -> bool:
        return state.commanders[seat] == name
    return goal


def _chose_other(seat: int, name: str):
    def lost(state: State) -> str:
        chosen = state.commanders[seat]
        return f"you chose {chosen}" if chosen not in (None, name) else ""
    return lost


def _left_is_most_valuable(state: State) -> bool:
    placed = placements(state)
    return bool(placed) and placed[0][0] == "9H"


def _left_lost(state: State) -> str:
    placed = placements(state)
    if not placed or placed[0][0] == "9H":
        return ""
    left = placed[0][0]
    return (f"your left card, the {Card.parse(left).pretty}, is worth {_value(left, 'Jackson')} under Jackson"
            .replace("-", "\u2212"))


def _sure_round(state: State) -> bool:
    placed = placements(state)
    return _won_round(1)(state) and bool(placed) and set(placed[0]) == {"10S", "9S", "AD"}


def _sure_round_lost(state: State) -> str:
    placed = placements(state)
    if not placed:
        return ""
    if not _won_round(1)(state) and _round_record(state, 1) is not None:
        return "Red won round 1"
    if set(placed[0]) != {"10S", "9S", "AD"}:
        return "the round was not won with your two sure cards and your weakest one"
    return ""


def extra_cards(state: State, seat: int = BLUE) -> list[str]:
    """The cards ``seat`` added as its extra card, in order (at most one a game)."""
    return [full.split()[1] for full, _masked, owner, _revealed in state.log
            if owner == seat and full.startswith("extra ")]


#: Level 5's cheapest card that wins the tied lane: the 3♠, worth 1 under Karl (the 2♠ is worth 0, the A♠ −1).
CHEAPEST = "3S"


def _won_tie_with_extra(state: State) -> bool:
    record = _round_record(state, 2)
    return (record is not None and record["lane_winners"][0] == BLUE and record["lane_how"][0] == "extra"
            and extra_cards(state) == [CHEAPEST])


def _tie_lost(state: State) -> str:
    record = _round_record(state, 2)
    if record is None or _won_tie_with_extra(state):
        return ""
    added = extra_cards(state)
    if added and record["lane_winners"][0] == BLUE:
        card = Card.parse(added[0])
        return (f"your {card.pretty} won the lane, but the 3\u2660, worth 1, was enough: the "
                f"{card.pretty} is a card round 3 will miss")
    how = record["lane_how"][0]
    if how == "coin":
        return "the lane went to the coin flip, not to your extra card"
    return "Red won the left lane"


def _kept_the_extra(state: State) -> bool:
    return _won_round(1)(state) and not state.extra_used[BLUE]


def _spent_the_extra(state: State) -> str:
    return "you spent your extra card on a lane that could not change the round" if state.extra_used[BLUE] else ""


def _round_two_lost(state: State) -> str:
    record = _round_record(state, 2)
    return "Red won round 2, so the game goes on to a third round" if record and record["winner"] == RED else ""


def _dealt(deal: tuple[tuple[str, ...], tuple[str, ...]], commanders: tuple[str, str]) -> State:
    return GAME.setup(commanders, deal)


def _play(state: State, *actions: str) -> State:
    for action in actions:
        state = state.play(action)
    return state


@cache
def course() -> Course:
    """The levels, in stages (see the module's docstring)."""
    rule = player_for("rule", timed=False)
    random_player = player_for("random", timed=False)
    extra_start = _play(_dealt(EXTRA_DEAL, ("Karl", "Jackson")),
                        "place 6C 3H 9C", "place 5H 8H 2C", "pass", "extra 3D",  # Red wins round 1 with its extra
                        "place 7C 10D 4C", "place 6H 9H 8D")  # round 2: the left lane ties at 7
    pass_start = _play(_dealt(PASS_DEAL, ("Joanne", "Jackson")), "place 9S 10H 5C", "place 8H 7D 6S")
    game_start = _play(_dealt(GAME_DEAL, ("Karl", "Jackson")), "place 10C 8C 7C", "place 10H 3S 4S")
    levels = (
        Level("commander", "Set-up", "Choose your Commander", "You are Blue and choose first: choose the "
              "Commander who makes your diamonds worth two more.", GAME.new_game(seed=7), BLUE,
              _chose(BLUE, "Karl"), ("commander Karl",),
              "Each button names a Commander's bonus: Karl gives diamonds +2 (and spades \u22122), Joanne the "
              "other way round, Jackson +1 to red cards and \u22121 to black ones.",
              "Karl adds 2 to each of your diamonds and takes 2 from each of your spades. Red chose Jackson, "
              "then ten cards were dealt to each of you: the values on your cards already count Karl's bonus.",
              replies=("commander Jackson",), opponent=rule, lost=_chose_other(BLUE, "Karl"),
              rules=("players-and-cards", "choose-commander", "bonus-karl", "deal")),
        Level("second-choice", "Set-up", "Red chooses second", "You are Red. Blue took Karl, and a deck holds one "
              "King of diamonds: choose the Commander who gives your red cards one more.",
              GAME.new_game(seed=8).play("commander Karl"), RED, _chose(RED, "Jackson"), ("commander Jackson",),
              "Karl's card is in front of Blue, so only Joanne and Jackson are left. Jackson gives hearts and "
              "diamonds +1, and spades and clubs \u22121.",
              "Jackson makes every heart and diamond of yours worth one more, every spade and club one less. "
              "Both players could lead the same Commander only with a second deck at the table.",
              opponent=rule, lost=_chose_other(RED, "Jackson"),
              rules=("choose-commander", "same-commander", "bonus-jackson")),
        Level("value", "Card values", "Worth more than a ten", "You lead Jackson. Put your card worth the most in "
              "the left lane, and any two cards in the middle and right lanes.",
              _dealt(JACKSON_DEAL, ("Jackson", "Karl")), BLUE, _left_is_most_valuable, ("place 9H 10C 8D",),
              "A card's value is its number plus your Commander's bonus, and each card in your hand shows it "
              "(= ...). Under Jackson a heart gains one and a club or a spade loses one.",
              "The 9\u2665 is worth 10 under Jackson, more than the 10\u2663 or the 10\u2660 (9 each). All six "
              "cards turned over together, each with its own side's bonus: Red's diamonds gain 2 under Karl.",
              targets=(LEFT,), replies=("place 10D 8S 5H",), opponent=rule, lost=_left_lost,
              rules=("three-lanes", "bonus-jackson", "reveal", "lane-winner")),
        Level("two-lanes", "A round", "Two lanes win a round", "You lead Joanne. Win round 1 for certain with "
              "your two strongest cards, and give up the third lane with your weakest.",
              _dealt(JOANNE_DEAL, ("Joanne", "Karl")), BLUE, _sure_round, ("place AD 10S 9S",),
              "Under Joanne your 10\u2660 is worth 12 and your 9\u2660 11. Red leads Karl, so Red's best cards "
              "are diamonds, and you hold the 10\u2666 and the 9\u2666: no card of Red's is worth more than 10. "
              "Your weakest card is the A\u2666 (1 \u2212 2 = \u22121).",
              "Two lanes won, one lost: the round is yours, 2 to 1. Red's Karl bonus counts for Red's cards "
              "only, and your A\u2666 was spent where it did not matter.",
              replies=("place 8D 9C 7D",), opponent=rule, lost=_sure_round_lost,
              rules=("bonus-joanne", "own-bonus", "lane-winner", "round-winner")),
        Level("extra-card", "Ties", "The extra card", "Red won round 1 with its extra card. Now round 2's left lane is "
              "tied at 7: win it with your extra card, spending the cheapest card that wins.", extra_start, BLUE,
              _won_tie_with_extra,
              ("extra 3S",),
              "Click a card of your hand, then its button. Its value, bonus included, is added to your 7: under "
              "Karl the 2\u2660 is worth 0 and the A\u2660 \u22121, so they do not help. Red cannot add a card "
              "again.",
              "Your 3\u2660, worth 1, made 8 against 7: any card worth more than 0 wins the lane, and the "
              "cheapest kept your 8\u2663 for round 3. You win round 2 and the score is one round each. Your extra "
              "card is spent, for the whole game.",
              opponent=rule, lost=_tie_lost,
              rules=("extra-card", "extra-once", "lane-winner", "bonus-karl")),
        Level("pass", "Ties", "Keep your extra card", "You have won the left and middle lanes of round 1, and the "
              "right lane is tied: win the round and keep your extra card for later.", pass_start, BLUE,
              _kept_the_extra, ("pass",),
              "Two lanes win a round, and you have two already: the tied lane cannot change who wins it. The "
              "extra card may be added only once in the whole game.",
              "You passed, and so did Red, so a coin flip settled the right lane. Whoever it gave the lane to, "
              "the round was yours, and your extra card is still in your hand for a tie that matters.",
              replies=("pass",), opponent=rule, lost=_spent_the_extra,
              rules=("extra-card", "coin", "round-winner", "bonus-joanne")),
        Level("win-the-game", "Winning", "Two rounds win the game", "You won round 1. Win round 2 as well, and "
              "with it the game.", game_start, BLUE, _won_game, ("place 10D 9D AS",),
              "Under Karl your 10\u2666 is worth 12 and your 9\u2666 11. Red's 10\u2665 is gone (it was in round "
              "1), so under Jackson no card Red can hold is worth more than 10: two lanes are yours for certain.",
              "Two rounds won: the game is over at once and the third round is not played. The board kept the "
              "score for you, one point a round.",
              replies=("place 9H 8D 8H",), opponent=rule, lost=_round_two_lost,
              rules=("goal", "three-rounds", "records", "round-winner")),
        Level("first-game", "A whole game", "Your first game", "Win a whole game against the computer at its "
              "easiest level (it plays at random).", GAME.new_game(seed=FIRST_GAME_SEED), BLUE, _won_game, (),
              "Send your two strongest cards to two lanes and your weakest to the third, and keep your extra card "
              "for a tie that decides a round.", "You won your first game of Card Commander.", par=3, most=12,
              opponent=random_player, lost=_game_lost, solver=rule,
              rules=("goal", "deal", "three-rounds", "records")),
    )
    return Course(SLUG, "Learn Card Commander", levels,
                  intro=f"{number_words(len(levels)).capitalize()} short levels, from choosing your Commander to "
                        "your first whole game.")
