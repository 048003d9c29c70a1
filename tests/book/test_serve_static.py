"""``capture serve``'s static server for the live book: what it serves, how, and on which address."""

from __future__ import annotations

import inspect
import threading
import urllib.error
import urllib.request

import pytest

from capture_lib import cli
from capture_lib.classroom.static import make_server, serve_book, start_url


@pytest.fixture
def book(tmp_path):
    (tmp_path / "index.html").write_text("<p>front page</p>", encoding="utf-8")
    engine = tmp_path / "_static" / "capture" / "pyodide"
    engine.mkdir(parents=True)
    (engine / "pyodide.asm.wasm").write_bytes(b"\0asm")
    (engine / "pyodide.mjs").write_text("export {};", encoding="utf-8")
    (tmp_path.parent / "secret.txt").write_text("not the book's", encoding="utf-8")
    server = make_server(tmp_path, 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def get(url):
    with urllib.request.urlopen(url, timeout=5) as answer:
        return answer.status, answer.headers, answer.read()


def test_files_are_served_with_the_types_a_module_worker_and_pyodide_need(book):
    status, headers, body = get(f"{book}/_static/capture/pyodide/pyodide.asm.wasm")
    assert status == 200 and headers["Content-Type"] == "application/wasm" and body == b"\0asm"
    assert get(f"{book}/_static/capture/pyodide/pyodide.mjs")[1]["Content-Type"] == "text/javascript"
    assert get(f"{book}/index.html")[1]["Cache-Control"] == "no-cache"  # a rebuilt book reaches the class


def test_no_folder_listing_and_nothing_outside_the_book(book):
    for path in ("/_static/", "/_static/capture/", "/../secret.txt", "/%2e%2e/secret.txt"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            get(f"{book}{path}")
        assert refused.value.code == 404, path


def test_this_machine_only_unless_asked(tmp_path):
    assert inspect.signature(serve_book).parameters["ip"].default == "127.0.0.1"
    (tmp_path / "index.html").write_text("", encoding="utf-8")
    assert start_url(tmp_path, "0.0.0.0", 8866) == "http://127.0.0.1:8866/index.html"


def test_voilas_options_need_the_voila_flag(capsys):
    with pytest.raises(SystemExit):
        cli.main(["serve", "--max-pages", "5"])
    assert "--voila" in capsys.readouterr().err
