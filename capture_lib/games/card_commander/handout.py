"""Card Commander's printed handouts: the picture beside the rules on its one-page summary.

The summary's words are the book's page (``book/card-commander/summary.md``); the book's build prints it
with this picture (``capture_lib.bookkit.summaries``), drawn by the game's scene and the shared SVG renderer.
Card Commander needs no print-and-play sheets: a deck of cards is all it takes.
"""

from __future__ import annotations

from capture_lib.core.parts import HandoutPicture
from capture_lib.games.card_commander.rules import GAME
from capture_lib.games.card_commander.scene import scene
from capture_lib.render.picture import crop, to_svg


def summary_picture() -> tuple[str, str]:
    """The lanes of round 1 of the rules pages' deal, as Blue sees them, and the caption."""
    # The rules pages' deal: Blue (Karl) wins the left and middle lanes of round 1, Red (Jackson) the right.
    blue = ["2D", "5D", "7S", "9H", "10C", "3H", "4S", "6C", "8D", "AH"]
    red = ["3D", "5S", "7H", "9C", "10D", "2H", "4C", "6S", "8H", "AC"]
    state = GAME.setup(("Karl", "Jackson"), (blue, red)).play("place 8D 9H 10C").play("place 7H 9C 10D")
    # The three lanes only: the whole table's labels would print too small beside the rules.
    return crop(to_svg(scene(state.observation(0))), (0.14, 0.2, 0.76, 0.6)), "Round 1: each lane's values and winner"


#: The summary's picture: three lanes of cards need room to be read, up to 120 mm.
PICTURE = HandoutPicture(summary_picture, widest_mm=120)
