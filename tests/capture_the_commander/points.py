"""What each level of Capture the Commander's course teaches, as its proof states it (``tests/level_points.py``): for
each level played from a fixed position, by its key, what must have happened when a line reaches the goal."""

from __future__ import annotations

from capture_lib.core.lessons import Level
from capture_lib.core.protocol import State
from tests.level_points import Point, learner_moves


def _north_attacked(slot: int, defender: int = 1, from_slots: tuple[int, ...] = tuple(range(1, 14))) -> Point:
    return lambda level, s: any(b[0] == 0 and b[3] == defender and b[4] == slot and b[1] in from_slots
                                for b in s.battles)


def _north_beat(card: str) -> Point:
    from capture_lib.games.capture_the_commander.rules.actions import card_number

    number = card_number(card)
    return lambda level, s: any(b[0] == 0 and b[7] != 0 and b[5] == number for b in s.battles)


def _tie_won_by_the_seen_ace(level: Level, s: State) -> bool:
    from capture_lib.games.capture_the_commander.rules.actions import card_number

    return learner_moves(level, s)[:1] == ["pick N2"] and card_number("7H") in s.beaten


def _west_out_by_north(level: Level, s: State) -> bool:
    return any(b[0] == 0 and 3 in b[9] for b in s.battles) and not s.out[0]


#: Each level played from a fixed position, by its key: its point.
POINTS: dict[str, Point] = {
    "first-attack": _north_attacked(1, from_slots=(1, 2, 3, 4)),
    "partial": _north_attacked(5),
    "straight-under": _north_attacked(8),
    "sure-win": _north_beat("KC"),
    "tie-break": _tie_won_by_the_seen_ace,
    "run-out": lambda level, s: s.is_over and s.winners == (0,) and s.out[1],
    "dig": lambda level, s: _north_attacked(11)(level, s) and s.is_over and s.winners == (0,)
    and any(b[0] == 0 and b[4] == 13 and b[7] == 1 for b in s.battles),
    "guard": _north_beat("KH"),
    "four-players": _west_out_by_north,
    "match": lambda level, s: s.hand == 2 and s.scores[0] > 0 and learner_moves(level, s)[0].endswith("xS13"),
}
