"""Shared fixtures: the built book (built once per test run) and a headless Chromium; how the run is split.

``tools/test.sh`` runs two pytest processes side by side, one a core: the tests that need the built book or a
browser (marked ``book`` here, at collection), and everything else with the notebooks under nbval. It starts
the book's build before them (``BUILD_ENV`` names its folder), so the build overlaps the engine's tests; without
it, the first test that needs the book builds it. The book's process has more to do, so the modules of
``AFTER_THE_ENGINE`` (marked ``after_engine`` too) run in the engine's process instead, after everything else
there: by then the book is built, and the two processes end at about the same time. Under pytest-xdist
(``-n 2 --dist loadgroup``) the book's tests form one ``xdist_group``, and each notebook another.

The games and the budgets of the run (``tests/registry.py``, ``tests/budgets.py``) are set before collection.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The xdist group of the tests that need the built book or a browser: one worker runs them all.
BOOK_GROUP = "book-and-browsers"
#: Set by ``tools/test.sh`` to the folder where it writes the build started before pytest: ``log`` and, once
#: the build has ended, ``returncode``.
BUILD_ENV = "CAPTURE_TEST_BUILD"
#: Book tests that ``tools/test.sh`` runs at the end of the engine's process (see the module's docstring): modules
#: that only read the built book and start their own browsers, about two minutes of a run that would otherwise
#: leave a core idle while the book's process ends. Measured with ``--durations`` in both processes' logs.
AFTER_THE_ENGINE = ("tests/browser/test_other_browsers.py", "tests/browser/test_live_book.py")
#: The longest a test waits for the book's build (a cold build on two busy cores takes about five minutes).
BUILD_SECONDS = 1500


def _needs_the_book(item: pytest.Item) -> bool:
    fixtures = getattr(item, "fixturenames", ())
    return ("built_book" in fixtures or "browser" in fixtures or item.get_closest_marker("browser") is not None
            or item.get_closest_marker("book") is not None)


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    """Group the tests for ``--dist loadgroup`` (see the module's docstring), and within the book's group run
    the modules that need no built book first, while the book is still being built."""
    waits: set[str] = set()
    for item in items:
        module = item.nodeid.split("::", 1)[0]
        if item.nodeid.endswith(".ipynb") or ".ipynb::" in item.nodeid:
            item.add_marker(pytest.mark.xdist_group(module))
        elif _needs_the_book(item):
            item.add_marker(pytest.mark.xdist_group(BOOK_GROUP))
            item.add_marker(pytest.mark.book)  # tools/test.sh runs these (-m book) beside the rest
            if module in AFTER_THE_ENGINE:
                item.add_marker(pytest.mark.after_engine)  # ... but these at the end of the rest
            if "built_book" in getattr(item, "fixturenames", ()):
                waits.add(module)
    # A stable sort by whole modules, so that a module's fixtures are still set up once: the book's waiting
    # modules last, and the modules run after the engine's tests after everything else (the notebooks too).
    items.sort(key=lambda item: (item.nodeid.split("::", 1)[0] in AFTER_THE_ENGINE,
                                 item.nodeid.split("::", 1)[0] in waits))
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


def _ended_build() -> int | None:
    """The exit status of the build ``tools/test.sh`` started (``BUILD_ENV``), or ``None`` where there is none or it
    has not ended yet."""
    started = os.environ.get(BUILD_ENV)
    done = pathlib.Path(started) / "returncode" if started else None
    if done is None or not done.is_file():
        return None
    return int(done.read_text().strip() or "1")


@pytest.fixture(scope="session")
def built_book() -> dict:
    """The HTML book, built strictly (any Sphinx warning fails) by ``capture book --strict``: the build that
    ``tools/test.sh`` started before pytest (``BUILD_ENV``), or one made here for a run without it."""
    started = os.environ.get(BUILD_ENV)
    if started:
        folder = pathlib.Path(started)
        deadline = time.monotonic() + BUILD_SECONDS
        while not (folder / "returncode").is_file():
            if time.monotonic() > deadline:
                pytest.fail(f"the book's build started by tools/test.sh did not end within {BUILD_SECONDS} s")
            time.sleep(1)
        returncode = _ended_build()
        log = (folder / "log").read_text(encoding="utf-8", errors="replace")
    else:
        result = subprocess.run([sys.executable, "-m", "capture_lib.cli", "book", "--strict"], cwd=ROOT,
                                capture_output=True, text=True, timeout=BUILD_SECONDS)
        returncode, log = result.returncode, result.stdout + result.stderr
    (ROOT / "_build").mkdir(exist_ok=True)
    (ROOT / "_build" / "test-build.log").write_text(log, encoding="utf-8")  # for reading after a failure
    return {"returncode": returncode, "log": log, "html": ROOT / "_build" / "html"}


@pytest.fixture(scope="session")
def book_site(built_book):
    """The built book served by ``capture serve``'s static server on a free port of 127.0.0.1, for the whole
    run: ``(base URL, the book's folder)``."""
    import threading

    from capture_lib.classroom.static import make_server

    assert built_book["returncode"] == 0, built_book["log"][-3000:]
    server = make_server(built_book["html"], 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", built_book["html"]
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def printed_handouts(tmp_path_factory) -> dict:
    """Every handout printed by Chromium, once a run: its PDF by its stem (``tests/handouts.py``). Where the build
    ``tools/test.sh`` started has already ended well, the handouts it printed into the book (the same
    ``build_summaries``, the PDFs a reader downloads) are read instead of printing them again; either way what
    is read was printed in this run."""
    from tests.handouts import print_handouts

    if _ended_build() == 0:
        built = {pdf.stem: pdf for pdf in (ROOT / "_build" / "html" / "summaries").glob("*.pdf")}
        if built:
            return built
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
