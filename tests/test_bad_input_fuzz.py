"""Fuzz tests: malformed input of every kind gets a ValueError in the game's own terms, never a crash.

For every registered game, hypothesis mutates real material (legal notation, a JSON save and a game record of a
short seeded game, the position texts its lessons and course start from) and makes up options and seeds.
Whatever comes out, reading it must either work, and then the state it gives must be usable (legal actions, every
seat's view, a save and a record that read back), or raise ``ValueError`` with a message of our
own: one that reads like Python's internals (``invalid literal for int()``, ``Exceeds the limit``,
``NoneType``...) fails the test as surely as a ``TypeError`` or a ``RecursionError`` does.

The number of examples is ``tests/budgets.py``'s ``FUZZ_EXAMPLES``: in CI the same examples every run, no
deadline; ``CAPTURE_FUZZ_EXAMPLES=N`` in the environment runs N fresh random examples a test instead.
"""

from __future__ import annotations

import functools
import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capture_lib import CHANCE, load_game
from capture_lib.core import record, saves
from capture_lib.core.protocol import State
from capture_lib.session.course import course, exercises
from tests.budgets import FUZZ_EXAMPLES
from tests.registry import games, has_part

#: The other settings are the run's hypothesis profile's (``tests/budgets.py``).
FUZZ = settings(max_examples=FUZZ_EXAMPLES)

#: Phrases of Python's own error messages: a player should never see one.
PYTHON_SAYS = ("invalid literal", "Exceeds the limit", "has no attribute", "not subscriptable", "unpack",
               "index out of range", "NoneType", "is not in list", "not in tuple", "tuple.index",
               "substring not found", "unhashable", "positional argument", "keyword argument",
               "could not convert", "maximum recursion", "int_max_str_digits")

#: Characters that broke parsers before (a superscript two is a digit to ``str.isdigit`` but not to
#: ``int``), the notations' own marks, letters of every game, and a few odd ones.
ALPHABET = ("0123456789 -x*>/:#+!^<v.@=,[]{}\"'\\\n\tabcdefghBRNSEWKQJTXLCIAMFbrnsewkq"
            "\u00b2\u0663\u00df\ufb00\x00\u202e\u2660\u2665\u2666\u2663")
SNIPPETS = st.text(alphabet=ALPHABET, min_size=1, max_size=3) | st.sampled_from(["9" * 5000, "-1", "1e9", "null"])


def position_texts(slug: str) -> list[str]:
    """The position texts the game's own lessons and course start from (none for a game without them, or
    without a position text)."""
    starts = [step.start for lesson in (exercises(slug) if has_part(slug, "lessons") else ()) for step in lesson.steps]
    starts += [level.start for level in (course(slug).levels if has_part(slug, "course") else ())]
    return sorted({state.start for state in starts if state.start})


@functools.cache
def material(slug: str) -> dict[str, Any]:
    """A short seeded random game of ``slug``: its states, their notation and positions, a save, a record."""
    game = load_game(slug)
    rng = random.Random(slug)
    state = game.new_game(seed=11)
    states = [state]
    for _ in range(60):
        if state.is_over:
            break
        if state.current_player == CHANCE:
            state = state.play_chance()
        else:
            state = state.play(rng.choice(state.legal_actions()))
        states.append(state)
    notation = sorted({str(a) for s in states for a in s.legal_actions()[:15]})
    positions = position_texts(slug)
    return {"game": game, "states": states[::4], "notation": notation, "positions": positions,
            "save": saves.dump(states[-1]), "record": record.write(states[-1])}


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> str:
    """One of ``texts`` with a few characters inserted, deleted, replaced or repeated."""
    text = draw(st.sampled_from(texts))
    for at, how, snippet in draw(st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(
            ["insert", "delete", "replace", "repeat"]), SNIPPETS), min_size=1, max_size=4)):
        i = at % (len(text) + 1)
        if how == "insert":
            text = text[:i] + snippet + text[i:]
        elif how == "delete":
            text = text[:i] + text[i + len(snippet):]
        elif how == "replace":
            text = text[:i] + snippet + text[i + 1:]
        else:
            text = text[:i] + text[i:i + 8] * 3 + text[i:]
    return text


#: Numbers that are not what a parser expects: digits of other scripts, a superscript, 5,000 digits...
ODD_NUMBERS = ("\u00b2", "4\u00b2", "\u0663", "\u0661\u0662", "9" * 5000, "0", "00", "-1", "+1", "1.5", "99",
               "1e3", "1_000", " 1")


@st.composite
def renumbered(draw: st.DrawFn, texts: list[str]) -> str:
    """One of ``texts`` with one of its numbers swapped for an odd one: where parsers used to break."""
    text = draw(st.sampled_from(texts))
    runs = [m.span() for m in re.finditer(r"[0-9]+", text)]
    if not runs:
        return text + draw(st.sampled_from(ODD_NUMBERS))
    start, end = draw(st.sampled_from(runs))
    return text[:start] + draw(st.sampled_from(ODD_NUMBERS)) + text[end:]


def any_text(texts: list[str]) -> st.SearchStrategy[str]:
    """Mutations of real texts (an odd number in place of one, a few characters changed), and
    sometimes text made up from nothing."""
    return renumbered(texts) | mutated(texts) | st.text(alphabet=ALPHABET, max_size=40)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=ALPHABET, max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


def refused_well(err: ValueError) -> None:
    """A refusal must speak the game's language, not Python's."""
    message = str(err)
    assert message, "an empty error message"
    assert not any(phrase in message for phrase in PYTHON_SAYS), f"Python's own message: {message[:300]}"


def usable(state: State) -> None:
    """A state that was accepted works: legal actions, every seat's view, a save and a record read back."""
    game = state.game
    state.legal_actions()
    for seat in range(state.num_players):
        state.observation(seat)
    assert saves.load(game, saves.dump(state)) == state
    assert record.read(game, record.write(state)) == state


def attempt(read, *args: Any, **kwargs: Any) -> None:
    """Call ``read``: a state it gives must be usable; a ``ValueError`` must be well worded; anything
    else propagates and fails the test."""
    try:
        state = read(*args, **kwargs)
    except ValueError as err:
        refused_well(err)
        return
    if isinstance(state, State):
        usable(state)


# ----- notation ---------------------------------------------------------------------------------------------


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
@FUZZ
@given(data=st.data())
def test_any_notation_is_played_or_refused_in_words(slug, data):
    stuff = material(slug)
    state = data.draw(st.sampled_from(stuff["states"]))
    text = data.draw(any_text(stuff["notation"]))
    attempt(state.play, text)


# ----- position texts ---------------------------------------------------------------------------------------


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
@FUZZ
@given(data=st.data())
def test_any_position_text_is_read_or_refused_in_words(slug, data):
    stuff = material(slug)
    texts = stuff["positions"] or ["round 1\nBlue: 2S 3S"]  # a game without position texts: made-up ones
    attempt(stuff["game"].from_position, data.draw(any_text(texts)))


# ----- options and seeds ------------------------------------------------------------------------------------


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
@FUZZ
@given(data=st.data())
def test_any_options_and_seed_are_taken_or_refused_in_words(slug, data):
    stuff = material(slug)
    game = stuff["game"]
    names = st.sampled_from([o.name for o in game.options] + ["seed", "self", "text", "start"]) | st.text(max_size=8)
    choices = st.sampled_from([c for o in game.options for c in o.choices])
    options = data.draw(st.dictionaries(names, choices | JSON_VALUES, max_size=3))
    seed = data.draw(st.integers(0, 2**64 - 1) | st.integers() | st.sampled_from([10**5000, -1, 2**64])
                     | JSON_VALUES)
    attempt(game.resolve_options, options)  # what a file's options go through: "seed" is no option either
    # ``seed`` is the one parameter name an option cannot have (Python itself refuses the call).
    options.pop("seed", None)
    attempt(game.new_game, seed, **options)
    if stuff["positions"]:
        attempt(game.from_position, data.draw(st.sampled_from(stuff["positions"])), seed, **options)


# ----- saves ------------------------------------------------------------------------------------------------


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
@FUZZ
@given(data=st.data())
def test_any_save_is_loaded_or_refused_in_words(slug, data):
    stuff = material(slug)
    game = stuff["game"]
    if data.draw(st.booleans()):
        attempt(functools.partial(saves.load, game), data.draw(renumbered([stuff["save"]]) | mutated([stuff["save"]])))
        return
    save = json.loads(stuff["save"])
    where = data.draw(st.sampled_from(["top", "option", "history"]))
    value = data.draw(JSON_VALUES)
    if where == "top":
        save[data.draw(st.sampled_from(sorted(save)) | st.text(max_size=6))] = value
    elif where == "option":
        key = data.draw(st.sampled_from(sorted(save["options"]) + ["seed", "self", "text"]) | st.text(max_size=6))
        save["options"][key] = value
    elif save["history"]:
        save["history"][data.draw(st.integers(0, len(save["history"]) - 1))] = value
    attempt(functools.partial(saves.load, game), json.dumps(save))


# ----- records ----------------------------------------------------------------------------------------------


HEADER_LINES = st.sampled_from([
    '[Option "aces" 1]', '[Option "players" 5]', '[Option "nope" true]', "[Seed -1]", "[Seed 1.5]",
    '[Seed "7"]', "[Record 2]", "[Moves 0]", '[Result "draw"]', '[SeedPolicy "secret"]', "[Foo 1]",
    '[Start "turn: North"]', "[Game 1]", "[Title]", "[", "]", "1. ", "0. end", "{Blue}", "[Seed " + "9" * 5000 + "]",
])


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
@FUZZ
@given(data=st.data())
def test_any_record_is_loaded_or_refused_in_words(slug, data):
    stuff = material(slug)
    game = stuff["game"]
    if data.draw(st.booleans()):
        changed = data.draw(renumbered([stuff["record"]]) | mutated([stuff["record"]]))
        attempt(functools.partial(record.read, game), changed)
        return
    lines = stuff["record"].splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.sampled_from(["delete", "duplicate", "replace", "insert"]))
    if how == "delete":
        del lines[i]
    elif how == "duplicate":
        lines.insert(i, lines[i])
    else:
        line = data.draw(HEADER_LINES | st.text(alphabet=ALPHABET, max_size=20))
        lines[i:i + (how == "replace")] = [line]
    attempt(lambda text: record.load(text, game), "\n".join(lines))
