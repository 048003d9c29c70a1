"""A simple computer player for Command Capture: it takes a free win and does not hang its own.

It looks one reply ahead on a *belief* board built only from what it may see: the enemy's hidden
Assassin is taken for the infantry it pretends to be. For each of its legal actions it checks whether
the action wins at once (it plays that), whether the opponent could then win at once (it avoids
that), and what it gains and risks in points. Ties are broken by a generator seeded from its
observation, so the same view gives the same choice.

The belief board is the true board with the one secret (where the enemy Assassin hides) removed, so
the player uses nothing that its observation does not show.

In the chosen set-up (``setup="choose"``) it hides its Assassin on a front-row square drawn from its
secret for the game, so its opponent cannot learn a fixed habit, and starts every unit in its first
state (``setup_choice``). The search levels (``alphabeta``) set up the same way.
"""

from __future__ import annotations

import random
from typing import Any

from capture_lib.games.command_capture.rules.actions import (
    ASSASSIN,
    CAPTURE,
    END,
    MOVE,
    RANGED,
    READY,
    TURN,
    WAIT,
    CCAction,
)
from capture_lib.games.command_capture.rules.state import CommandCaptureState
from capture_lib.games.command_capture.rules.units import (
    ASN,
    ASN_REVEALED,
    CMD,
    FOR,
    FORTRESS_HALF_POINTS,
    HALF_POINTS,
    INFANTRY,
)
from capture_lib.search.simple import game_secret, observation_rng, seat_seed

WIN = 10_000
#: The rule-based player chooses among the actions it rates at most this far below the best (an advance
#: of one row is worth 1, a piece at least 20).
NEAR = 1


def belief(state: CommandCaptureState, seat: int) -> CommandCaptureState:
    """``state`` as ``seat`` believes it to be: enemy hidden Assassins replaced by plain infantry."""
    enemy = 1 - seat
    board = list(state.board)
    changed = False
    for sq, u in enumerate(board):
        if u is not None and u[0] == enemy and u[1] == ASN and u[2] != ASN_REVEALED:
            board[sq] = (enemy, INFANTRY[state.civs[enemy]], u[2], u[3], u[4])
            changed = True
    if not changed:
        return state
    new = state._copy()
    new.board = tuple(board)
    return new


def _value(state: CommandCaptureState, u: tuple) -> int:
    if u[1] == CMD:
        return WIN
    if u[1] == FOR:
        return FORTRESS_HALF_POINTS if u[2] == 0 else 0
    return HALF_POINTS[state.civs[u[0]]].get(u[1], 2)


def lost_attacking_fortress(state: CommandCaptureState, square: int) -> bool:
    """Whether the unit on ``square`` is lost when it attacks an Active Fortress in melee.

    It is, unless it stands under its own Commander's Fortify aura and the ``fortify-attacker`` ruling
    holds (``fortify_attacker="immune"``, the default): then the Fortress is disabled and it stays.
    """
    return not (state.options["fortify_attacker"] == "immune" and state.immune(square))


def _opponent_turn(after: CommandCaptureState, seat: int) -> CommandCaptureState | None:
    """The position when the opponent starts acting after ``seat``'s action (``None`` if the game ended)."""
    if after.is_over:
        return None
    if after.current_player == seat:
        if CCAction(END) in after.legal_set():
            return after.play(CCAction(END))
        return None
    return after


def _best_threat(opp: CommandCaptureState, seat: int) -> int:
    """The most the opponent gains with one action: ``WIN`` if it can win at once."""
    best = 0
    for a in opp.legal_actions():
        if a.kind not in (MOVE, CAPTURE, RANGED) and a.kind != "bash":
            continue
        target = opp.board[a.b]
        if target is None:
            continue
        if target[0] == seat and target[1] == FOR and target[2] == 1 and a.kind == MOVE:
            return WIN
        if target[0] == seat:
            best = max(best, _value(opp, target))
    return best


def score_action(state: CommandCaptureState, seat: int, action: CCAction) -> int:
    """How good ``action`` looks one reply deep (higher is better)."""
    after = state.play(action)
    if after.is_over:
        return WIN * 2 if seat in after.winners else -WIN * 2
    gain = 0
    target = state.board[action.b] if action.kind in (MOVE, CAPTURE, RANGED, "bash") else None
    if target is not None and target[0] != seat:
        gain = _value(state, target)
        if action.kind == CAPTURE and target[1] == FOR and lost_attacking_fortress(state, action.a):
            gain -= _value(state, state.board[action.a])  # the attacker is lost to the Fortress
    opp = _opponent_turn(after, seat)
    risk = _best_threat(opp, seat) if opp is not None else 0
    if risk >= WIN:
        return -WIN
    score = gain * 10 - risk * 6
    if action.kind == TURN:
        score -= 3  # turning rarely helps a simple player
    if action.kind == MOVE:
        row_from, row_to = action.a // 8, action.b // 8
        score += (row_to - row_from) * (1 if seat == 0 else -1)  # advance towards the enemy
    return score


def setup_choice(state: CommandCaptureState, seat: int, secret: int) -> CCAction:
    """The player's set-up action: hide the Assassin on a front-row square drawn from the game ``secret``
    (``game_secret``), then ready.

    Every front-row square is as likely: a square the player favoured would be one its opponent could
    learn. The first states are the all-round ones (infantry that can capture, Siege that can move, an
    Active Fortress), so the player keeps them all.
    """
    legal = state.legal_actions()
    squares = [a for a in legal if a.kind == ASSASSIN]
    if squares:
        return random.Random(f"command-capture set-up/{secret}/{seat}").choice(squares)
    return next(a for a in legal if a.kind == READY)


def rule_choice(state: CommandCaptureState, seat: int, secret: int) -> Any:
    """Choose an action for ``seat``: a win if there is one, never a move that lets the enemy win at once;
    among the actions rated within ``NEAR`` of the best, one drawn from the view and the game ``secret``."""
    actions = [a for a in state.legal_actions() if a.kind != WAIT]
    if len(actions) == 1:
        return actions[0]
    if state.phase == "setup":
        return setup_choice(state, seat, secret)
    seen = belief(state, seat)
    scored = []
    for a in actions:
        try:
            s = score_action(seen, seat, a)
        except ValueError:
            # legal on the true board but not on the belief board (cannot happen for own actions)
            s = -WIN * 3
        scored.append((s, a))
    best = max(s for s, _ in scored)
    near = [a for s, a in scored if s >= best - NEAR]
    return observation_rng(state, seat, f"rule/{secret}").choice(near)


def rule_player(seed: int | None = None) -> Any:
    """The rule-based player (``rule_choice``) with its own ``seed`` (``capture_lib.search.levels``): a new
    secret each game. Without a seed it takes the one a level given none takes, ``seat_seed``."""
    def player(state: CommandCaptureState, seat: int) -> Any:
        own = seat_seed(state.seed, seat) if seed is None else seed
        return rule_choice(state, seat, game_secret(own, state, seat))

    player.__name__ = "command_capture_rule"
    player.__doc__ = rule_choice.__doc__
    return player


#: The rule-based player as the ``rule`` level plays it where no seed of its own is given.
simple_player = rule_player()


def random_level(seed: int) -> Any:
    """The ``random`` level: a uniformly random legal action, its generator seeded by the view and the
    player's secret for the game (the shared random player, seeded by the view alone, would set up and
    answer the same moves the same way in every game of this game without luck)."""
    def player(state: CommandCaptureState, seat: int) -> Any:
        secret = game_secret(seed, state, seat)
        return observation_rng(state, seat, f"random/{secret}").choice(state.legal_actions())

    player.__name__ = "command_capture_random"
    player.__doc__ = random_level.__doc__
    return player
