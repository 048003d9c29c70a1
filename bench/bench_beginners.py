"""The ``beginner`` levels: rated between the random and the rule-based players, as a gentler opponent should be.

For every game with a beginner level (``capture_lib.search.levels.game_levels``), the beginner plays the
random player and the rule-based player, each first in half the games, seeded and untimed (the simulator's
``head_to_head``, with the options the analysis plays the game with). Each line gives the beginner's score
(a draw counts half) with its 95% Wilson interval, and the same as Elo against its opponent. The rule-based
player is the ratings' anchor (1500), so the beginner's rating is 1500 plus its Elo against it.

    python bench/bench_beginners.py [--games 200] [--workers 2] [--seed 90000]
"""

from __future__ import annotations

import argparse
import math
import pathlib
import sys
from concurrent.futures import ProcessPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib.experiments.analysis import GAME_OPTIONS  # noqa: E402
from capture_lib.experiments.simulate import head_to_head  # noqa: E402
from capture_lib.games import list_games  # noqa: E402
from capture_lib.search.levels import game_levels  # noqa: E402


def elo(score: float) -> float:
    """The Elo difference that gives ``score`` (0 to 1) against an opponent; ±inf at the ends."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def line(name: str, rate: tuple[float, float, float, int]) -> str:
    """One pairing's score and Elo, each with its 95% interval."""
    p, low, high, n = rate
    return (f"  {name:26} {p:6.1%} [{low:.1%}, {high:.1%}] of {n}; "
            f"Elo {elo(p):+5.0f} [{elo(low):+.0f}, {elo(high):+.0f}]")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games a pairing (half each way)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=90_000)
    parser.add_argument("--only", nargs="*", default=None, help="these games alone")
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        for slug in args.only or list_games():
            if "beginner" not in game_levels(slug):
                print(f"{slug}: no beginner level")
                continue
            print(f"{slug} (the rule-based player is 1500):", flush=True)
            for other in ("random", "rule"):
                rate, _ = head_to_head(slug, "beginner", other, args.games, args.seed, GAME_OPTIONS.get(slug),
                                       executor=pool)
                print(line(f"beginner v {other}", rate), flush=True)
                if other == "rule":
                    p, low, high, _n = rate
                    print(f"  beginner's rating: {1500 + elo(p):.0f} [{1500 + elo(low):.0f}, {1500 + elo(high):.0f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
