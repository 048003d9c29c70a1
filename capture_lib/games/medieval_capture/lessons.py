"""Capture: A Medieval Wargame's tutorial and chapter exercises (see ``capture_lib.session.course``).

Positions are written in the game's position text (``game.from_position``): where each piece stands
(``*`` marks the Knight), the dice already rolled, whose Crowns are taken. The learner plays Blue,
except in the rescue exercise. Red's Knight is never shown to Blue.
"""

from __future__ import annotations

from functools import cache

from capture_lib import load_game
from capture_lib.core.lessons import Lesson, Step
from capture_lib.core.protocol import Action, State

GAME = load_game("medieval-capture")
SLUG = GAME.slug

#: The armies of the rules chapter's examples.
BLUE = "B1=b10 B2=b20 B3*=b30 B4=b39 B5=b41 B6=b24 B7=b13"
RED = "R1=r10 R2=r20 R3*=r30 R4=r39 R5=r41 R6=r24 R7=r13"


def position(turn: str = "blue", blue: str = BLUE, red: str = RED, dice: tuple[int, int] | None = None,
             **fields: str) -> State:
    """A position in the position text format; ``dice`` means the dice are rolled and pieces may move."""
    lines = [f"turn: {turn}", f"blue: {blue}", f"red: {red}"]
    if dice:
        lines += ["phase: move", f"dice: {dice[0]} {dice[1]}"]
    lines += [f"{key.replace('_', ' ')}: {value}" for key, value in fields.items()]
    return GAME.from_position("\n".join(lines))


def where(state: State, piece: str) -> str:
    """Where ``piece`` stands (a space, reserve, dead or prisoner), as the whole table sees it."""
    return next(p["where"] for p in state.view(None)["pieces"] if p["id"] == piece)


def _piece_is(piece: str, place: str):
    def check(_before: State, _action: Action, after: State) -> bool:
        return where(after, piece) == place
    return check


def _wins(seat: int):
    def check(_before: State, _action: Action, after: State) -> bool:
        return after.is_over and after.winners == (seat,)
    return check


def _carries(piece: str, crown: int):
    def check(_before: State, _action: Action, after: State) -> bool:
        return after.observation(0)["crowns"][crown].get("carried_by") == piece
    return check


@cache
def tutorial() -> Lesson:
    """Four steps, about six minutes: the dice, a capture at home, taking a Crown, carrying it home."""
    steps = (
        Step(
            title="roll the dice",
            start=position(),
            seat=0,
            prompt="You are Blue. A turn starts with the dice: roll them (you may first look under a piece, "
                   "but not now).",
            hint="Nothing moves before the roll: press the roll button, or type roll.",
            explain="White 4, black 11. The white die moves pieces that start the turn at home (in your "
                    "territory or the Cathedral), the black die pieces in enemy land; up to three different "
                    "pieces move. A white 4 or 5 also lets you fire the catapult once.",
            answers=("roll",),
            reply=("roll white 4 black 11",),
        ),
        Step(
            title="capture at home",
            start=position(blue="B1=b10 B2=b20 B3*=b30", red="R1=b15 R2=r20 R3*=r30", dice=(2, 2)),
            seat=0,
            prompt="A new position. "
                   "Red's R1 has come into your territory, to b15. You rolled white 2. Capture it: end a move "
                   "on its space.",
            hint="At home you capture by ending your move on the enemy piece; a piece at home moves up to the "
                 "white die, along the trails, never over another piece. B1 on b10 is one step away.",
            explain="R1 goes to your dungeon as a prisoner. Red can free it by walking a piece into your "
                    "dungeon. (Abroad it is the other way round: there you may not step onto an enemy.)",
            check=_piece_is("R1", "prisoner"),
            example="B1 b10-b15",
        ),
        Step(
            title="take a Crown",
            start=position(blue="B1=r3 B2=b20 B3*=b30", dice=(3, 3)),
            seat=0,
            prompt="A new position. "
                   "Your B1 is deep in Red territory, on r3, next to Red's Crown on r2. Move B1 over or onto "
                   "the Crown and take it with you.",
            hint="A piece may take an enemy Crown on its path (it may also pass it by): abroad a piece moves up "
                 "to the black die (3 here). On the board, pick the move that says take r2; in notation, type "
                 "B1 r3-r2 take r2, or a path through r2 such as B1 r3-r2-r1 take r2.",
            explain="The Crown now travels with B1. For the rest of this move and every move it makes with the "
                    "Crown, B1 does nothing else: no capture, no rescue, no cards. The Crown is captured only "
                    "when B1 steps out of Red territory with it.",
            check=_carries("B1", 3),
            example="B1 r3-r2-r1 take r2",
        ),
        Step(
            title="carry the third Crown home",
            start=position(blue="B1=r50 B2=b20 B3*=b30", red_crowns="taken taken @B1", dice=(1, 1)),
            seat=0,
            prompt="A new position. "
                   "You have captured two Crowns and B1 carries the third, on r50 at the border. Bring it out "
                   "of Red territory to win.",
            hint="A Crown is captured the moment its carrier leaves the Crown's territory, into its own land or "
                 "the Cathedral; three captured Crowns win. b50 is one step away.",
            explain="The third Crown leaves Red territory: it is captured and you win at once.",
            check=_wins(0),
            example="B1 r50-b50",
        ),
    )
    return Lesson(SLUG, "Capture in four moves", steps,
                  intro="Four moves as Blue: the dice, a capture at home, a Crown taken, a Crown brought home.")


@cache
def exercises() -> list[Lesson]:
    """Four questions: which piece may kill, a rescue, the river that wins at once, the catapult's spot."""
    knight = Lesson(SLUG, "Exercise 1: which piece may kill?", (Step(
        title="the Knight's choice",
        start=position(blue="B1=b37 B2=b20 B3*=b30", red="R1=b38 R2=r20 R3*=r30", dice=(2, 2)),
        seat=0,
        prompt="Red's R1 stands on b38, in your territory; B1 and your Knight B3 can both reach it. Kill R1 "
               "for good instead of taking it prisoner.",
        hint="Only the Knight may kill when it captures at home (end the move with kill); any other piece "
             "only takes a prisoner. Your Knight is B3.",
        explain="B3 b30-b38 kill: the Knight kills R1, which never comes back. It also tells Red which of "
                "your pieces is the Knight.",
        answers=("B3 b30-b38 kill",),
    ),))
    rescue = Lesson(SLUG, "Exercise 2: a rescue", (Step(
        title="free a prisoner",
        start=position(turn="red", red="R1=b3 R2=r20 R3*=r30 R8=prisoner", dice=(6, 6)),
        seat=1,
        prompt="You are Red. Your R8 is a prisoner in Blue's dungeon, and your R1 stands on b3. Free R8.",
        hint="A piece that ends its move on the enemy dungeon frees one of its prisoners there; the dungeon "
             "must be the last step. Blue's dungeon is bd, next to b4.",
        explain="R1 b3-b4-bd free R8: the rescuer and the freed piece both go to the Cathedral and may move "
                "from your next turn.",
        check=_piece_is("R8", "c"),
        example="R1 b3-b4-bd free R8",
    ),))
    river = Lesson(SLUG, "Exercise 3: win at once", (Step(
        title="the fastest road home",
        start=position(blue="B1=r21 B2=b20 B3*=b30", red_crowns="taken taken @B1", dice=(1, 5)),
        seat=0,
        prompt="You have captured two Crowns; B1 carries the third on r21, deep in Red territory. You rolled "
               "white 1, black 5. Find the move that wins at once.",
        hint="B1 is abroad, so it moves up to the black die: 5. The rock trails are too long, but the north river "
             "crosses the border: stepping on a boat, each hop and stepping off count one space each.",
        explain="By the river: B1 r21-r28-r45-b45-b44 (or on to b43 or b21) crosses into Blue territory with "
                "the Crown, which is captured: the third Crown wins.",
        check=_wins(0),
        example="B1 r21-r28-r45-b45-b44",
    ),))
    catapult = Lesson(SLUG, "Exercise 4: the shortest throw", (Step(
        title="aim the catapult",
        start=position(red="R1=r1 R2=r10 R3*=r30 R4=r39 R5=r41", dice=(4, 6), shots="1"),
        seat=0,
        prompt="You rolled a white 4: one catapult shot. Red's R1 and R2 stand side by side on r1 and r10, in "
               "the north of Red's back road, far from your pieces. Fire at them from the spot of your back "
               "edge where the throw is shortest.",
        hint="The catapult stands behind your own back edge, at a spot from 1 (north) to 9 (south), one level "
             "with each row of rocks, and the longer the throw, the more the boulder strays. r1 and r10 lie "
             "on the first row. Use the catapult control, or type shoot from SPOT at SPACE.",
        explain="From spot 1 the throw runs straight along the row, the shortest way across the board. If the "
                "boulder comes down on r1 or r10 it knocks both Red pieces over and you choose which dies; it "
                "can stray a little, most of all in length, and from spot 9 it would stray further.",
        answers=("shoot from 1 at r1", "shoot from 1 at r10"),
    ),))
    return [knight, rescue, river, catapult]
