"""The conformance suite: what every game gets for free, in the spirit of OpenSpiel's ``random_sim_test``.

Every game of the registry (the toy game, ``tests/toy_game``, and any other the run registers too: see
``tests/registry.py``) is played in random complete games under each of its option sets (each option's every
choice, one at a time; ``tests/budgets.py`` says how many more under the default rules), and at every step:
chance probabilities are exact and sum to 1; every legal action is playable, reads back from its notation and
plays the same; actions legal elsewhere but not here are refused with the rule named, and nothing changes; each
seat's log has one line per action; a seat's observation does not change when the facts hidden from it are drawn
again (``sample_state``); the scene renders in every medium (JSON round trip, SVG that parses, text) and offers
exactly the legal actions; saves and records round-trip, and the game replays from its seed and actions to the
same state; ``shows_hidden`` never misses a reveal that the twin check (``capture_lib.session.secrecy``) finds.
The per-game property files keep only their game's own invariants.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from fractions import Fraction
from xml.etree import ElementTree

import pytest

from capture_lib import CHANCE, IllegalAction, describe
from capture_lib.core import record, saves
from capture_lib.core.protocol import State
from capture_lib.core.scene import from_json
from capture_lib.render.picture import to_svg
from capture_lib.render.text import scene_text
from capture_lib.session import secrecy
from capture_lib.session.recipes import HISTORY_KEYS
from tests.budgets import CONFORMANCE_DEFAULT_GAMES
from tests.registry import games

#: Actions a player never clicks (a board reports them itself: Timed Mode's thinking time).
REPORTED = ("wait ",)
#: The most actions a random game plays before the test stops it (Command Capture may shuffle for long).
MOST_ACTIONS = 240
#: Options whose other choices only change numbers the tests would wait on (Command Capture's clock).
SLOW_OPTIONS = {"game_seconds", "turn_seconds", "turn_limit"}


def option_sets(slug: str) -> Iterator[dict]:
    """The default options, then each option's every other choice alone."""
    game = describe(slug).game
    yield {}
    for option in game.options:
        if option.name in SLOW_OPTIONS:
            continue
        for choice in option.choices:
            if choice != option.default:
                yield {option.name: choice}


def random_game(slug: str, options: dict, seed: int) -> Iterator[State]:
    """The states of a random complete game (stopped after ``MOST_ACTIONS``)."""
    rng = random.Random(seed)
    game = describe(slug).game
    try:
        state = game.new_game(seed=seed, **options)
    except ValueError:
        return  # an option that needs another to make sense (none is refused silently: new_game said why)
    yield state
    for _ in range(MOST_ACTIONS):
        if state.is_over:
            return
        if state.current_player == CHANCE:
            state = state.play_chance(rng)
        else:
            choices = [a for a in state.legal_actions() if not str(a).startswith(REPORTED)]
            state = state.play(rng.choice(choices))
        yield state


def games_for(slug: str) -> Iterator[tuple[dict, list[State]]]:
    sets = list(option_sets(slug))
    # Every option set once, and the default rules as many times more as the budget says.
    for number, options in enumerate(sets + [{}] * CONFORMANCE_DEFAULT_GAMES):
        yield options, list(random_game(slug, options, 1000 + number))


def check_state(state: State, foreign: list, rng: random.Random) -> None:
    if state.is_over:
        assert state.legal_actions() == [] and state.chance_outcomes() == []
        assert isinstance(state.end_reason(), str) and state.end_reason()
        return
    if state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes and all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        return
    legal = state.legal_actions()
    assert legal, "the seat to act always has an action"
    texts = {str(a) for a in legal}
    for action in rng.sample(legal, min(8, len(legal))):
        again = state.to_action(str(action))
        assert again == action and str(again) == str(action)
        assert state.play(again) == state.play(action)
    before = saves.dump(state)
    for action in foreign:
        if str(action) in texts:
            continue
        try:
            played = state.play(str(action))
        except IllegalAction as err:
            assert err.rule, f"{action} refused without naming the rule"
        else:
            # Accepted only as another notation of a listed action: the same result, told another way.
            result = _result(played)
            assert any(_result(state.play(a)) == result for a in legal), \
                f"{action} is not listed as legal, yet it was played"
        assert saves.dump(state) == before, "a refused action changed the state"


def _result(state: State) -> dict:
    """Everything about ``state`` but the log's wording."""
    seen = dict(state.view(None, everything=True))
    seen.pop("log", None)
    return seen


def check_seats(state: State, rng: random.Random) -> None:
    description = describe(state.game.slug)
    scene_module = description.scene
    for seat in range(state.num_players):
        seen = state.observation(seat)
        assert json.loads(json.dumps(seen)) == seen
        assert len(seen["log"]) == len(state.history), "one log line per action"
        legal = state.legal_actions() if state.current_player == seat else []
        scene = scene_module.scene(seen, legal)
        data = json.loads(json.dumps(scene.to_json()))
        assert from_json(data) == scene
        offered = sorted(a.notation for a in scene.actions)
        wanted = sorted(str(a) for a in legal if not str(a).startswith(REPORTED))
        assert offered == wanted, "the scene offers exactly the legal actions"
        ids = {s.id for s in scene.spaces} | {p.id for p in scene.pieces}
        keys = {k.key for k in scene.key}
        assert all(c in ids for a in scene.actions for c in a.clicks), "every click names a space or piece"
        assert all(m.key in keys and m.at in ids for m in scene.marks), "every mark names a key entry and a space"
        if not legal and seat == 0:
            ElementTree.fromstring(to_svg(scene, assets=scene_module.ASSETS))
            assert scene_text(scene)
        if hasattr(state.game, "sample_state") and rng.random() < 0.3:
            other = state.game.sample_state(seen, seat, rng)
            # A sampled state may start from the position itself, with no history behind it (its log).
            same = {k: v for k, v in other.observation(seat).items() if k not in HISTORY_KEYS}
            assert same == {k: v for k, v in seen.items() if k not in HISTORY_KEYS}, \
                "an observation is blind to its hidden facts drawn again"


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_random_games_keep_the_protocol(slug):
    rng = random.Random(slug)
    played = 0
    for options, states in games_for(slug):
        foreign = [a for s in states[::7] for a in s.legal_actions()[:3]]
        for index, state in enumerate(states):
            check_state(state, rng.sample(foreign, min(6, len(foreign))), rng)
            if index % 9 == 0 or state.is_over:
                check_seats(state, rng)
        if states:
            last = states[-1]
            game = last.game
            assert saves.load(game, saves.dump(last)) == last
            assert record.load(record.write(last), game) == last
            assert game.replay(states[0].seed, [str(a) for a in last.history], resolve_chance=False, **options) == last
            played += 1
    assert played


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_shows_hidden_never_misses_a_reveal_the_twins_find(slug):
    rng = random.Random(7)
    twins = secrecy.Twins()
    checked = 0
    for _, states in list(games_for(slug))[:1]:
        for state in states[:-1:5]:
            if state.current_player in (None, CHANCE):
                continue
            for action in rng.sample(state.legal_actions(), min(2, len(state.legal_actions()))):
                if secrecy.reveals(state, action, range(state.num_players), twins, unsure=False):
                    assert state.shows_hidden(action), f"{action} showed something hidden, unnoticed"
                checked += 1
    assert checked
