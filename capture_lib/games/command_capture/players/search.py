"""The search's fitting to Command Capture: greedy playouts cut short and scored by material.

A random game of Command Capture lasts hundreds of actions and a random playout says little about a
position, so playouts here are short (``PLAYOUT_CAP`` actions) and played by a greedy policy: take a
Commander or enter a Disabled Fortress when possible, take the most valuable unit in reach (with
probability ``GREED``), otherwise move at random. The root considers only the actions the rule-based
player rates best (``root_candidates``), so no budget goes to moves that hang a unit. The position a
playout stops in is scored by ``evaluate``: the difference in material, valued as the Timed Mode
points table values units, plus a little for progress and for pressure on the enemy Commander and
Disabled Fortress, squashed into -1..1.

The one hidden fact, which enemy infantry is the Assassin, is drawn by the game's sampler for each
playout, so the search treats every infantry that could be the Assassin as possibly being it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from capture_lib.core.protocol import Action, State
from capture_lib.games.command_capture.players.rule import WIN, score_action, setup_choice
from capture_lib.games.command_capture.rules.actions import BASH, CAPTURE, END, MOVE, RANGED, WAIT
from capture_lib.games.command_capture.rules.units import CMD, FOR, FORTRESS_HALF_POINTS, HALF_POINTS
from capture_lib.search.tuning import Tuning, remembered

#: How many actions a playout plays before ``evaluate`` scores it.
PLAYOUT_CAP = 4
#: How often a playout takes the best capture on offer rather than a random action.
GREED = 1.0
#: How many of the rule-based player's best-rated actions the root considers.
ROOT_WIDTH = 8
#: Material (in half points) that counts as a near-certain win in ``evaluate``.
SCALE = 24.0
#: What each row of a unit's progress towards the enemy, and a unit near a square whose taking wins, are worth.
ADVANCE = 0.25
PRESSURE = 2.0
#: A Commander's worth in ``evaluate`` (losing it ends the game, so this only matters in playouts).
COMMANDER = 60
_TAKES = (CAPTURE, RANGED, BASH)


def _worth(world: State, unit: tuple) -> int:
    kind = unit[1]
    if kind == CMD:
        return COMMANDER
    if kind == FOR:
        return FORTRESS_HALF_POINTS if unit[2] == 0 else 0
    return HALF_POINTS[world.civs[unit[0]]].get(kind, 2)


def playout(world: State, rng: random.Random) -> Action:
    """A greedy move for the side to act: win at once if it can, else take the best unit in reach."""
    legal = world.legal_actions()
    board = world.board
    best, best_value = None, 0
    for a in legal:
        kind = a.kind
        if kind in _TAKES:
            target = board[a.b]
            value = _worth(world, target) if target is not None else 0
            if target is not None and target[1] == CMD:
                return a
            if value > best_value:
                best, best_value = a, value
        elif kind == MOVE and board[a.b] is not None:
            return a  # entering a Disabled enemy Fortress wins
    if best is not None and rng.random() < GREED:
        return best
    quiet = [a for a in legal if a.kind != END]
    return rng.choice(quiet or legal)


def evaluate(world: State) -> list[float]:
    """The expected result of an unfinished game, for Blue and for Red.

    Material counts most; then, so that the search presses on instead of waiting for the turn limit,
    each unit's progress towards the enemy's back row (``ADVANCE`` a row) and each unit within two
    squares of the enemy Commander or of the enemy's Disabled Fortress (``PRESSURE``), the squares
    whose taking wins.
    """
    board = world.board
    # The squares whose taking wins: each side's Commander and, once disabled, its Fortress.
    goals: list[list[int]] = [[], []]
    for sq, unit in enumerate(board):
        if unit is not None and (unit[1] == CMD or unit[1] == FOR and unit[2] == 1):
            goals[unit[0]].append(sq)
    balance = 0.0
    for sq, unit in enumerate(board):
        if unit is None:
            continue
        owner = unit[0]
        value = _worth(world, unit)
        if unit[1] not in (CMD, FOR):
            row = sq >> 3
            value += ADVANCE * (row if owner == 0 else 7 - row)
            col = sq & 7
            for target in goals[1 - owner]:
                if max(abs(row - (target >> 3)), abs(col - (target & 7))) <= 2:
                    value += PRESSURE
        balance += value if owner == 0 else -value
    score = math.tanh(balance / SCALE)
    return [score, -score]


@remembered(lambda world, seat: world._key())
def root_candidates(world: State, seat: int) -> tuple[Sequence[str], Sequence[Action]]:
    """The ``ROOT_WIDTH`` actions the rule-based player rates best (one reply deep) in this world.

    An action that lets the opponent take the Commander at once is dropped whenever another is left.
    Each determinization differs from the others only in where the enemy Assassin hides, so the
    ratings of a few worlds are kept rather than computed again for every playout. During the chosen
    set-up the one candidate is the rule-based player's set-up choice: material cannot tell set-ups apart
    (the ``mcts-hard`` player sets up before it searches, with its own secret: see the package).
    """
    if world.phase == "setup":
        choice = setup_choice(world, seat, 0)
        return [str(choice)], [choice]
    rated = sorted(((score_action(world, seat, a), str(a), a) for a in world.legal_actions() if a.kind != WAIT),
                   key=lambda r: (-r[0], r[1]))
    safe = [r for r in rated if r[0] > -WIN] or rated
    kept = safe[:ROOT_WIDTH]
    return [r[1] for r in kept], [r[2] for r in kept]


TUNING = Tuning(playout=playout, evaluate=evaluate, root_candidates=root_candidates, playout_cap=PLAYOUT_CAP,
                exploration=0.5, budgets={"easy": (60, 0.15), "medium": (300, 0.5), "hard": (1100, 0.9)})
