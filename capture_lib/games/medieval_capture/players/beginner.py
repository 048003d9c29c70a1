"""Medieval Capture's ``beginner`` level: a gentler opponent than the rule-based player, with a beginner's mistakes.

Someone new to the game moves the pieces their eye falls on and does not yet weigh every piece's every path;
they forget a card in hand and a catapult shot now and then. So the beginner plays as the rule-based player
does (``rule``: each move tried, the position it leads to scored from its own observation), but:

- at each decision it thinks of each of its pieces with the chance ``NOTICES``, and weighs the moves of
  those alone (if it thinks of none, of one);
- it plays a card it would play, or fires a shot it would fire, only with the chance ``REMEMBERS``;
- it sets up as the rule-based player does (``setup.rule_setup``), its Knight among the spaces that player
  rates about as well.

Every chance comes from its view and its secret for the game, as the other levels', so its mistakes differ
from game to game and a saved game replays exactly. ``bench/bench_beginners.py`` rates it between the random
and the rule-based players.
"""

from __future__ import annotations

import random
from typing import Any

from capture_lib.core.chance import CHANCE
from capture_lib.core.protocol import Action, State
from capture_lib.games.medieval_capture.players.rule import EAGER, SHOT_WORTH, _aim, rule_player, score
from capture_lib.games.medieval_capture.rules.actions import Move
from capture_lib.search.simple import observation_rng

#: The chance that the beginner thinks of one of its pieces at a decision.
NOTICES = 0.5
#: The chance that the beginner plays a card, or fires a shot, that the rule-based player would.
REMEMBERS = 0.5


def beginner_choice(state: State, seat: int, secret: int) -> Action:
    """The beginner's action for ``seat`` in any phase but the set-up (see the module's docstring)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    rng: random.Random = observation_rng(state, seat, f"beginner/{secret}")
    side = seat % 2
    texts = [str(a) for a in legal]
    phase = state.phase
    if phase == "start":
        eager = [a for a, t in zip(legal, texts, strict=True) if any(t.lower().startswith(f"play {c}") for c in EAGER)]
        if eager and rng.random() < REMEMBERS:
            return eager[0]
        return next(a for a, t in zip(legal, texts, strict=True) if t == "roll")
    if phase != "move":
        return rule_player(state, seat)  # who dies after a boulder: no room for a beginner's mistake
    aims = [a for a, t in zip(legal, texts, strict=True) if t.startswith("shoot")]
    if aims and rng.random() < REMEMBERS:
        worth, shot = _aim(state.observation(seat), side, aims)
        if shot is not None and worth >= SHOT_WORTH:
            return shot
    moves = [a for a in legal if isinstance(a, Move)]
    pieces = sorted({a.piece for a in moves})
    noticed = {p for p in pieces if rng.random() < NOTICES} or ({rng.choice(pieces)} if pieces else set())
    base = score(state.observation(seat), side)
    best_value, best = 0.5, None
    for action in moves:
        if action.piece not in noticed:
            continue
        after = state.play(action)
        while after.current_player == CHANCE and after.phase == "draw":
            after = after.play(after.chance_outcomes()[0][0])  # a card drawn counts as the first outcome
        value = score(after.observation(seat), side) - base
        if value > best_value:
            best_value, best = value, action
    if best is not None:
        return best
    return next(a for a, t in zip(legal, texts, strict=True) if t == "end")


def beginner_play(secrets: Any) -> Any:
    """The beginner's play after the set-up, its secret for each game drawn from ``secrets`` (``setup.Secrets``)."""
    def player(state: State, seat: int) -> Action:
        return beginner_choice(state, seat, secrets.for_game(state, seat))

    player.__name__ = "medieval_beginner"
    player.__doc__ = beginner_choice.__doc__
    return player
