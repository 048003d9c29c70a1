"""Elo ratings of the computer levels: a Bradley-Terry fit of stored games, with 95% intervals.

In the Bradley-Terry model, a player of strength ``s_a`` beats one of strength ``s_b`` with probability
``1 / (1 + exp(s_b - s_a))``; on the Elo scale a strength is ``ELO_SCALE * s`` points, so 400 points
apart the stronger side wins ten games for each it loses. ``fit`` finds the strengths that make the
stored games most likely (Newton's method on the log-likelihood, a draw or shared win counted as half
a win for each side), fixes one player (``ANCHOR``: the rule-based player at 1500) and takes its 95%
intervals from the observed Fisher information. The intervals are of each rating *relative to the
anchor*: the anchor's own interval is its fixed value.

A player who won every game would be infinitely strong under the plain model, so each pairing that
was played also counts ``PRIOR`` virtual drawn game(s): a light pull towards equal strength that
keeps every rating finite and barely moves a pairing of many games.

Pure Python (the fit runs wherever capture_lib does, the book's in-browser engine included).

    python -m capture_lib.experiments.ratings [--results DIR] [--out FILE]
        rewrite the chooser's summary from results/<game>/ratings.jsonl

In a checkout the summary is the package's own ``level_ratings.json`` (what the wheel ships); run from a
pip install, it goes to ``results/level_ratings.json`` instead, and the installed package is never written.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from capture_lib.core import places
from capture_lib.experiments.simulate import load, score
from capture_lib.search.level_ratings import SUMMARY, offered_by_rule
from capture_lib.search.levels import fewer_levels_why, game_levels

#: Elo points per unit of Bradley-Terry strength: 400 points is a factor of ten in the odds.
ELO_SCALE = 400 / math.log(10)
#: The player whose rating is fixed, and its rating.
ANCHOR = ("rule", 1500.0)
#: Virtual drawn games added to each pairing that was played (see the module's docstring).
PRIOR = 1.0
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054
#: Where the round-robin games are stored (``capture_lib.core.places.results_dir``; not shipped in the package).
RESULTS = places.results_dir()
#: The file of each game's round robin, under ``RESULTS``.
RATINGS_FILE = "ratings.jsonl"

Tally = dict[tuple[str, str], tuple[float, int]]


@dataclass(frozen=True)
class Rating:
    """One player's fitted rating: ``elo`` with its 95% interval ``low``..``high``, from ``games`` games."""

    player: str
    elo: float
    low: float
    high: float
    games: int


def elo_gap(p: float) -> float:
    """The rating difference at which the stronger side scores ``p`` (0 < p < 1): ``400 log10(p / (1 - p))``."""
    if not 0 < p < 1:
        raise ValueError(f"a share of wins must lie strictly between 0 and 1 to give a finite gap, not {p!r}")
    return 400 * math.log10(p / (1 - p))


def expected_score(elo: float, other: float) -> float:
    """The share of points a player rated ``elo`` is expected to score against one rated ``other``."""
    return 1 / (1 + 10 ** ((other - elo) / 400))


def tally(records: Iterable[Mapping[str, Any]]) -> Tally:
    """Points and games per pairing: ``{(a, b): (a's points, games)}`` with ``a < b``.

    Each record is a two-seat game as ``capture_lib.experiments.simulate`` stores it (``players``, ``winners``);
    a draw or a shared win is half a point for each side.
    """
    out: dict[tuple[str, str], list[float]] = {}
    for record in records:
        players = record.get("players")
        if not isinstance(players, list | tuple) or len(players) != 2:
            raise ValueError(f"a rated game has exactly two players, not {players!r}")
        a, b = players
        if a == b:
            raise ValueError(f"a game of {a!r} against itself says nothing about its rating")
        points_a = score(dict(record), 0)
        key, points = ((a, b), points_a) if a < b else ((b, a), 1.0 - points_a)
        cell = out.setdefault(key, [0.0, 0])
        cell[0] += points
        cell[1] += 1
    return {key: (points, int(games)) for key, (points, games) in sorted(out.items())}


def _check_connected(players: list[str], results: Tally) -> None:
    neighbours: dict[str, set[str]] = {p: set() for p in players}
    for (a, b), (_points, games) in results.items():
        if games > 0:
            neighbours[a].add(b)
            neighbours[b].add(a)
    seen, todo = {players[0]}, [players[0]]
    while todo:
        for other in neighbours[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    if len(seen) != len(players):
        apart = sorted(set(players) - seen)
        raise ValueError(f"the games do not connect every player: {', '.join(sorted(seen))} never met, "
                         f"even through others, {', '.join(apart)}; ratings on one scale need such a chain")


def _solve(matrix: list[list[float]], vectors: list[list[float]]) -> list[list[float]]:
    """``matrix^-1 @ vector`` for each vector (Gauss-Jordan with partial pivoting; the matrix is small)."""
    n = len(matrix)
    rows = [list(matrix[i]) + [v[i] for v in vectors] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            raise ValueError("the games leave the ratings undetermined")  # cannot happen on a connected graph
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0.0:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [[rows[i][n + k] for i in range(n)] for k in range(len(vectors))]


def fit(results: Tally, anchor: tuple[str, float] = ANCHOR, prior: float = PRIOR) -> dict[str, Rating]:
    """Bradley-Terry ratings of every player in ``results`` (as ``tally`` returns), on the Elo scale.

    ``anchor`` is ``(player, rating)``: that player's rating is fixed, every other interval is relative
    to it. ``prior`` virtual drawn games are added to each pairing that was played. Raises ``ValueError``
    on no games, an anchor that did not play, or games that leave some players unconnected.
    """
    if prior < 0:
        raise ValueError(f"the prior is a number of virtual games, at least 0, not {prior!r}")
    played = {key: value for key, value in results.items() if value[1] > 0}
    for (a, b), (points, games) in played.items():
        if a == b or not 0 <= points <= games:
            raise ValueError(f"bad result for {a} against {b}: {points} points in {games} games")
    if not played:
        raise ValueError("no games to rate")
    players = sorted({p for key in played for p in key})
    name, base = anchor
    if name not in players:
        raise ValueError(f"the anchor {name!r} played none of the games (players: {', '.join(players)})")
    _check_connected(players, played)
    free = [p for p in players if p != name]
    index = {p: i for i, p in enumerate(free)}
    strength = dict.fromkeys(players, 0.0)
    # Counted from each pairing's first player; the prior adds half a point for each side per virtual game.
    cells = [(a, b, points + prior / 2, games + prior) for (a, b), (points, games) in played.items()]

    def log_likelihood(s: dict[str, float]) -> float:
        total = 0.0
        for a, b, w, n in cells:
            d = s[a] - s[b]
            total += w * d - n * (max(d, 0.0) + math.log1p(math.exp(-abs(d))))
        return total

    def gradient_and_information(s: dict[str, float]) -> tuple[list[float], list[list[float]]]:
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for a, b, w, n in cells:
            p = 1 / (1 + math.exp(s[b] - s[a]))
            g, h = w - n * p, n * p * (1 - p)
            ia, ib = index.get(a), index.get(b)
            if ia is not None:
                grad[ia] += g
                info[ia][ia] += h
            if ib is not None:
                grad[ib] -= g
                info[ib][ib] += h
            if ia is not None and ib is not None:
                info[ia][ib] -= h
                info[ib][ia] -= h
        return grad, info

    if free:
        for _ in range(200):
            grad, info = gradient_and_information(strength)
            step = _solve(info, [grad])[0]
            # The log-likelihood is concave: a Newton step that overshoots is halved until it climbs.
            before, scale = log_likelihood(strength), 1.0
            while True:
                trial = dict(strength)
                for p, i in index.items():
                    trial[p] += scale * step[i]
                if log_likelihood(trial) >= before - 1e-12 or scale < 1e-6:
                    break
                scale /= 2
            strength = trial
            if max(abs(scale * x) for x in step) < 1e-10:
                break
        else:
            raise ValueError("the ratings did not settle; with no virtual games, does one player win every game?")
    _grad, info = gradient_and_information(strength)
    columns = _solve(info, [[1.0 if j == i else 0.0 for j in range(len(free))] for i in range(len(free))]) \
        if free else []
    games_of = dict.fromkeys(players, 0)
    for (a, b), (_points, games) in played.items():
        games_of[a] += games
        games_of[b] += games
    out = {}
    for p in players:
        elo = base + ELO_SCALE * strength[p]
        half = Z95 * ELO_SCALE * math.sqrt(columns[index[p]][index[p]]) if p in index else 0.0
        out[p] = Rating(p, elo, elo - half, elo + half, games_of[p])
    return out


def fit_games(records: Iterable[Mapping[str, Any]], anchor: tuple[str, float] = ANCHOR,
              prior: float = PRIOR) -> dict[str, Rating]:
    """``fit`` of the games in ``records`` (``capture_lib.experiments.simulate`` records)."""
    return fit(tally(records), anchor, prior)


# ----- the summary the level chooser reads ----------------------------------------------------------------
def summarize(records: Iterable[Mapping[str, Any]], meta: Mapping[str, Any], slug: str | None = None
              ) -> dict[str, Any]:
    """One game's entry in the chooser's summary: each player's rounded rating, interval and games, and
    (``slug`` given) the levels the chooser offers (``offered``: the chooser's rule,
    ``level_ratings.offered_by_rule``, on the rounded intervals the summary stores) and, where that is fewer
    than the game has, ``why``: the game's own sentence (``FEWER_LEVELS_WHY`` of its players), where it has one.

    Raises ``ValueError`` where the ratings leave a rated level out and the game declares no sentence why: the
    chooser would drop it without a word. (A level the round robin never played is not offered either, but
    that says nothing of the game: rate it to offer it.)
    """
    ratings = fit_games(records)
    entry: dict[str, Any] = {
        "anchor": ANCHOR[0], "anchor_elo": round(ANCHOR[1]), "games_per_pairing": meta.get("games"),
        "players": {p: {"elo": round(r.elo), "low": round(r.low), "high": round(r.high), "games": r.games}
                    for p, r in ratings.items()}}
    if slug is None:
        return entry
    levels = game_levels(slug)
    offered = offered_by_rule(entry["players"], levels)
    entry["offered"] = list(offered)
    why = fewer_levels_why(slug)
    dropped = [level for level in levels if level in entry["players"] and level not in offered]
    if dropped and not why:
        raise ValueError(f"{slug}'s ratings leave {', '.join(dropped)} out of the chooser, and its players part "
                         "declares no FEWER_LEVELS_WHY to say why")
    if len(offered) < len(levels) and why:
        entry["why"] = why
    return entry


def summary_of(root: pathlib.Path = RESULTS) -> dict[str, Any]:
    """The summary of every game that has a stored round robin (``<root>/<game>/ratings.jsonl``)."""
    games = {}
    for path in sorted(root.glob(f"*/{RATINGS_FILE}")):
        meta, records = load(path)
        games[path.parent.name] = summarize(records, meta, path.parent.name)
    return {"note": "made by `python -m capture_lib.experiments.ratings` from results/<game>/ratings.jsonl; "
                    "do not edit",
            "games": games}


def summary_target(root: pathlib.Path = RESULTS) -> pathlib.Path:
    """Where the rewritten summary goes: the package's own ``level_ratings.json`` in a checkout (the file
    the wheel ships); from a pip install, ``root/level_ratings.json``, never the installed package's file."""
    return SUMMARY if places.checkout() is not None else root / SUMMARY.name


def write_summary(root: pathlib.Path = RESULTS, target: pathlib.Path | None = None) -> pathlib.Path:
    """Rewrite the chooser's summary from the round robins stored under ``root`` into ``target`` (default
    ``summary_target(root)``); return its path. ``ValueError`` when ``root`` stores no round robin, rather
    than an empty summary that would take every level's rating away."""
    summary = summary_of(root)
    if not summary["games"]:
        raise ValueError(f"no round robin is stored under {root} (each game's {RATINGS_FILE}); play them with "
                         "python -m capture_lib.experiments.analysis --only GAME-ratings, or name their folder")
    target = target if target is not None else summary_target(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    """Rewrite the chooser's summary and print each game's ratings."""
    parser = argparse.ArgumentParser(prog="python -m capture_lib.experiments.ratings",
                                     description="Rewrite the level chooser's summary from the stored round robins.")
    parser.add_argument("--results", type=pathlib.Path, default=RESULTS, metavar="DIR",
                        help=f"the folder of the stored games, <game>/{RATINGS_FILE} (default {RESULTS})")
    parser.add_argument("--out", type=pathlib.Path, default=None, metavar="FILE",
                        help="the summary to write (default: the package's level_ratings.json in a checkout, "
                             "else DIR/level_ratings.json)")
    args = parser.parse_args(argv)
    try:
        path = write_summary(args.results, args.out)
    except ValueError as err:
        parser.exit(1, f"{parser.prog}: {err}\n")
    for slug, entry in json.loads(path.read_text(encoding="utf-8"))["games"].items():
        line = ", ".join(f"{p} {v['elo']} ({v['low']}-{v['high']})" for p, v in
                         sorted(entry["players"].items(), key=lambda kv: kv[1]["elo"]))
        print(f"{slug}: {line}; offered: {', '.join(entry['offered'])}"
              + (f" (fewer: {entry['why']})" if entry.get("why") else ""))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
