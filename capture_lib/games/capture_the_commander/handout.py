"""Capture the Commander's printed handouts: the picture beside the rules on its one-page summary.

The summary's words are the book's page (``book/capture-the-commander/summary.md``); the book's build prints
it with this picture (``capture_lib.bookkit.summaries``), drawn by the game's scene and the shared SVG
renderer. The game needs no print-and-play sheets: a deck of cards is all it takes.
"""

from __future__ import annotations

from capture_lib.core.parts import HandoutPicture
from capture_lib.games.capture_the_commander.scene import layout_diagram
from capture_lib.render.picture import to_svg


def summary_picture() -> tuple[str, str]:
    """One player's layout with its slots numbered, and the caption."""
    return to_svg(layout_diagram(), key=False), "One player's layout: the slots, numbered"


#: The summary's picture: a small diagram, 62 mm at most.
PICTURE = HandoutPicture(summary_picture, widest_mm=62)
