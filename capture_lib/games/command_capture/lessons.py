"""Command Capture's chapter exercises (see ``capture_lib.session.course``).

Positions are written in the game's position text (``game.from_position``, in the spirit of chess
FEN: rows 8 to 1, Blue's units in upper case). The learner plays Blue, Rome, against Red's Egypt;
no Assassin is hidden in these positions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial

from capture_lib import load_game
from capture_lib.core.lessons import Lesson, Step
from capture_lib.core.protocol import Action, State

GAME = load_game("command-capture")
SLUG = GAME.slug


def _wins(seat: int):
    """Accept an action that wins the game for ``seat`` at once."""
    def check(_before: State, _action: Action, after: State) -> bool:
        return after.is_over and after.winners == (seat,)
    return check


def _red_has_no_win(_before: State, _action: Action, after: State) -> bool:
    """Accept an action after which Red, to act, has no action that wins (Blue's turn ended with it)."""
    while not after.is_over and after.current_player == 0:  # a pending extra action is given up
        after = after.play("end")
    return not after.is_over and not any(after.play(a).winners == (1,) for a in after.legal_actions())


def _wins_after_every_reply(_before: State, _action: Action, after: State) -> bool:
    """Accept an action after which every Red reply leaves Blue an action that wins (a double threat)."""
    if after.is_over:
        return False
    for reply in after.legal_actions():
        then = after.play(reply)
        while not then.is_over and then.current_player == 1:
            then = then.play("end")
        if then.is_over or not any(then.play(a).winners == (0,) for a in then.legal_actions()):
            return False
    return True


def _then_wins(_before: State, _action: Action, after: State) -> bool:
    """Accept a first action after which Blue, still to act, has an action that wins."""
    return after.current_player == 0 and any(after.play(a).winners == (0,) for a in after.legal_actions())


def _chain(first: Step, *later: Callable[..., Step]) -> tuple[Step, ...]:
    """The steps of one turn of several actions: each later step (a ``Step`` waiting for its start) goes on
    from where the step before it left the game."""
    steps = [first]
    for make in later:
        before = steps[-1]
        steps.append(make(start=before.outcome(before.expected())))
    return tuple(steps)


@cache
def exercises() -> list[Lesson]:
    """Sixteen questions in new positions, easiest first: a unit's move, blocking, flipping, turning, shots,
    the State Lock, the Fortress both ways, the Assassin, the auras, the Shield Bash, a defence, a double
    threat and two of Timed Mode (sudden death; two actions after an expired turn, in two steps). The later
    ones combine two rules. Blue (you) is to act in every one; each names the rules index entries it
    practises."""
    questions = [
        ("the Cavalry's jump", ('cavalry', 'no-jumping'), Step(
            title="a Charge captures where it lands",
            start=GAME.from_position("k6f/8/8/3i4/2ii4/2C+5/8/K6F b RE"),
            seat=0,
            prompt="Your Cavalry on C3 is in Charge State, with three Egyptian Infantry in front of it. "
                   "Capture one of them.",
            hint="In Charge State the Cavalry jumps in an L, like a chess knight: two squares one way and one "
                 "square to the side. It captures only the unit it lands on, whatever it jumps over.",
            explain="C3xD5: two squares up and one to the right, over the Infantry on C4 and D4, which are "
                    "safe. The two next to it are not on an L from C3.",
            answers=("C3xD5",),
        )),
        ("a blocked front", ('blocking', 'legionnaire'), Step(
            title="attack from a side that is not blocked",
            start=GAME.from_position("k6f/8/8/4l+A2/3LL3/8/8/K6F b RR"),
            seat=0,
            prompt="Red's Legionnaire on E5 is in Defend State, facing you. Three of your units touch it. "
                   "Capture it.",
            hint="A Legionnaire in Defend blocks its front, its left and its right: an enemy touching it on "
                 "one of those sides cannot capture it. Its corners are open.",
            explain="D4xE5: your Legionnaire on D4 stands at its front corner, which is not blocked, and a "
                    "Legionnaire in Attack captures diagonally forward. From E4 (its front) and F5 (its side) "
                    "the capture is refused.",
            answers=("D4xE5",),
        )),
        ("flip to threaten", ('archer', 'one-action'), Step(
            title="a flip changes what a unit can reach",
            start=GAME.from_position("k6f/6r1/8/8/3A4/8/8/K6F b RE"),
            seat=0,
            prompt="Red's Chariot on G7 is three squares up the diagonal from your Archer on D4. In one "
                   "action, make your Archer threaten it.",
            hint="An Archer in Maneuver moves and captures the square in front of it or beside it; in Volley "
                 "it cannot move but shoots up to three squares diagonally.",
            explain="flip D4: in Volley the Archer threatens G7 along the diagonal. No move of the Maneuver "
                    "Archer brings it next to G7 on its front or sides. The flip locks the Archer in Volley "
                    "until your next turn has passed, but it may shoot.",
            answers=("flip D4",),
        )),
        ("turn to threaten", ('facing', 'turn-alone', 'legionnaire'), Step(
            title="a Turn points a unit's forward elsewhere",
            start=GAME.from_position("k6f/8/8/8/3Li3/3S4/8/K6F b RE"),
            seat=0,
            prompt="Red's Infantry on E4 stands right beside your Legionnaire on D4, which faces north. In one "
                   "action, make the Legionnaire threaten it.",
            hint="A Legionnaire captures forward or diagonally forward, and forward is the way the unit faces. "
                 "A Turn points it east, west or south in one action.",
            explain="turn D4 E: facing east, the Legionnaire's forward square is E4. A turned unit may not move "
                    "or capture in the same turn, so the capture waits for your next turn.",
            answers=("turn D4 E",),
        )),
        ("a clear line", ('projectiles', 'chariot'), Step(
            title="shots stop at the first unit",
            start=GAME.from_position("k6f/8/8/3r1i2/3I+4/3R+4/8/K6F b EE"),
            seat=0,
            prompt="You play Egypt. Your Chariot on D3 is in Strike State. Shoot one of the two Red units in "
                   "front of it.",
            hint="A Chariot in Strike shoots up to two squares forward or diagonally forward, and a shot stops "
                 "at the first unit in its line, your own included.",
            explain="D3*F5: the diagonal to F5 is clear. The shot at D5 would have to pass your own Infantry "
                    "on D4. The Chariot stays on D3.",
            answers=("D3*F5",),
        )),
        ("a locked unit", ('state-lock', 'archer'), Step(
            title="the State Lock",
            start=GAME.from_position("k6f/8/8/3l4/2LA+#14/8/8/K6F b RR"),
            seat=0,
            prompt="Last turn you flipped your Archer on D4 to Volley. Now a Red Legionnaire stands right in "
                   "front of it, on D5. Capture that Legionnaire.",
            hint="A Volley Archer shoots only diagonally and cannot capture in melee, and its state lock says it "
                 "may not flip back yet. Another unit can reach D5.",
            explain="C4xD5: your Legionnaire captures diagonally forward. Flipping the Archer back to Maneuver "
                    "is refused by the State Lock: a unit flipped on your turn stays as it is through your next "
                    "turn too.",
            answers=("C4xD5",),
        )),
        ("disable the Fortress", ('fortress', 'siege'), Step(
            title="a shot disables the Fortress safely",
            start=GAME.from_position("k3f3/3L4/8/8/4S+3/8/8/K6F b RE"),
            seat=0,
            prompt="Red's Fortress on E8 is Active. Disable it without losing a unit.",
            hint="A melee attacker on an Active Fortress is captured, though the Fortress is disabled; a shot "
                 "disables it and the shooter is safe. Your Deployed Siege fires up to four squares forward.",
            explain="E4*E8: the Siege's shot disables the Fortress and nothing is lost. D7xE8 would disable it "
                    "too, but the Fortress would capture your Legionnaire. Next, any unit that reaches E8 "
                    "enters the Fortress and wins.",
            answers=("E4*E8",),
        )),
        ("enter the Fortress", ('win-fortress', 'cavalry'), Step(
            title="entering a Disabled Fortress wins",
            start=GAME.from_position("k3f+3/8/3C+4/8/8/8/8/K6F b RE"),
            seat=0,
            prompt="Red's Fortress on E8 is Disabled. Win the game in one action.",
            hint="Any unit that moves onto the enemy Fortress once it is Disabled wins at once. Your Cavalry "
                 "in Charge jumps in an L.",
            explain="D6-E8: one square across and two up, onto the Disabled Fortress: you win.",
            check=_wins(0),
            example="D6-E8",
        )),
        ("the hidden Assassin", ('assassin-hidden', 'assassin-revealed', 'win-commander'), Step(
            title="the Assassin strikes in any direction",
            start=GAME.from_position("7f/8/8/8/3X4/2k5/8/K6F b RE"),
            seat=0,
            prompt="Red's Commander has walked behind your lines, to C3. Red sees only Legionnaires, but you "
                   "know that the one on D4 is your Assassin. Win.",
            hint="A hidden Assassin moves like the infantry it passes for, but it may capture one square in any "
                 "direction, diagonally backward too; the capture reveals it. Capturing the Commander wins.",
            explain="D4xC3: the Assassin captures diagonally backward, shows itself, and takes the Commander: "
                    "you win. A true Legionnaire could only capture forward.",
            check=_wins(0),
            example="D4xC3",
        )),
        ("Siege against Fortify", ('fortify-aura', 'siege-ignores', 'commander'), Step(
            title="the Fortify aura and the Siege",
            start=GAME.from_position("7f/3k+4/S+2a4/2L5/8/8/8/K6F b RE"),
            seat=0,
            prompt="Red's Archer on D6 stands next to its Commander, which is in Fortify State. Capture the "
                   "Archer.",
            hint="Units next to their own Commander in Fortify cannot be captured, except by a Deployed Siege, "
                 "which fires up to four squares forward, left or right through everything.",
            explain="A6*D6: your Siege faces north, so its right is east, and D6 is three squares along: the "
                    "shot goes through the aura. Your Legionnaire's capture is refused: the Archer is immune.",
            answers=("A6*D6",),
        )),
        ("the Shield Bash", ('shield-bash', 'shield-maiden'), Step(
            title="a bash into a full square captures",
            start=GAME.from_position("k6f/8/8/2i5/3r4/6i1/5M+2/K6F b VE"),
            seat=0,
            prompt="You play the Vikings. Your Shield Maiden on F2 is in Shield Bash State. Capture Red's "
                   "Chariot on D4.",
            hint="Bashing along a front diagonal pushes the first enemy one square further back, towards its "
                 "own side, and she takes its square; if that square is taken or off the board, the enemy is "
                 "captured instead.",
            explain="F2>D4: the Chariot would be pushed to C5, but the Infantry stands there, so the Chariot is "
                    "captured and the Maiden takes D4. A bash at G3 would only push the Infantry to H4.",
            answers=("F2>D4",),
        )),
        ("flip and fire", ('command-aura', 'siege-move-fire', 'siege'), Step(
            title="the Command aura's extra action",
            start=GAME.from_position("k6f/8/8/4r3/8/8/3KS3/7F b RE"),
            seat=0,
            prompt="No unit of yours can capture Red's Chariot on E5 as things stand. Capture it this turn.",
            hint="A unit next to its own Commander in Command State may take an extra action: a Flip and then "
                 "a Move or Capture. A Deployed Siege fires four squares forward.",
            explain="flip E2, then E2*E5: the Packed Siege stands next to your Commander, so after its flip to "
                    "Deployed it may fire in the same turn. Without the Commander beside it, the shot would "
                    "wait a turn.",
            answers=("flip E2",),
            reply=("E2*E5",),
        )),
        ("save the Commander", ('projectiles', 'chariot', 'win-commander'), Step(
            title="block the shot",
            start=GAME.from_position("k6f/8/8/3r+4/A7/2LKL3/2LLL3/7F b RE"),
            seat=0,
            prompt="Red's Chariot on D5 is in Strike State and threatens to shoot your Commander on D3, which is "
                   "hemmed in by its own Legionnaires. Save it.",
            hint="A Strike Chariot shoots up to two squares forward or diagonally forward, and a shot stops at "
                 "the first unit in its line. Which of your units can step into that line?",
            explain="A4-D4: the Archer moves three squares along the row and stands in the line of fire. The "
                    "Chariot may shoot the Archer, but your Commander is safe; nothing else stops the shot.",
            check=_red_has_no_win,
            example="A4-D4",
        )),
        ("two threats at once", ('win-commander', 'win-fortress', 'cavalry'), Step(
            title="threaten both ways to win",
            start=GAME.from_position("8/1k3f+2/4i3/8/2C+5/8/8/K6F b RE"),
            seat=0,
            prompt="Red's Fortress on F7 is Disabled and its Commander stands on B7. Make one move after which "
                   "Red cannot stop you winning.",
            hint="A threat against one win condition can be parried. From one square, a Charging Cavalry can "
                 "threaten the Commander and the Disabled Fortress together, and Red can parry only one.",
            explain="C4-D6: from D6 the next L reaches both B7 and F7. Red's Commander can step away, but then "
                    "you enter the Fortress, and nothing of Red's can capture the Cavalry there. From E5 the "
                    "Infantry on E6 would take it.",
            check=_wins_after_every_reply,
            example="C4-D6",
        )),
    ]
    timed = [
        ("sudden death", ("timed-end", "timed-points", "timed-clocks"), (Step(
            title="the next capture wins",
            start=GAME.from_position("k6f/2i5/8/4A+3/8/8/8/K6F b RE 1 1 2:2 0/60", timed=True),
            seat=0,
            prompt="Timed Mode. The game clock has run out with the points tied at 2 each, so the game goes on "
                   "in sudden death. Your Archer on E5 is in Volley State. Win the game.",
            hint="In sudden death the next player to capture an enemy unit wins, whatever the points. Disabling "
                 "a Fortress scores 8 points but captures nothing.",
            explain="E5*C7: the shot captures the Infantry, and the first capture of sudden death wins. The shot "
                    "at the Fortress on H8 would disable it and score 8 points, but it captures nothing, so the "
                    "game would go on and Red's next capture would win.",
            check=_wins(0),
            example="E5*C7",
        ),)),
        ("two actions", ("timed-expiry", "one-action", "win-commander"), _chain(Step(
            title="the first of two actions",
            start=GAME.from_position("7f/8/3k4/8/3L4/8/8/K6F b RE 3 2 0:0 1800/60", timed=True),
            seat=0,
            prompt="Timed Mode. Red's last turn ran out, so this turn you have two actions. Red's Commander stands "
                   "on D6, two squares in front of your Legionnaire. Win this turn: take the first action.",
            hint="When a player's turn timer runs out, the opponent's next turn has two actions. A Legionnaire in "
                 "Attack steps one square forward and captures forward or diagonally forward.",
            explain="D4-D5: one step forward, and the Commander is now right in front of the Legionnaire, with "
                    "an action still to come.",
            check=_then_wins,
            example="D4-D5",
        ), partial(
            Step,
            title="the second action",
            seat=0,
            prompt="Your second action.",
            hint="Capturing the enemy Commander wins at once; a Legionnaire captures the square in front of it.",
            explain="D5xD6: the Commander is captured and you win.",
            check=_wins(0),
            example="D5xD6",
        ))),
    ]
    return ([Lesson(SLUG, f"Exercise {number}: {title}", (step,), rules=rules)
             for number, (title, rules, step) in enumerate(questions, start=1)]
            + [Lesson(SLUG, f"Exercise {number}: {title}", steps, rules=rules)
               for number, (title, rules, steps) in enumerate(timed, start=len(questions) + 1)])
