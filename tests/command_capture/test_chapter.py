"""Command Capture's summary picture shows only what its seat may see.

What its chapter and summary must hold (its rules index's size, key rules, picture's words, exercises) is declared
in ``chapter.py`` and checked with every game's in ``tests/teaching`` and ``tests/lessons``.
"""

from __future__ import annotations

from capture_lib.bookkit import summaries

SLUG = "command-capture"


def test_the_summarys_picture_shows_only_what_its_seat_may_see():
    # Drawn from Blue's observation: Red's hidden Assassin never appears.
    from capture_lib.games.command_capture import GAME
    from capture_lib.games.command_capture.scene import scene
    from capture_lib.render.picture import to_svg

    svg, _ = summaries.summary_picture(SLUG).draw()
    everything = to_svg(scene(GAME.quick_start().view(None, everything=True)))
    assert everything.count(">ASSN<") == 2 and svg.count(">ASSN<") == 1  # only Blue's own Assassin
