"""Medieval Capture's levels: how they fare, how long a decision takes here and in the browser, how their set-ups vary.

Five parts, each printed as figures:

1. **Strength**, from the stored games of ``python -m capture_lib.experiments.analysis --only medieval-capture-hard-rule
   medieval-capture-hard-mcts medieval-capture-oracle-rule medieval-capture-ratings`` (each player first in
   half the games, the same seeds both ways; the levels play by their budget of positions alone, so the
   games are the same on any machine): the hard level against the rule-based player and against
   ``mcts-hard`` (the shared Monte Carlo search, the hard level before the turn planner), the ``oracle``
   ceiling against the rule-based player (what the dice leave to skill), and each level against the one
   below it in the round robin; by wins, with a 95% Wilson interval, and by seat.
2. **Time a decision** on this machine: each level as the boards play it (with its time limit), on the
   same positions (from seeded games between the rule-based players, every decision with a choice):
   median, 90th percentile and maximum, over all decisions and over the first decision of a turn's
   moves (where the planner plans the whole turn); each level makes one decision before the timing,
   which imports its modules.
3. **Time a decision in the browser** (``--browser``): the same inside Pyodide, the live book's Python,
   run by Node.js from ``node_modules/pyodide`` (``npm ci`` installs it; ``pyodide_move_times.mjs``).
4. **Set-ups** (``--setups N``): how many different set-ups each level makes in N games.
5. **Alternatives at the same time** (``--alternatives N``): N games a seating against the rule-based
   player for the planner (hard), the planner without its full value (the quick score alone), and the
   Monte Carlo search, each timed as a board plays it (the hard level's 0.9 s), with the decision times.
   Timed play depends on the machine: these games are not stored.

    python bench/bench_medieval_capture_players.py [--positions N] [--browser] [--setups N] [--alternatives N]
"""

from __future__ import annotations

import argparse
import dataclasses
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

SLUG = "medieval-capture"
#: The levels whose decision time is measured.
TIMED_LEVELS = ("easy", "medium", "hard", "mcts-hard")
#: The stored pairings part 1 reads: experiment name -> (player, opponent, target).
PAIRINGS = {"medieval-capture-hard-rule": ("hard", "rule", 0.85),
            "medieval-capture-hard-mcts": ("hard", "mcts-hard", 0.75),
            "medieval-capture-oracle-rule": ("oracle", "rule", None)}
LADDER = ("random", "rule", "easy", "medium", "hard")


def positions(count: int) -> list:
    """``count`` positions where the player to act has a choice, from seeded rule-based games."""
    from capture_lib.search.levels import make_player

    game = load_game(SLUG)
    out: list = []
    seed = 0
    while len(out) < count:
        rule = [make_player("rule", timed=False, seed=seed * 2 + k) for k in (0, 1)]
        state = game.new_game(seed=seed)
        seed += 1
        while not state.is_over and len(out) < count:
            seat = state.current_player
            if seat == CHANCE:
                state = state.play_chance()
                continue
            if state.phase != "place" and len(state.legal_actions()) > 1:
                out.append(state)
            state = state.play(rule[seat](state, seat))
    return out


def _first_of_turn(state) -> bool:
    """Whether ``state`` is the first move decision of a turn (the planner plans the whole turn there)."""
    return state.phase == "move" and not state.moved and not state.fired


def move_times(count: int, levels: tuple[str, ...] = TIMED_LEVELS) -> dict[str, dict[str, float]]:
    """For each level, the seconds a decision takes (median, 90th percentile, maximum) over ``count``
    positions, and the same over the first move decisions of a turn (``first_*``)."""
    from capture_lib.search.levels import make_player

    states = positions(count)
    figures: dict[str, dict[str, float]] = {}
    for level in levels:
        player = make_player(level, timed=True, seed=1)
        # One decision first, untimed: the first imports the level's modules (in the browser the engine
        # arrives compiled, and the page imports them as it opens), which is no part of a decision's search.
        player(states[0], states[0].current_player)
        seconds, first = [], []
        for state in states:
            start = time.perf_counter()
            player(state, state.current_player)
            spent = time.perf_counter() - start
            seconds.append(spent)
            if _first_of_turn(state):
                first.append(spent)
        seconds.sort()
        first.sort()
        figures[level] = {"median": statistics.median(seconds), "p90": seconds[int(0.9 * (len(seconds) - 1))],
                          "max": seconds[-1], "first_median": statistics.median(first),
                          "first_p90": first[int(0.9 * (len(first) - 1))], "first_max": first[-1]}
    return figures


def print_times(title: str, figures: dict[str, dict[str, float]]) -> None:
    """Print ``move_times``'s figures as a table."""
    print(title)
    for level, f in figures.items():
        print(f"  {level:10} every decision: median {f['median']:.3f} s, 90% {f['p90']:.3f} s, max {f['max']:.3f} s;"
              f"  a turn's first move: median {f['first_median']:.3f} s, 90% {f['first_p90']:.3f} s,"
              f" max {f['first_max']:.3f} s")


def share(records: list[dict], player: str) -> str:
    """``player``'s wins in ``records`` with a 95% interval, overall and by seat (a draw never happens here)."""
    from capture_lib.experiments.simulate import score, wilson

    def line(rs: list[dict]) -> str:
        scores = [score(r, r["players"].index(player)) for r in rs]
        p = sum(scores) / len(scores)
        low, high = wilson(p, len(scores))
        return f"{p:6.1%} [{low:.1%}, {high:.1%}] of {len(scores)}"

    first = [r for r in records if r["players"][0] == player]
    second = [r for r in records if r["players"][1] == player]
    return f"{line(records)}; moving first {line(first)}; second {line(second)}"


def strength() -> None:
    """Part 1: the stored pairings and the ladder of the round robin."""
    from capture_lib.experiments import analysis

    print("strength (95% Wilson intervals; every game has a winner):")
    for name, (player, opponent, target) in PAIRINGS.items():
        path = analysis.RESULTS / analysis.EXPERIMENTS[name][0]
        if not path.exists():
            print(f"  {player} v {opponent}: not stored (python -m capture_lib.experiments.analysis --only {name})")
            continue
        _meta, records = analysis.read(name)
        bar = f"   target {target:.0%}" if target else ""
        print(f"  {player} v {opponent}: {share(records, player)}{bar}")
    path = analysis.RESULTS / analysis.EXPERIMENTS[f"{SLUG}-ratings"][0]
    if path.exists():
        _meta, games = analysis.read(f"{SLUG}-ratings")
        for lower, upper in zip(LADDER, LADDER[1:], strict=False):
            p, low, high, n = analysis.share_against(games, upper, lower)
            print(f"  {upper} v {lower} (round robin): {p:.1%} [{low:.1%}, {high:.1%}] of {n}   target 60%")


def browser_times(count: int) -> dict[str, dict[str, float]] | None:
    """``move_times`` run inside Pyodide by Node.js, or ``None`` (with the reason printed) where it cannot run."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        print("browser: skipped (needs node and node_modules/pyodide: npm ci)")
        return None
    script = ROOT / "bench" / "pyodide_move_times.mjs"
    done = subprocess.run([node, str(script), str(ROOT), str(count), pathlib.Path(__file__).stem],
                          capture_output=True, text=True, timeout=7200)
    if done.returncode != 0:
        print("browser: failed\n" + done.stderr[-2000:])
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def setups(games: int) -> None:
    """Part 4: the different set-ups each level makes in ``games`` games (as Blue, its player seeded per game)."""
    from capture_lib.experiments.simulate import seat_seed
    from capture_lib.search.levels import make_player

    game = load_game(SLUG)
    print(f"set-ups in {games} games (Blue's, each game its own player seed):")
    for level in ("random", "rule", "easy", "medium", "hard"):
        seen = set()
        for number in range(games):
            player = make_player(level, timed=False, seed=seat_seed(number, 0))
            state = game.new_game(seed=number)
            while state.phase == "place" and state.side == 0:
                state = state.play(player(state, 0))
            seen.add(tuple(sorted(p for p in state.loc[:10] if p >= 0)))
        print(f"  {level:7} {len(seen)} different set-ups")


def alternatives(games: int) -> None:
    """Part 5: the planner, the planner without its full value and the Monte Carlo search, timed, against rule."""
    from capture_lib.experiments.simulate import score, seat_seed, wilson
    from capture_lib.games.medieval_capture.players import players
    from capture_lib.search.levels import make_player

    game = load_game(SLUG)
    quick_budget = dataclasses.replace(players.BUDGETS["hard"], finalists=0)

    def quick_only(timed: bool, seed: int):
        from capture_lib.games.medieval_capture.players.planner import choose
        from capture_lib.games.medieval_capture.players.setup import planned_setup, setup_player

        return setup_player(lambda state, seat: choose(state, seat, quick_budget, timed), planned_setup, seed)

    makers = {"hard (turn planner)": lambda seed: make_player("hard", timed=True, seed=seed),
              "planner, quick score alone": lambda seed: quick_only(True, seed),
              "mcts-hard (Monte Carlo search)": lambda seed: make_player("mcts-hard", timed=True, seed=seed)}
    print(f"alternatives against the rule-based player, timed as a board plays them (0.9 s), {games} games a seating:")
    for label, make in makers.items():
        scores, spent = [], []
        for number in range(games):
            for seat in (0, 1):
                seats = [None, None]
                seats[seat] = make(seat_seed(number, seat))
                seats[1 - seat] = make_player("rule", timed=False, seed=seat_seed(number, 1 - seat))
                state = game.new_game(seed=10_000 + number)
                while not state.is_over:
                    who = state.current_player
                    if who == CHANCE:
                        state = state.play_chance()
                        continue
                    start = time.perf_counter()
                    action = seats[who](state, who)
                    if who == seat and state.phase == "move":
                        spent.append(time.perf_counter() - start)
                    state = state.play(action)
                scores.append(score({"winners": list(state.winners)}, seat))
        p = sum(scores) / len(scores)
        low, high = wilson(p, len(scores))
        spent.sort()
        print(f"  {label:32} {p:6.1%} [{low:.1%}, {high:.1%}] of {len(scores)};  a move decision: median "
              f"{statistics.median(spent):.3f} s, 90% {spent[int(0.9 * (len(spent) - 1))]:.3f} s")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60, help="positions timed per level (default 60)")
    parser.add_argument("--browser", action="store_true", help="also time the decisions inside Pyodide (Node.js)")
    parser.add_argument("--setups", type=int, default=0, help="count the set-ups of N games per level")
    parser.add_argument("--alternatives", type=int, default=0, help="play N timed games a seating per alternative")
    args = parser.parse_args()
    strength()
    print_times(f"time a decision here, {args.positions} positions:", move_times(args.positions))
    if args.browser:
        figures = browser_times(args.positions)
        if figures is not None:
            print_times(f"time a decision in Pyodide (Node.js), {args.positions} positions:", figures)
    if args.setups:
        setups(args.setups)
    if args.alternatives:
        alternatives(args.alternatives)


if __name__ == "__main__":
    main()
