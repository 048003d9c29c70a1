"""What each level of Command Capture's course teaches, as its proof states it (``tests/level_points.py``): for each
level played from a fixed position, by its key, what must have happened when a line reaches the goal."""

from __future__ import annotations

from collections.abc import Callable

from capture_lib.core.lessons import Level
from capture_lib.core.protocol import State
from tests.level_points import Point, learner_moves, steps


def units(state: State) -> dict[str, dict]:
    """Every unit on the board, hidden ones included, by its square."""
    return {u["square"]: u for u in state.view(None, everything=True)["units"]}


def _acts(level: Level, s: State, mark: str, by: str, target: str | None = None,
          check: Callable[[dict, dict, str, str, State, State], bool] | None = None) -> bool:
    """Whether a Blue ``by`` took an action written ``A<mark>B`` (``x`` melee, ``*`` shot, ``>`` bash, ``-`` move) on
    a Red ``target`` (or onto any square), and ``check(unit, target unit, from, to, before, after)`` holds."""
    for before, line, after in steps(level, s):
        if len(line) != 5 or line[2] != mark or before.current_player != 0:
            continue
        here = units(before)
        unit, aimed = here.get(line[:2]), here.get(line[3:])
        if unit is None or unit["owner"] != 0 or unit["kind"] != by:
            continue
        if target is not None and (aimed is None or aimed["owner"] != 1 or aimed["kind"] != target):
            continue
        if check is None or check(unit, aimed, line[:2], line[3:], before, after):
            return True
    return False


def _on_row(unit, aimed, frm, to, before, after) -> bool:
    return frm[1] == to[1]


def _l_shaped(unit, aimed, frm, to, before, after) -> bool:
    steps_across = sorted((abs(ord(frm[0]) - ord(to[0])), abs(int(frm[1]) - int(to[1]))))
    return unit["state"] == "Charge" and steps_across == [1, 2]


def _still_there(unit, aimed, frm, to, before, after) -> bool:
    return sum(u["owner"] == 1 for u in units(after).values()) == sum(u["owner"] == 1 for u in units(before).values())


def _gone_off(unit, aimed, frm, to, before, after) -> bool:
    return not _still_there(unit, aimed, frm, to, before, after)


def _jumped(level: Level, s: State) -> bool:
    def over(unit, aimed, frm, to, before, after) -> bool:
        if abs(int(frm[1]) - int(to[1])) + abs(ord(frm[0]) - ord(to[0])) != 2 or frm[0] != to[0] and frm[1] != to[1]:
            return False
        middle = chr((ord(frm[0]) + ord(to[0])) // 2) + str((int(frm[1]) + int(to[1])) // 2)
        return middle in units(before)
    return units(s).get("B5", {}).get("kind") == "Cavalry" and _acts(level, s, "-", "Cavalry", check=over)


def _turned_then_took(level: Level, s: State) -> bool:
    lines = learner_moves(level, s)
    turned = next((i for i, line in enumerate(lines) if line.startswith("turn ")), None)
    return turned is not None and _acts(level, s, "x", "Legionnaire", "Infantry")


def _flipped_and_shot_in_one_turn(level: Level, s: State) -> bool:
    flipped = set()
    for before, line, _after in steps(level, s):
        if line.startswith("flip ") and before.current_player == 0:
            flipped.add((before.turn, line[5:]))
        if "*" in line and before.current_player == 0 and (before.turn, line[:2]) in flipped:
            return units(before)[line[3:]]["kind"] == "Infantry"
    return False


def _held_through_reds_turn(level: Level, s: State) -> bool:
    red_turn = [before for before, _line, _after in steps(level, s) if before.current_player == 1]
    fortified = all(units(b).get("D3", {}).get("kind") == "Legionnaire"
                    and units(b).get("C2", {}).get("state") == "Fortify" for b in red_turn)
    moved = any(line.startswith("D3") or line == "turn D3" for line in learner_moves(level, s))
    return bool(red_turn) and fortified and not moved and units(s).get("D3", {}).get("owner") == 0


def _won(level: Level, s: State) -> bool:
    return s.is_over and s.winners == (0,)


def _stormed(level: Level, s: State) -> bool:
    def disabled(unit, aimed, frm, to, before, after) -> bool:
        return units(after)[to]["state"] == "Disabled"

    def entered(unit, aimed, frm, to, before, after) -> bool:
        return aimed is not None and aimed["kind"] == "Fortress" and aimed["state"] == "Disabled" and after.is_over

    blue = sum(u["owner"] == 0 for u in units(level.start).values())
    return (_acts(level, s, "*", "Siege", "Fortress", disabled) and _won(level, s)
            and sum(u["owner"] == 0 for u in units(s).values()) == blue
            and any(_acts(level, s, "-", kind, check=entered) for kind in ("Cavalry", "Commander", "Siege")))


#: Each level played from a fixed position, by its key: its point.
POINTS: dict[str, Point] = {
    "hide": lambda level, s: any(line.startswith("assassin ") for line in learner_moves(level, s))
    and s.phase == "play",
    "starting-state": lambda level, s: "flip C1" in learner_moves(level, s) and s.phase == "play"
    and units(s)["C1"]["state"] == "Volley",
    "march": lambda level, s: units(s).get("D5", {}).get("kind") == "Legionnaire" and units(s)["D5"]["owner"] == 0,
    "side-step": lambda level, s: _acts(level, s, "-", "Legionnaire", check=lambda u, a, f, t, b, after: t == "C3"
                                        and f[1] == t[1]),
    "jump": _jumped,
    "capture": lambda level, s: _acts(level, s, "x", "Legionnaire", "Infantry"),
    "sideways": lambda level, s: _acts(level, s, "x", "Cavalry", "Infantry", _on_row),
    "charge": lambda level, s: _acts(level, s, "x", "Cavalry", "Chariot", _l_shaped),
    "turn": _turned_then_took,
    "shoot": lambda level, s: _acts(level, s, "*", "Archer", "Infantry"),
    "blocked": lambda level, s: _acts(level, s, "x", "Commander", "Legionnaire",
                                      lambda u, a, f, t, b, after: f == "D6"),
    "siege": lambda level, s: _acts(level, s, "*", "Siege", "Legionnaire"),
    "aura": _flipped_and_shot_in_one_turn,
    "fortify": _held_through_reds_turn,
    "commander": lambda level, s: _won(level, s) and _acts(level, s, "x", "Legionnaire", "Commander"),
    "assassin": lambda level, s: _won(level, s) and _acts(level, s, "x", "Assassin", "Commander"),
    "fortress-shoots": lambda level, s: _acts(level, s, "*", "Fortress", "Chariot"),
    "storm": _stormed,
    "egypt-infantry": lambda level, s: _won(level, s) and _acts(level, s, "-", "Infantry", "Fortress"),
    "egypt-chariot": lambda level, s: _acts(level, s, "x", "Chariot", "Legionnaire", _on_row),
    "maiden": lambda level, s: _acts(level, s, "*", "Shield Maiden", "Infantry",
                                     lambda u, a, f, t, b, after: (f, t) == ("D3", "D5")),
    "bash": lambda level, s: _acts(level, s, ">", "Shield Maiden", "Infantry", _still_there),
    "bash-limits": lambda level, s: _acts(level, s, ">", "Shield Maiden", "Infantry", _gone_off),
    "sudden-death": lambda level, s: _won(level, s) and any(
        before.sudden_death and before.current_player == 0 and any(mark in line for mark in "x*>")
        for before, line, _after in steps(level, s)),
    "two-actions": lambda level, s: _won(level, s) and len({b.turn for b, _l, _a in steps(level, s)
                                                             if b.current_player == 0}) == 1
    and _acts(level, s, "x", "Legionnaire", "Commander"),
}
