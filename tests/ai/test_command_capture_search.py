"""Command Capture's search on the engine's fast paths: each gives exactly what the plain rules give, and the
hard level spends its turn's time, whatever the number of its decisions, and no more."""

from __future__ import annotations

import random

import pytest

from capture_lib import CHANCE, load_game
from capture_lib.games.command_capture.players import alphabeta
from capture_lib.search import clock
from capture_lib.search.levels import make_player
from tests.command_capture.helpers import pos

GAME = load_game("command-capture")
TAKE_KINDS = ("capture", "ranged", "bash")


def _positions(count: int, seed: int = 1) -> list:
    """Positions of random games over every pairing of armies, follow-ups and Disabled Fortresses among them."""
    rng = random.Random(seed)
    armies = ("rome", "egypt", "vikings")
    out = []
    while len(out) < count:
        state = GAME.new_game(seed=rng.randrange(2**32), blue=rng.choice(armies), red=rng.choice(armies),
                              setup="quick", turn_limit=200)
        while not state.is_over and len(out) < count:
            if state.current_player == CHANCE:
                state = state.play_chance()
                continue
            if rng.random() < 0.3:
                out.append(state)
            state = state.play(rng.choice(state.legal_actions()))
    return out


#: Random positions, and a few with Red's Fortress Disabled (a move may enter it), where ``takes`` falls back.
POSITIONS = _positions(600) + [pos({"G7": "L", "H8": "f+", "G6": "A"}),
                                pos({"G6": "C", "H8": "f+", "F6": "A", "E7": "l"}, civs="RR"),
                                pos({"G7": "L", "H8": "f+", "H7": "l"}, side="r", civs="RR")]


def test_takes_are_the_legal_actions_that_take_in_their_order():
    seen_follow = seen_disabled = 0
    for state in POSITIONS:
        board = state.board
        want = [str(a) for a in state.legal_actions()
                if (a.kind in TAKE_KINDS or a.kind == "move") and board[a.b] is not None]
        assert [str(a) for a in state._copy().takes()] == want
        seen_follow += state.follow is not None
        seen_disabled += any(u is not None and u[1] == 8 and u[2] == 1 for u in board)
    assert seen_follow and seen_disabled  # the fallbacks were met too


def test_after_is_play_for_every_legal_action():
    for state in POSITIONS[::6]:
        for action in state.legal_actions():
            assert state.after(action) == state.play(action)


def test_a_handed_over_turn_is_the_other_sides_with_the_same_board():
    for state in POSITIONS[::10]:
        passed = state.handed_over()
        assert passed.board == state.board and passed.current_player in (1 - state.current_player, None)
        assert passed.turn == state.turn + 1 and state.current_player != passed.current_player


def test_the_evaluation_is_the_one_its_docstring_gives():
    for state in POSITIONS:
        for seat in (0, 1):
            for suspects in (0, 4):
                assert (alphabeta.evaluate(state, seat, 1 - seat, suspects)
                        == alphabeta.plain_evaluate(state, seat, 1 - seat, suspects))


class FakeTime:
    """``time.perf_counter`` that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_one_turn_of_several_decisions_shares_one_cap(monkeypatch):
    fake = FakeTime(0.0)
    monkeypatch.setattr(clock.time, "perf_counter", fake)
    turn = clock.TurnClock(0.9)
    first = turn.deadline(("game", 7, 0), ("a", "b"))
    fake.now += 5.0  # however long the board took meanwhile
    assert turn.deadline(("game", 7, 0), ("a", "b", "c")) == first  # the follow-up of the same turn: what is left
    assert turn.deadline(("game", 9, 0), ("a", "b", "c", "d")) == pytest.approx(fake.now + 0.9)  # the next turn
    fake.now += 0.1
    # A take-back to the same turn (a shorter history): a fresh cap.
    assert turn.deadline(("game", 9, 0), ("a", "b", "c", "e")) == pytest.approx(fake.now + 0.9)


def test_hard_searches_until_its_turns_time_is_spent_not_its_node_budget(monkeypatch):
    # Each reading of the clock moves it on five milliseconds; the search reads it every 64 positions, so it
    # stops about (its seconds / 0.005) * 64 positions in: far beyond an untimed budget made small here.
    state = next(s for s in POSITIONS[200:] if s.current_player in (0, 1) and s.follow is None)
    seat = state.current_player
    fake = FakeTime(0.005)
    monkeypatch.setattr(clock.time, "perf_counter", fake)
    monkeypatch.setattr(alphabeta.time, "perf_counter", fake)
    monkeypatch.setitem(alphabeta.LEVELS, "hard", alphabeta.Level(500, 0.4, to_cap=True))
    searches = []
    real = alphabeta.choose

    def spy(*args, **kwargs):
        found = real(*args, **kwargs)
        searches.append(found[1])
        return found

    monkeypatch.setattr(alphabeta, "choose", spy)
    make_player("hard", timed=True, seed=1)(state, seat)
    readings = 0.4 / 0.005
    assert len(searches) == 1 and 4 * 500 < searches[0].nodes <= 64 * (readings + 2)
    make_player("hard", timed=False, seed=1)(state, seat)
    assert searches[1].nodes <= 500  # untimed, the budget in positions alone
