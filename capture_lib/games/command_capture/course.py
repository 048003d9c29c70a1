"""Command Capture's course: short levels in the order a beginner needs them, from the set-up to a first game.

Each level (``capture_lib.core.lessons.Level``) is one idea: a position, a goal in a sentence, targets
marked on the board, a par number of moves, and the other side's replies (the rule-based computer,
untimed, so a level plays the same way every time). The learner plays Blue (Rome) against Red (Egypt)
unless a level says otherwise. Positions are written in the game's position text (``from_position``);
``rules`` name the rules index entries each level practises.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from capture_lib.core.lessons import Course, Level
from capture_lib.core.protocol import State
from capture_lib.games.command_capture.rules import GAME
from capture_lib.search.levels import player_for

BLUE, RED = 0, 1


def _units(state: State) -> dict[str, dict[str, Any]]:
    return {u["square"]: u for u in state.view(None, everything=True)["units"]}


def _on(square: str, owner: int = BLUE, kind: str | None = None, unit_state: str | None = None):
    """A goal: a unit of ``owner`` (of ``kind``, in ``unit_state``) stands on ``square``."""
    def goal(state: State) -> bool:
        unit = _units(state).get(square)
        return (unit is not None and unit["owner"] == owner and (kind is None or unit["kind"] == kind)
                and (unit_state is None or unit["state"] == unit_state))
    return goal


def _won(state: State) -> bool:
    return state.is_over and BLUE in state.winners


def _lost_unit(square: str, kind: str):
    """Lost when Blue's ``kind`` is no longer on the board (the level needs it)."""
    def lost(state: State) -> str:
        alive = any(u["owner"] == BLUE and u["kind"] == kind for u in _units(state).values())
        return "" if alive else f"your {kind} was taken"
    return lost


def _game_lost(state: State) -> str:
    return "Red won this game" if state.is_over and BLUE not in state.winners else ""


@cache
def course() -> Course:
    """The levels, in stages (see the module's docstring)."""
    rule = player_for("rule", timed=False)
    # Where a level is about the learner's own idea, Red's Commander steps back and forth in its corner.
    shuffle = ("A8-A7", "A7-A8") * 4
    random_player = player_for("random", timed=False)
    pos = GAME.from_position
    setup = GAME.new_game(seed=11)
    hidden = setup.play("assassin D2")
    march = pos("k6f/8/8/8/8/8/3L4/K6F b RE")
    # Red's Fortress is left out where it would shoot the learner's units: a level shows one idea.
    capture = pos("k6f/8/8/2iii3/3L4/8/8/K6F b RE")
    cavalry = pos("k6f/8/8/8/1i1CL1i1/8/8/K6F b RE")
    wall = pos("k6f/8/8/8/8/LLL5/1C6/5K1F b RE")
    facing = pos("k6f/8/8/8/3L<4/3i4/8/K6F b RE")
    volley = pos("k6f/8/5i2/8/3A4/8/8/K6F b RE")
    blocked = pos("k6f/8/3K4/3l+4/3L4/8/8/7F b RR")  # Red plays Rome here: its Legionnaire shields three sides
    siege = pos("k6f/8/3l+4/8/8/8/3S4/K6F b RR")
    aura = pos("k6f/8/8/6i1/8/4A3/3K4/7F b RE")
    fortify = pos("k6f/8/8/3r+4/8/3L4/2K5/7F b RE")
    commander = pos("7f/8/8/2k5/3L4/8/8/K6F b RE")
    fortress = pos("k7/8/8/8/7f/8/6C1/F3K2S b RE")
    assassin = pos("7f/8/8/8/2kX4/8/8/K6F b RE")
    # The Vikings' Shield Maiden (Blue plays the Vikings here).
    maiden = pos("k6f/8/8/3i4/3I4/3M4/8/K6F b VE")
    bash = pos("k6f/8/8/4i3/8/2M+5/8/K6F b VE")
    bash_limits = pos("7f/8/5k+2/i3i3/8/2M+5/8/K6F b VE")
    levels = (
        Level("hide", "Set-up", "Hide your Assassin", "Hide your Assassin on a square of your front row, then say "
              "you are ready.", setup, BLUE, lambda s: s.phase == "play", ("assassin D2", "ready"),
              "Your Assassin hides among your Legionnaires: click any square of row 2, then press ready.",
              "Red sees only Legionnaires on your front row: which one is the Assassin is yours to know.",
              opponent=rule, rules=("formation", "assassin-hidden")),
        Level("starting-state", "Set-up", "Choose a starting state", "Start the game with your Archer on C1 in Volley "
              "State.", hidden, BLUE, lambda s: s.phase == "play" and _on("C1", BLUE, "Archer", "Volley")(s),
              ("flip C1", "ready"), "In the set-up every unit may be flipped once, free: click the Archer on C1, flip "
              "it, then press ready.", "A unit may start the game in either of its states: choosing them is your first "
              "plan.", opponent=rule, rules=("starting-states", "formation")),
        Level("march", "Moving", "March forward", "Bring your Legionnaire to the marked square D5.", march, BLUE,
              _on("D5", BLUE, "Legionnaire"), ("D2-D3", "D3-D4", "D4-D5"),
              "A Legionnaire in Attack State moves one square forward (or back) each turn.",
              "One square a turn: a Legionnaire is slow but it holds the line.", targets=("D5",),
              arrows=(("D2", "D3", "D4", "D5"),), replies=shuffle, opponent=rule,
              rules=("one-action", "first-player", "legionnaire")),
        Level("jump", "Moving", "The Cavalry jumps", "Bring your Cavalry past your own wall to the marked square B5.",
              wall, BLUE, _on("B5", BLUE, "Cavalry"), ("B2-B4", "B4-B5"),
              "A Cavalry in Melee State moves up to two squares straight ahead, back or sideways, and may jump over "
              "units as it moves.", "Only the Cavalry jumps: every other unit needs a clear path.", targets=("B5",),
              arrows=(("B2", "B4", "B5"),), replies=shuffle, opponent=rule, rules=("cavalry", "no-jumping")),
        Level("capture", "Capturing", "A first capture", "Take one of the three Infantry in front of your Legionnaire.",
              capture, BLUE, lambda s: sum(u["kind"] == "Infantry" for u in _units(s).values()) < 3, ("D4xD5",),
              "A Legionnaire in Attack State captures one square forward or diagonally forward, by moving onto the "
              "enemy.", "The Infantry leaves the game and your Legionnaire takes its square.",
              targets=("C5", "D5", "E5"), opponent=rule, lost=_lost_unit("D4", "Legionnaire"),
              rules=("legionnaire",)),
        Level("sideways", "Capturing", "The Cavalry strikes sideways", "Take the Infantry your Cavalry can reach.",
              cavalry, BLUE, lambda s: "B4" not in _units(s) or _units(s)["B4"]["owner"] == BLUE, ("D4xB4",),
              "A Cavalry in Melee State captures up to two squares to its left or right, never by jumping and never "
              "straight ahead.", "Two squares to the left with nothing between: the Cavalry takes it.",
              targets=("B4",), opponent=rule, rules=("cavalry", "infantry")),
        Level("turn", "Capturing", "Turn to face the enemy", "Take the Infantry behind your Legionnaire.", facing, BLUE,
              lambda s: not any(u["owner"] == RED and u["kind"] == "Infantry" for u in _units(s).values()),
              ("turn D4 S", "D4xD3"), "A unit captures only to its front: turn it to face row 1 first (turning takes "
              "the turn), then capture.", "Forward is where a unit faces: a Turn points it at the enemy.",
              targets=("D3",), replies=shuffle, opponent=rule, rules=("turn-alone", "facing")),
        Level("shoot", "Capturing", "Shoot from afar", "Shoot the Infantry on F6 with your Archer.", volley, BLUE,
              lambda s: "F6" not in _units(s), ("flip D4", "D4*F6"),
              "Flip the Archer to Volley State: then it shoots diagonally, up to three squares, without moving.",
              "A shot removes its target and the Archer stays where it was.", targets=("F6",),
              arrows=(("D4", "E5", "F6"),), replies=shuffle, opponent=rule,
              rules=("archer", "projectiles", "state-lock")),
        Level("blocked", "Capturing", "Round the shield", "Take Red's Legionnaire on D5, which blocks three sides.",
              blocked, BLUE, lambda s: "D5" not in _units(s) or _units(s)["D5"]["owner"] == BLUE, ("D6xD5",),
              "A Legionnaire in Defend State blocks its front and sides: attack it from behind, with your Commander.",
              "Only the Commander behind it could take it: a blocked side stops an attack from that side.",
              targets=("D5",), opponent=rule, rules=("blocking", "commander")),
        Level("siege", "Capturing", "The Siege breaks any shield", "Take Red's Legionnaire on D6 with your Siege.",
              siege, BLUE, lambda s: "D6" not in _units(s), ("flip D2", "D2*D6"),
              "Deploy the Siege (flip it), then shoot next turn: up to four squares ahead, whatever blocks.",
              "A Deployed Siege ignores every shield; it cannot move and shoot in the same turn.", targets=("D6",),
              replies=shuffle, opponent=rule, rules=("siege", "siege-move-fire", "siege-ignores")),
        Level("aura", "The Commander", "Two actions in one turn", "Flip your Archer and shoot the Infantry on G5, in "
              "one turn.", aura, BLUE, lambda s: "G5" not in _units(s) and s.turn <= 3, ("flip E3", "E3*G5"),
              "Your Archer stands next to your Commander in Command State: it may take an extra action this turn.",
              "The Command aura gives a neighbour a second action: flip, then shoot.", targets=("G5",),
              replies=shuffle, opponent=rule, rules=("command-aura", "archer")),
        Level("fortify", "The Commander", "Shield your army", "Red's Chariot threatens your Legionnaire on D3: keep it "
              "safe for one turn without moving it.", fortify, BLUE,
              lambda s: s.turn >= 3 and _on("D3", BLUE, "Legionnaire")(s), ("flip C2",),
              "A Commander in Fortify State makes the units next to it immune to capture: flip your Commander.",
              "Fortified, your Legionnaire cannot be captured while it stands next to the Commander.",
              targets=("D3",), opponent=rule, lost=_lost_unit("D3", "Legionnaire"), rules=("fortify-aura", "chariot")),
        Level("commander", "Winning", "Take the Commander", "Capture Red's Commander: it wins the game at once.",
              commander, BLUE, _won, ("D4xC5",), "Your Legionnaire captures diagonally forward: C5 is in reach.",
              "Capturing the enemy Commander ends the game: you win.", targets=("C5",), opponent=rule,
              rules=("win-commander",)),
        Level("fortress", "Winning", "Storm the Fortress", "Disable Red's Fortress with shots, then enter it to win.",
              fortress, BLUE, _won, ("flip H1", "H1*H4", "G2-G4", "G4-H4"),
              "Deploy your Siege and shoot the Fortress (a shot disables it safely), then bring your Cavalry in: "
              "entering a Disabled enemy Fortress wins.",
              "A melee attack on an Active Fortress costs the attacker; a shot disables it for free.",
              targets=("H4",), replies=shuffle, opponent=rule, most=12, rules=("fortress", "win-fortress")),
        Level("assassin", "Winning", "The Assassin strikes", "Your hidden Assassin stands by Red's Commander: win.",
              assassin, BLUE, _won, ("D4xC4",),
              "Revealed, the Assassin captures one square in any direction, even sideways.",
              "The Assassin revealed itself by capturing, and took the Commander: Red never knew which unit it was.",
              targets=("C4",), opponent=rule, rules=("assassin-revealed", "win-commander")),
        Level("maiden", "The Vikings", "Shoot over the line", "With your Shield Maiden, shoot the Infantry on D5 "
              "over your own.", maiden, BLUE, lambda s: "D5" not in _units(s) and _on("D3", BLUE, "Shield Maiden")(s),
              ("D3*D5",), "The Vikings field a Shield Maiden instead of an Archer: in Strike State she shoots up to "
              "two squares ahead, over other units.", "She never moves to shoot, and units in between do not stop her.",
              targets=("D5",), replies=shuffle, opponent=rule, rules=("shield-maiden", "projectiles")),
        Level("bash", "The Vikings", "Shield Bash", "Push the Infantry off E5 with your Shield Maiden.", bash, BLUE,
              _on("E5", BLUE, "Shield Maiden"), ("C3>E5",), "In Shield Bash State she runs up a front diagonal and "
              "pushes the first enemy one square on, taking its square.",
              "The Infantry was pushed to F6 and the Shield Maiden took E5; pushed into a unit or off the board, it "
              "would have been captured.", targets=("E5",), replies=shuffle, opponent=rule, rules=("shield-bash",)),
        Level("bash-limits", "The Vikings", "What a bash cannot push", "Bash the one Infantry you may bash.",
              bash_limits, BLUE, _on("A5", BLUE, "Shield Maiden"), ("C3>A5",),
              "A unit next to a Commander in Fortify State is immune, even to a bash: take the other diagonal.",
              "The Infantry by the fortifying Commander could not be pushed; the one on A5, off the board's edge, was "
              "captured.", targets=("A5", "E5"), opponent=rule,
              rules=("bash-limits", "fortify-aura")),
        Level("first-game", "A whole game", "Your first game", "Win a whole game against the computer at its easiest "
              "level (it plays at random).", GAME.new_game(seed=5, setup="quick"), BLUE, _won, (),
              "Move your units forward together, flip your Archers to Volley near the enemy, and look for the "
              "Commander.", "You won your first game of Command Capture.", par=60, most=300, opponent=random_player,
              lost=_game_lost, solver=rule, rules=("board", "armies")),
    )
    return Course("command-capture", "Learn Command Capture", levels,
                  intro="Nineteen short levels, from hiding your Assassin to your first whole game.")
