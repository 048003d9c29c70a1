"""The book's files over Tornado, and a server that runs an application on its own thread or until Ctrl-C.

Tornado serves both ``capture serve`` (the book alone) and ``capture class`` (the book with the class), on one
asyncio event loop: a class's sockets and a class's downloads share one process without a thread per
connection. It is the web server already installed with Voila and jupyter_server, with WebSockets, read
timeouts and a file handler (ETags, 304s, ranges, streaming) of its own.

``BookFiles`` is that file handler kept to what the book needs: the brotli or gzip copy the build wrote
beside a file for a browser that accepts it (``Content-Encoding``, ``Vary: Accept-Encoding``), a year of
``immutable`` caching for files whose address changes with their content and ``no-cache`` for the rest,
folders answered by their ``index.html`` and never listed, and no file whose real path lies outside the
book's folder (a link inside it pointing elsewhere). An address that cannot name a file (``/%00``, broken
UTF-8) is a plain 404 or 400, never a traceback in the teacher's terminal. A connection that sends half a
request and stops is closed after ``READ_TIMEOUT`` seconds, so 300 of them cost 300 idle sockets for a while,
not 300 threads for ever.
"""

from __future__ import annotations

import asyncio
import datetime
import gzip
import mimetypes
import os
import pathlib
import re
import threading
import urllib.parse
from collections.abc import Callable
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web

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
#: Types the standard table lacks or gets wrong for a module worker and Pyodide.
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".whl": "application/zip", ".json": "application/json", ".svg": "image/svg+xml",
         ".css": "text/css", ".html": "text/html; charset=utf-8", ".txt": "text/plain; charset=utf-8",
         ".zip": "application/zip", ".pdf": "application/pdf", ".png": "image/png", ".ico": "image/x-icon",
         ".woff2": "font/woff2", ".woff": "font/woff", ".map": "application/json"}
#: Seconds a connection may take to send a request's headers (or its body) before it is closed.
READ_TIMEOUT = 30.0
#: The largest request body the servers take (a class's messages come over sockets, not in bodies).
MAX_BODY = 64 * 1024


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


def content_type(path: str) -> str:
    """The ``Content-Type`` of the file at ``path``."""
    suffix = os.path.splitext(path)[1].lower()
    return TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"


class QuietHandler(tornado.web.RequestHandler):
    """A handler that answers errors with one plain line and never prints a traceback for a client's bad
    request (an unknown address, a malformed one): the teacher's terminal stays quiet."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A short page: the status and its reason, nothing of the server."""
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.clear_header("Content-Encoding")
        self.finish("No such page\n" if status_code == 404 else f"{status_code} {self._reason}\n")

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        """A client's bad request (``HTTPError``) is not the server's fault: nothing to print for it."""
        if isinstance(value, tornado.web.HTTPError):
            return
        super().log_exception(typ, value, tb)


class BookFiles(QuietHandler, tornado.web.StaticFileHandler):
    """The book's files (see the module's docstring). ``inject`` is HTML put before a page's ``</head>``
    (the class's notices on the book's pages), or None."""

    def initialize(self, path: str, inject: str | None = None, default_filename: str | None = "index.html") -> None:
        """``path`` is the book's folder (``_build/html``)."""
        super().initialize(path=os.path.realpath(path), default_filename=default_filename)
        self.inject = inject
        self.coding = ""
        self.original = ""

    def inside(self, path: str) -> bool:
        """Whether ``path``, links followed, is the book's folder or lies inside it."""
        real = os.path.realpath(path)
        return real == self.root or real.startswith(self.root + os.sep)

    @classmethod
    def get_absolute_path(cls, root: str, path: str) -> str:
        """The file ``path`` names under ``root``, as written (the checks follow in ``validate_absolute_path``)."""
        if "\x00" in path:
            raise tornado.web.HTTPError(404)
        return os.path.abspath(os.path.join(root, path))

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        """The file to send for ``absolute_path`` (its compressed copy where one fits), or an error: 404 for
        anything outside the book or missing, a redirect for a folder named without its slash."""
        if not self.inside(absolute_path):
            raise tornado.web.HTTPError(404)
        if os.path.isdir(absolute_path):
            if not self.request.path.endswith("/"):
                if self.request.path.startswith("//"):
                    raise tornado.web.HTTPError(404)  # never a redirect to another host
                self.redirect(self.request.path + "/", permanent=True)
                return None
            absolute_path = os.path.join(absolute_path, self.default_filename or "index.html")
        if not os.path.isfile(absolute_path) or not self.inside(absolute_path):
            raise tornado.web.HTTPError(404)
        self.original = absolute_path
        if self.injects():
            return absolute_path
        self.coding, served = self.choose_copy(absolute_path)
        return served

    def choose_copy(self, path: str) -> tuple[str, str]:
        """The content coding and the file to send for ``path``: the best compressed copy the browser
        accepts, if the build left one that is no older than the file (a page changed after the build is
        sent as it is now), else the file itself."""
        allowed = accepted(self.request.headers.get("Accept-Encoding", ""))
        original = os.stat(path)
        for coding, suffix in ENCODINGS:
            copy = path + suffix
            if coding in allowed and os.path.isfile(copy) and self.inside(copy):
                if os.stat(copy).st_mtime_ns >= original.st_mtime_ns:
                    return coding, copy
        return "", path

    def injects(self) -> bool:
        """Whether this answer is a page that gets the ``inject`` HTML."""
        return self.inject is not None and self.original.endswith(".html")

    @classmethod
    def get_content_version(cls, abspath: str) -> str:
        """A file's version is its modification time and size (a rebuilt book's file gets a new tag at once,
        and the server never reads a 10 MB runtime to name it)."""
        stat = os.stat(abspath)
        return f"{stat.st_mtime_ns:x}-{stat.st_size:x}"

    def compute_etag(self) -> str | None:
        """The file's version, with the coding it is sent in (gzip's copy and the file are two answers)."""
        assert self.absolute_path is not None
        tag = self.get_content_version(self.absolute_path)
        suffix = f"-{self.coding}" if self.coding else ("-class" if self.injects() else "")
        return f'"{tag}{suffix}"'

    def get_content_type(self) -> str:
        """The type of the file asked for (not of its compressed copy)."""
        return content_type(self.original or self.absolute_path or "")

    def get_cache_time(self, path: str, modified: datetime.datetime | None, mime_type: str) -> int:
        """No ``Expires``: ``Cache-Control`` says it all (``set_extra_headers``)."""
        return 0

    def set_extra_headers(self, path: str) -> None:
        """The coding, the caching policy, and that the answer depends on ``Accept-Encoding`` where the build
        left compressed copies."""
        if self.coding:
            self.set_header("Content-Encoding", self.coding)
        self.set_header("Cache-Control", IMMUTABLE if versioned(self.request.uri or "") else REVALIDATE)
        if self.injects() or any(os.path.isfile(self.original + suffix) for _, suffix in ENCODINGS):
            self.set_header("Vary", "Accept-Encoding")

    async def get(self, path: str, include_body: bool = True) -> None:
        """A file of the book; a page gets the ``inject`` HTML (compressed here, since its copies do not have it)."""
        if "\x00" in path:
            raise tornado.web.HTTPError(404)
        self.path = self.parse_url_path(path)
        absolute = self.get_absolute_path(self.root, self.path)
        self.absolute_path = self.validate_absolute_path(self.root, absolute)
        if self.absolute_path is None:
            return
        if not self.injects():
            await super().get(path, include_body)
            return
        self.modified = self.get_modified_time()
        self.set_headers()
        if self.should_return_304():
            self.set_status(304)
            return
        body = injected(self.absolute_path, self.inject or "")
        if "gzip" in accepted(self.request.headers.get("Accept-Encoding", "")):
            body = gzip.compress(body, 6)
            self.set_header("Content-Encoding", "gzip")
        self.set_header("Content-Length", str(len(body)))
        if include_body:
            self.write(body)

    def head(self, path: str) -> Any:
        """The headers a GET would send."""
        return self.get(path, include_body=False)


def injected(path: str, html: str) -> bytes:
    """The page at ``path`` with ``html`` put before its ``</head>`` (or at its start, where it has none)."""
    page = pathlib.Path(path).read_bytes()
    mark = page.lower().find(b"</head>")
    piece = html.encode("utf-8")
    return page[:mark] + piece + page[mark:] if mark >= 0 else piece + page


def book_application(html: pathlib.Path, **settings: Any) -> tornado.web.Application:
    """The application of ``capture serve``: the book's folder ``html`` and nothing else."""
    return tornado.web.Application([(r"/(.*)", BookFiles, {"path": str(html)})], log_function=_quiet,
                                   default_handler_class=NotFound, **settings)


class NotFound(QuietHandler):
    """Any address no route names."""

    def prepare(self) -> None:
        """404, quietly."""
        raise tornado.web.HTTPError(404)


def _quiet(handler: tornado.web.RequestHandler) -> None:
    """No access log: a class of 30 asks for hundreds of files."""


class Serving:
    """An application listening on ``ip:port`` (port 0: any free port) from the moment it is made, served by
    ``serve_forever`` on an event loop of its own, in the thread that calls it, until ``shutdown``.

    The same handful of methods as the standard library's servers (``server_address``, ``serve_forever``,
    ``shutdown``, ``server_close``), so a test or a bench runs it on a thread and stops it. ``on_start``
    and ``on_stop`` run on the loop (the class server opens and closes its room there).
    """

    def __init__(self, application: tornado.web.Application, port: int, ip: str = "127.0.0.1",
                 read_timeout: float = READ_TIMEOUT, on_start: Callable[[], Any] | None = None,
                 on_stop: Callable[[], Any] | None = None) -> None:
        self.application = application
        self.sockets = tornado.netutil.bind_sockets(port, ip, backlog=1024)
        self.server_address = self.sockets[0].getsockname()[:2]
        self.read_timeout = read_timeout
        self.on_start, self.on_stop = on_start, on_stop
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._stopped = threading.Event()
        self._started = threading.Event()

    @property
    def port(self) -> int:
        """The port it listens on."""
        return int(self.server_address[1])

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        server = tornado.httpserver.HTTPServer(self.application, idle_connection_timeout=self.read_timeout,
                                               body_timeout=self.read_timeout, max_body_size=MAX_BODY,
                                               max_header_size=32 * 1024)
        server.add_sockets(self.sockets)
        try:
            if self.on_start is not None:
                self.on_start()
            self._started.set()
            await self._stop.wait()
        finally:
            server.stop()
            if self.on_stop is not None:
                self.on_stop()
            await server.close_all_connections()

    def serve_forever(self) -> None:
        """Serve until ``shutdown`` (from another thread) or Ctrl-C (``KeyboardInterrupt`` ends it too)."""
        try:
            asyncio.run(self._serve())
        finally:
            self._stopped.set()

    def wait_started(self, timeout: float = 30) -> bool:
        """Wait until the loop serves (for a caller that started ``serve_forever`` on a thread)."""
        return self._started.wait(timeout)

    def shutdown(self) -> None:
        """Stop ``serve_forever`` and wait for it (called from another thread)."""
        if self._loop is not None and self._stop is not None and not self._stopped.is_set():
            self._loop.call_soon_threadsafe(self._stop.set)
            self._stopped.wait(30)

    def server_close(self) -> None:
        """Close the listening sockets (after ``shutdown``, or when it never served)."""
        for sock in self.sockets:
            sock.close()


def listen_error(err: OSError, ip: str, port: int, command: str) -> SystemExit:
    """The one-line error for a port that cannot be listened on."""
    return SystemExit(f"{command}: cannot listen on {ip}:{port} ({err.strerror}); choose another --port")

