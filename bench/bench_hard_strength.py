"""How much stronger the hard level is than yardsticks above the rule-based player, in Elo with intervals.

For Command Capture and Capture: A Medieval Wargame, the hard level (untimed: its budget of positions, so the
games are the same on any machine) plays, each side first in half the games:

- ``previous``: the hard level before this one, as git has it at ``--previous`` (Command Capture: that
  revision's alpha-beta module, loaded from git, at its own budget; Medieval: the planner at the old hard
  budget, one plan a decision, planned again at every decision, as it played then);
- ``4x``: itself with four times the budget (Command Capture: four times the positions; Medieval: two more
  plans, each twice as wide, about four times the positions): what a device four times as fast plays;
- ``card-commander`` (``--card N``): Card Commander's hard level at the budget the browser runs in its cap,
  against the rule-based player, the games' anchor.

Command Capture's games start from the quick set-up (the Assassins placed by chance), across the nine pairings
of armies in turn, at most 100 turns (``TURN_LIMIT``); the seeds are ``--seed`` on, one a game and the same
both ways. Each line gives the score (a draw counts half) with its 95% Wilson interval and the same as Elo.

    python bench/bench_hard_strength.py [--games 24] [--workers 1] [--only command-capture] [--against previous 4x]
                                        [--previous main] [--card 0]
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import pathlib
import subprocess
import sys
import types
from concurrent.futures import ProcessPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib import CHANCE, load_game  # noqa: E402
from capture_lib.experiments.simulate import head_to_head, wilson  # noqa: E402
from capture_lib.search.levels import make_player  # noqa: E402
from capture_lib.search.simple import seat_seed  # noqa: E402

ARMIES = ("rome", "egypt", "vikings")
PAIRINGS = tuple(itertools.product(ARMIES, ARMIES))
ALPHABETA = "capture_lib/games/command_capture/players/alphabeta.py"
#: Command Capture's turn limit here: a drawn game between two strong searches otherwise runs to 200 turns.
TURN_LIMIT = 100


@functools.cache
def previous_alphabeta(revision: str) -> types.ModuleType:
    """The alpha-beta module as git has it at ``revision``, loaded under a name of its own."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:{ALPHABETA}"], check=True,
                            capture_output=True, text=True).stdout
    module = types.ModuleType("previous_alphabeta")
    module.__file__ = f"{revision}:{ALPHABETA}"
    exec(compile(source, module.__file__, "exec"), module.__dict__)  # noqa: S102 - the project's own code
    return module


def player(slug: str, name: str, seed: int, revision: str):
    """The player ``name`` (``hard``, ``previous`` or ``4x``) of ``slug``, with its own ``seed``."""
    if name == "hard":
        return make_player("hard", timed=False, seed=seed)
    if slug == "command-capture":
        from capture_lib.games.command_capture.players import alphabeta

        if name == "previous":
            return previous_alphabeta(revision).alphabeta_player("hard", timed=False)
        nodes = alphabeta.LEVELS["hard"].nodes * 4
        memory, repetitions = alphabeta.Memory(), alphabeta.Repetitions()

        def four_times(state, seat):
            secret = alphabeta.game_secret(seed, state, seat)
            return alphabeta.choose(state, seat, nodes, None, repetitions, secret, memory)[0]

        return four_times
    from dataclasses import replace

    from capture_lib.games.medieval_capture.players import players, setup
    from capture_lib.games.medieval_capture.players.planner import choose

    hard = players.BUDGETS["hard"]
    if name == "4x":
        return _planner(replace(hard, widen=hard.widen + 2), seed)
    # The previous hard: one plan a decision at the old budget, planned again at every decision.
    old = replace(hard, widen=0, to_cap=False)
    return setup.setup_player(lambda state, seat: choose(state, seat, old, False), setup.planned_setup, seed)


def _planner(budget, seed: int):
    """Medieval's hard player (its set-up, its turn plans) at ``budget``."""
    from capture_lib.games.medieval_capture.players import players, setup

    saved = players.BUDGETS["hard"]
    players.BUDGETS["hard"] = budget
    try:
        play = players.planner_player("hard", timed=False)
    finally:
        players.BUDGETS["hard"] = saved
    return setup.setup_player(play, setup.planned_setup, seed)


def play_one(job: tuple) -> float:
    """One game: ``job`` is (slug, names of seat 0 and 1, seed, revision); seat 0's score."""
    slug, names, seed, revision = job
    game = load_game(slug)
    if slug == "command-capture":
        blue, red = PAIRINGS[seed % len(PAIRINGS)]
        state = game.new_game(seed=seed, blue=blue, red=red, setup="quick", turn_limit=TURN_LIMIT)
    else:
        state = game.new_game(seed=seed)
    seats = [player(slug, name, seat_seed(seed, seat), revision) for seat, name in enumerate(names)]
    while not state.is_over and len(state.history) < 5000:
        mover = state.current_player
        state = state.play_chance() if mover == CHANCE else state.play(seats[mover % 2](state, mover))
    winners = state.winners
    return 1.0 if winners == (0,) else 0.0 if winners == (1,) else 0.5


def elo(score: float) -> float:
    """The Elo difference that gives ``score`` against an opponent (±inf at 0 and 1)."""
    return -math.inf if score <= 0 else math.inf if score >= 1 else -400 * math.log10(1 / score - 1)


def report(what: str, scores: list[float]) -> None:
    """Print a score with its interval, and in Elo."""
    n = len(scores)
    p = sum(scores) / n
    low, high = wilson(p, n)
    print(f"  {what:34} {p:6.1%} [{low:.1%}, {high:.1%}] of {n} ({scores.count(1.0)} won, "
          f"{scores.count(0.5)} drawn); Elo {elo(p):+.0f} [{elo(low):+.0f}, {elo(high):+.0f}]", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=24, help="games a pairing (half each way)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=70_000)
    parser.add_argument("--only", nargs="*", default=["command-capture", "medieval-capture"])
    parser.add_argument("--against", nargs="*", default=["previous", "4x"], choices=["previous", "4x"])
    parser.add_argument("--previous", default="main", help="the git revision of the previous hard level")
    parser.add_argument("--card", type=int, default=0, help="Card Commander games of hard against rule")
    args = parser.parse_args()
    revision = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.previous], check=True,
                              capture_output=True, text=True).stdout.strip()
    with ProcessPoolExecutor(args.workers) as pool:
        for slug in args.only:
            print(f"{slug}: hard against (the previous hard is {args.previous} = {revision}):", flush=True)
            for other in args.against:
                # Each seed both ways, one after the other, each game's score printed as it ends: a run cut
                # short by a time limit still says what it played.
                jobs = [(slug, names, seed, revision) for seed in range(args.seed, args.seed + args.games // 2)
                        for names in (("hard", other), (other, "hard"))]
                scores = []
                for job, result in zip(jobs, pool.map(play_one, jobs), strict=True):
                    scores.append(result if job[1][0] == "hard" else 1.0 - result)
                    print(f"    seed {job[2]}, {' v '.join(job[1])}: hard scores {scores[-1]:g}", flush=True)
                report(f"hard v {other}", scores)
        if args.card:
            rate, _ = head_to_head("card-commander", "hard", "rule", args.card, args.seed, executor=pool)
            p, low, high, n = rate
            print("card-commander: hard (1,500 iterations) against rule, the anchor (1500):")
            print(f"  {p:6.1%} [{low:.1%}, {high:.1%}] of {n}; hard {1500 + elo(p):.0f} "
                  f"[{1500 + elo(low):.0f}, {1500 + elo(high):.0f}]", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
