"""A toy game, written as a fifth game would be: one folder and one line (``capture_lib.games.register``).

Trap Race: two pawns race along a short track. Each player first hides a trap on the track, then on every
turn a die says how far their pawn may step, and they step or wait. A pawn that steps onto the other's
hidden trap goes back to the start, and the trap is shown and spent. The first pawn home wins. It has
everything a game can have that the shared layers must handle: a hidden fact, a chance event, a reveal,
an option a table chooses, a ruling, a scene. The tests run it on every host and through the conformance
suite (``tests/test_conformance.py``).
"""

from capture_lib.core.description import Description, Parts
from tests.toy_game.rules import GAME

#: Its rules, its scene and a rule-based player; it has none of the optional parts beside, and says so.
DESCRIPTION = Description("tests.toy_game", GAME, Parts(
    scene="scene", players="players", tuning=None, course=None, lessons=None, rules_index=None, session=None,
    handout=None, experiments=None, golden=None,
))

__all__ = ["DESCRIPTION", "GAME"]
