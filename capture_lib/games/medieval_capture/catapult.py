"""The catapult as a model of a skilled shot: an aim, a scatter around it, and a reach.

The physical game is a game of dexterity. The engine keeps the skill as a choice (where to aim) and
the luck as an explicit chance event (where the boulder lands): ``landing_outcomes`` lists every space
the boulder may come down on with its probability, so an example can say exactly where it lands.
The boulder knocks down every piece standing within ``REACH`` of its landing point.
"""

from __future__ import annotations

from fractions import Fraction

from .board import Board

#: How far from its landing point (in board units; neighbouring rocks are about 65 apart) a boulder
#: knocks pieces over: the landing space and the rocks right next to it.
REACH = 70.0

#: The spread option: the chance of landing exactly on the aim, and how far a miss may stray.
SPREADS: dict[str, tuple[Fraction, float]] = {
    "sure": (Fraction(1), 0.0),        # a sure hand: always lands on the aim
    "skilled": (Fraction(1, 2), 90.0),  # half the time on the aim, else on a space close by
    "wild": (Fraction(1, 5), 160.0),    # candy for a boulder: it may land well away from the aim
}


def landing_outcomes(board: Board, aim: int, spread: str) -> list[tuple[int, Fraction]]:
    """``(space, probability)`` for where a boulder aimed at ``aim`` lands; the probabilities sum to 1.

    A boulder can land on any space but a dungeon (they are walled); a miss is spread evenly over
    the spaces within the spread's distance of the aim.
    """
    on_target, stray = SPREADS[spread]
    near = [i for i in range(len(board.ids))
            if i != aim and board.kind[i] != "dungeon" and board.distance(aim, i) <= stray]
    if not near:
        return [(aim, Fraction(1))]
    miss = (1 - on_target) / len(near)
    return [(aim, on_target)] + [(i, miss) for i in near]


def reach(board: Board, landing: int) -> tuple[int, ...]:
    """The spaces whose pieces a boulder landing on ``landing`` knocks over.

    The Cathedral's walls shelter everyone inside (a ruling), and no piece ever stands on a boat or in
    the open on a dungeon, so only rocks count.
    """
    return tuple(i for i in range(len(board.ids))
                 if board.kind[i] not in ("cathedral", "dungeon", "boat") and board.distance(landing, i) <= REACH)
