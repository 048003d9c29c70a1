"""Bytes a move sends to the page, for every registered game (issue 38: "a move sends what changed, or the scene
once compressed, whichever a measurement shows is simpler and smaller").

A board against the computer's random level plays random legal moves (seeded), game after game (a "new game"
when one ends, not counted) until it has played ``--moves``; after each move, what each way of sending would put
on the wire:

- ``values``: every value, as the notebook hosts' widget syncs them (JupyterLab, Voila, the class server);
- ``changed``: the values that changed, as the session's ``handle`` returns them (the live book's worker posts
  these to its page, in memory);
- ``patch``: what changed inside them, as a JSON merge patch (RFC 7386; a list that changed is sent whole);
- each of those compressed as a WebSocket with ``permessage-deflate`` compresses a message (RFC 7692: raw
  deflate, the window kept from message to message, each message flushed), which ``capture serve`` turns on
  for the class (``c.Voila.tornado_settings``): the scene sent before is the dictionary for the next.

Printed: the median and the largest of each, per game. Nothing is asserted here.

    python bench/bench_update_bytes.py [--moves 120] [--seed 3]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import sys
import zlib
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib import list_games  # noqa: E402
from capture_lib.session.board import BoardController  # noqa: E402


def merge_patch(old: Any, new: Any) -> Any:
    """The JSON merge patch (RFC 7386) that turns ``old`` into ``new``."""
    if not isinstance(old, dict) or not isinstance(new, dict):
        return new
    patch = {key: merge_patch(old.get(key), value) for key, value in new.items() if key not in old or old[key] != value}
    patch.update({key: None for key in old if key not in new})
    return patch


def text(value: Any) -> bytes:
    """``value`` as the page receives it: compact JSON."""
    return json.dumps(value, separators=(",", ":")).encode()


class Deflate:
    """One direction of a WebSocket with permessage-deflate and context takeover: bytes of each message sent."""

    def __init__(self) -> None:
        self.stream = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -zlib.MAX_WBITS)

    def size(self, data: bytes) -> int:
        # Each message ends with a sync flush whose last four bytes the extension leaves off (RFC 7692, 7.2.1).
        return len(self.stream.compress(data) + self.stream.flush(zlib.Z_SYNC_FLUSH)) - 4


def measure(slug: str, moves: int, seed: int) -> dict[str, list[int]]:
    """Bytes per move of each way of sending, over ``moves`` moves of one game (as many games as that takes)."""
    rng = random.Random(seed)
    board = BoardController(slug, seed=seed, level="random")
    sizes: dict[str, list[int]] = {name: [] for name in
                                   ("values", "changed", "patch", "values deflated", "changed deflated",
                                    "patch deflated")}
    streams = {name: Deflate() for name in ("values", "changed", "patch")}
    before = board.values()
    streams["values"].size(text(before))  # the page's first values, as a host sends them when it opens
    streams["changed"].size(text(before))
    streams["patch"].size(text(before))
    while len(sizes["values"]) < moves:
        if board.state.is_over or not board.legal:
            board.handle({"type": "new", "confirm": True})
            before = board.values()
            for stream in streams.values():
                stream.size(text(before))  # sent too, but not a move
            continue
        changed = board.handle({"type": "play", "action": rng.choice(board.legal)})
        changed.pop("_messages", None)
        after = board.values()
        for name, value in (("values", after), ("changed", changed), ("patch", merge_patch(before, after))):
            data = text(value)
            sizes[name].append(len(data))
            sizes[f"{name} deflated"].append(streams[name].size(data))
        before = after
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=120)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    print(f"bytes a move sends to the page (median / largest of {args.moves} moves, seed {args.seed})")
    names = ("values", "changed", "patch", "values deflated", "changed deflated", "patch deflated")
    print(f"{'game':24s} {'moves':>5s} " + " ".join(f"{name:>17s}" for name in names))
    for slug in list_games():
        sizes = measure(slug, args.moves, args.seed)
        cells = [f"{int(statistics.median(sizes[n])):>8d} / {max(sizes[n]):>6d}" for n in names]
        print(f"{slug:24s} {len(sizes['values']):>5d} " + " ".join(cells))


if __name__ == "__main__":
    main()
