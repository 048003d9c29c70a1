"""``capture serve``'s static server for the live book: what it serves, how, and on which address."""

from __future__ import annotations

import gzip
import inspect
import os
import threading
import urllib.error
import urllib.request

import pytest

from capture_lib import cli
from capture_lib.classroom.static import IMMUTABLE, accepted, make_server, serve_book, start_url, versioned

#: A hashed folder of the live book's runtime, as the build names it.
RUNTIME = "_static/capture/runtime/0123456789abcdef"


@pytest.fixture
def book(tmp_path):
    (tmp_path / "index.html").write_text("<p>front page</p>", encoding="utf-8")
    engine = tmp_path / "_static" / "capture" / "pyodide"
    engine.mkdir(parents=True)
    (engine / "pyodide.asm.wasm").write_bytes(b"\0asm")
    (engine / "pyodide.mjs").write_text("export {};", encoding="utf-8")
    (tmp_path.parent / "secret.txt").write_text("not the book's", encoding="utf-8")
    runtime = tmp_path / RUNTIME
    runtime.mkdir(parents=True)
    (runtime / "pyodide.mjs").write_text("export const runtime = 1;\n" * 100, encoding="utf-8")
    (runtime / "pyodide.mjs.gz").write_bytes(gzip.compress((runtime / "pyodide.mjs").read_bytes()))
    (runtime / "pyodide.mjs.br").write_bytes(b"brotli stand-in")
    (tmp_path / "page.html").write_text("<p>a page</p>" * 100, encoding="utf-8")
    (tmp_path / "page.html.gz").write_bytes(gzip.compress((tmp_path / "page.html").read_bytes()))
    server = make_server(tmp_path, 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def get(url, **headers):
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=5) as answer:
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


def test_compressed_copies_go_to_browsers_that_accept_them(book):
    plain = get(f"{book}/{RUNTIME}/pyodide.mjs")
    assert plain[1]["Content-Encoding"] is None and plain[2].startswith(b"export const runtime")
    assert plain[1]["Vary"] == "Accept-Encoding"  # caches keep one answer per coding
    status, headers, body = get(f"{book}/{RUNTIME}/pyodide.mjs", **{"Accept-Encoding": "gzip, deflate"})
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == plain[2]
    assert headers["Content-Type"] == "text/javascript" and int(headers["Content-Length"]) == len(body)
    status, headers, body = get(f"{book}/{RUNTIME}/pyodide.mjs", **{"Accept-Encoding": "gzip, br"})
    assert headers["Content-Encoding"] == "br" and body == b"brotli stand-in"
    # Brotli refused by its quality: gzip; nothing but identity: the file.
    assert get(f"{book}/{RUNTIME}/pyodide.mjs", **{"Accept-Encoding": "br;q=0, *"})[1]["Content-Encoding"] == "gzip"
    assert get(f"{book}/{RUNTIME}/pyodide.mjs", **{"Accept-Encoding": "identity"})[1]["Content-Encoding"] is None


def test_a_copy_older_than_its_file_is_never_sent(book, tmp_path):
    page = tmp_path / "page.html"
    page.write_text("<p>changed after the build</p>", encoding="utf-8")
    copy = tmp_path / "page.html.gz"
    os.utime(copy, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns - 10**9))
    status, headers, body = get(f"{book}/page.html", **{"Accept-Encoding": "gzip"})
    assert headers["Content-Encoding"] is None and body == b"<p>changed after the build</p>"


def test_versioned_files_are_kept_for_good_and_pages_revalidated(book):
    assert get(f"{book}/{RUNTIME}/pyodide.mjs")[1]["Cache-Control"] == IMMUTABLE
    assert get(f"{book}/_static/capture/pyodide/pyodide.mjs")[1]["Cache-Control"] == "no-cache"
    assert get(f"{book}/_static/capture/pyodide/pyodide.mjs?v=1a2b3c4d")[1]["Cache-Control"] == IMMUTABLE
    status, headers, _ = get(f"{book}/page.html", **{"Accept-Encoding": "gzip"})
    assert headers["Cache-Control"] == "no-cache" and headers["ETag"]
    # Asked again with its tag: 304, nothing sent; the tag names the coding, so gzip's and identity's differ.
    with pytest.raises(urllib.error.HTTPError) as unchanged:
        get(f"{book}/page.html", **{"Accept-Encoding": "gzip", "If-None-Match": headers["ETag"]})
    assert unchanged.value.code == 304
    assert get(f"{book}/page.html", **{"If-None-Match": headers["ETag"]})[0] == 200


def test_versioned_and_accepted_read_addresses_and_headers_as_browsers_write_them():
    assert versioned("/_static/capture/boards/0123456789abcdef.js")
    assert versioned("/_static/capture/engine/0123456789abcdef-whole/python_stdlib.zip")
    assert versioned("/_static/styles/theme.css?digest=55c26ed414f5f8a31ebb")
    assert not versioned("/book/card-commander/play.html") and not versioned("/capture-sw.js")
    assert not versioned("/_static/capture/live/loader.js") and not versioned("/x.js?version=2")
    assert accepted("gzip, deflate, br, zstd") >= {"gzip", "br"}
    assert accepted("gzip;q=0.5, br;q=0") == {"gzip"}
    assert accepted("") == set() and accepted("*;q=0") == set()


def test_a_link_inside_the_book_to_a_file_outside_is_not_followed(book, tmp_path):
    outside = tmp_path.parent / "secret.txt"
    (tmp_path / "notes.txt").symlink_to(outside)
    (tmp_path / "elsewhere").symlink_to(tmp_path.parent, target_is_directory=True)
    (tmp_path / "inside.html").symlink_to(tmp_path / "page.html")  # a link within the book is fine
    for path in ("/notes.txt", "/elsewhere/secret.txt", "/elsewhere/", "/elsewhere"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            get(f"{book}{path}")
        assert refused.value.code == 404, path
    assert get(f"{book}/inside.html")[2].startswith(b"<p>a page</p>")
    # A compressed copy that is a link out of the book is not sent either: the file itself is.
    (tmp_path / "page.html.br").symlink_to(outside)
    status, headers, body = get(f"{book}/page.html", **{"Accept-Encoding": "br"})
    assert headers["Content-Encoding"] is None and body.startswith(b"<p>a page</p>")


def test_this_machine_only_unless_asked(tmp_path):
    assert inspect.signature(serve_book).parameters["ip"].default == "127.0.0.1"
    (tmp_path / "index.html").write_text("", encoding="utf-8")
    assert start_url(tmp_path, "0.0.0.0", 8866) == "http://127.0.0.1:8866/index.html"


def test_voilas_options_need_the_voila_flag(capsys):
    with pytest.raises(SystemExit):
        cli.main(["serve", "--max-pages", "5"])
    assert "--voila" in capsys.readouterr().err
