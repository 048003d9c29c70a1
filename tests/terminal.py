"""``capture ARGS`` in a pseudo-terminal, played as a person would: it sees a TTY, as in a real terminal, and a test
types lines and waits for what comes back. The ``terminal`` fixture (``tests/conftest.py``) opens them."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import time

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
