"""Many seeded games between computer players, run in parallel through any ``concurrent.futures.Executor``.

``run_games`` takes an executor and returns one record per game, in game order whatever order the
workers finish in. Without one it starts a process pool of its own, handed the games in batches
(``chunksize``); any other executor is used as is and gets one game a task: a ``ProcessPoolExecutor``,
or a Dask ``distributed.Client``'s ``get_executor()`` on a cluster (``capture_lib.experiments.cluster.executor_for``
makes the one that ``--workers`` or ``--scheduler`` asks for). Game ``i`` of a run
with seed ``s`` always uses the game seed ``s + i``, so a run is reproducible whatever the number
of workers, and a small rerun of the first games reproduces them exactly. Each player of a game gets
its own seed (``search.simple.seat_seed``, the seed a player given none takes), drawn from the game's seed
and its seat but revealing neither: it varies what no observation can (a set-up chosen before anything is
on the board) from game to game, reproducibly.
"""

from __future__ import annotations

import json
import math
import pathlib
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from capture_lib.core.chance import CHANCE
from capture_lib.core.experiments import score, wilson
from capture_lib.games import load_game
from capture_lib.search.levels import make_player
from capture_lib.search.simple import seat_seed


@dataclass(frozen=True)
class GameSpec:
    """Everything one simulated game depends on."""

    slug: str
    seed: int
    players: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    opening: tuple[str, ...] = ()
    max_actions: int = 5000


def play_one(spec: GameSpec) -> dict[str, Any]:
    """Play one game to the end (or the cap) and return its record (JSON-ready)."""
    game = load_game(spec.slug)
    # Untimed: the same games on any machine; each player with its own seed for this game and seat.
    players = [make_player(p, timed=False, seed=seat_seed(spec.seed, seat)) for seat, p in enumerate(spec.players)]
    state = game.new_game(seed=spec.seed, **spec.options)
    for action in spec.opening:
        if not state.is_chance_action(action):
            state = state.resolve_chance()
        state = state.play(action)
    actions = 0
    while not state.is_over and actions < spec.max_actions:
        seat = state.current_player
        state = state.play_chance() if seat == CHANCE else state.play(players[seat](state, seat))
        actions += 1
    record: dict[str, Any] = {"seed": spec.seed, "players": list(spec.players), "options": spec.options,
                              "opening": list(spec.opening), "winners": list(state.winners),
                              "finished": state.is_over, "actions": len(state.history)}
    stats = game.summarize(state)
    if stats is not None:
        record["stats"] = stats
    return record


def run_games(slug: str, games: int, players: Sequence[str], seed: int = 0, options: dict | None = None,
              opening: Sequence[str] = (), executor: Executor | None = None, progress: bool = False
              ) -> list[dict[str, Any]]:
    """Play ``games`` seeded games in parallel; records come back in game order."""
    for name in players:
        make_player(name, timed=False)  # fail early, in this process, on a bad name
    specs = [GameSpec(slug, seed + i, tuple(players), dict(options or {}), tuple(opening)) for i in range(games)]
    own = executor is None
    pool = executor or ProcessPoolExecutor()
    try:
        results = pool.map(play_one, specs, chunksize=max(1, games // 64)) if own else pool.map(play_one, specs)
        if progress:
            from tqdm import tqdm

            results = tqdm(results, total=games, desc=f"{slug} {' v '.join(players)}", unit="game")
        return list(results)
    finally:
        if own:
            pool.shutdown()


def head_to_head(slug: str, first: str, second: str, games: int, seed: int = 0, options: dict | None = None,
                 executor: Executor | None = None, progress: bool = False
                 ) -> tuple[tuple[float, float, float, int], list[dict[str, Any]]]:
    """``first`` against ``second`` in a two-seat game, each taking seat 0 in half the games.

    Returns ``first``'s win rate (with its 95% interval and the number of games) and the records.
    Game ``i`` of each half uses seed ``seed + i``, so both halves see the same deals.
    """
    half = games // 2
    a = run_games(slug, half, [first, second], seed, options, executor=executor, progress=progress)
    b = run_games(slug, games - half, [second, first], seed, options, executor=executor, progress=progress)
    scores = [score(r, 0) for r in a] + [score(r, 1) for r in b]
    p = sum(scores) / len(scores)
    low, high = wilson(p, len(scores))
    return (p, low, high, len(scores)), a + b


def win_rate(records: Iterable[dict[str, Any]], seat: int) -> tuple[float, float, float, int]:
    """``seat``'s share of wins (a draw counts half), with a 95% Wilson interval, and the number of games."""
    records = list(records)
    n = len(records)
    if n == 0:
        return (math.nan, math.nan, math.nan, 0)
    p = sum(score(r, seat) for r in records) / n
    low, high = wilson(p, n)
    return (p, low, high, n)


def save(records: list[dict[str, Any]], path: str | pathlib.Path, meta: dict[str, Any]) -> None:
    """Write records as JSON lines, the first line holding what the run was (``meta``)."""
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        out.write(json.dumps({"meta": meta}, sort_keys=True) + "\n")
        for record in records:
            out.write(json.dumps(record, sort_keys=True) + "\n")


def load(path: str | pathlib.Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Read a file written by ``save``: its meta and its records."""
    lines = pathlib.Path(path).read_text(encoding="utf-8").splitlines()
    if not lines:
        raise ValueError(f"{path} is empty")
    meta = json.loads(lines[0]).get("meta")
    if meta is None:
        raise ValueError(f"{path} does not start with a meta line")
    return meta, [json.loads(line) for line in lines[1:]]
