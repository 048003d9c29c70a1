"""Start and stop Jupyter servers (Voila through ``capture_lib.classroom.voila``, JupyterLab) for browser tests.

Each server runs in its own process group with its Jupyter folders in a temporary directory and its
log in a file; stopping it sends SIGTERM to the group, then SIGKILL after a grace period. Every wait
is bounded.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
START_SECONDS = 60
GRACE_SECONDS = 5


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def jupyter_env(home: pathlib.Path) -> dict[str, str]:
    """The environment for a server whose Jupyter config, data, runtime and settings live under ``home``."""
    env = dict(os.environ)
    for name, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                      ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
                      ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"), ("IPYTHONDIR", "ipython"),
                      ("TMPDIR", "tmp")):
        path = home / sub
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    env["PYTHONUNBUFFERED"] = "1"
    return env


@dataclass
class Server:
    """A server process group, its base URL, its token and its log file."""

    process: subprocess.Popen
    url: str
    token: str
    log: pathlib.Path

    def log_tail(self, chars: int = 3000) -> str:
        """The end of the server's log, for failure messages."""
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        """SIGTERM to the whole group, then SIGKILL after a grace period."""
        if self.process.poll() is not None:
            return
        pgid = self.process.pid  # start_new_session: the group id is the leader's pid
        try:
            os.killpg(pgid, signal.SIGTERM)
            self.process.wait(timeout=GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            pass
        except ProcessLookupError:
            return
        try:
            os.killpg(pgid, signal.SIGKILL)  # whatever of the group is still there (kernels)
        except ProcessLookupError:
            pass
        try:
            self.process.wait(timeout=GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            pass


def start(command: list[str], home: pathlib.Path, port: int, token: str, ready_path: str,
          extra_env: dict[str, str] | None = None) -> Server:
    """Start ``command`` in its own process group (its environment plus ``extra_env``) and wait (bounded)
    until ``ready_path`` answers."""
    log = home / "server.log"
    env = {**jupyter_env(home), **(extra_env or {})}
    with open(log, "wb") as out:
        process = subprocess.Popen(command, cwd=home, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    server = Server(process, f"http://127.0.0.1:{port}", token, log)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped at start (exit {process.returncode}):\n{server.log_tail()}")
        try:
            urllib.request.urlopen(server.url + ready_path, timeout=2).close()
            return server
        except urllib.error.HTTPError:
            return server  # any HTTP answer (404 included) means the server is up
        except OSError:
            time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"the server did not answer within {START_SECONDS} s:\n{server.log_tail()}")


def start_voila(home: pathlib.Path, token: str = "capture-test-token", max_pages: int | None = None,
                pages_per_student: int | None = None) -> Server:
    """``capture serve`` (Voila on the play pages) on a free port of 127.0.0.1, as a class gets it: the token
    in the environment (not on a command line), short errors; the limits are the defaults unless given."""
    port = free_port()
    command = [sys.executable, "-m", "capture_lib.cli", "serve", "--voila", f"--port={port}"]
    if max_pages is not None:
        command.append(f"--max-pages={max_pages}")
    if pages_per_student is not None:
        command.append(f"--pages-per-student={pages_per_student}")
    return start(command, home, port, token, "/voila/static/", extra_env={"CAPTURE_TOKEN": token})


def start_lab(home: pathlib.Path, notebooks: pathlib.Path, token: str = "capture-test-token") -> Server:
    """JupyterLab on ``notebooks`` (a copy: Lab autosaves) on a free port, news and updates off."""
    port = free_port()
    # No "official Jupyter news?" question on a test's first visit.
    settings = home / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}', encoding="utf-8")
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.port_retries=0",
               "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}", "--ServerApp.allow_root=True",
               f"--ServerApp.root_dir={notebooks}", "--LabApp.news_url=None",
               "--LabApp.extension_manager=readonly", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--ServerApp.open_browser=False"]
    return start(command, home, port, token, "/api/status")


@contextlib.contextmanager
def lab_on_copies(tmp_path: pathlib.Path, *notebooks: pathlib.Path):
    """JupyterLab on a folder that holds copies of ``notebooks`` (Lab autosaves what it opens)."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    for notebook in notebooks:
        shutil.copyfile(notebook, folder / notebook.name)
    home = tmp_path / "home"
    home.mkdir()
    server = start_lab(home, folder)
    try:
        yield server
    finally:
        server.stop()
