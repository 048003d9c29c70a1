"""How the browser tests' driver steers on Command Capture's board (``tests/browser/drivers.py``,
``steering``), so that a whole game against the computer ends in a few dozen moves."""

from __future__ import annotations


def prefer(options: list[dict]) -> list[dict]:
    """Blue's Commander marches forward (the computer takes a Commander within reach, which ends the game):
    first clicks on the Commander, targets on the highest rows, then the end of the turn and readiness."""
    def rank(option: dict) -> tuple:
        words = option.get("words", "")
        notation = option.get("notation", "")
        space = option.get("space", "")
        return (-("your Commander" in words), -int(space[1]) if len(space) == 2 and space[1].isdigit() else 0,
                notation not in ("ready", "end"), notation)
    return sorted(options, key=rank)



#: The driver's keyword arguments: march the Commander, and make moves on the board rather than press buttons.
STEERING = {"prefer": prefer, "buttons_first": 0.0}
