"""Capture: A Medieval Wargame's chapter exercises (see ``capture_lib.session.course``).

Positions are written in the game's position text (``game.from_position``): where each piece stands
(``*`` marks the Knight), the dice already rolled, whose Crowns are taken; an exercise in a variant
also names the options the table agreed on. The learner plays Blue (in the four-player exercise, Blue's
partner abroad). Red's Knight is never shown to Blue.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import Any

from capture_lib import load_game
from capture_lib.core.lessons import Lesson, Step
from capture_lib.core.protocol import Action, State

GAME = load_game("medieval-capture")
SLUG = GAME.slug

#: The armies of the rules chapter's examples.
BLUE = "B1=b10 B2=b20 B3*=b30 B4=b39 B5=b41 B6=b24 B7=b13"
RED = "R1=r10 R2=r20 R3*=r30 R4=r39 R5=r41 R6=r24 R7=r13"


def position(turn: str = "blue", blue: str = BLUE, red: str = RED, dice: tuple[int, int] | None = None,
             options: dict[str, Any] | None = None, **fields: str) -> State:
    """A position in the position text format; ``dice`` means the dice are rolled and pieces may move;
    ``options`` are the variants the table agreed on (the game's options, the rules' own by default)."""
    lines = [f"turn: {turn}", f"blue: {blue}", f"red: {red}"]
    if dice:
        lines += ["phase: move", f"dice: {dice[0]} {dice[1]}"]
    lines += [f"{key.replace('_', ' ')}: {value}" for key, value in fields.items()]
    return GAME.from_position("\n".join(lines), **(options or {}))


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


def _draws(_before: State, _action: Action, after: State) -> bool:
    """Accept a move that draws a Treasure Card (the draw, a chance event, is pending after it)."""
    return after.observation(0)["phase"] == "draw"


def _dies(piece: str):
    def check(_before: State, _action: Action, after: State) -> bool:
        return where(after, piece) == "dead"
    return check


def _taken(piece: str):
    """Accept a move after which ``piece`` is a prisoner or dead: taken off the board by a capture."""
    def check(_before: State, _action: Action, after: State) -> bool:
        return where(after, piece) in ("prisoner", "dead")
    return check


def _aims_at(spaces: tuple[str, ...], spots: tuple[int, ...]):
    """Accept a catapult shot aimed at one of ``spaces`` from one of ``spots``."""
    def check(_before: State, action: Action, _after: State) -> bool:
        words = str(action).split()
        return words[:1] == ["shoot"] and words[-1] in spaces and int(words[2]) in spots
    return check


def _opens_the_way(piece: str):
    """Accept a move after which ``piece`` has a move that wins at once."""
    def check(_before: State, _action: Action, after: State) -> bool:
        return any(after.play(a).winners == (0,) for a in after.legal_actions() if str(a).startswith(piece + " "))
    return check


def _turn(title: str, rules: tuple[str, ...], first: Step, *later: Callable[..., Step]
          ) -> tuple[str, tuple[str, ...], tuple[Step, ...]]:
    """A whole turn planned as one exercise: ``first`` sets the position, and each later step (a ``Step``
    waiting for its start) goes on from where the step before it left the game."""
    steps = [first]
    for make in later:
        before = steps[-1]
        steps.append(make(start=before.outcome(before.expected())))
    return title, rules, tuple(steps)


@cache
def exercises() -> list[Lesson]:
    """Twenty questions in new positions, easiest first: which die, the Knight, a Crown saved, treasure, a
    Knight space, a river, a lake, a rescue, which card, the Cathedral, the catapult's aim; then five whole
    turns planned step by step: a card before the roll, an ambush, clearing the way for a Crown, a shot that
    opens a Crown, three pieces with three jobs; last, four questions in variants the table may agree on:
    one Crown to win, two teams, the dead brought back by a Knight space, boulders from a sure hand. Blue
    (you) is to act in every one; each names the rules index entries it practises."""
    single = [
        ("which die?", ('dice', 'capture-home'), Step(
            title="a piece abroad uses the black die, even on its way home",
            start=position(blue="B1=b20 B2=r46 B3*=b10", red="R1=b38 R2=r20 R3*=r30", dice=(3, 10)),
            seat=0,
            prompt="You rolled white 3, black 10. Red's R1 has come into your land, to b38. Capture it.",
            hint="A piece moves up to the die of the place where it stands when it moves: white at home, "
                 "black in enemy land. B1 at home has only 3; B2 stands in Red land.",
            explain="B2 r46-c-b46-b38: B2 starts in Red land, so it moves with the black die, and it captures "
                    "on arriving, because b38 is in your own land. B1 and your Knight are too far for a 3.",
            check=_taken("R1"),
            example="B2 r46-c-b46-b38",
        )),
        ("capture or kill?", ('knight-kills', 'capture-home', 'hidden-knight'), Step(
            title="only the Knight kills",
            start=position(blue="B1=b29 B2=b20 B5*=b38", red="R1=b30 R2=r20 R3*=r30", dice=(1, 1)),
            seat=0,
            prompt="Red's R1 stands on b30, next to your B1 and your Knight B5. Remove it from the game for "
                   "good.",
            hint="Any piece captures an enemy at home and sends it to your dungeon, from where it can be "
                 "rescued. Only the Knight may kill it instead; add kill to the move.",
            explain="B5 b38-b30 kill: R1 is dead and never comes back. Red now knows which piece is your "
                    "Knight; a plain capture would have kept the secret and still taken R1 prisoner.",
            check=_dies("R1"),
            example="B5 b38-b30 kill",
        )),
        ("save a Crown", ('own-crowns', 'crown-lost-carrier', 'capture-home'), Step(
            title="catch the carrier at home",
            start=position(blue="B1=b16 B2=b6 B3*=b30", red="R1=b4 R2=r20 R3*=r30", blue_crowns="b2 @R1 b8",
                           dice=(2, 5)),
            seat=0,
            prompt="Red's R1 has picked up your Crown from b5 and stands on b4 with it. You rolled white 2. "
                   "Stop it before it carries the Crown away.",
            hint="Capture it at home by ending a move on its space, up to the white die. You may pass over "
                 "your own Crown space, you just may not stop on your own Crown.",
            explain="B2 b6-b5-b4: two spaces over the empty Crown space, and R1 goes to your dungeon. The "
                    "Crown stays on b4 where it fell, and Red may come for it again.",
            check=_taken("R1"),
            example="B2 b6-b5-b4",
        )),
        ("the long way round", ('no-capture-abroad', 'treasure-draw', 'paths'), Step(
            title="no stepping onto an enemy abroad",
            start=position(blue="B1=r34 B2=b20 B3*=b10", red="R1=r20 R2=r27 R3*=r30", dice=(1, 8)),
            seat=0,
            prompt="B1 is in Red land on r34, next to the treasure space r27, but Red's R2 stands on it. "
                   "Draw a Treasure Card this turn.",
            hint="Abroad you may not move onto an enemy piece: you cannot capture there. Any treasure space "
                 "in Red land that B1 passes or stops on gives a card, and it has the black die: 8.",
            explain="B1 r34-r35-r36-r37-r38-r46 reaches the treasure space r46 in five spaces (going on into "
                    "the Cathedral or home is fine too); by the river to r16 draws as well. Stepping onto R2 "
                    "is refused.",
            check=_draws,
            example="B1 r34-r35-r36-r37-r38-r46",
            reply=("draw CATAPULT!",),
        )),
        ("a Knight space", ("knight-spaces", "armies"), Step(
            title="a reserve joins from the Cathedral",
            start=position(blue="B1=r10 B2=b20 B3*=b30", red="R1=r1 R2=r7 R3*=r9", dice=(1, 3)),
            seat=0,
            prompt="Three of your ten pieces wait in reserve. B1 is raiding Red land on r10, and you rolled black "
                   "3. Bring one of your reserves into the game with this move.",
            hint="A piece that passes over or stops on a Knight space in enemy land (the horse's head) brings one "
                 "of its reserves into the Cathedral.",
            explain="B1 r10-r15 stops on the Knight space r15 (passing it on the way to r19 or r27 works too): "
                    "B4 comes out of reserve into the Cathedral and may move from your next turn.",
            check=_piece_is("B4", "c"),
            example="B1 r10-r15",
        )),
        ("by river", ('rivers', 'treasure-draw'), Step(
            title="boats count one space each",
            start=position(blue="B1=b21 B2=b20 B3*=b10", red="R1=r20 R2=r11 R3*=r30", dice=(6, 2)),
            seat=0,
            prompt="You rolled white 6. Bring B1 from b21 onto the treasure space r16, deep in Red land, in "
                   "one move.",
            hint="Get on a river at a boat, from the rock where it docks; each step on, from boat to boat "
                 "and off counts one space. B1 is at home, so it uses the white die.",
            explain="B1 b21-b28-b45-r45-r28-r21-r16: on, two hops, off at r21 and one more step: six. By trail "
                    "it would take more than twice as long. The card comes when it lands.",
            check=_piece_is("B1", "r16"),
            example="B1 b21-b28-b45-r45-r28-r21-r16",
            reply=("draw RECRUIT",),
        )),
        ("across the lake", ('lakes', 'crown-take'), Step(
            title="a lake's boats reach the middle Crown",
            start=position(blue="B1=r29 B2=b20 B3*=b10", red="R1=r20 R2=r11 R3*=r30", dice=(1, 3)),
            seat=0,
            prompt="B1 stands on r29, on the shore of Red's lake. You rolled black 3. Pick up Red's middle "
                   "Crown on r5.",
            hint="A lake's three boats are joined to each other; one of them docks at r5. Each step counts "
                 "one, and a move may not end on a boat. Take the Crown as you reach it.",
            explain="B1 r29-r25-r14-r5 take r5: on a boat, across the lake, off on the Crown space. The Crown "
                    "now travels with B1, and is captured once it leaves Red land.",
            check=_carries("B1", 4),
            example="B1 r29-r25-r14-r5 take r5",
        )),
        ("a rescue", ('rescue', 'dungeons'), Step(
            title="free a prisoner from the enemy dungeon",
            start=position(blue="B1=r11 B2=b20 B3*=b10 B8=prisoner", red="R1=r20 R2=r6 R3*=r30", dice=(1, 3)),
            seat=0,
            prompt="Your B8 is a prisoner in Red's dungeon, rd. B1 stands on r11 and you rolled black 3. "
                   "Free B8.",
            hint="A piece that ends its move on the enemy dungeon frees one of its prisoners; the dungeon "
                 "can be reached from the rocks beside it, and R2 blocks one of them.",
            explain="B1 r11-r3-r4-rd free B8: three spaces, round R2 on r6. B1 and B8 both go to the Cathedral "
                    "and may move from your next turn.",
            check=_piece_is("B8", "c"),
            example="B1 r11-r3-r4-rd free B8",
        )),
        ("which card?", ("card-ransom", "card-recruit", "treasure-play"), Step(
            title="RANSOM frees a prisoner, RECRUIT a reserve",
            start=position(blue="B1=b10 B2=b20 B3*=prisoner B8=prisoner", red="R1=r20 R2=r30 R3*=r9",
                           blue_hand="RANSOM RECRUIT"),
            seat=0,
            prompt="Your Knight B3 is a prisoner in Red's dungeon. You hold a RANSOM and a RECRUIT card. Get "
                   "your Knight back into the game this turn.",
            hint="Cards are played at the start of a turn, before the roll, one a turn. RANSOM frees one of your "
                 "prisoners; RECRUIT brings a piece that waits in reserve.",
            explain="play RANSOM B3: your Knight goes straight to the Cathedral and may move from your next turn. "
                    "RECRUIT could only bring B4 from the reserve, and freeing B8 would leave the Knight in the "
                    "dungeon.",
            answers=("play RANSOM B3",),
        )),
        ("from the Cathedral", ('cathedral', 'dice'), Step(
            title="a piece in the Cathedral may use either die",
            start=position(blue="B1=c B2=b10 B3*=b20", red="R1=b34 R2=r20 R3*=r30", dice=(2, 7)),
            seat=0,
            prompt="Red's R1 has reached b34. You rolled white 2, black 7. Capture it.",
            hint="A piece that stands in the Cathedral, which belongs to nobody, may use either die when it "
                 "moves.",
            explain="B1 c-b46-b38-b37-b36-b35-b34: six spaces on the black die, from the Cathedral into your "
                    "land, where it captures. Your pieces at home have only the white 2.",
            check=_taken("R1"),
            example="B1 c-b46-b38-b37-b36-b35-b34",
        )),
        ("aim the catapult", ('catapult-shot', 'catapult-kill'), Step(
            title="aim where only enemies stand",
            start=position(blue="B1=b20 B2=b10 B3*=b30 B4=r16", red="R1=r20 R2=r21 R3*=r30 R4=r9", dice=(4, 6),
                           shots="1"),
            seat=0,
            prompt="You rolled a white 4: one catapult shot. Your B4 is raiding on r16, next to Red's pair on "
                   "r20 and r21. Aim where a Red piece is likeliest to die and none of yours.",
            hint="A boulder knocks over the pieces on the rock it hits and the rocks right next to it, and it "
                 "may stray. If as many of your pieces fall as enemy pieces, you lose one of yours.",
            explain="Aim at R4, alone on r9 (shoot from 9 at r9 is the shortest throw): even a boulder that "
                    "strays a little knocks it over, and none of your pieces is near. A shot at the pair risks "
                    "knocking B4 over too.",
            check=_aims_at(("r9",), tuple(range(1, 10))),
            example="shoot from 9 at r9",
        )),
    ]
    turns = [
        _turn("the card comes first", ('turn-order', 'treasure-play', 'card-capture'), Step(
            title="play the card before the roll",
            start=position(blue="B1=r11 B2=b20 B3*=b30", red="R1=r20 R4=r3 R3*=r30", blue_hand="CAPTURE!"),
            seat=0,
            prompt="A whole turn. You hold a CAPTURE! card, and Red's R4 guards r3, between your B1 and the "
                   "Crown on r2. This turn, take R4 prisoner. Begin the turn.",
            hint="A turn goes: look (if you like), play one card, roll, move. A card can only be played "
                 "before the roll.",
            explain="play CAPTURE!: for this turn one of your pieces may capture in Red land as if at home. "
                    "Then you roll: white 3, black 5.",
            answers=("play CAPTURE!",),
            reply=("roll", "roll white 3 black 5"),
        ), partial(
            Step,
            title="capture abroad with the card",
            seat=0,
            prompt="The card is played and the dice say white 3, black 5. Now take R4 prisoner.",
            hint="B1 is in Red land, so it moves up to the black die; the card lets it end a move on an enemy "
                 "piece there.",
            explain="B1 r11-r3: R4 goes to your dungeon. The way to the Crown on r2 is open for your next turn.",
            check=_taken("R4"),
            example="B1 r11-r3",
        )),
        _turn("an ambush", ("card-ambush", "treasure-play", "no-capture-abroad"), Step(
            title="play AMBUSH! before the roll",
            start=position(blue="B1=r21 B2=b20 B3*=b30", red="R1=r20 R4=r16 R3*=r9", blue_hand="AMBUSH!"),
            seat=0,
            prompt="A whole turn. Red's R4 stands on the treasure space r16, next to your raider B1 on r21. "
                   "Abroad you cannot capture, but you hold an AMBUSH! card. Remove R4 from the game this turn. "
                   "Begin the turn.",
            hint="A card is played at the start of the turn, before the roll.",
            explain="play AMBUSH!: this turn one of your pieces may kill an enemy piece in enemy land by moving "
                    "onto it. Then you roll: white 2, black 3.",
            answers=("play AMBUSH!",),
            reply=("roll", "roll white 2 black 3"),
        ), partial(
            Step,
            title="the ambush",
            seat=0,
            prompt="AMBUSH! is played and the dice say white 2, black 3. Now remove R4.",
            hint="B1 moves onto R4 on r16 with the black die, and the move ends with kill.",
            explain="B1 r21-r16 kill: R4 is dead, though B1 is no Knight and stands in Red land.",
            check=_dies("R4"),
            example="B1 r21-r16 kill",
        )),
        _turn("clear the way", ('no-passing', 'crown-carrier', 'crown-win'), Step(
            title="move the piece in the way first",
            start=position(blue="B1=r3 B2=r34 B3*=b30", red="R1=r20 R2=r39 R3*=r30", red_crowns="r2 taken taken",
                           dice=(1, 10)),
            seat=0,
            prompt="A whole turn. You have captured two Crowns; the third lies on r2, next to your B1. With "
                   "black 10 B1 could take it and run home, but your own B2 stands on r34, on the only road "
                   "short enough. Make the first of your moves.",
            hint="No piece passes over another, your own included, and a Crown is captured only when it "
                 "leaves Red land. Each piece moves once a turn, and the order is yours.",
            explain="B2 r34-r35 steps off the road (other moves away from it work too). Now B1's road home is "
                    "clear.",
            check=_opens_the_way("B1"),
            example="B2 r34-r35",
        ), partial(
            Step,
            title="the run home",
            seat=0,
            prompt="The road is clear. Win the game.",
            hint="Take the Crown on r2 as B1 passes it, then leave Red land: the quickest road home runs "
                 "r1, r10, r15, r19, r27, r34, r43, r50, b50.",
            explain="B1 r3-r2-r1-r10-r15-r19-r27-r34-r43-r50-b50 take r2: ten spaces, and the third Crown "
                    "leaves Red land. You win.",
            check=_wins(0),
            example="B1 r3-r2-r1-r10-r15-r19-r27-r34-r43-r50-b50 take r2",
        )),
        _turn("a boulder opens the road", ('catapult-when', 'catapult-kill', 'crown-take'), Step(
            title="fire at the guards",
            start=position(blue="B1=r11 B2=b20 B3*=b30", red="R1=r20 R4=r3 R5=r4 R3*=r30", dice=(4, 5),
                           shots="1"),
            seat=0,
            prompt="A whole turn: white 4 (one shot), black 5. Red's R4 on r3 and R5 on r4 guard the Crown on "
                   "r2 from your B1 on r11. Begin with the catapult: fire at the guards from a good spot.",
            hint="Aim at one of the guards' rocks. The catapult's spots, 1 to 9, are level with the rows of "
                 "rocks, and the shortest throw (the spot level with the aim) strays least.",
            explain="shoot from 4 at r4: the throw runs straight along the row. Say it lands on r4: it knocks "
                    "over R5 there and R4 on r3 next to it, but not B1.",
            check=_aims_at(("r3", "r4"), (3, 4, 5)),
            example="shoot from 4 at r4",
            reply=("land r4",),
        ), partial(
            Step,
            title="choose who dies",
            seat=0,
            prompt="Two Red pieces fell and none of yours, so you choose which one dies.",
            hint="Choose the piece that stands between B1 and the Crown.",
            explain="kill R4: it stood on r3, on B1's road to the Crown. R5 on r4 is off that road.",
            answers=("kill R4",),
        ), partial(
            Step,
            title="take the Crown",
            seat=0,
            prompt="The road is open. Take Red's Crown on r2.",
            hint="B1 is in Red land: up to the black die, 5. Take the Crown as it passes or stops on r2.",
            explain="B1 r11-r3-r2 take r2 (or further on with it): the Crown travels with B1 and is captured "
                    "when B1 carries it out of Red land.",
            check=_carries("B1", 3),
            example="B1 r11-r3-r2 take r2",
        )),
        _turn("three pieces, three jobs", ('three-pieces', 'knight-kills', 'rescue', 'treasure-draw'), Step(
            title="first job: the raider",
            start=position(blue="B1=r43 B2=r11 B3*=b30 B8=prisoner", red="R1=b38 R2=r20 R3*=r30", dice=(3, 9)),
            seat=0,
            prompt="A whole turn: white 3, black 9, three pieces to move. Remove Red's raider R1 from the game "
                   "for good, free your prisoner B8 from rd, and draw a Treasure Card. First, the raider on "
                   "b38.",
            hint="Only your Knight, B3, kills, and only at home; it is next to b38.",
            explain="B3 b30-b38 kill: R1 is dead. B1 could reach b38 too, but it would only take R1 prisoner.",
            check=_dies("R1"),
            example="B3 b30-b38 kill",
        ), partial(
            Step,
            title="second job: the rescue",
            seat=0,
            prompt="Now free B8 from Red's dungeon.",
            hint="B2 is in Red land, with the black die; it must end its move on rd.",
            explain="B2 r11-r3-r4-rd free B8: both go to the Cathedral and wait for your next turn.",
            check=_piece_is("B8", "c"),
            example="B2 r11-r3-r4-rd free B8",
        ), partial(
            Step,
            title="third job: treasure",
            seat=0,
            prompt="Last, draw a Treasure Card with your third piece.",
            hint="B1 stands on r43 in Red land; the nearest treasure space is r27, two spaces away.",
            explain="B1 r43-r34-r27 draws a card. Three pieces moved: the turn is done.",
            check=_draws,
            example="B1 r43-r34-r27",
            reply=("draw AMBUSH!",),
        )),
    ]
    # The variants (the chapter's Variants page): the table agreed on a change of the rules before the game,
    # and the change makes another move the right one.
    variants = [
        ("one Crown wins", ('variant-crowns', 'crown-win', 'lakes'), Step(
            title="playing for one Crown, run with it",
            start=position(blue="B1=r4 B2=b20 B3*=b30 B8=prisoner", red="R1=r10 R2=r20 R3*=r9", dice=(2, 8),
                           options={"crowns_to_win": 1}),
            seat=0,
            prompt="Your table agreed to play for one Crown: whoever carries a single enemy Crown out of "
                   "enemy land wins. B1 stands on r4, between Red's dungeon, where your B8 is a prisoner, "
                   "and Red's middle Crown on r5. You rolled black 8. Free B8, or go for the Crown?",
            hint="In a game for one Crown, the first Crown that leaves Red land ends the game, and the "
                 "Cathedral is outside Red land. Count B1's way from r5 across the lake: the step onto a "
                 "boat, each crossing and the step off count one space each.",
            explain="B1 r4-r5-r14-r26-r31-r30-r38-r46-c take r5 (or across by r25 and r29): B1 takes the Crown "
                    "as it leaves r5 and reaches the Cathedral on the eighth space, so the Crown is captured "
                    "and you win at once. In a game for three Crowns it would be one Crown of three, and "
                    "freeing B8 would be a fair choice too.",
            check=_wins(0),
            example="B1 r4-r5-r14-r26-r31-r30-r38-r46-c take r5",
        )),
        ("two teams", ('variant-teams', 'dice', 'capture-home', 'cathedral'), Step(
            title="the partner abroad moves only the pieces in enemy land",
            start=position(blue="B1=b10 B2=r38 B3*=b20 B4=c", red="R1=b37 R2=r20 R3*=r9", dice=(3, 9),
                           options={"players": 4}, role="abroad", moved="B1 B3"),
            seat=2,
            prompt="Four of you play, in two teams, and you are Blue's partner abroad. Your partner at home "
                   "moved B1 and B3 and has ended their part, so your team has one move left; the dice say "
                   "white 3, black 9. Red's R1 has reached b37. Capture it.",
            hint="In a game of two teams the partner at home moves the pieces at home and in the Cathedral, "
                 "and the partner abroad only the pieces that stand in enemy land. Your piece moves with "
                 "the black die, even on its way home.",
            explain="B2 r38-r46-c-b46-b38-b37: five spaces on the black die, through the Cathedral into your "
                    "land, where B2 captures. In a game of two, B4 could have done it from the Cathedral in "
                    "three, but with four players the Cathedral's pieces belong to your partner at home, "
                    "whose part of the turn is over.",
            answers=("B2 r38-r46-c-b46-b38-b37",),
        )),
        ("the Knight comes back", ('variant-pieces', 'knight-spaces', 'armies'), Step(
            title="stop on a Knight space to bring back the dead",
            start=position(blue="B1=r24 B2=b20 B3*=dead B4=b30 B5=dead B6=b24 B7=prisoner B8=b13 B9=b10 B10=b39",
                           red="R1=r10 R2=r20 R3*=r30", dice=(2, 3),
                           options={"killed_return": "knight-spaces", "forced_stops": "knight-spaces"}),
            seat=0,
            prompt="Your table plays two changes to the pieces: killed pieces come back by a Knight space, "
                   "and a Knight space works only for a piece that ends its move on it. Your Knight B3 was "
                   "killed, and none of your pieces waits in reserve. B1 raids Red land on r24; you rolled "
                   "black 3. Bring your Knight back.",
            hint="With no reserve left, a Knight space in enemy land brings back your lowest-numbered killed "
                 "piece, and B3 is the lowest. In this game, passing over the horse's head is not enough: "
                 "the move has to end there.",
            explain="B1 r24-r18 ends on the Knight space r18, and B3 comes back into the Cathedral, still your "
                    "Knight, to move from your next turn. Going on to r13 or r9 would pass r18 and bring "
                    "nobody; by the rules as printed, the dead never come back at all.",
            answers=("B1 r24-r18",),
        )),
        ("a sure hand", ('variant-catapult', 'catapult-shot', 'catapult-kill'), Step(
            title="with a sure hand, aim straight at the enemy",
            start=position(blue="B1=r37 B2=b20 B3*=b30", red="R1=r30 R2=r10 R3*=r9", dice=(4, 5), shots="1",
                           options={"catapult_spread": "sure"}),
            seat=0,
            prompt="Your table agreed that boulders fly as from a sure hand. You rolled white 4: one catapult "
                   "shot. Red's R1 stands on r30, two rocks from your raider B1 on r37. Aim so that R1 dies "
                   "for certain and none of your pieces is at risk.",
            hint="A boulder knocks over the pieces on the rock it strikes and the rocks right next to it. "
                 "Thrown by a sure hand it comes down on its aim, or at worst just beside it; B1 is not next "
                 "to r30.",
            explain="shoot from 5 at r30 (any spot will do): from every spot the boulder comes down on r30 "
                    "itself, knocks R1 over and nothing of yours, and R1 dies. Boulders flying as from a "
                    "skilled hand (this book's reading of the rules), the same shot would come down on r38, r29 "
                    "or r37 about one time in four and knock B1 over as well, costing you a piece; there "
                    "r31, beyond R1, is the safer aim.",
            check=_aims_at(("r30",), tuple(range(1, 10))),
            example="shoot from 5 at r30",
        )),
    ]
    questions = [(title, rules, (step,)) for title, rules, step in single] + turns + [
        (title, rules, (step,)) for title, rules, step in variants]
    return [Lesson(SLUG, f"Exercise {number}: {title}", steps, rules=rules)
            for number, (title, rules, steps) in enumerate(questions, start=1)]
