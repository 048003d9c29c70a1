"""A seeded loop over random complete games (every civilization pairing, many option mixes; ``tests/budgets.py``).

Every game is played to its end: a win, or the draw of ``turn_limit=100`` (at most about 200
actions). Checked at every step: one unit per square and well-formed units, units only ever leave
(no side ever gains a unit of any kind), locks expire, the result agrees with the board, the side to
act always has an action and the enemy's hidden Assassin never shows in an observation. On sampled
steps: the plain reference generator agrees, and the position text's round trip gives an equal state.
What every game owes the protocol (notation, saves, records, replays, chance, refusals) is the conformance
suite's (``tests/test_conformance.py``).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from capture_lib.core.chance import CHANCE
from tests.budgets import COMMAND_CAPTURE_GAMES_PER_PAIRING as GAMES_PER_PAIRING

from .helpers import GAME
from .reference import reference_actions

CIVS = ("rome", "egypt", "vikings")
PAIRINGS = list(itertools.product(CIVS, CIVS))
VARIABLE = [o for o in GAME.options if o.name not in ("blue", "red", "turn_limit", "game_seconds")]


def random_options(rng: random.Random, blue: str, red: str) -> dict:
    options = {"blue": blue, "red": red, "turn_limit": 100}
    for o in VARIABLE:
        if rng.random() < 0.25:
            options[o.name] = rng.choice(o.choices)
    return options


def choose(rng: random.Random, state):
    """Random play that prefers captures half the time, so that games end in wins as well as draws."""
    actions = state.legal_actions()
    if state.current_player == CHANCE:
        return rng.choice(actions)
    if state.timed and state.phase == "play" and rng.random() < 0.05:
        return f"wait {rng.choice(['0.5', '7', '59.999', '61', '250'])}"
    board = state.board
    winning = [a for a in actions if a.kind in ("capture", "ranged", "move", "bash") and board[a.b] is not None
               and board[a.b][0] != state.current_player and board[a.b][1] in (7, 8)
               and (board[a.b][1] == 7 or a.kind == "move")]
    if winning and rng.random() < 0.8:
        return rng.choice(winning)
    attacks = [a for a in actions if a.kind in ("capture", "ranged", "bash")]
    if attacks and rng.random() < 0.6:
        return rng.choice(attacks)
    others = [a for a in actions if a.kind != "turn"]
    if others and rng.random() < 0.9:
        return rng.choice(others)
    return rng.choice(actions)


def units_by_kind(state) -> Counter:
    """Units per side and kind; the front-row kinds count together (the Assassin takes an infantry's place)."""
    return Counter((u[0], "front" if u[1] in (0, 1, 9) else u[1]) for u in state.board if u is not None)


def check_step(state, before: Counter) -> Counter:
    board = state.board
    assert len(board) == 64
    for u in board:
        if u is not None:
            owner, kind, st, facing, lock = u
            assert owner in (0, 1) and 0 <= kind <= 9 and 0 <= facing <= 3
            assert 0 <= st <= (2 if kind == 9 else 1)
            if state.phase == "play":
                assert lock - state.turn <= 2  # a lock lasts through the owner's next turn at most
    now = units_by_kind(state)
    for key, count in now.items():
        assert count <= before.get(key, 0), ("a unit appeared", key)
    assert all(n <= 1 for n in Counter(u[0] for u in board if u and u[1] == 9).values())
    commanders = {u[0] for u in board if u and u[1] == 7}
    fortresses = {u[0] for u in board if u and u[1] == 8}
    if state.is_over:
        if state.winners:
            (winner,) = state.winners
            loser = 1 - winner
            assert (loser not in commanders or loser not in fortresses
                    or (state.timed and state.game_ms == 0 and state.scores[winner] > state.scores[loser]))
        else:
            assert state.turn > state.options["turn_limit"] > 0
    else:
        assert commanders == {0, 1} and fortresses == {0, 1}
        assert state.legal_actions()
    if state.phase == "play":
        for seat in (0, 1):
            view = state.observation(seat)
            for entry in view["units"]:
                if entry["kind"] == "Assassin":
                    assert entry["owner"] == seat or entry["state"] == "Revealed"
    return now


def test_random_complete_games():
    rng = random.Random(20261129)
    finished = Counter()
    total_steps = 0
    for game_no in range(GAMES_PER_PAIRING * len(PAIRINGS)):
        blue, red = PAIRINGS[game_no % len(PAIRINGS)]
        options = random_options(rng, blue, red)
        state = GAME.new_game(seed=game_no, **options)
        counts = units_by_kind(state)
        step = 0
        while not state.is_over:
            action = choose(rng, state)
            state = state.play(action)
            counts = check_step(state, counts)
            step += 1
            if state.phase == "play" and not state.is_over and step % 40 == 0:
                assert {str(a) for a in state.legal_actions()} == reference_actions(state)
                again = GAME.from_position(state.position_text(), **options)
                assert again.position_text() == state.position_text()
                assert again.legal_set() == state.legal_set()
            assert step < 1000
        total_steps += step
        if not state.winners:
            finished["draw"] += 1
        else:
            loser_units = {u[1] for u in state.board if u and u[0] != state.winners[0]}
            finished["commander" if 7 not in loser_units else "fortress" if 8 not in loser_units else "points"] += 1
    games = GAMES_PER_PAIRING * len(PAIRINGS)
    assert sum(finished.values()) == games
    # Both win conditions happen (measured: about a third of the games fall to each kind of win or none).
    assert finished["commander"] > games // 6 and finished["fortress"] > games // 100
    assert total_steps > 37 * games  # about 110 actions a game

