"""The board session's own cost of a move: host time, disk writes, and how many files a move passes.

For each game, a board against the computer at its ``random`` level (so its thinking costs next to
nothing) plays seeded moves through ``handle`` as a page does. Printed per game, over the moves:

- host time: the whole ``handle`` less the time spent inside the engine (``play``, ``legal_actions``,
  ``observation``) and the computer player: what the session, the scene and the values cost, median and
  90th percentile, in ms (time.process_time, so other processes' load counts against neither);
- writes: how many times the game was kept on disk, and on how many of the moves that did not end a turn;
- files: how many of capture_lib's files one move passes through (calls between files, as a profiler
  sees them), and how many calls cross from one file to another, median over the moves.

    python bench/bench_host_time.py [--moves N] [--games SLUG ...]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib import list_games  # noqa: E402
from capture_lib.core.protocol import State  # noqa: E402
from capture_lib.session import vault  # noqa: E402
from capture_lib.session.board import BoardController  # noqa: E402

PACKAGE = str(ROOT / "capture_lib")


class Clock:
    """Time spent inside the engine's ``play`` and the computer player, to take away from the whole."""

    def __init__(self) -> None:
        self.inside = 0.0
        self.depth = 0

    def wrap(self, function):
        def timed(*args, **kwargs):
            if self.depth:
                return function(*args, **kwargs)
            self.depth += 1
            started = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.inside += time.process_time() - started
                self.depth -= 1
        return timed


def crossings(call) -> tuple[int, int]:
    """The capture_lib files one call passes through, and the calls that cross from one file to another."""
    files: set[str] = set()
    crossed = 0
    stack: list[str] = []

    def profile(frame, event, _arg):
        nonlocal crossed
        if event == "call":
            name = frame.f_code.co_filename
            if name.startswith(PACKAGE):
                files.add(name)
                if stack and stack[-1] != name:
                    crossed += 1
            stack.append(name)
        elif event == "return" and stack:
            stack.pop()

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return len(files), crossed


def bench(slug: str, moves: int, seed: int = 1) -> dict:
    clock = Clock()
    engine = {name: getattr(State, name) for name in ("play", "legal_actions", "observation")}
    for name, function in engine.items():
        setattr(State, name, clock.wrap(function))
    writes: list[bool] = []
    original_keep = vault.keep

    def keep(*args, **kwargs):
        writes.append(True)
        return original_keep(*args, **kwargs)

    vault.keep = keep
    try:
        board = BoardController(slug, seed=seed, seat=0, level="random")
        board._opponent = clock.wrap(board._opponent)
        rng = random.Random(seed)
        host, mid_turn_writes, mid_turn_moves, files, crossed = [], 0, 0, [], []
        for _ in range(moves):
            if board.state.is_over:
                board.handle({"type": "new", "confirm": True})
            if not board.legal:
                board.handle({"type": "ready"})
                continue
            action = rng.choice(board.legal)
            before_writes = len(writes)
            mover, known = board.state.current_player, len(board._states)
            clock.inside = 0.0
            started = time.process_time()
            board.handle({"type": "play", "action": action})
            host.append((time.process_time() - started - clock.inside) * 1000)
            # The turn goes on when the mover is still to act and nobody else acted meanwhile.
            if all(s.current_player == mover for s in board._states[known - 1:]) and not board.state.is_over:
                mid_turn_moves += 1
                mid_turn_writes += len(writes) > before_writes
        for _ in range(5):  # the files a move passes, on a few more moves
            if board.state.is_over or not board.legal:
                break
            action = rng.choice(board.legal)
            count, cross = crossings(lambda a=action: board.handle({"type": "play", "action": a}))
            files.append(count)
            crossed.append(cross)
    finally:
        for name, function in engine.items():
            setattr(State, name, function)
        vault.keep = original_keep
    host.sort()
    return {"game": slug, "median": statistics.median(host), "p90": host[int(len(host) * 0.9)],
            "writes": len(writes), "mid_turn": f"{mid_turn_writes} of {mid_turn_moves}",
            "files": statistics.median(files) if files else 0, "crossed": statistics.median(crossed) if crossed else 0}


def main(argv: list[str] | None = None) -> int:
    """Print each game's figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--games", nargs="*", default=list_games())
    args = parser.parse_args(argv)
    import os
    import tempfile

    os.environ["CAPTURE_SAVES"] = tempfile.mkdtemp(prefix="capture-bench-")
    print(f"{'game':<24}{'host ms median':>16}{'p90':>8}{'disk writes':>13}{'mid-turn moves written':>24}"
          f"{'files':>7}{'crossings':>11}")
    for slug in args.games:
        row = bench(slug, args.moves)
        print(f"{row['game']:<24}{row['median']:>16.2f}{row['p90']:>8.2f}{row['writes']:>13}{row['mid_turn']:>24}"
              f"{row['files']:>7}{row['crossed']:>11}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
