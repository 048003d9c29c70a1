"""What a Capture the Commander board draws: every player's layout of face-down cards and the marks of its key.

``scene(view, legal, recent)`` builds it from what one seat sees (an observation, the table's view, or the
teaching view, which adds every card's value), the seat's legal actions and what happened since the seat's
last turn began. Each player's layout is one ``free`` area, drawn as it lies on the table: the far row (slots
1 to 4) on top, each row of the triangle half a card along from the one above, the Commander (slot 13, tagged
"C") nearest its owner. A card is a back in its owner's colour, or its face once a battle has shown it (the
whole table remembers it). Each card wears its coverage as a mark of the key (``KEY``): fully uncovered (it may
attack and be attacked), partially covered (it may be attacked) or fully covered (safe); none of them is a
seat's colour. The battles since the seat's last turn are told in words, one line a battle, and their cards
are marked; a tie-break in progress is a panel of its own, and the cards beaten out of the game another.

An attack is two clicks (a card of one's own, then the card it attacks), a tie-break pick one click. The
space of a card is named as its notation names it (``N5``: North's slot 5), so the actions' clicks are the
two halves of the notation (``N5xS13``). ``layout_diagram()`` is the scene of the book's numbered layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from capture_lib.core.cards import is_red_card, pretty_card
from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import Action as EngineAction
from capture_lib.core.scene import (
    Action,
    Area,
    Arrow,
    KeyEntry,
    LastMove,
    Panel,
    Piece,
    Scene,
    SceneBuilder,
    Space,
)
from capture_lib.games.capture_the_commander.rules import layout as lay
from capture_lib.games.capture_the_commander.rules.actions import Attack, Pick, parse_action

GAME = "capture-the-commander"

# ----- geometry (scene units: about a CSS pixel at the size a phone shows two layouts side by side) -------
#: A card's place: its width and height, and the pitch from one place to the next in a row and down the rows.
SPACE_W, SPACE_H = 38, 50
PITCH, ROW_STEP = 40, 52
#: The band at the top of each layout where a picture writes its title (the page writes it above instead).
TITLE_BAND = 16
#: One layout's area, and the room between two layouts in a picture.
AREA_W = 4 * PITCH
AREA_H = TITLE_BAND + 5 * ROW_STEP
GAP = 12
#: Where each slot lies in its row, in pitches from the left: each card of a lower row lies across two
#: cards of the row above (or straight under one), so the rows step in by half a pitch.
COLUMN = {1: 0, 2: 1, 3: 2, 4: 3, 5: 0.5, 6: 1.5, 7: 2.5, 8: 0.5, 9: 1.5, 10: 2.5, 11: 1, 12: 2, 13: 1.5}

#: The key: every mark this board draws, named as the book's text names it. No colour is a seat's (blue,
#: vermillion, green, purple), and no two marks differ by colour alone: each has its own look and glyph.
KEY = (
    KeyEntry("uncovered", "fully uncovered", "nothing lies on this card: it may attack, and it may be attacked",
             "solid", "black", "\u25cb"),
    KeyEntry("partial", "partially covered", "one card lies across one side of it: it may be attacked, but it "
             "may not attack", "dashed", "grey", "\u25d0"),
    KeyEntry("covered", "fully covered", "it is safe: it may neither attack nor be attacked", "flag", "grey",
             "\u25cf"),
    KeyEntry("select", "chosen card", "the card you chose to attack with", "double", "yellow"),
    KeyEntry("attack", "target", "your chosen card may attack this card", "thick", "orange", "\u2715"),
    KeyEntry("pick", "tie-break pick", "you may show this card in the tie-break: it lies next to your card that "
             "fought (on it, under it or beside it) and has not been shown in this battle", "thick", "sky", "?"),
    KeyEntry("fought", "in a battle", "this card was shown in the battle going on, or in one since your last "
             "turn began (the lines under the layouts tell each battle)", "glow", "yellow"),
    KeyEntry("beaten", "just beaten", "a card was beaten out of the game from this place in a battle the lines "
             "under the layouts tell", "hatch", "orange"),
    KeyEntry("note", "look here", "a card the text talks about", "glow", "sky"),
)
GLYPHS = {entry.key: entry.glyph for entry in KEY}
#: How a card's token reads in a terminal (the scene's ``token_key``).
TOKEN_KEY = ("A card is its place, a colon and its value (its rank, then its suit's letter: S, H, D or C); 5:? is the "
             "card in slot 5, not seen yet; C the Commander's place (slot 13); -- an empty place. Attack as N4xS5: "
             "your card 4 attacks South's card 5.",)
_COVERAGE_KEYS = {"uncovered": "uncovered", "partial": "partial", "full": "covered"}


# ----- names -------------------------------------------------------------------------------------------------
def space_id(letter: str, slot: int) -> str:
    """The id of a card's place: the notation of that card (``N5``, ``S13``), the half of an attack it names."""
    return f"{letter}{slot}"


def tag(slot: int) -> str:
    """The tag a card shows in its corner: its slot number, ``C`` for the Commander."""
    return "C" if slot == lay.COMMANDER else str(slot)


def plural(count: int, one: str, many: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {one if count == 1 else many}"


class Names:
    """The players' names as one seat reads them: "you" and "your" for that seat, names for the others."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.players = list(view["players"])
        self.seat = view.get("seat")

    def who(self, seat: int, capital: bool = False) -> str:
        """``North``, or ``you`` (``You``) for the seat whose eyes these are."""
        if seat == self.seat:
            return "You" if capital else "you"
        return self.players[seat]

    def whose(self, seat: int, capital: bool = False) -> str:
        """``North's``, or ``your``."""
        if seat == self.seat:
            return "Your" if capital else "your"
        return f"{self.players[seat]}'s"

    def verb(self, seat: int, third: str, second: str) -> str:
        """``North loses``, ``you lose``: the subject and its verb, agreeing."""
        return f"{self.who(seat)} {second if seat == self.seat else third}"

    def card(self, seat: int, slot: int, value: str | None = None, capital: bool = False) -> str:
        """A card as a sentence names it: ``North's 9♠ (card 3)``, ``your Commander (9♥)``."""
        owner = self.whose(seat, capital)
        if slot == lay.COMMANDER:
            return f"{owner} Commander ({pretty_card(value)})" if value else f"{owner} Commander"
        return f"{owner} {pretty_card(value)} (card {slot})" if value else f"{owner} card {slot}"

    def joined(self, seats: Sequence[int]) -> str:
        """``North``, ``North and South``, ``East, South and West``."""
        names = [self.who(s) for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ----- the battles in words ----------------------------------------------------------------------------------
def _out(names: Names, seats: Sequence[int]) -> str:
    """``South is out``, ``you are out``, ``North and South are out``."""
    if len(seats) == 1:
        return f"{names.who(seats[0])} {'are' if seats[0] == names.seat else 'is'} out"
    return f"{names.joined(seats)} are out"


def _rounds(names: Names, attacker: int, defender: int, rounds: Sequence[Sequence[Any]]) -> list[str]:
    """Each tie-break round: what both sides showed."""
    return [f"{names.who(attacker, True)} {'show' if attacker == names.seat else 'shows'} {pretty_card(ca)} "
            f"(card {sa}), {names.who(defender)} {'show' if defender == names.seat else 'shows'} "
            f"{pretty_card(cd)} (card {sd})" for sa, ca, sd, cd in rounds]


def battle_words(battle: dict[str, Any], names: Names) -> str:
    """A finished battle (a record of the view's ``battles``) in one sentence, from the attack to its result."""
    att, dfd = battle["attacker"], battle["defender"]
    text = (f"{names.card(att, battle['attacker_slot'], battle['attacker_card'], capital=True)} attacks "
            f"{names.card(dfd, battle['defender_slot'], battle['defender_card'])}")
    steps = _rounds(names, att, dfd, battle["rounds"])
    if steps:
        text += ": a tie. " + ": a tie again. ".join(steps)
    loser, slot, gone = battle["loser"], battle["loser_slot"], battle["eliminated"]
    if loser is None:
        return f"{text}: a tie with no card left to show, so {_out(names, gone)}." if gone else f"{text}."
    if slot == lay.COMMANDER:
        lost = f"{names.verb(loser, 'loses', 'lose')} {'your' if loser == names.seat else 'the'} Commander"
    else:
        lost = f"{names.verb(loser, 'loses', 'lose')} card {slot}"
    return f"{text}: {lost}" + (f" and {'are' if loser == names.seat else 'is'} out." if gone else ".")


def tie_words(battle: dict[str, Any], names: Names) -> list[str]:
    """The tie-break in progress, a line a step: the tied cards, each round shown, the secret pick."""
    att, dfd = battle["attacker"], battle["defender"]
    lines = [f"{names.card(att, battle['attacker_slot'], battle['cards'][0], capital=True)} against "
             f"{names.card(dfd, battle['defender_slot'], battle['cards'][1])}: a tie"]
    lines += [f"{step}: a tie again" for step in _rounds(names, att, dfd, battle["rounds"])]
    if battle.get("attacker_picked"):
        pick = battle.get("attacker_pick")
        if pick is not None and att == names.seat:
            lines.append(f"you picked card {pick}; {names.who(dfd)} {'pick' if dfd == names.seat else 'picks'} next")
        elif pick is not None:
            lines.append(f"{names.who(att)} picked card {pick} (shown only in the teaching view)")
        else:
            lines.append(f"{names.who(att, True)} has picked a card, hidden until {names.who(dfd)} "
                         f"{'pick' if dfd == names.seat else 'picks'} too")
    return lines


def _battle_spaces(battle: dict[str, Any], letters: Sequence[str]) -> tuple[str, ...]:
    """The places of every card a battle showed: the two that fought, then each round's pair."""
    a, d = letters[battle["attacker"]], letters[battle["defender"]]
    spaces = [space_id(a, battle["attacker_slot"]), space_id(d, battle["defender_slot"])]
    for sa, _, sd, _ in battle["rounds"]:
        spaces += [space_id(a, sa), space_id(d, sd)]
    return tuple(dict.fromkeys(spaces))


def _hand_result(after: dict[str, Any], names: Names) -> str:
    """How the hand that just ended went, in a game of several hands ("" in a game of one)."""
    if after["hands"] < 2 or not after["hand_results"]:
        return ""
    winners = after["hand_results"][-1]
    number = len(after["hand_results"])
    if not winners:
        return f" Nobody wins hand {number}."
    who = names.joined(winners)
    verb = "win" if len(winners) > 1 or winners[0] == names.seat else "wins"
    points = "1 point each" if len(winners) > 1 else "2 points"
    return f" {who[:1].upper()}{who[1:]} {verb} hand {number} ({points})."


class _Story:
    """Tells ``recent`` (the lines since the seat's last turn began) as the board's last moves: one line a
    battle (its attack and every pick of its tie-break), one for a deal, one for each round of the draw for
    the first dealer. ``told`` holds each line with the hand it happened in (its places are that hand's)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.names = Names(view)
        self.letters = [name[0] for name in view["players"]]
        self.told: list[tuple[LastMove, int]] = []
        #: The battle being told: its attacker, the view before its attack, and the attack's notation.
        self.open: tuple[int | None, dict[str, Any], str] | None = None

    def tell(self, recent: Sequence[tuple]) -> list[tuple[LastMove, int]]:
        """Every line of ``recent`` told (see the class's docstring)."""
        for before, line, after, actor in recent:
            before = before or {}
            verb = line.split()[0] if line.split() else ""
            if verb == "draw":
                self._draw(before, after)
            elif verb == "deal":
                if after["phase"] == "play":  # the last card dealt: play begins
                    self._deal(after)
            elif verb == "pick":
                if self.open is None:  # the window opens inside a tie-break: tell it from here
                    self.open = (actor, before, "")
                self._settle(after)
            elif verb and verb != "cut":  # an attack
                self.open = (actor, before, line)
                self._settle(after)
        battle = self.view.get("battle")
        if self.open is not None and battle:
            steps = tie_words(battle, self.names)
            text = ". ".join(s[:1].upper() + s[1:] for s in steps) + "."
            self.told.append((LastMove(self.open[0], text, spaces=_battle_spaces(battle, self.letters)),
                              self.view["hand"]))
        return self.told

    def _deal(self, after: dict[str, Any]) -> None:
        text = f"{self.names.verb(after['dealer'], 'deals', 'deal')} 13 cards to each player, face down."
        text = f"Hand {after['hand']}: {text}" if after["hands"] > 1 else text[:1].upper() + text[1:]
        self.told.append((LastMove(None, text), after["hand"]))

    def _draw(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        rounds = after.get("draw_rounds", [])
        if len(rounds) <= len(before.get("draw_rounds", [])):
            return  # the round goes on
        drawn = ", ".join(f"{self.names.verb(s, 'draws', 'draw')} {pretty_card(c)}" for s, c in rounds[-1])
        if after["dealer"] is not None and after["phase"] != "draw":
            end = f"{self.names.verb(after['dealer'], 'deals', 'deal')} first"
        else:
            end = f"a tie for the highest card, so {self.names.joined(after['drawing'])} draw again"
        self.told.append((LastMove(None, f"Drawing for the first dealer: {drawn}; {end}."), after["hand"]))

    def _settle(self, after: dict[str, Any]) -> None:
        """After an attack or a pick: tell the battle once it is over (a tie-break waits for its picks)."""
        if after.get("battle") is not None or self.open is None:
            return
        actor, before, attack = self.open
        self.open = None
        hand = before.get("hand", after["hand"])
        if hand == after["hand"] and len(after["battles"]) > len(before.get("battles", [])):
            battle = after["battles"][-1]
            text = battle_words(battle, self.names) + (_hand_result(after, self.names) if after["over"] else "")
            self.told.append((LastMove(actor, text, spaces=_battle_spaces(battle, self.letters)), hand))
        elif hand != after["hand"]:
            # The next hand was dealt at once: the battle's cards left the table with the hand (the view no
            # longer holds them), but the attack's notation and the hand's result say what happened.
            try:
                action = parse_action(attack) if attack else None
            except IllegalAction:
                action = None
            if isinstance(action, Attack):
                seats = [p[0] for p in after["players"]]
                att, dfd = seats.index(action.attacker), seats.index(action.defender)
                text = (f"{self.names.card(att, action.attacker_slot, capital=True)} attacks "
                        f"{self.names.card(dfd, action.defender_slot)}, and the hand is over.")
            else:
                text = "The battle ends the hand."
            self.told.append((LastMove(actor, text + _hand_result(after, self.names)), hand))


# ----- the scene -----------------------------------------------------------------------------------------------
def _area_x(seat: int) -> float:
    return seat * (AREA_W + GAP)


def slot_centre(seat: int, slot: int) -> tuple[float, float]:
    """The centre of ``seat``'s card in ``slot``, in scene units (the layouts side by side, seat order)."""
    return (_area_x(seat) + COLUMN[slot] * PITCH + PITCH / 2,
            TITLE_BAND + lay.ROW_OF[slot] * ROW_STEP + ROW_STEP / 2)


def _area_title(view: dict[str, Any], entry: dict[str, Any], names: Names) -> str:
    seat = entry["seat"]
    parts = [entry["name"] + (" (you)" if seat == names.seat else "")]
    if entry["out"]:
        parts.append("out")
    elif any(c["present"] for c in entry["cards"]):
        parts.append(plural(entry["cards_left"], "card", "cards"))
    return " \u00b7 ".join(parts)


def _card_piece(entry: dict[str, Any], card: dict[str, Any], names: Names) -> Piece:
    """A card in its place: a back in its owner's colour, or its face once a battle showed it. Its name is
    what a screen reader says before the place's own name and the marks ("your face-down card, your slot 5,
    fully uncovered")."""
    seat, slot = entry["seat"], card["slot"]
    known, secret = card["known"], card.get("card")
    owner = names.whose(seat)
    commander = slot == lay.COMMANDER
    if known:
        title, tones = known, ("red",) if is_red_card(known) else ()
        name = (f"{owner} Commander, {pretty_card(known)}" if commander else f"{owner} {pretty_card(known)}") \
            + " (shown in a battle)"
    elif secret:  # the teaching view: a back that shows its face
        title, tones = secret, ("back", "known")
        name = (f"{owner} Commander, face down" if commander else f"{owner} face-down card") \
            + f": {pretty_card(secret)} (the teaching view shows it)"
    else:
        title, tones = "", ("back",)
        name = f"{owner} Commander, face down" if commander else f"{owner} face-down card"
    return Piece(id=f"card:{space_id(entry['letter'], slot)}", at=space_id(entry["letter"], slot), look="card",
                 title=title, owner=seat, tones=tones, tag=tag(slot), name=name,
                 token=f"{tag(slot)}:{known or secret or '?'}")


def how_to_play() -> str:
    """How to play on this game's board, in Markdown: every action here is a click, so it names no button."""
    return ("How to play on this board: click one of your fully uncovered cards, then a fully uncovered or partially "
            "covered card of an opponent (the key under the board shows how each kind of card is marked). In a tie, "
            "click the adjacent card you want to show. A battle shows cards to the whole table, so it cannot be "
            "undone; a new game deals again.")


def action_record(action: EngineAction, view: dict[str, Any], names: Names) -> Action | None:
    """The board's record of one legal action: an attack is two clicks, a tie-break pick one."""
    text = str(action)
    if isinstance(action, Attack):
        mine, theirs = space_id(action.attacker, action.attacker_slot), space_id(action.defender, action.defender_slot)
        defender = view["players"][[p[0] for p in view["players"]].index(action.defender)]
        target = "the Commander" if action.defender_slot == lay.COMMANDER else f"card {action.defender_slot}"
        return Action(text, clicks=(mine, theirs), kind="attack",
                      label=f"attack {defender}'s {target} with your card {action.attacker_slot}")
    if isinstance(action, Pick):
        return Action(text, clicks=(space_id(action.player, action.slot),), kind="pick",
                      label=f"show your card {action.slot} in the tie-break")
    return None


def status_lines(view: dict[str, Any]) -> tuple[str, ...]:
    """The status: what happens now and who acts; in a game of several hands, the hand and the points."""
    names = Names(view)
    players = view["players"]
    to_act = view["to_act"]
    if view["over"]:
        winners = view["winners"]
        if not winners:
            main = "Game over: a draw"
        elif len(winners) == 1:
            main = f"Game over: {names.who(winners[0], True)} {'win' if winners[0] == names.seat else 'wins'}"
        else:
            main = f"Game over: {names.joined(winners)} share the win"
    elif view["phase"] == "draw":
        main = "Drawing for the first dealer: the highest card deals"
    elif view["phase"] in ("cut", "deal"):
        main = f"{names.who(view['dealer'], True)} {'deal' if view['dealer'] == names.seat else 'deals'} the cards"
    elif view["phase"] == "tie":
        main = "Tie-break: your pick" if to_act == names.seat else f"Tie-break: {players[to_act]} picks a card"
    elif to_act == names.seat:
        main = "Your turn: attack with a fully uncovered card"
    else:
        main = f"{players[to_act]} to attack"
    # The dealer is said here, not over a layout: a layout's title must fit its narrow box on a phone.
    dealt = view["dealer"] is not None and view["phase"] in ("play", "tie")
    dealer = names.who(view["dealer"]) if dealt else ""
    if view["hands"] > 1:
        points = ", ".join(f"{players[s]} {plural(p, 'point', 'points')}" for s, p in enumerate(view["scores"]))
        return (main, f"Hand {view['hand']} of {view['hands']}" + (f", dealt by {dealer}" if dealt else "")
                + f" \u00b7 {points}")
    return (main, f"Dealt by {dealer}") if dealt else (main,)


def _hints(view: dict[str, Any], records: Sequence[Action]) -> tuple[str, ...]:
    if not records:
        return ()
    if any(r.kind == "pick" for r in records):
        return (f"Click the card to show ({GLYPHS['pick']}): one next to your card that fought, not shown yet in "
                "this battle. The higher rank wins the battle; equal ranks tie again.",)
    return (f"Click one of your fully uncovered cards ({GLYPHS['uncovered']}) to attack with it.",
            f"Now click the card to attack ({GLYPHS['attack']}): another player's fully uncovered "
            f"({GLYPHS['uncovered']}) or partially covered ({GLYPHS['partial']}) card. The higher rank wins.")


def _panels(view: dict[str, Any], names: Names, told: bool) -> list[Panel]:
    panels = []
    players = view["players"]
    if view["phase"] == "draw":
        drawn = [f"{players[s]} drew {pretty_card(c)}" for s, c in view["draws"]]
        earlier = len(view["draw_rounds"])
        lines = ([f"{plural(earlier, 'round', 'rounds')} tied: drawing again"] if earlier else []) + drawn
        panels.append(Panel("draw", "Drawing for the first dealer", tuple(lines or ["nobody has drawn yet"])))
    # What the last moves tell (a live board's story) is not repeated; a picture of a position, with nothing
    # told, says how the tie-break stands or how the last battle went.
    if view.get("battle") and not told:
        panels.append(Panel("tie", "Tie-break", tuple(tie_words(view["battle"], names))))
    elif view["battles"] and not told:
        panels.append(Panel("last", "Last battle", (battle_words(view["battles"][-1], names),)))
    if view["beaten"] or view["set_aside_count"]:
        lines = [" ".join(pretty_card(c) for c in view["beaten"]) if view["beaten"] else "none yet"]
        if view["set_aside_count"] and view["phase"] in ("play", "tie", "over"):
            lines.append(f"set aside face down: {plural(view['set_aside_count'], 'card', 'cards')}")
        panels.append(Panel("beaten", "Beaten out of the game", tuple(lines)))
    if view["hands"] > 1 and view["hand_results"]:
        lines = [f"hand {i + 1}: {names.joined(w)} {'win' if len(w) > 1 or w[0] == names.seat else 'wins'}"
                 if w else f"hand {i + 1}: nobody wins" for i, w in enumerate(view["hand_results"])]
        panels.append(Panel("hands", "Hands played", tuple(lines)))
    return panels


def _layout_area(builder: SceneBuilder, seat: int, letter: str, title: str, name_of: Any) -> None:
    """One player's layout: an area and its 13 places, the far row first (as a reader reads the table)."""
    x0 = _area_x(seat)
    builder.areas.append(Area(f"layout-{letter}", title, "free", x0, 0, AREA_W, AREA_H))
    for row in lay.ROWS:
        for slot in row:
            x, y = slot_centre(seat, slot)
            builder.spaces.append(Space(space_id(letter, slot), f"layout-{letter}", x, y, SPACE_W, SPACE_H, "slot",
                                        name=name_of(slot), tones=("slot",)))


def scene(view: dict[str, Any], legal: Sequence[EngineAction] = (), recent: Sequence[tuple] = (), *,
          select: str | None = None, marks: dict[str, str] | None = None, arrows: Sequence[Arrow] = (),
          focus: tuple[float, float, float, float] | None = None) -> Scene:
    """The scene of ``view`` (see the module's docstring and ``capture_lib.core.scene.SCENE_ARGUMENTS``).

    ``legal`` are the viewer's legal actions (none for a picture); ``recent`` is what happened since the
    viewer's last turn began, as ``(view before, log line, view after, actor)``; ``select`` marks a card of the
    viewer's as chosen and what it may attack (as a click on it shows), ``marks`` puts marks of the key on
    places (``{"S5": "note"}``), ``arrows`` draws arrows within a layout, ``focus`` is where a picture opens.
    """
    names = Names(view)
    seat = names.seat
    n = len(view["players"])
    builder = SceneBuilder(GAME, n * AREA_W + (n - 1) * GAP, AREA_H)
    present: set[str] = set()
    for entry in view["layouts"]:
        owner, letter = entry["seat"], entry["letter"]
        whose = names.whose(owner)

        def name_of(slot: int, whose: str = whose) -> str:
            return f"{whose} Commander's place (slot 13, C)" if slot == lay.COMMANDER else f"{whose} slot {slot}"

        _layout_area(builder, owner, letter, _area_title(view, entry, names), name_of)
        for card in entry["cards"]:
            if not card["present"]:
                continue
            builder.pieces.append(_card_piece(entry, card, names))
            at = space_id(letter, card["slot"])
            present.add(at)
            builder.mark(at, _COVERAGE_KEYS[card["coverage"]])
    told = _Story(view).tell(recent)
    builder.last.extend(last for last, _ in told)
    losers = {space_id(view["players"][b["loser"]][0], b["loser_slot"]) for b in view["battles"]
              if b["loser"] is not None}
    fought = [last.spaces for last, hand in told if hand == view["hand"]]  # a hand gone by: other cards now
    letters = [p[0] for p in view["players"]]
    if view.get("battle"):
        fought.append(_battle_spaces(view["battle"], letters))
    elif view["battles"] and not told:  # a picture: the last battle, which a panel tells
        fought.append(_battle_spaces(view["battles"][-1], letters))
    for spaces in fought:
        for at in spaces:
            if at in present:
                builder.mark(at, "fought")
            elif at in losers:
                builder.mark(at, "beaten")
    records = [r for r in (action_record(a, view, names) for a in legal) if r is not None]
    builder.actions.extend(records)
    if select is not None:
        builder.mark(select, "select")
        for record in records:
            if len(record.clicks) == 2 and record.clicks[0] == select:
                builder.mark(record.clicks[1], record.kind)
    for at, key in (marks or {}).items():
        builder.mark(at, key)
    builder.arrows.extend(arrows)
    builder.panels.extend(_panels(view, names, bool(told)))
    return builder.build(KEY, status_lines(view), hints=_hints(view, records), seat=seat, over=view["over"],
                         focus=focus, token_key=TOKEN_KEY, always={"select"} if records else ())


def layout_diagram() -> Scene:
    """The book's picture of one player's layout: every place numbered, the far row on top and the Commander
    (C, slot 13) nearest the owner, who sits below it."""
    builder = SceneBuilder(GAME, AREA_W, AREA_H)
    _layout_area(builder, 0, "N", "", lambda slot: "the Commander's place" if slot == lay.COMMANDER
                 else f"slot {slot}")
    for slot in lay.SLOTS:
        commander = slot == lay.COMMANDER
        # The Commander's place says both names a player reads: 13 in the notation, C (its tag) on the board.
        builder.pieces.append(Piece(id=f"slot:{slot}", at=space_id("N", slot), look="card", title=str(slot),
                                    tag="C" if commander else "",
                                    name="slot 13 (C): the Commander" if commander else f"slot {slot}",
                                    token=tag(slot)))
    return builder.build(KEY, ("The far row lies on top; the owner sits here, below the Commander",), seat=None)
