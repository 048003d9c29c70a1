"""The terminal game: every game plays at the prompt; ``moves`` filtering and listing in full, colour only where
wanted, ``capture lab`` options, the text renderer on any scene.

Each game's own terminal, played as a person would in a pseudo-terminal (``tests/terminal.py``: the board, its
key, the moves a named piece has, the other side's secrets never shown), is in its folder:
``tests/<game>/test_*terminal.py``.
"""

from __future__ import annotations

import importlib.util
import io
import os
import re
import signal
import socket
import subprocess
import sys
import time

import pytest

from capture_lib.cli import lab_command, main
from capture_lib.hosts.terminal.play import play_in_terminal
from capture_lib.render.paint import Paint, colour_wanted
from capture_lib.render.text import actions_text, focus, matching, scene_text, words_of, wrap_moves
from tests.registry import games

# -- every game -------------------------------------------------------------------------------------------


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_every_game_plays_at_the_prompt(slug):
    out = io.StringIO()
    play_in_terminal(slug, seed=3, stdin=io.StringIO("moves\nquit\n"), stdout=out)
    listed = re.search(r"(\d+) legal moves?:\n  (.+)\n", out.getvalue())
    assert listed and out.getvalue().endswith("bye\n"), out.getvalue()[-2000:]
    first = listed.group(2).split(", ")[0]
    out = io.StringIO()
    played = play_in_terminal(slug, seed=3, stdin=io.StringIO(f"{first}\nnot a move\nquit\n"), stdout=out)
    said = " ".join(out.getvalue().split())
    assert first in [str(a) for a in played.history], said[-2000:]
    assert "not allowed" in said or "cannot" in said, said[-2000:]  # refused in words, and the game goes on
    assert "Traceback" not in said


# -- the pieces under the terminal, without a terminal ----------------------------------------------------


def test_moves_filter_by_word_and_list_every_move():
    moves = ["B5 b13-b18", "B5 b13-b9", "B6 b5-b4", "shoot from 1 at r5", "place B1 b5 knight"]
    assert words_of("B1xD3") == ["B1", "D3"] and words_of("B6 b44-b43") == ["B6", "b44", "b43"]
    assert matching(moves, ["B5"]) == moves[:2]  # the piece B5, not the space b5
    assert matching(moves, ["b5"]) == ["B6 b5-b4", "place B1 b5 knight"]
    assert matching(moves, ["r5"]) == ["shoot from 1 at r5"] and matching(moves, ["nothing"]) == []
    assert matching(["B2-B3", "flip B2"], ["b2"]) == ["B2-B3", "flip B2"]  # case ignored when nothing matches as typed
    assert matching(["B2-B3", "B2-B4"], ["B2-B3"]) == ["B2-B3"]
    many = [f"place B1 b{n}" for n in range(1, 200)]
    lines = wrap_moves(many, 60)
    assert all(len(line) <= 60 for line in lines)
    assert [m.strip() for line in lines for m in line.split(",")] == many  # none left out or cut


def test_colour_only_on_a_terminal_without_no_color():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    assert colour_wanted(Tty(), {}) and not colour_wanted(io.StringIO(), {})
    assert not colour_wanted(Tty(), {"NO_COLOR": "1"}) and not colour_wanted(Tty(), {"TERM": "dumb"})
    assert colour_wanted(Tty(), {"NO_COLOR": ""})  # no-color.org: an empty NO_COLOR does not count
    assert Paint(False)("x", "red") == "x" and Paint(True)("x", "red") == "\x1b[31mx\x1b[0m"


# -- capture lab ----------------------------------------------------------------------------------------


def test_capture_lab_hands_jupyterlab_its_options(monkeypatch):
    ran = []
    monkeypatch.setattr(os, "execvp", lambda program, argv: ran.append(argv))
    for argv in (["lab", "--", "--port", "9999", "--no-browser"], ["lab", "--port", "9999", "--no-browser"]):
        main(argv)
        assert ran[-1][1:3] == ["-m", "jupyterlab"] and ran[-1][-3:] == ["--port", "9999", "--no-browser"]
        assert "--" not in ran[-1]
    assert lab_command([])[-1].startswith("--notebook-dir=") and lab_command([])[-1].endswith("book")
    with pytest.raises(SystemExit):
        main(["games", "--port", "1"])  # other commands still refuse options they do not know


def test_capture_lab_starts_jupyterlab_on_the_port_given(tmp_path):
    if importlib.util.find_spec("jupyterlab") is None:
        pytest.skip("JupyterLab is not installed")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    extra = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        env[name] = str(tmp_path / name.lower())  # this server's files stay out of everyone else's Jupyter
    # port_retries=0: on a port that is taken it fails rather than quietly using another.
    proc = subprocess.Popen([sys.executable, "-m", "capture_lib.cli", "lab", "--", "--port", str(port),
                             "--no-browser", "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
                            env=env)
    try:
        log = ""
        deadline = time.monotonic() + 60
        while f":{port}/" not in log and time.monotonic() < deadline and proc.poll() is None:
            log += proc.stdout.readline()
        assert f":{port}/" in log, log[-2000:]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)


# -- the text renderer on its own: any scene, no game -----------------------------------------------------


def _lanes_scene(**extra):
    """Two rows of card slots (the other side's above, the viewer's below, named under), beside a second area."""
    from capture_lib.core.scene import Area, KeyEntry, Panel, Piece, Scene, Space

    spaces = [Space(f"top{i}", "lanes", 50 + 100 * i, 50, 70, 90, "slot") for i in range(3)]
    spaces += [Space(f"low{i}", "lanes", 50 + 100 * i, 150, 70, 90, "slot", label=f"lane {i + 1}") for i in range(3)]
    spaces += [Space("other", "side", 400, 50, 70, 90, "slot")]
    pieces = [Piece("a", "top0", "card", "7H", owner=1, lines=("= 9",), token="7H"),
              Piece("b", "top1", "card", "", owner=1, tones=("back",), token="??"),
              Piece("c", "low0", "card", "8S", owner=0, lines=("= 6",), token="8S")]
    key = (KeyEntry("won", "won", "won its lane", "glow", "green", "\u25b2"),
           KeyEntry("tied", "tied", "a tie", "dotted", "black", "="), KeyEntry("pick", "pick", "", "thick", "sky", "?"))
    areas = (Area("lanes", "The lanes", "free", 0, 0, 300, 200), Area("side", "Aside", "free", 350, 0, 100, 100))
    return Scene("toy", 450, 200, areas, tuple(spaces), tuple(pieces), key=key,
                 panels=(Panel("p0", "Blue", ("score 1",), 0), Panel("p1", "Red", ("score 0",), 1)), **extra)


def test_a_free_area_of_slots_reads_as_rows_of_cards():
    from capture_lib.core.scene import Mark

    text = scene_text(_lanes_scene(marks=(Mark("top0", "won"),)))
    lines = text.splitlines()
    assert lines[0].split() == ["The", "lanes", "Aside"], "areas beside each other on the table, side by side"
    top, low, names = lines[1:4]
    assert top.startswith("Red:") and top.split()[1:4] == ["7H=9", "\u25b2", "??"], "a card, its value, its mark"
    assert low.startswith("Blue:") and low.split()[1:] == ["8S=6", "--", "--"], "an empty slot is --, never its id"
    assert names.split() == ["lane", "1", "lane", "2", "lane", "3"] and "top" not in text and "low" not in text
    assert text.endswith("Key: \u25b2 won.")


def test_one_click_actions_are_marked_and_words_name_what_they_mean():
    from capture_lib.core.scene import Action

    drawn = _lanes_scene(actions=(Action("pick 1", ("low1",), kind="pick", label="pick the first"),
                                  Action("pick 2", ("low2",), kind="pick", label="pick the second"),
                                  Action("from 8S", ("low0", "top2"), kind="tied", label="send it up")))
    low = scene_text(drawn).splitlines()[2]
    assert low.split()[1:] == ["8S=6", "?--", "?--"], "where one click chooses an action, its kind's glyph shows"
    assert actions_text(drawn) == ("You may: 'pick 1' \u2013 pick the first; 'pick 2' \u2013 pick the second; "
                                   "'from 8S' \u2013 send it up.")
    named = focus(drawn, ["8S"], ["from 8S"])
    assert named.marks == {"top2": "tied", "low0": "select"}
    assert named.about == "8S (on lane 1): 8S. Marked: = tied top2."
    marked = scene_text(drawn, marks=named.marks).splitlines()[1]
    assert marked.split()[-2] == "=--", "where the named card's action goes"


def test_links_are_drawn_between_the_cells_of_a_map():
    from capture_lib.core.scene import Area, KeyEntry, Link, Scene, Space

    spaces = tuple(Space(name, "map", x, y, 40, 40, "rock", label=name, tones=tones) for name, x, y, tones in (
        ("a1", 20, 20, ()), ("a2", 90, 20, ("kind-tower",)), ("a3", 160, 20, ()), ("a4", 20, 90, ()),
        ("a5", 160, 90, ())))
    links = (Link("a1", "a2"), Link("a2", "a3", "dashed"), Link("a1", "a4"), Link("a3", "a5", "water"))
    drawn = Scene("toy", 200, 120, (Area("map", "the map", "free", 0, 0, 200, 120, background="art"),), spaces,
                  links=links, key=(KeyEntry("tower", "tower", "", "space", glyph="T"),))
    lines = scene_text(drawn).splitlines()
    assert lines[1] == "a1──Ta2┄a3" and lines[2] == " │       ~" and lines[3] == "a4      a5"
    assert lines[-1] == "Key: T tower."
    from capture_lib.render.picture import to_svg

    assert to_svg(drawn).count("<line ") == 4 and to_svg(drawn, assets={"art": "<g/>"}).count("<line ") == 0, \
        "a background picture draws its area's links itself"
