"""What the level chooser offers and says of each level: read from the ratings' summary shipped beside this module.

``level_ratings.json`` is written by ``python -m capture_lib.experiments.ratings`` (the Bradley-Terry fit of the stored
round robins, ``capture_lib.experiments.ratings.write_summary``), which also stores, per game, the levels the chooser
offers (``offered_by_rule``, the chooser's rule, applied to the fitted ratings) and, where it offers fewer levels
than the game has, the game's one sentence why (its players part's ``FEWER_LEVELS_WHY``). This module only reads the
summary, so the boards, the play pages and the ``capture`` command offer the same levels without the fit, the
simulator or the stored games: ``chooser`` is the one list they all show.
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from capture_lib.search.levels import LEVEL_NAMES, game_levels

#: The summary the level chooser reads: per game, per player, the rounded rating and its interval; the levels offered.
SUMMARY = pathlib.Path(__file__).resolve().parent / "level_ratings.json"
#: The level every rating is fixed against (``capture_lib.experiments.ratings.ANCHOR``): always offered.
ANCHOR_LEVEL = "rule"


#: The summary last read, under the file's modification time and size: every board's chooser, labels and refusal
#: read it, and a board is made for each student of a class, so it is parsed again only once rewritten.
_READ: dict[tuple[int, int], dict[str, Any]] = {}


def shipped_summary() -> dict[str, Any]:
    """The summary shipped with the package (``SUMMARY``); empty games if it is missing."""
    try:
        stat = SUMMARY.stat()
    except FileNotFoundError:
        return {"games": {}}
    key = (stat.st_mtime_ns, stat.st_size)
    if key not in _READ:
        _READ.clear()
        _READ[key] = json.loads(SUMMARY.read_text(encoding="utf-8"))
    return _READ[key]


def _above(upper: Mapping[str, float], lower: Mapping[str, float]) -> bool:
    """Whether the interval of ``upper`` lies wholly above that of ``lower`` (each ``{"low": ..., "high": ...}``)."""
    return upper["low"] > lower["high"]


def offered_by_rule(rated: Mapping[str, Mapping[str, float]], levels: Sequence[str],
                    anchor: str = ANCHOR_LEVEL) -> tuple[str, ...]:
    """The chooser's rule: which of ``levels`` (a game's levels, weakest first by design) the chooser offers, from
    their ratings ``rated`` (level -> ``{"low": ..., "high": ...}``, the 95% interval; a level missing is unrated).

    Every level offered must be a different opponent from the one offered below it, and seen to be: its
    interval lies wholly above the next weaker offered level's. The rule walks up the levels, weakest first:

    - a level with no rating is not offered (nothing shows it to differ from its neighbours);
    - the anchor (``rule``, whose rating is fixed) is always offered: a weaker level whose interval reaches
      it is dropped;
    - below the anchor (``random``, ``beginner``) the weaker level stays: the weakest is offered, and a
      level above it is offered only where its interval lies wholly between those of the offered level
      below and of the anchor;
    - above the anchor (the search levels) the stronger level stays: a level whose interval overlaps the
      last one offered takes its place, and that of any others just below it that it overlaps, provided
      it lies wholly above the offered level below them (the anchor at the lowest); otherwise it is not
      offered. So the top of the ladder is the strongest level that stands apart, and a weaker level
      that cannot be told from it gives way.

    The levels are taken in their designed order, not by rating: a level rated below a weaker-named one
    counts as overlapping it, so the names offered always climb with the ratings.
    """
    offered: list[str] = []
    for level in levels:
        rating = rated.get(level)
        if rating is None:
            continue
        if level == anchor:
            while offered and not _above(rating, rated[offered[-1]]):
                offered.pop()
            offered.append(level)
            continue
        keep = len(offered)
        if anchor in offered:
            while offered[keep - 1] != anchor and not _above(rating, rated[offered[keep - 1]]):
                keep -= 1
        if keep == 0 or _above(rating, rated[offered[keep - 1]]):
            offered[keep:] = [level]
    return tuple(offered)


def _entry(slug: str) -> dict[str, Any]:
    return shipped_summary().get("games", {}).get(slug, {})


def level_labels(slug: str, levels: Iterable[str] = LEVEL_NAMES) -> dict[str, str]:
    """What the level chooser shows for each of ``levels`` of game ``slug``: ``"hard · about 1700"``.

    A level without a rating (a game whose round robin is not stored yet) shows its bare name. The
    rating is rounded to ten points: the intervals are wider than that, so more would be false precision.
    Each level is labelled as itself: no level is shown under another's name.
    """
    rated = _entry(slug).get("players", {})
    return {level: f"{level} \u00b7 about {round(rated[level]['elo'], -1)}" if level in rated else level
            for level in levels}


def offered_levels(slug: str) -> tuple[str, ...]:
    """The levels of game ``slug`` the chooser offers, weakest first: those the summary stores for it (the chooser's
    rule, ``offered_by_rule``, applied when the summary was written), or every level it has
    (``levels.game_levels``) where no round robin of it is stored, so nothing tells its levels apart or together."""
    entry = _entry(slug)
    levels = game_levels(slug)
    if "offered" not in entry:
        return levels
    return tuple(level for level in levels if level in entry["offered"])


def fewer_why(slug: str) -> str:
    """Why the chooser offers fewer levels of game ``slug`` than it has, in one sentence ("" where it offers all)."""
    return _entry(slug).get("why", "")


def chooser(slug: str, current: str | None = None) -> list[list[str]]:
    """The level chooser of game ``slug``: ``[level, label]`` for each level it offers (``offered_levels``), weakest
    first: the one list the boards, the play pages and ``capture play`` show.

    Where the game offers fewer levels than it has, the strongest one's label says why, in one sentence:
    ``"hard · about 1560 (3 levels: the deal decides most games)"``. ``current``, a level the game has but does
    not offer (a board built for it by name, a recipe of an older book), is listed in its place under its own
    label, so that the chooser never shows it as another level.
    """
    offered = offered_levels(slug)
    shown = [level for level in game_levels(slug) if level in offered or level == current]
    labels = level_labels(slug, shown)
    rows = [[level, labels[level]] for level in shown]
    why = fewer_why(slug)
    top = next((row for row in reversed(rows) if row[0] in offered), None)
    if why and top is not None:
        top[1] += f" ({len(offered)} levels: {why})"
    return rows


def refusal(slug: str, level: str) -> str:
    """Why game ``slug``'s chooser does not offer ``level``, in one line naming the levels it offers ("" if it
    offers it)."""
    offered = offered_levels(slug)
    if level in offered:
        return ""
    why = fewer_why(slug) if level in game_levels(slug) else ""
    return (f"{slug} offers the levels {', '.join(offered)}, not {level!r}"
            + (f" ({len(offered)} levels: {why})" if why else ""))


def ratings_text() -> str:
    """The offered levels' ratings of every rated game in one line, for ``capture play --help``; "" if none."""
    parts = []
    anchor = None
    for slug, entry in sorted(shipped_summary().get("games", {}).items()):
        anchor = (entry["anchor"], entry["anchor_elo"])
        rated = entry["players"]
        parts.append(f"{slug} " + ", ".join(f"{level} {round(rated[level]['elo'], -1)}" if level in rated else level
                                            for level in offered_levels(slug)))
    if not parts:
        return ""
    return f"about how strong each level is, in Elo ({anchor[0]} = {anchor[1]}): " + "; ".join(parts)
