"""Saved games as files: a JSON save or a plain text record, written and read by name.

Either file holds every hidden card and the seed: it is for the owner of the game (the terminal's
``save FILE``, ``capture play --load FILE``), never for a seat. A file is written whole or not at all
(``write_whole``), so a crash or a full disk in the middle of a save never loses the file saved before.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import secrets
from collections.abc import Callable

from capture_lib.core import record, saves
from capture_lib.core.protocol import Game, State


def write_whole(path: str | pathlib.Path, text: str, mode: int = 0o666) -> None:
    """Write ``text`` to ``path`` whole or not at all: into a new file beside it, flushed to the disk, then
    renamed over ``path`` (a rename within a folder is atomic). A failure on the way (a full disk, a crash)
    leaves ``path`` as it was and removes the new file. ``mode`` is the new file's permissions (less the
    process's umask)."""
    path = pathlib.Path(path)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


def save_file(state: State, path: str | pathlib.Path) -> str:
    """Write ``state``'s whole game to ``path``: a JSON save if the name ends in ``.json``, else a record.

    Returns the kind written (``record`` or ``save``).
    """
    path = pathlib.Path(path)
    kind = "save" if path.suffix.lower() == ".json" else "record"
    write_whole(path, saves.dump(state) if kind == "save" else record.write(state))
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
