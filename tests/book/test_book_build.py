"""The book builds with no Sphinx warning, and every notebook is stored the way nbval expects."""

from __future__ import annotations

import pathlib
import re
import zipfile

import nbformat

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "book").rglob("*.ipynb"))
#: The chapter pages; book/play.ipynb is the game chooser that `capture serve` shows, not a book page.
CHAPTERS = [nb for nb in NOTEBOOKS if nb != ROOT / "book" / "play.ipynb"]


def test_book_builds_without_warnings(built_book):
    # Sphinx's own warnings ("file: WARNING: ..."); -W already turns them into a failing exit code.
    # Lines in Python logging's "LEVEL:logger:" form come from the kernels that run the notebooks
    # (tornado, ipykernel); a failing cell would still fail the build through myst-nb.
    warnings = [line for line in built_book["log"].splitlines()
                if re.search(r"(WARNING|ERROR|CRITICAL): ", line)
                and not re.match(r"\s*(\[IPKernelApp\]|(WARNING|ERROR|CRITICAL):[\w.]+:)", line)]
    assert built_book["returncode"] == 0, built_book["log"][-3000:]
    assert not warnings, "\n".join(warnings)
    assert (built_book["html"] / "index.html").is_file()


def test_every_chapter_page_is_built(built_book):
    for notebook in CHAPTERS:
        page = built_book["html"] / notebook.relative_to(ROOT).with_suffix(".html")
        assert page.is_file(), f"{page} was not built"
        html = page.read_text(encoding="utf-8")
        # A page with boards says in one line how to get them live (shown only when opened from a folder);
        # no page tells a reader of the published book to run JupyterLab.
        boards = html.count('class="capture-static-board"')
        assert ("capture-folder-note" in html) == (boards > 0), f"{page.name}: {boards} boards, note wrong"
        assert "capture-open-live" not in html, f"{page.name} still opens with the note to run capture lab"


def test_pages_are_light(built_book):
    # Each board names its module and stylesheet among the static files, which the build wrote; no page
    # embeds a module, a stylesheet per board, or the widget state that nothing reads.
    html_dir = built_book["html"]
    static = html_dir / "_static" / "capture"
    # Each in one folder named by a hash of its content (book/_ext/static_book.py); an earlier build's are gone.
    for name in ("live/*/loader.js", "live/*/worker.js", "runtime/*/pyodide.mjs", "runtime/*/pyodide.asm.wasm",
                 "runtime/*/pyodide-lock.json", "runtime/*/pyodide.asm.mjs", "engine/*/python_stdlib.zip",
                 "engine/*/capture_lib-*.whl"):
        assert len(list(static.glob(name))) == 1, f"the live book lacks _static/capture/{name}, or has several"
    assert (html_dir / "capture-sw.js").is_file(), "the live book lacks its service worker"
    # The engine arrives compiled (book/_ext/engine_runtime.py): the browser's Python compiles none of it.
    [wheel] = static.glob("engine/*/capture_lib-*.whl")
    held = zipfile.ZipFile(wheel).namelist()
    assert "capture_lib/session/board.pyc" in held and not [name for name in held if name.endswith(".py")]
    heaviest = max((p.stat().st_size, p.name) for p in (html_dir / "book").rglob("*.html"))
    # The heaviest, Medieval Capture's exercises: twenty boards' values, and the first board's map picture
    # (84 KB, kept so that the text below it does not move when the board is drawn: static.light_pictures).
    assert heaviest[0] <= 900_000, f"{heaviest[1]} weighs {heaviest[0]} bytes"
    for page in (html_dir / "book").rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "application/vnd.jupyter.widget-state+json" not in html, f"{page.name} carries the widget state"
        assert "capture-esm-" not in html and "export default" not in html, f"{page.name} embeds a board module"
        for name in re.findall(r'data-capture-(?:module|style)="([0-9a-f]+)"', html):
            assert list((static / "boards").glob(f"{name}.*")), f"{page.name} names a missing board file {name}"


def test_notebooks_store_no_board_outputs():
    # Boards embed the whole ES module: a stored one would go stale; the build executes them anyway.
    for notebook in NOTEBOOKS:
        nb = nbformat.read(notebook, as_version=4)
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                # A ruling's box carries HTML beside its MyST Markdown; HTML alone is a board.
                board_html = "text/html" in data and "text/markdown" not in data
                assert not board_html and "application/vnd.jupyter.widget-view+json" not in data, (
                    f"{notebook.name}: a board output is stored; tag the cell nbval-ignore-output")


def test_every_rule_example_asserts_something():
    # A chapter page's examples must check what the rule says: count the assert statements.
    for notebook in NOTEBOOKS:
        if notebook.parent == ROOT / "book" or notebook.name == "play.ipynb":
            continue  # the landing page and the play pages teach no rule
        nb = nbformat.read(notebook, as_version=4)
        asserts = sum(cell.source.count("assert ") for cell in nb.cells if cell.cell_type == "code")
        assert asserts >= 2, f"{notebook.name} checks nothing"
