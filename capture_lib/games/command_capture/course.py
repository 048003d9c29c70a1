"""Command Capture's course: short levels in the order a beginner needs them, from the set-up to a first game.

Each level (``capture_lib.core.lessons.Level``) is one idea: a position, a goal in a sentence, targets
marked on the board, a par number of moves, and the other side's replies (the rule-based computer,
untimed, so a level plays the same way every time). The learner plays Blue (Rome) against Red (Egypt)
unless a level says otherwise. Positions are written in the game's position text (``from_position``);
``rules`` name the rules index entries each level practises.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from capture_lib.core.lessons import Course, Goal, Level, afresh, happened, line_events, number_words
from capture_lib.core.protocol import Action, State
from capture_lib.games.command_capture.rules import GAME
from capture_lib.games.command_capture.rules.actions import BASH, CAPTURE, END, FLIP, MOVE, RANGED, READY, TURN
from capture_lib.games.command_capture.rules.units import FOR, KIND_NAMES
from capture_lib.search.levels import player_for

BLUE, RED = 0, 1
#: Actions that are no move of a unit, so no level's move counter counts them: saying the set-up is done, and
#: ending a turn without the Command aura's extra action (each action's notation is its kind's name). The game's
#: one declaration, made for the whole course (``Course.free``).
FREE = frozenset({READY, END})
#: The seed of the whole game (the last level): the rule-based player wins it for the learner against easy.
FIRST_GAME_SEED = 12


def _units(state: State) -> dict[str, dict[str, Any]]:
    return {u["square"]: u for u in state.view(None, everything=True)["units"]}


def _on(square: str, owner: int = BLUE, kind: str | None = None, unit_state: str | None = None):
    """A goal: a unit of ``owner`` (of ``kind``, in ``unit_state``) stands on ``square``."""
    def goal(state: State) -> bool:
        unit = _units(state).get(square)
        return (unit is not None and unit["owner"] == owner and (kind is None or unit["kind"] == kind)
                and (unit_state is None or unit["state"] == unit_state))
    return goal


def _kind(state: State, square: int) -> tuple[int, str] | None:
    """``(owner, kind)`` of the unit on ``square`` (a board index), ``None`` if it is empty."""
    unit = state.board[square]
    return None if unit is None else (unit[0], KIND_NAMES[unit[1]])


def _sideways(state: State, action: Action, _after: State | None = None) -> bool:
    """Whether ``action`` goes to the acting unit's left or right (along its row when it faces a row's end)."""
    facing = state.board[action.a][3]
    same_row = action.a // 8 == action.b // 8
    return same_row if facing in (0, 2) else action.a % 8 == action.b % 8


def took(by: str, target: str, how: tuple[str, ...] = (CAPTURE,), *, seat: int = BLUE,
         test: Callable[[State, Action, State], bool] | None = None) -> Callable[[State, Action, State], bool]:
    """A step of play in which ``seat``'s ``by`` attacked an enemy ``target`` by one of ``how`` (melee
    ``CAPTURE``, ``RANGED`` shot or Shield ``BASH``); ``test(before, action, after)`` adds a condition (that
    the target left the board, ``_removed``, or was pushed, ``_pushed``)."""
    def step(before: State, action: Action, after: State) -> bool:
        if getattr(action, "kind", None) not in how or before.current_player != seat:
            return False
        return (_kind(before, action.a) == (seat, by) and _kind(before, action.b) == (1 - seat, target)
                and (test is None or test(before, action, after)))
    return step


def _removed(before: State, action: Action, after: State) -> bool:
    """The target of ``action`` is off the board afterwards (captured, not pushed)."""
    gone = sum(u is not None and u[0] != before.current_player for u in after.board)
    return gone < sum(u is not None and u[0] != before.current_player for u in before.board)


def _pushed(before: State, action: Action, after: State) -> bool:
    return not _removed(before, action, after)


def _did(start: State, *steps: Callable[[State, Action, State], bool]) -> Goal:
    """A goal: each of ``steps`` happened since ``start``, in this order."""
    def goal(state: State) -> bool:
        events = iter(line_events(start, state))
        return all(any(step(*event) for event in events) for step in steps)
    return goal


def _flipped_then_shot(start: State, by: str, target: str) -> Goal:
    """A goal: ``by`` flipped and then, in the same turn and from the same square, shot an enemy ``target``."""
    shot = took(by, target, (RANGED,))

    def goal(state: State) -> bool:
        flips: set[tuple[int, int]] = set()
        for before, action, after in line_events(start, state):
            if getattr(action, "kind", None) == FLIP and before.current_player == BLUE:
                flips.add((before.turn, action.a))
            elif shot(before, action, after) and (before.turn, action.a) in flips:
                return True
        return False
    return goal


def _turned_then_took(start: State) -> Goal:
    """A goal: the Legionnaire turned, then (on a later turn) captured the Infantry."""
    return _did(start, lambda before, action, _after: getattr(action, "kind", None) == TURN
                and _kind(before, action.a) == (BLUE, "Legionnaire"), took("Legionnaire", "Infantry"))


def _won(state: State) -> bool:
    return state.is_over and BLUE in state.winners


def _won_this_turn(start: State) -> Goal:
    """A goal: Blue won before Red had a turn (a win after a Red blunder in a later turn is another win)."""
    def goal(state: State) -> bool:
        return _won(state) and all(before.current_player != RED for before, _action, _after in
                                   line_events(start, state))
    return goal


def _entered(by: str | None = None) -> Callable[[State, Action, State], bool]:
    """A step of play in which Blue's unit (a ``by``) entered Red's Disabled Fortress, which wins."""
    def step(before: State, action: Action, after: State) -> bool:
        return (getattr(action, "kind", None) == MOVE and before.current_player == BLUE
                and before.board[action.b] is not None and before.board[action.b][1] == FOR
                and (by is None or _kind(before, action.a) == (BLUE, by)) and after.is_over)
    return step


def _stormed(start: State) -> Goal:
    """A goal: Blue won by entering Red's Fortress, which a shot had disabled, and lost no unit on the way."""
    shot_then_entered = _did(start, took("Siege", "Fortress", (RANGED,)), _entered())
    return lambda state: _won(state) and shot_then_entered(state) and not _lost_any(start)(state)


def _lost_any(start: State):
    """Lost once Blue has fewer units than at the start."""
    count = sum(u is not None and u[0] == BLUE for u in start.board)

    def lost(state: State) -> str:
        gone = count - sum(u is not None and u[0] == BLUE for u in state.board)
        return f"you lost {'a unit' if gone == 1 else f'{gone} units'}" if gone > 0 else ""
    return lost


def _fortified(start: State, square: str) -> Goal:
    """A goal: Red's whole turn passed while Blue's unit on ``square`` stood there, never moved, under the
    Fortify aura (so no Red action could capture it), and it is still there."""
    index = ("ABCDEFGH".index(square[0])) + 8 * (int(square[1]) - 1)

    def goal(state: State) -> bool:
        red_acted = False
        for before, action, _after in line_events(start, state):
            if before.current_player == BLUE and getattr(action, "a", -1) == index and action.kind in (MOVE, TURN):
                return False
            if before.current_player == RED:
                red_acted = True
                if before.board[index] is None or index not in before.fortified(BLUE):
                    return False
        return red_acted and state.current_player == BLUE and state.board[index] is not None
    return goal


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
    easy = afresh(lambda seed: player_for("easy", timed=False, seed=seed))
    pos = GAME.from_position
    setup = GAME.new_game(seed=11)
    hidden = setup.play("assassin D2")
    march = pos("k6f/8/8/8/8/8/3L4/K6F b RE")
    side_step = pos("k6f/8/8/8/8/1L1LL3/8/K6F b RE")
    # Red's Fortress is left out where it would shoot the learner's units: a level shows one idea.
    capture = pos("k6f/8/8/2iii3/3L4/8/8/K6F b RE")
    cavalry = pos("k6f/8/8/8/1i1CL1i1/8/8/K6F b RE")
    charge = pos("k6f/8/8/8/5r2/4ii2/4C+3/K6F b RE")
    wall = pos("k6f/8/8/8/8/LLL5/1C6/5K1F b RE")
    facing = pos("k6f/8/8/8/3L<4/3i4/8/K6F b RE")
    volley = pos("k6f/8/5i2/8/3A4/8/8/K6F b RE")
    blocked = pos("k6f/8/3K4/3l+4/3L4/8/8/7F b RR")  # Red plays Rome here: its Legionnaire shields three sides
    siege = pos("k6f/3l+4/8/8/8/8/3S4/K6F b RR")
    aura = pos("k6f/8/8/6i1/8/4A3/3K4/7F b RE")
    fortify = pos("k6f/8/8/3r+4/8/3L4/2K5/7F b RE")
    commander = pos("7f/8/8/2k5/3L4/8/8/K6F b RE")
    guard = pos("k6f/8/8/8/8/4r3/8/K3F3 b RE")
    fortress = pos("k7/8/8/8/7f/8/6C+1/F3K2S+ b RE")
    assassin = pos("7f/8/8/8/2kX4/8/8/K6F b RE")
    # Blue plays Egypt here: its Infantry steps any way, its Chariot captures to its sides.
    egypt_step = pos("k3f+3/8/3I4/8/8/8/8/K6F b ER")
    egypt_chariot = pos("k6f/8/8/1l6/8/1R1l4/8/K6F b ER")
    # The Vikings' Shield Maiden (Blue plays the Vikings here).
    maiden = pos("k6f/8/8/3i4/3I4/3M4/8/K6F b VE")
    bash = pos("k6f/8/8/4i3/8/2M+5/8/K6F b VE")
    bash_limits = pos("7f/8/5k+2/i3i3/8/2M+5/8/K6F b VE")
    # Timed Mode: the clocks as the position gives them (a level's clocks stand still while the learner thinks).
    sudden = pos("k6f/8/3i4/8/1A+6/8/8/K6F b RE 1 1 3:3 0/60")
    expired = pos("7f/8/8/2k5/8/2L5/8/K6F b RE 3 2 0:0 1800/60")
    levels = (
        Level("hide", "Set-up", "Hide your Assassin", "Hide your Assassin on a square of your front row, then say "
              "you are ready.", setup, BLUE, lambda s: s.phase == "play", ("assassin D2", "ready"),
              "Your Assassin hides among your Legionnaires: click any square of row 2, then press ready.",
              "Red sees only Legionnaires on your front row: which one is the Assassin is yours to know.",
              opponent=rule, rules=("formation", "assassin-hidden")),
        Level("starting-state", "Set-up", "Choose a starting state", "Every unit has two states, each with its own "
              "moves. Start the game with your Archer on C1 in Volley State, in which it stays put and shoots.",
              hidden, BLUE, lambda s: s.phase == "play" and _on("C1", BLUE, "Archer", "Volley")(s),
              ("flip C1", "ready"), "In the set-up every unit may be flipped once, free: click the Archer on C1, flip "
              "it, then press ready.", "A unit may start the game in either of its states: choosing them is your first "
              "plan. The levels to come show what each state does.", opponent=rule,
              rules=("starting-states", "formation")),
        Level("march", "Moving", "March forward", "Bring your Legionnaire to the marked square D5.", march, BLUE,
              _on("D5", BLUE, "Legionnaire"), ("D2-D3", "D3-D4", "D4-D5"),
              "A Legionnaire in Attack State moves one square forward (or back) each turn.",
              "One square a turn: a Legionnaire is slow but it holds the line.", targets=("D5",),
              arrows=(("D2", "D3", "D4", "D5"),), replies=shuffle, opponent=rule,
              rules=("one-action", "first-player", "legionnaire")),
        Level("side-step", "Moving", "Side by side", "Bring a Legionnaire to the marked square C3.", side_step, BLUE,
              _on("C3", BLUE, "Legionnaire"), ("D3-C3",),
              "A Legionnaire in Attack State steps sideways only while another Legionnaire of yours stands next to "
              "it: the one on B3 is alone.", "The Legionnaire on D3 had a neighbour on E3, so it could step aside; the "
              "one on B3 never could.", targets=("C3",), arrows=(("D3", "C3"),), replies=shuffle, opponent=rule,
              rules=("legionnaire",)),
        Level("jump", "Moving", "The Cavalry jumps", "Bring your Cavalry past your own wall to the marked square B5.",
              wall, BLUE, _on("B5", BLUE, "Cavalry"), ("B2-B4", "B4-B5"),
              "A Cavalry in Melee State moves up to two squares straight ahead, back or sideways, and may jump over "
              "units as it moves.", "Only the Cavalry jumps: every other unit needs a clear path.", targets=("B5",),
              arrows=(("B2", "B4", "B5"),), replies=shuffle, opponent=rule, rules=("cavalry", "no-jumping")),
        Level("capture", "Capturing", "A first capture", "Take one of the three Infantry in front of your Legionnaire.",
              capture, BLUE, happened(capture, took("Legionnaire", "Infantry")), ("D4xD5",),
              "A Legionnaire in Attack State captures one square forward or diagonally forward, by moving onto the "
              "enemy.", "The Infantry leaves the game and your Legionnaire takes its square.",
              targets=("C5", "D5", "E5"), opponent=rule, lost=_lost_unit("D4", "Legionnaire"),
              rules=("legionnaire",)),
        Level("sideways", "Capturing", "The Cavalry strikes sideways", "Take the Infantry your Cavalry can reach.",
              cavalry, BLUE, happened(cavalry, took("Cavalry", "Infantry", test=_sideways)), ("D4xB4",),
              "A Cavalry in Melee State captures up to two squares to its left or right, never by jumping and never "
              "straight ahead.", "Sideways, with nothing between: the Cavalry takes it.",
              targets=("B4",), opponent=rule, rules=("cavalry", "infantry")),
        Level("charge", "Capturing", "Charge!", "Your Cavalry is in Charge State: take Red's Chariot on F4, behind "
              "the Infantry.", charge, BLUE, happened(charge, took("Cavalry", "Chariot")), ("E2xF4",),
              "In Charge State the Cavalry jumps in an L, two squares one way and one to the side, and captures the "
              "unit it lands on.", "The Cavalry jumped over the Infantry, which are safe, and took the Chariot where "
              "it landed.", targets=("F4",), arrows=(("E2", "F4"),), opponent=rule, rules=("cavalry", "chariot")),
        Level("turn", "Capturing", "Turn to face the enemy", "Take the Infantry behind your Legionnaire.", facing, BLUE,
              _turned_then_took(facing), ("turn D4 S", "D4xD3"), "A unit captures only to its front: turn it to face "
              "row 1 first (turning takes the turn), then capture.",
              "Forward is where a unit faces: a Turn points it at the enemy.",
              targets=("D3",), replies=shuffle, opponent=rule, rules=("turn-alone", "facing")),
        Level("shoot", "Capturing", "Shoot from afar", "Shoot the Infantry on F6 with your Archer.", volley, BLUE,
              happened(volley, took("Archer", "Infantry", (RANGED,))), ("flip D4", "D4*F6"),
              "Flip the Archer to Volley State: then it shoots diagonally, up to three squares, without moving.",
              "A shot removes its target and the Archer stays where it was. Flipped, it is locked in Volley through "
              "your next turn.", targets=("F6",), arrows=(("D4", "E5", "F6"),), replies=("A8-B8", "B8-A8") * 4,
              opponent=rule, rules=("archer", "projectiles", "state-lock")),
        Level("blocked", "Capturing", "Round the shield", "Take Red's Legionnaire on D5, which blocks three sides.",
              blocked, BLUE, happened(blocked, took("Commander", "Legionnaire")), ("D6xD5",),
              "A Legionnaire in Defend State blocks its front and sides: attack it from behind, with your Commander.",
              "Only the Commander behind it could take it: a blocked side stops an attack from that side.",
              targets=("D5",), opponent=rule, rules=("blocking", "commander")),
        Level("siege", "Capturing", "The Siege breaks any shield", "Take Red's Legionnaire on D7 with your Siege: it "
              "stands five squares away.", siege, BLUE, happened(siege, took("Siege", "Legionnaire", (RANGED,))),
              ("D2-D3", "flip D3", "D3*D7"),
              "A Packed Siege moves one square a turn; Deployed (flip it), it shoots up to four squares ahead next "
              "turn, whatever blocks.",
              "A Deployed Siege ignores every shield, but it cannot move, and it never moves and shoots in one turn.",
              targets=("D7",), arrows=(("D2", "D3", "D7"),), replies=shuffle, opponent=rule,
              rules=("siege", "siege-move-fire", "siege-ignores")),
        Level("aura", "The Commander", "Two actions in one turn", "Flip your Archer and shoot the Infantry on G5, in "
              "one turn.", aura, BLUE, _flipped_then_shot(aura, "Archer", "Infantry"), ("flip E3", "E3*G5"),
              "Your Archer stands next to your Commander in Command State: it may take an extra action this turn.",
              "The Command aura gives a neighbour a second action: flip, then shoot.", targets=("G5",),
              replies=shuffle, opponent=rule, rules=("command-aura", "archer")),
        Level("fortify", "The Commander", "Shield your army", "Red's Chariot threatens your Legionnaire on D3: keep it "
              "safe for one turn without moving it.", fortify, BLUE, _fortified(fortify, "D3"), ("flip C2",),
              "A Commander in Fortify State makes the units next to it immune to capture: flip your Commander.",
              "Fortified, your Legionnaire cannot be captured while it stands next to the Commander.",
              targets=("D3",), opponent=rule, lost=_lost_unit("D3", "Legionnaire"), rules=("fortify-aura", "chariot")),
        Level("commander", "Winning", "Take the Commander", "Capture Red's Commander: it wins the game at once.",
              commander, BLUE, _won, ("D4xC5",), "Your Legionnaire captures diagonally forward: C5 is in reach.",
              "Capturing the enemy Commander ends the game: you win.", targets=("C5",), opponent=rule,
              rules=("win-commander",)),
        Level("assassin", "Winning", "The Assassin strikes", "Your hidden Assassin stands by Red's Commander: win.",
              assassin, BLUE, happened(assassin, took("Assassin", "Commander")), ("D4xC4",),
              "Revealed, the Assassin captures one square in any direction, even sideways.",
              "The Assassin revealed itself by capturing, and took the Commander: Red never knew which unit it was.",
              targets=("C4",), opponent=rule, rules=("assassin-revealed", "win-commander")),
        Level("fortress-shoots", "The Fortress", "Your Fortress shoots", "A Red Chariot has come near your Fortress: "
              "shoot it with the Fortress.", guard, BLUE, happened(guard, took("Fortress", "Chariot", (RANGED,))),
              ("E1*E3",), "An Active Fortress never moves, but it shoots up to two squares along all eight lines.",
              "Your Fortress shot the Chariot. Red's Fortress shoots too: keep your units out of its reach while it is "
              "Active.", targets=("E3",), arrows=(("E1", "E3"),), opponent=rule, rules=("fortress",)),
        Level("storm", "The Fortress", "Storm the Fortress", "Disable Red's Fortress with a shot, then enter it to "
              "win, losing no unit.", fortress, BLUE, _stormed(fortress), ("H1*H4", "G2-H4"),
              "Your Deployed Siege reaches H4, and your Cavalry in Charge State leaps in an L. An Active Fortress "
              "shoots any unit of yours within two squares on its lines, and an attack in melee costs the attacker; "
              "once a shot has disabled it, it shoots no more, and a unit that enters it wins.",
              "The shot disabled the Fortress for free, and the Cavalry's leap entered it. Leaping onto it while it "
              "was Active would have cost you the Cavalry.", targets=("H4",), arrows=(("H1", "H4"), ("G2", "H4")),
              opponent=rule,
              lost=_lost_any(fortress), rules=("fortress", "win-fortress", "siege-ignores")),
        Level("egypt-infantry", "Egypt", "Egypt's Infantry", "You play Egypt. Win by entering Red's Disabled "
              "Fortress on E8 with your Infantry.", egypt_step, BLUE, happened(egypt_step, _entered("Infantry")),
              ("D6-E7", "E7-E8"),
              "Egypt's Infantry in Attack State steps one square in any direction, diagonally too (a Legionnaire "
              "never does), and a unit that enters a Disabled enemy Fortress wins.",
              "Two diagonal steps: the Infantry goes where a Legionnaire could not.", targets=("E8",),
              arrows=(("D6", "E7", "E8"),), opponent=rule, rules=("infantry", "armies", "win-fortress")),
        Level("egypt-chariot", "Egypt", "Egypt's Chariot", "You play Egypt: take a Red Legionnaire with your "
              "Chariot.", egypt_chariot, BLUE, happened(egypt_chariot, took("Chariot", "Legionnaire")), ("B3xD3",),
              "A Chariot in Maneuver State moves up to four squares straight but captures only to its left or right, "
              "up to two squares, with nothing between.",
              "Two squares to the right: the Chariot took the Legionnaire beside it. The one in front was out of its "
              "reach.", targets=("B5", "D3"), opponent=rule, rules=("chariot", "armies")),
        Level("maiden", "The Vikings", "Shoot over the line", "With your Shield Maiden, shoot the Infantry on D5 "
              "over your own.", maiden, BLUE, happened(maiden, took("Shield Maiden", "Infantry", (RANGED,))),
              ("D3*D5",), "The Vikings field a Shield Maiden instead of an Archer: in Strike State she shoots up to "
              "two squares ahead, over other units.", "She never moves to shoot, and units in between do not stop her.",
              targets=("D5",), replies=shuffle, opponent=rule, rules=("shield-maiden", "projectiles")),
        Level("bash", "The Vikings", "Shield Bash", "Push the Infantry off E5 with your Shield Maiden.", bash, BLUE,
              happened(bash, took("Shield Maiden", "Infantry", (BASH,), test=_pushed)), ("C3>E5",),
              "In Shield Bash State she runs up a front diagonal and pushes the first enemy one square on, taking its "
              "square.", "The Infantry was pushed to F6 and the Shield Maiden took E5; pushed into a unit or off the "
              "board, it would have been captured.", targets=("E5",), replies=shuffle, opponent=rule,
              rules=("shield-bash",)),
        Level("bash-limits", "The Vikings", "What a bash cannot push", "Bash the one Infantry you may bash.",
              bash_limits, BLUE, happened(bash_limits, took("Shield Maiden", "Infantry", (BASH,), test=_removed)),
              ("C3>A5",), "A unit next to a Commander in Fortify State is immune, even to a bash: take the other "
              "diagonal.", "The Infantry by the fortifying Commander could not be pushed; the one on A5, off the "
              "board's edge, was captured.", targets=("A5", "E5"), opponent=rule,
              rules=("bash-limits", "fortify-aura")),
        Level("sudden-death", "Timed Mode", "Sudden death", "Timed Mode: the game clock has run out with the points "
              "tied, 3 each. Win the game.", sudden, BLUE, _won, ("B4*D6",),
              "When the game clock runs out, the higher score wins; with the scores tied, the next capture of an enemy "
              "unit wins, whatever it is worth.",
              "Your shot captured the Infantry, the first capture of sudden death: you win. In a level the clocks "
              "stand still while you think; in a game the turn timer gives you a minute.", targets=("D6",),
              opponent=rule, rules=("timed-end", "timed-points", "timed-clocks")),
        Level("two-actions", "Timed Mode", "Two actions", "Timed Mode: Red's turn timer ran out, so this turn you have "
              "two actions. Take Red's Commander this turn.", expired, BLUE, _won_this_turn(expired),
              ("C3-C4", "C4xC5"),
              "When a player's turn timer runs out, the turn is lost and the opponent takes two actions in the next "
              "one. Your Legionnaire steps one square, then captures forward.",
              "Two actions in one turn: a step and a capture, and Red never had a turn between them.",
              targets=("C5",), arrows=(("C3", "C4", "C5"),), opponent=rule, rules=("timed-expiry", "timed-clocks")),
        Level("first-game", "A whole game", "Your first game", "Win a whole game against the computer at its easy "
              "level.", GAME.new_game(seed=FIRST_GAME_SEED, setup="quick"), BLUE, _won, (),
              "Move your units forward together, flip your Archers to Volley near the enemy, and look for the "
              "Commander.", "You won your first game of Command Capture.", par=None, most=300, opponent=easy,
              lost=_game_lost, solver=rule, rules=("board", "armies")),
    )
    return Course("command-capture", "Learn Command Capture", levels,
                  intro=f"{number_words(len(levels)).capitalize()} short levels, from hiding your Assassin to your "
                        "first whole game.", free=FREE)
