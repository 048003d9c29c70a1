"""Card Commander speed: random complete games per second and ``legal_actions()`` calls per second.

Games run from the choice of Commanders to the last round through the public protocol
(``chance_outcomes``, ``legal_actions``, ``play``) with uniform random choices. ``legal_actions()`` is
timed over positions taken from such games, in every phase, and separately for the placement positions,
where a player chooses among up to 720 ordered triples. Each figure is the median of several timed runs.
A last line gives the rule-based player's share of wins against the random player (not a speed).

    python bench/bench_card_commander.py [--games N] [--runs R] [--strength-games G]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from capture_lib import CHANCE, load_game
from capture_lib.games.card_commander.players.rule import card_commander_player
from capture_lib.search.simple import random_player


def random_game(game, rng: random.Random, positions: list | None = None):
    """Play one complete random game; keep every position in ``positions`` if given."""
    state = game.new_game(seed=rng.randrange(2**32))
    while not state.is_over:
        if positions is not None:
            positions.append(state)
        if state.current_player == CHANCE:
            state = state.play(rng.choice(state.chance_outcomes())[0])
        else:
            state = state.play(rng.choice(state.legal_actions()))
    return state


def time_games(game, games: int, run: int) -> tuple[float, int]:
    """Random complete games per second in one run, and the actions they took."""
    rng = random.Random(f"bench/games/{run}")
    start = time.perf_counter()
    actions = sum(len(random_game(game, rng).history) for _ in range(games))
    return games / (time.perf_counter() - start), actions


def time_legal(positions: list, run: int, calls: int) -> float:
    """``legal_actions()`` calls per second over ``calls`` positions drawn from ``positions``."""
    rng = random.Random(f"bench/legal/{run}")
    sample = [rng.choice(positions) for _ in range(calls)]
    start = time.perf_counter()
    for state in sample:
        state.legal_actions()
    return calls / (time.perf_counter() - start)


def strength(game, games: int) -> float:
    """The rule-based player's share of wins against the random player, half the games on each seat."""
    wins = 0
    for number in range(games):
        ai_seat = number % 2
        state = game.new_game(seed=number)
        while not state.is_over:
            if state.current_player == CHANCE:
                state = state.play_chance()
                continue
            player = card_commander_player if state.current_player == ai_seat else random_player
            state = state.play(player(state, state.current_player))
        wins += state.winners == (ai_seat,)
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games per timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per figure (the median is shown)")
    parser.add_argument("--calls", type=int, default=5000, help="legal_actions() calls per timed run")
    parser.add_argument("--strength-games", type=int, default=600,
                        help="games of the rule-based player against the random one (0 to skip)")
    args = parser.parse_args()
    game = load_game("card-commander")

    print(f"Card Commander: median of {args.runs} runs")
    rates, actions = [], 0
    for run in range(args.runs):
        rate, actions = time_games(game, args.games, run)
        rates.append(rate)
    print(f"  random complete games: {statistics.median(rates):9.0f} games/s "
          f"(min {min(rates):.0f}, max {max(rates):.0f}; {actions / args.games:.1f} actions a game, "
          f"{args.games} games a run)")

    positions: list = []
    rng = random.Random("bench/positions")
    for _ in range(200):
        random_game(game, rng, positions)
    deciding = [s for s in positions if s.current_player not in (None, CHANCE)]
    placing = [s for s in deciding if s.phase == "place"]
    for label, pool in (("every position", positions), ("player decisions", deciding),
                        ("placements only", placing)):
        rates = [time_legal(pool, run, args.calls) for run in range(args.runs)]
        print(f"  legal_actions(), {label + ':':18} {statistics.median(rates):9.0f} calls/s "
              f"(min {min(rates):.0f}, max {max(rates):.0f}; {len(pool)} positions)")

    if args.strength_games:
        share = strength(game, args.strength_games)
        print(f"  rule-based player against random: wins {share:.1%} of {args.strength_games} games "
              "(half on each seat)")


if __name__ == "__main__":
    main()
