"""The book builds with no Sphinx warning, and every notebook is stored the way nbval expects."""

from __future__ import annotations

import pathlib
import re

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
        path = notebook.relative_to(ROOT / "book").as_posix()
        assert "capture-open-live" in html and path in html, f"{page.name} does not say how to open it live"


def test_notebooks_store_no_board_outputs():
    # Boards embed the whole ES module: a stored one would go stale; the build executes them anyway.
    for notebook in NOTEBOOKS:
        nb = nbformat.read(notebook, as_version=4)
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                assert "text/html" not in data and "application/vnd.jupyter.widget-view+json" not in data, (
                    f"{notebook.name}: a board output is stored; tag the cell nbval-ignore-output")


def test_every_rule_example_asserts_something():
    # A chapter page's examples must check what the rule says: count the assert statements.
    for notebook in NOTEBOOKS:
        if notebook.parent == ROOT / "book" or notebook.name == "play.ipynb":
            continue  # the landing page and the play pages teach no rule
        nb = nbformat.read(notebook, as_version=4)
        asserts = sum(cell.source.count("assert ") for cell in nb.cells if cell.cell_type == "code")
        assert asserts >= 2, f"{notebook.name} checks nothing"
