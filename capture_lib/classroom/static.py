"""``capture serve``: the built live book as static files, for a class that plays in its browsers.

The engine runs in each reader's browser (the book's worker, ``capture_lib/hosts/live``), so the
server only hands out files: no Python process per student, and nothing secret on the server (every
page and file is the same for everyone). The files are served by Tornado on one event loop
(``capture_lib.classroom.web``): the brotli or gzip copy the build wrote beside a file (``Content-Encoding``,
``Vary: Accept-Encoding``), the files whose address changes with their content kept for good and the rest
revalidated (a 304 while unchanged), never a file whose real path lies outside the book's folder, and a
read timeout for connections that stop halfway through a request. It listens on 127.0.0.1 by default;
``ip="0.0.0.0"`` lets a class on the same network join. ``capture class`` (``capture_lib.classroom.server``)
serves the same files with the class beside them; Voila (``capture_lib.classroom.voila``, ``capture serve
--voila``) stays for the notebooks that truly need a kernel.
"""

from __future__ import annotations

import pathlib
import threading
import webbrowser

from capture_lib.classroom.web import (  # noqa: F401 - the names capture serve has always had
    ENCODINGS,
    HASHED,
    IMMUTABLE,
    REVALIDATE,
    VERSIONED_QUERY,
    Serving,
    accepted,
    book_application,
    listen_error,
    versioned,
)

#: The port ``capture serve`` listens on unless told otherwise (Voila's, which classrooms already open).
DEFAULT_PORT = 8866
#: The page a class starts from: the book's front page (its contents list every game's play page).
START_PAGES = ("index.html",)


def built_book() -> pathlib.Path:
    """The built HTML book of this checkout (``_build/html``); ``SystemExit`` saying what to do if missing."""
    from capture_lib.bookkit.build import project_root

    html = project_root() / "_build" / "html"
    if not (html / "index.html").is_file():
        raise SystemExit("capture serve: the book is not built yet; run `capture book` (or bash tools/build-book.sh)")
    if not (html / "_static" / "capture" / "engine").is_dir():
        print("Note: this build has no engine in its static files, so its boards will not go live; "
              "rebuild it with bash tools/build-book.sh (it installs the browser runtime with npm).")
    return html


def make_server(html: pathlib.Path, port: int = DEFAULT_PORT, ip: str = "127.0.0.1", **settings: object) -> Serving:
    """The book's server for the folder ``html`` on ``ip:port`` (port 0: any free port), listening already;
    ``serve_forever`` serves it (on a thread, for a test) until ``shutdown``. ``settings`` go to ``Serving``
    (``read_timeout``)."""
    return Serving(book_application(html), port, ip, **settings)


def start_url(html: pathlib.Path, ip: str, port: int) -> str:
    """The address to give the class: the chooser of play pages if the book has one."""
    host = "127.0.0.1" if ip in ("", "0.0.0.0", "::") else ip
    page = next((p for p in START_PAGES if (html / p).is_file()), "")
    return f"http://{host}:{port}/{page}"


def serve_book(port: int = DEFAULT_PORT, ip: str = "127.0.0.1", open_browser: bool = False,
               html: pathlib.Path | None = None) -> int:
    """Serve the built book until Ctrl-C; return 0. ``ip`` 127.0.0.1: this machine only; 0.0.0.0: the class."""
    html = html or built_book()
    try:
        server = make_server(html, port, ip)
    except OSError as err:
        raise listen_error(err, ip, port, "capture serve") from None
    url = start_url(html, ip, server.port)
    print(f"Serving the live book from {html}")
    print(f"Ready: open {url}", flush=True)
    if ip in ("", "0.0.0.0", "::"):
        print("The server listens on every network of this machine: players on the same network replace "
              "127.0.0.1 in that address with this machine's name or address (hostname -I).", flush=True)
    else:
        print("Only this machine can open it; for a class on the same network: capture serve --ip 0.0.0.0", flush=True)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
