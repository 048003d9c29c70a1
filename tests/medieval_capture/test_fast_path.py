"""The fast paths of the Medieval Capture engine against the plain ones they replace.

The move search reads precomputed trail trees, works out Crown endings directly, and remembers each
piece's moves for the game; chance outcomes come from shared tables; a move object listed for the
position is not checked again. Over seeded random games with several option sets, every position's
legal actions must equal the plain step-by-step search's (same notation, same order), the chance
outcomes the plain formulas', and an action played as listed must give the same position as the
same action read from its notation (which is checked in full).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from capture_lib import CHANCE, IllegalAction
from capture_lib.games.medieval_capture.rules.actions import Dice, Draw, Land, Move
from capture_lib.games.medieval_capture.rules.catapult import cached_landing
from capture_lib.games.medieval_capture.rules.state import TREE_LIMIT
from capture_lib.games.medieval_capture.rules.treasure import CODES

from .helpers import GAME, refuse

#: Option sets that reach every branch of the fast search: free rivers and forced stops (quiet keys),
#: a 20-sided black die (longer than the trees: the plain search) with four players, Crowns that go
#: home, killed pieces that come back, a game to one Crown.
OPTION_SETS = (
    {},
    {"river_distance": "free", "forced_stops": "both", "killed_return": "both", "crown_returns": True},
    {"black_die": 20, "players": 4, "catapult_rolls": "3-4-5-6", "blue_pieces": 10},
    {"forced_stops": "treasure-spaces", "knight_spaces": "no-effect", "black_die": 8, "crowns_to_win": 1,
     "treasure_deck": "extended"},
)
#: Positions checked per option set: one random game's worth and more.
POSITIONS = 700


def plain_chance(state) -> list[tuple[str, Fraction]]:
    """The pending chance event's outcomes as the rules state them, made afresh."""
    if state.phase == "roll":
        sides = state.cfg.black_sides
        return [(str(Dice(w, b)), Fraction(1, 6 * sides)) for w in range(1, 7) for b in range(1, sides + 1)]
    if state.phase == "land":
        return [(str(Land(s)), p) for s, p in cached_landing(state.side, state.spot, state.aim, state.cfg.spread)]
    total = sum(state.deck)
    return [(str(Draw(code)), Fraction(n, total)) for code, n in zip(CODES, state.deck, strict=True) if n]


def random_positions(options: dict, seed: int, count: int):
    """``count`` positions of seeded random games (new games as needed) with ``options``."""
    rng = random.Random(seed)
    state = GAME.new_game(seed=rng.randrange(2**32), **options)
    for _ in range(count):
        if state.is_over:
            state = GAME.new_game(seed=rng.randrange(2**32), **options)
        yield state, rng
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.play(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
        else:
            state = state.play(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_fast_search_matches_plain(index: int) -> None:
    options = OPTION_SETS[index]
    checked = long_moves = 0
    for state, rng in random_positions(options, seed=index, count=POSITIONS):
        if state.current_player == CHANCE:
            assert [(str(a), p) for a, p in state.chance_outcomes()] == plain_chance(state)
            continue
        fast = [str(a) for a in state.legal_actions()]
        plain = [str(a) for a in state._find_legal(plain=True)]
        assert fast == plain, f"{options} turn {state.turn}: {sorted(set(fast) ^ set(plain))}"
        assert sorted(fast) == sorted(plain) and len(set(fast)) == len(fast)
        checked += 1
        long_moves += state.phase == "move" and any(
            state.die_for(p)[0] > TREE_LIMIT for p in state.pieces_of(state.side) if state.loc[p] >= 0)
        # A listed action (trusted) and the same action read from its notation (checked in full).
        for action in rng.sample(state.legal_actions(), min(3, len(state.legal_actions()))):
            trusted = state.play(action)
            checked_copy = state.play(state.parse_action(str(action)))
            assert trusted._key() == checked_copy._key() and trusted.log == checked_copy.log
    assert checked > POSITIONS // 2
    if options.get("black_die") == 20:
        assert long_moves  # the plain search for moves longer than the trees was reached


def test_listed_moves_are_shared_but_checked_elsewhere() -> None:
    """A move object listed by one position is refused by another where it is illegal, and the
    refused position is unchanged (the refusal names the rule)."""
    for state, _ in random_positions({}, seed=7, count=400):
        if state.phase != "move" or not state.legal_actions():
            continue
        move = next((a for a in state.legal_actions() if isinstance(a, Move)), None)
        if move is None:
            continue
        after = state.play(move)
        if after.phase != "move":
            continue
        again = next((a for a in after.legal_actions() if isinstance(a, Move)), None)
        error = refuse(after, move, match="already moved|moves at most")
        assert error.rule
        if again is not None:
            assert after.play(again).history[-1] is again
        return
    pytest.fail("no position with two moves in a row")  # pragma: no cover - the seed gives one


def test_made_up_moves_are_checked() -> None:
    """A move built by hand (not from ``legal_actions``) gets every check, even with the list remembered."""
    for state, _ in random_positions({}, seed=3, count=400):
        if state.phase != "move" or len(state.moved) >= state.max_moves():
            continue
        state.legal_actions()  # the game remembers the list: a made-up move must still be checked
        piece = next(p for p in state.pieces_of(state.side) if state.loc[p] >= 0 and p not in state.moved)
        start = state.loc[piece]
        refuse(state, Move(piece, (start,)), match="at least one space")
        refuse(state, Move(piece, (start, start)), match="not joined|cross the same space")
        refuse(state, Dice(1, 1), match="chance event")
        return
    pytest.fail("no move position")  # pragma: no cover - the seed gives one


def test_chance_outcomes_are_checked_by_value() -> None:
    """An outcome object that is not one of the shared tables' is still accepted by value, and an
    impossible one refused."""
    for state, _ in random_positions({}, seed=5, count=200):
        if state.phase == "roll":
            sides = state.cfg.black_sides
            assert state.play(Dice(6, sides))._key() == state.play(state.chance_outcomes()[-1][0])._key()
            with pytest.raises(IllegalAction, match="not a possible outcome"):
                state.play(Dice(7, 1))
            return
    pytest.fail("no roll")  # pragma: no cover - the seed gives one
