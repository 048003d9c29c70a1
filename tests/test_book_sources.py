"""Where the book's sources are, the copies made of them, and what playing and experiments may write
(issue 27): ``capture_lib.bookkit.sources``, ``capture lab``'s working copies, ``capture_lib.core.places``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from capture_lib import cli
from capture_lib.bookkit import manifest, sources
from capture_lib.core import places
from capture_lib.experiments import ratings

from .conftest import ROOT


def write(path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def source(tmp_path):
    """A small book folder to copy from."""
    root = tmp_path / "source"
    write(root / "_config.yml", "title: t\n")
    write(root / "_toc.yml", "root: book/intro\n")
    write(root / "book" / "intro.md", "# intro\n")
    write(root / "book" / "a" / "play.ipynb", "{}")
    write(root / "book" / "_build" / "html" / "x.html", "built")
    write(root / "results" / "a" / "ratings.jsonl", "{}\n")
    write(root / "results" / "tmp" / "scratch.jsonl", "{}\n")
    return root


# ----- which files, and copies that keep the user's work ----------------------------------------------------
def test_the_sources_are_the_books_files_without_builds_or_scratch(source):
    assert manifest.source_files(source) == ["_config.yml", "_toc.yml", "book/a/play.ipynb", "book/intro.md",
                                             "results/a/ratings.jsonl"]


def test_the_checkouts_sources_are_what_the_build_reads():
    files = manifest.source_files(ROOT)
    assert {"_config.yml", "_toc.yml", "package-lock.json", "book/_ext/static_book.py"} <= set(files)
    assert not [name for name in files if name.startswith(("capture_lib/", "tests/", "book/_build/"))]


def test_a_copy_is_updated_where_untouched_and_keeps_what_the_user_changed(source, tmp_path):
    dest = tmp_path / "copy"
    first = sources.sync(source, manifest.source_files(source), dest)
    assert len(first.added) == 5 and not (first.updated or first.kept or first.removed)
    assert (dest / "book" / "a" / "play.ipynb").read_text() == "{}"
    # The user plays (the notebook gets outputs), edits the contents and deletes a page.
    write(dest / "book" / "a" / "play.ipynb", '{"played": true}')
    write(dest / "_toc.yml", "root: mine\n")
    (dest / "book" / "intro.md").unlink()
    # A newer capture_lib: every source file changed, one new, one gone.
    for name in ("_config.yml", "_toc.yml", "book/a/play.ipynb", "book/intro.md"):
        write(source / name, "new " + name)
    write(source / "book" / "b.md", "new page")
    (source / "results" / "a" / "ratings.jsonl").unlink()
    second = sources.sync(source, manifest.source_files(source), dest)
    assert second.added == ["book/b.md", "book/intro.md"] and second.updated == ["_config.yml"]
    assert second.kept == ["_toc.yml", "book/a/play.ipynb"] and second.removed == ["results/a/ratings.jsonl"]
    assert (dest / "book" / "a" / "play.ipynb").read_text() == '{"played": true}'
    assert (dest / "_toc.yml").read_text() == "root: mine\n"
    assert (dest / "book" / "intro.md").read_text() == "new book/intro.md"  # deleted: the current version
    assert "kept as you changed them: _toc.yml, book/a/play.ipynb" in second.summary()
    third = sources.sync(source, manifest.source_files(source), dest)
    assert not third.changed and third.kept == second.kept


def test_a_file_that_was_there_before_any_copy_is_never_overwritten(source, tmp_path):
    dest = tmp_path / "copy"
    write(dest / "_toc.yml", "someone else's\n")
    synced = sources.sync(source, manifest.source_files(source), dest)
    assert synced.kept == ["_toc.yml"] and (dest / "_toc.yml").read_text() == "someone else's\n"


# ----- the book's folder -----------------------------------------------------------------------------------
@pytest.fixture
def pip_installed(source, monkeypatch, tmp_path):
    """As from a pip install: the package carries ``source`` as its book, and runs from no checkout."""
    monkeypatch.setattr(sources, "SHIPPED", source)
    monkeypatch.setattr(places, "checkout", lambda: None)
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    return here


def test_from_a_pip_install_the_book_is_copied_once_into_capture_book_and_found_again(pip_installed, source):
    said = []
    folder = sources.book_folder(announce=said.append)
    assert folder == pip_installed / "capture-book" and (folder / "book" / "a" / "play.ipynb").is_file()
    assert len(said) == 1 and f"into {folder}" in said[0] and "--folder" in said[0]
    assert sources.book_folder(announce=said.append) == folder and len(said) == 1  # found, not copied again
    os.chdir(folder)
    assert sources.book_folder(announce=said.append) == folder  # from inside it too
    write(source / "book" / "intro.md", "# a newer intro\n")
    assert sources.book_folder(announce=said.append) == folder
    assert len(said) == 2 and "1 updated" in said[1]
    assert (folder / "book" / "intro.md").read_text() == "# a newer intro\n"


def test_a_folder_of_the_users_choosing_and_one_that_is_not_empty(pip_installed, tmp_path):
    chosen = sources.book_folder(tmp_path / "my book", announce=lambda _: None)
    assert chosen == (tmp_path / "my book").resolve() and sources.is_book_folder(chosen)
    write(tmp_path / "busy" / "notes.txt", "mine")
    with pytest.raises(SystemExit, match="not empty and holds no book"):
        sources.book_folder(tmp_path / "busy", announce=lambda _: None)
    assert sorted(p.name for p in (tmp_path / "busy").iterdir()) == ["notes.txt"]


def test_without_a_book_in_the_package_or_a_checkout_the_message_says_what_to_install(pip_installed, monkeypatch):
    monkeypatch.setattr(sources, "SHIPPED", pip_installed / "nothing")
    with pytest.raises(SystemExit, match=r'pip install "capture_lib\[book\]"'):
        sources.book_folder(announce=lambda _: None)


def test_another_projects_jupyter_book_in_this_folder_is_not_ours(pip_installed):
    write(pip_installed / "_config.yml", "title: someone else's book\n")
    (pip_installed / "book").mkdir()
    assert sources.find_book() is None


def test_in_a_checkout_the_checkout_is_the_book(monkeypatch, tmp_path):
    assert sources.find_book() == ROOT
    monkeypatch.chdir(tmp_path)  # from any other folder, through the package it runs
    assert sources.find_book() == ROOT and sources.book_folder(announce=pytest.fail) == ROOT


# ----- capture lab never edits the book ------------------------------------------------------------------------
def test_capture_lab_opens_working_copies_so_a_game_leaves_the_book_unchanged(monkeypatch, capsys):
    ran = []
    monkeypatch.setattr(os, "execvp", lambda program, argv: ran.append(argv))
    monkeypatch.setattr(cli, "running_as_root", lambda: False)
    monkeypatch.delenv(places.RESULTS_ENV, raising=False)  # capture lab sets it for JupyterLab: undone after
    cli.main(["lab", "--", "--no-browser"])
    notebooks = ROOT / "_build" / "lab" / "book"
    assert ran[-1][1:3] == ["-m", "jupyterlab"] and f"--notebook-dir={notebooks}" in ran[-1]
    assert "--allow-root" not in ran[-1] and os.environ[places.RESULTS_ENV] == str(ROOT / "results")
    # A game played and saved in JupyterLab writes its outputs into the working copy only.
    played = notebooks / "card-commander" / "play.ipynb"
    original = (ROOT / "book" / "card-commander" / "play.ipynb").read_bytes()
    notebook = json.loads(played.read_text(encoding="utf-8"))
    notebook["cells"][-1].setdefault("outputs", []).append({"output_type": "stream", "name": "stdout",
                                                            "text": ["a whole game\n"]})
    played.write_text(json.dumps(notebook), encoding="utf-8")
    try:
        cli.main(["lab"])  # the next session keeps the played copy
        assert json.loads(played.read_text(encoding="utf-8")) == notebook
        assert (ROOT / "book" / "card-commander" / "play.ipynb").read_bytes() == original
        if shutil.which("git") and (ROOT / ".git").exists():
            status = subprocess.run(["git", "status", "--porcelain", "--", "book", "_build"], cwd=ROOT,
                                    capture_output=True, text=True, check=True).stdout
            assert status == "", status
    finally:
        played.unlink()  # the next capture lab copies it afresh
    capsys.readouterr()


def test_as_root_capture_lab_starts_jupyterlab_with_allow_root_and_says_so(monkeypatch, capsys):
    ran = []
    monkeypatch.setattr(os, "execvp", lambda program, argv: ran.append(argv))
    monkeypatch.setattr(cli, "running_as_root", lambda: True)
    monkeypatch.delenv(places.RESULTS_ENV, raising=False)
    cli.main(["lab", "--", "--port", "9999"])
    assert ran[-1][3] == "--allow-root" and ran[-1][-2:] == ["--port", "9999"]
    assert "--allow-root" in capsys.readouterr().err
    cli.main(["lab", "--", "--allow-root"])
    assert ran[-1].count("--allow-root") == 1


# ----- experiments and ratings write where they should -------------------------------------------------------
def test_the_stored_games_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(places.RESULTS_ENV, raising=False)
    assert places.checkout() == ROOT and places.results_dir() == ROOT / "results"
    assert places.results_dir(tmp_path) == tmp_path
    monkeypatch.setenv(places.RESULTS_ENV, str(tmp_path / "env"))
    assert places.results_dir() == tmp_path / "env"
    monkeypatch.delenv(places.RESULTS_ENV)
    monkeypatch.setattr(places, "checkout", lambda: None)
    monkeypatch.chdir(tmp_path)
    assert places.results_dir() == tmp_path / "results"


def test_from_a_pip_install_the_ratings_summary_goes_to_the_results_folder(monkeypatch, tmp_path):
    shutil.copytree(ROOT / "results" / "card-commander", tmp_path / "card-commander")
    assert ratings.summary_target(tmp_path) == ratings.SUMMARY  # a checkout rewrites the file it ships
    monkeypatch.setattr(places, "checkout", lambda: None)
    before = ratings.SUMMARY.read_bytes()
    assert ratings.main(["--results", str(tmp_path)]) == 0
    assert ratings.SUMMARY.read_bytes() == before
    assert list(json.loads((tmp_path / "level_ratings.json").read_text())["games"]) == ["card-commander"]
    out = tmp_path / "elsewhere" / "summary.json"
    assert ratings.main(["--results", str(tmp_path), "--out", str(out)]) == 0 and out.is_file()


def test_no_stored_round_robin_is_refused_rather_than_an_empty_summary(tmp_path, capsys):
    with pytest.raises(SystemExit) as refused:
        ratings.main(["--results", str(tmp_path), "--out", str(tmp_path / "summary.json")])
    assert refused.value.code == 1 and "no round robin is stored under" in capsys.readouterr().err
    assert not (tmp_path / "summary.json").exists()
