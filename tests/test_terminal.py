"""The terminal game, played as a person would: ``capture play GAME`` in a pseudo-terminal.

Each game is started in its own pseudo-terminal (so it sees a TTY, as in a real terminal), a few moves
are typed, and what comes back must show the board (Medieval Capture's map), the key to it, the moves
a named piece has, and Card Commander's tie in words; the seat's secrets of the other side never show.
Also: ``moves`` filtering and listing in full, colour only where wanted, ``capture lab`` options.
"""

from __future__ import annotations

import importlib.util
import io
import os
import pty
import re
import select
import signal
import socket
import struct
import subprocess
import sys
import time

import pytest

from capture_lib import load_game
from capture_lib.cli import lab_command, main
from capture_lib.hosts.terminal.play import play_in_terminal
from capture_lib.render.paint import Paint, colour_wanted
from capture_lib.render.text import actions_text, focus, matching, scene_text, words_of, wrap_moves
from capture_lib.search.levels import player_for

ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: The escape sequences other than colours that a line editor writes (cursor, screen and mode changes).
CURSOR = re.compile(r"\x1b\[[0-9;?]*[A-Za-ln-z]")


class Terminal:
    """``capture ARGS`` running in a pseudo-terminal (100 columns unless told); ``expect`` waits for text on it."""

    def __init__(self, *args: str, colour: bool = False, columns: int = 100) -> None:
        import fcntl
        import termios

        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
        env["TERM"] = "xterm"
        env["PROMPT_TOOLKIT_NO_CPR"] = "1"  # the prompt's editor asks nothing a pseudo-terminal cannot answer
        if not colour:
            env["NO_COLOR"] = "1"
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "capture_lib.cli", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True, start_new_session=True)
        os.close(slave)
        self.master = master
        self.seen = b""
        self.mark = 0

    def since(self, mark: int) -> str:
        """What the terminal showed from byte ``mark`` on (``\r\n`` as ``\n``), without the line editor's cursor
        movements (colours stay)."""
        return CURSOR.sub("", self.seen[mark:].decode("utf-8", "replace")).replace("\r\n", "\n")

    def expect(self, wanted: str, timeout: float = 20, after_echo: bool = False) -> str:
        """Wait until ``wanted`` shows after the last ``send`` (``after_echo``: after the line typed, which the
        line editor draws again with its prompt); what showed since then."""
        deadline = time.monotonic() + timeout
        while wanted not in (self.since(self.mark).partition("\n")[2] if after_echo else self.since(self.mark)):
            left = deadline - time.monotonic()
            if left <= 0 or self.proc.poll() is not None and not select.select([self.master], [], [], 0)[0]:
                raise AssertionError(f"{wanted!r} never showed; the terminal shows:\n{self.since(self.mark)[-3000:]}")
            if select.select([self.master], [], [], min(left, 0.5))[0]:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:  # the program ended and closed its side
                    pass
        return self.since(self.mark)

    def send(self, line: str, until: str = "your move>") -> str:
        """Type ``line`` and wait for ``until`` (the next prompt); what showed in between."""
        self.mark = len(self.seen)  # bytes: the prompt before it ends on a whole character
        os.write(self.master, line.encode() + b"\n")
        return self.expect(until, after_echo=True)

    def leave(self) -> None:
        """Type ``quit``, and press Enter where a game under way offers to be saved first (it stays kept)."""
        shown = self.send("quit", until="?")
        if "Save the game before leaving?" in shown:
            self.send("", until="bye")
        else:
            self.expect("bye")

    def close(self) -> None:
        """Stop the game (if it still runs) and release the terminal."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=10)
        os.close(self.master)


@pytest.fixture
def terminal():
    opened = []

    def start(*args: str, colour: bool = False, columns: int = 100) -> Terminal:
        opened.append(Terminal(*args, colour=colour, columns=columns))
        return opened[-1]

    yield start
    for t in opened:
        t.close()


def test_medieval_capture_draws_the_map_and_where_a_piece_may_go(terminal):
    t = terminal("play", "medieval-capture", "--seed", "3", "--level", "random", columns=80)
    first = t.expect("your move>")
    assert max(len(line) for line in first.splitlines()) < 80, "everything fits 80 columns"
    assert "B5 is a Blue piece, R5 a Red one" in " ".join(first.split()), "the key to the tokens, at the start"
    # The map: trails joining spaces, the dungeons, the Cathedral, Crowns on their spaces; the free rocks marked +.
    assert "+b1─+10─+15─+19" in first and "#bd" in first and "#rd" in first and "\u271a(c)" in first
    assert "\u265bb2" in first and "\u265br2" in first and "r50─r43─r34─$27─r19─\u265e15─r10─r1" in first
    assert "+21┄∪28~+36~∪45~" in first  # a dock, a boat, the river under a bridge (a free rock, marked)
    assert "Key: + free rock, \u265b Crown, \u265e Knight space" in first
    assert "You may: 'place B1 b1' \u2013 place B1 on b1, and 81 more like it." in " ".join(first.split())
    for move in ["place B1 b12 knight", "place B2 b13", "place B3 b9", "place B4 b7", "place B5 b3", "place B6 b1",
                 "place B7 b10"]:
        t.send(move)
    board = t.send("roll")
    assert "B4──B1*─$17" in board and "B3──B2──\u265e18" in board, "the pieces cover their spaces; the Knight marked"
    assert re.search(r"R\d+", board) and not re.search(r"R\d+\*", board), "Red's Knight stays hidden from Blue"
    shown = t.send("B2")
    assert "B2 (on b13): your B2. Marked: \u25cf reachable space b18, b23, b24, b33." in " ".join(shown.split())
    assert "B3──B2──\u25cf18─\u25cf24─\u25cf33─" in shown, "the reachable spaces are marked on the map"
    assert "4 legal moves with B2:\n  B2 b13-b18, B2 b13-b18-b24" in shown
    after = t.send("B2 b13-b18")
    assert "B3──b13─B2──b24─" in after, "B2 moved from b13 to b18"
    t.leave()


def test_command_capture_has_a_key_and_marks_a_units_moves(terminal):
    t = terminal("play", "command-capture", "--seed", "5", "--level", "random", colour=True)
    start = t.expect("your move>")
    assert "\x1b[" in start, "a terminal without NO_COLOR gets colour"
    plain = " ".join(ANSI.sub("", start).split())
    assert "A Archer" in plain and "L Legionnaire" in plain and "its facing ^ (towards row 8)" in plain
    assert "i+v#2 is a small-letter Infantry" in plain and "State Lock" in plain
    assert "You may: 'assassin A2' \u2013 hide your Assassin on A2, and 7 more like it." in plain
    assert "  2  L^? L^? L^?" in ANSI.sub("", start), "the hiding places are marked"
    t.send("assassin D2")
    assert "X^*" in ANSI.sub("", t.send("ready")), "our hidden Assassin, marked for us"
    shown = ANSI.sub("", t.send("moves B1"))
    assert "B1: your Cavalry, Melee, facing towards row 8" in " ".join(shown.split())
    assert re.search(r"  3  \.\s+\.\u25cf\s+\.", shown), "B1's move to B3 is marked on the board"
    assert "5 legal moves with B1:\n  B1-B3, flip B1, turn B1 E, turn B1 S, turn B1 W\n" in shown
    assert "Blue: B2-B3 (Legionnaire) moves from B2 to B3" in ANSI.sub("", t.send("B2-B3"))
    t.leave()


def _advance(state, player):
    while not state.is_over and state.current_player != 0:
        state = state.play_chance() if state.current_player < 0 else state.play(player(state, state.current_player))
    return state


def _a_tie():
    """A seed and Blue's placing after which Card Commander stops on a tie (same players as the game)."""
    game, player = load_game("card-commander"), player_for("random")
    for seed in range(100):
        state = _advance(game.new_game(seed=seed).play("commander Karl"), player)
        for placing in state.legal_actions()[:60]:
            after = _advance(state.play(placing), player)
            extras = [a for a in after.legal_actions() if str(a).startswith("extra")]
            if after.observation(0)["phase"] == "tie" and extras:
                return seed, str(placing), after
    raise AssertionError("no tie found")


def test_card_commander_says_a_lane_is_tied_and_what_may_be_done(terminal):
    seed, placing, after = _a_tie()
    view = after.observation(0)
    lane = view["lanes"][view["tie_lane"]]
    t = terminal("play", "card-commander", "--seed", str(seed), "--level", "random")
    assert "=N after a card is what it is worth" in " ".join(t.expect("your move>").split())
    t.send("commander Karl")
    shown = " ".join(t.send(placing).split())  # wrapped to the terminal's width
    assert f"the {lane['name']} lane is tied at {lane['values'][0]}; Blue decides on the extra card" in shown
    assert f"to the tied {lane['name']} lane as your extra card (once a game, with your Commander's bonus)" in shown
    assert "'pass' \u2013 pass: add no extra card" in shown and "= tied lane" in shown
    others = [e["winner"] for k, e in enumerate(view["lanes"]) if k != view["tie_lane"]]
    decided = others[0] is not None and others[0] == others[1]
    assert ("It cannot change this round" in shown) == decided
    listed = t.send("moves extra")
    extras = [str(a) for a in after.legal_actions() if str(a).startswith("extra")]
    assert f"{len(extras)} legal moves with extra:" in listed and all(e in listed for e in extras)
    t.send("pass")
    t.leave()


def test_capture_the_commander_plays_a_battle(terminal):
    t = terminal("play", "capture-the-commander", "--seed", "5", "--level", "random")
    start = t.expect("your move>")
    assert "A card is its place, a colon and its value" in " ".join(start.split()) and "C:?\u25cf" in start
    assert re.search(r"North \(you\) · 12 cards +South · 13 cards", start), "the layouts side by side"
    listed = t.send("moves N2")
    assert "N2: your face-down card. Marked: \u2715 target S1, S2, S3, S4." in " ".join(listed.split())
    assert "4 legal moves with N2:\n  N2xS1, N2xS2, N2xS3, N2xS4" in listed
    assert "no legal move names N1" in t.send("moves N1")
    after = t.send("N2xS1")
    assert "attacks South's" in after or "Tie-break" in after
    t.leave()


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


def test_moves_at_the_prompt_are_not_cut_off():
    out = io.StringIO()
    play_in_terminal("medieval-capture", seed=3, stdin=io.StringIO("moves\nmoves zzz\nquit\n"), stdout=out)
    said = out.getvalue()
    assert "82 legal moves:" in said and "place B1 b51 knight" in said and "..." not in said
    assert "no legal move names zzz" in said
    assert "\x1b[" not in said, "no colour where the output is not a terminal"


def test_colour_only_on_a_terminal_without_no_color():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    assert colour_wanted(Tty(), {}) and not colour_wanted(io.StringIO(), {})
    assert not colour_wanted(Tty(), {"NO_COLOR": "1"}) and not colour_wanted(Tty(), {"TERM": "dumb"})
    assert colour_wanted(Tty(), {"NO_COLOR": ""})  # no-color.org: an empty NO_COLOR does not count
    assert Paint(False)("x", "red") == "x" and Paint(True)("x", "red") == "\x1b[31mx\x1b[0m"


def test_the_terminal_views_only_what_the_seat_may_see():
    from capture_lib.games.medieval_capture.scene import scene

    game = load_game("medieval-capture")
    state = game.new_game(seed=3)
    player = player_for("random")
    while state.observation(0)["phase"] == "place" or state.current_player != 0:
        state = state.play_chance() if state.current_player < 0 else state.play(player(state, state.current_player))
    for seat in (0, 1):
        drawn = scene_text(scene(state.observation(seat)))
        knights = [p["id"] for p in state.observation(seat)["pieces"] if p.get("knight")]
        assert len(knights) == 1 and knights[0][0] == "BR"[seat]  # the seat knows its own Knight only
        assert [m[:-1] for m in re.findall(r"[BR]\d+\*", drawn)] == knights


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


def test_the_medieval_map_gives_every_space_a_cell_of_its_own():
    from collections import Counter

    from capture_lib.games.medieval_capture.scene import scene

    drawn = scene(load_game("medieval-capture").new_game(seed=3).observation(0))  # no moves offered: no marks
    lines = scene_text(drawn, width=79).splitlines()
    grid = lines[lines.index("the map") + 1:next(i for i, line in enumerate(lines) if line.startswith("Blue (you)"))]
    assert len(grid) == 17 and max(len(line) for line in grid) <= 79, "the map fits an 80-column terminal"
    glyphs = {f"kind-{k.key}": k.glyph for k in drawn.key if k.look == "space" and k.glyph}
    crowns = {p.at for p in drawn.pieces if p.look == "token"}
    wanted = Counter()
    for space in drawn.spaces:  # a space's name, or its sign and the end of its name: three characters at most
        sign = "\u265b" if space.id in crowns else next((glyphs[t] for t in space.tones if t in glyphs), "")
        name = space.label.split()[-1] if " " in space.label else space.label
        roomy = len(sign + name) <= 3 or space.w > 1.5 * min(s.w for s in drawn.spaces if s.shape == "rock")
        wanted[(sign + name) if roomy else sign + name[len(sign) - 3:]] += 1  # the Cathedral is wider: ✚(c)
    text = "\n".join(grid)
    for cell, count in wanted.items():
        assert len(re.findall(rf"(?<![\w$]){re.escape(cell)}(?!\w)", text)) == count, cell


def test_capture_the_commander_explains_a_tied_battle():
    from capture_lib.games.capture_the_commander.scene import scene

    game, player = load_game("capture-the-commander"), player_for("random")
    state = game.new_game(seed=0)
    while True:  # seed 0's random players reach a tie-break for North within the first hand
        assert not state.is_over, "this game never reached a tie-break"
        if state.current_player < 0:
            state = state.play_chance()
            continue
        moves = [str(a) for a in state.legal_actions()]
        if state.current_player == 0 and all(m.startswith("pick ") for m in moves):
            break
        state = state.play(player(state, state.current_player))
    drawn = scene(state.observation(0), state.legal_actions())
    text = scene_text(drawn)
    assert text.startswith("Tie-break: your pick") and "Tie-break: Your A\u2660 (card 2) against South's" in text
    assert "1:AH\u25cb?" in text and "5:?\u25cf?" in text, "the cards that may be picked are marked"
    assert "? tie-break pick" in text
    assert actions_text(drawn) == ("You may: 'pick N1' \u2013 show your card 1 in the tie-break; 'pick N5' \u2013 show "
                                   "your card 5 in the tie-break.")


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
