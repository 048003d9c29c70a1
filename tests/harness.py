"""A board on a plain page, its session in this process: the shared renderer tested without a book build.

``serve(sessions)`` starts a small HTTP server on 127.0.0.1 whose page mounts the board module of each
session (the same module and stylesheet JupyterLab and the book load) over the book's stand-in model
(``model.js``), and carries each message the page sends to that session's ``handle``, answering with the
values that changed, as the book's engine does. Run it by hand to look at a board:

    python -m tests.harness command-capture [seed]
"""

from __future__ import annotations

import html
import json
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from capture_lib.render.web import model_source, module_source, style_source
from capture_lib.session.board import BoardController

PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>boards</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>%(css)s</style></head>
<body><main>%(places)s</main><script>%(model)s
window.captureBoards = {};
window.sent = [];
window.answers = {};
async function mount(id, source, values) {
  const url = URL.createObjectURL(new Blob([source], {type: "text/javascript"}));
  const mod = await import(url);
  const el = document.getElementById(id);
  const send = async (message) => {
    window.sent.push(message);  // what the board sent, in order, for a test to read
    const answer = await fetch("/send/" + id, {method: "POST", body: JSON.stringify(message)});
    const changed = await answer.json();
    const messages = changed._messages || [];
    delete changed._messages;
    model.apply(changed);
    for (const m of messages) model.custom(m);
    el.dispatchEvent(new CustomEvent("capture-values"));
    window.answers[id] = (window.answers[id] || 0) + 1;  // how many of this board's messages were answered
  };
  const model = makeCaptureModel(values, send);
  window.captureBoards[id] = model;
  mod.default.render({model, el});
}
%(mounts)s
</script></body></html>"""


def drawn(page: Any) -> None:
    """Wait until the board that was just answered has drawn the answer.

    A board draws new values on the next animation frame (``drawSoon`` in its module), and only then replaces
    its notation field and keeps its game or its course progress in the browser's storage. A test that typed,
    pressed Enter or read the storage as soon as the answer came could meet the field the frame then takes off
    the page, or the storage before the answer's game is kept. The frame after next comes once it is drawn:
    the board queued its draw before this waits.
    """
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def page(sessions: dict[str, BoardController], overrides: dict[str, Any] | None = None) -> str:
    """The page of ``sessions`` (board id -> session); ``overrides`` replace some of the first values of every
    board (a state the session cannot be put in by messages, such as the computer thinking)."""
    css = "\n".join(dict.fromkeys(style_source(s.game_slug) for s in sessions.values()))
    places = "".join(f'<section><h2>{html.escape(i)}</h2><div id="{html.escape(i)}"></div></section>'
                     for i in sessions)
    mounts = "".join(f"mount({json.dumps(i)}, {json.dumps(module_source(s.game_slug))}, "
                     f"{json.dumps({**s.values(), **(overrides or {})})});\n" for i, s in sessions.items())
    return PAGE % {"css": css, "places": places, "model": model_source(), "mounts": mounts.replace("</", "<\\/")}


@contextmanager
def serve(sessions: dict[str, BoardController], overrides: dict[str, Any] | None = None) -> Iterator[str]:
    """Serve ``sessions`` on a free port of 127.0.0.1 (``overrides``: as for ``page``); yields the page's address."""
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            body = page(sessions, overrides).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:  # noqa: N802
            board = self.path.rsplit("/", 1)[-1]
            message: Any = json.loads(self.rfile.read(int(self.headers["Content-Length"])) or b"null")
            with lock:
                changed = sessions[board].handle(message)
            body = json.dumps(changed).encode()
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                return  # the page went away (reloaded or closed) before its answer: nobody to tell

        def log_message(self, *_args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    slug = sys.argv[1] if len(sys.argv) > 1 else "command-capture"
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    with serve({"board": BoardController(slug, seed=seed, level="random")}) as url:
        print(url, flush=True)
        threading.Event().wait()
