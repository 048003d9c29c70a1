"""How often a board writes its kept game, per whole game, for every registered game (issues 38 and 40).

A person plays random legal moves against the computer's random level (seeded) to the game's end, on a board
that keeps when a turn begins (a kernel, a terminal: ``keeps_every_action`` off) and on one that keeps after
every action of the person (the live book's engine, which dies with its page); each board's writes to the vault
(``BoardController.keeps``: games kept and, at the end, forgotten) are counted, which is what its host copies to
its own storage (a claim file, the browser's database). Before, the live book's engine copied its folder to the
database after every message, and the page rewrote the claim in the browser's storage at every draw.

    python bench/bench_keep_writes.py [--games 2] [--seed 5]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib import list_games  # noqa: E402
from capture_lib.session.board import BoardController  # noqa: E402


def one_game(slug: str, seed: int, every_action: bool) -> tuple[int, int, int]:
    """A whole game: the person's actions, the turns the person began, and the board's writes to the vault."""
    rng = random.Random(seed)
    board = BoardController(slug, seed=seed, level="random", computer_seed=seed)  # the same game both ways
    board.keeps_every_action = every_action
    actions = turns = 0
    while not board.state.is_over and board.legal:
        before = len(board.state.history)
        board.handle({"type": "play", "action": rng.choice(board.legal)})
        actions += 1
        turns += len(board.state.history) > before + 1  # someone else acted: the person's next turn began
    return actions, turns, board.keeps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    os.environ["CAPTURE_SAVES"] = tempfile.mkdtemp(prefix="capture-bench-keeps-")
    print(f"writes of the kept game per whole game (mean of {args.games} games against the random level)")
    print(f"{'game':24s} {'actions':>8s} {'turns':>6s} {'kept at turn starts':>20s} {'kept every action':>18s}")
    for slug in list_games():
        totals = [0, 0, 0, 0]
        for game in range(args.games):
            actions, turns, keeps = one_game(slug, args.seed + game, every_action=False)
            _, _, every = one_game(slug, args.seed + game, every_action=True)
            for i, value in enumerate((actions, turns, keeps, every)):
                totals[i] += value
        mean = [total / args.games for total in totals]
        print(f"{slug:24s} {mean[0]:8.0f} {mean[1]:6.0f} {mean[2]:20.0f} {mean[3]:18.0f}")


if __name__ == "__main__":
    main()
