"""A pytest plugin for the fifth-game test's inner run (``tests/test_fifth_game.py``): the toy game's generic
tests collected, not run, and every test's outcome, in one JSON file.

The fifth-game test compares the new game's generic tests with the toy game's: the same tests, skipped for the
same reasons. The toy game's generic tests already run in the suite itself, so running them again in the inner
run only doubled its time (a test book built, browsers started, twice). This plugin records each one's id and
the reason it is skipped at collection, where it is (``tests.registry.games`` marks a game without a part), and
deselects it; and it records the outcome of every test that ran, with a skip's reason, for the comparison.
``-p tests.fifth_game_plugin`` loads it, and ``FIFTH_GAME_RECORD`` names the file it writes.
"""

from __future__ import annotations

import json
import os
import pathlib

import pytest

#: The environment variable that names the JSON file this plugin writes.
FIFTH_GAME_RECORD = "CAPTURE_FIFTH_GAME_RECORD"
#: The toy game's slug, as its tests' parameters are named.
TOY_SLUG = "toy-game"

_toy: dict[str, str | None] = {}
_ran: dict[str, dict[str, str]] = {}
#: A test's worst phase wins: a failed teardown fails a test that passed.
_RANK = {"passed": 0, "skipped": 1, "failed": 2}


def _is_toys(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    return callspec is not None and TOY_SLUG in callspec.id


@pytest.hookimpl(tryfirst=True)  # before -m and -k deselect: the toy game's tests are recorded whatever is chosen
def pytest_collection_modifyitems(config, items):
    """Record and deselect the toy game's generic tests."""
    kept, toys = [], []
    for item in items:
        if item.get_closest_marker("generic") is not None and _is_toys(item):
            skip = item.get_closest_marker("skip")
            _toy[item.nodeid] = None if skip is None else skip.kwargs.get("reason", skip.args[0] if skip.args else "")
            toys.append(item)
        else:
            kept.append(item)
    if toys:
        config.hook.pytest_deselected(items=toys)
        items[:] = kept


def pytest_runtest_logreport(report):
    """Keep each test's outcome (its worst phase), with a skip's reason."""
    before = _ran.get(report.nodeid)
    if before is not None and _RANK[before["outcome"]] >= _RANK[report.outcome]:
        return
    reason = ""
    if report.skipped and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2]).removeprefix("Skipped: ")
    _ran[report.nodeid] = {"outcome": report.outcome, "reason": reason}


def pytest_sessionfinish(session):
    """Write what was recorded."""
    path = os.environ.get(FIFTH_GAME_RECORD)
    if path:
        pathlib.Path(path).write_text(json.dumps({"toy": _toy, "ran": _ran}, indent=1), encoding="utf-8")
