"""Building the book: where its sources are, and the Jupyter Book build with its printable summaries."""

from __future__ import annotations

import hashlib
import pathlib
import shutil
import subprocess
import sys


def project_root() -> pathlib.Path:
    """The source checkout that holds the book (``_config.yml`` beside ``capture_lib/``)."""
    here = pathlib.Path(__file__).resolve().parents[2]
    for candidate in (pathlib.Path.cwd(), here):
        if (candidate / "_config.yml").is_file() and (candidate / "book").is_dir():
            return candidate
    raise SystemExit("capture: the book's sources are not here; run this from a checkout of the project")


def _source_digest(root: pathlib.Path) -> str:
    digest = hashlib.sha256()
    for path in sorted((root / "capture_lib").rglob("*")):
        if path.suffix in (".py", ".js", ".css", ".json", ".txt") and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def build_book(strict: bool = False) -> pathlib.Path:
    """Build the HTML book with Jupyter Book and return the path of its front page.

    Notebook execution is cached by Jupyter Book, keyed on the notebooks' code only; the engine and
    the boards' scripts are part of what the outputs show, so a change there empties the cache.
    """
    root = project_root()
    stamp = root / "_build" / ".capture-source-digest"
    digest = _source_digest(root)
    if not stamp.is_file() or stamp.read_text() != digest:
        # Sphinx keeps each page's doctree until its source file changes: drop those too.
        for cached in (".jupyter_cache", ".doctrees"):
            shutil.rmtree(root / "_build" / cached, ignore_errors=True)
    command = [str(pathlib.Path(sys.executable).with_name("jupyter-book")), "build", str(root), "--keep-going"]
    if strict:
        command += ["-W", "-n"]
    result = subprocess.run(command, cwd=root)
    if result.returncode != 0:
        raise SystemExit(f"capture: the book build failed (exit {result.returncode})")
    stamp.write_text(digest)
    # The printable one-page summaries: printed by Chromium from the book's summary pages.
    from capture_lib.bookkit.print_and_play import build_print_and_play
    from capture_lib.bookkit.summaries import build_summaries

    build_summaries(root=root)
    build_print_and_play(root=root)  # the board games on paper, for a room without devices
    return root / "_build" / "html" / "index.html"
