"""``capture serve``: the built live book as static files, for a class that plays in its browsers.

The engine runs in each reader's browser (the book's worker, ``capture_lib/hosts/live``), so the
server only hands out files: no Python process per student, and nothing secret on the server (every
page and file is the same for everyone). It listens on 127.0.0.1 by default; ``ip="0.0.0.0"`` lets a
class on the same network join. Voila (``capture_lib.classroom.voila``, ``capture serve --voila``) stays for the
notebooks that truly need a kernel.
"""

from __future__ import annotations

import functools
import http.server
import pathlib
import threading
import webbrowser

#: The port ``capture serve`` listens on unless told otherwise (Voila's, which classrooms already open).
DEFAULT_PORT = 8866
#: The page a class starts from: the book's front page (its contents list every game's play page).
START_PAGES = ("index.html",)


class BookHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the book's files; no folder listings, and the types a module worker and Pyodide need."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".whl": "application/zip", ".json": "application/json", ".svg": "image/svg+xml"}

    def list_directory(self, path):  # noqa: ANN001, ANN201 - the base class's signature
        """Refuse folder listings: a class needs the pages, not an index of the files."""
        self.send_error(404, "No such page")
        return None

    def end_headers(self) -> None:
        """Add the cache policy to every answer."""
        # Revalidate every file (answered with 304 while unchanged): a rebuilt book reaches the class at once.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        """Quiet: a class of 30 asks for hundreds of files."""


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


class BookServer(http.server.ThreadingHTTPServer):
    """One thread per connection, and room for a whole class connecting in the same second.

    A browser opens about six connections to a server at once; the standard queue of 5 waiting
    connections would turn most of a class of 30 away (connection reset) when they all click together.
    """

    request_queue_size = 512
    daemon_threads = True


def make_server(html: pathlib.Path, port: int = DEFAULT_PORT, ip: str = "127.0.0.1") -> BookServer:
    """A threading HTTP server for the folder ``html`` on ``ip:port`` (port 0: any free port)."""
    handler = functools.partial(BookHandler, directory=str(html))
    return BookServer((ip, port), handler)


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
        raise SystemExit(f"capture serve: cannot listen on {ip}:{port} ({err.strerror}); "
                         "choose another --port") from None
    url = start_url(html, ip, server.server_address[1])
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
