"""How the browser tests' driver steers on Medieval Capture's board (``tests/browser/drivers.py``,
``steering``), so that a whole game against the computer ends in a few dozen moves."""

from __future__ import annotations


def prefer(options: list[dict]) -> list[dict]:
    """Roll, then end the turn at once (the computer takes a Crown soon, which ends the quick game); place
    pieces on the first spaces offered."""
    order = {"roll": 0, "end": 1}
    return sorted(options, key=lambda o: (order.get(o.get("notation", ""), 2), o.get("space", "")))


#: The driver's keyword arguments: the quick game's board, rolled and ended at once, buttons first.
STEERING = {"heading": "A quick game", "prefer": prefer, "buttons_first": 1.0}
