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
from capture_lib.render.text import matching, words_of, wrap_moves
from capture_lib.search.levels import player_for

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal:
    """``capture ARGS`` running in a pseudo-terminal of 100 columns; ``expect`` waits for text on it."""

    def __init__(self, *args: str, colour: bool = False) -> None:
        import fcntl
        import termios

        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
        env["TERM"] = "xterm"
        if not colour:
            env["NO_COLOR"] = "1"
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "capture_lib.cli", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True, start_new_session=True)
        os.close(slave)
        self.master = master
        self.seen = b""
        self.mark = 0

    def since(self, mark: int) -> str:
        """What the terminal showed from byte ``mark`` on (``\r\n`` as ``\n``)."""
        return self.seen[mark:].decode("utf-8", "replace").replace("\r\n", "\n")

    def expect(self, wanted: str, timeout: float = 20) -> str:
        """Wait until ``wanted`` shows after the last ``send``; what showed since then."""
        deadline = time.monotonic() + timeout
        while wanted not in self.since(self.mark):
            left = deadline - time.monotonic()
            if left <= 0 or self.proc.poll() is not None and not select.select([self.master], [], [], 0)[0]:
                raise AssertionError(f"{wanted!r} never showed; the terminal shows:\n{self.since(self.mark)[-3000:]}")
            if select.select([self.master], [], [], min(left, 0.5))[0]:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:  # the program ended and closed its side
                    pass
        return self.since(self.mark)

    def send(self, line: str, until: str = "your move> ") -> str:
        """Type ``line`` and wait for ``until`` (the next prompt); what showed in between."""
        self.mark = len(self.seen)  # bytes: the prompt before it ends on a whole character
        os.write(self.master, line.encode() + b"\n")
        return self.expect(until)

    def close(self) -> None:
        """Stop the game (if it still runs) and release the terminal."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=10)
        os.close(self.master)


@pytest.fixture
def terminal():
    opened = []

    def start(*args: str, colour: bool = False) -> Terminal:
        opened.append(Terminal(*args, colour=colour))
        return opened[-1]

    yield start
    for t in opened:
        t.close()


def test_medieval_capture_draws_the_map_and_where_a_piece_may_go(terminal):
    t = terminal("play", "medieval-capture", "--seed", "3", "--level", "random")
    first = t.expect("your move> ")
    assert "Key to the map" in first and "left of the border ┊ 13 is b13" in " ".join(first.split())
    # The map: the territories, trails joining spaces, the dungeons, the Cathedral, Crowns on their spaces.
    assert "BLUE (b…)" in first and "RED (r…)" in first
    assert "·1──·10─♞15" in first and "#bd" in first and "#rd" in first and "✚c" in first and "♛2" in first
    assert "·21┄∪28~=36~∪45~" in first  # a dock, a boat, the river under a bridge
    for move in ["place B1 b12 knight", "place B2 b13", "place B3 b9", "place B4 b7", "place B5 b3", "place B6 b1",
                 "place B7 b10"]:
        t.send(move)
    board = t.send("roll")
    assert "B1*" in board and "B2──" in board, "the pieces cover their spaces; the Knight is marked for its owner"
    assert re.search(r"R\d+", board) and not re.search(r"R\d+\*", board), "Red's Knight stays hidden from Blue"
    shown = t.send("B2")
    assert "B2, your piece, is on b13; its moves reach b18, b23, b24, b33 (◆ on the map)" in " ".join(shown.split())
    assert "B3──B2──◆18─◆24─◆33─" in shown, "the reachable spaces are marked on the map"
    assert "4 legal moves with B2:\n  B2 b13-b18, B2 b13-b18-b24" in shown
    after = t.send("B2 b13-b18")
    assert "B3──·13─B2──·24─" in after, "B2 moved from b13 to b18"
    t.send("quit", until="bye")


def test_command_capture_has_a_key_and_marks_a_units_moves(terminal):
    t = terminal("play", "command-capture", "--seed", "5", "--level", "random", colour=True)
    start = t.expect("your move> ")
    assert "\x1b[" in start, "a terminal without NO_COLOR gets colour"
    plain = " ".join(ANSI.sub("", start).split())
    assert "key: A Archer" in plain and "L Legionnaire" in plain and "facing ^ N" in plain
    assert "i+v#2 is a Red Infantry" in plain and "State Lock" in plain and "Set-up: 'assassin SQUARE'" in plain
    t.send("assassin D2")
    assert "X^*" in ANSI.sub("", t.send("ready")), "our hidden Assassin, marked for us"
    shown = ANSI.sub("", t.send("moves B1"))
    assert "B1: your Cavalry (Melee), facing N" in shown
    assert re.search(r"  3  \.\s+o\s+\.", shown), "B1's move to B3 is marked o on the board"
    assert re.search(r"  1  S\^\s+@C\^", shown), "the unit itself is marked @"
    assert "5 legal moves with B1:\n  B1-B3, flip B1, turn B1 E, turn B1 S, turn B1 W\n" in shown
    assert "Red plays:" in ANSI.sub("", t.send("B2-B3"))
    t.send("quit", until="bye")


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
    lane = after.observation(0)["lanes"][after.observation(0)["tie_lane"]]["name"]
    t = terminal("play", "card-commander", "--seed", str(seed), "--level", "random")
    assert "Key: each card" in t.expect("your move> ")
    t.send("commander Karl")
    shown = " ".join(t.send(placing).split())  # the advice is wrapped to the terminal's width
    assert f"Tie: the {lane} lane is tied" in shown
    assert "You may add one extra card from your hand" in shown and "'pass'" in shown and "coin flip" in shown
    view = after.observation(0)
    others = [e["winner"] for k, e in enumerate(view["lanes"]) if k != view["tie_lane"]]
    decided = others[0] is not None and others[0] == others[1]
    assert ("this lane cannot change who wins the round" in shown) == decided
    listed = t.send("moves extra")
    extras = [str(a) for a in after.legal_actions() if str(a).startswith("extra")]
    assert f"{len(extras)} legal moves with extra:" in listed and all(e in listed for e in extras)
    t.send("pass")
    t.send("quit", until="bye")


def test_capture_the_commander_plays_a_battle(terminal):
    t = terminal("play", "capture-the-commander", "--seed", "5", "--level", "random")
    start = t.expect("your move> ")
    assert "Key: each layout is drawn in its rows" in " ".join(start.split()) and "C:?#" in start
    listed = t.send("moves N2")
    assert "4 legal moves with N2:\n  N2xS1, N2xS2, N2xS3, N2xS4" in listed
    assert "no legal move names N1" in t.send("moves N1")
    after = t.send("N2xS1")
    assert "South plays:" in after or "Tie:" in after
    t.send("quit", until="bye")


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
    from capture_lib.hosts.terminal import view_for

    game = load_game("medieval-capture")
    state = game.new_game(seed=3)
    player = player_for("random")
    while state.observation(0)["phase"] == "place" or state.current_player != 0:
        state = state.play_chance() if state.current_player < 0 else state.play(player(state, state.current_player))
    view = view_for("medieval-capture")
    for seat in (0, 1):
        drawn = view.board(state.observation(seat), Paint(False))
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
    from capture_lib.games.medieval_capture.rules.board import BOARD
    from capture_lib.games.medieval_capture.terminal import SLOT, layout

    grid = layout(BOARD)
    assert len(set(grid.at)) == len(BOARD.ids)
    for i, (line, col) in enumerate(grid.at):
        for j, (other_line, other_col) in enumerate(grid.at):
            if i < j and line == other_line:
                assert abs(col - other_col) >= SLOT, f"{BOARD.ids[i]} and {BOARD.ids[j]} overlap on the map"
    assert grid.width <= 79, "the map fits an 80-column terminal"


def test_capture_the_commander_explains_a_tied_battle():
    from capture_lib.hosts.terminal import view_for

    game, player, view = load_game("capture-the-commander"), player_for("random"), view_for("capture-the-commander")
    state = game.new_game(seed=0)
    while True:  # seed 0's random players reach a tie-break for North within the first hand
        assert not state.is_over, "this game never reached a tie-break"
        if state.current_player < 0:
            state = state.play_chance()
            continue
        moves = [str(a) for a in state.legal_actions()]
        if state.current_player == 0 and all(m.startswith("pick ") for m in moves):
            break
        assert view.advice(state.observation(state.current_player), moves) == ""  # no tie, nothing to say
        state = state.play(player(state, state.current_player))
    said = view.advice(state.observation(0), moves)
    assert said.startswith("Tie: the battle is even") and said.endswith("Your picks: " + ", ".join(moves) + ".")
