"""Building the book: where its sources are, and the Jupyter Book build with its printable summaries.

A finished build records what it was built from (``BUILT``: capture_lib's version, a digest of the engine
and one of the book's sources), so that ``capture serve`` can tell a book built by an earlier capture_lib,
or from sources changed since, from a current one (``stale``), and build it again rather than serve it.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys
import threading
from collections.abc import Sequence
from typing import IO

from capture_lib.bookkit import manifest, sources
from capture_lib.core import places

#: What ``capture book``, ``lab`` and ``serve`` need beyond capture_lib itself, for the message that says so.
BOOK_EXTRA = 'pip install "capture_lib[book]"'
#: Runs Jupyter Book's command line in this Python: its ``jupyter-book`` script may sit elsewhere than
#: ``sys.executable`` (a ``pip install --user`` puts scripts in ``~/.local/bin``).
JUPYTER_BOOK = "import sys; from jupyter_book.cli.main import main; sys.argv[0] = 'jupyter-book'; sys.exit(main())"
#: What a finished build was built from, under the book's folder (see the module's docstring).
BUILT = ("_build", ".capture-built.json")
#: Lines of the build's log that say nothing to its reader: ipykernel 7 warns at the start of every kernel
#: that it talks over TCP unencrypted, but the build's kernels talk to the build alone, on 127.0.0.1 (the
#: notebook client that myst-nb runs offers no other transport); one line a notebook, 46 a build.
NOISE = ("Kernel is running over TCP without encryption.",)


def project_root(folder: str | os.PathLike[str] | None = None) -> pathlib.Path:
    """The folder that holds the book's sources: a checkout, or a copy that a pip install makes
    (``capture_lib.bookkit.sources.book_folder``, which says where)."""
    return sources.book_folder(folder)


def needs(module: str, command: str) -> None:
    """``SystemExit`` saying how to install ``module`` when ``command`` needs it and it is missing."""
    if importlib.util.find_spec(module) is None:
        raise SystemExit(f"{command} needs the book's tools, which are not installed here: {BOOK_EXTRA}")


def _version() -> str:
    try:
        return importlib.metadata.version("capture_lib")
    except importlib.metadata.PackageNotFoundError:
        return "(not installed)"


def _sources_digest(root: pathlib.Path) -> str:
    digest = hashlib.sha256()
    for name in manifest.source_files(root):
        digest.update(name.encode() + b"\0")
        digest.update((root / name).read_bytes())
    return digest.hexdigest()


def built_from(root: pathlib.Path) -> dict[str, str]:
    """What a build of the book in ``root`` made now would be built from: capture_lib's version, the engine's
    digest and the digest of the book's sources."""
    return {"capture_lib": _version(), "engine": _source_digest(), "sources": _sources_digest(root)}


def stale(root: pathlib.Path) -> str:
    """Why the built book in ``root`` is not the one a build would make now, in the user's words; ``""`` when
    it is current. Hashing the engine and the sources takes a tenth of a second."""
    if not (root / "_build" / "html" / "index.html").is_file():
        return "it is not built yet"
    try:
        built = json.loads(root.joinpath(*BUILT).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "it was built by an earlier capture_lib, which did not record what it built"
    now = built_from(root)
    if not isinstance(built, dict) or built.get("capture_lib") != now["capture_lib"]:
        then = built.get("capture_lib") if isinstance(built, dict) else None
        return (f"it was built by capture_lib {then or 'of another version'}, and this is capture_lib "
                f"{now['capture_lib']}")
    if built.get("engine") != now["engine"]:
        return "capture_lib's files changed since it was built"
    if built.get("sources") != now["sources"]:
        return "the book's sources changed since it was built"
    return ""


def quiet_run(command: Sequence[str], out: IO[str] | None = None, **kwargs: object) -> int:
    """Run ``command`` as ``subprocess.run`` would, its output (both streams) passed on line by line to ``out``
    (default: this process's standard error) but for the lines that hold one of ``NOISE``; its exit status."""
    out = out if out is not None else sys.stderr
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", bufsize=1, **kwargs)  # type: ignore[call-overload]
    assert process.stdout is not None

    def copy() -> None:
        for line in process.stdout:
            if not any(noise in line for noise in NOISE):
                out.write(line)
                out.flush()

    copier = threading.Thread(target=copy, daemon=True)
    copier.start()
    try:
        status = process.wait()
    except BaseException:
        process.kill()
        process.wait()
        raise
    finally:
        copier.join(timeout=10)
    return status


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
    # Unbuffered: the build's progress shows as it happens, through the pipe that leaves out the noise.
    env = {**os.environ, places.RESULTS_ENV: str(root / "results"), "PYTHONUNBUFFERED": "1"}
    made_from = built_from(root)  # before the build: a source changed meanwhile makes the next serve rebuild
    status = quiet_run(command, sys.stdout, cwd=root, env=env)
    if status != 0:
        raise SystemExit(f"capture: the book build failed (exit {status})")
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(digest)
    # The printable one-page summaries: printed by Chromium from the book's summary pages.
    from capture_lib.bookkit.print_and_play import build_print_and_play
    from capture_lib.bookkit.summaries import build_summaries

    build_summaries(root=root)
    build_print_and_play(root=root)  # the board games on paper, for a room without devices
    root.joinpath(*BUILT).write_text(json.dumps(made_from, indent=1) + "\n", encoding="utf-8")
    if note:
        print(note, file=sys.stderr)
    return root / "_build" / "html" / "index.html"
