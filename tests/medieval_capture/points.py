"""What each level of Capture: A Medieval Wargame's course teaches, as its proof states it (``tests/level_points.py``):
for each level played from a fixed position, by its key, what must have happened when a line reaches the goal."""

from __future__ import annotations

from collections.abc import Callable

from capture_lib.core.lessons import Level
from capture_lib.core.protocol import State
from tests.level_points import Point


def _log(level: Level, s: State) -> list[str]:
    """Blue's log of the level's lines (its own words: "land r37 (...)", "draw ?" for Red's cards)."""
    return s.observation(0)["log"][len(level.start.history):]


def _piece(s: State, name: str) -> dict:
    return next(p for p in s.observation(0)["pieces"] if p["id"] == name)


def _moved_to(name: str, space: str, how: Callable[[str], bool] = lambda line: True) -> Point:
    return lambda level, s: any(line.startswith(f"{name} ") and line.split()[1].endswith(f"-{space}") and how(line)
                                for line in _log(level, s))


def _on(*spaces: str) -> Point:
    return lambda level, s: set(spaces) <= {p["where"] for p in s.observation(0)["pieces"] if p["side"] == "blue"}


def _played(card: str) -> Callable[[Level, State], bool]:
    return lambda level, s: any(line.startswith(f"play {card}") for line in _log(level, s))


def _before_roll(card: str) -> Point:
    def point(level: Level, s: State) -> bool:
        lines = _log(level, s)
        played = next((i for i, line in enumerate(lines) if line.startswith(f"play {card}")), None)
        rolled = next((i for i, line in enumerate(lines) if line == "roll" or line.startswith("roll ")), len(lines))
        return played is not None and played < rolled
    return point


def _prisoner_taken_by(name: str, enemy: str) -> Point:
    return lambda level, s: _piece(s, enemy)["where"] == "prisoner" and any(
        line.startswith(f"{name} ") for line in _log(level, s))


def _treasure(space: str) -> bool:
    from capture_lib.games.medieval_capture.rules.board import BOARD

    return BOARD.kind[BOARD.ids.index(space)] == "treasure"


def _drew(level: Level, s: State) -> bool:
    return any(line.startswith("draw ") for line in _log(level, s)) and len(s.observation(0)["hand"]) > 0


#: Each level played from a fixed position, by its key: its point.
POINTS: dict[str, Point] = {
    "roads": _on("b43", "b38", "b49"),
    "knight": lambda level, s: "place B6 b38 knight" in _log(level, s) or any(
        line.endswith(" b38 knight") for line in _log(level, s)),
    "look": lambda level, s: _log(level, s)[:1] == ["look B3"]
    and any(line.startswith("roll") for line in _log(level, s)),
    "die": _moved_to("B2", "r30"),
    "three": lambda level, s: _on("b43", "b38", "b49")(level, s) and len(
        [line for line in _log(level, s) if line[:1] == "B"]) == 3,
    "make-way": lambda level, s: [line.split()[0] for line in _log(level, s) if line[:1] == "B"][:2] == ["B2", "B1"]
    and _piece(s, "B1")["where"] == "b35",
    "river": _moved_to("B1", "r22", lambda line: "b32-b47-r47-r32" in line),
    "lake": _moved_to("B1", "b6", lambda line: "b26-b14-b5" in line),
    "cathedral": _moved_to("B1", "b34", lambda line: line.split()[1].startswith("c-")),
    "capture": _prisoner_taken_by("B1", "R1"),
    "abroad": lambda level, s: _prisoner_taken_by("B1", "R1")(level, s) and _piece(s, "R2")["where"] == "r34",
    "kill": lambda level, s: _piece(s, "R1")["where"] == "dead" and any(
        line.startswith("B3 ") and line.endswith(" kill") for line in _log(level, s)),
    "rescue": lambda level, s: any(line.startswith("B1 ") and line.endswith("free B8") for line in _log(level, s)),
    "take": lambda level, s: any(line.startswith("B1 ") and line.endswith("take r2") for line in _log(level, s)),
    "home": lambda level, s: s.is_over and s.winners == (0,) and any(" take r8" in line for line in _log(level, s)),
    "guard": lambda level, s: _piece(s, "R1")["where"] == "prisoner" and any(
        line.startswith("B2 ") and line.endswith("-b5") for line in _log(level, s)),
    "caught": lambda level, s: _piece(s, "R1")["where"] == "prisoner" and any(
        c["home"] == "b5" and c["where"] == "b6" for c in s.observation(0)["crowns"]),
    "treasure": _drew,
    "new-deck": lambda level, s: "reshuffle" in _log(level, s) and _drew(level, s),
    "card": lambda level, s: _before_roll("CAPTURE!")(level, s) and _prisoner_taken_by("B1", "R4")(level, s),
    "ambush": lambda level, s: _before_roll("AMBUSH!")(level, s) and _piece(s, "R4")["where"] == "dead" and any(
        line.startswith("B1 ") and line.endswith(" kill") for line in _log(level, s)),
    "ransom": lambda level, s: _played("RANSOM B8")(level, s) and _piece(s, "B8")["where"] == "c",
    "recruit": lambda level, s: _played("RECRUIT B8")(level, s) and _piece(s, "B8")["where"] == "c",
    "reserve": lambda level, s: _piece(s, "B9")["where"] == "c" and any(
        line.startswith("B1 ") for line in _log(level, s)),
    "fire": lambda level, s: any("the shooter chooses who dies among" in line for line in _log(level, s))
    and "kill R2" in _log(level, s),
    "near-home": lambda level, s: _piece(s, "R1")["where"] == "dead" and not any(
        line.startswith("land b") for line in _log(level, s)),
    "six-shot": lambda level, s: _piece(s, "R1")["where"] == "dead" and any(
        line.startswith("shoot ") for line in _log(level, s)),
    "stop-to-draw": lambda level, s: _drew(level, s) and any(
        line.startswith("B1 ") and _treasure(line.split()[1].split("-")[-1]) for line in _log(level, s)),
    "teams": lambda level, s: _piece(s, "R1")["where"] == "prisoner" and any(
        line.startswith("B1 ") for line in _log(level, s)),
}
