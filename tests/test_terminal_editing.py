"""The terminal game as a person at a keyboard meets it: line editing, history and Tab completion of the legal
moves and the commands (prompt_toolkit, else the standard readline), Ctrl-C twice without a traceback, and
the game left unfinished offered again next time (Ctrl-C at that offer leaves it kept, without a traceback).

The keyboard tests run ``capture play`` in a real pseudo-terminal (the standard ``pty`` module), which
answers the line editor's cursor position requests as a terminal does; each key is sent once what it
waits on has been drawn, so nothing depends on timing.
"""

from __future__ import annotations

import io
import os
import pathlib
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import time

import pytest

from capture_lib import list_games, load_game
from capture_lib.hosts.terminal.editing import PlainReader, line_reader, next_words

#: What a terminal answers to "where is the cursor?" (ESC [ 6 n): row 1, column 1.
CURSOR_QUESTION, CURSOR_ANSWER = b"\x1b[6n", b"\x1b[1;1R"
UP, CTRL_C, CTRL_U, TAB, ENTER = "\x1b[A", "\x03", "\x15", "\t", "\r"
#: ``capture play`` with prompt_toolkit hidden, as where it is not installed: the standard readline then.
WITHOUT_PROMPT_TOOLKIT = ("import sys; sys.modules['prompt_toolkit'] = None; from capture_lib.cli import main; "
                          "sys.exit(main())")


# ----- completion, without a terminal ---------------------------------------------------------------------
def _a_position(slug):
    """A position of ``slug`` where a player is to move (chance resolved)."""
    state = load_game(slug).new_game(seed=1)
    while state.current_player is not None and state.current_player < 0:
        state = state.play_chance()
    return state


@pytest.mark.parametrize("slug", list_games())
def test_every_legal_move_can_be_typed_by_completing_one_word_at_a_time(slug):
    moves = [str(a) for a in _a_position(slug).legal_actions()]
    for move in moves[:: max(1, len(moves) // 40)]:  # a spread of at most about 40 moves
        words = move.split()
        for i, word in enumerate(words):
            typed = " ".join(words[:i] + [word[:1]])
            offered = next_words(typed, moves)
            assert word in offered, (move, typed, offered[:10])
            assert all(o.lower().startswith(word[:1].lower()) for o in offered)
    assert next_words("zzz", moves) == [] and next_words(moves[0] + " zzz", moves) == []


def test_completion_offers_next_words_once_each_and_commands_too():
    moves = ["place 7D 3S 10H", "place 7D 3S 2C", "place 7H 3S 2C", "pass"]
    assert next_words("", moves) == ["place", "pass"]
    assert next_words("pl", moves) == ["place"] and next_words("PL", moves) == ["place"]
    assert next_words("place 7", moves) == ["7D", "7H"]
    assert next_words("place 7D 3S ", moves) == ["10H", "2C"]
    assert next_words("place  7D", moves) == ["7D"], "two spaces count as one"


# ----- the line readers, without a terminal ---------------------------------------------------------------
def test_off_a_terminal_lines_are_read_plainly():
    out = io.StringIO()
    reader = line_reader(io.StringIO("moves\r\nundo\n"), out, lambda: [])
    assert isinstance(reader, PlainReader)
    assert reader.read("your move> ") == "moves" and reader.read("> ") == "undo" and reader.read("> ") is None
    assert out.getvalue() == "your move> > > ", "no escape codes where the output is not a terminal"


def test_prompt_toolkit_edits_recalls_and_completes():
    pytest.importorskip("prompt_toolkit")
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from capture_lib.hosts.terminal.editing import PromptToolkitReader

    phrases = ["commander Karl", "commander Joanne", "commander Jackson", "moves", "save"]
    with create_pipe_input() as keys:
        reader = PromptToolkitReader(lambda: phrases, input=keys, output=DummyOutput())
        keys.send_text("moves\r")
        assert reader.read("your move> ") == "moves"
        keys.send_text(UP + "\r")  # the history: the line before
        assert reader.read("your move> ") == "moves"
        keys.send_text("Karl\x01commander \r")  # Ctrl-A: to the start of the line
        assert reader.read("your move> ") == "commander Karl"
        keys.send_text("yes\r")  # an answer to a question stays out of the moves' history
        assert reader.read("Resume it? ", complete=False) == "yes"
        keys.send_text(UP + UP + "\r")
        assert reader.read("your move> ") == "moves"
        keys.send_text("\x04")  # Ctrl-D on an empty line: the end of input
        assert reader.read("your move> ") is None
    found = [c.text for c in reader.completer.get_completions(Document("commander J"), CompleteEvent())]
    assert found == ["Joanne", "Jackson"]


# ----- the real thing, in a pseudo-terminal ---------------------------------------------------------------
class Screen:
    """Enough of a terminal to read what a line editor draws: text, carriage return, line feed, backspace, and
    the cursor movements and erasures it writes (CSI A, B, C, D, G, K, J); other escapes change nothing here."""

    TOKENS = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\x1b[=>]|([\r\n\x08\x07])|([^\x1b\r\n\x08\x07]+)")

    #: An escape sequence cut off at the end of what was read so far (a read may end in the middle of one).
    UNFINISHED = re.compile(r"\x1b(\[[0-9;?]*)?$")

    def __init__(self) -> None:
        self.rows: list[list[str]] = [[]]
        self.row = self.col = 0
        self.pending = ""

    def _at(self, row: int) -> list[str]:
        while len(self.rows) <= row:
            self.rows.append([])
        return self.rows[row]

    def feed(self, text: str) -> None:
        """Draw ``text`` as a terminal would; an escape sequence cut off at its end waits for the rest."""
        text = self.pending + text
        cut = self.UNFINISHED.search(text)
        self.pending = text[cut.start():] if cut else ""
        text = text[:cut.start()] if cut else text
        for match in self.TOKENS.finditer(text):
            params, final, control, plain = match.groups()
            if plain:
                line = self._at(self.row)
                line.extend(" " * (self.col + len(plain) - len(line)))
                line[self.col:self.col + len(plain)] = plain
                self.col += len(plain)
            elif control == "\r":
                self.col = 0
            elif control == "\n":
                self.row += 1
                self._at(self.row)
            elif control == "\x08":
                self.col = max(0, self.col - 1)
            elif final:
                n = int(params.split(";")[0]) if params[:1].isdigit() else None
                if final == "A":
                    self.row = max(0, self.row - (n or 1))
                elif final == "B":
                    self.row += n or 1
                    self._at(self.row)
                elif final == "C":
                    self.col += n or 1
                elif final == "D":
                    self.col = max(0, self.col - (n or 1))
                elif final == "G":
                    self.col = (n or 1) - 1
                elif final == "K" and not n:
                    del self._at(self.row)[self.col:]
                elif final == "J" and not n:
                    del self._at(self.row)[self.col:]
                    del self.rows[self.row + 1:]

    def text(self, since_row: int = 0) -> str:
        """The screen's rows from ``since_row`` on."""
        return "\n".join("".join(line).rstrip() for line in self.rows[since_row:])


class Keyboard:
    """``capture play ...`` (or ``python -c CODE ...``) in a pseudo-terminal of 100 columns, typed at."""

    def __init__(self, *argv: str, env: dict[str, str]) -> None:
        import fcntl
        import termios

        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))

        def own_terminal() -> None:  # a session of its own, whose controlling terminal this is: Ctrl-C is SIGINT
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
            # As a person's shell starts it: a run started in the background (``cmd &`` without job control)
            # ignores SIGINT, which its children inherit, and Python then never raises KeyboardInterrupt.
            signal.signal(signal.SIGINT, signal.SIG_DFL)

        self.proc = subprocess.Popen([sys.executable, *argv], stdin=slave, stdout=slave, stderr=slave, env=env,
                                     close_fds=True, preexec_fn=own_terminal)
        os.close(slave)
        self.master, self.screen, self.mark, self.drawn = master, Screen(), 0, ""

    def shown(self) -> str:
        """The screen from the row the cursor was on at the last key."""
        return self.screen.text(self.mark)

    def _read(self, wait: float) -> bool:
        if not select.select([self.master], [], [], wait)[0]:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the program ended and closed its side
            return False
        for _ in range(chunk.count(CURSOR_QUESTION)):
            os.write(self.master, CURSOR_ANSWER)
        text = chunk.decode("utf-8", "replace")
        self.drawn += text
        self.screen.feed(text)
        # What the last key brought may be drawn above the row it was sent from: prompt_toolkit makes room
        # for its completions below the line (new lines, read maybe before the key was sent) and goes back up.
        self.mark = min(self.mark, self.screen.row)
        return bool(chunk)

    def expect(self, wanted: str, timeout: float = 30) -> str:
        """Wait (bounded) until ``wanted`` is on the screen below the last key's row; that part of the screen."""
        deadline = time.monotonic() + timeout
        while wanted not in self.shown():
            left = deadline - time.monotonic()
            ended = self.proc.poll() is not None and not select.select([self.master], [], [], 0)[0]
            if left <= 0 or ended:
                raise AssertionError(f"{wanted!r} was never drawn; the terminal shows:\n{self.shown()[-2500:]}\n"
                                     f"(the last bytes written: {self.drawn[-600:]!r})")
            self._read(min(left, 0.5))
        return self.shown()

    def type(self, keys: str, then: str) -> str:
        """Type ``keys`` and wait until ``then`` is drawn."""
        self.mark = self.screen.row
        os.write(self.master, keys.encode())
        return self.expect(then)

    def clear_line(self, line: str = "your move>") -> None:
        """Erase the line being edited (Ctrl-U) and wait (bounded) until the cursor's row reads ``line`` again,
        so that the next key meets the emptied line (a key sent at once may meet the editor still busy)."""
        os.write(self.master, CTRL_U.encode())
        deadline = time.monotonic() + 30
        while "".join(self.screen._at(self.screen.row)).rstrip() != line:
            if time.monotonic() > deadline:
                raise AssertionError(f"the line was never cleared: {self.screen.text(self.screen.row)!r}")
            self._read(0.2)

    #: Where the kernel says a process sleeps while it waits for a key (``/proc/PID/wchan``): select and poll
    #: (the standard readline), epoll (prompt_toolkit's event loop), a plain read of the terminal.
    WAITING = ("poll_schedule_timeout", "do_select", "do_sys_poll", "ep_poll", "do_epoll_wait", "n_tty_read",
               "wait_woken")

    def wait_idle(self, timeout: float = 30) -> None:
        """Wait (bounded) until the program sleeps waiting for a key, all it drew read. A Ctrl-C is a signal: the
        standard readline notices it only when it interrupts that wait, so one sent while readline is still busy
        would wait for the next key (a gap in CPython's readline; prompt_toolkit reads Ctrl-C as a key)."""
        deadline = time.monotonic() + timeout
        settled = 0
        while settled < 2:  # twice in a row, with nothing drawn between
            if time.monotonic() > deadline:
                raise AssertionError("the program never came to wait for a key")
            drew = self._read(0.05)
            try:
                wchan = pathlib.Path(f"/proc/{self.proc.pid}/wchan").read_text()
            except OSError:  # no /proc here: wait as long as the program keeps drawing
                wchan = "" if drew else self.WAITING[0]
            settled = settled + 1 if not drew and wchan.startswith(self.WAITING) else 0

    def prompt(self, prompt: str = "your move>") -> str:
        """Wait for the next ``prompt``, drawn below what was just waited for."""
        self.mark = self.screen.row
        return self.expect(prompt)

    def ended(self, timeout: float = 30) -> int:
        """The exit status once the program ends (bounded), all it drew read."""
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < deadline:
            self._read(0.2)
        while self._read(0):
            pass
        return self.proc.wait(timeout=max(1, deadline - time.monotonic()))

    def close(self) -> None:
        """Stop the program if it still runs, and release the terminal."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=10)
        os.close(self.master)


@pytest.fixture
def keyboard(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM", "PROMPT_TOOLKIT_NO_CPR")}
    env.update(TERM="xterm", NO_COLOR="1", CAPTURE_SAVES=str(tmp_path / "kept"), HOME=str(tmp_path))
    opened = []

    def start(*argv: str) -> Keyboard:
        opened.append(Keyboard(*argv, env=env))
        return opened[-1]

    yield start
    for board in opened:
        board.close()


def _play_edit_leave_and_resume(keyboard, program, completed_space):
    """Complete a move with Tab, recall it with the up arrow, leave with Ctrl-C twice, Ctrl-C at the offer to resume
    (still kept), resume the time after."""
    play = [*program, "play", "card-commander", "--level", "random"]
    board = keyboard(*play)
    board.expect("your move>")
    board.type("comm" + TAB, "your move> commander")
    board.type(("" if completed_space else " ") + "Ka" + TAB, "your move> commander Karl")
    board.type(ENTER, "You played commander Karl")
    board.prompt()
    board.type(UP, "your move> commander Karl")  # the line just played, back for editing
    board.type(CTRL_U + "pl" + TAB, "your move> place")  # the line cleared; the next move's first word completed
    board.clear_line()
    board.wait_idle()
    board.type(CTRL_C, "Save the game before leaving?")
    board.wait_idle()
    board.type(CTRL_C, "The game stays kept here")  # a second Ctrl-C: no traceback, the game kept
    assert board.ended() == 0 and "Traceback" not in board.drawn
    # Ctrl-C at the offer to resume: no traceback, nothing started, and the game still kept for next time.
    asked = keyboard(*play)
    asked.expect("Resume it? [Y/n]")
    asked.wait_idle()
    asked.type(CTRL_C, "the kept game stays kept")
    assert asked.ended() == 0 and "Traceback" not in asked.drawn and "your move>" not in asked.drawn
    again = keyboard(*play)
    again.expect("A game of Card Commander you left here is kept")
    again.type(ENTER, "resumed the kept game")
    again.expect("Blue: Commander Karl")  # drawn below the line typed, before or after the message
    again.prompt()
    again.type("quit" + ENTER, "Save the game before leaving?")
    again.type(ENTER, "bye")
    assert again.ended() == 0


def test_at_a_terminal_prompt_toolkit_edits_completes_and_the_game_resumes(keyboard):
    pytest.importorskip("prompt_toolkit")
    _play_edit_leave_and_resume(keyboard, ["-m", "capture_lib"], completed_space="")


def test_without_prompt_toolkit_the_standard_readline_does_the_same(keyboard):
    pytest.importorskip("readline")
    _play_edit_leave_and_resume(keyboard, ["-c", WITHOUT_PROMPT_TOOLKIT], completed_space=" ")
