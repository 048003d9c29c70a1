"""Shared fixtures: the built book (built once per test run) and a headless Chromium; the games and the budgets
of the run (``tests/registry.py``, ``tests/budgets.py``), set before collection."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def pytest_configure(config):
    """Before any test module is read: the toy game and ``CAPTURE_EXTRA_GAMES`` registered for the whole run, so
    that every parametrization over the registry sees them, and hypothesis's profile of ``CAPTURE_TEST_DEPTH``."""
    from tests import budgets, registry

    registry.register_test_games()
    budgets.load_hypothesis_profile()


@pytest.fixture(scope="session", autouse=True)
def kept_games_folder(tmp_path_factory):
    """Games the boards keep (claims and their automatic saves, capture_lib/session/vault.py) go to a
    folder of this test run, never the home folder; servers started by the tests inherit it."""
    previous = os.environ.get("CAPTURE_SAVES")
    os.environ["CAPTURE_SAVES"] = str(tmp_path_factory.mktemp("kept-games"))
    yield
    if previous is None:
        os.environ.pop("CAPTURE_SAVES", None)
    else:
        os.environ["CAPTURE_SAVES"] = previous


@pytest.fixture(scope="session")
def built_book() -> dict:
    """Build the HTML book strictly (any Sphinx warning fails) with ``capture book --strict``."""
    result = subprocess.run([sys.executable, "-m", "capture_lib.cli", "book", "--strict"], cwd=ROOT,
                            capture_output=True, text=True, timeout=1200)
    log = result.stdout + result.stderr
    (ROOT / "_build").mkdir(exist_ok=True)
    (ROOT / "_build" / "test-build.log").write_text(log, encoding="utf-8")  # for reading after a failure
    return {"returncode": result.returncode, "log": log, "html": ROOT / "_build" / "html"}


@pytest.fixture(scope="session")
def printed_handouts(tmp_path_factory) -> dict:
    """Every handout printed by Chromium, once a run: its PDF by its stem (``tests/handouts.py``)."""
    from tests.handouts import print_handouts

    return print_handouts(tmp_path_factory.mktemp("handouts"))


@pytest.fixture
def terminal():
    """Opens ``capture ARGS`` in pseudo-terminals (``tests.terminal.Terminal``), each closed after the test:
    ``terminal("play", "medieval-capture", "--seed", "3")``."""
    from tests.terminal import Terminal

    opened: list[Terminal] = []

    def start(*args: str, colour: bool = False, columns: int = 100) -> Terminal:
        opened.append(Terminal(*args, colour=colour, columns=columns))
        return opened[-1]

    yield start
    for t in opened:
        t.close()


@pytest.fixture(scope="session")
def browser():
    """A headless Debian Chromium driven by playwright; skipped with the reason where it is missing."""
    if not os.path.exists(CHROMIUM) and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed and could not be installed here (tools/test.sh tries)")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
