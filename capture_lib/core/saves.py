"""Saving and loading games as JSON: the game, its seed, every option, its start and every action.

A save is loaded by replaying its actions through the rules, so a tampered save that breaks a rule
is caught with the action and the rule named, never accepted and never a crash deep inside.

Version 2 (written since December 2026) has these fields:

``format``   ``"capture-lib-save"``
``version``  ``2``
``game``     the game's slug
``seed``     the seed (0 to 2**64 - 1): chance still to come is drawn from it
``options``  every option of the game, defaults included, so a save never depends on today's defaults
``start``    the position text it started from, or ``null`` for a new game
``history``  every action's notation, chance outcomes (a deal, a die) included
``reached``  ``{"to_act": seat, "winners": [...]}`` after the last action (``to_act`` is ``-1`` while
             chance is pending, ``null`` once the game is over): loading checks that the replay gets
             there, so a save made under other rules that happen to allow its actions is still caught

A save cut short (its JSON stops before its end) is refused as truncated. A save made under other
rules says so instead of being replayed under today's: an option this engine
does not know, an option of the game that the save does not set, a version other than 1 or 2, or a
replay that does not reach the position the save says. Version 1 saves (the same fields without
``reached``) are still read: they too listed every option, so they get every check but the last one.

A save is the whole game, hidden cards and seed included: it is for the owner of the game (the person
who runs it), never for a seat.
"""

from __future__ import annotations

import json
import re
from typing import Any

from capture_lib.core.errors import IllegalAction
from capture_lib.core.options import shown
from capture_lib.core.protocol import Game, State
from capture_lib.core.seeds import check_seed

FORMAT = "capture-lib-save"
VERSION = 2
#: Every version this engine reads; see the module docstring for what each holds.
READABLE = (1, 2)

_JSON_TYPES = ((bool, "true or false"), (int, "a number"), (float, "a number"), (str, "text"),
               (list, "a list"), (dict, "an object"), (type(None), "null"))


def json_type(value: Any) -> str:
    """The JSON name of a value's type, for messages about a file (``null``, ``a list``, ...)."""
    for kind, name in _JSON_TYPES:
        if isinstance(value, kind):
            return name
    return type(value).__name__


def reached(state: State) -> dict[str, Any]:
    """Where ``state`` stands, as a save records it: the seat to act and the winners."""
    return {"to_act": state.current_player, "winners": list(state.winners)}


def dump(state: State) -> str:
    """The JSON text of a saved game (version 2)."""
    return json.dumps({
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.slug,
        "seed": state.seed,
        "options": dict(state.options),
        "start": state.start,
        "history": [str(a) for a in state.history],
        "reached": reached(state),
    }, sort_keys=True)


def parse_json(text: Any, what: str) -> Any:
    """JSON ``text`` (a str or UTF-8 bytes) read into Python values; ``ValueError`` naming ``what`` it
    should have been for anything that is not JSON, however it fails (too deep, a number too long)."""
    if not isinstance(text, (str, bytes)):
        raise ValueError(f"{what} is JSON text, not {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        if truncated_json(err):
            raise ValueError(f"{what} is truncated: its JSON stops before its end (the file was cut short; "
                             "an earlier copy of it may be whole)") from None
        raise ValueError(f"{what} is not valid JSON: {err}") from None
    except UnicodeDecodeError as err:
        raise ValueError(f"{what} is not valid JSON: {err}") from None
    except RecursionError:
        raise ValueError(f"{what} is not a save: its JSON is nested too deeply to read") from None
    except ValueError:
        # Python refuses to read a whole number of over 4,300 digits: no save holds one.
        raise ValueError(f"{what} holds a number too long to be part of a game") from None


#: What may be left of a JSON value cut short: part of a word (``tru``) or of a number (``-``, ``1.``, ``2e``).
_CUT_VALUE = re.compile(r"t(r(ue?)?)?|f(a(l(se?)?)?)?|n(u(ll?)?)?|-?[0-9]*\.?[0-9]*([eE][-+]?[0-9]*)?")


def truncated_json(err: json.JSONDecodeError) -> bool:
    """Whether JSON failed to read because its text stops early (a file cut short) rather than a mistake
    inside it: the reader ran out of text, or what is left could only be the start of a value, or a string
    (which may hold anything) never ends."""
    if err.msg.startswith("Unterminated string"):
        return True
    return _CUT_VALUE.fullmatch(err.doc[err.pos:].strip()) is not None


def _field(data: dict[str, Any], name: str, kinds: tuple[type, ...]) -> Any:
    if name not in data:
        raise ValueError(f"saved game has no {name!r} field")
    value = data[name]
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ValueError(f"saved game's {name!r} field has the wrong type ({json_type(value)})")
    return value


def check_seed_in(seed: int, what: str) -> None:
    """``check_seed`` for a seed read from a file, the message naming where it was (``what``)."""
    try:
        check_seed(seed)
    except ValueError as err:
        raise ValueError(f"{what}: {err}") from None


def check_rules(game: Game, options: dict[str, Any], what: str) -> dict[str, Any]:
    """``options`` checked as a file's full record of the rules: every option of ``game`` set, none other.

    ``what`` names the file in the messages (``saved game``, ``record``). A key the engine does not know
    or a missing one means the file was made under other rules, and the message says so rather than
    replay it under today's defaults; a bad value names the option's choices.
    """
    known = {o.name for o in game.options}
    unknown = sorted((key for key in options if key not in known), key=str)
    if unknown:
        raise ValueError(f"{what} was made under other rules: unknown option {shown(unknown[0])} for "
                         f"{game.title} (its options: {', '.join(sorted(known)) or 'none'})")
    for option in game.options:
        if option.name in options:
            option.check(options[option.name])  # a bad value names the choices before anything is missed
    missing = [o for o in game.options if o.name not in options]
    if missing:
        listed = ", ".join(f"{o.name} (today's default {o.default!r})" for o in missing)
        raise ValueError(f"{what} was made under other rules: it does not say how to set {listed}; "
                         "add them to replay it under chosen values")
    return game.resolve_options(options)


def start_state(game: Game, seed: int, options: dict[str, Any], start: str | None) -> State:
    """The state a save or a record replays from: a new game, or its start position read back."""
    if start is None:
        return game.new_game(seed, **options)
    # Positional text and seed: only checked options go by name, so none can clash with a parameter.
    return game.from_position(start, seed, **options)


def replay(state: State, history: list[Any], what: str) -> State:
    """``state`` after every action of ``history`` (notation), naming the first one that is not legal."""
    for number, notation in enumerate(history, 1):
        if not isinstance(notation, str):
            raise ValueError(f"{what}'s action {number} is not notation text ({json_type(notation)})")
        try:
            state = state.play(notation)
        except IllegalAction as err:
            raise ValueError(f"{what}'s action {number} ({shown(notation)}) is illegal: {err}") from None
    return state


def load(game: Game, text: str | bytes) -> State:
    """Rebuild a state from ``dump``'s text, checking every field and replaying every action."""
    data = parse_json(text, "a saved game")
    if not isinstance(data, dict):
        raise ValueError("saved game must be a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(f"not a saved game (format should be {FORMAT!r})")
    version = _field(data, "version", (int,))
    if version not in READABLE:
        raise ValueError(f"saved game version {shown(version)} is not supported (this engine reads versions "
                         f"{' and '.join(map(str, READABLE))}): it was made by another engine")
    slug = _field(data, "game", (str,))
    if slug != game.slug:
        raise ValueError(f"saved game is for {shown(slug)}, not {game.slug!r}")
    seed = _field(data, "seed", (int,))
    check_seed_in(seed, "saved game's seed")
    options = check_rules(game, _field(data, "options", (dict,)), "this saved game")
    start = data.get("start")
    if start is not None and not isinstance(start, str):
        raise ValueError("saved game's 'start' field must be position text or null")
    history = _field(data, "history", (list,))
    try:
        state = start_state(game, seed, options, start)
    except ValueError as err:
        raise ValueError(f"saved game's start cannot be set up: {err}") from None
    state = replay(state, history, "saved game")
    if version >= 2:
        claimed = _field(data, "reached", (dict,))
        if claimed != reached(state):
            raise ValueError(f"saved game was made under other rules: after its {len(history)} actions the "
                             f"save says {shown(claimed)}, but this engine reaches {reached(state)}")
    return state
