"""Medieval Capture's summary picture shows only what its seat may see.

What its chapter and summary must hold (its rules index's size, key rules, picture's words, exercises) is declared
in ``chapter.py`` and checked with every game's in ``tests/teaching`` and ``tests/lessons``.
"""

from __future__ import annotations

from capture_lib.bookkit import summaries

SLUG = "medieval-capture"


def test_the_summarys_picture_shows_only_what_its_seat_may_see():
    # Drawn from Blue's observation: Red's hidden Knight never appears.
    svg, _ = summaries.summary_picture(SLUG).draw()
    assert svg.count('stroke="#E6B800" stroke-width="3.5"') == 1  # the gold ring round Blue's own Knight
