"""Where the project's files are: the source checkout the package runs from (if any), and the stored games.

The package runs either from a checkout of the project (an editable install: ``pyproject.toml`` and the
book beside the package) or from a pip install, where nothing beside the package is the project's. What
the experiments read and write (``results/``) is therefore found here rather than next to the package's
own files, so that a pip install never writes into itself.
"""

from __future__ import annotations

import os
import pathlib

#: The package's own folder (``capture_lib/``).
PACKAGE = pathlib.Path(__file__).resolve().parents[1]
#: The environment variable that names the stored games' folder (``capture book`` and ``capture lab`` set
#: it for the notebooks they run, so that the book's chapter of numbers reads the book folder's games).
RESULTS_ENV = "CAPTURE_RESULTS"


def checkout() -> pathlib.Path | None:
    """The checkout of the project that the package runs from, or ``None`` when it runs from a pip install."""
    root = PACKAGE.parent
    if (root / "pyproject.toml").is_file() and (root / "_config.yml").is_file():
        return root
    return None


def results_dir(given: str | os.PathLike[str] | None = None) -> pathlib.Path:
    """The folder of stored games: ``given``; else ``$CAPTURE_RESULTS``; else the checkout's ``results/``;
    else ``results`` in the current folder (a pip install never stores games inside itself)."""
    if given is not None:
        return pathlib.Path(given)
    if os.environ.get(RESULTS_ENV):
        return pathlib.Path(os.environ[RESULTS_ENV])
    root = checkout()
    return root / "results" if root is not None else pathlib.Path.cwd() / "results"
