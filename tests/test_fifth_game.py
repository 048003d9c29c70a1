"""A fifth game, added the way a contributor adds one, passes every generic test.

The toy game's folder (``tests/toy_game``) is copied into a new package with a new name, slug and title (its
imports and names changed as a contributor's search and replace would), and registered by its one line: here
``CAPTURE_EXTRA_GAMES``, which ``tests/conftest.py`` registers for a run, as ``PACKAGES`` does for a game of the
package. The whole generic suite (``pytest -m generic``) then runs on it in a fresh pytest, only the new game's
parameters selected (``-k``): it must pass, and the new game must really have been run, test by test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from xml.etree import ElementTree

import pytest

from tests.registry import EXTRA_GAMES, ROOT, TOY

#: The new game: its package (a folder on ``PYTHONPATH``), the slug the registry makes of it, and its title.
PACKAGE, SLUG, TITLE = "trap_race_again", "trap-race-again", "Trap Race Again"
#: Generic tests the new game must have passed, one for each place a game goes: the protocol, the board's secrets,
#: a host (the terminal), a board played in the browser, and a chapter built in a test book.
MUST_PASS = (
    "tests.test_conformance.test_random_games_keep_the_protocol",
    "tests.test_board_secrets.test_no_sequence_of_messages_shows_a_seat_what_it_may_not_see",
    "tests.test_terminal.test_every_game_plays_at_the_prompt",
    "tests.browser.test_live_keyboard.test_the_focus_survives_every_keyboard_action",
    "tests.book.test_new_game_chapter.test_a_new_games_two_page_chapter_builds_with_its_picture_and_board",
)


def copy_the_toy_game(folder) -> None:
    """``tests/toy_game`` copied into ``folder/PACKAGE``, renamed throughout."""
    package = folder / PACKAGE
    shutil.copytree(ROOT / "tests" / "toy_game", package, ignore=shutil.ignore_patterns("__pycache__"))
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        text = text.replace(TOY, PACKAGE).replace('"toy-game"', f'"{SLUG}"').replace('"Trap Race"', f'"{TITLE}"')
        path.write_text(text, encoding="utf-8")


def outcomes(report) -> dict[str, str]:
    """Each test case of a JUnit report by its id (``module.test[params]``): ``passed``, ``skipped`` or what failed."""
    found = {}
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        tags = [child.tag for child in case if child.tag in ("failure", "error", "skipped")]
        found[f"{case.get('classname')}.{case.get('name')}"] = tags[0] if tags else "passed"
    return found


@pytest.mark.slow
def test_a_copy_of_the_toy_game_passes_every_generic_test_the_toy_game_passes(tmp_path):
    copy_the_toy_game(tmp_path)
    report = tmp_path / "report.xml"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]), **{EXTRA_GAMES: PACKAGE})
    # The new game's parameters, and the toy game's beside them to compare with: the same tests, the same outcomes.
    command = ["-m", "generic", "-k", f"{SLUG} or toy-game", "-q", "-rs", f"--junitxml={report}", "-o", "addopts="]
    run = subprocess.run([sys.executable, "-m", "pytest", "tests", "-p", "no:cacheprovider", *command], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=600)
    said = run.stdout[-4000:] + run.stderr[-2000:]
    assert run.returncode == 0, said
    found = outcomes(report)
    new = {name: outcome for name, outcome in found.items() if SLUG in name}
    toy = {name.replace("toy-game", SLUG): outcome for name, outcome in found.items() if "toy-game" in name}
    assert new == toy, f"the generic tests that ran the toy game but not the new one: {sorted(set(toy) - set(new))}"
    passed = [name for name, outcome in new.items() if outcome == "passed"]
    for test in MUST_PASS:
        assert any(name.startswith(f"{test}[{SLUG}") for name in passed), f"{test} did not run the new game: {said}"
    assert len(passed) >= 20 and set(new.values()) <= {"passed", "skipped"}, said
    # What was skipped needs a part the new game has not, and says which.
    assert "skipped" not in new.values() or f"{SLUG} has no " in said or f"{SLUG}'s book chapter has no " in said
