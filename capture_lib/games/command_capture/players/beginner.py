"""Command Capture's ``beginner`` level: a gentler opponent than the rule-based player, with a beginner's mistakes.

Someone new to the game sees where their own units can go and what they can take, and plays forward; what
they miss is the other side's answer, and the less obvious of their own chances. So the beginner rates each
action as the rule-based player does (``rule.score_action``, one reply deep, on what its seat may see), but:

- it looks at the enemy's answer only in ``LOOKS`` of its decisions: otherwise it does not see that a move
  leaves a unit, or its Commander, to be taken;
- it sees each of its own captures and shots only with the chance ``SEES`` (a win in one it always sees);
- it turns and flips units now and then, not as a plan: such an action is in its mind with the chance
  ``FIDGETS`` (a beginner mostly moves);
- it plays one of the actions it rates within ``SLACK`` of the best, drawn by chance.

Every chance comes from its view and its secret for the game (``game_secret``), as the other levels', so
its set-up and its mistakes differ from game to game and a saved game replays exactly. Its set-up is the
rule-based player's. ``bench/bench_beginners.py`` rates it between the random and the rule-based players.
"""

from __future__ import annotations

from typing import Any

from capture_lib.games.command_capture.players.rule import WIN, belief, score_action, setup_choice
from capture_lib.games.command_capture.rules.actions import BASH, CAPTURE, FLIP, MOVE, RANGED, TURN, WAIT
from capture_lib.games.command_capture.rules.state import CommandCaptureState
from capture_lib.games.command_capture.rules.units import FOR
from capture_lib.search.simple import game_secret, observation_rng, seat_seed

#: The share of decisions in which the beginner looks at the enemy's answer.
LOOKS = 0.6
#: The chance that the beginner sees one of its captures or shots (not a win in one: that it always sees).
SEES = 0.85
#: The chance that a turn or a flip is among the actions the beginner considers.
FIDGETS = 0.15
#: The beginner plays one of the actions it rates at most this far below the best.
SLACK = 2


def _naive_score(state: CommandCaptureState, seat: int, action: Any) -> int:
    """``score_action`` without the enemy's answer: what the action takes, and how far it goes forward."""
    after = state.play(action)
    if after.is_over:
        return WIN * 2 if seat in after.winners else -WIN * 2
    score = 0
    target = state.board[action.b] if action.kind in (MOVE, CAPTURE, RANGED, BASH) else None
    if target is not None and target[0] != seat:
        score = 40 if target[1] == FOR else 20  # a take, of whatever kind: a beginner counts units, not points
    if action.kind == MOVE:
        score += (action.b // 8 - action.a // 8) * (1 if seat == 0 else -1)
    return score


def beginner_choice(state: CommandCaptureState, seat: int, secret: int) -> Any:
    """The beginner's action for ``seat`` (see the module's docstring); ``secret`` is its secret for the game."""
    actions = [a for a in state.legal_actions() if a.kind != WAIT]
    if len(actions) == 1:
        return actions[0]
    if state.phase == "setup":
        return setup_choice(state, seat, secret)
    rng = observation_rng(state, seat, f"beginner/{secret}")
    seen = belief(state, seat)
    looks = rng.random() < LOOKS
    considered = []
    for a in actions:
        if a.kind in (TURN, FLIP) and rng.random() >= FIDGETS:
            continue
        takes = a.kind in (CAPTURE, RANGED, BASH)
        if takes and not seen.play(a).is_over and rng.random() >= SEES:
            continue
        considered.append(a)
    if not considered:
        considered = actions
    try:
        scored = [(score_action(seen, seat, a) if looks else _naive_score(seen, seat, a), a) for a in considered]
    except ValueError:  # legal on the true board but not on the belief board (never for its own actions)
        scored = [(0, a) for a in considered]
    best = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s >= best - SLACK])


def beginner_player(seed: int | None = None) -> Any:
    """The beginner with its own ``seed`` (``capture_lib.search.levels``); without one, ``seat_seed``."""
    def player(state: CommandCaptureState, seat: int) -> Any:
        own = seat_seed(state.seed, seat) if seed is None else seed
        return beginner_choice(state, seat, game_secret(own, state, seat))

    player.__name__ = "command_capture_beginner"
    player.__doc__ = beginner_choice.__doc__
    return player
