"""The stored games behind Command Capture's hard level figures: complete, seated fairly, and replayable."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from capture_lib.experiments import analysis
from capture_lib.experiments.simulate import run_games
from capture_lib.games.command_capture.experiments import CIVILIZATIONS


@pytest.mark.parametrize("name, players", [("command-capture-hard-rule", ("hard", "rule")),
                                           ("command-capture-hard-mcts", ("hard", "mcts-hard"))])
def test_each_side_moves_first_in_half_of_the_stored_games(name, players):
    meta, records = analysis.read(name)
    assert len(records) == meta["games"]
    first = [r for r in records if tuple(r["players"]) == players]
    second = [r for r in records if tuple(r["players"]) == players[::-1]]
    assert len(first) == meta["games"] // 2 and len(first) + len(second) == len(records)
    # The same seeds both ways: each deal of Assassins is played from both seats, with every pair of armies.
    def deals(rs):
        return sorted((r["seed"], *r["stats"]["civilizations"]) for r in rs)

    assert deals(first) == deals(second)
    armies = {tuple(r["stats"]["civilizations"]) for r in records}
    assert len(armies) == len(CIVILIZATIONS) ** 2
    assert all(r["finished"] for r in records)


def test_the_hard_level_plays_by_its_node_budget_so_a_stored_game_replays_exactly():
    meta, records = analysis.read("command-capture-hard-rule")
    # The shortest stored game of at least 40 actions (about 20 searches of the hard level): a search that read
    # the clock, or anything but its position and seed, would play another game within them (a whole stored game
    # took the test command 23 s).
    record = min((r for r in records if r["actions"] >= 40), key=lambda r: r["actions"])
    blue, red = record["stats"]["civilizations"]
    options = {**analysis.GAME_OPTIONS["command-capture"], "blue": blue, "red": red}
    with ProcessPoolExecutor(1) as pool:
        again = run_games("command-capture", 1, record["players"], record["seed"], options, executor=pool)
    assert analysis.compact(again) == [record]
