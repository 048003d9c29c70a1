"""Medieval Capture's hard level over a whole turn: it plans the turn once and plays the plan on, plans again when
the game leaves the plan, makes wider plans to its budget (untimed) or its turn's time (timed), and every
decision of a turn shares the one cap a person waits on."""

from __future__ import annotations

from capture_lib import CHANCE, load_game
from capture_lib.games.medieval_capture.players import planner, players
from capture_lib.search import clock
from capture_lib.search.levels import make_player

GAME = load_game("medieval-capture")


def _first_move_decision(seed: int, seat: int = 0):
    """A game between the rule-based players up to ``seat``'s first move decision with three moves to make."""
    rule = make_player("rule", timed=False)
    state = GAME.new_game(seed=seed)
    while True:
        mover = state.current_player
        if mover == CHANCE:
            state = state.play_chance()
            continue
        if state.phase == "move" and mover == seat and state.turn > 2 and not state.moved and not state.shots \
                and sum(1 for a in state.legal_actions() if type(a).__name__ == "Move") > 3:
            return state
        state = state.play(rule(state, mover))


class Spy:
    """Counts the planners made, and keeps the last one."""

    def __init__(self, monkeypatch) -> None:
        self.made: list[planner.Planner] = []
        real = planner.Planner.__init__
        spy = self

        def init(self, *args, **kwargs):
            real(self, *args, **kwargs)
            spy.made.append(self)

        monkeypatch.setattr(planner.Planner, "__init__", init)


def _turn(state, seat, player):
    """Play ``player``'s whole turn from ``state`` (chance resolved on the way); the state after it."""
    turn = state.turn
    while not state.is_over and state.current_player in (seat, CHANCE) and state.turn == turn:
        state = state.play_chance() if state.current_player == CHANCE else state.play(player(state, seat))
    return state


def test_the_first_move_decision_plans_the_turn_and_the_next_ones_play_it(monkeypatch):
    spy = Spy(monkeypatch)
    for seed in (3, 8):
        state = _first_move_decision(seed)
        hard = make_player("hard", timed=False, seed=1)
        spy.made.clear()
        first = hard(state, 0)
        plan = spy.made[0].plan
        assert len(spy.made) == 1 and plan and str(plan[0]) == str(first)
        after = state.play(first)
        if after.current_player == 0 and after.phase == "move" and len(plan) > 1:
            second = hard(after, 0)
            assert len(spy.made) == 1 and str(second) == str(plan[1])  # no second plan: the first played on


def test_a_turn_that_leaves_the_plan_is_planned_again(monkeypatch):
    spy = Spy(monkeypatch)
    state = _first_move_decision(5)
    plans = planner.TurnPlans()
    turn = (state.seed, state.turn, 0)
    made = planner.Planner(state, 0, players.BUDGETS["hard"], False)
    action = made.choose()
    plans.keep(state, turn, action, made.plan)
    moved = state.play(action)
    assert plans.next(moved, turn) is not None or len(made.plan) == 1
    # Another history (someone else acted, a card was drawn): nothing of the plan is played.
    other = state.play(next(a for a in state.legal_actions() if str(a) != str(action) and str(a) != "end"))
    assert plans.next(other, turn) is None
    assert len(spy.made) == 1


def test_untimed_hard_makes_its_wider_plans_and_timed_hard_plans_to_its_turns_time(monkeypatch):
    spy = Spy(monkeypatch)
    state = _first_move_decision(11)
    make_player("hard", timed=False, seed=1)(state, 0)
    assert spy.made[-1].plans == players.BUDGETS["hard"].widen + 1
    # Timed, each reading of the clock moves it on 20 ms: hard plans wider until its 0.6 s are spent.
    now = [0.0]

    def fake() -> float:
        now[0] += 0.02
        return now[0]

    monkeypatch.setattr(clock.time, "perf_counter", fake)
    monkeypatch.setattr(planner.time, "perf_counter", fake)
    make_player("hard", timed=True, seed=1)(state, 0)
    made = spy.made[-1]
    assert made.deadline == 0.02 + players.BUDGETS["hard"].seconds
    assert made.plans >= 1 and now[0] >= made.deadline  # it planned until the time was spent ...
    assert now[0] < made.deadline + 1.0  # ... and stopped soon after


def test_every_decision_of_a_turn_shares_the_turns_cap(monkeypatch):
    spy = Spy(monkeypatch)
    state = _first_move_decision(9)
    _turn(state, 0, make_player("hard", timed=True, seed=1))
    deadlines = {made.deadline for made in spy.made}
    assert len(deadlines) == 1, deadlines  # one turn, one cap
