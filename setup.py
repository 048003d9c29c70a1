"""The wheel's build step that pyproject.toml cannot say: it carries the book's sources.

``pip install "capture_lib[book]"`` must be able to build and serve the book without a checkout, so the
wheel holds the book's sources (the list is ``capture_lib/bookkit/manifest.py``) under
``capture_lib/_book``; ``capture book``, ``capture lab`` and ``capture serve`` copy them into a folder of
the user's (``capture_lib/bookkit/sources.py``). An editable install reads the checkout itself instead.
The project's URLs are the repository's that ``CAPTURE_REPOSITORY`` names at build time
(``capture_lib/bookkit/repository.py``), and none without it. Everything else about the package is in
pyproject.toml.
"""

from __future__ import annotations

import importlib.util
import pathlib
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = pathlib.Path(__file__).resolve().parent
#: Where the book's sources go inside the built package.
SHIPPED = ("capture_lib", "_book")


def _bookkit(name):
    # By path: capture_lib itself is not importable while it is being built.
    path = HERE / "capture_lib" / "bookkit" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"capture_book_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _manifest():
    return _bookkit("manifest")


def _project_urls():
    repository = _bookkit("repository")
    return repository.project_urls(repository.repository())


class BuildPyWithBook(build_py):
    """setuptools' ``build_py``, then the book's sources copied into the built package."""

    def run(self) -> None:
        """Build the package, then copy the book's sources under ``capture_lib/_book`` (not for an editable install)."""
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's own book
        target = pathlib.Path(self.build_lib).joinpath(*SHIPPED)
        shutil.rmtree(target, ignore_errors=True)  # a build folder left from an earlier build
        files = _manifest().source_files(HERE)
        if "_config.yml" not in files or not any(name.startswith("book/") for name in files):
            raise SystemExit(f"setup.py: the book's sources are missing from {HERE} (an sdist without book/?)")
        for name in files:
            destination = target / name
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(HERE / name, destination)


setup(cmdclass={"build_py": BuildPyWithBook}, project_urls=_project_urls())
