"""ANSI colour for the terminal game, used only where it can be seen and is wanted.

Colour is on when the output is a terminal (a TTY), ``NO_COLOR`` is unset or empty (see no-color.org)
and ``TERM`` is not ``dumb``; everything the colours say is also said in plain characters, so a game
piped to a file or read by a screen reader loses nothing.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TextIO

#: SGR codes by style name; the 16 standard colours, which every terminal and theme maps to something legible.
CODES = {"bold": "1", "dim": "2", "underline": "4", "reverse": "7", "red": "31", "green": "32", "yellow": "33",
         "blue": "34", "magenta": "35", "cyan": "36", "on-yellow": "43", "black": "30"}


def colour_wanted(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour what is written to ``stream``: a TTY, ``NO_COLOR`` unset or empty, not ``TERM=dumb``."""
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR") or env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Paint:
    """Wraps text in ANSI styles when ``on``, else returns it unchanged."""

    def __init__(self, on: bool) -> None:
        self.on = on

    def __call__(self, text: str, *styles: str) -> str:
        """``text`` in ``styles`` (names from ``CODES``; unknown names raise ``KeyError``)."""
        if not self.on or not styles or not text:
            return text
        return f"\x1b[{';'.join(CODES[s] for s in styles)}m{text}\x1b[0m"

    def grid(self, cells: list[list[tuple[str, tuple[str, ...]]]]) -> list[str]:
        """Rows of ``(character, styles)`` cells as lines, one escape sequence per run of one style."""
        lines = []
        for row in cells:
            out, run, style = [], "", ()
            for char, styles in row:
                if styles != style and run:
                    out.append(self(run, *style))
                    run = ""
                style = styles
                run += char
            if run:
                out.append(self(run, *style))
            lines.append("".join(out).rstrip())
        return lines
