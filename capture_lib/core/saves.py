"""Saving and loading games as JSON: the game, its options, its start and every action.

A save is loaded by replaying its actions through the rules, so a tampered save that breaks a rule
is caught with the action and the rule named, never accepted and never a crash deep inside.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction

if TYPE_CHECKING:
    from .protocol import Game, State

FORMAT = "capture-lib-save"
VERSION = 1


def dump(state: State) -> str:
    """The JSON text of a saved game."""
    return json.dumps({
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.slug,
        "seed": state.seed,
        "options": dict(state.options),
        "start": state.start,
        "history": [str(a) for a in state.history],
    }, sort_keys=True)


def _field(data: dict[str, Any], name: str, kinds: tuple[type, ...]) -> Any:
    if name not in data:
        raise ValueError(f"saved game has no {name!r} field")
    value = data[name]
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ValueError(f"saved game's {name!r} field has the wrong type ({type(value).__name__})")
    return value


def load(game: Game, text: str) -> State:
    """Rebuild a state from ``dump``'s text, checking every field and replaying every action."""
    if not isinstance(text, (str, bytes)):
        raise ValueError(f"a saved game is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ValueError(f"saved game is not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise ValueError("saved game must be a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(f"not a saved game (format should be {FORMAT!r})")
    if _field(data, "version", (int,)) != VERSION:
        raise ValueError(f"saved game version {data['version']} is not supported (only {VERSION})")
    slug = _field(data, "game", (str,))
    if slug != game.slug:
        raise ValueError(f"saved game is for {slug!r}, not {game.slug!r}")
    seed = _field(data, "seed", (int,))
    options = _field(data, "options", (dict,))
    start = data.get("start")
    if start is not None and not isinstance(start, str):
        raise ValueError("saved game's 'start' field must be position text or null")
    history = _field(data, "history", (list,))
    if start is None:
        state = game.new_game(seed=seed, **options)
    else:
        state = game.from_position(start, seed=seed, **options)
    for number, notation in enumerate(history, 1):
        if not isinstance(notation, str):
            raise ValueError(f"saved game's action {number} is not notation text")
        try:
            state = state.play(notation)
        except IllegalAction as err:
            raise ValueError(f"saved game's action {number} ({notation!r}) is illegal: {err}") from None
    return state
