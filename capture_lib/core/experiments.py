"""What a game's numbers chapter measures, declared as data, and the tallies its summaries are made of.

A game's ``experiments`` part (``capture_lib/games/<game>/experiments.py``, interface
``capture_lib.core.parts.ExperimentsPart``) says which seeded games its chapter needs: its own experiments
(``Experiment``: batches of games between named computer players), the pairings of its strength table
(``StrengthTable``) and the players of its ratings round robin (``RoundRobin``); and it holds the pure
functions that summarize the stored records for its chapter. It never plays a game: the shared runner
(``capture_lib.experiments.analysis``) plays every registered game's experiments and stores their records,
and the chapter's notebooks read them.

The tallies here (``score``, ``wilson``, ``rate``) are the arithmetic every summary shares.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: A win rate: the mean of 0, 0.5 and 1 results, its 95% interval and the number of results ``(p, low, high, n)``.
Rate = tuple[float, float, float, int]


@dataclass(frozen=True)
class Batch:
    """Seeded games of one experiment that share their players and options: game ``i`` uses seed ``seed + i``.

    ``players`` are names of ``capture_lib.search.levels.make_player``, one a seat. ``options`` are added to
    the game's experiment options (``ExperimentsPart.OPTIONS``); ``opening`` are actions played first (a
    Commander chosen); ``variant``, where given, is stored in each record (a label for the chapter's table).
    ``both_ways``: two players, each first in half the games, the same seeds both ways
    (``capture_lib.experiments.simulate.head_to_head``).
    """

    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    opening: tuple[str, ...] = ()
    variant: str = ""
    both_ways: bool = False


@dataclass(frozen=True)
class Experiment:
    """One experiment of a game's chapter: its name (``--only NAME``), its file under ``results/<game>/``, the
    games it plays by default and its batches, all from the same first seed.

    ``games`` is the number of games of each batch; with ``spread``, the number of the whole experiment,
    shared evenly among its batches (each plays ``games // len(batches)``).
    """

    name: str
    file: str
    games: int
    batches: tuple[Batch, ...]
    spread: bool = False

    def __post_init__(self) -> None:
        if not self.batches:
            raise ValueError(f"the experiment {self.name!r} has no batch of games")
        if not self.file.endswith(".jsonl"):
            raise ValueError(f"the experiment {self.name!r} stores its games in a .jsonl file, not {self.file!r}")


@dataclass(frozen=True)
class StrengthTable:
    """A game's strength table: each pairing ``(player, opponent)`` plays ``games`` games, each first in half.

    The most telling pairings come first, so that a run cut short still has them.
    """

    games: int
    pairings: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RoundRobin:
    """A game's ratings round robin: every pair of ``players`` plays at least ``games`` games, each first in half.

    ``more`` gives a pairing at least that many games (neighbouring levels, whose games tell their
    ratings apart); ``sources`` are the names of the game's other stored experiments whose games a
    resumed round robin may take (the same players, options and seeds as the games it would play).

    ``spread``: labelled option sets, ``(label, options)`` (Command Capture's nine pairs of armies), among which
    each seating of a pairing shares its games evenly (the first sets get the odd ones), the label stored in
    each record as its ``variant``. ``distinct_starts``: no two games of a seating (the same players on the
    same seats) under the same options start alike: a game's start is what chance deals before anyone
    decides (the new game's chance events played), and a seed whose start an earlier seed already dealt is
    skipped, so the seeds a seating plays are the first that deal distinct starts, the same seeds both ways
    (``capture_lib.experiments.analysis.start_seeds``).
    """

    games: int
    players: tuple[str, ...]
    more: Mapping[tuple[str, str], int] = field(default_factory=dict)
    sources: tuple[str, ...] = ()
    spread: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    distinct_starts: bool = False

    def __post_init__(self) -> None:
        labels = [label for label, _options in self.spread]
        if len(set(labels)) != len(labels) or "" in labels:
            raise ValueError(f"a round robin's option sets need distinct, non-empty labels, not {labels!r}")

    def pairing_games(self, first: str, second: str, games: int | None = None) -> int:
        """How many games the pairing of ``first`` and ``second`` plays: ``games`` (by default the round robin's
        own), or more where ``more`` says."""
        least = self.games if games is None else games
        return max(least, self.more.get((first, second), self.more.get((second, first), 0)))

    def shares(self, games: int) -> list[tuple[str, dict[str, Any], int]]:
        """``games`` of one seating shared among the option sets: ``(label, options, games)`` for each, in order
        (one unlabelled set of no options without a ``spread``)."""
        spread = self.spread or (("", {}),)
        per, odd = divmod(games, len(spread))
        return [(label, dict(options), per + (index < odd)) for index, (label, options) in enumerate(spread)]


def score(record: Mapping[str, Any], seat: int) -> float:
    """``seat``'s result in one game: 1 for a sole win, 0.5 for a shared win or a draw, else 0."""
    winners = record["winners"]
    if winners == [seat]:
        return 1.0
    if not winners or (seat in winners and len(winners) > 1):
        return 0.5
    return 0.0


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``p`` observed in ``n`` trials (95% by default)."""
    if n == 0:
        return (math.nan, math.nan)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(scores: Iterable[float]) -> Rate:
    """The mean of 0/0.5/1 results with its 95% Wilson interval and the count: ``(p, low, high, n)``."""
    values = list(scores)
    if not values:
        return (float("nan"), float("nan"), float("nan"), 0)
    p = sum(values) / len(values)
    low, high = wilson(p, len(values))
    return (p, low, high, len(values))
