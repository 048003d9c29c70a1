"""Command Capture in the terminal, played as a person would: ``capture play command-capture`` in a pseudo-terminal
(the key, colour, a unit's moves marked). What every game does in the terminal: ``tests/test_terminal.py``."""

from __future__ import annotations

import re

ANSI = re.compile(r"\x1b\[[0-9;]*m")


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
