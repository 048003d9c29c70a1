"""The ``capture`` command fails politely: every bad argument of every subcommand gets one line in the user's
words under that subcommand's usage (exit status 2), never a traceback; and what it does with good ones
(players and options for ``play`` and ``simulate``, the kept game offered again, progress, ``--version``,
``python -m capture_lib``, help with examples)."""

from __future__ import annotations

import io
import os
import re
import socket
import subprocess
import sys

import pytest

import capture_lib
from capture_lib import cli, list_games

HUGE_SEED = str(2**64 - 5)
#: An address no machine has (TEST-NET-1, RFC 5737): nothing can listen on it here.
NOT_HERE = "192.0.2.1"


def _bad_arguments(tmp_path):
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("not a game\n")
    missing = tmp_path / "nowhere" / "runs.jsonl"
    workers = 4 * (os.cpu_count() or 1)
    return [
        # simulate
        (["simulate", "card-commander", "--players", "rule"],
         "this game has 2 seats: give --players one player for each, not 1"),
        (["simulate", "card-commander", "--players", "rule", "foo"], "no computer player is called 'foo'"),
        (["simulate", "card-commander", "--players", "rule", "rule", "rule"], "this game has 2 seats"),
        (["simulate", "card-commander", "--players", "mcts-hard", "rule"], "'mcts-hard' plays only"),
        (["simulate", "capture-the-commander", "--players", "rule", "rule", "rule", "rule", "rule"],
         "bad value 5 for option 'players'"),
        (["simulate", "capture-the-commander", "--option", "players=3", "--players", "rule", "rule"],
         "this game has 3 seats"),
        (["simulate", "card-commander", "--games", "0"], "the number of games is a whole number from 1 up, not 0"),
        (["simulate", "card-commander", "--games", "many"], "the number of games is a whole number, not 'many'"),
        (["simulate", "card-commander", "--seed", "-1"], "a seed is a whole number from 0 to 2**64 - 1"),
        (["simulate", "card-commander", "--seed", HUGE_SEED, "--games", "10"], "not 18446744073709551620"),
        (["simulate", "card-commander", "--workers", "0"], "the number of workers is a whole number from 1 up"),
        (["simulate", "card-commander", "--workers", "99999999"],
         f"from 1 to {workers:,}, not 99,999,999: 4 for each of this machine's"),
        (["simulate", "card-commander", "--games", str(10**12)], "from 1 to 1,000,000, not 1,000,000,000,000"),
        (["simulate", "card-commander", "--scheduler", "http://cluster:8786"], "the scheduler's address is tcp://"),
        (["simulate", "card-commander", "--scheduler", "tcp://cluster:99999"], "not 'tcp://cluster:99999'"),
        (["simulate", "card-commander", "--scheduler", "tcp://127.0.0.1:8786", "--workers", "2"],
         "--workers sizes the local process pool"),
        (["simulate", "card-commander", "--option", "aces=False", "--option", "aces=True"],
         "--option aces is given twice (False and True): give it once"),
        (["simulate", "card-commander", "--option", "aces"], "an option is NAME=VALUE"),
        (["simulate", "card-commander", "--option", "aces=3"], "bad value 3 for option 'aces'"),
        (["simulate", "card-commander", "--out", str(missing)], "there is no folder"),
        (["simulate", "card-commander", "--out", str(tmp_path)], "is a folder: name a file to write"),
        (["simulate", "chess"], "invalid choice: 'chess'"),
        # play
        (["play"], "play needs a game"),
        (["play", "chess"], "invalid choice: 'chess'"),
        (["play", "card-commander", "--seat", "2"], "no seat 2 in this game: seats are 0 to 1"),
        (["play", "card-commander", "--seat", "-1"], "the seat is a whole number from 0 up, not -1"),
        (["play", "card-commander", "--players", "3"], "card-commander is a game for 2 players, not 3"),
        (["play", "capture-the-commander", "--players", "5"], "bad value 5 for option 'players'"),
        (["play", "capture-the-commander", "--players", "3", "--option", "players=4"], "disagree"),
        (["play", "capture-the-commander", "--players", "3", "--seat", "3"], "seats are 0 to 2"),
        (["play", "card-commander", "--option", "colour=red"], "unknown option 'colour'"),
        (["play", "card-commander", "--seed", "soon"], "a seed is a whole number"),
        (["play", "card-commander", "--level", "genius"], "invalid choice: 'genius'"),
        (["play", "card-commander", "--level", "medium"], "card-commander offers the levels random, rule"),
        (["play", "--load", str(tmp_path / "missing.txt")], "cannot read"),
        (["play", "--load", str(tmp_path)], "it is a folder"),
        (["play", "--load", str(a_file)], "is not a game to go on with"),
        (["play", "--load", str(a_file), "--seed", "3"], "--seed and --load do not go together"),
        (["play", "medieval-capture", "--option", "crowns_to_win=2", "--option", "crowns_to_win=3"], "given twice"),
        # serve
        (["serve", "--port", "0"], "a port is a whole number from 1 to 65535, not '0'"),
        (["serve", "--port", "99999"], "a port is a whole number from 1 to 65535"),
        (["serve", "--port", "http"], "a port is a whole number"),
        (["serve", "--ip", "the-classroom"], "the address to listen on is an IP address"),
        (["serve", "--folder", str(a_file)], "is a file, not a folder"),
        (["serve", "--ip", NOT_HERE], f"cannot listen on {NOT_HERE}:8866 ("),
        (["serve", "--token", "castle"], "--token is Voila's: add --voila"),
        (["serve", "--max-pages", "5", "--pages-per-student", "2"], "are Voila's: add --voila"),
        (["serve", "--voila", "--token", "two words"], "the token is one word"),
        (["serve", "--voila", "--max-pages", "0"], "the most pages open at once is a whole number from 1 up"),
        (["serve", "--voila", "--pages-per-student", "0"], "from 1 up"),
        (["serve", "--voila", "--max-pages", "2", "--pages-per-student", "3"], "more than the class's --max-pages"),
        # class
        (["class", "--db", str(tmp_path)], "is a folder: name the class's file in it"),
        (["class", "--db", str(a_file)], "is not a class file this program can use"),
        (["class", "--db", str(tmp_path / "nowhere" / "x" / "class.sqlite3")],
         f"there is no folder {tmp_path / 'nowhere' / 'x'} for the class's file class.sqlite3"),
        (["class", "--name", ""], "the class's name is a word or a few, such as 7b, not empty"),
        (["class", "--name", "   "], "not empty"),
        (["class", "--name", "x" * 41], "at most 40 characters, not 41"),
        (["class", "--name", "7b\x00"], "without control characters"),
        (["class", "--port", "0"], "a port is a whole number from 1 to 65535"),
        (["class", "--ip", "the-classroom"], "the address to listen on is an IP address"),
        (["class", "--ip", NOT_HERE], "give --ip an address of this machine"),
        (["class", "--folder", str(a_file)], "is a file, not a folder"),
        (["class", "--without-book", "--folder", str(tmp_path)], "--without-book serves none"),
        (["class", "--open", "now"], "unrecognized arguments: now"),
        # book, lab, games
        (["book", "--folder", str(a_file)], "is a file, not a folder"),
        (["book", "--fast"], "unrecognized arguments: --fast"),
        (["lab", "--folder", str(a_file)], "is a file, not a folder"),
        (["games", "--port", "1"], "unrecognized arguments: --port 1"),
    ]


def test_every_bad_argument_gets_one_line_under_its_subcommands_usage(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("CAPTURE_CLASS_DB", str(tmp_path / "default" / "class.sqlite3"))  # never the home folder's
    for argv, said in _bad_arguments(tmp_path):
        with pytest.raises(SystemExit) as info:
            cli.main(argv)
        err = capsys.readouterr().err
        assert info.value.code == 2, (argv, err)
        assert err.startswith(f"usage: capture {argv[0]} "), (argv, err)
        last = err.rstrip("\n").splitlines()[-1]
        assert last.startswith(f"capture {argv[0]}: error: ") and said in last, (argv, err)
        assert "Traceback" not in err


def test_a_command_needs_a_subcommand_and_names_them(capsys):
    for argv in ([], ["chess"]):
        with pytest.raises(SystemExit) as info:
            cli.main(argv)
        err = capsys.readouterr().err
        assert info.value.code == 2 and err.startswith("usage: capture ") and "capture: error:" in err


def test_a_port_in_use_is_refused_before_anything_is_built_or_says_ready(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(cli, "built_html", lambda root: pytest.fail("the book was built before the port was checked"))
    monkeypatch.setenv("CAPTURE_CLASS_DB", str(tmp_path / "class.sqlite3"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for argv in (["serve"], ["class", "--ip", "127.0.0.1"]):
            with pytest.raises(SystemExit) as info:
                cli.main([*argv, "--port", str(port)])
            err = capsys.readouterr().err
            assert info.value.code == 2 and err.startswith(f"usage: capture {argv[0]} "), err
            assert f"cannot listen on 127.0.0.1:{port} (" in err and err.rstrip().endswith("choose another --port")
        assert not (tmp_path / "class.sqlite3").exists(), "the class's file is made only once the port is free"
        pytest.importorskip("voila")
        with pytest.raises(SystemExit) as info:
            cli.main(["serve", "--voila", "--port", str(port)])
        said = capsys.readouterr()
        assert info.value.code == 2 and f"cannot listen on 127.0.0.1:{port} (" in said.err
        assert "Ready" not in said.out + said.err and "Starting Voila" not in said.out
        from capture_lib.classroom.voila import serve

        with pytest.raises(SystemExit, match=f"cannot listen on 127.0.0.1:{port}"):
            serve(port=port)  # the function itself checks too, before it copies or starts anything
        assert "Starting Voila" not in capsys.readouterr().out


def test_the_class_file_is_made_where_told_and_a_class_file_is_taken_again(tmp_path, monkeypatch):
    served = []
    monkeypatch.setattr("capture_lib.classroom.server.serve_class", lambda db, **kw: served.append((db, kw)) or 0)
    db = tmp_path / "7b.sqlite3"
    assert cli.main(["class", "--without-book", "--db", str(db), "--name", "  7b  "]) == 0
    assert db.is_file() and served[-1][0] == db and served[-1][1]["name"] == "7b"
    assert cli.main(["class", "--without-book", "--db", str(db), "--name", "7b"]) == 0, "a class file opens again"


# ----- what good arguments do -----------------------------------------------------------------------------
def _play(monkeypatch, capsys, argv, typed):
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert cli.main(["play", *argv]) == 0
    return capsys.readouterr().out


def test_play_takes_a_number_of_players_and_options(monkeypatch, capsys):
    said = _play(monkeypatch, capsys, ["capture-the-commander", "--players", "3", "--seed", "2", "--seat", "2"],
                 "quit\n")
    layouts = re.findall(r"(\w+)(?: \(you\))? · \d+ cards", said)
    assert said.startswith("Capture the Commander: you are West.") and layouts == ["North", "East", "West"]
    said = _play(monkeypatch, capsys, ["medieval-capture", "--option", "crowns_to_win=2", "--seed", "3"], "quit\n")
    assert "(2 to win)" in said


def test_play_offers_the_game_left_unfinished_and_goes_on_with_it(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("CAPTURE_SAVES", str(tmp_path / "kept"))
    said = _play(monkeypatch, capsys, ["card-commander", "--level", "random"], "commander Karl\nquit\n\n")
    assert "The game stays kept here" in said
    said = _play(monkeypatch, capsys, ["card-commander", "--level", "random"], "\nquit\n\n")
    assert "A game of Card Commander you left here is kept (" in said and "resumed the kept game" in said
    assert "Blue: Commander Karl" in said.split("resumed the kept game")[1], "the board goes on from the kept game"
    # Declined, the kept game is forgotten: the next start offers nothing.
    said = _play(monkeypatch, capsys, ["card-commander", "--level", "random"], "n\nquit\n\n")
    assert "you left here is kept" in said
    said = _play(monkeypatch, capsys, ["card-commander", "--level", "random"], "quit\n")
    assert "you left here is kept" not in said
    # A seed asks for a new game: nothing is offered.
    _play(monkeypatch, capsys, ["card-commander", "--level", "random"], "commander Karl\nquit\n\n")
    assert "you left here is kept" not in _play(monkeypatch, capsys, ["card-commander", "--seed", "4"], "quit\n\n")


class _CtrlCAfter(io.StringIO):
    """Standard input whose lines run out in a Ctrl-C (``KeyboardInterrupt``), as a person pressing it."""

    def readline(self, *size):
        line = super().readline(*size)
        if not line:
            raise KeyboardInterrupt
        return line


def _without_escaping_ctrl_c(call):
    """``call()``, a ``KeyboardInterrupt`` out of it failing the test (it would stop pytest's whole run)."""
    try:
        return call()
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C came out of capture play: a traceback at the terminal")


def test_ctrl_c_at_the_offer_of_the_kept_game_leaves_it_kept_without_a_traceback(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("CAPTURE_SAVES", str(tmp_path / "kept"))
    _play(monkeypatch, capsys, ["card-commander", "--level", "random"], "commander Karl\nquit\n\n")
    monkeypatch.setattr(sys, "stdin", _CtrlCAfter(""))
    assert _without_escaping_ctrl_c(lambda: cli.main(["play", "card-commander", "--level", "random"])) == 0
    said = capsys.readouterr().out
    assert "Resume it? [Y/n] \nLeft before playing: the kept game stays kept" in said and "your move>" not in said
    said = _play(monkeypatch, capsys, ["card-commander", "--level", "random"], "\nquit\n\n")
    assert "resumed the kept game" in said and "Blue: Commander Karl" in said.split("resumed the kept game")[1]


def test_ctrl_c_where_no_question_catches_it_leaves_the_game_kept(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("CAPTURE_SAVES", str(tmp_path / "kept"))
    # Between two players at one keyboard, Ctrl-C at the curtain ("Hand the keyboard to ...").
    state = _without_escaping_ctrl_c(lambda: cli.play_in_terminal(
        "card-commander", seed=5, mode="hotseat", stdin=_CtrlCAfter("\ncommander Karl\n"), stdout=sys.stdout))
    said = capsys.readouterr().out
    assert "Hand the keyboard to" in said.rstrip().splitlines()[-2] and "the game stays kept here" in said
    assert "commander Karl" in [str(a) for a in state.history]


def test_simulate_seats_as_many_players_as_it_is_given(capsys, tmp_path):
    from capture_lib.experiments.simulate import load

    out = tmp_path / "runs.jsonl"
    assert cli.main(["simulate", "capture-the-commander", "--games", "2", "--players", "rule", "rule", "random",
                     "--workers", "1", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "seat 2 (random): wins" in said and "seat 3" not in said
    meta, records = load(out)
    assert meta["options"] == {"players": 3} and all(r["options"] == {"players": 3} for r in records)


def test_simulate_shows_its_progress_in_a_terminal(monkeypatch, capsys):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    shown = Terminal()
    monkeypatch.setattr(sys, "stderr", shown)
    assert cli.main(["simulate", "card-commander", "--games", "2", "--workers", "1"]) == 0
    assert "card-commander rule v rule" in shown.getvalue() and "2/2" in shown.getvalue()
    shown.truncate(0)
    assert cli.main(["simulate", "card-commander", "--games", "2", "--workers", "1", "--no-progress"]) == 0
    assert "2/2" not in shown.getvalue()


def test_games_lists_each_game_with_its_players(capsys):
    cli.main(["games"])
    said = capsys.readouterr().out
    assert said.count("\n") == len(list_games())
    assert "capture-the-commander: Capture the Commander (2 to 4 players)" in said


# ----- help and version ----------------------------------------------------------------------------------
def test_help_describes_every_subcommand_with_an_example(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    top = capsys.readouterr().out
    assert "``" not in top and "usage: capture" in top
    for subcommand in cli.SUBCOMMANDS:
        assert f"  {subcommand.name} " in top
        with pytest.raises(SystemExit) as info:
            cli.main([subcommand.name, "--help"])
        own = capsys.readouterr().out
        assert info.value.code == 0 and own.startswith(f"usage: capture {subcommand.name}")
        assert subcommand.description.split("\n")[0][:40] in own.replace("\n", " ").replace("  ", " ") or \
            subcommand.description[:30] in own
        assert "examples:\n  capture " in own and "``" not in own
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    play = capsys.readouterr().out
    for command in ("moves [WORD]", "undo", "new", "level NAME", "save FILE", "load FILE", "help", "quit"):
        assert f"\n  {command}" in play, command


def test_version_and_python_dash_m(capsys):
    import importlib.metadata

    with pytest.raises(SystemExit) as info:
        cli.main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"capture (capture_lib) {capture_lib.__version__}"
    assert importlib.metadata.version("capture_lib") == capture_lib.__version__, "one version, one source"
    ran = subprocess.run([sys.executable, "-m", "capture_lib", "--version"], capture_output=True, text=True,
                         timeout=60)
    assert ran.returncode == 0 and ran.stdout.strip() == f"capture (capture_lib) {capture_lib.__version__}"


def test_another_subcommand_can_be_registered(monkeypatch, capsys):
    """The table of subcommands is the one place a new one goes (the class server's ``capture class``)."""
    monkeypatch.setattr(cli, "SUBCOMMANDS", list(cli.SUBCOMMANDS))
    ran = []
    cli.register(cli.Subcommand("hello", "say hello", "Say hello.", ("capture hello --name Ada",),
                                lambda p: p.add_argument("--name", required=True),
                                lambda args, parser: ran.append(args.name) or 0))
    assert cli.main(["hello", "--name", "Ada"]) == 0 and ran == ["Ada"]
    with pytest.raises(SystemExit):
        cli.main(["hello"])
    assert capsys.readouterr().err.startswith("usage: capture hello")
