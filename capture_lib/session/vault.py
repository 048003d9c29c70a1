"""Games kept on the machine that runs the boards, so that a save offered to a player hides nothing.

A save of a game in progress holds every hidden card (it replays every deal). A board that offered it
to a player would give away the other side's hand, so while a game with secrets goes on the board
keeps the save here, in a folder only this machine's user can read (``folder``: ``CAPTURE_SAVES``, else
``saves`` in the platform's folder for an application's data, ``$XDG_DATA_HOME/capture`` or
``~/.local/share/capture`` on Linux), under a random name, and offers the player a *claim*: a small
file that names the kept game and holds nothing else. Loading the claim on a board of the same
machine (JupyterLab, or the classroom server) brings the game back. A claim is no use anywhere else,
which is the point: it is a ticket, not the game.

A kept game remembers the kind of board it was kept by (its seat, mode and teaching), and only a board of
that kind redeems its claim: a game saved on Blue's board against the computer never opens on Red's, on
a hot-seat board or on a teaching board, where it would show the other side's secrets.

The folder stays small: a board forgets its kept game when the game ends (``forget``), and beyond
``MAX_KEPT`` games the oldest are removed. Every file is written whole or not at all (``write_whole``): a
crash or a full disk in the middle of a write leaves the file as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import re
import secrets
import sys
from typing import Any

from capture_lib.core.files import write_whole

CLAIM_FORMAT = "capture-board-claim"
CLAIM_VERSION = 2
#: A kept game's name: 32 characters of ``secrets.token_urlsafe``, never anything a path could hide in.
TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
#: The most games kept at once; past it the oldest go (a class server's boards keep one game each, and a
#: save offered to a player keeps one more). A claim on a game removed says so when it is loaded.
MAX_KEPT = 500
#: The application's name in the platform's folders.
APP = "capture"


def data_folder(env: dict[str, str] | None = None, platform: str | None = None) -> pathlib.Path:
    """The platform's folder for this application's data: platformdirs' ``user_data_path`` where it is
    installed (it comes with the book's extra), else the same rules written out: ``$XDG_DATA_HOME/capture``
    (``~/.local/share/capture`` when that is unset or not absolute) on Linux and the other Unixes,
    ``~/Library/Application Support/capture`` on macOS, ``%LOCALAPPDATA%\\capture`` on Windows.

    ``env`` and ``platform`` stand for ``os.environ`` and ``sys.platform`` (tests pass others; then the
    rules written out are used, platformdirs reading only the real ones).
    """
    if env is None and platform is None:
        try:
            import platformdirs
        except ImportError:
            pass
        else:
            return pathlib.Path(platformdirs.user_data_path(APP, appauthor=False))
    env = dict(os.environ) if env is None else env
    platform = sys.platform if platform is None else platform
    home = pathlib.Path(env.get("HOME") or pathlib.Path.home())
    if platform == "win32":
        base = env.get("LOCALAPPDATA") or str(home / "AppData" / "Local")
        return pathlib.Path(base) / APP
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP
    xdg = env.get("XDG_DATA_HOME", "")
    # The XDG rules: a relative path is invalid and is to be ignored.
    base = pathlib.Path(xdg) if xdg and pathlib.Path(xdg).is_absolute() else home / ".local" / "share"
    return base / APP


def folder() -> pathlib.Path:
    """The folder of kept games (``CAPTURE_SAVES``, else ``saves`` in ``data_folder()``), made on first use,
    readable by this machine's user only."""
    where = pathlib.Path(os.environ.get("CAPTURE_SAVES") or data_folder() / "saves")
    where.mkdir(parents=True, exist_ok=True, mode=0o700)
    return where


def _kept_files(where: pathlib.Path) -> list[pathlib.Path]:
    return [path for path in where.glob("*.json") if TOKEN.fullmatch(path.stem)]


def prune(limit: int | None = None) -> list[str]:
    """Remove the oldest kept games beyond ``limit`` (default ``MAX_KEPT``; by the time each was last kept);
    return their names."""
    limit = MAX_KEPT if limit is None else limit
    where = folder()
    dated = []
    for path in _kept_files(where):
        with contextlib.suppress(OSError):  # removed meanwhile by another board
            dated.append((path.stat().st_mtime, path.name, path))
    dated.sort()
    removed = []
    for _when, _name, path in dated[:max(0, len(dated) - limit)]:
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path.stem)
    return removed


def keep(text: str, token: str | None = None, board: dict[str, Any] | None = None) -> str:
    """Keep a save's ``text``, with the kind of ``board`` that keeps it, under a fresh random name, or in
    place of the game kept as ``token`` (a board's own automatic save); return the name (the claim's token)."""
    fresh = token is None
    if token is None:
        token = secrets.token_urlsafe(24)
    elif not TOKEN.fullmatch(token):
        raise ValueError("a kept game's name is 32 letters, digits, '-' or '_'")
    write_whole(folder() / f"{token}.json", json.dumps({"board": board or {}, "save": text}), mode=0o600)
    if fresh:
        prune()
    return token


def forget(token: str | None) -> None:
    """Remove the game kept as ``token`` (its game has ended, or its board is done with it); nothing happens
    where it is not kept, or for no token. A name that is no kept game's name is refused (``ValueError``)."""
    if token is None:
        return
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        raise ValueError("a kept game's name is 32 letters, digits, '-' or '_'")
    (folder() / f"{token}.json").unlink(missing_ok=True)


def claim(game: str, token: str, actions: int, board: dict[str, Any] | None = None, kept: bool = False) -> str:
    """The text of a claim on the game kept as ``token``: its game, its length, the kind of board it belongs
    to, and nothing hidden; ``kept`` marks a board's own automatic keeping (which goes on under the same name
    once resumed), not a save the player asked for."""
    data = {"format": CLAIM_FORMAT, "version": CLAIM_VERSION, "game": game, "token": token, "actions": actions,
            "board": board or {},
            "note": "A game kept on the computer that runs the board: load this file on that board."}
    if kept:
        data["kept"] = True
    return json.dumps(data, indent=1, sort_keys=True)


def kept_token(text: Any) -> str | None:
    """The name of the game a claim ``text`` names, where it is a board's own automatic keeping (``claim``'s
    ``kept``); None for anything else (a save's claim, a record, a malformed text)."""
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("format") != CLAIM_FORMAT or data.get("kept") is not True:
        return None
    token = data.get("token")
    return token if isinstance(token, str) and TOKEN.fullmatch(token) else None


def _board_words(board: dict[str, Any]) -> str:
    if board.get("teaching"):
        return "a teaching board"
    if board.get("mode") == "hotseat":
        return "a board shared by the players"
    seat = board.get("seat")
    return f"the board of seat {seat + 1} against the computer" if isinstance(seat, int) else "another board"


def redeem(game: str, text: str, board: dict[str, Any] | None = None) -> str:
    """The save that a claim names, or ``text`` itself when it is not a claim.

    Raises ``ValueError`` for a claim of another game or another kind of board than ``board``, a malformed
    claim, or one whose game is not kept here (made on another computer, or removed).
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return text
    if not isinstance(data, dict) or data.get("format") != CLAIM_FORMAT:
        return text
    if data.get("version") != CLAIM_VERSION:
        raise ValueError(f"that claim's version {data.get('version')!r} is not supported (only {CLAIM_VERSION})")
    if data.get("game") != game:
        raise ValueError(f"that file claims a game of {data.get('game')!r}, not {game!r}")
    token = data.get("token")
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        raise ValueError("that claim does not name a kept game")
    try:
        kept = json.loads((folder() / f"{token}.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError("that claim's game is not kept on this computer (it was saved on another one, "
                         "or has been removed)") from None
    except ValueError:
        raise ValueError("that claim's kept game is damaged on this computer") from None
    if not isinstance(kept, dict) or not isinstance(kept.get("save"), str):
        raise ValueError("that claim's kept game is damaged on this computer")
    # The kept game's own record of its board counts, not the claim's (a claim is a file anyone may edit).
    if board is not None and kept.get("board", {}) != board:
        raise ValueError(f"that game was saved on {_board_words(kept.get('board', {}))}, not on a board like "
                         "this one: open it there, where it shows only what its player may see")
    return kept["save"]
