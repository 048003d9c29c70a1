"""Command Capture's actions and their notation.

=================  ==========================================================================
notation           meaning
=================  ==========================================================================
``A2-A3``          move (also entering a Disabled enemy Fortress)
``B1xD3``          melee capture: the attacker moves onto the target (against an Active
                   Fortress the attacker is lost and the Fortress disabled)
``B1*D3``          ranged capture (a projectile): the attacker stays on B1
``C3>E5``          Shield Bash: push the enemy on E5 one square on along the diagonal
``flip C1``        flip the unit on C1 to its other state (also during the set-up)
``turn D2 E``      turn the unit on D2 to face N, E, S or W (N is towards row 8)
``end``            end the turn without the extra action that is still allowed
``assassin C2``    set-up: the Assassin is on C2 (shown to the opponent as ``assassin ?``)
``ready``          set-up: this side's set-up is done
``wait 12.5``      Timed Mode: this many seconds pass on the clocks
=================  ==========================================================================
"""

from __future__ import annotations

import re

from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import Action
from capture_lib.games.command_capture.rules.units import FACING_LETTERS, parse_square, square_name

MOVE, CAPTURE, RANGED, BASH, FLIP, TURN, END, ASSASSIN, READY, WAIT = (
    "move", "capture", "ranged", "bash", "flip", "turn", "end", "assassin", "ready", "wait")
#: The one-character mark between the two squares of each kind of two-square action.
MARKS = {MOVE: "-", CAPTURE: "x", RANGED: "*", BASH: ">"}
_MARK_KIND = {v: k for k, v in MARKS.items()}


class CCAction(Action):
    """One Command Capture action: its ``kind`` and up to two squares (or a facing, or milliseconds).

    ``a`` is the acting unit's square (or the set-up square), ``b`` the target square, the new facing
    (0 N, 1 E, 2 S, 3 W) for a Turn, or the milliseconds of a Wait. Equal notation means an equal action.
    """

    __slots__ = ("kind", "a", "b", "_text")

    def __init__(self, kind: str, a: int = -1, b: int = -1) -> None:
        self.kind = kind
        self.a = a
        self.b = b
        self._text: str | None = None

    def __str__(self) -> str:
        if self._text is None:
            k = self.kind
            if k in MARKS:
                self._text = square_name(self.a) + MARKS[k] + square_name(self.b)
            elif k == FLIP:
                self._text = "flip " + square_name(self.a)
            elif k == TURN:
                self._text = f"turn {square_name(self.a)} {FACING_LETTERS[self.b]}"
            elif k == ASSASSIN:
                self._text = "assassin " + square_name(self.a)
            elif k == WAIT:
                self._text = "wait " + format_seconds(self.b)
            else:
                self._text = k
        return self._text

    @property
    def public(self) -> str:
        """The notation an opponent may see: the Assassin's square is hidden."""
        return "assassin ?" if self.kind == ASSASSIN else str(self)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, CCAction) and self.kind == other.kind and self.a == other.a
                and self.b == other.b)

    def __hash__(self) -> int:
        return hash((self.kind, self.a, self.b))


def format_seconds(ms: int) -> str:
    """Milliseconds as seconds without trailing zeros: ``12500`` -> ``12.5``."""
    whole, rest = divmod(ms, 1000)
    return str(whole) if rest == 0 else f"{whole}.{rest:03d}".rstrip("0")


def parse_seconds(text: str) -> int:
    """``"12.5"`` -> ``12500`` milliseconds; ``ValueError`` unless it is a non-negative number of seconds."""
    m = re.fullmatch(r"([0-9]{1,7})(?:\.([0-9]{1,3}))?", text.strip())
    if not m:
        raise ValueError(f"{text!r} is not a number of seconds (like 12 or 12.5, at most 3 decimals)")
    return int(m.group(1)) * 1000 + int((m.group(2) or "0").ljust(3, "0"))


_TWO = re.compile(r"([a-hA-H][1-8])\s*([-x*>X])\s*([a-hA-H][1-8])")
_HELP = ("expected A2-A3, B1xD3, B1*D3, C3>E5, flip C1, turn D2 E, end, assassin C2, ready or wait 12.5")


def parse_action(text: str) -> CCAction:
    """Read an action from its notation (see the table in this module's docstring)."""
    if not isinstance(text, str):
        raise IllegalAction("notation must be text", rule="notation")
    t = text.strip()
    m = _TWO.fullmatch(t)
    if m:
        return CCAction(_MARK_KIND[m.group(2).lower()], parse_square(m.group(1)), parse_square(m.group(3)))
    words = t.split()
    if not words:
        raise IllegalAction("empty notation; " + _HELP, rule="notation")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "flip" and len(args) == 1:
            return CCAction(FLIP, parse_square(args[0]))
        if verb == "turn" and len(args) == 2:
            facing = args[1].upper()
            if facing not in ("N", "E", "S", "W"):
                raise ValueError(f"{args[1]!r} is not a facing: use N, E, S or W (N is towards row 8)")
            return CCAction(TURN, parse_square(args[0]), FACING_LETTERS.index(facing))
        if verb == "assassin" and len(args) == 1:
            return CCAction(ASSASSIN, parse_square(args[0]))
        if verb == "wait" and len(args) == 1:
            return CCAction(WAIT, -1, parse_seconds(args[0]))
    except ValueError as err:
        raise IllegalAction(f"cannot read {text!r}: {err}", rule="notation") from None
    if verb in (END, READY) and not args:
        return CCAction(verb)
    raise IllegalAction(f"cannot read {text!r}: {_HELP}", rule="notation")
