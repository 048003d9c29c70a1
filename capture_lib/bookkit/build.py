"""Building the book: where its sources are, and the Jupyter Book build with its printable summaries."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pathlib
import shutil
import subprocess
import sys

from capture_lib.bookkit import sources
from capture_lib.core import places

#: What ``capture book``, ``lab`` and ``serve`` need beyond capture_lib itself, for the message that says so.
BOOK_EXTRA = 'pip install "capture_lib[book]"'
#: Runs Jupyter Book's command line in this Python: its ``jupyter-book`` script may sit elsewhere than
#: ``sys.executable`` (a ``pip install --user`` puts scripts in ``~/.local/bin``).
JUPYTER_BOOK = "import sys; from jupyter_book.cli.main import main; sys.argv[0] = 'jupyter-book'; sys.exit(main())"


def project_root(folder: str | os.PathLike[str] | None = None) -> pathlib.Path:
    """The folder that holds the book's sources: a checkout, or a copy that a pip install makes
    (``capture_lib.bookkit.sources.book_folder``, which says where)."""
    return sources.book_folder(folder)


def needs(module: str, command: str) -> None:
    """``SystemExit`` saying how to install ``module`` when ``command`` needs it and it is missing."""
    if importlib.util.find_spec(module) is None:
        raise SystemExit(f"{command} needs the book's tools, which are not installed here: {BOOK_EXTRA}")


def _source_digest() -> str:
    # The package that runs the notebooks, wherever it is installed (not the book's folder, which a
    # pip install's copy holds without the package), without the book's sources the wheel carries.
    digest = hashlib.sha256()
    package = places.PACKAGE
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package)
        if (path.suffix in (".py", ".js", ".css", ".json", ".txt") and "__pycache__" not in relative.parts
                and relative.parts[0] != "_book"):
            digest.update(relative.as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def live_runtime(root: pathlib.Path) -> str | None:
    """Make sure the live book's browser runtime (Pyodide, from npm) is in ``root/node_modules``: install it
    with ``npm ci`` when it is missing and npm is here. Returns a note for the user when it is still missing."""
    if (root / "node_modules" / "pyodide").is_dir() or not (root / "package-lock.json").is_file():
        return None
    npm = shutil.which("npm")
    if npm is None:
        return (f"Node.js's npm is not installed, so the book's boards will show pictures only; for live boards "
                f"install Node.js 20 or newer and run npm ci in {root}, then capture book again.")
    print(f"Installing the live book's browser runtime (Pyodide, pinned by package-lock.json) with npm ci in {root}",
          flush=True)
    result = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=root)
    if result.returncode != 0:
        return f"npm ci failed in {root} (exit {result.returncode}): the book's boards will show pictures only."
    return None


def build_book(strict: bool = False, root: pathlib.Path | None = None) -> pathlib.Path:
    """Build the HTML book in ``root`` (default: ``project_root()``) and return the path of its front page.

    Notebook execution is cached by Jupyter Book, keyed on the notebooks' code only; the engine and
    the boards' scripts are part of what the outputs show, so a change there empties the cache.
    """
    needs("jupyter_book", "capture book")
    root = root if root is not None else project_root()
    note = live_runtime(root)
    stamp = root / "_build" / ".capture-source-digest"
    digest = _source_digest()
    if not stamp.is_file() or stamp.read_text() != digest:
        # Sphinx keeps each page's doctree until its source file changes: drop those too.
        for cached in (".jupyter_cache", ".doctrees"):
            shutil.rmtree(root / "_build" / cached, ignore_errors=True)
    command = [sys.executable, "-c", JUPYTER_BOOK, "build", str(root), "--keep-going"]
    if strict:
        command += ["-W", "-n"]
    # The notebooks' kernels inherit this environment: the chapter of numbers reads this book's stored games.
    env = {**os.environ, places.RESULTS_ENV: str(root / "results")}
    result = subprocess.run(command, cwd=root, env=env)
    if result.returncode != 0:
        raise SystemExit(f"capture: the book build failed (exit {result.returncode})")
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(digest)
    # The printable one-page summaries: printed by Chromium from the book's summary pages.
    from capture_lib.bookkit.print_and_play import build_print_and_play
    from capture_lib.bookkit.summaries import build_summaries

    build_summaries(root=root)
    build_print_and_play(root=root)  # the board games on paper, for a room without devices
    if note:
        print(note, file=sys.stderr)
    return root / "_build" / "html" / "index.html"
