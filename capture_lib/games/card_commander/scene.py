"""What a Card Commander board draws: both hands, the three lanes, the Commanders and the score.

``scene(view, legal, recent)`` builds it from what a seat sees (an observation, the table's view, or the
teaching view with every card shown), the seat's legal actions and what happened since the seat's turn
began. The viewer's hand is at the bottom and the other hand at the top (as card backs, counted, unless the
view shows them); between them the three lanes side by side, each with each side's card, its extra card and
its value, and marks saying who won the lane and how. Once a round is over and its lanes are cleared, the
lanes show that round's result until a card is placed again.

Every word about the rules comes from the rules themselves: a Commander's bonus from ``BONUSES``, a card's
value from ``card_value``, whether a tied lane can still change the round from the lanes of the view
(``tie_cannot_matter``). The page builds a placement by clicks (three cards of the hand, in lane order,
then "place face down"), the extra card by a click and its button, a Commander or a pass by a button.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from capture_lib.core.cards import SUIT_NAMES, Card
from capture_lib.core.protocol import Action as EngineAction
from capture_lib.core.scene import Action, Area, Arrow, KeyEntry, LastMove, Panel, Piece, Scene, SceneBuilder, Space
from capture_lib.games.card_commander.rules.actions import (
    LANES,
    ChooseCommander,
    Extra,
    Pass,
    Place,
    parse_action,
)
from capture_lib.games.card_commander.rules.state import (
    BONUSES,
    CARDS_PER_ROUND,
    COMMANDER_CARDS,
    HAND_SIZE,
    ROUNDS,
    card_value,
)

#: The key: every mark this board draws, named as the book's text names it.
KEY = (
    KeyEntry("place", "card to place", "a card of your hand you may put in the next lane", "solid", "purple",
             "\u2191"),
    KeyEntry("select", "picked card", "a card you picked, numbered by its lane (1 left, 2 middle, 3 right); "
             "click it again to take it back", "double", "yellow"),
    KeyEntry("extra", "card to add", "a card you may add to the tied lane as your one extra card", "dashed",
             "orange", "+"),
    KeyEntry("tied", "tied lane", "both cards of the lane are worth the same: the extra card or a coin flip "
             "decides it", "dotted", "black", "="),
    KeyEntry("won-higher", "won by the higher card", "this card won its lane: it is worth more", "glow", "green",
             "\u25b2"),
    KeyEntry("won-extra", "won with the extra card", "this card won its tied lane with the extra card added to it",
             "glow", "green", "\u2295"),
    KeyEntry("won-coin", "won by the coin flip", "this card won its tied lane by the coin flip", "glow", "green",
             "\u25d0"),
    KeyEntry("last", "last move", "cards the other side has just placed face down, or extra cards just shown",
             "dashed", "sky"),
)

#: How a card's token reads in a terminal (the scene's ``token_key``).
TOKEN_KEY = ("A card is its rank, then its suit's letter (S, H, D or C) as the notation writes it; ?? a card face "
             "down, -- an empty place; =N after a card is what it is worth with its side's Commander, +N what an extra "
             "card adds.",)
#: How a lane was won (the view's ``how``), in words; its mark is the key's ``won-`` entry of the same name.
HOW_WORDS = {"higher": "higher card", "extra": "extra card", "coin": "coin flip"}
#: A hand's card holder, and the step from one to the next: a hand of ten spans the scene's width. (The page
#: draws a hand as a row of cards of its own size, which wraps on a narrow screen; a picture as placed here.)
CARD_W, CARD_H, CARD_STEP = 60, 84, 66
WIDTH = CARD_STEP * HAND_SIZE
#: A lane's card and extra card, and a lane's width: three lanes side by side, in the middle. A unit is a CSS
#: pixel at most on the page, so the lanes are as large there as in a picture, and shrink on a phone.
LANE_CARD_W, LANE_CARD_H = 70, 98
EXTRA_W, EXTRA_H = 56, 78
LANE_W = 150
LANES_X = (WIDTH - LANE_W * len(LANES)) / 2
#: Room for an area's title above its cards, and for the lanes' names below them.
TITLE_H = 22
LABEL_H = 24
HAND_H = TITLE_H + CARD_H + 6
LANES_H = TITLE_H + 2 * LANE_CARD_H + 10 + LABEL_H
GAP = 8

_RANK_WORDS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


# ----- words -----------------------------------------------------------------------------------------------
def card_words(card: str) -> str:
    """A card for a screen reader and in sentences: ``7D`` -> "7 of diamonds", ``AS`` -> "Ace of spades"."""
    parsed = Card.parse(card)
    return f"{_RANK_WORDS.get(parsed.rank, parsed.rank)} of {SUIT_NAMES[parsed.suit]}"


def pretty(card: str) -> str:
    """A card as the board prints it (``7D`` -> ``7♦``)."""
    return Card.parse(card).pretty


def signed(number: int) -> str:
    """A bonus or value with its sign, the minus a true minus sign (``+2``, ``−1``)."""
    return f"{number:+d}".replace("-", "\u2212")


def bonus_words(commander: str) -> str:
    """A Commander's bonus in words, from the rules' own table: "diamonds +2, spades −2"; suits that get the
    same change are named together ("hearts and diamonds +1, spades and clubs −1")."""
    by_change: dict[int, list[str]] = {}
    for suit, change in BONUSES[commander].items():
        if change:
            by_change.setdefault(change, []).append(SUIT_NAMES[suit])
    return ", ".join(f"{' and '.join(suits)} {signed(change)}" for change, suits in by_change.items())


def commander_words(commander: str) -> str:
    """A Commander and the card that stands for it: "Karl (the King of diamonds)"."""
    return f"{commander} (the {card_words(str(COMMANDER_CARDS[commander]))})"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _lanes_won(n: int) -> str:
    return f"{n} lane" if n == 1 else f"{n} lanes"


def _value(card: str, commander: str | None, bonus: bool = True) -> int | None:
    """What ``card`` is worth to a side led by ``commander`` (``None`` before any Commander is chosen)."""
    if commander is None:
        return None
    return card_value(Card.parse(card), commander if bonus else None)


# ----- what the lanes show ---------------------------------------------------------------------------------
def shown_lanes(view: dict[str, Any]) -> tuple[int, list[dict[str, Any]], dict[str, Any] | None]:
    """The lanes to draw: ``(round, lanes, record)``. These are this round's lanes, or, once a round is over
    and no card has been placed since, that round's result (``record`` is then the round's record)."""
    current = view["lanes"]
    if view["rounds"] and all(card is None for lane in current for card in lane["cards"]):
        record = view["rounds"][-1]
        return record["round"], _record_lanes(record), record
    return view["round"], current, None


def _record_lanes(record: dict[str, Any]) -> list[dict[str, Any]]:
    """A finished round's lanes, in the shape of the view's lanes."""
    return [{"name": name, "cards": [record["placed"][0][i], record["placed"][1][i]],
             "extras": [record["extras"][0][i], record["extras"][1][i]],
             "values": [record["values"][0][i], record["values"][1][i]],
             "winner": record["lane_winners"][i], "how": record["lane_how"][i]} for i, name in enumerate(LANES)]


def tie_cannot_matter(view: dict[str, Any]) -> int | None:
    """The seat that has already won both other lanes of the round while a lane is tied, so that the tied lane
    cannot change who wins the round (an extra card added there is spent for nothing); else ``None``.

    A lane after the tied one is not decided yet (ties are settled in order), but its values are known: it
    counts when they differ; a second tie counts for nobody.
    """
    tie = view.get("tie_lane")
    if tie is None:
        return None
    won = [0, 0]
    for i, lane in enumerate(view["lanes"]):
        if i == tie:
            continue
        winner = lane["winner"]
        values = lane["values"]
        if winner is None and None not in values and values[0] != values[1]:
            winner = 0 if values[0] > values[1] else 1
        if winner is not None:
            won[winner] += 1
    return next((seat for seat in (0, 1) if won[seat] == len(LANES) - 1), None)


def tie_note(view: dict[str, Any]) -> str:
    """The sentence a tie that cannot change the round gets ("" when it can)."""
    decided = tie_cannot_matter(view)
    if decided is None:
        return ""
    return (f"It cannot change this round: {view['players'][decided]} has won the other two lanes, so a card "
            "added here is spent for nothing.")


def _lane_result(lane: dict[str, Any], players: Sequence[str]) -> str:
    """How a decided lane was won, in words: "Blue wins the left lane (higher card: 10 to 8)"."""
    winner = lane["winner"]
    mine, theirs = lane["values"][winner], lane["values"][1 - winner]
    how = lane["how"]
    detail = f"coin flip after a tie at {mine}" if how == "coin" else f"{HOW_WORDS[how]}: {mine} to {theirs}"
    return f"{players[winner]} wins the {lane['name']} lane ({detail})"


# ----- the ids of spaces -------------------------------------------------------------------------------------
# A screen reader says a space's id (it has no label), so the ids are words.
def hand_space(players: Sequence[str], seat: int, index: int) -> str:
    """The id of the ``index``-th card holder (from 1) of ``seat``'s hand."""
    return f"{players[seat]}'s hand, card {index}"


def lane_space(players: Sequence[str], seat: int, lane: int, extra: bool = False) -> str:
    """The id of ``seat``'s card (or extra card) in ``lane``."""
    return f"{players[seat]}'s {'extra card' if extra else 'card'} in the {LANES[lane]} lane"


# ----- pieces --------------------------------------------------------------------------------------------------
def _face(card: str, at: str, owner: int, lines: tuple[str, ...], name: str) -> Piece:
    return Piece(id=f"card {card}", at=at, look="card", title=card, owner=owner, lines=lines,
                 tones=("red",) if Card.parse(card).is_red else (), name=name, token=card)


def _back(at: str, owner: int) -> Piece:
    return Piece(id=f"back: {at}", at=at, look="card", title="", owner=owner, tones=("back",),
                 name="a face-down card", token="??")


def _hand(builder: SceneBuilder, view: dict[str, Any], seat: int, top: float) -> dict[str, str]:
    """A row area of ``seat``'s hand at ``top``; returns each shown card's space id (for the clicks)."""
    players = view["players"]
    cards = view["hands"][seat]
    count = view["hand_sizes"][seat]
    name = players[seat]
    if not count:
        title = f"{name}'s hand: no cards" + (" yet" if view["phase"] in ("commander", "deal") else "")
    elif cards is None:
        title = f"{name}'s hand: {_cards(count)}, face down"
    else:
        commander = view["commanders"][seat]
        title = f"{name}'s hand: {_cards(count)}" + (f" (values with {commander})" if commander else "")
    builder.areas.append(Area(f"hand {seat}", title, "row", 0, top, WIDTH, HAND_H))
    ids: dict[str, str] = {}
    left = (WIDTH - (count - 1) * CARD_STEP) / 2 if count else WIDTH / 2
    for i in range(count):
        at = hand_space(players, seat, i + 1)
        builder.spaces.append(Space(at, f"hand {seat}", left + i * CARD_STEP, top + TITLE_H + CARD_H / 2,
                                    CARD_W, CARD_H))
        if cards is None:
            builder.pieces.append(_back(at, seat))
            continue
        card = cards[i]
        value = view["hand_values"][seat][i] if view.get("hand_values") and view["hand_values"][seat] else None
        worth = f", worth {value}".replace("-", "\u2212") if value is not None else ""
        builder.pieces.append(_face(card, at, seat, (f"= {value}".replace("-", "\u2212"),) if value is not None
                                    else (), card_words(card) + worth))
        ids[card] = at
    return ids


def _lanes(builder: SceneBuilder, view: dict[str, Any], top: float, bottom_seat: int) -> None:
    """The lanes area: each lane a column, the other side's cards above and ``bottom_seat``'s below."""
    players = view["players"]
    number, lanes, record = shown_lanes(view)
    if record is not None:
        winner = players[record["winner"]]
        won = record["lane_winners"].count(record["winner"])
        title = f"Round {number}'s result: {winner} wins the round, {_lanes_won(won)} to {len(LANES) - won}"
    else:
        title = f"The lanes, round {number} of {ROUNDS}"
    builder.areas.append(Area("lanes", title, "free", LANES_X, top, LANE_W * len(LANES), LANES_H))
    bonus = view["options"].get("extra_card_bonus", True)
    margin = (LANE_W - LANE_CARD_W - 6 - EXTRA_W) / 2
    for i, lane in enumerate(lanes):
        x0 = LANES_X + i * LANE_W + margin
        for seat in (0, 1):
            row = 1 if seat == bottom_seat else 0
            y = top + TITLE_H + LANE_CARD_H / 2 + row * (LANE_CARD_H + 10)
            at = lane_space(players, seat, i)
            card, extra, total = lane["cards"][seat], lane["extras"][seat], lane["values"][seat]
            commander = view["commanders"][seat]
            # An empty place is drawn as a dashed outline; under a card, nothing of it shows.
            # The lane's name is drawn under the viewer's card; a screen reader then hears whose card it is.
            builder.spaces.append(Space(at, "lanes", x0 + LANE_CARD_W / 2, y, LANE_CARD_W, LANE_CARD_H,
                                        "slot" if card is None else "square",
                                        label=f"{lane['name']} lane" if row == 1 else "",
                                        name=f"{players[seat]}'s card" if row == 1 else ""))
            if card == "?":
                builder.pieces.append(_back(at, seat))
            elif card is not None:
                value = _value(card, commander)
                words = card_words(card) + (f", worth {value}" if value is not None else "")
                if total is not None and extra:
                    words += f", {total} in all with the extra card"
                builder.pieces.append(_face(card, at, seat, (f"= {value}".replace("-", "\u2212"),)
                                            if value is not None else (), words))
            if extra:
                extra_at = lane_space(players, seat, i, extra=True)
                value = _value(extra, commander, bonus)
                builder.spaces.append(Space(extra_at, "lanes", x0 + LANE_CARD_W + 6 + EXTRA_W / 2, y,
                                            EXTRA_W, EXTRA_H))
                lines = tuple(t for t in (signed(value) if value is not None else "",
                                          f"= {total}".replace("-", "\u2212") if total is not None else "") if t)
                builder.pieces.append(_face(extra, extra_at, seat, lines,
                                            f"the extra card {card_words(extra)}"
                                            + (f", adding {value}" if value is not None else "")))
        if lane["winner"] is not None:
            builder.mark(lane_space(players, lane["winner"], i), f"won-{lane['how']}")
        elif record is None and view.get("tie_lane") == i:
            for seat in (0, 1):
                builder.mark(lane_space(players, seat, i), "tied")


def _commander_chip(commander: str, seat: int) -> Piece:
    card = str(COMMANDER_CARDS[commander])
    return Piece(id=f"commander {seat}", at=f"side {seat}", look="card", title=card, owner=seat,
                 tones=("red",) if COMMANDER_CARDS[commander].is_red else (), name=commander_words(commander),
                 token=card)


def _panels(view: dict[str, Any]) -> list[Panel]:
    """A panel per side: its Commander and bonus, the rounds it has won, whether it has used its extra card."""
    players = view["players"]
    panels = []
    dealt = view["phase"] not in ("commander", "deal")
    for seat in (0, 1):
        commander = view["commanders"][seat]
        lines = [f"Commander {commander}: {bonus_words(commander)}" if commander else "no Commander yet",
                 f"rounds won: {view['score'][seat]}"]
        if dealt:
            lines.append("extra card used" if view["extra_used"][seat]
                         else "extra card not used" + ("" if view["over"] else " yet"))
        chips = (_commander_chip(commander, seat),) if commander else ()
        panels.append(Panel(f"side {seat}", players[seat], tuple(lines), seat, chips))
    return panels


# ----- status, actions and hints ---------------------------------------------------------------------------------
def status_lines(view: dict[str, Any]) -> tuple[str, ...]:
    """Whose turn and what they may do; the rounds won; on a tie that cannot matter, why."""
    players = view["players"]
    score = view["score"]
    if view["over"]:
        winner = view["winners"][0]
        main = f"Game over: {players[winner]} wins, {score[winner]} rounds to {score[1 - winner]}"
    else:
        who = players[view["to_act"]] if view["to_act"] is not None and view["to_act"] >= 0 else ""
        head = f"Round {view['round']} of {ROUNDS}: "
        phase = view["phase"]
        if phase == "commander":
            main = f"{who} chooses a Commander"
        elif phase == "deal":
            main = f"The cards are being dealt, {HAND_SIZE} to each player"
        elif phase == "place":
            main = head + f"{who} places three cards face down"
            other = 1 - view["to_act"]
            if view["lanes"][0]["cards"][other] is not None:
                main += f" ({players[other]} has placed)"
        elif phase == "tie":
            lane = view["lanes"][view["tie_lane"]]
            main = head + f"the {lane['name']} lane is tied at {lane['values'][0]}; {who} decides on the extra card"
            other = 1 - view["to_act"]
            if view["decisions"][other] is not None:
                main += f" ({players[other]} has decided)"
        else:
            lane = view["lanes"][view["tie_lane"]]
            main = head + f"the {lane['name']} lane is still tied; a coin flip decides it"
    lines = [main, f"Rounds won: {players[0]} {score[0]}, {players[1]} {score[1]}"]
    if view["phase"] == "tie" and tie_note(view):
        lines.append(tie_note(view))
    return tuple(lines)


#: The buttons of the actions: what the board writes on them, and what the pages call them.
PLACE_BUTTON = "place face down"
EXTRA_BUTTON = "add"
PASS_BUTTON = "pass"


def how_to_play() -> str:
    """How to play on this game's board, in Markdown, naming each control (in bold) as the board writes it."""
    return ("How to play on this board: choose your Commander with its button, then, each round, click three cards "
            f"of your hand to fill the left, middle and right lanes, and press **{PLACE_BUTTON}**. On a tie, click "
            f"the card you want to add as your extra card and press its **{EXTRA_BUTTON}** button, or "
            f"**{PASS_BUTTON}**.")


def action_record(action: EngineAction | str, view: dict[str, Any], hand: dict[str, str]) -> Action:
    """The board's record of one legal action; ``hand`` maps the actor's cards to their spaces."""
    if isinstance(action, str):
        action = parse_action(action)
    if isinstance(action, Place):
        # Up to 720 of these a turn, so made cheaply and without a label (the picked cards are numbered by
        # lane on the board): the page gets what it needs and no more.
        cards = [str(c) for c in action.cards]
        return Action("place " + " ".join(cards), clicks=(hand[cards[0]], hand[cards[1]], hand[cards[2]]),
                      button=PLACE_BUTTON, kind="place")
    text = str(action)
    if isinstance(action, ChooseCommander):
        words = bonus_words(action.name)
        return Action(text, button=f"{action.name} ({words})", label=f"choose {commander_words(action.name)}: {words}")
    if isinstance(action, Extra):
        card = str(action.card)
        lane = LANES[view["tie_lane"]]
        bonus = "with" if view["options"].get("extra_card_bonus", True) else "without"
        return Action(text, clicks=(hand[card],), button=f"{EXTRA_BUTTON} {pretty(card)} to the {lane} lane",
                      kind="extra",
                      label=f"add {pretty(card)} to the tied {lane} lane as your extra card (once a game, {bonus} "
                            "your Commander's bonus)")
    if isinstance(action, Pass):
        return Action(text, button=PASS_BUTTON, label="pass: add no extra card" + _why_only_pass(view))
    raise ValueError(f"{text} is not an action a Card Commander player takes")


def _why_only_pass(view: dict[str, Any]) -> str:
    """Why the side to act on a tie may only pass, if it may: its extra card spent, or its hand needed."""
    seat = view.get("to_act")
    if view["phase"] != "tie" or seat not in (0, 1) or view["hands"][seat] is None:
        return ""
    if view["extra_used"][seat]:
        return " (your one extra card of the game is spent)"
    if len(view["hands"][seat]) - 1 < CARDS_PER_ROUND * (ROUNDS - view["round"]):
        return f" (your hand must keep {CARDS_PER_ROUND} cards for each round still to come)"
    return ""


def _hints(view: dict[str, Any], records: Sequence[Action]) -> tuple[str, ...]:
    """What to do before each click of a move, in players' words."""
    if not records:
        return ()
    phase = view["phase"]
    if phase == "commander":
        return ("Choose your Commander with a button below: each one makes some suits worth more and others "
                "less.",)
    if phase == "place":
        return ("Click a card of your hand for the left lane.",
                "Now click a card for the middle lane (click a picked card again to take it back).",
                "Now click a card for the right lane.",
                "Press \u201cplace face down\u201d, or click a picked card to take it back.")
    if phase == "tie":
        lane = view["lanes"][view["tie_lane"]]
        bonus = ("with your Commander's bonus" if view["options"].get("extra_card_bonus", True)
                 else "its number only, without your Commander's bonus")
        note = tie_note(view)
        first = (f"The {lane['name']} lane is tied at {lane['values'][0]}. Click a card of your hand to add it "
                 f"to your card there ({bonus}; one extra card a game), or press \u201cpass\u201d. The other "
                 "side decides in secret too; if the lane is still tied, a coin flip decides it.")
        return (first + (" " + note if note else ""),
                "Press the button to add this card, or click it again to take it back.")
    return ()


# ----- what happened ---------------------------------------------------------------------------------------------
def _news(before: dict[str, Any] | None, after: dict[str, Any], told: int | None = None) -> list[str]:
    """What the table learnt from one action, as sentences: the lanes newly won (but lane ``told``, which the
    action's own words give), a new tie, the end of the round and of the game."""
    if before is None:
        return []
    players = after["players"]
    was = before["lanes"]
    finished = len(after["rounds"]) > len(before["rounds"])
    now = _record_lanes(after["rounds"][-1]) if finished else after["lanes"]
    won = [_lane_result(lane, players) for i, lane in enumerate(now)
           if lane["winner"] is not None and was[i]["winner"] is None and i != told]
    said = [_sentence(", ".join(won[:-1]) + " and " + won[-1] if len(won) > 1 else won[0])] if won else []
    tie = after.get("tie_lane")
    if not finished and tie is not None and after["phase"] == "tie" and before.get("tie_lane") != tie:
        said.append(_sentence(f"the {LANES[tie]} lane is tied at {now[tie]['values'][0]}"))
    if not finished and after["phase"] == "coin" and before["phase"] != "coin":
        said.append(_sentence(f"the {LANES[tie]} lane is still tied: a coin flip decides it"))
    if finished:
        record = after["rounds"][-1]
        winner = record["winner"]
        lanes = record["lane_winners"].count(winner)
        said.append(_sentence(f"{players[winner]} wins round {record['round']}, {_lanes_won(lanes)} to "
                              f"{len(LANES) - lanes}"))
        score = after["score"]
        if after["over"]:
            champion = after["winners"][0]
            said.append(_sentence(f"{players[champion]} wins the game, {score[champion]} rounds to "
                                  f"{score[1 - champion]}"))
        else:
            said.append(_sentence(f"rounds won: {players[0]} {score[0]}, {players[1]} {score[1]}"))
    return said


def _sentence(text: str) -> str:
    """``text`` as a sentence: its first letter a capital, a full stop at its end."""
    return text[:1].upper() + text[1:] + "." if text else ""


def _last(before: dict[str, Any] | None, line: str, after: dict[str, Any], actor: int | None,
          viewer: int | None) -> LastMove:
    """One line of the log in words and what it made happen, with the spaces to mark: the cards it put on the
    table that ``viewer`` did not put there (``None``: the whole table, who marks everything)."""
    players = after["players"]
    who = players[actor] if actor is not None and actor >= 0 else "Chance"
    words = line.split()
    verb = words[0] if words else ""
    tie = before.get("tie_lane") if before else None
    if verb == "commander":
        return LastMove(actor, _sentence(f"{who} chose {words[1]}: {bonus_words(words[1])}"))
    if verb == "place":
        text = f"{who} placed three cards face down"
        spaces: tuple[str, ...] = tuple(lane_space(players, actor, i) for i in range(len(LANES)) if actor != viewer)
        if before is None or len(after["rounds"]) > len(before["rounds"]) or after["phase"] != "place":
            # The second placement shows every card: the marks of the lanes won and tied say the rest.
            text += ", and all six cards are turned over"
            spaces = ()
        return LastMove(actor, " ".join([_sentence(text), *_news(before, after)]), spaces)
    if verb == "decide":
        return LastMove(actor, _sentence(f"{who} decided on the extra card, in secret"))
    if verb in ("extra", "pass"):
        if tie is None or after["decisions"][actor] is not None:
            mine = (f"{who} will add {pretty(words[1])} to the {LANES[tie]} lane" if verb == "extra" and tie is not None
                    else f"{who} passes")
            return LastMove(actor, _sentence(f"{mine} (shown once both sides have decided)"))
        # Both decisions are shown together: say each side's, from the extra cards now in the tied lane.
        lanes = _record_lanes(after["rounds"][-1]) if len(after["rounds"]) > len(before["rounds"]) else after["lanes"]
        choices = [f"{players[seat]} adds {pretty(lanes[tie]['extras'][seat])}" if lanes[tie]["extras"][seat]
                   else f"{players[seat]} passes" for seat in (0, 1)]
        spaces = tuple(lane_space(players, seat, tie, extra=True) for seat in (0, 1)
                       if lanes[tie]["extras"][seat] and seat != viewer)
        head = _sentence(f"both choices for the {LANES[tie]} lane are shown: {' and '.join(choices)}")
        return LastMove(actor, " ".join([head, *_news(before, after)]), spaces)
    if verb == "coin" and tie is not None and len(words) > 1 and words[1] in players:
        head = _sentence(f"the coin flip gives the {LANES[tie]} lane to {words[1]}")
        return LastMove(None, " ".join([head, *_news(before, after, told=tie)]))
    return LastMove(actor, _sentence(f"{who}: {line}"))


def _deal_words(after: dict[str, Any]) -> str:
    sizes = after["hand_sizes"]
    if after["phase"] == "deal":
        return (f"The deal goes on: {after['players'][0]} has {_cards(sizes[0])}, {after['players'][1]} "
                f"{_cards(sizes[1])}.")
    return f"The cards are dealt: {_cards(sizes[0])} to each player."


# ----- the scene ---------------------------------------------------------------------------------------------------
def scene(view: dict[str, Any], legal: Sequence[EngineAction] = (), recent: Sequence[tuple] = (), *,
          select: str | None = None, marks: dict[str, str] | None = None, arrows: Sequence[Arrow] = (),
          focus: tuple[float, float, float, float] | None = None) -> Scene:
    """The scene of ``view`` (see the module's docstring and ``capture_lib.core.scene.SCENE_ARGUMENTS``).

    ``legal`` are the viewer's legal actions (none for a picture); ``recent`` is what happened since the
    viewer's turn began, as ``(view before, log line, view after, actor)``; ``select`` marks a space as picked
    and the next clicks of the actions that start there (needs ``legal``), ``marks`` puts marks of the key on
    spaces, ``arrows`` draws arrows, ``focus`` is where the picture opens zoomed.
    """
    seat = view.get("seat")
    bottom = seat if seat in (0, 1) else 0
    top_seat = 1 - bottom
    builder = SceneBuilder("card-commander", WIDTH, 2 * HAND_H + LANES_H + 2 * GAP)
    _hand(builder, view, top_seat, 0)
    _lanes(builder, view, HAND_H + GAP, bottom)
    hands = {top_seat: {}, bottom: {}}
    hands[bottom] = _hand(builder, view, bottom, HAND_H + LANES_H + 2 * GAP)
    if view["hands"][top_seat] is not None:
        hands[top_seat] = {card: hand_space(view["players"], top_seat, i + 1)
                           for i, card in enumerate(view["hands"][top_seat])}
    actor = view.get("to_act")
    hand = hands.get(actor, {}) if actor in (0, 1) else {}
    records = [action_record(a, view, hand) for a in legal]
    builder.actions.extend(records)
    builder.panels.extend(_panels(view))
    known = {space.id for space in builder.spaces}
    if select is not None:
        builder.mark(select, "select")
        for record in records:
            if len(record.clicks) > 1 and record.clicks[0] == select and record.kind:
                builder.mark(record.clicks[1], record.kind)
    for at, key in (marks or {}).items():
        if at not in known:
            raise KeyError(f"no space {at!r} in Card Commander's scene")
        builder.mark(at, key)
    builder.arrows.extend(arrows)
    shown = shown_lanes(view)[0]
    lines = list(recent)
    secret: list[LastMove] = []
    for i, (before, line, after, who) in enumerate(lines):
        if line.startswith("deal"):
            if i + 1 < len(lines) and lines[i + 1][1].startswith("deal"):
                continue  # a deal is told once, at its last card
            builder.last.append(LastMove(None, _deal_words(after)))
            continue
        last = _last(before, line, after, who, seat)
        if line.split()[0] in ("decide", "extra", "pass") and who in (0, 1):
            if after["decisions"][who] is not None:
                secret.append(last)  # a decision not shown yet
            else:
                # Both decisions are shown now, in this line's words: the earlier "in secret" lines go.
                builder.last[:] = [m for m in builder.last if m not in secret]
                secret.clear()
        builder.last.append(last)
        if shown_lanes(after)[0] == shown:  # marked only on the lanes of the round still shown
            for at in last.spaces:
                if at in known:
                    builder.mark(at, "last")
    # The page marks the cards a player picks with the key's "select": keep it wherever a move takes clicks.
    always = {"select"} if any(record.clicks for record in records) else set()
    return builder.build(KEY, status_lines(view), hints=_hints(view, records), seat=seat, over=view["over"],
                         focus=focus, token_key=TOKEN_KEY, always=always)


__all__ = ["KEY", "action_record", "bonus_words", "card_words", "scene", "shown_lanes",
           "status_lines", "tie_cannot_matter", "tie_note"]
