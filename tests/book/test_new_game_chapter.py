"""A new game's chapter builds as the four games' chapters do: two pages in a test book, for every game registered
only in the tests (the toy game, and the fifth-game test's copy of it).

Such a game is added the way a contributor's fifth game is added (one package, one line). A two-page chapter is
written for it the way the book's chapters are written: a rules page whose example is drawn with
``bookkit.notebook.picture`` and asserts what its rule says (a new game starts with a seat to play), and a play
page with a board (``hosts.widget.BoardWidget``). Jupyter Book builds it (the notebooks executed, any warning
failing the build); the pages must hold the picture and the board's static place with its picture, and no code.
The live runtime's steps are the real book's (``tests/browser``): they need the game inside capture_lib.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

from capture_lib import games as registry
from tests.registry import shipped

ROOT = pathlib.Path(__file__).resolve().parents[2]
#: The games registered only for the tests: the book has no chapter for them, so this test writes one.
NEW_GAMES = [slug for slug in registry.list_games() if not shipped(slug)]


def _register(slug: str) -> str:
    """A kernel's first lines: the game registered, as the tests register it (its package, not the book's)."""
    return f'import capture_lib.games\ncapture_lib.games.register("{registry.describe(slug).package}")\n'


def rules_page(slug: str) -> list[tuple[str, str, list[str]]]:
    """The rules page's cells: the game registered in the kernel, then its first position drawn by the engine."""
    description, register = registry.describe(slug), _register(slug)
    return [
        ("markdown", f"# {description.title}: the rules\n\nThe rules of {description.title}, in our own words.", []),
        ("code", register + "from capture_lib import load_game\nfrom capture_lib.bookkit.notebook import picture\n\n"
                 f'game = load_game("{slug}")\nstate = game.new_game(seed=3)', ["remove-input"]),
        ("markdown", "## The start\n\nA new game waits for its first player.", []),
        ("code", "assert not state.is_over and state.legal_actions()\npicture(state, seat=0)", ["remove-input"]),
    ]


def play_page(slug: str) -> list[tuple[str, str, list[str]]]:
    """The play page's cells: one board against the computer."""
    description, register = registry.describe(slug), _register(slug)
    return [
        ("markdown", f"# {description.title}: play\n\nPlay against the computer.", []),
        ("code", register + "from capture_lib.hosts.widget import BoardWidget\n\n"
                 f'BoardWidget("{slug}", seed=5, seat=0)', ["remove-input"]),
    ]


CONFIG = """title: "A new game's chapter"
only_build_toc_files: true
execute:
  execute_notebooks: force
  timeout: 120
  allow_errors: false
sphinx:
  config:
    nb_mime_priority_overrides:
      - ["*", "application/vnd.jupyter.widget-view+json", null]
    nb_ipywidgets_js: {}
    suppress_warnings: ["mystnb.unknown_mime_type"]
"""
TOC = """format: jb-book
root: intro
chapters:
  - file: {slug}/rules
  - file: {slug}/play
"""


def notebook(cells: list[tuple[str, str, list[str]]]) -> str:
    """A notebook (nbformat 4) of ``(kind, source, tags)`` cells, as the book's chapters are stored."""
    made = []
    for kind, source, tags in cells:
        cell = {"cell_type": kind, "metadata": {"tags": tags}, "source": source}
        if kind == "code":
            cell.update(outputs=[], execution_count=None)
        made.append(cell)
    return json.dumps({"cells": made, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.mark.slow
@pytest.mark.generic
@pytest.mark.parametrize("slug", NEW_GAMES)
def test_a_new_games_two_page_chapter_builds_with_its_picture_and_board(tmp_path, slug):
    pytest.importorskip("jupyter_book")
    book = tmp_path / "book"
    (book / slug).mkdir(parents=True)
    (book / "_config.yml").write_text(CONFIG, encoding="utf-8")
    (book / "_toc.yml").write_text(TOC.format(slug=slug), encoding="utf-8")
    (book / "intro.md").write_text("# A new game\n\nA chapter written for a game added in one package.\n",
                                   encoding="utf-8")
    (book / slug / "rules.ipynb").write_text(notebook(rules_page(slug)), encoding="utf-8")
    (book / slug / "play.ipynb").write_text(notebook(play_page(slug)), encoding="utf-8")
    # The kernels import the game from where this run imports it: the checkout, and any folder on PYTHONPATH
    # (the fifth-game test's copy).
    path = os.pathsep.join(part for part in [str(ROOT), os.environ.get("PYTHONPATH", "")] if part)
    env = {**os.environ, "PYTHONPATH": path}
    from capture_lib.bookkit.build import JUPYTER_BOOK

    result = subprocess.run([sys.executable, "-c", JUPYTER_BOOK, "build", str(book), "-W", "-n",
                             "--keep-going"], cwd=book, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    html = book / "_build" / "html" / slug
    rules = (html / "rules.html").read_text(encoding="utf-8")
    play = (html / "play.html").read_text(encoding="utf-8")
    # The picture is the engine's SVG (Jupyter Book keeps it as an image file); the board's place holds its own.
    images = re.findall(r'<img[^>]*src="([^"]+\.svg)"', rules)
    assert images and "A new game waits for its first player" in rules
    assert "<svg" in (html / images[0]).read_text(encoding="utf-8")
    assert "capture-static-board" in play and "<svg" in play
    for page in (rules, play):
        assert "load_game" not in page and "BoardWidget" not in page, "a page shows its code"


def test_the_tests_register_a_game_without_a_chapter():
    assert "toy-game" in NEW_GAMES, "the toy game is not registered for the tests (tests/conftest.py)"
