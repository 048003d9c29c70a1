"""The board's page side, shared by every game: its ES module and stylesheet, put together per game.

``common.js`` is the chrome every board shares (stepping, messages, typed moves, undo, saves, the
curtain, the log), ``lesson.js`` the lesson panel; each game adds its ``board.js`` and ``board.css`` in
its own folder. ``module_source`` and ``style_source`` give the text that anywidget mounts in
JupyterLab and that the book's static files carry.
"""

from __future__ import annotations

import functools
import importlib
import json
import pathlib

#: The shared board chrome and the lesson panel (``capture_lib/render/web``).
WEB = pathlib.Path(__file__).resolve().parent

def _game_folder(slug: str) -> pathlib.Path:
    from capture_lib.games import describe

    return pathlib.Path(importlib.import_module(describe(slug).package).__file__).parent


@functools.cache
def module_source(slug: str) -> str:
    """The ES module of game ``slug``'s board: the level chooser's words (``LEVEL_LABELS``, the game's
    ratings), what the game's picture puts in front (Medieval Capture's map), the shared chrome
    (``common.js``), the game's ``board.js``, then the lesson panel (``lesson.js``)."""
    from capture_lib.games import describe
    from capture_lib.search.level_ratings import level_labels

    labels = f"const LEVEL_LABELS = {json.dumps(level_labels(slug), ensure_ascii=False)};\n"
    render = describe(slug).part("render")
    constants = render.script_constants() if hasattr(render, "script_constants") else ""
    return "\n".join((labels + constants, (WEB / "common.js").read_text(encoding="utf-8"),
                      (_game_folder(slug) / "board.js").read_text(encoding="utf-8"),
                      (WEB / "lesson.js").read_text(encoding="utf-8")))


@functools.cache
def style_source(slug: str) -> str:
    """The stylesheet of game ``slug``'s board: ``common.css``, the game's ``board.css``, ``lesson.css``."""
    return "\n".join(((WEB / "common.css").read_text(encoding="utf-8"),
                      (_game_folder(slug) / "board.css").read_text(encoding="utf-8"),
                      (WEB / "lesson.css").read_text(encoding="utf-8")))


