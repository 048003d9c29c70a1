"""The live book's build steps that need no browser: the engine's wheel, the compressed copies, the page's head."""

from __future__ import annotations

import gzip
import io
import pathlib
import random
import sys
import zipfile

import pytest

EXT = pathlib.Path(__file__).resolve().parents[2] / "book" / "_ext"
sys.path.insert(0, str(EXT))

import engine_runtime  # noqa: E402 - the book's extension modules
import precompress  # noqa: E402


def test_the_browser_wheel_is_the_same_for_the_same_sources_and_leaves_the_hosts_out():
    first, second = engine_runtime.browser_wheel(), engine_runtime.browser_wheel()
    assert first == second  # fixed timestamps: the hashed folder changes only when the engine does
    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    assert "capture_lib/session/__init__.py" in names and "capture_lib/games/__init__.py" in names
    assert not [name for name in names if name.startswith(("capture_lib/cli", "capture_lib/classroom/",
                                                           "capture_lib/bookkit/", "capture_lib/experiments/",
                                                           "capture_lib/hosts/"))]
    record = zipfile.ZipFile(io.BytesIO(first)).read(next(n for n in names if n.endswith("/RECORD"))).decode()
    assert "capture_lib/session/__init__.py,sha256=" in record


def test_host_only_names_whole_packages():
    assert engine_runtime.host_only("capture_lib.classroom.static")
    assert engine_runtime.host_only("capture_lib.cli")
    assert not engine_runtime.host_only("capture_lib.client")  # a prefix of a name is not its package
    assert not engine_runtime.host_only("capture_lib.session.board")


def test_copies_are_written_where_they_save_and_only_there(tmp_path, monkeypatch):
    monkeypatch.setattr(precompress, "CACHE", tmp_path / "cache")
    # Node.js's brotli stood in for by gzip with a mark: as small as a real copy, and told apart.
    def brotli(jobs):
        for source, target in jobs:
            target.write_bytes(b"br" + gzip.compress(source.read_bytes()))

    monkeypatch.setattr(precompress, "_brotli", brotli)
    book = tmp_path / "html"
    book.mkdir()
    (book / "page.html").write_text("<p>the same words again</p>" * 200, encoding="utf-8")
    (book / "noise.js").write_bytes(random.Random(1).randbytes(4000))  # does not compress
    (book / "tiny.css").write_text("p{}", encoding="utf-8")  # too small to bother
    (book / "picture.png").write_bytes(b"\x89PNG" + b"\0" * 4000)  # not a kind that compresses
    precompress.precompress(book)
    assert gzip.decompress((book / "page.html.gz").read_bytes()) == (book / "page.html").read_bytes()
    assert gzip.decompress((book / "page.html.br").read_bytes()[2:]) == (book / "page.html").read_bytes()
    assert not (book / "noise.js.gz").exists() and not (book / "tiny.css.gz").exists()
    assert not (book / "picture.png.gz").exists()
    assert (book / "page.html.gz").stat().st_mtime_ns >= (book / "page.html").stat().st_mtime_ns
    # A page that no longer compresses loses its old copies (the server would send them otherwise).
    (book / "page.html").write_bytes(random.Random(2).randbytes(4000))
    precompress.precompress(book)
    assert not (book / "page.html.gz").exists() and not (book / "page.html.br").exists()


@pytest.mark.parametrize("name, deferred", [("_static/doctools.js", True), ("_static/documentation_options.js", False)])
def test_the_page_head_defers_scripts_and_drops_thebe(name, deferred):
    import static_book
    from sphinx.builders.html._assets import _JavaScript

    context = {"script_files": [_JavaScript(name), _JavaScript("_static/sphinx-thebe.js", **{"async": "async"}),
                                _JavaScript("", body="var x = 1;"), _JavaScript("", body="var x = 1;")],
               "css_files": []}
    static_book._tidy_page(None, "page", "page.html", context, None)
    scripts = context["script_files"]
    assert [s.filename for s in scripts] == [name, ""]  # thebe gone, the repeated inline script once
    assert ("defer" in scripts[0].attributes) == deferred
    assert context["default_mode"] == "auto"


def test_the_board_files_are_listed_once_for_the_service_workers_cache():
    # Cache.addAll refuses a list that names a file twice, and then the service worker never installs.
    from capture_lib.hosts.static import book_module_files

    names = [name for name, _ in book_module_files()]
    assert names and len(names) == len(set(names))
    assert {name.rsplit(".", 1)[1] for name in names} == {"js", "css"}
