"""What every game's terminal view shares: the default drawing, finding moves by a word, listing them.

A view draws only from ``state.observation(seat)`` (what that seat may see) and the notation of the
legal actions the seat is offered, like the rest of the command line; it never reads a state itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from capture_lib.render.paint import Paint

#: Splits notation into its words: at spaces, and at a ``-``, ``x``, ``*`` or ``>`` between a square's
#: digit and the next square (``B1xD3``, ``b44-b43``, ``S4xN5``), so each square or piece is a word.
_SPLIT = re.compile(r"\s+|(?<=\d)[-x*>](?=[A-Za-z])")


def words_of(notation: str) -> list[str]:
    """The words of one move's notation (``"B6 b44-b43"`` -> ``["B6", "b44", "b43"]``)."""
    return [w for w in _SPLIT.split(notation) if w]


def matching(moves: list[str], words: list[str]) -> list[str]:
    """The moves whose notation holds every word of ``words``.

    A word matches a word of the notation exactly first (so Medieval Capture's piece ``B5`` and space
    ``b5`` stay apart), then with case ignored, then as a piece of the notation (``moves B2-B3``).
    """
    if not words:
        return list(moves)
    split = [(m, words_of(m)) for m in moves]
    for same in (lambda w, t: w == t, lambda w, t: w.lower() == t.lower()):
        found = [m for m, toks in split if all(any(same(w, t) for t in toks) for w in words)]
        if found:
            return found
    text = " ".join(words).lower()
    return [m for m in moves if text in m.lower()]


def wrap_moves(moves: list[str], width: int, by_first_word: bool = False) -> list[str]:
    """The moves as lines of at most ``width`` characters (a longer move gets its own line), none cut.

    ``by_first_word`` starts a new line whenever the first word changes (one line per piece).
    """
    lines: list[str] = []
    group = None
    for move in moves:
        first = words_of(move)[0] if by_first_word and move.strip() else None
        if lines and first == group and len(lines[-1]) + 2 + len(move) <= width:
            lines[-1] += ", " + move
        else:
            lines.append("  " + move)
            group = first
    return lines


@dataclass
class Focus:
    """What a word typed at the prompt names, and where its moves go: drawn on the board, said in text."""

    #: A sentence about the thing named (``B5, your piece on b13``); empty when there is nothing to say.
    about: str = ""
    #: Space or square -> kind of mark (``reach``, ``capture`` or ``from``).
    marks: dict[str, str] = field(default_factory=dict)


class TerminalView:
    """The default view of a game: the game's own ``render.to_text`` and no legend."""

    #: The game's slug, set by each subclass.
    slug = ""
    #: Whether ``moves`` lists a line per first word (a piece), for games with many moves per piece.
    group_moves = False

    def board(self, view: dict[str, Any], paint: Paint, focus: Focus | None = None) -> str:
        """The position the seat sees, drawn for a terminal; ``focus`` marks where a named piece may go."""
        from capture_lib.games import describe

        return describe(self.slug).require("render").to_text(view)

    def legend(self, view: dict[str, Any], paint: Paint) -> str:
        """The key to the characters the board uses (empty when it needs none)."""
        return ""

    def advice(self, view: dict[str, Any], moves: list[str]) -> str:
        """What the seat may do now, in words, when the moves alone do not say it (else empty)."""
        return ""

    def focus(self, view: dict[str, Any], words: list[str], moves: list[str]) -> Focus | None:
        """What ``words`` name on the board and where ``moves`` (already filtered by them) go, if anything."""
        return None
