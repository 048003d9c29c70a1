"""The board's page side, shared by every game: one ES module that draws any scene, and its stylesheet.

``board.js`` is the renderer (the board, the chrome, the lesson panel) and ``board.css`` its look;
``model.js`` is the stand-in for anywidget's model that the static and live book pages give it. A game
adds only what its scene names: its background pictures (``ASSETS`` in its ``scene`` part, put in front
of the module) and, where it needs one, a ``board.css`` of its own in its folder. ``module_source`` and
``style_source`` give the text that anywidget mounts in JupyterLab and that the book's static files carry.
"""

from __future__ import annotations

import functools
import json
import pathlib

from capture_lib.render.look import stylesheet

#: The shared renderer's files.
WEB = pathlib.Path(__file__).resolve().parent


@functools.cache
def module_source(slug: str) -> str:
    """The ES module of game ``slug``'s board: the game's pictures (``ASSETS``), then the shared renderer."""
    from capture_lib.games import describe

    assets = dict(describe(slug).scene.ASSETS)
    return (f"const ASSETS = {json.dumps(assets, ensure_ascii=False)};\n"
            + (WEB / "board.js").read_text(encoding="utf-8"))


@functools.cache
def style_source(slug: str) -> str:
    """The stylesheet of game ``slug``'s board: the shared look, its colours, and the game's own ``board.css``."""
    from capture_lib.games import describe

    own = describe(slug).folder / "board.css"
    parts = [(WEB / "board.css").read_text(encoding="utf-8"), stylesheet()]
    if own.is_file():
        parts.append(own.read_text(encoding="utf-8"))
    return "\n".join(parts)


def model_source() -> str:
    """The stand-in model (``model.js``) that the book's pages give the renderer: the static frames' and
    the live engine's, one and the same."""
    return (WEB / "model.js").read_text(encoding="utf-8")
