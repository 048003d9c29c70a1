"""The book's folder for ``capture book``, ``capture lab`` and ``capture serve``, and copies kept in step.

Where the book is built:

- In a checkout of the project, the checkout itself (the maintainers' ``bash tools/build-book.sh``).
- From a pip install, a copy of the book's sources that the wheel carries (``capture_lib/_book``, listed
  by ``manifest``): the first of those commands copies them into a folder of the user's choosing (by
  default ``capture-book`` in the current folder), says where, and works there; later commands run from
  the same place, or from anywhere inside that folder, find it again. After an upgrade of capture_lib the
  copy is brought up to date, file by file, except the files the user has changed since (those are kept
  and named), and ``capture serve`` builds it again before serving it (``build.stale``).

``capture lab`` never opens the book's own notebooks, which are the book's sources (and, in a checkout,
tracked by git): JupyterLab saves outputs into what it opens, so it opens working copies under
``<book folder>/_build/lab/book`` (``lab_copies``), kept in step with the book the same way.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import pathlib
import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from capture_lib.bookkit import manifest
from capture_lib.core import places

#: The folder a pip install copies the book into when none is named (in the current folder).
DEFAULT_FOLDER = "capture-book"
#: Where the wheel carries the book's sources inside the installed package (``setup.py`` puts them there).
SHIPPED = places.PACKAGE / "_book"
#: Where ``capture lab``'s working copies of the notebooks go, under the book's folder (``_build`` is
#: ignored by git, by the book's build and by the tests).
LAB_FOLDER = ("_build", "lab")
#: The record a copy keeps of what was copied (each file's SHA-256 as copied), to tell the user's changes
#: from files that only an upgrade would change.
RECORD = ".capture-copy.json"


def is_book_folder(path: pathlib.Path) -> bool:
    """Whether ``path`` holds the book's sources (its ``_config.yml`` and ``book/``)."""
    return (path / "_config.yml").is_file() and (path / "book").is_dir()


def shipped_sources() -> pathlib.Path | None:
    """Where this install keeps the book's sources: the wheel's copy, else the checkout it runs from."""
    if is_book_folder(SHIPPED):
        return SHIPPED
    return places.checkout()


def _ours(path: pathlib.Path) -> bool:
    # Another project's Jupyter Book in the current folder is not ours to build: a folder counts when
    # it is a copy made here (it has our record) or a checkout of this project (capture_lib beside it).
    return is_book_folder(path) and ((path / RECORD).is_file() or (path / "capture_lib").is_dir())


class NoBook(SystemExit):
    """No book can be had where the user asked (``SystemExit`` with the reason, for the ``capture`` command
    to show with the command's usage)."""


def find_book(folder: pathlib.Path | None = None) -> pathlib.Path | None:
    """The book's folder: ``folder`` if it holds a book; else the current folder or a folder above it
    (``capture-book/book/``) that holds this project's book, or ``capture-book`` in the current folder;
    else the checkout the package runs from; ``None`` if none does."""
    if folder is not None:
        return folder.resolve() if is_book_folder(folder) else None
    here = pathlib.Path.cwd().resolve()
    for candidate in (here, here / DEFAULT_FOLDER, *here.parents):
        if _ours(candidate):
            return candidate
    return places.checkout()


def _digest(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class Synced:
    """What ``sync`` did to a copy: files added, updated (untouched since copied), kept (changed by the
    user, so left as they are) and removed (no longer in the source, and untouched)."""

    folder: pathlib.Path
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """Whether the copy changed."""
        return bool(self.added or self.updated or self.removed)

    def summary(self) -> str:
        """One line for the user: what changed in the copy, and which of their own changes were kept."""
        parts = [f"{len(names)} {what}" for names, what in ((self.added, "added"), (self.updated, "updated"),
                                                             (self.removed, "removed")) if names]
        text = f"{self.folder}: " + (", ".join(parts) if parts else "already up to date")
        if self.kept:
            shown = ", ".join(self.kept[:3]) + (f" and {len(self.kept) - 3} more" if len(self.kept) > 3 else "")
            text += (f"; kept as you changed them: {shown} (delete a file to get the book's current version "
                     "next time)")
        return text


def sync(source: pathlib.Path, files: Iterable[str], dest: pathlib.Path) -> Synced:
    """Make ``dest`` hold copies of ``files`` (relative paths) from ``source``, never losing the user's work.

    A file missing from ``dest`` is copied (so deleting a file brings the source's version back); a file
    unchanged since it was copied is replaced by the source's; a file the user changed (or one that was
    there before any copy) is kept; a file no longer in the source is removed if the user left it as it was
    copied. ``dest/.capture-copy.json`` records what was copied.
    """
    record_path = dest / RECORD
    try:
        copied: dict[str, str] = json.loads(record_path.read_text(encoding="utf-8")).get("files", {})
    except (OSError, ValueError, AttributeError):
        copied = {}
    result = Synced(dest)
    record: dict[str, str] = {}
    files = list(files)
    for name in files:
        origin, target = source / name, dest / name
        wanted = _digest(origin)
        if not target.exists():  # new, or deleted by the user to get the source's version back
            result.added.append(name)
        else:
            current = _digest(target)
            if current == wanted:
                record[name] = wanted
                continue
            if copied.get(name) != current:
                result.kept.append(name)
                record[name] = copied.get(name, "")
                continue
            result.updated.append(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(origin, target)
        record[name] = wanted
    for name in sorted(set(copied) - set(files)):
        target = dest / name
        if target.is_file() and _digest(target) == copied[name]:
            target.unlink()
            result.removed.append(name)
    dest.mkdir(parents=True, exist_ok=True)
    record_path.write_text(json.dumps({"note": "written by capture_lib: what it copied here, to keep your "
                                                "changes when it updates the copy", "files": record},
                                      indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return result


def _version() -> str:
    try:
        return importlib.metadata.version("capture_lib")
    except importlib.metadata.PackageNotFoundError:
        return "(not installed)"


def synced_copy(found: pathlib.Path, announce: Callable[[str], None] = print) -> Synced | None:
    """Bring the copy of the book in ``found`` up to date with this install's sources (``sync``), saying what
    changed; ``None`` where ``found`` is no copy (a checkout) or this install carries no sources."""
    source = shipped_sources()
    if not (found / RECORD).is_file() or source is None or source.resolve() == found:
        return None
    synced = sync(source, manifest.source_files(source), found)
    if synced.changed:
        announce(f"Brought the book's copy up to date with capture_lib {_version()}: {synced.summary()}")
    return synced


def book_folder(folder: str | os.PathLike[str] | None = None,
                announce: Callable[[str], None] = print) -> pathlib.Path:
    """The book's folder (see the module), copying the book's sources into ``folder`` (default
    ``./capture-book``) when there is none yet, or bringing an earlier copy up to date; ``announce`` tells
    the user what was copied where. ``SystemExit`` with the reason when no book can be had."""
    chosen = pathlib.Path(folder).expanduser() if folder is not None else None
    found = find_book(chosen)
    source = shipped_sources()
    if found is not None:
        synced_copy(found, announce)
        return found
    if source is None:
        raise NoBook("capture: this install of capture_lib carries no copy of the book's sources; "
                     'install it with pip install "capture_lib[book]", or run this in a checkout of the project')
    target = (chosen if chosen is not None else pathlib.Path.cwd() / DEFAULT_FOLDER).resolve()
    if target.is_file():
        raise NoBook(f"capture: {target} is a file, not a folder: name a new or empty folder with --folder")
    if target.is_dir() and any(target.iterdir()):
        raise NoBook(f"capture: {target} is not empty and holds no book: name a new or empty folder "
                     "with --folder")
    sync(source, manifest.source_files(source), target)
    announce(f"Copied the book's sources (capture_lib {_version()}) into {target}; the book is built and "
             "served from there. Run capture book, lab or serve in that folder, or in the folder above it, "
             "to use it again, or name it with --folder.")
    return target


def lab_copies(root: pathlib.Path, dest: pathlib.Path | None = None) -> Synced:
    """Working copies of the book's pages (``root/book``) for JupyterLab, under ``dest`` (default
    ``root/_build/lab``), kept as ``sync`` keeps them: a notebook played and saved stays as it was saved."""
    dest = dest if dest is not None else root.joinpath(*LAB_FOLDER)
    files = [name for name in manifest.source_files(root) if name.startswith("book/")]
    return sync(root, files, dest)
