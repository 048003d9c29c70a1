"""Shared helpers for the Command Capture tests: positions from a few units, action sets per unit."""

from __future__ import annotations

import capture_lib

GAME = capture_lib.load_game("command-capture")
ROYALS = {"A1": "K", "H1": "F", "A8": "k", "H8": "f"}


def fen(units: dict[str, str], side: str = "b", civs: str = "RE", rest: str = "", royals: bool = True) -> str:
    """Position text from ``{"D4": "A", ...}``; both Commanders and Fortresses go in the corners unless
    ``royals`` is False or the caller places them."""
    squares: dict[str, str] = {}
    if royals:
        placed = {t[0].upper() + ("b" if t[0].isupper() else "r") for t in units.values()}
        for sq, tok in ROYALS.items():
            key = tok[0].upper() + ("b" if tok[0].isupper() else "r")
            if key not in placed and sq not in units:
                squares[sq] = tok
    squares.update({k.upper(): v for k, v in units.items()})
    rows = []
    for r in range(8, 0, -1):
        row, empty = "", 0
        for c in "ABCDEFGH":
            tok = squares.get(f"{c}{r}")
            if tok is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += tok
        if empty:
            row += str(empty)
        rows.append(row)
    text = "/".join(rows) + f" {side} {civs}"
    return text + (" " + rest if rest else "")


def pos(units: dict[str, str], side: str = "b", civs: str = "RE", rest: str = "", royals: bool = True,
        **options):
    """A state from a few units (see ``fen``)."""
    return GAME.from_position(fen(units, side, civs, rest, royals), **options)


def acts(state, square: str, kinds: str = "-x*>") -> set[str]:
    """The legal actions of the unit on ``square`` that move, capture, shoot or bash (by mark)."""
    out = set()
    for a in state.legal_actions():
        t = str(a)
        if t.startswith(square) and len(t) == 5 and t[2] in kinds:
            out.add(t)
    return out


def targets(state, square: str, mark: str) -> set[str]:
    """The target squares of the unit on ``square`` for one mark: ``-`` moves, ``x`` melee, ``*`` shots."""
    return {t[3:] for t in acts(state, square, mark)}


def sqs(text: str) -> set[str]:
    """``"D5 D3"`` -> ``{"D5", "D3"}``."""
    return set(text.split())
