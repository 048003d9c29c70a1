"""Command Capture's tutorial and chapter exercises (see ``capture_lib.session.course``).

Positions are written in the game's position text (``game.from_position``, in the spirit of chess
FEN: rows 8 to 1, Blue's units in upper case). The learner plays Blue, Rome, against Red's Egypt;
no Assassin is hidden in these positions.
"""

from __future__ import annotations

from functools import cache

from capture_lib import load_game
from capture_lib.core.lessons import Lesson, Step
from capture_lib.core.protocol import Action, State

GAME = load_game("command-capture")
SLUG = GAME.slug


def _captures_from(square: str):
    """Accept a melee capture by the unit on ``square``."""
    def check(_before: State, action: Action, _after: State) -> bool:
        return getattr(action, "kind", "") == "capture" and str(action).startswith(square)
    return check


@cache
def tutorial() -> Lesson:
    """Four steps, about five minutes: a capture, a flip, the Command aura's extra shot, the Commander."""
    aura = GAME.from_position("k6f/8/8/6i1/8/4A3/3K4/7F b RE")
    steps = (
        Step(
            title="capture by moving onto an enemy",
            start=GAME.from_position("k6f/8/8/2iii3/3L4/4L3/8/K6F b RE"),
            seat=0,
            prompt="You are Blue (Rome). Your Legionnaire on D4 faces three Egyptian Infantry. Capture one of "
                   "them.",
            hint="A Legionnaire in Attack State captures one square forward or diagonally forward, by moving "
                 "onto the enemy: C5, D5 or E5 (type D4xD5, or click the Legionnaire and then a red square).",
            explain="The Infantry leaves the game and your Legionnaire takes its square. One action, and the "
                    "turn passes to Red.",
            check=_captures_from("D4"),
            example="D4xD5",
        ),
        Step(
            title="flip a unit to its other state",
            start=aura,
            seat=0,
            prompt="A new position. Every unit has two states. Flip your Archer on E3 from Maneuver to Volley.",
            hint="Flipping is an action of its own: click the Archer and then the flip button, or type flip E3.",
            explain="The Archer is now in Volley State: it no longer moves but shoots along its diagonals. It is "
                    "locked in that state until your next turn has passed. And it stands next to your "
                    "Commander, which has something more to give\u2026",
            answers=("flip E3",),
        ),
        Step(
            title="the Command aura's extra action",
            start=aura.play("flip E3"),
            seat=0,
            prompt="A unit next to its own Commander in Command State may take one extra action in the same "
                   "turn. Shoot the Infantry on G5 with your Archer.",
            hint="After a flip, the Command aura allows a move or a capture by the same unit; a Volley Archer "
                 "shoots diagonally at the first unit in line: type E3*G5. The end button gives the extra "
                 "action up.",
            explain="A projectile removes its target and the Archer stays where it is. Flip and shot in one turn, "
                    "thanks to the Commander next to it.",
            answers=("E3*G5",),
        ),
        Step(
            title="capture the Commander",
            start=GAME.from_position("7f/8/8/2k5/3L4/8/8/K6F b RE"),
            seat=0,
            prompt="A new position. Red's Commander has come too close: it stands on C5. Capture it and win.",
            hint="Capturing the enemy Commander wins at once; your Legionnaire captures diagonally forward, "
                 "which from D4 means C5 or E5.",
            explain="The Commander is captured and the game is over: you win. (Entering the enemy's Fortress "
                    "once it is Disabled also wins.)",
            answers=("D4xC5",),
        ),
    )
    return Lesson(SLUG, "Command Capture in four moves", steps,
                  intro="Four actions as Blue (Rome): a capture, a flip, an extra shot, the Commander.")


@cache
def exercises() -> list[Lesson]:
    """Three questions: the Cavalry's captures, a blocked side, the shot that wins at once."""
    cavalry = Lesson(SLUG, "Exercise 1: what may the Cavalry capture?", (Step(
        title="a Cavalry in Melee State",
        start=GAME.from_position("k6f/8/8/3i4/1i1CL1i1/8/8/K6F b RE"),
        seat=0,
        prompt="Your Cavalry on D4 is in Melee State, with enemy Infantry on D5, B4 and G4. Capture the one "
               "it may capture.",
        hint="A Cavalry in Melee State captures up to two squares to its left or right, never by jumping "
             "over a unit, and not straight ahead.",
        explain="B4 is two squares to the left with an empty square between: D4xB4. G4 is three squares "
                "away (and behind your own Legionnaire), and D5 is straight ahead.",
        answers=("D4xB4",),
    ),))
    blocked = Lesson(SLUG, "Exercise 2: a blocked side", (Step(
        title="attack from the side that is not blocked",
        start=GAME.from_position("k6f/8/3K4/3l+A3/3L4/8/8/7F b RR"),
        seat=0,
        prompt="Red's Legionnaire on D5 is in Defend State. Three of your units touch it. Which one can "
               "capture it?",
        hint="A Legionnaire in Defend State blocks its front and its sides: an enemy on a square next to it, "
             "on a blocked side, cannot capture it. Its front faces Blue, towards row 1.",
        explain="Only the attack from behind gets through: your Commander on D6 captures it (D6xD5). The "
                "Legionnaire on D4 attacks its front and the Archer on E5 its side, both blocked (each stands "
                "next to it; from further away a blocked side would not stop an attack).",
        answers=("D6xD5",),
    ),))
    win = Lesson(SLUG, "Exercise 3: win at once", (Step(
        title="the Volley Archer",
        start=GAME.from_position("7f/6k1/1i6/i7/3A+4/8/5i2/K6F b RE"),
        seat=0,
        prompt="Your Archer on D4 is in Volley State. Find the action that wins the game at once.",
        hint="A Volley Archer shoots diagonally, up to three squares, at the first unit on each diagonal; "
             "capturing the enemy Commander wins.",
        explain="Red's Commander on G7 is three squares up the diagonal with nothing in between: D4*G7 "
                "captures it and wins. The shots at B6 and F2 only take Infantry.",
        answers=("D4*G7",),
    ),))
    return [cavalry, blocked, win]
