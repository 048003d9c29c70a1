"""Capture: A Medieval Wargame's course: short levels in the order a beginner needs them, set-up to a first game.

Each level (``capture_lib.core.lessons.Level``) is one idea: a position, a goal in a sentence, targets
marked on the board, a par number of actions, and what the other side does. The learner plays Blue.
Positions are written in the game's position text (``from_position``), most with the dice already
rolled, so a level plays the same way every time; where the learner rolls, draws or fires, chance is
resolved from the level's seed, chosen so that the solution works. A level of one turn is lost when the
turn ends (or the piece it needs has moved) before its goal; if the learner ends the turn, the
rule-based computer plays Red's. ``rules`` name the rules index entries each level practises: with the
chapter's exercises they cover every rule of the index but the variants, which the variants page
practises.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from capture_lib.core.lessons import Course, Level, afresh, number_words
from capture_lib.core.protocol import State
from capture_lib.games.medieval_capture.players import RULE_PLAYER
from capture_lib.games.medieval_capture.rules import GAME
from capture_lib.search.levels import player_for

BLUE, RED = 0, 1
#: Every card of the rulebook's deck, for a position whose deck is empty and whose played cards wait.
ALL_CARDS = "CAPTURE!*7 CATAPULT!*7 AMBUSH! RANSOM RECRUIT*2"


def _pos(blue: str, red: str = "R1=r10 R2=r20 R3*=r24", dice: tuple[int, int] | None = None, seed: int = 0,
         options: dict[str, Any] | None = None, **fields: str) -> State:
    """Blue to play, in the position text; ``dice``: the roll is made and pieces may move."""
    lines = ["turn: blue", f"blue: {blue}", f"red: {red}"]
    if dice:
        lines += ["phase: move", f"dice: {dice[0]} {dice[1]}"]
    lines += [f"{key.replace('_', ' ')}: {value}" for key, value in fields.items()]
    return GAME.from_position("\n".join(lines), seed=seed, **(options or {}))


@lru_cache(maxsize=4096)
def _seen(state: State) -> dict[str, Any]:
    """What Blue (the learner) sees (kept for the positions looked at last: a goal and a loss read it often)."""
    return state.observation(BLUE)


def _where(state: State, piece: str) -> str:
    return next(p["where"] for p in _seen(state)["pieces"] if p["id"] == piece)


def _moved(state: State, piece: str) -> bool:
    return next(p["moved"] for p in _seen(state)["pieces"] if p["id"] == piece)


def _at(piece: str, space: str) -> Callable[[State], bool]:
    """A goal: ``piece`` stands on ``space``."""
    return lambda state: _where(state, piece) == space


def _holds(*spaces: str) -> Callable[[State], bool]:
    """A goal: a Blue piece stands on each of ``spaces``."""
    def goal(state: State) -> bool:
        held = {p["where"] for p in _seen(state)["pieces"] if p["side"] == "blue"}
        return set(spaces) <= held
    return goal


def _gone(piece: str, how: tuple[str, ...] = ("prisoner", "dead")) -> Callable[[State], bool]:
    """A goal: ``piece`` was taken prisoner or killed (``how``) in Blue's first turn, the one turn of the levels
    that ask for it: Red's own boulder may kill it in Red's turn after Blue's is over, which is no capture of
    Blue's."""
    return lambda state: state.turn == 1 and _where(state, piece) in how


def _carries(piece: str, home: str | None = None) -> Callable[[State], bool]:
    """A goal: ``piece`` carries a Crown (the one whose Crown space is ``home``, if given)."""
    return lambda state: any(c.get("carried_by") == piece and home in (None, c["home"]) for c in _seen(state)["crowns"])


def _logged(start: State, *lines: str) -> Callable[[State], bool]:
    """A goal: each of ``lines`` stands in the log since ``start``, in this order (the log says what happened:
    a piece killed by the shooter's choice and one killed alone look the same on the board)."""
    def goal(state: State) -> bool:
        later = iter(_seen(state)["log"][len(start.history):])
        return all(any(entry.split(" (")[0] == line for entry in later) for line in lines)
    return goal


def _crown_on(side: str, home: str, space: str) -> Callable[[State], bool]:
    """A goal: ``side``'s Crown from ``home`` lies on ``space``, carried by nobody."""
    return lambda state: any(c["side"] == side and c["home"] == home and c["where"] == space
                             and not c.get("carried_by") for c in _seen(state)["crowns"])


def _won(state: State) -> bool:
    return state.is_over and BLUE in state.winners


def _cards(state: State) -> int:
    return len(_seen(state)["hand"])


# ----- why a level can no longer be won ------------------------------------------------------------------------
Lost = Callable[[State], str]


def _turn_over(state: State) -> str:
    """Lost once Blue's first turn is over (the levels of one turn start on turn 1)."""
    return "your turn is over" if state.turn > 1 or state.is_over else ""


def _spent(piece: str) -> Lost:
    """Lost once ``piece``, which the level needs, has made its move (or the turn is over)."""
    return lambda state: _turn_over(state) or (f"{piece} has made its move this turn" if _moved(state, piece) else "")


def _either(*checks: Lost) -> Lost:
    """Lost for the first reason any of ``checks`` gives."""
    def lost(state: State) -> str:
        return next((reason for check in checks if (reason := check(state))), "")
    return lost


def _when(test: Callable[[State], bool], reason: str) -> Lost:
    return lambda state: reason if test(state) else ""


def _moved_off(spaces: tuple[str, ...]) -> Lost:
    """Lost once a piece that has moved this turn stands on none of ``spaces`` (each piece moves once)."""
    def lost(state: State) -> str:
        for p in _seen(state)["pieces"]:
            if p["side"] == "blue" and p["moved"] and p["where"] not in spaces:
                return f"{p['id']} went to {p['where']}, which is not one of the targets"
        return ""
    return lost


def _placed_off(spaces: tuple[str, ...], first: int) -> Lost:
    """Lost once a piece numbered ``first`` or later stands on none of ``spaces``."""
    def lost(state: State) -> str:
        for p in _seen(state)["pieces"]:
            if p["side"] == "blue" and int(p["id"][1:]) >= first and p["where"] not in ("reserve", *spaces):
                return f"{p['id']} went to {p['where']}, which is not one of the targets"
        return ""
    return lost


def _knight_elsewhere(space: str) -> Lost:
    """Lost once Blue's Knight is placed anywhere but ``space``, or a Soldier takes ``space``."""
    def lost(state: State) -> str:
        for p in _seen(state)["pieces"]:
            if p["side"] == "blue" and p.get("knight") and p["where"] not in ("reserve", space):
                return f"your Knight went to {p['where']}, not {space}"
            if p["side"] == "blue" and p["where"] == space and not p.get("knight"):
                return f"a Soldier, {p['id']}, took {space}"
        return ""
    return lost


def _game_lost(state: State) -> str:
    return "Red won this game" if state.is_over and BLUE not in state.winners else ""


def _still_blocked(blocker: str, piece: str, space: str) -> Lost:
    """Lost once ``blocker`` has made its move and ``piece`` still cannot reach ``space``."""
    def lost(state: State) -> str:
        if not _moved(state, blocker):
            return ""
        reach = any(str(a).startswith(f"{piece} ") and str(a).split()[1].endswith(f"-{space}")
                    for a in state.legal_actions())
        return "" if reach else f"{blocker} has moved and {piece} still cannot reach {space}"
    return lost


# ----- the levels ------------------------------------------------------------------------------------------------
@cache
def course() -> Course:
    """The levels, in stages (see the module's docstring)."""
    # A lesson's opponent answers the same every time: the rule-based player itself, without the set-ups that
    # the levels vary from game to game (``players.setup``), and the easy level untimed, with its own seed 0.
    rule = RULE_PLAYER
    easy = afresh(lambda seed: player_for("easy", timed=False, seed=seed))
    # The armies of the rules chapter's examples, after the set-up.
    army = "B1=b10 B2=b20 B3*=b30 B4=b39 B5=b41 B6=b24 B7=b13"
    # Red's set-up after the learner's, as the rule-based player makes it: written out, so that a level plays the
    # same way whatever the player learns later, and costs no thinking.
    red_setup = ("place R1 r19", "place R2 r22", "place R3 r3 knight", "place R4 r30", "place R5 r21",
                 "place R6 r24", "place R7 r6")
    enemy = "R1=r10 R2=r20 R3*=r30 R4=r39 R5=r41 R6=r24 R7=r13"
    roads = ("b43", "b38", "b49")  # where the three trails from the border come into Blue's land
    look = _pos(army, enemy)
    # Seed 6 rolls white 2 and black 9: no catapult shot to do the card's work, and B1 reaches r38.
    card = _pos("B1=r46 B2=b20 B3*=b30", "R1=r10 R2=r20 R3*=r24 R4=r38", blue_hand="CAPTURE!", red_hand="CATAPULT!",
                seed=6)
    ambush = _pos("B1=r46 B2=b20 B3*=b30", "R1=r10 R2=r20 R3*=r24 R4=r38", blue_hand="AMBUSH!", red_hand="CATAPULT!",
                  seed=6)
    abroad = _pos("B1=r43 B2=b20 B3*=b10", "R1=b50 R2=r34 R3*=r24", dice=(3, 2))
    teams = GAME.from_position("turn: blue\nblue: B1=b29 B2=r40 B3*=b10\nred: R1=b38 R2=r20 R3*=r24\nphase: move\n"
                               "dice: 2 5", players=4)
    caught = _pos("B1=b20 B2=b7 B3*=b30", "R1=b6 R2=r20 R3*=r24", dice=(1, 3), blue_crowns="b2 @R1 b8")
    # The catapult's levels start once the turn's three moves are made: the shot is all that is left to do.
    fire = _pos(army, "R1=r38 R2=r37 R3*=r24 R4=r10 R5=r41 R6=r20 R7=r13", dice=(5, 6), shots="1", seed=1,
                moved="B1 B2 B4")
    levels = (
        # ----- Set-up -----------------------------------------------------------------------------------------
        Level("roads", "Set-up", "Guard the roads",
              "Place your last three pieces on b43, b38 and b49, where the trails from Red's land come into yours.",
              _pos("B1=b11 B2=b12 B3*=b30 B4=b21", "", phase="place"), BLUE, _holds(*roads),
              ("place B5 b43", "place B6 b38", "place B7 b49"),
              "Pieces start on the rocks of your own territory (the left half), one to a rock, never on a Crown "
              "space: the board marks every rock you may use. Click the three targets, b43, b38 and b49.",
              "Red placed its army after yours, seeing every piece you put down. Pieces on the trails block the "
              "way: raiders cannot pass them.",
              targets=roads, replies=red_setup, opponent=rule, lost=_placed_off(roads, 5),
              rules=("set-up", "territories", "armies")),
        Level("knight", "Set-up", "Hide your Knight",
              "Place one of your last two pieces on b38 as your hidden Knight.",
              _pos("B1=b11 B2=b12 B3=b21 B4=b43 B5=b49", "", phase="place"), BLUE,
              lambda s: s.phase == "start" and _knight_elsewhere("b38")(s) == "" and _holds("b38")(s),
              ("place B6 b38 knight", "place B7 b24"),
              "Click b38, then choose to place the piece there as your Knight; put the other piece on any free "
              "rock. One of your seven pieces is the Knight, and the board rings it in gold on your screen alone.",
              "Only you know which piece is your Knight: your board rings it in gold, and Red's shows it as one "
              "more Soldier, as yours shows every Red piece. Your Knight on the crossroads b38 guards the road from "
              "the Cathedral to your Crowns.",
              targets=("b38",), replies=red_setup, opponent=rule, lost=_knight_elsewhere("b38"),
              rules=("hidden-knight", "set-up")),
        # ----- The turn ------------------------------------------------------------------------------------------
        Level("look", "The turn", "Look, then roll",
              "Start your turn: look under B3 to be sure it is your Knight, then roll the dice.",
              look, BLUE, _logged(look, "look B3", "roll"),
              ("look B3", "roll"),
              "A turn starts in this order: look under one of your pieces if you like, play a card if you have one, "
              "then roll. Click B3 and look under it, then press the roll button.",
              "Under B3 was your Knight, as its gold ring says. Then you rolled both dice: the white one moves your "
              "pieces at home, the black one (1 to 12) those in enemy land. Once the dice are rolled it is too late "
              "to look or to play a card.",
              targets=("b30",), opponent=rule,
              lost=_either(_when(lambda s: s.phase != "start" and not _seen(s)["looked"], "you rolled before looking"),
                           _when(lambda s: _seen(s)["looked"] and not _logged(look, "look B3")(s),
                                 "you looked under another piece, not B3")),
              rules=("turn-order", "hidden-knight")),
        Level("die", "The turn", "Which die?",
              "You rolled white 3 and black 9: bring one of your pieces to r30, in Red's land.",
              _pos("B1=b38 B2=r35 B3*=b10", "R1=r10 R2=r20 R3*=r24", dice=(3, 9)), BLUE, _holds("r30"),
              ("B2 r35-r36-r37-r38-r30",),
              "A piece moves up to the die of the land it stands in as it starts its move: white at home, black "
              "in enemy land. B1, at home, has 3; B2, already in Red's land, has 9.",
              "B2 went four spaces on the black 9. B1 would have needed five, and at home it had only the white 3.",
              targets=("r30",), arrows=(("r35", "r36", "r37", "r38", "r30"),), opponent=rule, lost=_spent("B2"),
              rules=("dice", "territories")),
        Level("three", "The turn", "Three pieces, one turn",
              "Put a piece on each of b43, b38 and b49 this turn.",
              _pos("B1=b27 B2=b30 B3*=b33", dice=(2, 7)), BLUE, _holds(*roads),
              ("B1 b27-b34-b43", "B2 b30-b38", "B3 b33-b42-b49"),
              "Each turn up to three different pieces move, each once, up to its die: here every piece is at home "
              "and has the white 2. Send each piece to the target nearest it.",
              "Three pieces moved once each: that is a whole turn's moves. The roads in from the border are "
              "guarded.",
              targets=roads, arrows=(("b27", "b34", "b43"), ("b30", "b38"), ("b33", "b42", "b49")), opponent=rule,
              lost=_either(_turn_over, _moved_off(roads)),
              rules=("three-pieces", "paths")),
        Level("make-way", "The turn", "Make way",
              "Bring B1 to b35; your own B2 stands on the road.",
              _pos("B1=b30 B2=b37 B3*=b10", dice=(4, 2)), BLUE, _at("B1", "b35"),
              ("B2 b37-b36-b35-b34-b43", "B1 b30-b38-b37-b36-b35"),
              "No piece moves over or around another, even one of its own side. Move B2 first, right off the "
              "road B1 needs (b38, b37, b36, b35), then move B1.",
              "The order of your moves is yours to choose: B2 cleared the road, then B1 went along it.",
              targets=("b35",), arrows=(("b37", "b36", "b35", "b34", "b43"), ("b30", "b38", "b37", "b36", "b35")),
              opponent=rule, lost=_either(_spent("B1"), _still_blocked("B2", "B1", "b35")),
              rules=("no-passing", "paths")),
        # ----- Crossing water --------------------------------------------------------------------------------
        Level("river", "Crossing water", "Sail the river",
              "Bring B1 to r22, deep in Red's land, in one move.",
              _pos("B1=b22 B2=b20 B3*=b30", dice=(6, 2)), BLUE, _at("B1", "r22"),
              ("B1 b22-b32-b47-r47-r32-r22",),
              "Get on the boat docked at b22. Stepping on, each hop to the next boat and stepping off count one "
              "space each, and a move may not end on a boat.",
              "Five spaces by river, on the white 6; by trail r22 is more than twice as far. Both rivers cross "
              "the border.",
              targets=("r22",), arrows=(("b22", "b32", "b47", "r47", "r32", "r22"),), opponent=rule,
              lost=_spent("B1"), rules=("rivers",)),
        Level("lake", "Crossing water", "Across the lake",
              "A Red raider has come into your land: bring B1 across your lake to b6, beside two of your Crowns.",
              _pos("B1=b31 B2=b20 B3*=b30", "R1=r10 R2=r20 R3*=r24 R4=b43", dice=(6, 2)), BLUE,
              _at("B1", "b6"), ("B1 b31-b26-b14-b5-b6",),
              "A lake's three boats are joined to each other; each step counts one. One boat docks at your "
              "middle Crown space, b5: you may pass over your own Crown, but never stop on it.",
              "On a boat, across to the boat docked at b5, off onto your Crown space and on to b6: four spaces. "
              "B1 now guards the Crowns on b5 and b8.",
              targets=("b6",), arrows=(("b31", "b26", "b14", "b5", "b6"),), opponent=rule, lost=_spent("B1"),
              rules=("lakes", "own-crowns")),
        Level("cathedral", "Crossing water", "The Cathedral",
              "B1 stands in the Cathedral beside a Red piece: bring it home to b34.",
              _pos("B1=c B2=b20 B3*=b10", "R1=r10 R2=c R3*=r24", dice=(2, 6)), BLUE, _at("B1", "b34"),
              ("B1 c-b46-b38-b37-b36-b35-b34",),
              "The Cathedral belongs to nobody: pieces of both sides share it, and a piece there may use either "
              "die. Here the black die is the higher.",
              "Six spaces on the black 6, though B1 went home: in the Cathedral a piece picks its die. Nobody "
              "captures there, so R2 was never in danger.",
              targets=("b34",), arrows=(("c", "b46", "b38", "b37", "b36", "b35", "b34"),), opponent=rule,
              lost=_spent("B1"), rules=("cathedral", "dice")),
        # ----- Capturing ------------------------------------------------------------------------------------
        Level("capture", "Capturing", "Capture at home",
              "Red's R1 has come into your land, to b38: capture it.",
              _pos("B1=b29 B2=b20 B3*=b10", "R1=b38 R2=r20 R3*=r24", dice=(2, 5)), BLUE, _gone("R1"),
              ("B1 b29-b30-b38",),
              "In your own territory you capture by ending a move on the enemy piece. B1, at home, moves up to "
              "the white 2.",
              "R1 is a prisoner in your dungeon, bd, behind your Crowns, until Red frees it.",
              targets=("b38",), arrows=(("b29", "b30", "b38"),), opponent=rule, lost=_spent("B1"),
              rules=("capture-home", "dungeons")),
        Level("abroad", "Capturing", "No captures abroad",
              "Your raider B1 has two Red pieces near it: take one of them prisoner with B1.",
              abroad, BLUE, _logged(abroad, "B1 r43-r50-b50"),
              ("B1 r43-r50-b50",),
              "In enemy land you cannot capture, nor even step onto an enemy piece; at home you can. What counts "
              "is the land where the enemy piece stands: R2 on r34 is in Red's land, R1 on b50 in yours.",
              "B1 came home and captured R1 there; R2, in its own land, was safe. B1 moved with the black die, "
              "since it started in Red's land.",
              targets=("b50", "r34"), arrows=(("r43", "r50", "b50"),), opponent=rule, lost=_spent("B1"),
              rules=("no-capture-abroad", "capture-home")),
        Level("kill", "Capturing", "Only the Knight kills",
              "Remove Red's raider R1, on b38, from the game for good.",
              _pos("B1=b37 B2=b20 B3*=b30", "R1=b38 R2=r20 R3*=r24", dice=(1, 2)), BLUE, _gone("R1", ("dead",)),
              ("B3 b30-b38 kill",),
              "Any piece captures at home and takes a prisoner, who may be rescued. Only your Knight, B3, may "
              "kill instead: choose the move that kills.",
              "R1 is dead and never comes back. Now Red knows which piece is your Knight: a plain capture would "
              "have kept the secret.",
              targets=("b38",), opponent=rule,
              lost=_either(_turn_over, _when(_gone("R1", ("prisoner",)), "R1 was taken prisoner, not killed")),
              rules=("knight-kills", "hidden-knight")),
        Level("rescue", "Capturing", "Rescue a prisoner",
              "Your B8 is a prisoner in Red's dungeon, rd: free it with B1.",
              _pos("B1=r29 B2=b20 B3*=b30 B8=prisoner", "R1=r10 R2=r4 R3*=r24", dice=(3, 5)), BLUE,
              _at("B8", "c"), ("B1 r29-r25-r14-r5-r6-rd free B8",),
              "A piece that ends its move on the enemy dungeon frees one of its prisoners there. R2 blocks r4, so "
              "go round by Red's lake and come off at r5. Leave the Crown lying there: a piece carrying a Crown "
              "may not rescue.",
              "B1 and B8 both went to the Cathedral; they may move from your next turn.",
              targets=("rd",), arrows=(("r29", "r25", "r14", "r5", "r6", "rd"),), opponent=rule, lost=_spent("B1"),
              rules=("rescue", "dungeons", "crown-carrier")),
        # ----- Crowns ---------------------------------------------------------------------------------------
        Level("take", "Crowns", "Take a Crown",
              "Take Red's Crown from r2 with B1.",
              _pos("B1=r3 B2=b20 B3*=b30", dice=(3, 3)), BLUE, _carries("B1", "r2"), ("B1 r3-r2 take r2",),
              "A piece may take an enemy Crown that lies on its way or where it stops. Passing a Crown does not "
              "take it: click r2, then choose the move that takes it.",
              "The Crown now travels with B1. It counts only once B1 carries it out of Red's land.",
              targets=("r2",), opponent=rule,
              lost=_either(_spent("B1"), _when(_carries("B1"), "B1 took another Crown, not the one on r2")),
              rules=("crown-take",)),
        Level("home", "Crowns", "Carry it home",
              "You have two of Red's Crowns: take the third, on r8, and carry it out of Red's land to win.",
              _pos("B1=r9 B2=b20 B3*=b30", red_crowns="taken taken r8", dice=(3, 10)), BLUE, _won,
              ("B1 r9-r8-r7-r12-r17-r22-r32-r47-b47-b48 take r8",),
              "Take the Crown as B1 passes r8, then leave Red's land: with the black 10, the south river takes B1 "
              "home.",
              "The Crown left Red's land: captured, the third, and you win. A piece carrying a Crown does nothing "
              "else: it drew no card on the treasure space r17.",
              targets=("r8",), arrows=(("r9", "r8", "r7", "r12", "r17", "r22", "r32", "r47", "b47", "b48"),),
              opponent=rule, lost=_spent("B1"), rules=("crown-win", "crown-carrier")),
        Level("guard", "Crowns", "Your own Crown",
              "Red's R1 stands on your Crown space b5: capture it.",
              _pos("B1=b20 B2=b7 B3*=b30", "R1=b5 R2=r20 R3*=r24", dice=(2, 3)), BLUE, _gone("R1"),
              ("B2 b7-b6-b5",),
              "Your pieces never move your own Crowns and never stop on them, except to capture a raider standing "
              "there. B2 has the white 2.",
              "R1 is your prisoner and your Crown stays on b5, under B2.",
              targets=("b5",), arrows=(("b7", "b6", "b5"),), opponent=rule, lost=_spent("B2"),
              rules=("own-crowns", "capture-home")),
        Level("caught", "Crowns", "A carrier caught",
              "Red's R1 has picked up your Crown from b5 and stands on b6: capture it.",
              caught, BLUE, lambda s: _gone("R1", ("prisoner",))(s) and _crown_on("blue", "b5", "b6")(s),
              ("B2 b7-b6",),
              "In your own land you capture by ending a move on the enemy piece, even one that carries your Crown. "
              "B2 has the white 1.",
              "R1 is your prisoner, and your Crown lies on b6, where R1 was taken: your own pieces never move it, "
              "and it stays there until a Red piece picks it up again.",
              targets=("b6",), arrows=(("b7", "b6"),), opponent=rule, lost=_spent("B2"),
              rules=("crown-lost-carrier", "capture-home")),
        # ----- Treasure and Knight spaces ----------------------------------------------------------------------
        Level("treasure", "Treasure and Knight spaces", "Draw a Treasure Card",
              "Draw a Treasure Card: send B1 over or onto a treasure space in Red's land (the nearest is r27).",
              _pos("B1=r35 B2=b20 B3*=b30", dice=(3, 4), seed=2), BLUE,
              lambda s: _cards(s) > 0, ("B1 r35-r34-r27-r19",),
              "A piece that passes over or stops on a treasure space (the chest) in enemy land draws a card; "
              "the treasure spaces of your own land give you nothing.",
              "B1 drew the top card of the deck. Only you see it; Red sees that you hold one. A card is played at "
              "the start of a later turn.",
              targets=("r27",), arrows=(("r35", "r34", "r27"),), opponent=rule, lost=_spent("B1"),
              rules=("treasure-draw",)),
        Level("new-deck", "Treasure and Knight spaces", "A new deck",
              "The treasure deck is empty: draw a card all the same, with B1 on the treasure space r27.",
              _pos("B1=r35 B2=b20 B3*=b30", dice=(3, 4), deck="", discard=ALL_CARDS, seed=2), BLUE,
              lambda s: _cards(s) > 0, ("B1 r35-r34-r27",),
              "When the deck runs out, the cards played so far are shuffled into a new deck. Its eighteen cards are "
              "CAPTURE! and CATAPULT! seven times each, one AMBUSH!, one RANSOM and two RECRUIT.",
              "The discard pile became a new deck, shuffled, and B1 drew its top card.",
              targets=("r27",), arrows=(("r35", "r34", "r27"),), opponent=rule, lost=_spent("B1"),
              rules=("treasure-deck", "treasure-draw")),
        Level("card", "Treasure and Knight spaces", "A card before the roll",
              "Take Red's R4 on r38 prisoner with your raider B1: your CAPTURE! card allows it.",
              card, BLUE, lambda s: _gone("R4", ("prisoner",))(s) and _logged(card, "play CAPTURE!", "B1 r46-r38")(s),
              ("play CAPTURE!", "roll", "B1 r46-r38"),
              "A card is played at the start of a turn, before the roll, and works for that turn only. CAPTURE! "
              "lets one of your pieces capture in enemy land as if it were at home.",
              "B1 captured in Red's land: R4 is your prisoner. The card is spent and goes to the discard pile "
              "at the end of the turn.",
              targets=("r38",), arrows=(("r46", "r38"),), opponent=rule,
              lost=_either(_spent("B1"), _when(lambda s: s.phase != "start" and not _seen(s)["card"],
                                               "the dice were rolled before the card was played")),
              rules=("treasure-play", "card-capture", "turn-order")),
        Level("reserve", "Treasure and Knight spaces", "A Knight space",
              "Bring a piece from your reserve into the game: send B1 over or onto a Knight space in Red's land.",
              _pos("B1=r43 B2=b20 B3*=b30 B4=b39 B5=b41 B6=b24 B7=b13 B8=dead", dice=(1, 2)), BLUE,
              _at("B9", "c"), ("B1 r43-r44",),
              "A piece that passes over or stops on a Knight space (the horse's head) in enemy land brings one of "
              "your reserves into the Cathedral. The nearest is r44.",
              "B9 came out of reserve into the Cathedral and may move from your next turn. B8 was killed earlier, "
              "and killed pieces never come back.",
              targets=("r44",), arrows=(("r43", "r44"),), opponent=rule, lost=_spent("B1"),
              rules=("knight-spaces", "armies")),
        Level("ambush", "Treasure and Knight spaces", "AMBUSH!",
              "Kill Red's R4 on r38 with your raider B1: your AMBUSH! card allows it.",
              ambush, BLUE, _logged(ambush, "play AMBUSH!", "B1 r46-r38 kill"),
              ("play AMBUSH!", "roll", "B1 r46-r38 kill"),
              "Play the card first, before the roll. AMBUSH! lets one of your pieces kill in enemy land, as a Knight "
              "kills at home: choose the move that kills.",
              "R4 is dead and never comes back. Any piece of yours may kill with AMBUSH!, not only the Knight, "
              "so Red learned nothing about which piece is your Knight.",
              targets=("r38",), arrows=(("r46", "r38"),), opponent=rule,
              lost=_either(_spent("B1"), _when(lambda s: s.phase != "start" and not _seen(s)["card"],
                                               "the dice were rolled before the card was played"),
                           _when(_gone("R4", ("prisoner",)), "R4 was taken prisoner, not killed")),
              rules=("card-ambush", "treasure-play")),
        Level("ransom", "Treasure and Knight spaces", "RANSOM",
              "Your B8 is a prisoner in Red's dungeon: free it with your RANSOM card.",
              _pos("B1=b20 B2=b12 B3*=b30 B8=prisoner", blue_hand="RANSOM", seed=3), BLUE, _at("B8", "c"),
              ("play RANSOM B8",),
              "A card is played at the start of your turn, before the roll. RANSOM frees one of your prisoners "
              "without a rescuer.",
              "B8 left Red's dungeon for the Cathedral, and moves from your next turn. No piece of yours had to go "
              "near the dungeon.", opponent=rule,
              lost=_when(lambda s: s.phase != "start" or s.turn > 1, "the card was not played before the roll"),
              rules=("card-ransom", "rescue")),
        Level("recruit", "Treasure and Knight spaces", "RECRUIT",
              "Bring B8 from your reserve into the game with your RECRUIT card.",
              _pos("B1=b20 B2=b12 B3*=b30 B4=b39 B5=b41 B6=b24 B7=b13", blue_hand="RECRUIT", seed=3), BLUE,
              _at("B8", "c"), ("play RECRUIT B8",),
              "Play the card before the roll: RECRUIT brings a piece of your reserve into the Cathedral.",
              "B8 came out of the reserve into the Cathedral, where it waits until your next turn's moves.",
              opponent=rule,
              lost=_when(lambda s: s.phase != "start" or s.turn > 1, "the card was not played before the roll"),
              rules=("card-recruit", "armies")),
        # ----- The catapult ----------------------------------------------------------------------------------
        Level("fire", "The catapult", "Fire the catapult",
              "Your three moves are made, and your white 5 gives one catapult shot: knock over the two Red pieces "
              "on r37 and r38, and choose R2 as the one that dies.",
              fire, BLUE, _logged(fire, "kill R2"), ("shoot from 4 at r37", "kill R2"),
              "Click a numbered firing spot on your back edge, then the rock to aim at: the spot level with your "
              "aim gives the shortest throw, which strays least. The boulder knocks over the pieces on the rock "
              "it hits and on the rocks next to it; if more of Red's pieces fall than yours, you choose which dies.",
              "Both Red pieces fell and none of yours, so you chose: R2 left the game for good. A white 4 or 5 "
              "gives one shot a turn; a CATAPULT! card gives one more.",
              targets=("r37", "r38"), arrows=(("spot-b4", "r37"),), opponent=rule,
              lost=_either(_turn_over, _when(lambda s: s.phase == "move" and not _seen(s)["shots"],
                                             "the shot is spent, and it gave you no choice of R2")),
              rules=("catapult-when", "catapult-shot", "catapult-kill")),
        Level("near-home", "The catapult", "Not near home",
              "Your three moves are made. Kill Red's R1 on r50 with your one catapult shot; your own B1 stands just "
              "across the border, on b50.",
              _pos("B1=b50 B2=b20 B3*=b30 B4=b39", "R1=r50 R2=r20 R3*=r24 R4=r10", dice=(4, 3), shots="1", seed=1,
                   moved="B2 B3 B4"),
              BLUE, _gone("R1", ("dead",)), ("shoot from 1 at r43",),
              "A boulder that knocks over any piece in your own territory does nothing at all. A boulder on r50 "
              "would knock B1 over too: aim at r43, next to R1 and further from the border.",
              "The boulder came down on r43 and knocked over R1 beside it; b50 was out of its reach.",
              targets=("r50",), arrows=(("spot-b1", "r43"),), opponent=rule,
              lost=_either(_turn_over, _when(lambda s: not _seen(s)["shots"] and _where(s, "R1") != "dead",
                                             "the shot is spent")),
              rules=("catapult-home", "catapult-shot")),
        # ----- Variants: the rules a table may change (the variants page names them all) -----------------------
        Level("six-shot", "Variants", "A shot on a 6",
              "In this variant a white 6 gives a catapult shot too. Your three moves are made and you rolled white 6: "
              "kill Red's R1 on r30 with the shot.",
              _pos("B1=b10 B2=b20 B3*=b30", "R1=r30 R2=r20 R3*=r24", dice=(6, 3), shots="1", seed=6,
                   moved="B1 B2 B3", options={"catapult_rolls": "4-5-6"}), BLUE, _gone("R1", ("dead",)),
              ("shoot from 1 at r30",),
              "Click a firing spot on your back edge, then R1's rock. A lone enemy piece knocked over dies.",
              "The boulder knocked R1 over, alone, so it died. Under the rulebook's rule only a white 4 or 5 gives a "
              "shot; a table may agree on more shots, fewer, or none.",
              targets=("r30",), arrows=(("spot-b1", "r30"),), opponent=rule,
              lost=_either(_turn_over, _when(lambda s: not _seen(s)["shots"] and _where(s, "R1") != "dead",
                                             "the shot is spent")),
              rules=("variant-catapult", "catapult-when")),
        Level("stop-to-draw", "Variants", "Stop to draw",
              "In this variant a treasure space gives a card only to a piece that ends its move there. Draw a card "
              "with B1.",
              _pos("B1=r35 B2=b20 B3*=b30", dice=(3, 4), seed=2, options={"forced_stops": "treasure-spaces"}), BLUE,
              lambda s: _cards(s) > 0, ("B1 r35-r34-r27",),
              "B1 has the black 4: stop on the treasure space r27 rather than pass over it.",
              "B1 stopped on r27 and drew. Passing over it, as the rulebook allows, gives nothing in this variant.",
              targets=("r27",), arrows=(("r35", "r34", "r27"),), opponent=rule, lost=_spent("B1"),
              rules=("variant-pieces", "treasure-draw")),
        Level("teams", "Variants", "Four players",
              "Four players in two teams: you move Blue's pieces at home, your partner those in Red's land. Capture "
              "the raider R1 on b38.",
              teams, BLUE, _gone("R1"), ("B1 b29-b30-b38",),
              "Only the pieces in your own land are yours to move; B2, abroad, is your partner's. B1 has the white 2.",
              "R1 is a prisoner. When you end your part of the turn, your partner moves the pieces abroad, with the "
              "black die.",
              targets=("b38",), arrows=(("b29", "b30", "b38"),), opponent=rule, lost=_spent("B1"),
              rules=("variant-teams", "capture-home")),
        # ----- A whole game ------------------------------------------------------------------------------------
        Level("game", "A whole game", "Your first game",
              "Win a whole game for one Crown (a variant: the rulebook's game is for three) against the computer at "
              "its easy level: place your army, then carry one of Red's three Crowns out of Red's land.",
              GAME.new_game(seed=3, crowns_to_win=1), BLUE, _won, (),
              "Place a few pieces on the roads to your Crowns, raid with the others for cards and Crowns, and "
              "bring a Crown home by a river.",
              "You won your first game of Capture: A Medieval Wargame.", par=None, most=300, targets=("r2", "r5", "r8"),
              opponent=easy,
              lost=_game_lost, solver=rule, rules=("crown-win", "set-up", "turn-order", "variant-crowns")),
    )
    return Course("medieval-capture", "Learn Capture: A Medieval Wargame", levels,
                  intro=f"{number_words(len(levels)).capitalize()} short levels, from placing your army to your first "
                        "whole game.")
