"""A seeded loop over random complete games (``tests/budgets.py``; capped in length), checking Medieval Capture's
own invariants at every step (pieces, territory, Crowns, hidden Knights, the position text). What every game
owes the protocol (notation, saves, chance, refusals) is the conformance suite's
(``tests/test_conformance.py``).
"""

from __future__ import annotations

import random

from capture_lib import CHANCE
from capture_lib.games.medieval_capture.rules.board import BOARD, ROCK_KINDS
from capture_lib.games.medieval_capture.rules.rulings import OPTIONS
from capture_lib.games.medieval_capture.rules.state import CARRY, TAKEN, TERR
from capture_lib.games.medieval_capture.rules.treasure import deck_for
from tests.budgets import MEDIEVAL_CAPTURE_GAMES as GAMES

from .helpers import GAME

MAX_TURNS = 50


def random_options(rng: random.Random) -> dict:
    """About half the games use the default rules, the others a random mix of variants."""
    if rng.random() < 0.5:
        return {}
    return {o.name: rng.choice(o.choices) for o in OPTIONS if rng.random() < 0.4}


def check_invariants(s, observe: bool) -> None:
    # Ten pieces a side, each on a space a piece may stand on, in reserve, dead or a prisoner.
    for side in (0, 1):
        places = [s.loc[p] for p in s.pieces_of(side)]
        assert len(places) == 10
        for where in places:
            assert where in (-1, -2, -3) or BOARD.kind[where] in ROCK_KINDS or where == BOARD.cathedral
    # At most one piece per space, except the Cathedral.
    spaces = [w for w in s.loc if w >= 0 and w != BOARD.cathedral]
    assert len(spaces) == len(set(spaces))
    # Three Crowns a side: lying in their territory, carried there by an enemy piece, or captured.
    for c, where in enumerate(s.crowns):
        side = c // 3
        if where == TAKEN:
            continue
        if where >= CARRY:
            carrier = where - CARRY
            assert carrier // 10 != side and s.loc[carrier] >= 0 and TERR[s.loc[carrier]] == side
        else:
            assert TERR[where] == side and BOARD.kind[where] in ROCK_KINDS
    carriers = [w for w in s.crowns if w >= CARRY]
    assert len(carriers) == len(set(carriers))  # one Crown per carrier
    # Cards: eighteen (fewer without catapults: the CATAPULT! cards leave) between deck, discard, hands, play.
    total = sum(s.deck) + sum(s.discard) + len(s.hands[0]) + len(s.hands[1]) + (s.card is not None)
    assert total == sum(deck_for(s.options)) and total in (11, 15, 18)
    # The hidden Knight and the hidden hand never reach the opponent.
    for seat in range(s.num_players if observe else 0):
        obs = s.observation(seat)
        viewer = seat % 2
        letter = "BR"[1 - viewer]
        for entry in obs["pieces"]:
            if entry["side"] != obs["viewer_side"]:
                assert "knight" not in entry
        assert obs["hands"][1 - viewer] is None
        for line in obs["log"][-3:]:  # earlier lines were checked at earlier steps
            if line.startswith(f"place {letter}"):
                assert "knight" not in line
        opponent = [e for e in obs["pieces"] if e["side"] != obs["viewer_side"]]
        assert len(opponent) == 10
    if s.is_over:
        w = s.winners[0] % 2
        assert s.crowns_captured(w) >= s.options["crowns_to_win"] or not s.can_continue(1 - w)


def play_game(seed: int) -> tuple:
    rng = random.Random(seed)
    options = random_options(rng)
    s = GAME.new_game(seed=seed, **options)
    sample_at = rng.randrange(40, 400)
    captured = [0, 0]
    step = 0
    while not s.is_over and s.turn <= MAX_TURNS:
        if s.current_player == CHANCE:
            s = s.play_chance(rng)
        else:
            s = s.play(rng.choice(s.legal_actions()))
        step += 1
        # Observations are checked after every hidden event (placement, look, draw) and often otherwise.
        last = str(s.history[-1])
        check_invariants(s, observe=step % 5 == 0 or last.startswith(("place", "look", "draw")))
        now = [s.crowns_captured(0), s.crowns_captured(1)]
        assert now[0] >= captured[0] and now[1] >= captured[1]
        captured = now
        if step == sample_at:
            again = GAME.from_position(GAME.position_text(s), **options)
            assert again._key() == s._key()
    return s.is_over, step


def test_random_complete_games_keep_every_invariant():
    finished = 0
    for seed in range(GAMES):
        over, _ = play_game(seed)
        finished += over
    assert finished > 0


def test_some_random_games_play_on_to_their_natural_end():
    # Uncapped (bar a safety limit): random play ends by Crowns or by an army that cannot come back.
    for seed in range(1000, 1008):
        rng = random.Random(seed)
        s = GAME.new_game(seed=seed)
        while not s.is_over and s.turn < 2000:
            s = s.play_chance(rng) if s.current_player == CHANCE else s.play(rng.choice(s.legal_actions()))
        assert s.is_over
        check_invariants(s, observe=True)
