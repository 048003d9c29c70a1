"""A page read before the book was rebuilt still opens offline afterwards: the live book's service worker keeps an
old version's page, and the old runtime files it names, until the new version has cached the page's replacement.

The book here is two tiny builds of one folder served on 127.0.0.1, each with the service worker the book's build
writes (``capture_lib/hosts/live/service-worker.js`` after its ``MANIFEST`` line); a rebuild, as the book's,
removes the old version's hashed files from the folder.
"""

from __future__ import annotations

import functools
import http.server
import json
import pathlib
import threading

import pytest

pytestmark = pytest.mark.browser

WORKER = pathlib.Path(__file__).resolve().parents[2] / "capture_lib" / "hosts" / "live" / "service-worker.js"
PAGE = """<!doctype html><html><head><title>%(name)s</title>
<script src="_static/capture/live/%(version)s/mark.js"></script></head><body><p id="said">not yet</p>
<script>navigator.serviceWorker.register("capture-sw.js");</script></body></html>"""


def build(root: pathlib.Path, version: str, pages: tuple[str, ...]) -> None:
    """One build of the tiny book: its pages, its hashed runtime file, its service worker; the last build's
    hashed files removed, as the book's build removes them."""
    for old in (root / "_static" / "capture" / "live").glob("*"):
        for file in old.iterdir():
            file.unlink()
        old.rmdir()
    live = root / "_static" / "capture" / "live" / version
    live.mkdir(parents=True)
    (live / "mark.js").write_text(f'addEventListener("DOMContentLoaded", () => {{ said.textContent = "{version}"; }});')
    for name in pages:
        (root / f"{name}.html").write_text(PAGE % {"name": name, "version": version}, encoding="utf-8")
    manifest = {"version": version, "files": [f"_static/capture/live/{version}/mark.js"]}
    (root / "capture-sw.js").write_text(f"const MANIFEST = {json.dumps(manifest)};\n"
                                        + WORKER.read_text(encoding="utf-8"), encoding="utf-8")


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves the folder without logging, and without letting the browser keep the pages in its own cache."""

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *_args):
        pass


def _caches(page) -> list[str]:
    return page.evaluate("caches.keys()")


def test_a_page_read_before_a_rebuild_opens_offline_after_it(browser, tmp_path):
    build(tmp_path, "v1", ("first",))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{url}/first.html")
        page.evaluate("navigator.serviceWorker.ready")
        page.reload()  # now under the worker: the page itself is kept
        page.wait_for_function("caches.keys().then((names) => names.includes('capture-pages-v1'))")
        page.wait_for_function("caches.open('capture-pages-v1').then((c) => c.keys()).then((k) => k.length > 0)")
        build(tmp_path, "v2", ("first", "second"))  # the rebuild: first.html now names v2's files
        page.goto(f"{url}/second.html")
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_function("caches.keys().then((names) => names.includes('capture-runtime-v2'))")
        page.reload()  # under the new worker
        page.wait_for_function("navigator.serviceWorker.controller"
                               " && caches.keys().then((names) => names.includes('capture-pages-v2'))")
        assert "capture-pages-v1" in _caches(page) and "capture-runtime-v1" in _caches(page)
        context.set_offline(True)
        page.goto(f"{url}/first.html")
        assert page.locator("#said").inner_text() == "v1"  # the page as read before, with its own files
        context.set_offline(False)
        page.goto(f"{url}/first.html")  # read again online: its replacement is kept, and the old version goes
        assert page.locator("#said").inner_text() == "v2"
        page.wait_for_function("caches.keys().then((names) => !names.includes('capture-runtime-v1'))")
        context.set_offline(True)
        page.goto(f"{url}/first.html")
        assert page.locator("#said").inner_text() == "v2"
    finally:
        context.close()
        server.shutdown()
