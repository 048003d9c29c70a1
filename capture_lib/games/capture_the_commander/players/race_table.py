"""Making Capture the Commander's race table again (``python -m`` this module).

The table (``race.json``, read by ``race``) counts, for each race between the two Commanders, how often
the player to act went on to win, over many games between two copies of the search's playout policy.
It is made once and stored; this module plays those games.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
from collections import defaultdict

from capture_lib.games import load_game
from capture_lib.games.capture_the_commander.players.race import (
    FLAGS,
    MOST,
    RACE_FILE,
    RACE_SEED,
    Cells,
    Race,
    race_of,
    win_chances,
)
from capture_lib.games.capture_the_commander.players.search import playout


def race_counts(games: int, seed: int = RACE_SEED) -> Cells:
    """Race -> (games won by the player to act, positions), both seats counted (see ``race_of``).

    Each game is dealt from its seed and played by the search's playout policy on both sides, which
    reads only public facts. A shared hand counts half.
    """
    game = load_game("capture-the-commander")
    counts: dict[Race, list[float]] = defaultdict(lambda: [0.0, 0])
    for number in range(games):
        rng = random.Random(seed + number)
        state = game.new_game(seed=seed + number).resolve_chance(rng)
        seen = []
        while not state.is_over:
            if state.phase == "play":
                me = state.current_player
                seen.append((me, race_of(state, me)))
            state = state.play(playout(state, rng))
        # Two seats: returns() is +1, 0 or -1, so (r + 1) / 2 scores a win 1, a shared hand 1/2, a loss 0.
        shares = [(r + 1) / 2 for r in state.returns()]
        for me, cell in seen:
            won = counts[cell]
            won[0] += shares[me]
            won[1] += 1
    return {cell: (w, n) for cell, (w, n) in sorted(counts.items())}


def save(cells: Cells, games: int, seed: int, path: pathlib.Path = RACE_FILE) -> None:
    """Write the counts with what run made them."""
    data = {"meta": {"games": games, "seed": seed, "players": "playout policy on both sides"},
            "cells": [[*race, won, seen] for race, (won, seen) in cells.items()]}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Play the games and store the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=RACE_SEED)
    args = parser.parse_args(argv)
    cells = race_counts(args.games, args.seed)
    save(cells, args.games, args.seed)
    win_chances.cache_clear()  # the table just written, not one read before
    chances = win_chances()
    print("own distance, other's: the chance to win for neither / other / own / both strong cards")
    for own in range(MOST + 1):
        for other in range(MOST + 1):
            print(own, other, " ".join(f"{chances[own, other, *flags]:.2f}" for flags in FLAGS))
    print(f"written to {RACE_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
