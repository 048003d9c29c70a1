"""Saved games as files: a JSON save or a plain text record, written and read by name.

Either file holds every hidden card and the seed: it is for the owner of the game (the terminal's
``save FILE``, ``capture play --load FILE``), never for a seat.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable

from capture_lib.core import record, saves
from capture_lib.core.protocol import Game, State


def save_file(state: State, path: str | pathlib.Path) -> str:
    """Write ``state``'s whole game to ``path``: a JSON save if the name ends in ``.json``, else a record.

    Returns the kind written (``record`` or ``save``).
    """
    path = pathlib.Path(path)
    kind = "save" if path.suffix.lower() == ".json" else "record"
    path.write_text(saves.dump(state) if kind == "save" else record.write(state), encoding="utf-8")
    return kind


def load_file(path: str | pathlib.Path, find: Callable[[str], Game], slug: str | None = None) -> State:
    """The game saved in ``path`` (a record or a JSON save), its game found by name with ``find`` (the
    registry's ``load_game``); ``slug``, if given, must be its game.

    ``ValueError`` naming the problem for a file that cannot be read or is not a saved game.
    """
    try:
        text = pathlib.Path(path).read_text(encoding="utf-8-sig")  # -sig: a byte-order mark is dropped
    except (OSError, UnicodeDecodeError) as err:
        raise ValueError(f"cannot read {path}: {err}") from None
    return record.load(text, find(slug) if slug else None, find=find)
