"""The pages a book's table of contents (``_toc.yml``) lists: what its build writes, so what the build's printed
extras (the handouts, the print-and-play sheets) follow.

A book made smaller (a teacher's one-game book, the packaging test's four pages) prints only the handouts of its
own pages, and links none that it lacks: each handout's page links its PDF, and a chapter's other pages link
them by ``{doc}``, which a strict build refuses where the page is not in the book.
"""

from __future__ import annotations

import pathlib

import yaml

#: The suffixes a table of contents may give its files (Jupyter Book takes them with or without).
SUFFIXES = (".md", ".ipynb")


def toc_pages(root: pathlib.Path) -> tuple[str, ...] | None:
    """Every page ``root/_toc.yml`` lists, in the book's order, as its path without a suffix
    (``book/card-commander/summary``): the root, the chapters and their sections alike; ``None`` where ``root`` has
    no table of contents (every page then counts as the book's)."""
    toc = root / "_toc.yml"
    if not toc.is_file():
        return None
    found: list[str] = []

    def visit(entry) -> None:
        if isinstance(entry, dict):
            for key in ("root", "file"):
                if isinstance(entry.get(key), str):
                    found.append(_bare(entry[key]))
            for value in entry.values():
                visit(value)
        elif isinstance(entry, list):
            for item in entry:
                visit(item)

    visit(yaml.safe_load(toc.read_text(encoding="utf-8")))
    return tuple(found)


def in_toc(pages: tuple[str, ...] | None, root: pathlib.Path, page: pathlib.Path) -> bool:
    """Whether the source ``page`` (a path under ``root``) is one of the book's ``pages`` (``toc_pages(root)``, read
    once by the caller for all its pages)."""
    return pages is None or _bare(page.relative_to(root).as_posix()) in pages


def _bare(name: str) -> str:
    for suffix in SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name
