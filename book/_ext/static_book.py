"""A Sphinx extension: the HTML book is the live book, and it loads fast on a phone and a school network.

- The kernels that run the book's notebooks write each board in the live book's light form
  (``capture_lib.hosts.static``: ``CAPTURE_LIVE_BOOK=1``; the kernels inherit this process's
  environment, and the notebooks run after ``setup``): a page names each board's module and stylesheet
  instead of embedding a copy per board, and carries each board's recipe for the engine.
- No page carries myst-nb's widget state: nothing in the book reads it (the boards mount themselves).
- When the build is done, the book's static files get what the pages load, under ``_static/capture/``,
  each folder named by a hash of what it holds, so that a file's address changes whenever its content
  does and a browser (``Cache-Control: immutable`` from ``capture serve``) and the service worker may keep
  it for good:

  - ``boards/HASH.js`` and ``HASH.css``: every board module and stylesheet;
  - ``live/HASH/``: the page loader, the engine's worker and their stylesheet (``capture_lib/hosts/live``);
  - ``runtime/HASH/``: Pyodide's runtime from ``node_modules`` (``npm ci``, run by ``tools/setup.sh``),
    with a lock file that lists no package (the engine loads none);
  - ``engine/HASH/``: capture_lib's browser wheel and the standard library trimmed to what it uses
    (``engine_runtime.py``).

  The service worker (``capture-sw.js``, at the book's root so that it serves every page) lists them.
  Then every file that compresses gets ``.br`` and ``.gz`` copies (``precompress.py``).
- Each page's first paint waits for its stylesheets and nothing else, and for as few files as can be: the
  theme's and the book's stylesheets joined into one (``one_stylesheet.py``), and the stylesheet of each
  board the page holds (so the board's picture has its size at once). Every script is deferred but the
  theme's tiny ``documentation_options.js``, which the page's own inline lines extend; the theme's icon
  script, which only draws custom icons (the theme's icons come from its web font), is left out, and so
  are its search scripts but on the search page (``SEARCH_SCRIPTS``); sphinx-thebe (a launcher of remote
  kernels, switched off here, whose configuration was written twice, "Identifier 'THEBE_JS_URL' has
  already been declared") is left out; the theme's mode is "auto" (an empty one logs "Got invalid theme mode").

Lessons' static pictures hold their questions only (``CAPTURE_STATIC_BOOK`` is not set): served, the live
board checks answers and shows them on request; opened from a folder, the page says how to get it live.
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import re
import shutil
import sys

from sphinx.builders.html._assets import _JavaScript
from sphinx.util import logging

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import engine_runtime  # noqa: E402 - a sibling module of this extension
import one_stylesheet  # noqa: E402 - a sibling module of this extension
import precompress  # noqa: E402 - a sibling module of this extension

from capture_lib.core.places import PACKAGE  # noqa: E402
from capture_lib.hosts.static import LIVE_BOOK, book_module_files, light_pictures  # noqa: E402
from capture_lib.render.web import model_source  # noqa: E402

logger = logging.getLogger(__name__)

ROOT = pathlib.Path(__file__).resolve().parents[2]
#: The page loader and the engine's worker, from the package that builds the book (a checkout's or a pip install's).
LIVE = PACKAGE / "hosts" / "live"
PYODIDE = ROOT / "node_modules" / "pyodide"
TEMPLATES = pathlib.Path(__file__).resolve().parent / "templates"
#: The files of the npm package ``pyodide`` that a page's worker loads (the standard library comes apart).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: The live book's own files: the page loader, the engine's worker, their stylesheet, the service worker.
LIVE_FILES = ("loader.js", "worker.js", "live.css", "service-worker.js")
#: Where the live book's files go, under the HTML output's ``_static``.
FOLDER = "capture"
#: The service worker, at the root of the book (a service worker serves the pages below its own folder).
SERVICE_WORKER = "capture-sw.js"
#: Scripts that must run before the page's inline lines (they extend ``DOCUMENTATION_OPTIONS``).
BLOCKING = ("documentation_options.js",)
#: Scripts the pages do without: thebe's launcher (and its stylesheet).
DROPPED = ("sphinx-thebe.js", "sphinx-thebe.css")
#: The theme's icon script (1.5 MB, most of a second of a phone's processor): it draws only custom icons
#: (the theme's own icons come from its web font), and the book has none.
ICON_SCRIPT = re.compile(r'\s*<script defer src="[^"]*_static/scripts/fontawesome\.js[^"]*"></script>')
#: The theme's search scripts, which it adds to every page for a search as you type (``search_as_you_type``,
#: off here): its search box sends the words to the search page, which loads its own. The index alone is a
#: tenth of a page's bytes before its first paint.
SEARCH_SCRIPTS = re.compile(r'\s*<script src="[^"]*(?:_static/searchtools\.js|_static/language_data\.js'
                            r'|searchindex\.js)[^"]*"></script>')


def _digest(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:16]


def wheel_name() -> str:
    """The file name of capture_lib's wheel (pure Python, no dependencies)."""
    return engine_runtime.wheel_name()


def lock_file() -> bytes:
    """Pyodide's lock file without its packages: the engine loads none, and the full list is 119 KB."""
    info = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    return json.dumps({"info": info, "packages": {}}, sort_keys=True).encode()


def release() -> dict[str, str]:
    """The hashed folders of this build's live files, runtime and engine (only the first where Pyodide is
    not installed: the pages then mount their boards and step through their pictures, with no engine).

    Computed before any page is written, from what decides each folder's content, so every page names
    the folders the build then fills.
    """
    live = _digest(*(live_file(name) for name in LIVE_FILES))
    if not all((PYODIDE / name).is_file() for name in (*PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json")):
        return {"live": f"live/{live}/"}
    runtime = _digest(*((PYODIDE / name).read_bytes() for name in PYODIDE_FILES), lock_file())
    engine = engine_runtime.runtime_key(engine_runtime.browser_wheel())
    return {"live": f"live/{live}/", "runtime": f"runtime/{runtime}/", "engine": f"engine/{engine}/",
            "wheel": wheel_name()}


def _drop_widget_state(app, doctree) -> None:
    # myst-nb registers the notebook's widget state as a script for the page; nothing reads it here.
    files = getattr(app.env, "nb_metadata", {}).get(app.env.docname, {}).get("js_files", {})
    files.pop("ipywidgets_state", None)


def _config(app, config) -> None:
    """The page template's values (in ``html_context``, so a new runtime rewrites every page), the template
    folder, and sphinx-thebe switched off."""
    config.templates_path = [*config.templates_path, str(TEMPLATES)]
    config.html_context = {**config.html_context, "capture_live": release()}
    # sphinx-thebe adds its configuration once per reading pass (twice in a build that executes
    # notebooks): the book runs no remote kernel, so none of it is added.
    for event in ("env-before-read-docs", "doctree-resolved"):
        for listener in list(app.events.listeners.get(event, [])):
            if getattr(listener.handler, "__module__", "") == "sphinx_thebe":
                app.disconnect(listener.id)


def _templates(app) -> None:
    """The filters ``templates/layout.html`` uses to leave the theme's icon script and search scripts out of
    each page, and the one ``templates/search.html`` uses to defer the search page's own search scripts."""
    environment = getattr(getattr(app.builder, "templates", None), "environment", None)
    if environment is not None:  # an HTML builder
        environment.filters["capture_without_icon_script"] = lambda html: ICON_SCRIPT.sub("", html)
        environment.filters["capture_without_search_scripts"] = lambda html: SEARCH_SCRIPTS.sub("", html)
        environment.filters["capture_defer_search_scripts"] = lambda html: SEARCH_SCRIPTS.sub(
            lambda found: found.group(0).replace("<script src=", "<script defer src="), html)


def _name(asset) -> str:
    return os.fspath(getattr(asset, "filename", asset) or "")


def _tidy_page(app, pagename, templatename, context, doctree) -> None:
    """Defer the page's scripts, drop what it does not use, write each inline script once, mode "auto";
    name the code toggles by their text."""
    context.setdefault("default_mode", "auto")
    scripts, seen = [], set()
    for script in context.get("script_files", []):
        name = _name(script)
        attributes = dict(getattr(script, "attributes", {}))
        if any(name.endswith(dropped) for dropped in DROPPED):
            continue
        if not name:
            body = attributes.get("body", "")
            if body in seen:  # an extension that added its lines twice
                continue
            seen.add(body)
        elif not name.endswith(BLOCKING) and "async" not in attributes and attributes.get("type") != "module":
            attributes["defer"] = "defer"
        scripts.append(_JavaScript(name, priority=getattr(script, "priority", 500), **attributes)
                       if isinstance(script, _JavaScript) else script)
    context["script_files"] = scripts
    context["css_files"] = [css for css in context.get("css_files", [])
                            if not any(_name(css).endswith(dropped) for dropped in DROPPED)]
    # Each board's stylesheet is linked in the head, so that the board's picture has its size at the first
    # paint (the loader would add it only once it runs, and the picture would push the text below it down).
    context["capture_board_styles"] = sorted(set(re.findall(r'data-capture-style="([0-9a-f]+)"',
                                                            context.get("body", ""))))
    # myst-nb names every code toggle "Toggle hidden content" while it shows "Show the code": a name that
    # differs from the visible text fails WCAG 2.5.3 (label in name); without it the toggle is named by its text.
    if "body" in context:
        context["body"] = light_pictures(context["body"].replace('<summary aria-label="Toggle hidden content">',
                                                                 "<summary>"))


def live_file(name: str) -> bytes:
    """One of the live book's own files as the pages load it: the loader carries the boards' model in front
    (``model.js``, the one every host gives a board), so a page loads one script for both."""
    text = (LIVE / name).read_bytes()
    return model_source().encode() + b"\n" + text if name == "loader.js" else text


def _copy(source: pathlib.Path | bytes, target: pathlib.Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(source, bytes):
        target.write_bytes(source)
    else:
        shutil.copyfile(source, target)


def recipes(outdir: pathlib.Path) -> list[dict]:
    """Every board recipe the built pages carry (what the engine must rebuild in a reader's browser)."""
    found = []
    for page in sorted(outdir.rglob("*.html")):
        text = page.read_text(encoding="utf-8", errors="replace")
        for data in re.findall(r'<script type="application/json" class="capture-board-data"[^>]*>(.*?)</script>',
                               text, re.S):
            recipe = json.loads(data.replace("<\\/", "</").replace("<\\!--", "<!--")).get("recipe")
            if recipe:
                found.append(recipe)
    return found


def _name_engine(outdir: pathlib.Path, new: str) -> None:
    # Pages name the engine's folder through the loader's data attribute: where the build ships another
    # engine than the one the pages were written for (the whole standard library), they name that one,
    # and a page an earlier build changed so is changed back.
    for page in outdir.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        changed = re.sub(r'data-capture-engine="engine/[0-9a-f]+(?:-whole)?/"', f'data-capture-engine="{new}"', text)
        if changed != text:
            page.write_text(changed, encoding="utf-8")


def write_static(outdir: pathlib.Path, live: dict[str, str]) -> list[str]:
    """Put the live book's files under ``outdir/_static/capture`` and the service worker at the root;
    return what is missing or went wrong, in words."""
    problems = []
    folder = outdir / "_static" / FOLDER
    shutil.rmtree(folder, ignore_errors=True)  # earlier builds' hashed folders: no page names them now
    (outdir / SERVICE_WORKER).unlink(missing_ok=True)
    boards = []
    for name, text in book_module_files():
        _copy(text.encode(), folder / "boards" / name)
        boards.append(f"boards/{name}")
    for name in LIVE_FILES:
        if name != "service-worker.js":
            _copy(live_file(name), folder / live["live"] / name)
    if "runtime" not in live:
        return ["Pyodide (node_modules/pyodide: run `npm ci`, or tools/setup.sh, in the project's folder)"]
    for name in PYODIDE_FILES:
        _copy(PYODIDE / name, folder / live["runtime"] / name)
    _copy(lock_file(), folder / live["runtime"] / "pyodide-lock.json")
    runtime = engine_runtime.engine_runtime(recipes(outdir))
    engine = live["engine"]
    if runtime.problem:
        problems.append(f"a trimmed standard library ({runtime.problem}); it ships the whole one")
        engine = engine.rstrip("/") + "-whole/"
    else:
        logger.info(f"the live book's engine: {runtime.summary}")
    _name_engine(outdir, engine)
    _copy(runtime.wheel, folder / engine / live["wheel"])
    _copy(runtime.stdlib, folder / engine / "python_stdlib.zip")
    files = ([f"{live['live']}{name}" for name in LIVE_FILES if name != "service-worker.js"]
             + [f"{live['runtime']}{name}" for name in (*PYODIDE_FILES, "pyodide-lock.json")]
             + [f"{engine}{live['wheel']}", f"{engine}python_stdlib.zip"] + boards)
    version = _digest(*(path.encode() for path in files))
    manifest = {"version": version, "files": [f"_static/{FOLDER}/{path}" for path in files]}
    service_worker = (f"// Written by the book's build (book/_ext/static_book.py) from capture_lib/hosts/live/"
                      f"service-worker.js.\nconst MANIFEST = {json.dumps(manifest, indent=1)};\n"
                      + (LIVE / "service-worker.js").read_text(encoding="utf-8"))
    (outdir / SERVICE_WORKER).write_text(service_worker, encoding="utf-8")
    return problems


def unknown_modules(outdir: pathlib.Path, pages: list[str] | None = None) -> list[str]:
    """Board modules or stylesheets that a page names but the static files lack (a board the build missed).

    ``pages``: the documents of this build (an output folder may still hold a page that left the book)."""
    have = {path.name for path in (outdir / "_static" / FOLDER / "boards").iterdir()}
    wanted = set()
    found = [outdir / f"{name}.html" for name in pages] if pages is not None else list(outdir.rglob("*.html"))
    for page in found:
        if not page.is_file():
            continue
        text = page.read_text(encoding="utf-8", errors="replace")
        wanted.update(f"{m}.js" for m in re.findall(r'data-capture-module="([0-9a-f]+)"', text))
        wanted.update(f"{s}.css" for s in re.findall(r'data-capture-style="([0-9a-f]+)"', text))
    return sorted(wanted - have)


def drop_departed(outdir: pathlib.Path, pages: list[str]) -> list[str]:
    """Remove the chapters' pages that an earlier build wrote but that left the book (a renamed or deleted
    notebook), so that no reader, search or engine check finds them; return their names."""
    keep = {f"{name}.html" for name in pages}
    gone = []
    for page in sorted((outdir / "book").rglob("*.html")) if (outdir / "book").is_dir() else []:
        name = page.relative_to(outdir).as_posix()
        if name not in keep:
            for path in (page, page.with_name(page.name + ".br"), page.with_name(page.name + ".gz")):
                path.unlink(missing_ok=True)
            gone.append(name)
    return gone


def _finish(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = pathlib.Path(app.outdir)
    for name in drop_departed(outdir, sorted(app.env.found_docs)):
        logger.info(f"removed {name}: its page left the book")
    for problem in write_static(outdir, app.config.html_context.get("capture_live")):
        logger.warning(f"the live book lacks {problem}: its boards will show their pictures only"
                       if problem.startswith("Pyodide") else f"the live book has no {problem}")
    for name in unknown_modules(outdir, sorted(app.env.found_docs)):
        logger.warning(f"a page names the board file {name}, which no board of capture_lib.hosts gives")
    joined = one_stylesheet.join_stylesheets(outdir)
    logger.info(f"one stylesheet a page: {joined['pages']} pages, {joined['files']} joined file(s)")
    totals = precompress.precompress(outdir)
    logger.info(f"compressed copies of {totals['files']} files: {totals['bytes'] / 1e6:.1f} MB, "
                f"{totals['br'] / 1e6:.1f} MB as brotli, {totals['gz'] / 1e6:.1f} MB as gzip")


def setup(app):
    """Register the extension: the light board form for the kernels, the page template, the static files."""
    os.environ[LIVE_BOOK] = "1"
    app.connect("config-inited", _config)
    app.connect("builder-inited", _templates)
    app.connect("doctree-read", _drop_widget_state)
    app.connect("html-page-context", _tidy_page)
    # After the theme's own build-finished step, which rewrites pygments.css: the copies come last.
    app.connect("build-finished", _finish, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
