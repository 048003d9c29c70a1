"""What the numbers say: the experiments behind the book's analysis chapter, and their summaries.

Run ``python -m capture_lib.experiments.analysis`` to regenerate the data files under ``results/`` (the
checkout's, or the current folder's when capture_lib is a pip install; ``--results DIR`` names another; each is JSON
lines: a meta line, then one record per game, see ``capture_lib.experiments.simulate.save``). The chapter's
notebooks only read those files and summarize them with the functions here, so the book builds fast
and every figure in its text is computed from the stored games.

    python -m capture_lib.experiments.analysis [--only NAME ...] [--scale X]
        [--workers K | --scheduler ADDRESS] [--resume] [--results DIR]

Experiments (``EXPERIMENTS``): Card Commander's Commander against Commander table (rule-based play,
same deals in every cell), Capture the Commander's first player with 2, 3 and 4 players, and each
game's strength table (the levels and the ceiling players against each other) and its ratings round robin
(every pair of ``RATING_PLAYERS``, rated by ``capture_lib.experiments.ratings``). The search levels
play untimed here (``capture_lib.search.levels.make_player``), so the stored games do not depend on how
busy the machine was. A strength or ratings run saves after each pairing, so a stopped run keeps what
it did, and ``--resume`` plays only the pairings its file does not hold yet (a ratings run also takes the
games it needs from the game's other stored level-against-level files, ``RATING_SOURCES``).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import pathlib
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any

from capture_lib.core.places import results_dir
from capture_lib.experiments.cluster import ClusterError, executor_for
from capture_lib.experiments.simulate import head_to_head, load, run_games, save, score, wilson

#: Where the stored games are (``capture_lib.core.places.results_dir``): never inside an installed package.
RESULTS = results_dir()
COMMANDERS = ("Karl", "Joanne", "Jackson")
#: The pairings of each game's strength table: (player, opponent).
#: The most telling pairings come first: a run that is cut short still has them.
#: A level that a game plays as another one (``capture_lib.search.levels.plays_as``) has no pairing of its own.
STRENGTH_PAIRINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "card-commander": (("rule", "random"), ("hard", "rule"), ("hard", "random"), ("oracle", "rule"),
                       ("oracle", "random")),
    "capture-the-commander": (("rule", "random"), ("hard", "random"), ("hard", "rule"), ("oracle", "random"),
                              ("easy", "random"), ("easy", "rule"), ("oracle", "rule")),
    "command-capture": (("rule", "random"), ("hard", "rule"), ("hard", "random"), ("easy", "rule")),
    "medieval-capture": (("rule", "random"), ("hard", "rule"), ("hard", "random"), ("easy", "rule")),
}
#: The players of each game's ratings round robin: every level, and the ceiling players the game has.
#: Medieval Capture and Command Capture leave out the oracle (the hard search shown the hidden pieces):
#: their strength tables never measured one, and it costs as much as ``hard`` a game.
#: A level that a game plays as another one (``capture_lib.search.levels.plays_as``) is not rated on its own.
RATING_PLAYERS: dict[str, tuple[str, ...]] = {
    "card-commander": ("random", "rule", "hard", "oracle"),
    "capture-the-commander": ("random", "rule", "easy", "hard", "oracle", "counter"),
    "command-capture": ("random", "rule", "easy", "medium", "hard", "mcts-hard"),
    "medieval-capture": ("random", "rule", "easy", "medium", "hard", "mcts-hard"),
}
#: Pairings of a round robin that get more games than the others (at least this many): the neighbouring
#: levels, whose games tell their ratings apart, so that their 95% intervals stand apart. Between far
#: apart players (one wins nearly every game) more games would say little.
RATING_MORE: dict[str, dict[tuple[str, str], int]] = {
    "card-commander": {("random", "hard"): 400, ("rule", "hard"): 300, ("random", "rule"): 300},
    "capture-the-commander": {("easy", "hard"): 200, ("rule", "hard"): 200, ("rule", "easy"): 800,
                              ("random", "easy"): 100},
    "command-capture": {("rule", "easy"): 150, ("easy", "medium"): 150, ("medium", "hard"): 150},
    "medieval-capture": {("rule", "easy"): 200, ("easy", "medium"): 200, ("medium", "hard"): 300,
                         ("rule", "medium"): 100, ("easy", "hard"): 100, ("random", "rule"): 40},
}
#: Besides a ratings file itself, the stored experiments whose games a resumed round robin may take:
#: the same players, options and seeds as the games it would play (``head_to_head``'s seeding).
RATING_SOURCES: dict[str, tuple[str, ...]] = {
    "card-commander": ("card-commander-strength",),
    "capture-the-commander": ("capture-the-commander-strength", "capture-the-commander-counter"),
    "command-capture": ("command-capture-strength",),
    "medieval-capture": ("medieval-capture-strength", "medieval-capture-hard-rule", "medieval-capture-hard-mcts"),
}
#: Options of every experiment's games, by game: Command Capture has no end of its own when neither side
#: can break through, so its games are drawn after 200 turns; they use the quick start (every unit in its
#: first state, the Assassins placed by chance), since the players' set-up choices are not what is measured.
GAME_OPTIONS: dict[str, dict[str, Any]] = {"command-capture": {"turn_limit": 200, "setup": "quick"}}
CIVILIZATIONS = ("rome", "egypt", "vikings")
#: Medieval Capture's catapult variants: (label, options); the first is the standard game.
CATAPULTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("standard: fires on 4 or 5, skilled", {}),
    ("no catapults", {"catapult_rolls": "off"}),
    ("fires on 4 only", {"catapult_rolls": "4"}),
    ("fires on 4, 5 or 6", {"catapult_rolls": "4-5-6"}),
    ("fires on 3 to 6", {"catapult_rolls": "3-4-5-6"}),
    ("a sure hand (3% spread)", {"catapult_spread": "sure"}),
    ("wild spread (15%)", {"catapult_spread": "wild"}),
)

Rate = tuple[float, float, float, int]


def rate(scores: Iterable[float]) -> Rate:
    """The mean of 0/0.5/1 results with its 95% Wilson interval and the count: ``(p, low, high, n)``."""
    values = list(scores)
    if not values:
        return (float("nan"), float("nan"), float("nan"), 0)
    p = sum(values) / len(values)
    low, high = wilson(p, len(values))
    return (p, low, high, len(values))


# ----- running the experiments -----------------------------------------------------------------------------
def commander_games(games: int, seed: int, executor: Executor) -> list[dict[str, Any]]:
    """Rule-based Card Commander games for every pair of Commanders (Blue's, Red's), same seeds in each cell."""
    records = []
    for blue in COMMANDERS:
        for red in COMMANDERS:
            records += run_games("card-commander", games, ["rule", "rule"], seed, {"same_commander": True},
                                 (f"commander {blue}", f"commander {red}"), executor=executor)
    return records


def first_player_games(games: int, seed: int, executor: Executor) -> list[dict[str, Any]]:
    """Rule-based Capture the Commander games with 2, 3 and 4 players; seat 0 always attacks first."""
    records = []
    for players in (2, 3, 4):
        options = {"players": players, "first_dealer": players - 1}
        records += run_games("capture-the-commander", games, ["rule"] * players, seed, options, executor=executor)
    return records


def counter_games(games: int, seed: int, executor: Executor) -> list[dict[str, Any]]:
    """Capture the Commander's ``counter`` ceiling player against the rule-based player it is built against.

    More games than a strength pairing: the figure is compared with a bar a few points away.
    """
    return head_to_head("capture-the-commander", "counter", "rule", games, seed, executor=executor)[1]


def civilization_options() -> Iterator[dict[str, Any]]:
    """The options of Command Capture's experiment games for each (Blue's, Red's) pair of civilizations."""
    for blue in CIVILIZATIONS:
        for red in CIVILIZATIONS:
            yield {**GAME_OPTIONS["command-capture"], "blue": blue, "red": red}


def civilization_games(games: int, seed: int, executor: Executor, players: str = "rule") -> list[dict[str, Any]]:
    """Command Capture games for every (Blue's, Red's) civilization, ``players`` on both sides, same seeds."""
    records = []
    for options in civilization_options():
        records += run_games("command-capture", games, [players, players], seed, options, executor=executor)
    return records


def civilization_hard_games(games: int, seed: int, executor: Executor) -> list[dict[str, Any]]:
    """``civilization_games`` with the hard search on both sides."""
    return civilization_games(games, seed, executor, players="hard")


def medieval_first_player_games(games: int, seed: int, executor: Executor) -> list[dict[str, Any]]:
    """Rule-based Medieval Capture games on the designed board: Blue places first and moves first."""
    return run_games("medieval-capture", games, ["rule", "rule"], seed, {}, executor=executor)


def catapult_games(games: int, seed: int, executor: Executor) -> list[dict[str, Any]]:
    """Rule-based Medieval Capture games for each catapult variant of ``CATAPULTS``, same seeds in each."""
    records = []
    for label, options in CATAPULTS:
        for r in run_games("medieval-capture", games, ["rule", "rule"], seed, options, executor=executor):
            records.append({**r, "variant": label})
    return records


def crown_games(games: int, seed: int, executor: Executor) -> list[dict[str, Any]]:
    """Rule-based Medieval Capture games played to one, two and three Crowns."""
    records = []
    for crowns in (1, 2, 3):
        records += run_games("medieval-capture", games, ["rule", "rule"], seed, {"crowns_to_win": crowns},
                             executor=executor)
    return records


def strength_games(slug: str, games: int, seed: int, executor: Executor,
                   done: Callable[[list[dict[str, Any]]], None] | None = None,
                   kept: Iterable[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The pairings of ``STRENGTH_PAIRINGS[slug]``, each player first in half the games.

    ``done(records)`` is called with the records so far after each pairing (``run`` saves them, so a
    long run that is stopped keeps the pairings it finished). A pairing that ``kept`` (records of an
    earlier run with the same games and seed) already holds in full is taken from it, not played again.
    """
    earlier: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for r in kept:
        earlier.setdefault(tuple(sorted(r["players"])), []).append(r)
    records: list[dict[str, Any]] = []
    for first, second in STRENGTH_PAIRINGS[slug]:
        stored = earlier.get(tuple(sorted((first, second))), [])
        if len(stored) == games and [r["players"] for r in stored[:1]] == [[first, second]]:
            records += stored
            continue
        records += head_to_head(slug, first, second, games, seed, GAME_OPTIONS.get(slug), executor=executor)[1]
        if done is not None:
            done(records)
    return records


def ratings_games(slug: str, games: int, seed: int, executor: Executor,
                  done: Callable[[list[dict[str, Any]]], None] | None = None,
                  kept: Iterable[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """A round robin of ``RATING_PLAYERS[slug]``: at least ``games`` games for every pair (the pairs of
    ``RATING_MORE[slug]`` at least their own number), each first in half.

    Seeded as ``head_to_head``: the ``k``-th game of each seating uses seed ``seed + k``, so the same
    deals are played both ways. Games of ``kept`` (records of earlier runs with the same seed) that are
    such games are taken, all of a seating's unbroken run of seeds from ``seed`` on, even beyond
    ``games``; only the rest is played. ``done(records)`` is called after each pairing it played.
    """
    stored: dict[tuple[tuple[str, ...], int], dict[str, Any]] = {}
    for r in kept:
        stored.setdefault((tuple(r["players"]), r["seed"]), r)
    records: list[dict[str, Any]] = []
    more = RATING_MORE.get(slug, {})
    for first, second in itertools.combinations(RATING_PLAYERS[slug], 2):
        played = False
        pair = max(games, more.get((first, second), more.get((second, first), 0)))
        for seating, needed in (((first, second), pair // 2), ((second, first), pair - pair // 2)):
            have = 0
            while (seating, seed + have) in stored:
                records.append(stored[seating, seed + have])
                have += 1
            if have < needed:
                records += run_games(slug, needed - have, list(seating), seed + have, GAME_OPTIONS.get(slug),
                                     executor=executor)
                played = True
        if played and done is not None:
            done(records)
    return records


def pairing_games(slug: str, first: str, second: str, games: int, seed: int, executor: Executor
                  ) -> list[dict[str, Any]]:
    """``first`` against ``second`` in ``slug`` (``head_to_head``: each first in half, the same seeds both ways)."""
    return head_to_head(slug, first, second, games, seed, GAME_OPTIONS.get(slug), executor=executor)[1]


def civilization_pairing_games(first: str, second: str, games: int, seed: int, executor: Executor
                               ) -> list[dict[str, Any]]:
    """``first`` against ``second`` in Command Capture, ``games`` spread evenly over the nine (Blue's, Red's)
    civilizations; in each, ``head_to_head``'s seating: each player first in half, the same seeds both ways.

    Between two players who never guess, the armies and where the Assassins hide are all that make
    one game differ from another: with one pair of armies, many games would be the same game again.
    """
    per = games // len(CIVILIZATIONS) ** 2
    records: list[dict[str, Any]] = []
    for options in civilization_options():
        records += head_to_head("command-capture", first, second, per, seed, options, executor=executor)[1]
    return records


def stored_rating_games(slug: str, root: pathlib.Path = RESULTS) -> list[dict[str, Any]]:
    """The stored games a resumed round robin of ``slug`` may take: its own file's and ``RATING_SOURCES``'."""
    records: list[dict[str, Any]] = []
    for name in (f"{slug}-ratings", *RATING_SOURCES[slug]):
        path = root / EXPERIMENTS[name][0]
        if path.exists():
            meta, games = load(path)
            if meta.get("seed") == SEED:
                records += [r for r in games if len(r["players"]) == 2]
    return records


#: name -> (file under ``results/``, default number of games, how to run it; ``None``: a strength table
#: or, for a name ending in ``-ratings``, a ratings round robin, games meaning games a pairing).
EXPERIMENTS: dict[str, tuple[str, int, Callable[[int, int, Executor], list[dict[str, Any]]] | None]] = {
    "commanders": ("card-commander/commanders.jsonl", 1000, commander_games),
    "first-player": ("capture-the-commander/first-player.jsonl", 2000, first_player_games),
    "card-commander-strength": ("card-commander/strength.jsonl", 80, None),
    "capture-the-commander-strength": ("capture-the-commander/strength.jsonl", 80, None),
    "capture-the-commander-counter": ("capture-the-commander/counter.jsonl", 400, counter_games),
    "civilizations": ("command-capture/civilizations.jsonl", 200, civilization_games),
    "civilizations-hard": ("command-capture/civilizations-hard.jsonl", 4, civilization_hard_games),
    "command-capture-strength": ("command-capture/strength.jsonl", 20, None),
    # The hard level's targets (bench/bench_command_capture_players.py): against the rule-based player and
    # against the shared search's hard budget, the hard level before the alpha-beta search.
    "command-capture-hard-rule": ("command-capture/hard-rule.jsonl", 216,
                                  partial(civilization_pairing_games, "hard", "rule")),
    "command-capture-hard-mcts": ("command-capture/hard-mcts.jsonl", 72,
                                  partial(civilization_pairing_games, "hard", "mcts-hard")),
    "medieval-first-player": ("medieval-capture/first-player.jsonl", 600, medieval_first_player_games),
    "catapults": ("medieval-capture/catapults.jsonl", 200, catapult_games),
    "crowns": ("medieval-capture/crowns.jsonl", 200, crown_games),
    "medieval-capture-strength": ("medieval-capture/strength.jsonl", 20, None),
    # The hard level's targets (bench/bench_medieval_capture_players.py): against the rule-based player, against
    # the shared search's hard budget (the hard level before the turn planner), and the ceiling's against the
    # rule-based player (what the dice leave to skill).
    "medieval-capture-hard-rule": ("medieval-capture/hard-rule.jsonl", 240,
                                   partial(pairing_games, "medieval-capture", "hard", "rule")),
    "medieval-capture-hard-mcts": ("medieval-capture/hard-mcts.jsonl", 200,
                                   partial(pairing_games, "medieval-capture", "hard", "mcts-hard")),
    "medieval-capture-oracle-rule": ("medieval-capture/oracle-rule.jsonl", 200,
                                     partial(pairing_games, "medieval-capture", "oracle", "rule")),
    "card-commander-ratings": ("card-commander/ratings.jsonl", 20, None),
    "capture-the-commander-ratings": ("capture-the-commander/ratings.jsonl", 40, None),
    "command-capture-ratings": ("command-capture/ratings.jsonl", 10, None),
    "medieval-capture-ratings": ("medieval-capture/ratings.jsonl", 10, None),
}
#: Every experiment's first game seed (game i of a run uses SEED + i).
SEED = 20_000


def run(name: str, games: int | None = None, executor: Executor | None = None,
        root: pathlib.Path = RESULTS, resume: bool = False) -> pathlib.Path:
    """Run experiment ``name`` and write its file under ``root``; returns the path.

    ``resume`` (strength tables and round robins) keeps the pairings that the stored file already holds
    for the same number of games and seed, and plays only the others: use it after adding a pairing or
    after a stopped run, never after changing a player. A resumed round robin also takes the games of
    ``RATING_SOURCES`` that it would otherwise play again.
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
            records = ratings_games(slug, games, SEED, pool, kept=kept,
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


# ----- summaries the chapter shows -------------------------------------------------------------------------------
def commander_table(records: list[dict[str, Any]]) -> dict[tuple[str, str], Rate]:
    """Blue's win rate for each (Blue's Commander, Red's Commander)."""
    cells: dict[tuple[str, str], list[float]] = {}
    for r in records:
        blue, red = (text.split()[1] for text in r["opening"])
        cells.setdefault((blue, red), []).append(score(r, 0))
    return {key: rate(values) for key, values in cells.items()}


def commander_strength(records: list[dict[str, Any]]) -> dict[str, Rate]:
    """Each Commander's win rate over every game it played against the others, on either seat."""
    results: dict[str, list[float]] = {name: [] for name in COMMANDERS}
    for r in records:
        blue, red = (text.split()[1] for text in r["opening"])
        if blue != red:
            results[blue].append(score(r, 0))
            results[red].append(score(r, 1))
    return {name: rate(values) for name, values in results.items()}


def coin_rounds(records: list[dict[str, Any]]) -> tuple[Rate, Rate]:
    """The share of rounds a coin flip decided, and the share of games with at least one such round."""
    rounds: list[float] = []
    for r in records:
        stats = r["stats"]
        rounds += [1.0] * stats["coin_rounds"] + [0.0] * (stats["rounds"] - stats["coin_rounds"])
    games = [1.0 if r["stats"]["coin_rounds"] else 0.0 for r in records]
    return rate(rounds), rate(games)


def extra_card_value(records: list[dict[str, Any]]) -> dict[str, Rate]:
    """What the extra card is worth.

    ``lane``: how often a lane with an extra card in it went to the player who added it;
    ``alone``: the win rate of a player who used the extra card in a game where the opponent never did;
    ``both`` / ``neither``: Blue's win rate when both or neither used it (for comparison).
    """
    lanes = [1.0 if e["won_lane"] else 0.0 for r in records for e in r["stats"]["extra_lanes"]]
    alone, both, neither = [], [], []
    for r in records:
        used = r["stats"]["extra_used"]
        if used[0] != used[1]:
            alone.append(score(r, 0 if used[0] else 1))
        elif used[0]:
            both.append(score(r, 0))
        else:
            neither.append(score(r, 0))
    return {"lane": rate(lanes), "alone": rate(alone), "both": rate(both), "neither": rate(neither)}


def first_player_edge(records: list[dict[str, Any]]) -> dict[int, Rate]:
    """The first player's win rate (a shared win counts as its share) by number of players."""
    by_players: dict[int, list[float]] = {}
    for r in records:
        n, first = r["stats"]["players"], r["stats"]["first_player"]
        winners = r["winners"]
        share = (1.0 / len(winners) if first in winners else 0.0) if winners else 1.0 / n
        by_players.setdefault(n, []).append(share)
    return {n: rate(values) for n, values in sorted(by_players.items())}


def game_lengths(records: list[dict[str, Any]]) -> dict[int, dict[str, float]]:
    """Turns (attacks) per game by number of players: median, quartiles, mean, and the list itself."""
    by_players: dict[int, list[int]] = {}
    for r in records:
        by_players.setdefault(r["stats"]["players"], []).append(r["stats"]["turns"])
    summary = {}
    for n, turns in sorted(by_players.items()):
        q1, median, q3 = statistics.quantiles(turns, n=4)
        summary[n] = {"median": median, "q1": q1, "q3": q3, "mean": statistics.fmean(turns),
                      "min": min(turns), "max": max(turns), "turns": turns}
    return summary


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


# ----- Command Capture ----------------------------------------------------------------------------------------
def civilization_table(records: list[dict[str, Any]]) -> dict[tuple[str, str], Rate]:
    """Blue's win rate (a draw counts half) for each (Blue's civilization, Red's civilization)."""
    cells: dict[tuple[str, str], list[float]] = {}
    for r in records:
        blue, red = r["stats"]["civilizations"]
        cells.setdefault((blue, red), []).append(score(r, 0))
    return {key: rate(values) for key, values in cells.items()}


def civilization_strength(records: list[dict[str, Any]]) -> dict[str, Rate]:
    """Each civilization's win rate against the other two, on either side (mirror games left out)."""
    results: dict[str, list[float]] = {name: [] for name in CIVILIZATIONS}
    for r in records:
        blue, red = r["stats"]["civilizations"]
        if blue != red:
            results[blue].append(score(r, 0))
            results[red].append(score(r, 1))
    return {name: rate(values) for name, values in results.items()}


def endings(records: list[dict[str, Any]]) -> dict[str, Rate]:
    """How often each way of ending a game happened (``ended`` in the record's stats)."""
    kinds = Counter(r["stats"]["ended"] for r in records)
    return {kind: rate([1.0] * n + [0.0] * (len(records) - n)) for kind, n in kinds.most_common()}


def unit_values(records: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    """What losing each unit costs, measured, beside what the Timed Mode points table says it is worth.

    For each (civilization, unit kind): ``lost``, the win rate of the side that lost such a unit
    (counting a game once per unit lost); ``points``, the table's points for taking it. A unit whose
    loss hurts more than its points suggest is undervalued by the table, and the other way round.
    Commanders (their loss ends the game) and the Fortress (not in the table as a unit) are left out.
    """
    from capture_lib.games.command_capture.rules.units import CIVS, HALF_POINTS, KIND_NAMES

    table: dict[tuple[str, str], list[float]] = {}
    for r in records:
        civs = r["stats"]["civilizations"]
        for _turn, owner, kind in r["stats"]["captures"]:
            if kind in ("Commander", "Fortress", "Disabled"):
                continue
            table.setdefault((civs[owner], kind), []).append(score(r, owner))
    out = {}
    for (civ, kind), values in sorted(table.items()):
        half = HALF_POINTS[CIVS.index(civ)].get(KIND_NAMES.index(kind))
        out[civ, kind] = {"lost": rate(values), "points": None if half is None else half / 2}
    return out


# ----- Medieval Capture ---------------------------------------------------------------------------------------
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
            print(f"  wrote {run(name, games, pool, resume=args.resume, **where)}", flush=True)
    if any(name.endswith("-ratings") for name in args.only):
        from capture_lib.experiments import ratings

        print(f"  wrote {ratings.write_summary(args.results or RESULTS)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
