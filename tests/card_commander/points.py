"""What each level of Card Commander's course teaches, as its proof states it (``tests/level_points.py``): for each
level played from a fixed position, by its key, what must have happened when a line reaches the goal."""

from __future__ import annotations

from capture_lib.core.cards import Card
from capture_lib.core.lessons import Level
from capture_lib.core.protocol import State
from tests.level_points import Point, learner_moves


def _cc_log(state: State, seat: int, verb: str) -> list[list[str]]:
    return [full.split()[1:] for full, _masked, owner, _shown in state.log if owner == seat and full.split()[0] == verb]


def _card_values(state: State, seat: int) -> dict[str, int]:
    from capture_lib.games.card_commander.rules import card_value

    commander = state.commanders[seat]
    return {card: card_value(Card.parse(card), commander) for card in state.observation(seat)["hands"][seat]}


def _round(state: State, number: int) -> dict | None:
    return next((r for r in state.rounds if r["round"] == number), None)


def _left_is_worth_most(level: Level, state: State) -> bool:
    values = _card_values(level.opening()[0], 0)
    placed = _cc_log(state, 0, "place")
    return bool(placed) and values[placed[0][0]] == max(values.values())


def _two_best_and_the_worst(level: Level, state: State) -> bool:
    values = _card_values(level.opening()[0], 0)
    ranked = sorted(values, key=values.get)
    placed = _cc_log(state, 0, "place")
    won = _round(state, 1)
    return (bool(placed) and set(placed[0]) == {ranked[-1], ranked[-2], ranked[0]} and won is not None
            and won["winner"] == 0)


def _cheapest_extra_won_the_tie(level: Level, state: State) -> bool:
    values = _card_values(level.opening()[0], 0)
    cheapest = min((card for card, value in values.items() if value > 0), key=values.get)
    record = _round(state, 2)
    return (_cc_log(state, 0, "extra") == [[cheapest]] and record is not None and record["lane_how"][0] == "extra"
            and record["lane_winners"][0] == 0)


def _passed_and_kept_the_extra(level: Level, state: State) -> bool:
    first = _round(state, 1)
    return (learner_moves(level, state)[:1] == ["pass"] and first is not None and first["winner"] == 0
            and not state.extra_used[0])


#: Each level played from a fixed position, by its key: its point.
POINTS: dict[str, Point] = {
    "commander": lambda level, s: _cc_log(s, 0, "commander") == [["Karl"]],
    "second-choice": lambda level, s: _cc_log(s, 1, "commander") == [["Jackson"]],
    "value": _left_is_worth_most,
    "two-lanes": _two_best_and_the_worst,
    "extra-card": _cheapest_extra_won_the_tie,
    "pass": _passed_and_kept_the_extra,
    "win-the-game": lambda level, s: s.is_over and s.winners == (0,) and len(s.rounds) == 2,
}
