"""``capture serve``: the book's play pages in Voila, so a class can play in a browser without code.

Voila runs each game's ``book/<game>/play.ipynb`` as a web page that shows only the cells' outputs
(the board) and never the code. A chooser page (``book/play.ipynb``) links to every game that has a
play page. The server only sees a private copy of those notebooks, so the rest of the book (and the
book's own files) cannot be opened or changed from the browser.

By default the server listens on 127.0.0.1 only, and every page needs a token (generated when none
is given) that is printed with the address. The token reaches Voila in a config file that only the
teacher can read, never on a command line (which every user of the machine can read in ``/proc``). A
teacher who wants the class to join over the room's network binds it to the machine's address
(``ip="0.0.0.0"``) and hands out the printed address with the machine's name or address in place of the IP.

The served kernels are bounded (``capture_lib.classroom.limits``: one per page and student, a few per
student, ``max_pages`` in all); a student without the token sees a page saying to ask the teacher
(``capture_lib.classroom.auth``); a failure in a page's kernel shows the student one short line and the
teacher's terminal the traceback (``capture_lib.classroom.kernel``).
"""

from __future__ import annotations

import html
import json
import os
import pathlib
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import webbrowser
from types import FrameType

from capture_lib.bookkit.pages import COURSE_NOTEBOOK, PLAY_NOTEBOOK, PlayPage, play_pages  # noqa: F401 - the tests read them here

#: Voila's usual port.
DEFAULT_PORT = 8866
#: The chooser notebook, at the top of the served folder.
CHOOSER = "play.ipynb"
#: The play notebook inside each game's folder of the book.
#: The course inside each game's folder of the book (``COURSE_NOTEBOOK``) is served next to its play page.
#: The kernel of a page that is no longer open is stopped after this many idle seconds. (Voila 0.5.13
#: asks to stop it when the page closes, but that request is refused for want of an ``_xsrf`` cookie.)
#: A page that stays open keeps its kernel however long the player thinks. Short, because a closed
#: page's kernel is only memory; a page whose network drops for longer than this must be reloaded.
IDLE_KERNEL_SECONDS = 120
#: How often (seconds) Jupyter looks for idle kernels to stop.
CULL_INTERVAL_SECONDS = 30
#: The most pages (kernels) open at once in the whole class (a class of 30 with a play page each, and
#: some with the chooser or a course open too); see the teacher's guide for the memory it needs.
MAX_PAGES = 40
#: The most pages one student (one browser) keeps; one more stops their least recently used page.
PAGES_PER_STUDENT = 3
#: The environment variable ``capture serve`` reads the token from (a command line is public).
TOKEN_ENV = "CAPTURE_TOKEN"
#: Voila's config file, in a folder of the server's own; it holds the token.
CONFIG_FILE = "voila.py"
#: Our Voila page template: Voila's "lab" template without the icon font it loads from a CDN (a
#: classroom may have no internet, and nothing on these pages uses those icons).
TEMPLATE = "capture"
#: The folder under our template where the kernel manager writes why each kernel stopped (``<id>.json``),
#: served to the pages at ``/voila/templates/capture/static/stopped/``.
NOTICES = ("static", "stopped")
#: How often (milliseconds) a page asks whether its kernel still runs.
WATCH_MS = 15_000
#: The page watch, in every served page's head: every ``WATCH_MS`` it asks the server for its kernel; when
#: the kernel is gone it shows why (``capture_lib.classroom.limits`` wrote the reason) and a button to
#: reload, and when the server cannot be reached twice running it says so. Without it a page whose kernel
#: stopped looks alive, takes clicks and answers nothing. It fetches nothing from elsewhere.
PAGE_WATCH = """(() => {
  "use strict";
  const EVERY_MS = %(every)d;
  let failures = 0;
  let said = false;
  const config = () => {
    const element = document.getElementById("jupyter-config-data");
    try { return element ? JSON.parse(element.textContent) : null; } catch (error) { return null; }
  };
  const say = (text) => {
    if (said || !document.body) return;
    said = true;
    const box = document.createElement("div");
    box.className = "capture-stopped";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:10000;padding:.8em 1em;" +
      "background:#fff4d6;color:#222;border-bottom:2px solid #8a5a00;font:16px/1.4 system-ui,sans-serif";
    const line = document.createElement("p");
    line.style.margin = "0 0 .5em";
    line.textContent = text;
    const reload = document.createElement("button");
    reload.type = "button";
    reload.textContent = "Reload this page";
    reload.style.font = "inherit";
    reload.addEventListener("click", () => location.reload());
    box.append(line, reload);
    document.body.prepend(box);
  };
  const check = async () => {
    const page = config();
    if (said || !page || !page.kernelId) return;
    const base = page.baseUrl || "/";
    let answer;
    try {
      answer = await fetch(`${base}api/kernels/${page.kernelId}`, {credentials: "same-origin", cache: "no-store"});
    } catch (error) {
      failures += 1;
      if (failures >= 2) say("The game server cannot be reached: the teacher may have stopped it, or the " +
                             "network is down. Reload this page when it is back.");
      return;
    }
    failures = 0;
    if (answer.status !== 404) return;
    let reason = "";
    try {
      const notice = await fetch(`${base}voila/templates/%(template)s/static/stopped/${page.kernelId}.json`,
                                 {cache: "no-store"});
      if (notice.ok) reason = (await notice.json()).reason || "";
    } catch (error) { /* said without the reason */ }
    say(`This page has stopped${reason ? ": " + reason : ""}. It no longer answers your moves: reload it ` +
        "to play here again.");
  };
  setInterval(check, EVERY_MS);
})();"""
CDN_LINKS = (
    '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css"'
    ' type="text/css" />',
    '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/v4-shims.min.css"'
    ' type="text/css" />',
)


def book_dir() -> pathlib.Path:
    """The ``book/`` folder of the source checkout."""
    from capture_lib.bookkit.build import project_root

    return project_root() / "book"


def chooser_html(pages: list[PlayPage]) -> str:
    """The chooser's list of links; each link is relative, so it works under any server prefix."""
    if not pages:
        return '<p class="capture-chooser">No game has a play page yet.</p>'
    items = "".join(f'<li><a href="{html.escape(page.path)}">{html.escape(page.title)}</a></li>' for page in pages)
    chooser = f'<ul class="capture-chooser">{items}</ul>'
    courses = "".join(f'<li><a href="{html.escape(page.course)}">{html.escape(page.title)}: the course</a></li>'
                      for page in pages if page.course)
    if courses:
        chooser += ('<p>New to a game? Learn it by playing, one short level at a time:</p>'
                    f'<ul class="capture-courses">{courses}</ul>')
    return chooser


def show_chooser(folder: pathlib.Path | str | None = None) -> list[PlayPage]:
    """Display the chooser's links in a notebook (the chooser page's only output); return the pages."""
    from IPython.display import HTML, display

    pages = play_pages(folder)
    display(HTML(chooser_html(pages)))
    return pages


def prepare_site(dest: pathlib.Path, book: pathlib.Path | None = None) -> list[PlayPage]:
    """Copy the chooser and every game's play notebook and course from ``book`` into the empty folder ``dest``.

    Voila is given only this copy: no other notebook of the book can be opened through the server.
    """
    book = book if book is not None else book_dir()
    chooser = book / CHOOSER
    if not chooser.is_file():
        raise FileNotFoundError(f"the game chooser {chooser} is missing")
    pages = play_pages(book)
    if not pages:
        raise FileNotFoundError(f"no game has a play page ({PLAY_NOTEBOOK}) under {book}")
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(chooser, dest / CHOOSER)
    for page in pages:
        (dest / page.slug).mkdir(exist_ok=True)
        shutil.copyfile(book / page.path, dest / page.path)
        if page.course:
            shutil.copyfile(book / page.course, dest / page.course)
    return pages


def write_template(share: pathlib.Path) -> pathlib.Path:
    """Write the ``capture`` Voila template under ``share`` (a Jupyter data folder); return its folder."""
    folder = share / "voila" / "templates" / TEMPLATE
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.json").write_text(json.dumps({"base_template": "lab"}), encoding="utf-8")
    dropped = "".join(f" | replace({link!r}, '')" for link in CDN_LINKS)
    watch = PAGE_WATCH % {"every": WATCH_MS, "template": TEMPLATE}
    (folder / "index.html.j2").write_text(
        "{%- extends 'voila/templates/lab/index.html.j2' -%}\n"
        "{%- block notebook_css -%}\n"
        f"{{{{ super(){dropped} }}}}\n"
        "{%- endblock notebook_css -%}\n"
        "{%- block html_head_js -%}\n"
        "{{ super() }}\n"
        f"<script>\n{watch}\n</script>\n"
        "{%- endblock html_head_js -%}\n", encoding="utf-8")
    folder.joinpath(*NOTICES).mkdir(parents=True, exist_ok=True)
    for status in (429, 503):  # Jupyter renders "<status>.html" for an error before "error.html"
        (folder / f"{status}.html").write_text(error_page_template(), encoding="utf-8")
    return folder


def voila_config(token: str, max_pages: int = MAX_PAGES, pages_per_student: int = PAGES_PER_STUDENT,
                 notices: pathlib.Path | str = "") -> str:
    """The text of Voila's config file: the token, our login page and our bounded kernel manager, which
    writes why it stopped a kernel into ``notices`` (the template's folder the pages read)."""
    if max_pages < 1 or pages_per_student < 1:
        raise ValueError(f"a class needs at least 1 page in all and per student (got {max_pages} and "
                         f"{pages_per_student})")
    return "\n".join([
        "# Written by capture serve for one run; only its owner may read it, for it holds the token.",
        "from capture_lib.classroom.auth import ClassroomIdentityProvider",
        "from capture_lib.classroom.limits import ClassroomKernelManager, prelaunch_hook",
        f"c.Voila.token = {token!r}",
        "c.Voila.identity_provider_class = ClassroomIdentityProvider",
        "c.VoilaConfiguration.multi_kernel_manager_class = ClassroomKernelManager",
        "c.VoilaConfiguration.prelaunch_hook = prelaunch_hook",
        f"c.ClassroomKernelManager.max_kernels = {int(max_pages)}",
        f"c.ClassroomKernelManager.max_kernels_per_client = {int(pages_per_student)}",
        f"c.ClassroomKernelManager.notices = {str(notices)!r}",
        # Every move sends the board's values to the page: compressed on the WebSocket with the window kept from
        # message to message (permessage-deflate), the scene sent before is the dictionary for the next, and a
        # move costs 0.3 to 3 KB in place of 11 to 32 (bench/bench_update_bytes.py).
        'c.Voila.tornado_settings = {"websocket_compression_options": {}}',
        ""])


def write_private(path: pathlib.Path, text: str) -> pathlib.Path:
    """Write ``text`` to ``path``, readable and writable by its owner only (mode 0600) from the start."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(text)
    os.chmod(path, 0o600)  # in case the file was there with other rights
    return path


def write_kernel_startup(ipython_dir: pathlib.Path) -> pathlib.Path:
    """An IPython folder whose startup file makes each served kernel show short errors; return the file."""
    startup = ipython_dir / "profile_default" / "startup" / "00-capture-serve.py"
    startup.parent.mkdir(parents=True, exist_ok=True)
    startup.write_text("from capture_lib.classroom.kernel import quiet_tracebacks\n\nquiet_tracebacks()\n",
                       encoding="utf-8")
    return startup


def error_page_template() -> str:
    """The Jinja template of our 429 and 503 pages (a page refused because the class is full)."""
    from capture_lib.classroom.auth import page_html

    return page_html("{{ status_message }}", "<h1>{{ status_message }}</h1><p>{{ message }}</p>")


def chooser_url(ip: str, port: int, token: str) -> str:
    """The address of the chooser page, token included."""
    host = "127.0.0.1" if ip in ("", "0.0.0.0", "::") else ip
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/voila/render/{CHOOSER}?token={token}"


def voila_command(site: pathlib.Path, port: int, ip: str, config: pathlib.Path,
                  show_tracebacks: bool = False) -> list[str]:
    """The Voila command line that serves ``site``: a folder of notebooks, outputs only.

    ``config`` is the folder of Voila's config file (``voila_config``), the only one Voila reads: the
    token is there, not on this command line.
    """
    return [
        sys.executable, "-m", "voila", str(site),
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",  # the printed address must be the real one
        f"--Voila.ip={ip}",
        f"--Voila.config_file_paths={config}",
        f"--VoilaConfiguration.template={TEMPLATE}",
        # A class sees no code, not even in an error; tests and developers may ask for the tracebacks.
        f"--VoilaConfiguration.show_tracebacks={show_tracebacks}",
        f"--MappingKernelManager.cull_idle_timeout={IDLE_KERNEL_SECONDS}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}",
        "--MappingKernelManager.cull_connected=False",
    ]


def port_taken(ip: str, port: int) -> str:
    """Why nothing new can listen on ``ip``:``port`` (another program holds it, or the address is not this
    machine's), in the system's words; ``""`` when it is free. Checked before Voila starts: once it runs, an
    answer on the port could be the other program's, and "Ready" would be said of a server that failed."""
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # As Tornado binds: an address in TIME_WAIT from an earlier run is free to use.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((ip, port))
        except OSError as err:
            return err.strerror or str(err)
    return ""


def _wait_for_port(host: str, port: int, seconds: float, process: subprocess.Popen) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def _announce(process: subprocess.Popen, ip: str, port: int, url: str, open_browser: bool) -> None:
    """Once the server answers, say so with the chooser's address (last, below Voila's own log lines)."""
    host = "127.0.0.1" if ip in ("", "0.0.0.0", "::") else ip
    if _wait_for_port(host, port, 120, process) and process.poll() is None:
        print(f"Ready: the game chooser is at {url}", flush=True)
        if open_browser:
            webbrowser.open(url)


def serve(port: int = DEFAULT_PORT, ip: str = "127.0.0.1", token: str | None = None, open_browser: bool = False,
          book: pathlib.Path | None = None, show_tracebacks: bool = False, max_pages: int = MAX_PAGES,
          pages_per_student: int = PAGES_PER_STUDENT) -> int:
    """Serve the chooser and every game's play page with Voila until stopped; return Voila's exit status.

    ``ip`` is the address to listen on (127.0.0.1: this machine only; ``0.0.0.0``: every network the
    machine is on). ``token`` guards every page; when not given it is read from the environment variable
    ``CAPTURE_TOKEN``, else a random one is generated. The chooser's address,
    with the token, is printed at the start and again once the server answers. ``open_browser`` opens it
    in this machine's browser then. ``book`` is the book's folder (default: this checkout's ``book/``).
    ``show_tracebacks`` shows a failing cell's traceback in the page (for developers: a class should not
    see code). ``max_pages`` bounds the pages open at once in the class, ``pages_per_student`` those of one
    student (see ``capture_lib.classroom.limits``).
    """
    token = token or os.environ.get(TOKEN_ENV) or secrets.token_urlsafe(24)
    voila_config(token, max_pages, pages_per_student)  # checks the limits before anything starts
    taken = port_taken(ip, port)
    if taken:
        raise SystemExit(f"capture serve: cannot listen on {ip}:{port} ({taken}); choose another --port")
    work = pathlib.Path(tempfile.mkdtemp(prefix="capture-serve-"))
    site, share, config = work / "pages", work / "share", work / "config"
    process: subprocess.Popen | None = None
    previous = signal.getsignal(signal.SIGTERM)

    def stop(signum: int, _frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    try:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, stop)  # so that the copy is removed and Voila stopped on SIGTERM too
        pages = prepare_site(site, book)
        notices = write_template(share).joinpath(*NOTICES)
        write_private(config / CONFIG_FILE, voila_config(token, max_pages, pages_per_student, notices))
        env = dict(os.environ)
        env.pop(TOKEN_ENV, None)  # Voila and its kernels have no use for it
        env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(share), env.get("JUPYTER_PATH", "")) if p)
        if not show_tracebacks:
            write_kernel_startup(work / "ipython")
            env["IPYTHONDIR"] = str(work / "ipython")
        url = chooser_url(ip, port, token)
        print(f"Capture! play pages for {', '.join(page.title for page in pages)}")
        print(f"Starting Voila; the game chooser will be at: {url}", flush=True)
        if ip in ("", "0.0.0.0", "::"):
            print("The server listens on every network of this machine: players on the same network replace "
                  "127.0.0.1 in that address with this machine's name or address.", flush=True)
        print(f"At most {max_pages} pages open at once, {pages_per_student} per student.", flush=True)
        process = subprocess.Popen(voila_command(site, port, ip, config, show_tracebacks), cwd=site, env=env)
        threading.Thread(target=_announce, args=(process, ip, port, url, open_browser), daemon=True).start()
        return process.wait()
    except KeyboardInterrupt:
        return 130
    finally:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, previous)
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(work, ignore_errors=True)
