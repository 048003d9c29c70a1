"""Shared fixtures: the built book (built once per test run) and a headless Chromium."""

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
def browser():
    """A headless Debian Chromium driven by playwright; skipped with the reason where it is missing."""
    if not os.path.exists(CHROMIUM) and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed and could not be installed here (tools/test.sh tries)")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
