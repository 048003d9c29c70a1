"""A Sphinx extension: the HTML book is the live book.

- The kernels that run the book's notebooks write each board in the live book's light form
  (``capture_lib.hosts.static``: ``CAPTURE_LIVE_BOOK=1``; the kernels inherit this process's
  environment, and the notebooks run after ``setup``): a page names each board's module and stylesheet
  instead of embedding a copy per board, and carries each board's recipe for the engine.
- No page carries myst-nb's widget state: nothing in the book reads it (the boards mount themselves).
- When the build is done, the book's static files get what the pages load (``_static/capture/``): every
  board module and stylesheet, the page loader and the engine's worker (``capture_lib/hosts/live``), the
  pinned Pyodide from ``node_modules`` (``npm ci``, run by ``tools/setup.sh``) and a wheel of capture_lib
  built with ``pip wheel --no-deps``.

Lessons' static pictures hold their questions only (``CAPTURE_STATIC_BOOK`` is not set): served, the live
board checks answers and shows them on request; opened from a folder, the page says how to get it live.
"""

from __future__ import annotations

import importlib.metadata
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

from sphinx.util import logging

from capture_lib.hosts.static import LIVE_BOOK, book_module_files

logger = logging.getLogger(__name__)

ROOT = pathlib.Path(__file__).resolve().parents[2]
LIVE = ROOT / "capture_lib" / "hosts" / "live"
PYODIDE = ROOT / "node_modules" / "pyodide"
#: The files of the npm package ``pyodide`` that a page's worker loads.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Where the live book's files go, under the HTML output's ``_static``.
FOLDER = "capture"


def wheel_name() -> str:
    """The file name of capture_lib's wheel (pure Python, no dependencies)."""
    version = importlib.metadata.version("capture_lib")
    return f"capture_lib-{version}-py3-none-any.whl"


def _drop_widget_state(app, doctree) -> None:
    # myst-nb registers the notebook's widget state as a script for the page; nothing reads it here.
    files = getattr(app.env, "nb_metadata", {}).get(app.env.docname, {}).get("js_files", {})
    files.pop("ipywidgets_state", None)


def build_wheel(target: pathlib.Path) -> pathlib.Path:
    """Build capture_lib's wheel into ``target`` with ``pip wheel --no-deps`` and return its path."""
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
             "--wheel-dir", scratch, str(ROOT)], capture_output=True, text=True)
        built = sorted(pathlib.Path(scratch).glob("capture_lib-*.whl"))
        if result.returncode != 0 or not built:
            raise RuntimeError(f"pip wheel failed: {(result.stderr or result.stdout)[-800:]}")
        target.mkdir(parents=True, exist_ok=True)
        return pathlib.Path(shutil.copy2(built[0], target / wheel_name()))


def write_static(outdir: pathlib.Path) -> list[str]:
    """Put the live book's files under ``outdir/_static/capture``; return what is missing, in words."""
    missing = []
    folder = outdir / "_static" / FOLDER
    boards = folder / "boards"
    shutil.rmtree(boards, ignore_errors=True)
    boards.mkdir(parents=True)
    for name, text in book_module_files():
        (boards / name).write_text(text, encoding="utf-8")
    (folder / "live").mkdir(exist_ok=True)
    for name in ("loader.js", "worker.js", "live.css"):
        shutil.copy2(LIVE / name, folder / "live" / name)
    (folder / "pyodide").mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        if (PYODIDE / name).is_file():
            shutil.copy2(PYODIDE / name, folder / "pyodide" / name)
        else:
            missing.append(f"node_modules/pyodide/{name} (run `npm ci`, or tools/setup.sh, in the project's folder)")
    try:
        build_wheel(folder / "engine")
    except (OSError, RuntimeError) as err:
        missing.append(f"the capture_lib wheel ({err})")
    return missing


def unknown_modules(outdir: pathlib.Path) -> list[str]:
    """Board modules or stylesheets that a page names but the static files lack (a board the build missed)."""
    have = {path.name for path in (outdir / "_static" / FOLDER / "boards").iterdir()}
    wanted = set()
    for page in outdir.rglob("*.html"):
        text = page.read_text(encoding="utf-8", errors="replace")
        wanted.update(f"{m}.js" for m in re.findall(r'data-capture-module="([0-9a-f]+)"', text))
        wanted.update(f"{s}.css" for s in re.findall(r'data-capture-style="([0-9a-f]+)"', text))
    return sorted(wanted - have)


def _finish(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = pathlib.Path(app.outdir)
    for problem in write_static(outdir):
        logger.warning(f"the live book lacks {problem}: its boards will show their pictures only")
    for name in unknown_modules(outdir):
        logger.warning(f"a page names the board file {name}, which no board of capture_lib.hosts gives")


def setup(app):
    """Register the extension: the light board form for the kernels, the page loader, the static files."""
    os.environ[LIVE_BOOK] = "1"
    app.add_js_file(f"{FOLDER}/live/loader.js", **{"data-wheel": f"engine/{wheel_name()}"})
    app.add_css_file(f"{FOLDER}/live/live.css")
    app.connect("doctree-read", _drop_widget_state)
    app.connect("build-finished", _finish)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
