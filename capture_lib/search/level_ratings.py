"""What the level chooser says of each level: its Elo rating, read from the summary shipped beside this module.

``level_ratings.json`` is written by ``python -m capture_lib.experiments.ratings`` (the Bradley-Terry fit of the stored
round robins, ``capture_lib.experiments.ratings.write_summary``); this module only reads it, so the boards and the
``capture`` command show the ratings without the fit, the simulator or the stored games.
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Iterable
from typing import Any

from capture_lib.search.levels import LEVEL_NAMES, game_levels

#: The summary the level chooser reads: per game, per player, the rounded rating and its interval.
SUMMARY = pathlib.Path(__file__).resolve().parent / "level_ratings.json"


def shipped_summary() -> dict[str, Any]:
    """The summary shipped with the package (``SUMMARY``); empty games if it is missing."""
    try:
        return json.loads(SUMMARY.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"games": {}}


def level_labels(slug: str, levels: Iterable[str] = LEVEL_NAMES) -> dict[str, str]:
    """What the level chooser shows for each level of game ``slug``: ``"hard · about 1700"``.

    A level without a rating (a game whose round robin is not stored yet) shows its bare name. The
    rating is rounded to ten points: the intervals are wider than that, so more would be false precision.
    A level that the game plays as another (its luck leaves no room for it) says so, and why:
    ``"medium · as hard, about 1660: the cards decide most battles"``.
    """
    entry = shipped_summary().get("games", {}).get(slug, {})
    rated = entry.get("players", {})
    same = entry.get("plays_as", {})
    labels = {}
    for level in levels:
        target = same.get(level)
        if target is not None:
            rating = f", about {round(rated[target]['elo'], -1)}" if target in rated else ""
            labels[level] = f"{level} \u00b7 as {target}{rating}: {entry.get('why', '')}".rstrip(": ")
        elif level in rated:
            labels[level] = f"{level} \u00b7 about {round(rated[level]['elo'], -1)}"
        else:
            labels[level] = level
    return labels


def offered_levels(slug: str) -> tuple[str, ...]:
    """The levels of game ``slug`` that play differently: the levels it has (``levels.game_levels``), less
    those that play as another level (where the game's luck leaves no room for every level)."""
    same = shipped_summary().get("games", {}).get(slug, {}).get("plays_as", {})
    return tuple(level for level in game_levels(slug) if level not in same)


def chooser(slug: str) -> list[list[str]]:
    """The level chooser of game ``slug``: ``[level, label]`` for each level it offers (``offered_levels``).

    Where the game's luck leaves room for fewer levels, the strongest one's label says why, in one
    sentence: ``"hard · about 1560 (3 levels: the deal decides most games)"``. No level plays as
    another, so none is offered twice under two names.
    """
    offered = offered_levels(slug)
    entry = shipped_summary().get("games", {}).get(slug, {})
    labels = level_labels(slug, offered)
    rows = [[level, labels[level]] for level in offered]
    if entry.get("plays_as") and entry.get("why") and rows:
        rows[-1][1] += f" ({len(offered)} levels: {entry['why']})"
    return rows


def ratings_text() -> str:
    """The levels' ratings of every rated game in one line, for ``capture play --help``; "" if none."""
    parts = []
    anchor = None
    for slug, entry in sorted(shipped_summary().get("games", {}).items()):
        anchor = (entry["anchor"], entry["anchor_elo"])
        rated = entry["players"]
        same = entry.get("plays_as", {})
        parts.append(f"{slug} " + ", ".join(f"{level} as {same[level]}" if level in same else
                                            f"{level} {round(rated[level]['elo'], -1)}"
                                            for level in LEVEL_NAMES if level in rated or level in same))
    if not parts:
        return ""
    return f"about how strong each level is, in Elo ({anchor[0]} = {anchor[1]}): " + "; ".join(parts)
