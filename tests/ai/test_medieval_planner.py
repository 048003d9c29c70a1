"""Medieval Capture's turn planner (the easy, medium and hard levels): it reads only what its seat may
see, plans legal turns, fires and kills sensibly, and sets up differently from game to game."""

from __future__ import annotations

import pytest

from capture_lib import CHANCE, load_game
from capture_lib.games.medieval_capture.players import belief, evaluation, planner, players, setup
from capture_lib.games.medieval_capture.rules.board import BOARD
from capture_lib.search.levels import make_player

GAME = load_game("medieval-capture")


class _Sealed(tuple):
    """A state's two Knights, the enemy's sealed: reading it fails the test."""

    enemy: int

    def __getitem__(self, index):
        if index % 2 == self.enemy:
            raise AssertionError("the planner read the enemy's hidden Knight from the true state")
        return super().__getitem__(index)

    def __iter__(self):
        raise AssertionError("the planner read every side's hidden fact from the true state")


class _SealedHand(tuple):
    """The enemy's hand: its size may be known, never its cards."""

    def __getitem__(self, index):
        raise AssertionError("the planner read a card of the enemy's hand from the true state")

    def __iter__(self):
        raise AssertionError("the planner read the enemy's hand from the true state")

    def __contains__(self, item):
        raise AssertionError("the planner looked for a card in the enemy's hand in the true state")


def _sealed(state, seat):
    """``state`` with the enemy's Knight and cards sealed: the observation still works, the planner must
    never need more (a test fails as soon as anything reads them)."""
    enemy = 1 - seat % 2
    sealed = state._copy()
    knight = _Sealed(state.knight)
    knight.enemy = enemy
    sealed.knight = knight
    hands = list(state.hands)
    hands[enemy] = _SealedHand(state.hands[enemy])
    sealed.hands = tuple(hands)
    return sealed


def _positions(count, seed, phases=("start", "move", "kill")):
    """Positions where a seat must choose, from seeded games between the rule-based players."""
    rule = make_player("rule", timed=False, seed=seed)
    found, number = [], 0
    while len(found) < count:
        state = GAME.new_game(seed=seed + number)
        number += 1
        while not state.is_over and len(found) < count:
            if state.current_player == CHANCE:
                state = state.play_chance()
                continue
            if state.phase in phases and len(state.legal_actions()) > 1:
                found.append(state)
            state = state.play(rule(state, state.current_player))
    return found


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_the_planner_never_reads_the_enemy_knight_or_cards(level):
    budget = players.BUDGETS[level]
    for state in _positions(40, 11):
        seat = state.current_player
        sealed = _sealed(state, seat)
        # The sealed state still shows its seat everything it may see.
        assert sealed.observation(seat) == state.observation(seat)
        chosen = planner.choose(sealed, seat, budget, timed=False)
        assert str(chosen) == str(planner.choose(state, seat, budget, timed=False))


def test_the_plan_depends_only_on_what_the_seat_sees():
    common = "turn: blue\nphase: move\ndice: 5 9\nblue: B1*=b10 B2=b20 B3=r30 B4=r39 B5=b41\nred: {red}\n"
    a = GAME.from_position(common.format(red="R1*=r10 R2=r20 R3=b30 R4=b39 R5=r41") + "red hand: AMBUSH! RANSOM\n")
    b = GAME.from_position(common.format(red="R1=r10 R2=r20 R3*=b30 R4=b39 R5=r41") + "red hand: CAPTURE! RECRUIT\n")
    assert a.observation(0) == b.observation(0) and a.knight != b.knight and a.hands != b.hands
    for level in ("easy", "medium", "hard"):
        chosen = [str(planner.choose(s, 0, players.BUDGETS[level], timed=False)) for s in (a, b)]
        assert chosen[0] == chosen[1]


def test_the_knight_is_believed_from_what_it_showed():
    opening = ["place B1 b10", "place R1 r10", "place R2 r20", "place R3 r30", "roll", "roll white 5 black 9",
               "B1 b10-b50-r50-r40", "end", "roll", "roll white 6 black 2"]
    view = {"log": opening + ["R1 r10-r11-r40", "end"], "options": {"red_pieces": 3},
            "pieces": [{"id": f"R{i}", "side": "red"} for i in range(1, 11)]}
    # B1 stood on r40 when R1 ended its move there: a capture that only jailed B1, so R1 is likely a Soldier.
    chances = belief.knight_chances(view, 1)
    assert set(chances) == {10, 11, 12} and abs(sum(chances.values()) - 1) < 1e-9
    assert chances[10] < chances[11] == chances[12]
    view["log"] = opening + ["R1 r10-r11-r40 kill", "end"]
    assert belief.knight_chances(view, 1) == {10: 1.0}
    view["log"] = opening + ["R2 r20-r21", "end"]  # no capture: nothing shown
    assert belief.knight_chances(view, 1) == {10: 1 / 3, 11: 1 / 3, 12: 1 / 3}


def test_every_planned_action_is_legal_and_games_finish():
    for level in ("easy", "medium", "hard"):
        seats = [make_player(level, timed=False, seed=1), make_player("rule", timed=False, seed=2)]
        state = GAME.new_game(seed=5)
        while not state.is_over and len(state.history) < 3000:
            seat = state.current_player
            state = state.play_chance() if seat == CHANCE else state.play(seats[seat](state, seat))
        assert state.is_over


def test_a_shot_that_kills_an_enemy_is_fired_and_one_that_kills_our_own_is_not():
    # Red's R1 stands alone on r10: a shot there kills it. Blue's B2 stands next to R2 on r20/r21: a shot at
    # R2 knocks over both, one each side, and then Blue's own piece dies.
    text = ("turn: blue\nphase: move\ndice: 4 3\nshots: 1\nblue: B1*=b10 B2=r21\nred: R1*=r10 R2=r20\n")
    state = GAME.from_position(text)
    aim, gain = planner.best_aim(state, 0, belief.believe(state.observation(0)))
    assert BOARD.ids[aim] == "r10" and gain > 10
    action = planner.choose(state, 0, players.BUDGETS["hard"], timed=False)
    assert str(action).startswith("shoot") and str(action).endswith("at r10")


def test_the_evaluation_counts_a_captured_crown_above_a_raider_near_one():
    belief_blue = belief.Belief(0, {10: 1.0}, {})
    base = "turn: red\nphase: start\nblue: B1*=b10 B2={b2}\nred: R1*=r10\n"
    near = GAME.from_position(base.format(b2="r4"))
    crowned = GAME.from_position(base.format(b2="b20") + "blue crowns: b2 b5 b8\nred crowns: taken r5 r8\n")
    assert evaluation.value(crowned, 0, belief_blue) > evaluation.value(near, 0, belief_blue) + 50


def test_set_ups_differ_from_game_to_game_at_every_level():
    for level in ("random", "rule", "easy", "hard"):
        layouts = set()
        for game in range(4):
            player = make_player(level, timed=False, seed=game)
            state = GAME.new_game(seed=game)
            while state.phase == "place" and state.side == 0:
                state = state.play(player(state, 0))
            layouts.add(tuple(sorted(state.loc[:7])))
        assert len(layouts) == 4, level


def test_a_planned_set_up_is_legal_and_holds_one_knight():
    for secret in range(30):
        plan = setup.plan_setup(1, 7, False, secret)
        assert len(plan) == 7 and sum(k for _, k in plan) == 1 and len({s for s, _ in plan}) == 7
    assert setup.plan_setup(0, 7, False, 5) == setup.plan_setup(0, 7, False, 5) != setup.plan_setup(0, 7, False, 6)


def test_the_board_facts_the_planner_reads():
    from capture_lib.games.medieval_capture.players import geometry

    table = geometry.distances(False)
    b50, r50, r2 = BOARD.index("b50"), BOARD.index("r50"), BOARD.index("r2")
    assert table[b50][r50] == 1 and table[b50][b50] == 0
    assert all(table[a][b] == table[b][a] for a in range(0, 105, 7) for b in range(0, 105, 5))
    # Blue's raider on a Red Crown is seven spaces from leaving Red's territory; at home it is out already.
    assert geometry.exit_costs(0, False)[r2] == 7 and geometry.exit_costs(0, False)[b50] == 0
    assert geometry.at_least(geometry.WHITE, 7, 12) == 0
    assert geometry.at_least(geometry.BLACK, 12, 12) == pytest.approx(1 / 12)
    assert geometry.at_least(geometry.HIGHER, 6, 12) == pytest.approx(1 - (5 / 6) * (5 / 12))
    # A boulder aimed at a rock in the shooter's enemy territory mostly knocks over what stands there, even far off.
    assert geometry.boulder_danger(0, "skilled")[r2] > 0.7 and geometry.boulder_danger(0, "skilled")[b50] == 0
