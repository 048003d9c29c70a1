"""The project as people install it (issue 27): the licence and metadata, what the sdist and the wheel hold,
the book built and served from a pip install outside the checkout, and the publishing workflow.

The sdist and the wheel are built once for the module, without build isolation (no download: the test
environment's setuptools), as ``python -m build`` builds them for a release. The pip-install test puts
the built wheel into a fresh virtual environment outside the checkout and runs the ``capture`` command
there; that environment takes the wheel's dependencies (JupyterLab, Jupyter Book, ...) from the test
environment through a path file rather than installing them again, which would take minutes of CI time
and a network: what is tested is the wheel itself, its entry point and its book, away from the checkout.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import io
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import tarfile
import time
import urllib.request
import zipfile
from email.parser import Parser
from pathlib import PurePosixPath

import pytest

from capture_lib.bookkit import manifest
from capture_lib.bookkit.summaries import find_chromium
from capture_lib.bookkit.wheel import engine_wheel, host_only, module_of, wheel_name

from .conftest import ROOT

VERSION = "0.1.0"


def _tracked() -> list[str] | None:
    """The files git tracks in this checkout, or ``None`` where the tests run outside one (an unpacked sdist)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return None
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True)
    return sorted(name for name in listed.stdout.split("\0") if name and (ROOT / name).is_file())


@contextlib.contextmanager
def _one_build_at_a_time():
    """Hold the checkout's build lock: setuptools writes its egg-info and scratch folder into the checkout, and
    the test command's two processes (or xdist's two workers) may each build at the same moment."""
    (ROOT / "_build").mkdir(exist_ok=True)
    with open(ROOT / "_build" / ".dists.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' scratch folder in the checkout


def _build_env(**given: str) -> dict[str, str]:
    """This environment for a build, without ``CAPTURE_REPOSITORY`` unless ``given`` names it."""
    return {**{k: v for k, v in os.environ.items() if k != "CAPTURE_REPOSITORY"}, **given}


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict:
    """The sdist and the wheel, built from this checkout with ``python -m build --no-isolation`` (no
    ``CAPTURE_REPOSITORY``, as anyone but the publishing workflow builds them)."""
    out = tmp_path_factory.mktemp("dist")
    with _one_build_at_a_time():
        result = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
                                capture_output=True, text=True, timeout=600, env=_build_env())
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    [sdist] = out.glob("capture_lib-*.tar.gz")
    [wheel] = out.glob("capture_lib-*.whl")
    return {"sdist": sdist, "wheel": wheel, "log": result.stdout + result.stderr}


# ----- the licence and the metadata ---------------------------------------------------------------------
def test_the_licence_is_mit_in_a_file_and_in_pep_639_metadata(dists):
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        metadata = Parser().parsestr(wheel.read(f"capture_lib-{VERSION}.dist-info/METADATA").decode())
        assert wheel.read(f"capture_lib-{VERSION}.dist-info/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
    assert metadata["License-Expression"] == "MIT" and metadata["License-File"] == "LICENSE"
    assert metadata["License"] is None, "the deprecated License field is still written"
    assert "deprecated" not in dists["log"].lower(), dists["log"][-3000:]


def _metadata(text: str):
    return Parser().parsestr(text)


def test_project_urls_come_from_capture_repository_at_build_time_and_none_without_it(dists, tmp_path):
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        plain = _metadata(wheel.read(f"capture_lib-{VERSION}.dist-info/METADATA").decode())
    assert plain.get_all("Project-URL") is None, "built without CAPTURE_REPOSITORY, the package claims no address"
    # With it: only the wheel's metadata (PEP 517's prepare_metadata_for_build_wheel, a second or two), not a
    # second whole build; the same setup.py gives both.
    script = ("import sys; from build import ProjectBuilder; "
              "print(ProjectBuilder(sys.argv[1], python_executable=sys.executable).metadata_path(sys.argv[2]))")
    with _one_build_at_a_time():
        made = subprocess.run([sys.executable, "-c", script, str(ROOT), str(tmp_path)], capture_output=True, text=True,
                              timeout=300, env=_build_env(CAPTURE_REPOSITORY="https://github.com/Ada/capture.git"))
    assert made.returncode == 0, (made.stdout + made.stderr)[-3000:]
    folder = pathlib.Path(made.stdout.strip().splitlines()[-1])
    urls = _metadata((folder / "METADATA").read_text(encoding="utf-8")).get_all("Project-URL")
    assert urls == ["Homepage, https://github.com/Ada/capture", "Repository, https://github.com/Ada/capture",
                    "Issues, https://github.com/Ada/capture/issues", "Documentation, https://ada.github.io/capture/"]


def test_twine_finds_nothing_to_fix_in_either_distribution(dists):
    result = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(dists["sdist"]),
                             str(dists["wheel"])], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.count("PASSED") == 2, result.stdout + result.stderr


# ----- what the sdist and the wheel hold ----------------------------------------------------------------------
def test_the_sdist_holds_every_tracked_file(dists):
    tracked = _tracked()
    if tracked is None:
        pytest.skip("not a git checkout (these tests run from an unpacked sdist): nothing to compare with")
    with tarfile.open(dists["sdist"]) as sdist:
        held = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    missing = [name for name in tracked if name not in held]
    assert not missing, f"the sdist lacks {len(missing)} tracked files, e.g. {missing[:10]}"
    assert {"tests/conftest.py", "LICENSE", "setup.py", "book/intro.ipynb", "_toc.yml"} <= held


def test_the_wheel_carries_the_books_sources_and_nothing_of_the_tests(dists):
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        names = wheel.namelist()
    book = sorted(name.removeprefix("capture_lib/_book/") for name in names if name.startswith("capture_lib/_book/"))
    assert book == manifest.source_files(ROOT)
    assert {"_config.yml", "book/_ext/static_book.py", "results/card-commander/ratings.jsonl"} <= set(book)
    assert not [name for name in names if name.startswith(("tests/", "bench/", "tools/"))]
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_the_engines_wheel_is_the_packages_wheel_without_the_book(dists, tmp_path):
    path = engine_wheel(tmp_path / "a")
    assert path.name == wheel_name() and path.read_bytes() == engine_wheel(tmp_path / "b").read_bytes()
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        package = {name for name in wheel.namelist() if name.startswith("capture_lib/")
                   and not name.startswith("capture_lib/_book/") and not host_only(module_of(PurePosixPath(name)))}
    with zipfile.ZipFile(path) as engine:
        assert engine.testzip() is None
        names = engine.namelist()
        record = engine.read(f"capture_lib-{VERSION}.dist-info/RECORD").decode()
    assert {name for name in names if name.startswith("capture_lib/")} == package
    assert {line.split(",")[0] for line in record.splitlines()} == set(names)


# ----- the book from a pip install, outside the checkout -------------------------------------------------
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.read()


#: A small part of the book, to build within the test's time: the front page, a play page (boards), a rules
#: index (it reads the book's own pages), a chapter of numbers (it reads the stored games) and a summary (a
#: handout: the build prints its PDF, and only its, bookkit.toc).
SMALL_TOC = """format: jb-book
root: book/intro
chapters:
  - file: book/card-commander/play
  - file: book/card-commander/rules-index
  - file: book/card-commander/summary
  - file: book/analysis/card-commander
"""


@pytest.fixture(scope="module")
def installed(dists, tmp_path_factory) -> dict:
    """A fresh virtual environment outside the checkout with the built wheel installed (see the module)."""
    home = tmp_path_factory.mktemp("pip-install")
    venv = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    # The dependencies: this environment's site-packages, after the fresh one's own (where the wheel goes).
    # A path file's lines are only added to sys.path: the editable install's hooks there are not run.
    (pathlib.Path(site) / "zz-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                             "--no-index", "--quiet", str(dists["wheel"])], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    work = home / "elsewhere"
    work.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "CAPTURE_RESULTS")}
    env.update(PYTHONUNBUFFERED="1", PYTHONDONTWRITEBYTECODE="1")
    return {"python": python, "capture": venv / "bin" / "capture", "site": pathlib.Path(site), "work": work, "env": env}


def run(installed: dict, *args: str, cwd=None, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run the installed ``capture`` (or ``python -m ...`` with ``args[0] == "-m"``) outside the checkout."""
    command = [str(installed["python"]), *args] if args[0] == "-m" else [str(installed["capture"]), *args]
    return subprocess.run(command, cwd=cwd or installed["work"], env=installed["env"], capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.mark.slow
def test_the_installed_package_is_the_wheels_not_the_checkouts(installed):
    where = run(installed, "-m", "capture_lib.cli", "games")
    assert where.returncode == 0 and "card-commander: Card Commander" in where.stdout, where.stderr
    shown = subprocess.run([str(installed["python"]), "-c", "import capture_lib; print(capture_lib.__file__)"],
                           cwd=installed["work"], env=installed["env"], capture_output=True, text=True, check=True)
    assert shown.stdout.strip().startswith(str(installed["site"])), shown.stdout


@pytest.mark.slow
def test_lab_book_and_serve_work_from_a_pip_install_in_any_folder(installed, built_book):
    # After the checkout's own build (``built_book``), whose kept runtime, check and compressed copies the copy's
    # build takes, as a second build of the same engine takes its own (they are keyed on what they are made of).
    work = installed["work"]
    book = work / "capture-book"
    # capture lab copies the book's sources (saying where) and opens working copies; --version stands in
    # for JupyterLab's start, which the browser tests cover.
    lab = run(installed, "lab", "--", "--version")
    assert lab.returncode == 0, lab.stdout + lab.stderr
    assert f"Copied the book's sources (capture_lib {VERSION}) into {book}" in lab.stdout
    assert (book / "_config.yml").is_file()
    assert (book / "_build" / "lab" / "book" / "card-commander" / "play.ipynb").is_file()
    assert lab.stdout.strip().splitlines()[-1][0].isdigit(), lab.stdout  # JupyterLab's version, last

    # A small part of the book, to stay within the test's time.
    (book / "_toc.yml").write_text(SMALL_TOC, encoding="utf-8")
    if (ROOT / "node_modules" / "pyodide").is_dir():  # the runtime npm ci put in the checkout: no network here
        (book / "node_modules").symlink_to(ROOT / "node_modules")
    if (ROOT / "_build" / ".capture-engine").is_dir():
        shutil.copytree(ROOT / "_build" / ".capture-engine", book / "_build" / ".capture-engine")
    built = run(installed, "book", cwd=book, timeout=900)
    assert built.returncode == 0, (built.stdout + built.stderr)[-4000:]
    assert "The book is built. For live boards, serve it and open the address it prints: capture serve" in built.stdout
    assert (book / "_build" / "html" / "index.html").as_uri() in built.stdout, built.stdout
    assert "Copied" not in built.stdout, "the copy was made again"
    # The chapter of numbers read the stored games the copy holds.
    numbers = (book / "_build" / "html" / "book" / "analysis" / "card-commander.html").read_text(encoding="utf-8")
    assert "stored games" in numbers and "Traceback" not in numbers
    # The handouts of its own pages only: Card Commander's summary, printed from the installed package.
    if find_chromium() is not None:
        printed = sorted(p.relative_to(book / "_build" / "html").as_posix()
                         for p in (book / "_build" / "html").glob("*/*.pdf"))
        assert printed == ["summaries/card-commander.pdf"], printed

    port = _free_port()
    server = subprocess.Popen([str(installed["capture"]), "serve", f"--port={port}"], cwd=work, env=installed["env"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        deadline, said = time.monotonic() + 60, ""
        while "Ready: open" not in said and time.monotonic() < deadline and server.poll() is None:
            said += server.stdout.readline()
        assert "Ready: open" in said, said
        base = f"http://127.0.0.1:{port}"
        page = _get(f"{base}/book/card-commander/play.html").decode()
        assert "card-commander" in page
        # The page names the engine's and the runtime's folders (named by their contents, so caches never go stale).
        folders = dict(re.findall(r'data-capture-(engine|runtime)="([^"]+)"', page))
        engine = _get(f"{base}/_static/capture/{folders['engine']}capture_lib-{VERSION}-py3-none-any.whl")
        with zipfile.ZipFile(io.BytesIO(engine)) as wheel:
            names = wheel.namelist()
        # The engine's modules as source, or compiled where the build could run Pyodide (engine_runtime).
        assert {"capture_lib/__init__.py", "capture_lib/__init__.pyc"} & set(names), names[:5]
        assert not [n for n in names if "/_book/" in n]
        if (ROOT / "node_modules" / "pyodide").is_dir():
            assert len(_get(f"{base}/_static/capture/{folders['runtime']}pyodide.asm.wasm")) > 1_000_000
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.mark.slow
def test_ratings_from_a_pip_install_never_write_into_the_package(installed, tmp_path):
    shipped = installed["site"] / "capture_lib" / "search" / "level_ratings.json"
    before = hashlib.sha256(shipped.read_bytes()).hexdigest()
    empty = run(installed, "-m", "capture_lib.experiments.ratings", cwd=tmp_path)
    assert empty.returncode == 1 and "no round robin is stored under" in empty.stderr, empty.stdout + empty.stderr
    results = tmp_path / "results"
    shutil.copytree(ROOT / "results" / "card-commander", results / "card-commander",
                    ignore=shutil.ignore_patterns("*.tmp"))
    made = run(installed, "-m", "capture_lib.experiments.ratings", cwd=tmp_path)
    assert made.returncode == 0 and f"wrote {results / 'level_ratings.json'}" in made.stdout, made.stdout + made.stderr
    assert list(json.loads((results / "level_ratings.json").read_text(encoding="utf-8"))["games"]) == ["card-commander"]
    assert hashlib.sha256(shipped.read_bytes()).hexdigest() == before


# ----- publishing the book ------------------------------------------------------------------------------------
WORKFLOW = ROOT / ".github" / "workflows" / "publish-book.yml"


def _actionlint(*paths) -> subprocess.CompletedProcess:
    program = shutil.which("actionlint", path=os.path.dirname(sys.executable)) or shutil.which("actionlint")
    if program is None:
        pytest.fail('actionlint is missing: it comes with the test extra (pip install -e ".[test]")')
    return subprocess.run([program, "-no-color", *map(str, paths)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


def test_the_publishing_workflow_passes_actionlint_and_builds_with_the_readmes_command(tmp_path):
    result = _actionlint(WORKFLOW)
    assert result.returncode == 0, result.stdout + result.stderr
    text = WORKFLOW.read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "run: bash tools/build-book.sh" in text and "bash tools/build-book.sh" in readme
    assert "path: _build/html" in text and "actions/deploy-pages@" in text
    # actionlint is really looking: the same workflow with a mistake in it is refused.
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(text.replace("runs-on: ubuntu-latest", "runs-on: ubuntu-lastest", 1), encoding="utf-8")
    refused = _actionlint(broken)
    assert refused.returncode != 0 and "ubuntu-lastest" in refused.stdout, refused.stdout + refused.stderr
