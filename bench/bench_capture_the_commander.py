"""Random complete games of Capture the Commander per second, for 2, 3 and 4 players.

Each game runs from the draw for the first dealer to the last Commander, through the public
protocol (``chance_outcomes``, ``legal_actions``, ``play``) with uniform random choices. The figure
printed is the median of several timed runs.

    python bench/bench_capture_the_commander.py [--games N] [--runs R]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from capture_lib import CHANCE, load_game


def random_game(game, players: int, rng: random.Random) -> int:
    """Play one complete random game; return how many actions it took."""
    state = game.new_game(seed=rng.randrange(2**32), players=players)
    while not state.is_over:
        if state.current_player == CHANCE:
            state = state.play(rng.choice(state.chance_outcomes())[0])
        else:
            state = state.play(rng.choice(state.legal_actions()))
    return len(state.history)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per player count (median shown)")
    args = parser.parse_args()
    game = load_game("capture-the-commander")
    print(f"Capture the Commander: random complete games, {args.games} per run, median of {args.runs} runs")
    for players in (2, 3, 4):
        rates, actions = [], 0
        for run in range(args.runs):
            rng = random.Random(f"bench/{players}/{run}")
            start = time.perf_counter()
            actions = sum(random_game(game, players, rng) for _ in range(args.games))
            rates.append(args.games / (time.perf_counter() - start))
        print(f"  {players} players: {statistics.median(rates):8.0f} games/s "
              f"(min {min(rates):.0f}, max {max(rates):.0f}; {actions / args.games:.0f} actions a game)")


if __name__ == "__main__":
    main()
