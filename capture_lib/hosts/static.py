"""The static host: a board's ES module mounted in a plain HTML page, with no kernel.

Two forms of the same picture:

- standalone (``static_html`` by default): the page embeds the module's source and the model's values
  as JSON; a tiny inline module script imports the source from a blob URL (which works from
  ``file://`` too) and gives ``render`` a minimal model whose ``send`` reaches nothing;
- the live book's (while the book is built, ``CAPTURE_LIVE_BOOK=1``, set by ``book/_ext/static_book.py``):
  the page holds only the board's place, its values and its *recipe*; the board's module and stylesheet
  are files of the book's static folder, named by a hash of their text (``book_module_files``), so a page
  loads each once however many boards it shows. The book's loader (``live/loader.js``) mounts them, and
  over http starts the engine in a Web Worker (``live/worker.js``) that rebuilds each board from its
  recipe with ``capture_lib.session.from_recipe`` and makes it live.

Ids come from a hash of the content, never from chance, so the same board gives the same HTML on every
build. Nothing here may carry what the board's viewer may not see: the model holds observations only,
and a recipe holds no seed, hidden card or answer (``capture_lib.session`` builds it so).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterator
from typing import Any

#: The environment variable the book's build sets: boards then write the live book's light form.
LIVE_BOOK = "CAPTURE_LIVE_BOOK"

LOADER = """
const root = document.getElementById(%(id)s);
const data = JSON.parse(document.getElementById(%(data_id)s).textContent);
const source = JSON.parse(document.getElementById(%(esm_id)s).textContent);
%(model)s
const model = makeCaptureModel(data, () => {});
const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
import(url).then((mod) => {
  root.replaceChildren();
  mod.default.render({ model, el: root });
}).finally(() => URL.revokeObjectURL(url));
"""


def _json_for_script(value: Any) -> str:
    # Inside <script>, "</" could close the tag early; JSON allows the escaped form.
    return json.dumps(value, sort_keys=True, ensure_ascii=False).replace("</", "<\\/").replace("<!--", "<\\!--")


def text_digest(text: str) -> str:
    """The name of a module or stylesheet among the book's static files: a hash of its text."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def live_book() -> bool:
    """Whether this kernel builds the live book (see the module's docstring)."""
    return os.environ.get(LIVE_BOOK) == "1"


#: The largest picture a board of the live book keeps in its page for the moment before its module draws
#: it (and for a browser that runs no script), but for the page's first board (``light_pictures``).
#: Medieval Capture's map is about 84 KB a board, seven times on one page: such a picture gives way to a
#: line of text, and the module draws the board at once.
FALLBACK_MOST = 24_000
#: What stands in for a picture too large to repeat on every board.
FALLBACK_TEXT = '<p class="capture-board-placeholder">The board is drawn here by the page\'s script.</p>'
_BOOK_BOARD = re.compile(r'(<div class="capture-static-board"[^>]*>)(.*?)(</div><script type="application/json" '
                         r'class="capture-board-data")', re.S)


def light_pictures(page: str) -> str:
    """A page of the live book with every board's picture larger than ``FALLBACK_MOST`` replaced by
    ``FALLBACK_TEXT``, but the first board's.

    The first board is the one a reader sees as the page opens: its picture holds its place until the
    module draws it, so the text below never moves (a line of text there would grow into a board under
    the reader's eyes). The boards below it are drawn before a reader scrolls to them.
    """
    first = True

    def trim(match: re.Match) -> str:
        nonlocal first
        keep, first = first, False
        if keep or len(match.group(2)) <= FALLBACK_MOST:
            return match.group(0)
        return match.group(1) + FALLBACK_TEXT + match.group(3)
    return _BOOK_BOARD.sub(trim, page)


def static_html(esm: str, css: str, model: dict[str, Any], fallback: str = "",
                recipe: dict[str, Any] | None = None) -> str:
    """HTML that draws the board with its own ES module over ``model``, offline and without a kernel.

    In the live book's build the module and stylesheet are referred to by name, and ``recipe`` (what
    the page's engine needs to rebuild the board live) goes with the values; otherwise the page is
    self-contained and ``recipe`` is left out.
    """
    if model.get("frames"):
        # A board that steps through frames draws each frame's scene: its own scene (the first frame's
        # again) would only weigh the page down.
        model = {**model, "scene": None}
    if live_book():
        return book_html(esm, css, model, fallback=fallback, recipe=recipe)
    data = _json_for_script(model)
    source = _json_for_script(esm)
    digest = hashlib.sha256((data + source).encode()).hexdigest()[:12]
    ids = {"id": f"capture-board-{digest}", "data_id": f"capture-data-{digest}",
           "esm_id": f"capture-esm-{digest}"}
    from capture_lib.render.web import model_source

    loader = LOADER % {**{k: json.dumps(v) for k, v in ids.items()}, "model": model_source()}
    return (
        f'<div class="capture-static-board" id="{ids["id"]}">{fallback}</div>'
        f"<style>{css}</style>"
        f'<script type="application/json" id="{ids["data_id"]}">{data}</script>'
        f'<script type="application/json" id="{ids["esm_id"]}">{source}</script>'
        f'<script type="module">{loader}</script>'
    )


def book_html(esm: str, css: str, model: dict[str, Any], fallback: str = "",
              recipe: dict[str, Any] | None = None) -> str:
    """The live book's form of a board: its place (the engine's picture until the module draws it; the
    book's build keeps the large pictures of a page's first board only, ``light_pictures``), the names of
    its module and stylesheet, and one JSON script with its values and its recipe."""
    data = _json_for_script({"model": model, "recipe": recipe})
    module, style = text_digest(esm), text_digest(css)
    digest = hashlib.sha256((data + module + style).encode()).hexdigest()[:12]
    # A board that goes live says how its engine is doing on the line above it: the line is in the page
    # from the start (empty, its height kept by live.css), so its first words move nothing below them.
    status = '<p class="capture-live-status" role="status" aria-live="polite"></p>' if recipe else ""
    return (
        f'{status}<div class="capture-static-board" id="capture-board-{digest}" data-capture-module="{module}" '
        f'data-capture-style="{style}">{fallback}</div>'
        f'<script type="application/json" class="capture-board-data" data-board="capture-board-{digest}">'
        f"{data}</script>"
    )


def module_script(esm: str) -> str:
    """The static file that carries a board's module: a classic script that registers its source.

    A classic script loads from ``file://`` as well as over http, where a module script or ``fetch``
    would be refused (origin ``null``); the loader imports the source from a blob URL, as JupyterLab
    imports the same text.
    """
    return ("(self.captureBoardModules = self.captureBoardModules || {})"
            f"[{json.dumps(text_digest(esm))}] = {_json_for_script(esm)};\n")


def book_module_files() -> Iterator[tuple[str, str]]:
    """Every board module and stylesheet the book can show, as ``(file name, text)`` pairs: each game's
    board (whose module draws lessons too), each file once: games share the one board module, and a
    service worker's cache refuses a list that names a file twice."""
    from capture_lib.games import list_games
    from capture_lib.render.web import module_source, style_source

    seen: set[str] = set()
    for slug in list_games():
        esm, css = module_source(slug), style_source(slug)
        for name, text in ((f"{text_digest(esm)}.js", module_script(esm)), (f"{text_digest(css)}.css", css)):
            if name not in seen:
                seen.add(name)
                yield name, text
