"""The live book's build steps that need no browser: the engine's wheel, the compressed copies, the page's head."""

from __future__ import annotations

import gzip
import io
import pathlib
import random
import re
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


def test_a_compiled_wheel_holds_bytecode_where_the_source_was_and_keeps_the_rest():
    source = engine_runtime.browser_wheel()
    names = zipfile.ZipFile(io.BytesIO(source)).namelist()
    modules = [name for name in names if name.startswith("capture_lib/") and name.endswith(".py")]
    data = [name for name in names if name.startswith("capture_lib/") and name.endswith(".json")]
    assert modules and data
    compiled = {name: b"bytecode of " + name.encode() for name in modules}
    wheel = engine_runtime.compiled_wheel(source, compiled)
    assert wheel == engine_runtime.compiled_wheel(source, compiled)  # the same bytes for the same input
    archive = zipfile.ZipFile(io.BytesIO(wheel))
    held = archive.namelist()
    assert not [name for name in held if name.endswith(".py")]
    assert all(archive.read(name + "c") == compiled[name] for name in modules)
    assert all(archive.read(name) == zipfile.ZipFile(io.BytesIO(source)).read(name) for name in data)
    record = archive.read(next(n for n in held if n.endswith("/RECORD"))).decode().splitlines()
    assert sorted(line.split(",")[0] for line in record) == sorted(held)  # every member, and only those
    assert "capture_lib/session/__init__.pyc,sha256=" in "\n".join(record)


def test_the_engines_key_follows_what_compiles_the_wheel_too(tmp_path, monkeypatch):
    if not (engine_runtime.PYODIDE / "python_stdlib.zip").is_file():
        pytest.skip("Pyodide is not installed (npm ci)")
    wheel = engine_runtime.browser_wheel()
    key = engine_runtime.runtime_key(wheel)
    assert key == engine_runtime.runtime_key(wheel)
    # The wheel leaves out the module that compiles it: a change there must still name new files.
    maker = tmp_path / "wheel.py"
    maker.write_bytes(engine_runtime.WHEEL_MAKER.read_bytes() + b"\n# changed\n")
    monkeypatch.setattr(engine_runtime, "WHEEL_MAKER", maker)
    assert engine_runtime.runtime_key(wheel) != key


def test_host_only_names_whole_packages():
    assert engine_runtime.host_only("capture_lib.classroom.static")
    assert engine_runtime.host_only("capture_lib.cli")
    assert not engine_runtime.host_only("capture_lib.client")  # a prefix of a name is not its package
    assert not engine_runtime.host_only("capture_lib.session.board")


def test_copies_are_written_where_they_save_and_only_there(tmp_path, monkeypatch):
    monkeypatch.setattr(precompress, "CACHE", tmp_path / "cache")
    # Node.js's brotli stood in for by gzip with a mark: as small as a real copy, and told apart.
    def brotli(jobs, quality):
        assert quality == 11  # brotli's best, where CAPTURE_BROTLI_QUALITY is not set
        for source, target in jobs:
            target.write_bytes(b"br" + gzip.compress(source.read_bytes()))

    monkeypatch.delenv("CAPTURE_BROTLI_QUALITY", raising=False)
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


def test_a_lower_brotli_quality_is_kept_apart_and_a_bad_one_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(precompress, "CACHE", tmp_path / "cache")
    book = tmp_path / "html"
    book.mkdir()
    (book / "page.html").write_text("<p>the same words again</p>" * 400, encoding="utf-8")
    sizes = {}
    for quality in ("11", "1"):
        monkeypatch.setenv("CAPTURE_BROTLI_QUALITY", quality)
        precompress.precompress(book)
        sizes[quality] = (book / "page.html.br").stat().st_size
        # Node.js wrote the copy at that quality, kept under its own name: a build at 11 never reuses a quicker one.
        assert [p.name.split(".")[1] for p in (tmp_path / "cache").glob("*.br")] == [f"q{quality}"]
    assert sizes["1"] > sizes["11"] > 0
    monkeypatch.setenv("CAPTURE_BROTLI_QUALITY", "12")
    with pytest.raises(ValueError, match="from 0 to 11, not '12'"):
        precompress.precompress(book)


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


def _page(head: str) -> str:
    return f"<!DOCTYPE html><html><head>\n{head}</head><body><p>words</p></body></html>"


def test_a_pages_stylesheets_are_joined_in_order_with_imports_written_out_and_addresses_moved(tmp_path):
    import one_stylesheet

    book = tmp_path / "html"
    (book / "_static" / "styles").mkdir(parents=True)
    (book / "_static" / "vendor").mkdir()
    (book / "_static" / "basic.css").write_text("p{margin:0} .x{background:url(file.png)}", encoding="utf-8")
    (book / "_static" / "styles" / "theme.css").write_text('@import "../basic.css";\n', encoding="utf-8")
    (book / "_static" / "styles" / "big.css").write_text(
        '@font-face{src:url(../vendor/font.woff2)} .y{background:url("data:image/svg+xml;x")}\n'
        "/*# sourceMappingURL=big.css.map*/", encoding="utf-8")
    (book / "_static" / "mine.css").write_text("p{margin:1em}", encoding="utf-8")
    (book / "_static" / "board.css").write_text(".board{}", encoding="utf-8")
    (book / "book").mkdir()
    links = ('<link href="../_static/styles/theme.css?digest=1" rel="stylesheet" />\n'
             '<link rel="stylesheet" type="text/css" href="../_static/styles/big.css?v=2" />\n'
             '<script src="../_static/x.js"></script>\n'
             '<link rel="stylesheet" href="../_static/mine.css" />\n'
             '<link rel="stylesheet" href="../_static/board.css" data-capture-board-style="b" />\n')
    (book / "book" / "a.html").write_text(_page(links), encoding="utf-8")
    (book / "book" / "b.html").write_text(_page(links), encoding="utf-8")
    # A page that links another host's stylesheet keeps its links: the joined file could not hold it.
    (book / "book" / "c.html").write_text(_page('<link rel="stylesheet" href="https://example.org/x.css" />\n'
                                                '<link rel="stylesheet" href="../_static/mine.css" />\n'),
                                          encoding="utf-8")
    (book / "_static" / "styles" / "page-0123456789abcdef.css").write_text("old", encoding="utf-8")  # no page's

    assert one_stylesheet.join_stylesheets(book) == {"pages": 2, "files": 1, "removed": 1}
    head = (book / "book" / "a.html").read_text(encoding="utf-8").split("</head>")[0]
    joined_links = re.findall(r'<link rel="stylesheet" href="([^"]+)" />', head)
    assert len(joined_links) == 1 and joined_links[0].startswith("../_static/styles/page-")
    name, version = joined_links[0].removeprefix("../").split("?v=")
    assert name == f"_static/styles/page-{version}.css"
    assert 'data-capture-board-style="b"' in head and '<script src="../_static/x.js">' in head
    css = (book / name).read_text(encoding="utf-8")
    # In the order the page gave, the import in its place, every address seen from the joined file's folder.
    assert css.index("p{margin:0}") < css.index("@font-face") < css.index("p{margin:1em}")
    assert "@import" not in css and "url(../file.png)" in css and "url(../vendor/font.woff2)" in css
    assert 'url("data:image/svg+xml;x")' in css and "sourceMappingURL" not in css and ".board" not in css
    assert (book / "book" / "b.html").read_text(encoding="utf-8") == (book / "book" / "a.html").read_text(
        encoding="utf-8")
    assert "https://example.org/x.css" in (book / "book" / "c.html").read_text(encoding="utf-8")
    assert "mine.css" in (book / "book" / "c.html").read_text(encoding="utf-8")
    # A second pass (an incremental build that rewrote no page) keeps the file the pages link.
    assert one_stylesheet.join_stylesheets(book) == {"pages": 0, "files": 0, "removed": 0}
    assert (book / name).is_file()


def test_only_the_first_board_of_a_page_keeps_a_large_picture():
    from capture_lib.hosts.static import FALLBACK_MOST, FALLBACK_TEXT, book_html, light_pictures

    large, small = "<svg>" + "x" * (FALLBACK_MOST + 1) + "</svg>", "<svg>small</svg>"
    boards = [book_html("export default {}", ".b{}", {"n": n}, fallback=picture, recipe={"seed": n})
              for n, picture in enumerate((large, large, small))]
    page = light_pictures("<h1>Play</h1>" + "<p>text</p>".join(boards))
    assert page.count(large) == 1 and page.index(large) < page.index(FALLBACK_TEXT) < page.index(small)
    assert page.count(FALLBACK_TEXT) == 1 and page.count("capture-board-data") == 3


def test_a_board_that_goes_live_holds_its_status_line_from_the_start():
    from capture_lib.hosts.static import book_html

    live = book_html("export default {}", ".b{}", {}, recipe={"seed": 1})
    assert live.startswith('<p class="capture-live-status" role="status" aria-live="polite"></p>'
                           '<div class="capture-static-board"')
    assert "capture-live-status" not in book_html("export default {}", ".b{}", {})


@pytest.mark.parametrize("live_book", [False, True])
def test_a_boards_place_on_a_page_says_no_engine_words(live_book, monkeypatch):
    # The place once carried the widget's repr as its name ("<BoardWidget: card-commander, 22 actions, ...>"),
    # which a screen reader could read out; the board's module names what it draws.
    from capture_lib.hosts.static import LIVE_BOOK
    from capture_lib.hosts.widget import BoardWidget

    if live_book:
        monkeypatch.setenv(LIVE_BOOK, "1")
    else:
        monkeypatch.delenv(LIVE_BOOK, raising=False)
    html = BoardWidget("card-commander", seed=3)._repr_mimebundle_()[0]["text/html"]
    place = re.search(r'<div class="capture-static-board"[^>]*>', html)
    assert place and "aria-label" not in place.group(0) and "BoardWidget" not in place.group(0)
