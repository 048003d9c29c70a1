"""What the last decision of a computer player searched, for the benches: ``LAST``, a dict of figures.

A search fills it as it decides (the alpha-beta search: the depth it finished and the positions it searched;
the Monte Carlo search: its iterations; Medieval's planner: the positions it played), and nothing reads it
but the benches (``bench/bench_computer_turn.py`` reads it inside the browser's Pyodide). Only the last
decision's figures are kept, so it never grows.
"""

from __future__ import annotations

#: The figures of the last decision, by name (numbers).
LAST: dict[str, float] = {}


def report(**figures: float) -> None:
    """Keep ``figures`` as the last decision's (replacing whatever the decision before reported)."""
    LAST.clear()
    LAST.update(figures)
