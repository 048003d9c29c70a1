"""A new game's chapter builds as the four games' chapters do: two pages in a test book, for the tests' toy game.

The toy game (``tests/toy_game``) is registered only in the tests, the way a contributor's fifth game is added
(one package, one line). A two-page chapter is written for it the way the book's chapters are written: a rules
page whose example is drawn with ``bookkit.notebook.picture`` and asserts what its rule says, and a play page
with a board (``hosts.widget.BoardWidget``). Jupyter Book builds it (the notebooks executed, any warning
failing the build); the pages must hold the picture and the board's static place with its picture, and no
code. The live runtime's steps are the real book's (``tests/browser``): they need the game inside capture_lib.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
REGISTER = 'import capture_lib.games\ncapture_lib.games.register("tests.toy_game")\n'
RULES = [
    ("markdown", "# Trap Race: the rules\n\nEach player hides a trap; a die then says how far a pawn may step.", []),
    ("code", REGISTER + "from capture_lib import load_game\nfrom capture_lib.bookkit.notebook import picture\n\n"
             'game = load_game("toy-game")\nstate = game.new_game(seed=3)', ["remove-input"]),
    ("markdown", "## The start\n\nBoth pawns stand at the start of the track.", []),
    ("code", "assert not state.is_over and state.legal_actions()\npicture(state, seat=0)", ["remove-input"]),
]
PLAY = [
    ("markdown", "# Trap Race: play\n\nPlay against the computer.", []),
    ("code", REGISTER + 'from capture_lib.hosts.widget import BoardWidget\n\nBoardWidget("toy-game", seed=5, seat=0)',
     ["remove-input"]),
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
  - file: toy-game/rules
  - file: toy-game/play
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
def test_a_new_games_two_page_chapter_builds_with_its_picture_and_board(tmp_path):
    pytest.importorskip("jupyter_book")
    book = tmp_path / "book"
    (book / "toy-game").mkdir(parents=True)
    (book / "_config.yml").write_text(CONFIG, encoding="utf-8")
    (book / "_toc.yml").write_text(TOC, encoding="utf-8")
    (book / "intro.md").write_text("# A new game\n\nA chapter written for a game added in one package.\n",
                                   encoding="utf-8")
    (book / "toy-game" / "rules.ipynb").write_text(notebook(RULES), encoding="utf-8")
    (book / "toy-game" / "play.ipynb").write_text(notebook(PLAY), encoding="utf-8")
    # The kernels import the toy game from the checkout, as the tests do.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    from capture_lib.bookkit.build import JUPYTER_BOOK

    result = subprocess.run([sys.executable, "-c", JUPYTER_BOOK, "build", str(book), "-W", "-n",
                             "--keep-going"], cwd=book, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    html = book / "_build" / "html" / "toy-game"
    rules = (html / "rules.html").read_text(encoding="utf-8")
    play = (html / "play.html").read_text(encoding="utf-8")
    # The picture is the engine's SVG (Jupyter Book keeps it as an image file); the board's place holds its own.
    images = re.findall(r'<img[^>]*src="([^"]+\.svg)"', rules)
    assert images and "Both pawns stand" in rules
    assert "<svg" in (html / images[0]).read_text(encoding="utf-8")
    assert "capture-static-board" in play and "<svg" in play
    for page in (rules, play):
        assert "load_game" not in page and "BoardWidget" not in page, "a page shows its code"
