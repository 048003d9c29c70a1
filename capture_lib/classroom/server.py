"""``capture class``: the book and a class on one async web server (Tornado), with WebSockets for the tables.

One process, one event loop, one room (``capture_lib.classroom.room``): students' devices open the class
page (``/``), join with the class code and a typed name (``POST /class/join`` gives the device its secret),
then hold one WebSocket (``/class/socket``) over which their board sends moves and receives its seat's values;
the teacher's console (``/teacher#SECRET``) holds another (``/class/teacher/socket``) and downloads the
results as CSV (``/class/teacher/results.csv``, the secret in the ``Authorization`` header). Every other
address is the built book (``capture_lib.classroom.web.BookFiles``), whose pages get a small script that
shows the class's notices and reports course progress to the teacher (``pages/book.js``).

Why Tornado: it is already installed wherever the book is (Voila and jupyter_server run on it), it brings
HTTP, WebSockets (server and client: the tests and the bench use the same package), read timeouts and a file
handler in one well-kept package, and it runs on asyncio's single loop, which is what a class needs: every
table lives in one process and one thread, so a move needs no lock and no broker. Starlette with uvicorn
would have meant four more packages (and a separate WebSocket client) for the same thing.

The teacher's secret travels in the link's fragment (``#...``), which browsers never send to a server or put
in a ``Referer``; the console reads it, then takes it out of the address bar, so a projected screen does not
show it. A student's page never contains it.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import pathlib
import socket
import threading
import time
from typing import Any

import tornado.web
import tornado.websocket

from capture_lib import list_games
from capture_lib.classroom import catalog
from capture_lib.classroom.console import console_view, csv_text
from capture_lib.classroom.room import ClassRoom, Connection, Refused
from capture_lib.classroom.store import ClassStore
from capture_lib.classroom.web import BookFiles, NotFound, QuietHandler, Serving, listen_error

PAGES = pathlib.Path(__file__).resolve().parent / "pages"
TRANSPORT = pathlib.Path(__file__).resolve().parent.parent / "hosts" / "socket"
#: The class pages' scripts and stylesheet, by the name under ``/class/assets/``.
ASSETS = {"class.css": PAGES / "class.css", "student.js": PAGES / "student.js", "console.js": PAGES / "console.js",
          "book.js": PAGES / "book.js", "progress.js": PAGES / "progress.js", "dom.js": PAGES / "dom.js",
          "class-socket.js": TRANSPORT / "class-socket.js"}
#: The port ``capture class`` listens on unless told otherwise (``capture serve``'s).
DEFAULT_PORT = 8866
#: A device says who it is within this many seconds of opening its socket, or the socket is closed.
HELLO_SECONDS = 10.0
#: Messages a device may send in a burst, and how many a second it may keep sending after it.
BURST, RATE = 60, 20.0
#: The largest message a student's device may send (a move is a few dozen characters).
STUDENT_MESSAGE_BYTES = 64 * 1024
#: The largest message the teacher's console may send (a saved game loaded on the teacher's board).
TEACHER_MESSAGE_BYTES = 2 * 1024 * 1024
#: The HTML the class adds to every book page it serves: its notices and progress (``pages/book.js``).
BOOK_SCRIPT = '<script type="module" src="/class/assets/book.js"></script>'


# ----- the pages ---------------------------------------------------------------------------------------
def page(title: str, script: str, body: str) -> str:
    """A class page: its stylesheet, the boards' model, its module script and its first markup."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/class/assets/class.css">
<script src="/class/assets/model.js"></script>
<script type="module" src="/class/assets/{script}"></script>
</head><body>{body}</body></html>
"""


STUDENT_PAGE = page("Capture! class", "student.js", """
<header class="class-bar"><span class="class-brand">Capture! class</span>
<span class="class-who" id="class-who"></span><span class="class-link" id="class-link" role="status"></span></header>
<main id="class-main" class="class-main"><p class="class-loading">Loading the class page&hellip;</p>
<noscript>This page needs JavaScript: ask your teacher.</noscript></main>""")

CONSOLE_PAGE = page("Capture! teacher's console", "console.js", """
<header class="class-bar"><span class="class-brand">Capture! teacher's console</span>
<span class="class-who" id="class-who"></span><span class="class-link" id="class-link" role="status"></span></header>
<main id="console-main" class="class-main console"><p class="class-loading">Loading the console&hellip;</p>
<noscript>The console needs JavaScript.</noscript></main>""")


def security_headers(handler: tornado.web.RequestHandler) -> None:
    """What a class page allows: its own scripts, styles and sockets, never to be framed by another site."""
    host = handler.request.host
    handler.set_header("Content-Security-Policy",
                       "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
                       f"script-src 'self'; connect-src 'self' ws://{host} wss://{host}; frame-ancestors 'none'; "
                       "base-uri 'none'; form-action 'self'")
    handler.set_header("Referrer-Policy", "no-referrer")
    handler.set_header("X-Content-Type-Options", "nosniff")
    handler.set_header("Cache-Control", "no-cache")


class PageHandler(QuietHandler):
    """A class page (the student's or the console): the same markup for everyone, nothing secret in it."""

    def initialize(self, html: str) -> None:
        """``html`` is the page."""
        self.html = html

    def get(self) -> None:
        """The page."""
        security_headers(self)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(self.html)


@functools.cache
def asset(name: str) -> tuple[bytes, str]:
    """A class asset's bytes and their tag (read once: the package does not change while it serves)."""
    if name == "model.js":
        from capture_lib.render.web import model_source

        body = model_source().encode("utf-8")
    else:
        body = ASSETS[name].read_bytes()
    return body, hashlib.sha256(body).hexdigest()[:20]


@functools.cache
def board_file(slug: str, kind: str) -> tuple[bytes, str]:
    """A game's board module (``js``) or stylesheet (``css``), as the book's pages have them."""
    from capture_lib.render.web import module_source, style_source

    body = (module_source(slug) if kind == "js" else style_source(slug)).encode("utf-8")
    return body, hashlib.sha256(body).hexdigest()[:20]


class AssetHandler(QuietHandler):
    """The class pages' scripts and stylesheets, and every game's board module (``/class/boards/SLUG.js``)."""

    def get(self, name: str, kind: str | None = None) -> None:
        """The file, or 304 while the browser's copy is current."""
        if kind is not None:
            if name not in list_games():
                raise tornado.web.HTTPError(404)
            body, tag = board_file(name, kind)
            suffix = kind
        else:
            if name not in ASSETS and name != "model.js":
                raise tornado.web.HTTPError(404)
            body, tag = asset(name)
            suffix = name.rsplit(".", 1)[1]
        self.set_header("Content-Type", "text/css; charset=utf-8" if suffix == "css" else
                        "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Etag", f'"{tag}"')
        if self.check_etag_header():
            self.set_status(304)
            return
        self.finish(body)


class JoinHandler(QuietHandler):
    """``POST /class/join`` with ``{"code", "name"}``: the device's secret, or why not."""

    def initialize(self, room: ClassRoom) -> None:
        """The class to join."""
        self.room = room

    def check_xsrf_cookie(self) -> None:
        """The join takes no cookie and gives nothing a forged form could use: no check needed."""

    async def post(self) -> None:
        """Join the class."""
        self.set_header("Cache-Control", "no-store")
        try:
            data = json.loads(self.request.body or b"null")
            if not isinstance(data, dict):
                raise Refused("send the class code and your name")
            student, secret = self.room.join(data.get("code"), data.get("name"))
        except (ValueError, Refused) as err:
            wrong_code = "code" in str(err)
            if wrong_code:
                await asyncio.sleep(0.5)  # guessing codes one after another takes a while
            self.set_status(400)
            self.finish({"error": str(err) if isinstance(err, Refused) else "send the class code and your name"})
            return
        self.finish({"secret": secret, "you": {"id": student.id, "name": student.name},
                     "class": {"code": self.room.row.code, "name": self.room.row.name}})


class ResultsHandler(QuietHandler):
    """``GET /class/teacher/results.csv``: the class's results, for the teacher's secret only."""

    def initialize(self, room: ClassRoom) -> None:
        """The class."""
        self.room = room

    def get(self) -> None:
        """The CSV, or 403."""
        given = self.request.headers.get("Authorization", "")
        secret = given[len("Bearer "):] if given.startswith("Bearer ") else ""
        self.set_header("Cache-Control", "no-store")
        if not self.room.teacher_secret_ok(secret):
            raise tornado.web.HTTPError(403)
        name = "".join(ch if ch.isalnum() else "-" for ch in self.room.row.name) or "class"
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="{name}-results.csv"')
        self.finish(csv_text(self.room))


# ----- the sockets -------------------------------------------------------------------------------------
class SocketConnection(Connection):
    """A device's socket as the room sees it."""

    def __init__(self, handler: RoomSocket, role: str, page: str) -> None:
        super().__init__(role, page)
        self.handler = handler

    def send_text(self, text: str) -> None:
        """Send a message (``RoomSocket.send_quietly``)."""
        self.handler.send_quietly(text)

    def close(self, reason: str) -> None:
        """Close the socket, saying why (the page shows it)."""
        self.handler.close(4000, reason[:120])


def _dropped(sent: asyncio.Future) -> None:
    """Take a write's outcome, so that one to a socket that closed meanwhile is not reported as lost."""
    if not sent.cancelled():
        sent.exception()


class RoomSocket(tornado.websocket.WebSocketHandler):
    """A device's socket: its first message says whose device it is (``hello`` with the secret); after that
    every message goes to the room, at most ``RATE`` a second after a burst of ``BURST``."""

    role = "student"

    def initialize(self, room: ClassRoom) -> None:
        """The class."""
        self.room = room
        self.conn: SocketConnection | None = None
        self.allowance = float(BURST)
        self.checked = time.monotonic()
        self.dropped = 0

    def send_quietly(self, text: str) -> None:
        """Send a message; one to a socket that has closed (or closes before it leaves) is dropped quietly: the
        device gets everything again, whole, when it reconnects."""
        try:
            sent = self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            return
        sent.add_done_callback(_dropped)

    @property
    def max_message_size(self) -> int:
        """The largest message this socket takes."""
        return TEACHER_MESSAGE_BYTES if self.role == "teacher" else STUDENT_MESSAGE_BYTES

    def open(self) -> None:
        """Wait for the device to say who it is."""
        self.set_nodelay(True)
        self.timeout = asyncio.get_running_loop().call_later(HELLO_SECONDS, self._no_hello)

    def _no_hello(self) -> None:
        if self.conn is None:
            self.close(4001, "no hello")

    def _within_rate(self) -> bool:
        now = time.monotonic()
        self.allowance = min(float(BURST), self.allowance + (now - self.checked) * RATE)
        self.checked = now
        if self.allowance < 1:
            self.dropped += 1
            return False
        self.allowance -= 1
        return True

    def on_message(self, text: str | bytes) -> None:
        """A message from the device: the hello first, then anything the room handles."""
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            self.send_quietly(json.dumps({"type": "refused", "id": None, "text": "ignored a malformed message"}))
            return
        if self.conn is None:
            self._hello(message)
            return
        if isinstance(message, dict) and message.get("type") == "ping":
            self.send_quietly('{"type":"pong"}')
            return
        if self.role == "student" and not self._within_rate():  # the teacher, who holds the secret, is not held
            if self.dropped > BURST:
                self.close(4002, "too many messages")
            else:
                self.conn.send({"type": "refused", "id": message.get("id") if isinstance(message, dict) else None,
                                "text": "too many messages at once: wait a moment"})
            return
        self.handle(message)

    def _hello(self, message: Any) -> None:
        if not isinstance(message, dict) or message.get("type") != "hello":
            self.close(4001, "say hello first")
            return
        page = message.get("page") if message.get("page") in ("class", "book") else "class"
        conn = SocketConnection(self, self.role, page)
        if not self.connect(conn, message.get("secret")):
            self.send_quietly(json.dumps({"type": "unknown"}))
            self.close(4003, "not in this class")
            return
        self.conn = conn
        self.timeout.cancel()

    def connect(self, conn: SocketConnection, secret: Any) -> bool:
        """Bind the connection to the student whose secret it gives."""
        return self.room.connect_student(conn, secret)

    def handle(self, message: Any) -> None:
        """Hand a message to the room."""
        assert self.conn is not None
        self.room.student_message(self.conn, message)

    def on_close(self) -> None:
        """The device went away."""
        self.timeout.cancel()
        if self.conn is not None:
            self.room.disconnect(self.conn)


class TeacherSocket(RoomSocket):
    """The console's socket: bound by the teacher's secret, and the teacher's messages only."""

    role = "teacher"

    def connect(self, conn: SocketConnection, secret: Any) -> bool:
        """Bind the connection to the teacher if the secret is the teacher's."""
        conn.page = "console"
        return self.room.connect_teacher(conn, secret)

    def handle(self, message: Any) -> None:
        """Hand a message to the room as the teacher's."""
        assert self.conn is not None
        self.room.teacher_message(self.conn, message)


# ----- the application and its server ------------------------------------------------------------------
def class_application(room: ClassRoom, html: pathlib.Path | None) -> tornado.web.Application:
    """The class's routes, then the book's files under every other address (when ``html`` is given)."""
    routes: list[Any] = [
        (r"/", PageHandler, {"html": STUDENT_PAGE}),
        (r"/teacher", PageHandler, {"html": CONSOLE_PAGE}),
        (r"/class/join", JoinHandler, {"room": room}),
        (r"/class/socket", RoomSocket, {"room": room}),
        (r"/class/teacher/socket", TeacherSocket, {"room": room}),
        (r"/class/teacher/results\.csv", ResultsHandler, {"room": room}),
        (r"/class/assets/([a-z-]+\.(?:js|css))", AssetHandler),
        (r"/class/boards/([a-z-]+)\.(js|css)", AssetHandler),
    ]
    if html is not None:
        routes.append((r"/(.*)", BookFiles, {"path": str(html), "inject": BOOK_SCRIPT}))
    return tornado.web.Application(routes, default_handler_class=NotFound, log_function=lambda handler: None,
                                   websocket_ping_interval=20, websocket_ping_timeout=15, compress_response=False)


class ClassServer(Serving):
    """``capture class``'s server: the class kept in ``db`` (its open class called ``name``, a new one when
    ``new``), the book's folder ``html`` (or None: the class pages only), listening on ``ip:port``."""

    def __init__(self, db: str | pathlib.Path, port: int = DEFAULT_PORT, ip: str = "0.0.0.0",
                 html: pathlib.Path | None = None, name: str = "class", new: bool = False, **settings: Any) -> None:
        self.store = ClassStore(db)
        self.room = ClassRoom(self.store, self.store.open_class(name, new=new), view=console_view)
        self.html = html
        self.room.book = html is not None
        self._pusher: asyncio.Task | None = None
        super().__init__(class_application(self.room, html), port, ip, on_start=self._started_loop,
                         on_stop=self._stopping, **settings)
        self.room.address = self.addresses(ip)[0]

    def _started_loop(self) -> None:
        self._pusher = asyncio.get_running_loop().create_task(self._push())
        # The catalogue (every game's course and exercises, played through) is built beside the loop, on a thread
        # that a stopping server does not wait for.
        threading.Thread(target=catalog.catalog, name="class-catalog", daemon=True).start()

    async def _push(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            try:
                self.room.push_console()
            except Exception as err:  # noqa: BLE001 - the console's view must never stop the class
                print(f"capture class: the console's view failed: {err!r}", flush=True)

    def _stopping(self) -> None:
        if self._pusher is not None:
            self._pusher.cancel()
        self.room.close()

    def server_close(self) -> None:
        """Close the listening sockets and the class's file."""
        super().server_close()
        self.store.close()

    # ----- what the teacher is told -----------------------------------------------------------------------
    def addresses(self, ip: str) -> tuple[str, str]:
        """The students' address and the teacher's link (this machine's; the secret after ``#``)."""
        host = lan_address() if ip in ("", "0.0.0.0", "::") else ip
        return f"http://{host}:{self.port}/", f"http://127.0.0.1:{self.port}/teacher#{self.room.row.teacher_secret}"


def lan_address() -> str:
    """This machine's address on its network (what students type), found without sending anything;
    127.0.0.1 where it has none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # a UDP "connection" only chooses the route: nothing is sent
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def serve_class(db: pathlib.Path, port: int = DEFAULT_PORT, ip: str = "0.0.0.0", html: pathlib.Path | None = None,
                name: str = "class", new: bool = False, open_browser: bool = False) -> int:
    """Run ``capture class`` until Ctrl-C; return 0."""
    try:
        server = ClassServer(db, port, ip, html=html, name=name, new=new)
    except OSError as err:
        raise listen_error(err, ip, port, "capture class") from None
    students, teacher = server.addresses(ip)
    room = server.room
    print(f"The class {room.row.name!r} is open ({len(room.students)} students, {len(room.tables)} tables kept).")
    for problem in room.problems:
        print(f"Note: {problem}", flush=True)
    print(f"Students open  {students}  and type the class code  {room.row.code}", flush=True)
    print(f"Your console (keep this link to yourself; do not project this terminal): {teacher}", flush=True)
    if html is None:
        print("The book is not served with it (--without-book): tables and shown positions work, the book's "
              "pages do not.", flush=True)
    else:
        print(f"The book's pages are served from {html}; the students' page links to them.", flush=True)
    if ip in ("127.0.0.1", "localhost"):
        print("Only this machine can open it (--ip 127.0.0.1); leave --ip out to let the class's devices join.",
              flush=True)
    print(f"Everything is kept in {server.store.path}: run the same command again to go on with this class "
          "(--new starts another). Stop with Ctrl-C.", flush=True)
    if open_browser:
        import webbrowser

        threading.Timer(0.5, webbrowser.open, args=(teacher,)).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
