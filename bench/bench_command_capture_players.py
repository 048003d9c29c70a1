"""Command Capture's levels: how the hard level fares, and how long a move takes here and in the browser.

Three parts, each printed as figures:

1. **Strength**, from the stored games of ``python -m capture_lib.experiments.analysis --only command-capture-hard-rule
   command-capture-hard-mcts`` (216 and 72 games spread over the nine pairs of civilizations, each side
   first in half of them, seeded; the search levels play by their node budget alone, so the games are
   the same on any machine): the hard level's score against the rule-based player and against
   ``mcts-hard`` (the shared Monte Carlo search at its hard budget, the hard level before), with a 95%
   Wilson interval, by seat. ``--play N`` plays N new games a pairing instead (``--workers`` processes;
   N is rounded down to a multiple of nine).
2. **Time a move** on this machine: each level as the boards play it (with its time limit), on the same
   positions (from seeded games between the rule-based players): median, 90th percentile, maximum, and
   the depth the search finished.
3. **Time a move in the browser** (``--browser``): the same measurement inside Pyodide, the in-browser
   Python of the live book, run by Node.js from ``node_modules/pyodide`` (``npm ci`` installs it).

    python bench/bench_command_capture_players.py [--positions N] [--play N] [--workers K] [--browser]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # Pyodide mounts the checkout and imports this module from it

from capture_lib import CHANCE, load_game  # noqa: E402

#: The levels whose move time is measured.
TIMED_LEVELS = ("easy", "medium", "hard", "mcts-hard")
#: The pairings whose stored games part 1 reads: experiment name -> (player, opponent).
PAIRINGS = {"command-capture-hard-rule": ("hard", "rule"), "command-capture-hard-mcts": ("hard", "mcts-hard")}
OPTIONS = {"turn_limit": 200, "setup": "quick"}


def positions(count: int) -> list:
    """``count`` positions in play, every fifth action of seeded games between the rule-based players."""
    from capture_lib.search.levels import make_player

    rule = make_player("rule", timed=False)
    game = load_game("command-capture")
    out = []
    seed = 0
    while len(out) < count:
        state = game.new_game(seed=seed, **OPTIONS)
        seed += 1
        while not state.is_over and len(out) < count:
            seat = state.current_player
            if seat == CHANCE:
                state = state.play_chance()
                continue
            if len(state.history) % 5 == 0 and len(state.history) > 4:
                out.append(state)
            state = state.play(rule(state, seat))
    return out


def move_times(count: int, levels: tuple[str, ...] = TIMED_LEVELS) -> dict[str, dict[str, float]]:
    """For each level, the seconds a move takes (median, 90th percentile, maximum) over ``count`` positions.

    The levels play as the boards do (``timed=True``: the node budget, capped by the time limit); the
    alpha-beta levels also report the median depth they finished.
    """
    from capture_lib.games.command_capture.players import alphabeta
    from capture_lib.search.levels import make_player

    states = positions(count)
    figures: dict[str, dict[str, float]] = {}
    for level in levels:
        seconds, depths = [], []
        player = make_player(level, timed=True)
        for state in states:
            seat = state.current_player
            start = time.perf_counter()
            if level in alphabeta.LEVELS:
                budget = alphabeta.LEVELS[level]
                nodes = alphabeta.MOST_NODES if budget.to_cap else budget.nodes
                _, search = alphabeta.choose(state, seat, nodes, start + budget.seconds)
                depths.append(search.depth)
            else:
                player(state, seat)
            seconds.append(time.perf_counter() - start)
        seconds.sort()
        figures[level] = {"median": statistics.median(seconds), "p90": seconds[int(0.9 * (len(seconds) - 1))],
                          "max": seconds[-1], "depth": statistics.median(depths) if depths else float("nan")}
    return figures


def print_times(title: str, figures: dict[str, dict[str, float]]) -> None:
    """Print ``move_times``'s figures as a table."""
    print(title)
    for level, f in figures.items():
        depth = "" if f["depth"] != f["depth"] else f"   depth {f['depth']:.0f}"
        print(f"  {level:10} median {f['median']:.3f} s   90% {f['p90']:.3f} s   max {f['max']:.3f} s{depth}")


def strength(records: list[dict], player: str) -> str:
    """``player``'s score in ``records`` with its 95% interval, overall and by seat."""
    from capture_lib.experiments.simulate import score, wilson

    def line(rs: list[dict]) -> str:
        scores = [score(r, r["players"].index(player)) for r in rs]
        p = sum(scores) / len(scores)
        low, high = wilson(p, len(scores))
        wins, draws = scores.count(1.0), scores.count(0.5)
        return (f"{p:6.1%} [{low:.1%}, {high:.1%}] of {len(scores)} "
                f"({wins} won, {draws} drawn, {len(scores) - wins - draws} lost)")

    first = [r for r in records if r["players"][0] == player]
    second = [r for r in records if r["players"][1] == player]
    return f"{line(records)}; moving first {line(first)}; second {line(second)}"


def browser_times(count: int) -> dict[str, dict[str, float]] | None:
    """``move_times`` run inside Pyodide by Node.js, or ``None`` (with the reason printed) where it cannot run."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        print("browser: skipped (needs node and node_modules/pyodide: npm ci)")
        return None
    script = ROOT / "bench" / "pyodide_move_times.mjs"
    done = subprocess.run([node, str(script), str(ROOT), str(count)], capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        print("browser: failed\n" + done.stderr[-2000:])
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30, help="positions timed per level (default 30)")
    parser.add_argument("--play", type=int, default=0, help="play N new games a pairing instead of reading results/")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--browser", action="store_true", help="also time the moves inside Pyodide (Node.js)")
    args = parser.parse_args()

    from capture_lib.experiments import analysis

    print("strength (95% Wilson intervals; a draw counts half):")
    for name, (player, opponent) in PAIRINGS.items():
        if args.play:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(args.workers) as pool:
                records = analysis.play(name, args.play, pool)  # spread over the nine pairs of armies
            source = f"{args.play} new games"
        else:
            meta, records = analysis.read(name)
            source = f"stored: results/{analysis.EXPERIMENTS[name][0]}"
        print(f"  {player} v {opponent}: {strength(records, player)}   [{source}]")
    print_times(f"time a move here, {args.positions} positions:", move_times(args.positions))
    if args.browser:
        figures = browser_times(args.positions)
        if figures is not None:
            print_times(f"time a move in Pyodide (Node.js), {args.positions} positions:", figures)


if __name__ == "__main__":
    main()
