"""``capture serve``: the built live book as static files, for a class that plays in its browsers.

The engine runs in each reader's browser (the book's worker, ``capture_lib/hosts/live``), so the
server only hands out files: no Python process per student, and nothing secret on the server (every
page and file is the same for everyone). It sends the brotli or gzip copy the build wrote beside a file
(``Content-Encoding``, ``Vary: Accept-Encoding``), lets browsers keep for good the files whose address
changes with their content and revalidate the rest (a 304 while unchanged), and never serves a file
whose real path lies outside the book's folder. It listens on 127.0.0.1 by default; ``ip="0.0.0.0"`` lets a
class on the same network join. Voila (``capture_lib.classroom.voila``, ``capture serve --voila``) stays for the
notebooks that truly need a kernel.
"""

from __future__ import annotations

import email.utils
import functools
import http.server
import os
import pathlib
import re
import threading
import urllib.parse
import webbrowser

#: The port ``capture serve`` listens on unless told otherwise (Voila's, which classrooms already open).
DEFAULT_PORT = 8866
#: The page a class starts from: the book's front page (its contents list every game's play page).
START_PAGES = ("index.html",)


#: Compressed copies the book's build writes beside a file (book/_ext/precompress.py), best first.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
#: For files whose address changes with their content: a year, and never revalidated.
IMMUTABLE = "public, max-age=31536000, immutable"
#: For everything else (the pages, the service worker): kept, but asked again each time (a 304 while
#: unchanged), so a rebuilt book reaches the class at once.
REVALIDATE = "no-cache"
#: The live book's folders named by a hash of their content (book/_ext/static_book.py).
HASHED = re.compile(r"^/_static/capture/(?:boards/[0-9a-f]{16}\.(?:js|css)"
                    r"|(?:live|runtime|engine)/[0-9a-f]{16}(?:-whole)?/)")
#: A query naming the file's version, as Sphinx and the theme write it (``?v=1a2b3c4d``, ``?digest=...``).
VERSIONED_QUERY = re.compile(r"(?:^|&)(?:v|digest)=[0-9a-zA-Z]+(?:&|$)")


def versioned(url_path: str) -> bool:
    """Whether the address ``url_path`` (path and query) names one version of its file for good."""
    path, _, query = url_path.partition("?")
    return bool(HASHED.match(urllib.parse.unquote(path)) or VERSIONED_QUERY.search(query))


def accepted(header: str) -> set[str]:
    """The content codings an ``Accept-Encoding`` header allows (``q=0`` refuses one; ``*`` allows any)."""
    allowed, refused, star = set(), set(), False
    for item in header.split(","):
        name, *params = (part.strip() for part in item.split(";"))
        quality = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        name = name.lower()
        if not name:
            continue
        if name == "*":
            star = quality > 0
        elif quality > 0:
            allowed.add(name)
        else:
            refused.add(name)
    if star:
        allowed |= {coding for coding, _ in ENCODINGS} - refused
    return allowed


class BookHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the book's files: compressed where the build left a copy, cached by how they are named,
    never a folder listing, never a file whose real path lies outside the book's folder."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".whl": "application/zip", ".json": "application/json", ".svg": "image/svg+xml"}

    def list_directory(self, path):  # noqa: ANN001, ANN201 - the base class's signature
        """Refuse folder listings: a class needs the pages, not an index of the files."""
        self.send_error(404, "No such page")
        return None

    def inside(self, path: str) -> bool:
        """Whether ``path``, links followed, is the book's folder or lies inside it.

        A link inside the book that points elsewhere (to a home folder, to ``/etc``) is refused: the server
        hands out the book and nothing else of the machine.
        """
        root = os.path.realpath(self.directory)
        real = os.path.realpath(path)
        return real == root or real.startswith(root + os.sep)

    def send_head(self):  # noqa: ANN201 - the base class's signature
        """Answer the headers of a GET or HEAD and return the file to send (None: nothing follows)."""
        path = self.translate_path(self.path)
        if not self.inside(path):
            self.send_error(404, "No such page")
            return None
        if os.path.isdir(path):
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # the redirect to the folder's address with a slash
            path = os.path.join(path, "index.html")
            if not os.path.isfile(path) or not self.inside(path):
                self.send_error(404, "No such page")
                return None
        if not os.path.isfile(path) or path.endswith("/"):
            self.send_error(404, "No such page")
            return None
        coding, served = self.choose_copy(path)
        try:
            file = open(served, "rb")  # noqa: SIM115 - the base class closes it after copying
        except OSError:
            self.send_error(404, "No such page")
            return None
        try:
            stat = os.fstat(file.fileno())
            tag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + coding if coding else ""}"'
            modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
            if self.unchanged(tag, stat.st_mtime):
                self.send_response(304)
                self.send_caching(tag, modified, path)
                self.end_headers()
                file.close()
                return None
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            if coding:
                self.send_header("Content-Encoding", coding)
            self.send_header("Content-Length", str(stat.st_size))
            self.send_caching(tag, modified, path)
            self.end_headers()
            return file
        except Exception:
            file.close()
            raise

    def choose_copy(self, path: str) -> tuple[str, str]:
        """The content coding and the file to send for ``path``: the best compressed copy the browser
        accepts, if the build left one that is no older than the file (a page changed after the build is
        sent as it is now), else the file itself."""
        allowed = accepted(self.headers.get("Accept-Encoding", ""))
        original = os.stat(path)
        for coding, suffix in ENCODINGS:
            copy = path + suffix
            if coding in allowed and os.path.isfile(copy) and self.inside(copy):
                if os.stat(copy).st_mtime_ns >= original.st_mtime_ns:
                    return coding, copy
        return "", path

    def unchanged(self, tag: str, mtime: float) -> bool:
        """Whether the browser's copy is current (``If-None-Match``, else ``If-Modified-Since``)."""
        match = self.headers.get("If-None-Match")
        if match is not None:
            return tag in (part.strip() for part in match.split(",")) or match.strip() == "*"
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError, OverflowError):
                return False
        return False

    def send_caching(self, tag: str, modified: str, path: str) -> None:
        """The headers that let a browser keep the file: its tag, its date, the policy, and that the answer
        depends on ``Accept-Encoding`` where the build left compressed copies."""
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", modified)
        self.send_header("Cache-Control", IMMUTABLE if versioned(self.path) else REVALIDATE)
        if any(os.path.isfile(path + suffix) for _, suffix in ENCODINGS):
            self.send_header("Vary", "Accept-Encoding")

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
