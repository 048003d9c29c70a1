"""Command Capture's numbers chapter: its own tables (``capture_lib/games/command_capture/experiments.py``), and its
stored results against small reruns."""

from __future__ import annotations

import pytest

from capture_lib.experiments import analysis
from capture_lib.experiments.simulate import run_games
from capture_lib.games.command_capture import experiments as cmd
from tests.playing import POOL, agrees


def _ccg(blue, red, winners, ended="commander", captures=()):
    return {"winners": winners, "players": ["rule", "rule"],
            "stats": {"civilizations": [blue, red], "ended": ended, "captures": [list(c) for c in captures]}}


def test_civilization_table_strength_and_endings():
    records = [_ccg("rome", "egypt", [0]), _ccg("rome", "egypt", [1], "fortress"), _ccg("egypt", "rome", [0]),
               _ccg("rome", "rome", [], "turn limit")]
    table = cmd.civilization_table(records)
    assert table["rome", "egypt"][0] == 0.5 and table["rome", "rome"][0] == 0.5 and table["egypt", "rome"][3] == 1
    strength = cmd.civilization_strength(records)
    assert strength["rome"][0] == pytest.approx(1 / 3) and strength["egypt"][3] == 3 and strength["vikings"][3] == 0
    ends = analysis.endings(records)
    assert list(ends) == ["commander", "fortress", "turn limit"] and ends["commander"][0] == 0.5


def test_unit_values_score_the_side_that_lost_each_unit_beside_its_points():
    records = [_ccg("rome", "egypt", [0], captures=[(3, 0, "Siege"), (5, 1, "Chariot"), (7, 1, "Commander")]),
               _ccg("rome", "egypt", [1], captures=[(3, 0, "Siege"), (4, 0, "Fortress")])]
    values = cmd.unit_values(records)
    assert values["rome", "Siege"]["lost"][:1] == (0.5,) and values["rome", "Siege"]["lost"][3] == 2
    assert values["rome", "Siege"]["points"] == 5 and values["egypt", "Chariot"]["points"] == 5
    assert ("egypt", "Commander") not in values and ("rome", "Fortress") not in values

def test_stored_civilization_table_replays_and_agrees_with_a_rerun():
    meta, records = analysis.read("civilizations")
    table = cmd.civilization_table(records)
    assert len(table) == 9 and all(n == meta["games"] for *_, n in table.values())
    options = {**analysis.GAME_OPTIONS["command-capture"], "blue": "rome", "red": "egypt"}
    cell = [r for r in records if r["stats"]["civilizations"] == ["rome", "egypt"]]
    again = run_games("command-capture", 2, ["rule", "rule"], meta["seed"], options, executor=POOL)
    assert analysis.compact(again) == cell[:2]
    fresh = run_games("command-capture", 20, ["rule", "rule"], meta["seed"] + 10**6, options, executor=POOL)
    assert agrees(table["rome", "egypt"], [analysis.score(r, 0) for r in fresh])
