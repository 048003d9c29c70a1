"""Command Capture in a terminal: the board as tokens, a key to the tokens, and where a unit may act.

Each unit is written as in the game's position text (``i+v#2``: the kind's letter, capital for Blue,
``+`` its second state, its facing, ``#2`` a State Lock); the key printed with the board says so in
words, naming each kind on the board with its state. Naming a square (``D2`` or ``moves D2``) marks
where that unit's moves, captures and shots go.
"""

from __future__ import annotations

import textwrap
from typing import Any

from capture_lib.games.command_capture.render import text_status
from capture_lib.render.paint import Paint
from capture_lib.render.text import Focus, TerminalView, words_of

FACING_MARKS = {"N": "^", "E": ">", "S": "v", "W": "<"}
FILES = "ABCDEFGH"
CELL = 6
#: What a square named by a move is to that move, by the mark between the squares of its notation.
_MARK_KINDS = {"-": "reach", "x": "capture", "*": "shot", ">": "bash"}
#: How a marked square is written when colour is off (colour also tints it).
_PLAIN = {"reach": "o", "capture": "x", "shot": "*", "bash": ">", "from": "@"}


def token(unit: dict[str, Any]) -> str:
    """A unit's token: letter (capital Blue), state mark, facing, ``*`` own hidden Assassin, ``#n`` lock."""
    letter = unit["letter"] if unit["owner"] == 0 else unit["letter"].lower()
    text = letter + unit.get("mark", "") + FACING_MARKS[unit["facing"]]
    if unit.get("hidden"):
        text += "*"
    if unit.get("lock"):
        text += f"#{unit['lock']}"
    return text


class CommandCaptureView(TerminalView):
    """The 8×8 board with a key to its tokens."""

    slug = "command-capture"

    def board(self, view: dict[str, Any], paint: Paint, focus: Focus | None = None) -> str:
        """The board (Blue's row 1 at the bottom), marks for a named unit's moves, the turn and key."""
        at = {u["square"]: u for u in view["units"]}
        marks = focus.marks if focus else {}
        lines = ["     " + "".join(f"{c:<{CELL}}" for c in FILES)]
        for row in range(8, 0, -1):
            cells = []
            for col in FILES:
                square = f"{col}{row}"
                unit, mark = at.get(square), marks.get(square)
                text = token(unit) if unit else "."
                if mark and mark != "from":
                    text = (text + _PLAIN[mark]) if unit else _PLAIN[mark]
                elif mark == "from":
                    text = "@" + text
                styles: tuple[str, ...] = ()
                if unit:
                    styles = ("bold", "blue") if unit["owner"] == 0 else ("bold", "red")
                if mark:
                    styles = ("bold", "on-yellow", "black")
                pad = " " * (CELL - len(text)) if len(text) < CELL else " "
                cells.append(paint(text, *styles) + pad)
            lines.append(f"  {row}  " + "".join(cells).rstrip())
        lines.append(text_status(view))
        lines.append(self.key(view))
        return "\n".join(lines)

    @staticmethod
    def key(view: dict[str, Any]) -> str:
        """The key to the tokens, under every board: the kinds on the board by letter, then the marks."""
        kinds: dict[str, str] = {}
        for u in view["units"]:
            kinds.setdefault(u["letter"], u["kind"])
        letters = ", ".join(f"{letter} {name}" for letter, name in sorted(kinds.items()))
        lines = textwrap.wrap(f"key: {letters} (capitals Blue, small letters Red)", 78, subsequent_indent="     ")
        lines.append("     + second state, ! revealed Assassin, * your hidden Assassin, #n State Lock n more turns")
        lines.append("     facing ^ N (towards row 8), > E, v S, < W; . an empty square")
        return "\n".join(lines)

    def legend(self, view: dict[str, Any], paint: Paint) -> str:
        """How to read a token (the key itself is under every board) and the marks of a unit's moves."""
        return ("How to read a unit: i+v#2 is a Red Infantry in its second state facing S (towards row 1), State "
                "Lock for 2 more turns; the key under the board names every letter. Type a square (D2) or "
                "'moves D2' to mark where that unit may go: o move, x capture, * shot, > Shield Bash; @ the unit.")

    def advice(self, view: dict[str, Any], moves: list[str]) -> str:
        """During the set-up: how to hide the Assassin, choose states and finish."""
        if view.get("phase") != "setup":
            return ""
        return ("Set-up: 'assassin SQUARE' hides your Assassin among your front row, 'flip SQUARE' puts a unit in "
                "its other state, 'ready' when your army is set.")

    def focus(self, view: dict[str, Any], words: list[str], moves: list[str]) -> Focus | None:
        """A named square: its unit in words, and the squares its moves name, by kind of move."""
        squares = {u["square"]: u for u in view["units"]}
        named = next((w.upper() for w in words if w.upper() in squares), None)
        marks: dict[str, str] = {}
        for move in moves:
            parts = words_of(move)
            if len(parts) == 2 and parts[0][:1].isupper() and parts[0][1:].isdigit() and (named in (None, parts[0])):
                kind = _MARK_KINDS.get(move[len(parts[0])], "reach")
                marks[parts[1]] = kind
        about = ""
        if named:
            u = squares[named]
            whose = "your" if u["owner"] == view["seat"] else "the enemy's"
            lock = f", State Lock for {u['lock']} more turns" if u.get("lock") else ""
            hidden = ", your hidden Assassin" if u.get("hidden") else ""
            about = f"{named}: {whose} {u['kind']} ({u['state']}), facing {u['facing']}{hidden}{lock}"
            marks[named] = "from"
        return Focus(about=about, marks=marks)


VIEW = CommandCaptureView()
