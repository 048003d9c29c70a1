"""How far quick public-information players get against Capture the Commander's rule-based player.

A fast loop for trying ideas before paying for a search: each player here decides in well under a
millisecond, so thousands of games take a minute or two, and the interval printed is narrow enough
to tell a few points apart (80 search games cannot: they give about +-10 points). Players:

- ``random``: any legal move;
- ``race``: the search's playout policy without its noise (``best_move``: the attack that best
  races the Commanders);
- ``lookahead``: every outcome of each attack (win, loss or tie, with the rank the winner shows, from
  the ranks nobody has seen), each scored by the race table (``capture_lib.games.capture_the_commander.players.race``)
  for the opponent, who acts next; the attack with the best expected score.

Each deal is played twice, the player on each seat once, against the rule-based player::

    python bench/bench_ctc_policies.py [--games N] [--workers K] [--seed S] [--players random,race,lookahead]

Measured on the 2-core machine (4,000 games each, seed 1000, about 2 minutes): random 23.6%,
race 62.3%, lookahead 64.5% (each +-1.5). The hard search (2,000 iterations) wins 65.5% of 480 games
(95% interval 61.2% to 69.6%: the stored 80 of ``results/``, 160 from seed 70000, 240 from seed 80000);
the rule-based player's own 50% is the mirror match. The ``counter`` ceiling player
(``capture_lib.games.capture_the_commander.players.counter.counter_player``: fair, but built against the
rule-based player, which it plays out thousands of times a move) is measured by
``python -m capture_lib.experiments.analysis --only capture-the-commander-counter`` (400 games, in the book's
numbers chapter).
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from capture_lib import load_game
from capture_lib.experiments.simulate import wilson
from capture_lib.games.capture_the_commander.players import search
from capture_lib.games.capture_the_commander.players.race import shown_ranks, strong_shown, win_chances
from capture_lib.games.capture_the_commander.players.rule import simple_player
from capture_lib.games.capture_the_commander.rules.layout import COMMANDER, commander_distance


def _after(mine: int, my_ranks: list, theirs: int, their_ranks: list, table: dict) -> float:
    """The mover's chance to win once the battle is over and the other player is to act."""
    if not theirs >> COMMANDER & 1:
        return 1.0
    if not mine >> COMMANDER & 1:
        return 0.0
    race = (commander_distance(theirs), commander_distance(mine), strong_shown(theirs, their_ranks),
            strong_shown(mine, my_ranks))
    return 1.0 - table[race]


def _outcomes(mine: int | None, theirs: int | None, unseen: list[int]) -> list[tuple[int, int, float]]:
    """(my rank, their rank, probability) of a battle; ``None`` is a card nobody has seen."""
    total = sum(unseen)
    if mine is not None and theirs is not None:
        return [(mine, theirs, 1.0)]
    if mine is not None:
        return [(mine, r, n / total) for r, n in enumerate(unseen) if n]
    if theirs is not None:
        return [(r, theirs, n / total) for r, n in enumerate(unseen) if n]
    return [(i, j, unseen[i] * (unseen[j] - (i == j)) / (total * (total - 1)))
            for i in range(13) for j in range(13) if unseen[i] and unseen[j] - (i == j) > 0]


def _with(ranks: list, slot: int, rank: int | None) -> list:
    """``ranks`` with ``slot``'s entry replaced (a card shown, or gone)."""
    changed = list(ranks)
    changed[slot] = rank
    return changed


def lookahead(world: Any, rng: random.Random) -> Any:
    """The attack with the best expected race-table score one battle ahead (tie-breaks: the playout's pick)."""
    legal = world.legal_actions()
    if world.phase != "play" or len(legal) == 1:
        return search.best_move(world, rng, legal)
    table = win_chances()
    me = world.current_player
    them = 1 - me
    unseen = search.unseen_ranks(world)
    mine, theirs = world.masks[me], world.masks[them]
    my_ranks, their_ranks = shown_ranks(world, me), shown_ranks(world, them)
    scored = []
    for a in legal:
        s, d = a.attacker_slot, a.defender_slot
        value = 0.0
        for i, j, p in _outcomes(my_ranks[s], their_ranks[d], unseen):
            won = lost = None
            if i >= j:  # my card stays, shown; theirs goes
                won = _after(mine, _with(my_ranks, s, i), theirs & ~(1 << d), _with(their_ranks, d, None), table)
            if i <= j:
                lost = _after(mine & ~(1 << s), _with(my_ranks, s, None), theirs, _with(their_ranks, d, j), table)
            # A tie goes to a tie-break: counted as even odds of either result.
            value += p * (won if lost is None else lost if won is None else (won + lost) / 2)
        scored.append((value, a))
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v > best - 1e-12])


def random_move(world: Any, rng: random.Random) -> Any:
    """Any legal action."""
    return rng.choice(world.legal_actions())


PLAYERS = {"random": random_move, "race": search.best_move, "lookahead": lookahead}


def play(job: tuple[str, int, int]) -> float:
    """One game of player ``name`` on ``seat`` against the rule-based player: 1 a win, 0.5 shared, 0 a loss."""
    name, seed, seat = job
    rng = random.Random(seed * 2 + seat)
    state = load_game("capture-the-commander").new_game(seed=seed).resolve_chance(random.Random(seed))
    while not state.is_over:
        player = state.current_player
        if player < 0:
            state = state.resolve_chance(random.Random(seed + len(state.history)))
        elif player == seat:
            state = state.play(PLAYERS[name](state, rng))
        else:
            state = state.play(simple_player(state, player))
    return 1.0 if state.winners == (seat,) else 0.5 if not state.winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games per player (two per deal)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--players", default=",".join(PLAYERS))
    args = parser.parse_args()
    print(f"Capture the Commander against the rule-based player, {args.games} games each (seed {args.seed})")
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.players.split(","):
            if name not in PLAYERS:
                parser.error(f"no player {name!r}; choose from {', '.join(PLAYERS)}")
            start = time.perf_counter()
            jobs = [(name, args.seed + i // 2, i % 2) for i in range(args.games)]
            results = list(pool.map(play, jobs, chunksize=50))
            p = sum(results) / len(results)
            low, high = wilson(p, len(results))
            print(f"  {name:<10} {p:6.1%} (95% interval {low:.1%} to {high:.1%})  "
                  f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
