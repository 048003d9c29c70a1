"""Capture: A Medieval Wargame speed: random complete games per second and ``legal_actions()`` calls per second.

The headline figure is the first line: random complete games a second. Games run from the first
placement to the end (three Crowns, or an army that cannot come back) through the public protocol
(``chance_outcomes``, ``legal_actions``, ``play``) with uniform random choices.
``legal_actions()`` is timed over positions taken from such games, and separately over the move-phase
positions, where every path of every piece is searched. A game remembers the moves of each piece it
searched, so each timed run starts with every game's remembered moves forgotten: the figure is that
of the search, not of a look-up. Each figure is the median of several timed runs.

    python bench/bench_medieval_capture.py [--games N] [--runs R] [--calls C]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from capture_lib import CHANCE, load_game


def random_game(game, rng: random.Random, positions: list | None = None):
    """Play one complete random game; keep every position in ``positions`` if given."""
    state = game.new_game(seed=rng.randrange(2**32))
    while not state.is_over:
        if positions is not None:
            positions.append(state)
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.play(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
        else:
            state = state.play(rng.choice(state.legal_actions()))
    return state


def time_games(game, games: int, run: int) -> tuple[float, int, int]:
    """Random complete games per second in one run, with the actions and turns they took."""
    rng = random.Random(f"bench/games/{run}")
    start = time.perf_counter()
    actions = turns = 0
    for _ in range(games):
        end = random_game(game, rng)
        actions += len(end.history)
        turns += end.turn
    return games / (time.perf_counter() - start), actions, turns


def time_legal(positions: list, run: int, calls: int) -> float:
    """``legal_actions()`` calls per second over ``calls`` positions drawn from ``positions``."""
    rng = random.Random(f"bench/legal/{run}")
    sample = [rng.choice(positions) for _ in range(calls)]
    for config in {id(state.cfg): state.cfg for state in sample}.values():
        config.moves_seen.clear()
    start = time.perf_counter()
    for state in sample:
        state.legal_actions()
    return calls / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per figure (the median is shown)")
    parser.add_argument("--calls", type=int, default=3000, help="legal_actions() calls per timed run")
    args = parser.parse_args()
    game = load_game("medieval-capture")

    # On a shared machine the figures move with the load: say how busy it was.
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Capture: A Medieval Wargame: median of {args.runs} runs (load average {load} on {os.cpu_count()} cores)")
    rates, actions, turns = [], 0, 0
    for run in range(args.runs):
        rate, actions, turns = time_games(game, args.games, run)
        rates.append(rate)
    print(f"  random complete games per second: {statistics.median(rates):.1f} "
          f"(min {min(rates):.1f}, max {max(rates):.1f}; {args.games} games a run, "
          f"{actions / args.games:.0f} actions and {turns / args.games:.0f} turns a game)")

    positions: list = []
    rng = random.Random("bench/positions")
    for _ in range(20):
        random_game(game, rng, positions)
    deciding = [s for s in positions if s.current_player not in (None, CHANCE)]
    moving = [s for s in deciding if s.phase == "move"]
    for label, pool in (("every position", positions), ("player decisions", deciding),
                        ("move phase only", moving)):
        rates = [time_legal(pool, run, args.calls) for run in range(args.runs)]
        sizes = [len(s.legal_actions()) for s in pool[:: max(1, len(pool) // 300)]]
        print(f"  legal_actions(), {label + ':':18} {statistics.median(rates):9.0f} calls/s "
              f"(min {min(rates):.0f}, max {max(rates):.0f}; {len(pool)} positions, "
              f"{statistics.mean(sizes):.0f} actions on average)")


if __name__ == "__main__":
    main()
