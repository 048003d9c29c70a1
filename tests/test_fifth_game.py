"""A fifth game, added the way a contributor adds one, passes every generic test.

The toy game's folder (``tests/toy_game``) is copied into a new package with a new name, slug and title (its
imports and names changed as a contributor's search and replace would), and registered by its one line: here
``CAPTURE_EXTRA_GAMES``, which ``tests/conftest.py`` registers for a run, as ``PACKAGES`` does for a game of the
package. The whole generic suite (``pytest -m generic``) then runs on it in a fresh pytest, only the new game's
parameters selected (``-k``): it must pass, and the new game must really have been run, test by test, skipping
exactly what the toy game skips (``tests/fifth_game_plugin.py`` collects the toy game's tests beside it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from tests.fifth_game_plugin import FIFTH_GAME_RECORD, TOY_SLUG
from tests.registry import EXTRA_GAMES, ROOT, TOY, chapter_page, has_part

#: The new game: its package (a folder on ``PYTHONPATH``), the slug the registry makes of it, and its title.
PACKAGE, SLUG, TITLE = "trap_race_again", "trap-race-again", "Trap Race Again"
#: Generic tests the new game must have passed, one for each place a game goes: the protocol, the board's secrets,
#: a host (the terminal), a board played in the browser, and a chapter built in a test book.
MUST_PASS = (
    "tests/test_conformance.py::test_random_games_keep_the_protocol",
    "tests/test_board_secrets.py::test_no_sequence_of_messages_shows_a_seat_what_it_may_not_see",
    "tests/test_terminal.py::test_every_game_plays_at_the_prompt",
    "tests/browser/test_live_keyboard.py::test_the_focus_survives_every_keyboard_action",
    "tests/book/test_new_game_chapter.py::test_a_new_games_two_page_chapter_builds_with_its_picture_and_board",
)
#: How a skip for a missing part or page names it (``tests.registry._missing``).
LACKS_PART = re.compile(r"its description declares no (.+?) part\)")
LACKS_PAGE = re.compile(r"book chapter has no (.+?) page \(")


def copy_the_toy_game(folder) -> None:
    """``tests/toy_game`` copied into ``folder/PACKAGE``, renamed throughout."""
    package = folder / PACKAGE
    shutil.copytree(ROOT / "tests" / "toy_game", package, ignore=shutil.ignore_patterns("__pycache__"))
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        text = text.replace(TOY, PACKAGE).replace('"toy-game"', f'"{SLUG}"').replace('"Trap Race"', f'"{TITLE}"')
        path.write_text(text, encoding="utf-8")


def toy_would_skip_too(reason: str) -> bool:
    """Whether a skip's ``reason``, for the new game, names only parts and pages the toy game lacks as well (so
    that the toy game, whose tests the suite runs, skips the same test for the same reason)."""
    parts = [part for found in LACKS_PART.findall(reason) for part in found.split(" or ")]
    pages = [page for found in LACKS_PAGE.findall(reason) for page in found.split(" or ")]
    return bool(parts or pages) and not any(has_part(TOY_SLUG, part) for part in parts) \
        and all(chapter_page(TOY_SLUG, page) is None for page in pages)


@pytest.mark.slow
def test_a_copy_of_the_toy_game_passes_every_generic_test_the_toy_game_passes(tmp_path):
    copy_the_toy_game(tmp_path)
    record = tmp_path / "record.json"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]),
               **{EXTRA_GAMES: PACKAGE, FIFTH_GAME_RECORD: str(record)})
    # The new game's parameters only: the toy game's generic tests, which the suite runs itself, are collected
    # beside them to compare with (their ids and the skips they are marked with), not run again (the plugin).
    command = ["-m", "generic", "-k", SLUG, "-q", "-rs", "-p", "tests.fifth_game_plugin", "-o", "addopts="]
    run = subprocess.run([sys.executable, "-m", "pytest", "tests", "-p", "no:cacheprovider", *command], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=600)
    said = run.stdout[-4000:] + run.stderr[-2000:]
    assert run.returncode == 0, said
    recorded = json.loads(record.read_text(encoding="utf-8"))
    new = {name: ran for name, ran in recorded["ran"].items() if SLUG in name}
    toy = {name.replace(TOY_SLUG, SLUG): skip for name, skip in recorded["toy"].items()}
    assert set(new) == set(toy), (f"generic tests of the toy game but not the new one: {sorted(set(toy) - set(new))}; "
                                  f"of the new one but not the toy game: {sorted(set(new) - set(toy))}")
    assert len(toy) >= 20, sorted(toy)
    for name, ran in new.items():
        marked = toy[name]
        if marked is not None:  # skipped at collection for the toy game: for the new one too, for the same reason
            assert ran == {"outcome": "skipped", "reason": marked.replace(TOY_SLUG, SLUG)}, (name, ran, marked)
        elif ran["outcome"] == "skipped":  # skipped as it ran: only for a part or page the toy game lacks too
            assert ran["reason"].startswith(SLUG) and toy_would_skip_too(ran["reason"]), (name, ran)
        else:
            assert ran["outcome"] == "passed", (name, ran, said)
    passed = [name for name, ran in new.items() if ran["outcome"] == "passed"]
    for test in MUST_PASS:
        assert any(name.startswith(f"{test}[{SLUG}") for name in passed), f"{test} did not run the new game: {said}"
