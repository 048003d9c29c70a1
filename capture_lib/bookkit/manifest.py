"""Which files are the book's sources: what a book build reads, shipped in the wheel and copied for a reader.

The wheel carries these files under ``capture_lib/_book`` (``setup.py`` copies them there when it builds
the wheel), so that ``pip install "capture_lib[book]"`` can build the book without a checkout
(``capture_lib.bookkit.sources``). This module uses the standard library alone: ``setup.py`` loads it
by its path, before capture_lib can be imported.
"""

from __future__ import annotations

import pathlib

#: Files at the top of the project that the build reads: the book's configuration and table of contents,
#: and the npm lock of the live book's runtime (Pyodide), which ``npm ci`` installs beside them.
FILES = ("_config.yml", "_toc.yml", "package.json", "package-lock.json")
#: Folders the build reads whole: the book's pages, extensions, styles and images; the stored games
#: that the chapter "What the numbers say" reads.
FOLDERS = ("book", "results")
#: Folder names never shipped: build outputs, caches and editors' leftovers.
SKIPPED_NAMES = frozenset({"_build", ".ipynb_checkpoints", "__pycache__", ".jupyter_cache", "node_modules"})
#: Folders (relative, with ``/``) never shipped: the experiments' scratch space.
SKIPPED_FOLDERS = ("results/tmp",)


def _skipped(relative: pathlib.PurePosixPath) -> bool:
    if any(part in SKIPPED_NAMES or part.startswith(".") for part in relative.parts):
        return True
    if relative.suffix in (".pyc", ".pyo"):
        return True
    return any(relative.as_posix() == folder or relative.as_posix().startswith(folder + "/")
               for folder in SKIPPED_FOLDERS)


def source_files(root: pathlib.Path) -> list[str]:
    """The book's source files under ``root`` (a checkout, or an unpacked sdist), relative, with ``/``, sorted.

    A file of ``FILES`` that is missing is left out (a project without the live runtime's lock still
    builds a book with pictures only); ``FOLDERS`` are walked whole but for what ``_skipped`` leaves out.
    """
    found = [name for name in FILES if (root / name).is_file()]
    for folder in FOLDERS:
        base = root / folder
        if not base.is_dir():
            continue
        for path in base.rglob("*"):
            relative = pathlib.PurePosixPath(path.relative_to(root).as_posix())
            if path.is_file() and not _skipped(relative):
                found.append(relative.as_posix())
    return sorted(found)
