"""Computer players: strength (win rates with 95% intervals) and speed (median seconds a move).

Strength: each pairing plays ``--games`` seeded games, each player taking the first seat in half of
them (``capture_lib.experiments.simulate.head_to_head``, run in a process pool; the search levels play their
whole iteration budget, untimed, as in the simulator). The ``oracle`` rows show a ceiling: in Card
Commander a search that knows every card the opponent holds, in Capture the Commander one that sees
every face-down card (see ``capture_lib.search.oracle``), in Medieval Capture the hard planner told the
hidden Knight and cards and the dice to come (``capture_lib.games.medieval_capture.players.oracle``).
Command Capture's games are drawn after 200 turns, as in the analysis chapter
(``capture_lib.experiments.analysis.GAME_OPTIONS``). Speed: the median time of one move at each level, over
positions taken from rule-based games, timed one at a time in this process (run it on a quiet machine).

    python bench/bench_ai.py [--games N] [--workers K] [--positions P] [--only strength|speed] [--game SLUG]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from capture_lib import CHANCE, list_games, load_game
from capture_lib.experiments.analysis import GAME_OPTIONS, STRENGTH_TABLES
from capture_lib.experiments.simulate import head_to_head
from capture_lib.search.levels import ANALYSIS_PLAYERS, player_for

GAMES = tuple(list_games())
#: (player, opponent) pairings measured in every game; the ceilings (``ceilings``) beside them.
PAIRINGS = (("rule", "random"), ("hard", "random"), ("hard", "rule"), ("easy", "rule"), ("medium", "rule"))


def ceilings(slug: str) -> tuple[tuple[str, str], ...]:
    """The ceiling players' pairings the game's strength table declares (the oracle's), where it has one."""
    table = STRENGTH_TABLES.get(slug)
    return tuple(pair for pair in table.pairings if pair[0] in ANALYSIS_PLAYERS) if table else ()


def positions(slug: str, count: int, seed: int = 0) -> list:
    """Positions where a computer must choose (more than one legal move), from rule-based games."""
    game, rule, rng = load_game(slug), player_for("rule"), random.Random(seed)
    found: list = []
    number = 0
    while len(found) < count * 4:
        state = game.new_game(seed=seed + number, **GAME_OPTIONS.get(slug, {}))
        number += 1
        while not state.is_over:
            seat = state.current_player
            if seat == CHANCE:
                state = state.play_chance()
                continue
            if len(state.legal_actions()) > 1:
                found.append(state)
            state = state.play(rule(state, seat))
    return rng.sample(found, count)


def move_times(slug: str, level: str, states: list, timed: bool = True) -> list[float]:
    """Seconds ``level`` takes for one move in each of ``states`` (``timed=False``: its whole budget, untimed)."""
    player, times = player_for(level, timed=timed), []
    for state in states:
        start = time.perf_counter()
        player(state, state.current_player)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the games (default 2)")
    parser.add_argument("--positions", type=int, default=40, help="positions timed per level (default 40)")
    parser.add_argument("--only", choices=("strength", "speed"), default=None)
    parser.add_argument("--game", choices=GAMES, default=None)
    parser.add_argument("--seed", type=int, default=10_000, help="game i uses seed SEED + i")
    args = parser.parse_args()
    slugs = [args.game] if args.game else list(GAMES)
    if args.only != "strength":
        print("speed: median (and 90th percentile) seconds per move, one move at a time")
        for slug in slugs:
            states = positions(slug, args.positions)
            for level, timed in (("easy", True), ("medium", True), ("hard", True), ("hard", False)):
                times = sorted(move_times(slug, level, states, timed))
                name = level if timed else "hard, whole budget (as in the simulator)"
                print(f"  {slug:24} {name:7} median {statistics.median(times):.3f} s"
                      f"  p90 {times[int(0.9 * (len(times) - 1))]:.3f} s  ({len(times)} positions)", flush=True)
    if args.only != "speed":
        print(f"strength: first player's share of wins (draws half), {args.games} games each, seats alternated")
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            for slug in slugs:
                for first, second in PAIRINGS + ceilings(slug):
                    start = time.perf_counter()
                    (p, low, high, n), _ = head_to_head(slug, first, second, args.games, args.seed,
                                                        GAME_OPTIONS.get(slug), executor=pool)
                    print(f"  {slug:24} {first:>6} v {second:<6} {p:6.1%}  95% interval {low:.1%} to {high:.1%}"
                          f"  ({n} games, {time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
