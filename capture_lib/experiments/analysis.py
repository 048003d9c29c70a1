"""What the numbers say: the experiments behind the book's analysis chapter, for every game that declares them.

Run ``python -m capture_lib.experiments.analysis`` to regenerate the data files under ``results/`` (the
checkout's, or the current folder's when capture_lib is a pip install; ``--results DIR`` names another; each is JSON
lines: a meta line, then one record per game, see ``capture_lib.experiments.simulate.save``). The chapter's
notebooks only read those files and summarize them (with the tallies here and their game's own tables), so the
book builds fast and every figure in its text is computed from the stored games.

    python -m capture_lib.experiments.analysis [--only NAME ...] [--scale X]
        [--workers K | --scheduler ADDRESS] [--resume] [--minutes M] [--pairings A:B ...] [--results DIR]

Experiments (``EXPERIMENTS``) come from each registered game's ``experiments`` part
(``capture_lib/games/<game>/experiments.py``, declared as data: ``capture_lib.core.experiments``): its own
experiments (batches of seeded games, ``play_experiment``), its strength table (the levels and the ceiling
players against each other, ``<game>-strength``) and its ratings round robin (every pair of its rated players,
rated by ``capture_lib.experiments.ratings``, ``<game>-ratings``). The search levels play untimed here
(``capture_lib.search.levels.make_player``), so the stored games do not depend on how busy the machine was. A
strength or ratings run saves after each pairing, so a stopped run keeps what it did, and ``--resume`` plays
only the pairings its file does not hold yet (a ratings run also takes the games it needs from the game's
other stored level-against-level files, ``RoundRobin.sources``).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import pathlib
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any

from capture_lib.core.experiments import Experiment, Rate, RoundRobin, StrengthTable, rate
from capture_lib.core.parts import ExperimentsPart
from capture_lib.core.places import results_dir
from capture_lib.experiments.cluster import ClusterError, executor_for
from capture_lib.experiments.simulate import head_to_head, load, run_games, save, score
from capture_lib.games import descriptions, load_game

__all__ = ["EXPERIMENTS", "GAME_OPTIONS", "RESULTS", "ROUND_ROBINS", "SEED", "STRENGTH_TABLES", "Rate", "by_variant",
           "compact", "endings", "main", "play", "play_experiment", "rate", "ratings_games", "read", "run", "score",
           "share_against", "side_win_rate", "starts_lines", "strength_games", "strength_table", "turn_summary"]

#: Where the stored games are (``capture_lib.core.places.results_dir``): never inside an installed package.
RESULTS = results_dir()
#: Every experiment's first game seed (game i of a run uses SEED + i).
SEED = 20_000


def _parts() -> dict[str, ExperimentsPart]:
    """Each registered game's experiments part, by slug, in the book's order (games without one left out)."""
    found = {}
    for description in descriptions():
        part = description.experiments
        if part is not None:
            found[description.slug] = part
    return found


_PARTS = _parts()
#: Options of every experiment game, by game (its part's ``OPTIONS``; games without any left out).
GAME_OPTIONS: dict[str, dict[str, Any]] = {slug: dict(part.OPTIONS) for slug, part in _PARTS.items() if part.OPTIONS}
#: Each game's strength table (``StrengthTable``: its pairings, the most telling first).
STRENGTH_TABLES: dict[str, StrengthTable] = {slug: part.STRENGTH for slug, part in _PARTS.items()
                                             if part.STRENGTH is not None}
#: Each game's ratings round robin (``RoundRobin``: its players, the pairings that get more games, the stored
#: experiments a resumed run may take games from).
ROUND_ROBINS: dict[str, RoundRobin] = {slug: part.RATINGS for slug, part in _PARTS.items()
                                       if part.RATINGS is not None}


# ----- running the experiments -----------------------------------------------------------------------------
def play_experiment(slug: str, experiment: Experiment, games: int, seed: int, executor: Executor
                    ) -> list[dict[str, Any]]:
    """The records of ``experiment`` of the game ``slug``: each batch's games from ``seed``, in order.

    A batch plays ``games`` games (with ``experiment.spread``, its even share of them) under the game's
    experiment options and its own; ``both_ways``, each of its two players first in half of them, the same
    seeds both ways (``head_to_head``). A batch's ``variant`` is stored in each of its records.
    """
    per = games // len(experiment.batches) if experiment.spread else games
    records: list[dict[str, Any]] = []
    for batch in experiment.batches:
        options = {**GAME_OPTIONS.get(slug, {}), **batch.options}
        if batch.both_ways:
            first, second = batch.players
            played = head_to_head(slug, first, second, per, seed, options, executor=executor)[1]
        else:
            played = run_games(slug, per, list(batch.players), seed, options, batch.opening, executor=executor)
        records += [{**r, "variant": batch.variant} for r in played] if batch.variant else played
    return records


def strength_games(slug: str, games: int, seed: int, executor: Executor,
                   done: Callable[[list[dict[str, Any]]], None] | None = None,
                   kept: Iterable[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The pairings of ``slug``'s strength table (``STRENGTH_TABLES``), each player first in half the games.

    ``done(records)`` is called with the records so far after each pairing (``run`` saves them, so a
    long run that is stopped keeps the pairings it finished). A pairing that ``kept`` (records of an
    earlier run with the same games and seed) already holds in full is taken from it, not played again.
    """
    earlier: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for r in kept:
        earlier.setdefault(tuple(sorted(r["players"])), []).append(r)
    records: list[dict[str, Any]] = []
    for first, second in STRENGTH_TABLES[slug].pairings:
        stored = earlier.get(tuple(sorted((first, second))), [])
        if len(stored) == games and [r["players"] for r in stored[:1]] == [[first, second]]:
            records += stored
            continue
        records += head_to_head(slug, first, second, games, seed, GAME_OPTIONS.get(slug), executor=executor)[1]
        if done is not None:
            done(records)
    return records


def start_of(slug: str, options: dict[str, Any], seed: int) -> tuple[str, ...]:
    """The start of the game ``slug`` dealt by ``seed`` under ``options``: what chance deals before any seat decides
    (Command Capture's quick set-up: both Assassins' squares), as the notation of those chance events."""
    state = load_game(slug).new_game(seed=seed, **options).resolve_chance()
    return tuple(str(action) for action in state.history)


def start_seeds(slug: str, options: dict[str, Any], seed: int, distinct: bool) -> Iterator[int]:
    """The seeds a seating of a round robin plays under ``options``, in order from ``seed``: every seed, or with
    ``distinct`` only those that deal a start no earlier seed dealt (``start_of``). ``ValueError`` when the
    starts run out: the game has no more distinct starts under these options."""
    if not distinct:
        yield from itertools.count(seed)
        return
    seen: set[tuple[str, ...]] = set()
    misses = 0
    for candidate in itertools.count(seed):
        start = start_of(slug, options, candidate)
        if start in seen:
            misses += 1
            # Far more repeats in a row than distinct starts so far: every start has been dealt.
            if misses > 200 + 50 * len(seen):
                raise ValueError(f"{slug} has only {len(seen)} distinct starts under {options}; play fewer games "
                                 "of a seating there, or spread them over more option sets")
            continue
        misses = 0
        seen.add(start)
        yield candidate


def _play_seeds(slug: str, seating: tuple[str, str], seeds: list[int], options: dict[str, Any],
                executor: Executor) -> list[dict[str, Any]]:
    """The games of ``seating`` at each of ``seeds`` under ``options`` (each unbroken run of seeds at once)."""
    records: list[dict[str, Any]] = []
    for _key, group in itertools.groupby(enumerate(seeds), key=lambda pair: pair[1] - pair[0]):
        run = [seed for _index, seed in group]
        records += run_games(slug, len(run), list(seating), run[0], options or None, executor=executor)
    return records


class _Deadline:
    """When a run stops starting new games (``--minutes``): never, or ``minutes`` after it began."""

    def __init__(self, minutes: float | None) -> None:
        self.end = None if minutes is None else time.monotonic() + 60 * minutes

    def passed(self) -> bool:
        """Whether the run should start no more games."""
        return self.end is not None and time.monotonic() > self.end


def ratings_games(slug: str, games: int, seed: int, executor: Executor,
                  done: Callable[[list[dict[str, Any]]], None] | None = None,
                  kept: Iterable[dict[str, Any]] = (), minutes: float | None = None,
                  pairings: Iterable[tuple[str, str]] | None = None) -> list[dict[str, Any]]:
    """A round robin of the players of ``slug``'s ``ROUND_ROBINS`` entry: at least ``games`` games for every pair
    (the pairs of its ``more`` at least their own number), each first in half.

    Seeded as ``head_to_head``: the ``k``-th game of each seating uses seed ``seed + k``, so the same
    deals are played both ways. A round robin with a ``spread`` shares each seating's games among its option
    sets (``RoundRobin.shares``), each set from ``seed``, the label stored as the record's ``variant``; with
    ``distinct_starts`` its seats play only the seeds that deal distinct starts (``start_seeds``). Games of
    ``kept`` (records of earlier runs with the same seed) that are such games are taken, all of a seating's
    unbroken run of its seeds, even beyond ``games``; only the rest is played. ``done(records)`` is called
    after each batch it played (a seating under one option set), so a stopped run keeps what it finished;
    with ``minutes``, no batch is started after that many minutes (the pairings not reached are left out, to
    be played by a resumed run). ``pairings`` (pairs of players, in either order) are the only ones played: the
    others keep what ``kept`` holds of them, and no more.
    """
    stored: dict[tuple[tuple[str, ...], str, int], dict[str, Any]] = {}
    for r in kept:
        stored.setdefault((tuple(r["players"]), r.get("variant", ""), r["seed"]), r)
    records: list[dict[str, Any]] = []
    robin = ROUND_ROBINS[slug]
    base = GAME_OPTIONS.get(slug, {})
    seeds_of: dict[str, list[int]] = {}
    deadline = _Deadline(minutes)
    chosen = None if pairings is None else {frozenset(pair) for pair in pairings}
    every = {frozenset(pair) for pair in itertools.combinations(robin.players, 2)}
    unknown = set() if chosen is None else chosen - every
    if unknown:
        raise ValueError(f"{slug}'s round robin has no pairing of {' and '.join(sorted(next(iter(unknown))))}")

    def seeds(label: str, count: int, then: Iterator[int]) -> list[int]:
        known = seeds_of.setdefault(label, [])
        while len(known) < count:
            known.append(next(then))
        return known[:count]

    generators: dict[str, Iterator[int]] = {}
    for first, second in itertools.combinations(robin.players, 2):
        pair = robin.pairing_games(first, second, games)
        for seating, needed in (((first, second), pair // 2), ((second, first), pair - pair // 2)):
            for label, options, share in robin.shares(needed):
                options = {**base, **options}
                then = generators.setdefault(label, start_seeds(slug, options, seed, robin.distinct_starts))
                # The stored games of this seating's unbroken run of seeds, however many.
                have = 0
                while (seating, label, seeds(label, have + 1, then)[have]) in stored:
                    have += 1
                wanted = seeds(label, max(have, share), then)
                taken = [stored[seating, label, s] for s in wanted[:have]]
                missing = wanted[have:]
                played: list[dict[str, Any]] = []
                if missing and (chosen is None or {first, second} in chosen) and not deadline.passed():
                    played = _play_seeds(slug, seating, missing, options, executor)
                    played = [{**r, "variant": label} for r in played] if label else played
                records += taken + played
                if played and done is not None:
                    done(records)
    return records


def pairing_starts(slug: str, records: Iterable[dict[str, Any]]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """For each pairing of ``slug``'s round robin in ``records`` (its two players in name order): its games, the
    distinct starts they were played from (``start_of`` under each game's option set: each is played both ways),
    and how many games repeat a start already played on the same seats (none, where ``distinct_starts``)."""
    robin = ROUND_ROBINS[slug]
    options_of = {label: {**GAME_OPTIONS.get(slug, {}), **options} for label, options in robin.spread}
    options_of.setdefault("", dict(GAME_OPTIONS.get(slug, {})))
    cells: dict[tuple[str, str], tuple[list[Any], set[Any], set[Any]]] = {}
    for r in records:
        variant = r.get("variant", "")
        start = (variant, start_of(slug, options_of[variant], r["seed"]))
        games, starts, seated = cells.setdefault(tuple(sorted(r["players"])), ([], set(), set()))
        games.append(r)
        starts.add(start)
        seated.add((tuple(r["players"]), start))
    return {pair: (len(games), len(starts), len(games) - len(seated)) for pair, (games, starts, seated) in
            sorted(cells.items())}


def starts_lines(slug: str, root: pathlib.Path = RESULTS) -> list[str]:
    """How many distinct starts each pairing of ``slug``'s stored round robin was played from, a line a pairing,
    where its round robin keeps its starts distinct (``RoundRobin.distinct_starts``; elsewhere none: a start
    there is not what chance deals before the first decision, or is the same in every game)."""
    robin = ROUND_ROBINS.get(slug)
    path = root / EXPERIMENTS[f"{slug}-ratings"][0] if robin is not None else None
    if robin is None or not robin.distinct_starts or path is None or not path.exists():
        return []
    _meta, records = load(path)
    spread = f" over {len(robin.spread)} option sets" if robin.spread else ""
    return [f"{a} v {b}: {games} games from {starts} distinct starts{spread}; {repeats} of them repeat a start "
            "on the same seats"
            for (a, b), (games, starts, repeats) in pairing_starts(slug, records).items()]


def stored_rating_games(slug: str, root: pathlib.Path = RESULTS) -> list[dict[str, Any]]:
    """The stored games a resumed round robin of ``slug`` may take: its own file's and its sources'."""
    records: list[dict[str, Any]] = []
    for name in (f"{slug}-ratings", *ROUND_ROBINS[slug].sources):
        path = root / EXPERIMENTS[name][0]
        if path.exists():
            meta, games = load(path)
            if meta.get("seed") == SEED:
                records += [r for r in games if len(r["players"]) == 2]
    return records



def _table() -> dict[str, tuple[str, int, Callable[[int, int, Executor], list[dict[str, Any]]] | None]]:
    """Every game's experiments by name (see ``EXPERIMENTS``): each game's own, its strength table, and last
    the round robins, which may take games the others stored."""
    table: dict[str, tuple[str, int, Callable[[int, int, Executor], list[dict[str, Any]]] | None]] = {}

    def add(name: str, entry: tuple[str, int, Callable[[int, int, Executor], list[dict[str, Any]]] | None]) -> None:
        if name in table:
            raise ValueError(f"two experiments are called {name!r}")
        table[name] = entry

    for slug, part in _PARTS.items():
        for experiment in part.EXPERIMENTS:
            add(experiment.name, (f"{slug}/{experiment.file}", experiment.games,
                                  partial(play_experiment, slug, experiment)))
        if part.STRENGTH is not None:
            add(f"{slug}-strength", (f"{slug}/strength.jsonl", part.STRENGTH.games, None))
    for slug, robin in ROUND_ROBINS.items():
        add(f"{slug}-ratings", (f"{slug}/ratings.jsonl", robin.games, None))
    return table


#: name -> (file under ``results/``, default number of games, how to run it: ``(games, seed, executor) ->
#: records``; ``None``: a strength table, or, for a name ending in ``-ratings``, a ratings round robin, games
#: meaning games a pairing).
EXPERIMENTS = _table()


def play(name: str, games: int, executor: Executor, seed: int = SEED) -> list[dict[str, Any]]:
    """The records of a game's own experiment ``name`` (not a strength table or a round robin), played now and
    not stored: what ``run`` would store (a bench compares a new player with them)."""
    function = EXPERIMENTS[name][2]
    if function is None:
        raise ValueError(f"{name} is a strength table or a round robin; run it with run()")
    return function(games, seed, executor)


def run(name: str, games: int | None = None, executor: Executor | None = None,
        root: pathlib.Path = RESULTS, resume: bool = False, minutes: float | None = None,
        pairings: Iterable[tuple[str, str]] | None = None) -> pathlib.Path:
    """Run experiment ``name`` and write its file under ``root``; returns the path.

    ``resume`` (strength tables and round robins) keeps the pairings that the stored file already holds
    for the same number of games and seed, and plays only the others: use it after adding a pairing or
    after a stopped run, never after changing a player. A resumed round robin also takes the games of
    its round robin's ``sources`` that it would otherwise play again. ``minutes`` (round robins): start no
    batch of games after that many minutes, and store what was played (``--resume`` goes on from there);
    ``pairings`` (round robins): play only those, keeping what is stored of the others (with ``resume``).
    """
    path, default, function = EXPERIMENTS[name]
    games = default if games is None else games
    target = root / path
    meta = {"experiment": name, "games": games, "seed": SEED}
    own = executor is None
    pool = executor or ProcessPoolExecutor()
    try:
        if function is None and name.endswith("-ratings"):
            slug = name.removesuffix("-ratings")
            kept = stored_rating_games(slug, root) if resume else []
            records = ratings_games(slug, games, SEED, pool, kept=kept, minutes=minutes, pairings=pairings,
                                    done=lambda records: save(compact(records), target, meta))
            save(compact(records), target, meta)
        elif function is None:
            slug = name.removesuffix("-strength")
            kept: list[dict[str, Any]] = []
            if resume and target.exists():
                old_meta, old_records = load(target)
                if (old_meta.get("games"), old_meta.get("seed")) == (games, SEED):
                    kept = old_records
            records = strength_games(slug, games, SEED, pool, kept=kept,
                                     done=lambda records: save(compact(records), target, meta))
            save(compact(records), target, meta)
        else:
            save(compact(function(games, SEED, pool)), target, meta)
    finally:
        if own:
            pool.shutdown()
    return target


def compact(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Records as stored: without the options (the experiment fixes them, or the record says them in its
    ``stats`` or ``variant``), to keep the files small."""
    return [{k: v for k, v in r.items() if k != "options"} for r in records]


def read(name: str, root: pathlib.Path = RESULTS) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The stored meta and records of experiment ``name``."""
    return load(root / EXPERIMENTS[name][0])


# ----- summaries the chapters share (each game's own tables are in its experiments part) ---------------------
def strength_table(records: list[dict[str, Any]]) -> dict[tuple[str, str], Rate]:
    """For each pairing (player, opponent) as run by ``strength_games``: the player's win rate."""
    results: dict[tuple[str, str], list[float]] = {}
    order: Counter = Counter()
    for r in records:
        a, b = r["players"]
        key = (a, b) if (a, b) in order or (b, a) not in order else (b, a)
        order[key] += 1
        results.setdefault(key, []).append(score(r, 0 if key == (a, b) else 1))
    return {key: rate(values) for key, values in results.items()}


def share_against(records: Iterable[dict[str, Any]], player: str, opponent: str) -> Rate:
    """``player``'s share of points against ``opponent``, over every game between the two on either seat."""
    pair = sorted((player, opponent))
    return rate(score(r, r["players"].index(player)) for r in records if sorted(r["players"]) == pair)


def endings(records: list[dict[str, Any]]) -> dict[str, Rate]:
    """How often each way of ending a game happened (``ended`` in the record's stats)."""
    kinds = Counter(r["stats"]["ended"] for r in records)
    return {kind: rate([1.0] * n + [0.0] * (len(records) - n)) for kind, n in kinds.most_common()}


def side_win_rate(records: list[dict[str, Any]], side: int = 0) -> Rate:
    """``side``'s win rate (Blue is 0) over ``records`` (a game without a winner counts half)."""
    return rate(score(r, side) for r in records)


def by_variant(records: list[dict[str, Any]], key: Callable[[dict[str, Any]], Any]) -> dict[Any, list[dict]]:
    """The records grouped by ``key(record)``, in the order the groups first appear."""
    groups: dict[Any, list[dict[str, Any]]] = {}
    for r in records:
        groups.setdefault(key(r), []).append(r)
    return groups


def turn_summary(records: list[dict[str, Any]]) -> dict[str, float]:
    """Median and quartiles of the number of turns (``stats.turns``)."""
    turns = [r["stats"]["turns"] for r in records]
    q1, median, q3 = statistics.quantiles(turns, n=4)
    return {"median": median, "q1": q1, "q3": q3, "mean": statistics.fmean(turns)}


def _pairing_argument(text: str) -> tuple[str, str]:
    """``A:B`` on the command line, as a pairing of two players."""
    first, colon, second = text.partition(":")
    if not colon or not first or not second or first == second:
        raise argparse.ArgumentTypeError(f"a pairing is two players as A:B (rule:easy), not {text!r}")
    return first, second


def main(argv: list[str] | None = None) -> int:
    """Regenerate the files under ``results/``."""
    parser = argparse.ArgumentParser(prog="python -m capture_lib.experiments.analysis",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=list(EXPERIMENTS), default=list(EXPERIMENTS))
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every experiment's number of games")
    parser.add_argument("--workers", type=int, default=None, help="local processes (default: one per core)")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help='play the games on the Dask scheduler at ADDRESS (tcp://HOST:8786) instead of local '
                             'processes; needs pip install "capture_lib[cluster]"')
    parser.add_argument("--resume", action="store_true",
                        help="strength tables and round robins: keep the pairings already stored for the same "
                             "games and seed")
    parser.add_argument("--minutes", type=float, default=None, metavar="M",
                        help="round robins: start no batch of games after M minutes; what was played is stored, and "
                             "--resume goes on from there")
    parser.add_argument("--pairings", nargs="+", type=_pairing_argument, default=None, metavar="A:B",
                        help="round robins: play only these pairings (rule:easy ...); with --resume the others keep "
                             "their stored games")
    parser.add_argument("--results", type=pathlib.Path, default=None, metavar="DIR",
                        help=f"the folder to write the games into (default {RESULTS})")
    args = parser.parse_args(argv)
    where = {"root": args.results} if args.results is not None else {}
    with contextlib.ExitStack() as stack:
        try:  # only the executor's own set-up: an error in a game keeps its traceback
            pool = stack.enter_context(executor_for(args.scheduler, args.workers))
        except (ClusterError, ValueError) as err:
            parser.error(str(err))
        for name in args.only:
            games = max(2, round(EXPERIMENTS[name][1] * args.scale))
            print(f"{name}: {games} games a cell ...", flush=True)
            try:
                path = run(name, games, pool, resume=args.resume, minutes=args.minutes, pairings=args.pairings,
                           **where)
            except ValueError as err:
                parser.error(str(err))
            print(f"  wrote {path}", flush=True)
    if any(name.endswith("-ratings") for name in args.only):
        from capture_lib.experiments import ratings

        print(f"  wrote {ratings.write_summary(args.results or RESULTS)}", flush=True)
        for name in args.only:
            if name.endswith("-ratings"):
                for line in starts_lines(name.removesuffix("-ratings"), args.results or RESULTS):
                    print(f"  {line}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
