"""The book as a pip install's user hosts it: found from inside its folder, built again after an upgrade before
it is served, the missing extra said before anything is copied, the serving command named before the file
address; the build's log without the kernels' noise; handouts' pages counted from any PDF; JupyterLab's
settings for ``capture lab``; the book's repository buttons; the package's metadata."""

from __future__ import annotations

import html
import importlib.util
import io
import json
import os
import pathlib
import re
import socket
import struct
import sys
import tomllib
import zlib

import pytest

from capture_lib import cli
from capture_lib.bookkit import build, header, repository, sources
from capture_lib.core import places

from .conftest import ROOT


@pytest.fixture
def pip_install(monkeypatch, tmp_path):
    """As from a pip install: no checkout beside the package; the book's sources the wheel would carry."""
    monkeypatch.setattr(places, "checkout", lambda: None)
    monkeypatch.setattr(sources, "shipped_sources", lambda: ROOT)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_book_is_found_from_inside_its_folder(pip_install, capsys):
    copy = sources.book_folder()
    assert copy == pip_install / "capture-book" and "Copied the book's sources" in capsys.readouterr().out
    for inside in (copy / "book", copy / "book" / "card-commander"):
        os.chdir(inside)
        assert sources.book_folder() == copy, "no nested copy"
        assert not (inside / "capture-book").exists()


def test_a_missing_extra_is_said_before_anything_is_copied(pip_install, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("jupyter_book", "jupyterlab", "voila") else real(name, *a))
    for argv in (["book"], ["lab"], ["serve"], ["serve", "--voila"]):
        with pytest.raises(SystemExit, match=r'needs the book.s tools.*pip install "capture_lib\[book\]"'):
            cli.main(argv)
        assert not (pip_install / "capture-book").exists(), argv


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _fake_build(root: pathlib.Path) -> None:
    (root / "_build" / "html").mkdir(parents=True, exist_ok=True)
    (root / "_build" / "html" / "index.html").write_text("<p>the book</p>")
    root.joinpath(*build.BUILT).write_text(json.dumps(build.built_from(root)))


def test_serve_builds_again_a_book_built_by_another_capture_lib_or_from_older_sources(pip_install, monkeypatch, capsys):
    root = sources.book_folder()
    assert build.stale(root) == "it is not built yet"
    _fake_build(root)
    assert build.stale(root) == ""
    stamp = json.loads(root.joinpath(*build.BUILT).read_text())
    root.joinpath(*build.BUILT).write_text(json.dumps({**stamp, "capture_lib": "0.0.9"}))
    assert build.stale(root).startswith("it was built by capture_lib 0.0.9, and this is capture_lib ")
    built, served = [], []
    monkeypatch.setattr(cli, "build_book", lambda root: built.append(root) or _fake_build(root))
    monkeypatch.setattr("capture_lib.classroom.static.serve_book", lambda **kw: served.append(kw["html"]) or 0)
    capsys.readouterr()
    port = ["--port", str(_free_port())]  # checked before the build: a free one, whatever else runs here
    assert cli.main(["serve", *port]) == 0
    said = capsys.readouterr().out
    assert "must be built before it is served: it was built by capture_lib 0.0.9" in said
    assert built == [root] and served == [root / "_build" / "html"]
    assert cli.main(["serve", *port]) == 0 and built == [root], "a current build is served as it is"
    (root / "book" / "intro.ipynb").write_text((root / "book" / "intro.ipynb").read_text() + " ")
    assert build.stale(root) == "the book's sources changed since it was built"
    assert cli.main(["serve", *port]) == 0 and len(built) == 2


def test_capture_book_names_the_command_that_serves_it_first(monkeypatch, capsys, tmp_path):
    index = tmp_path / "_build" / "html" / "index.html"
    monkeypatch.setattr(cli, "build_book", lambda strict, root: index)
    monkeypatch.setattr(cli, "project_root", lambda folder: tmp_path)
    assert cli.main(["book"]) == 0
    said = capsys.readouterr().out
    assert said.index("capture serve") < said.index(index.as_uri()), said


def test_the_built_book_says_what_its_notebooks_need_and_its_log_has_no_tcp_warning(built_book):
    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    assert "without encryption" not in built_book["log"], "the kernels' TCP warning is in the real build's log"
    pages = [built_book["html"] / notebook.relative_to(ROOT).with_suffix(".html")
             for notebook in sorted((ROOT / "book").rglob("*.ipynb"))]
    pages = [page for page in pages if page.is_file()]
    assert len(pages) > 10, pages
    for page in pages:
        shown = page.read_text(encoding="utf-8")
        assert _notebook_downloads(shown) == [(header.NOTEBOOK_TEXT, header.NOTEBOOK_TOOLTIP)], page
        # The repository and issue buttons: there exactly when the build was told the repository.
        assert ("btn-source-repository-button" in shown) == bool(repository.repository()), page


def _notebook_downloads(page: str) -> list[tuple[str, str]]:
    """The text and tooltip of each entry of a built page's download menu that downloads a notebook."""
    entries = re.findall(r'<a href="(?:[^"]*/)?_sources/[^"]*\.ipynb"[^>]*?title="([^"]*)"[^>]*>.*?'
                         r'<span class="btn__text-container">([^<]*)</span>', page, re.S)
    return [(html.unescape(text), html.unescape(title)) for title, text in entries]


def test_the_build_log_leaves_out_the_kernels_tcp_warning():
    warning = ("[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All communication "
               "(including code and outputs) is sent in plain text and is susceptible to eavesdropping.")
    out = io.StringIO()
    script = f"import sys; print('reading book/intro'); print({warning!r}, file=sys.stderr); print('done')"
    assert build.quiet_run([sys.executable, "-c", script], out) == 0
    assert out.getvalue() == "reading book/intro\ndone\n"
    assert build.quiet_run([sys.executable, "-c", "raise SystemExit(3)"], io.StringIO()) == 3


def _pdf_with_an_object_stream(pages: int) -> bytes:
    """A PDF 1.5 whose page objects lie in a compressed object stream, with a cross-reference stream (as
    many PDF writers make them): no ``/Type /Page`` in its bytes."""
    kids = [3 + i for i in range(pages)]
    out, offsets = bytearray(b"%PDF-1.5\n"), {}

    def obj(num: int, body: bytes) -> None:
        offsets[num] = len(out)
        out.extend(f"{num} 0 obj\n".encode() + body + b"\nendobj\n")

    obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
    obj(2, f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {pages} >>".encode())
    body = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> "
    head = (" ".join(f"{k} {i * len(body)}" for i, k in enumerate(kids)) + " ").encode()
    packed = zlib.compress(head + body * pages)
    stream = 3 + pages
    obj(stream, f"<< /Type /ObjStm /N {pages} /First {len(head)} /Filter /FlateDecode /Length {len(packed)} >>\n"
                "stream\n".encode() + packed + b"\nendstream")
    xref = stream + 1
    rows = [struct.pack(">BIH", 0, 0, 65535)]
    for n in range(1, xref + 1):
        rows.append(struct.pack(">BIH", 2, stream, kids.index(n)) if n in kids else
                    struct.pack(">BIH", 1, len(out) if n == xref else offsets[n], 0))
    table, start = zlib.compress(b"".join(rows)), len(out)
    obj(xref, f"<< /Type /XRef /Size {xref + 1} /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length {len(table)} "
              ">>\nstream\n".encode() + table + b"\nendstream")
    out.extend(f"startxref\n{start}\n%%EOF\n".encode())
    return bytes(out)


def test_handout_pages_are_counted_in_any_pdf():
    from capture_lib.bookkit.summaries import pdf_page_count

    squeezed = _pdf_with_an_object_stream(3)
    assert b"/Type /Page " not in squeezed and pdf_page_count(squeezed) == 3
    with pytest.raises(ValueError, match="not a PDF"):
        pdf_page_count(b"<html>an error page</html>")


def test_capture_lab_saves_widget_state_in_the_notebooks(tmp_path):
    from capture_lib.hosts.lab import WIDGET_MANAGER, lab_settings

    installed = tmp_path / "installed"
    (installed / "overrides.d").mkdir(parents=True)
    (installed / "page_config.json").write_text('{"disabledExtensions": {"x": true}}')
    (installed / "overrides.d" / "site.json").write_text('{"@jupyterlab/apputils-extension:themes": {}}')
    folder = lab_settings(tmp_path / "settings", installed)
    overrides = json.loads((folder / "overrides.d" / "capture_lib.json").read_text())
    assert overrides == {WIDGET_MANAGER: {"saveState": True}}
    assert (folder / "page_config.json").read_text() == '{"disabledExtensions": {"x": true}}'
    assert (folder / "overrides.d" / "site.json").is_file(), "the installation's own settings are kept"
    command = cli.lab_command([], tmp_path / "lab" / "book")
    assert f"--LabApp.app_settings_dir={tmp_path / 'lab' / 'settings'}" in command
    schema = pathlib.Path(sys.prefix, "share", "jupyter", "labextensions", "@jupyter-widgets", "jupyterlab-manager",
                          "schemas", "@jupyter-widgets", "jupyterlab-manager", "plugin.json")
    if schema.is_file():  # the setting's name is the widget manager's own
        assert "saveState" in json.loads(schema.read_text())["properties"]


def test_the_book_links_to_its_repository_when_it_knows_it(monkeypatch):
    assert repository.repository({}) == "" and repository.project_urls("") == {}
    address = repository.repository({"CAPTURE_REPOSITORY": "https://github.com/Ada/capture.git/"})
    assert address == "https://github.com/Ada/capture"
    assert repository.project_urls(address) == {"Homepage": address, "Repository": address,
                                                "Issues": f"{address}/issues",
                                                "Documentation": "https://ada.github.io/capture/"}
    with pytest.raises(ValueError, match="the repository's web address"):
        repository.repository({"CAPTURE_REPOSITORY": "git@github.com:Ada/capture"})
    assert repository.theme_options({"a": 1}, "") == {"a": 1}, "no address, no buttons"
    on = repository.theme_options({}, address)
    assert on["use_repository_button"] and on["use_issues_button"] and on["repository_url"] == address
    config = type("Config", (), {"html_theme_options": {"repository_url": "https://gitlab.com/a/b"}})()
    monkeypatch.delenv("CAPTURE_REPOSITORY", raising=False)
    header._configure(None, config)
    assert config.html_theme_options["use_issues_button"], "_config.yml's own url turns them on too"
    yml = (ROOT / "_config.yml").read_text(encoding="utf-8")
    assert "capture_lib.bookkit.header" in yml and "CAPTURE_REPOSITORY" in yml
    assert "CAPTURE_REPOSITORY: ${{ github.server_url }}/${{ github.repository }}" in \
        (ROOT / ".github" / "workflows" / "publish-book.yml").read_text(encoding="utf-8")


def _theme_buttons(monkeypatch, repository_env: str, pagename: str, suffix: str) -> list[dict]:
    """The header buttons of one page as the installed sphinx-book-theme makes them (its own hooks, in the order
    Sphinx runs them), from ``_config.yml``'s options as Jupyter Book passes them and this extension's, with
    ``CAPTURE_REPOSITORY`` set to ``repository_env`` ("" for not set); then this extension's own hook."""
    import yaml
    from jupyter_book.config import yaml_to_sphinx
    from sphinx_book_theme.header_buttons import (
        add_header_buttons,
        prep_header_buttons,
        update_context_with_repository_info,
    )
    from sphinx_book_theme.header_buttons.source import add_source_buttons

    if repository_env:
        monkeypatch.setenv("CAPTURE_REPOSITORY", repository_env)
    else:
        monkeypatch.delenv("CAPTURE_REPOSITORY", raising=False)
    sphinx = yaml_to_sphinx(yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8")))[0]
    config = type("Config", (), {"html_theme_options": sphinx["html_theme_options"], "html_context": {}})()
    header._configure(None, config)
    app = type("App", (), {"config": config, "builder": type("Builder", (), {})()})()
    app.builder.theme_options = dict(config.html_theme_options)
    update_context_with_repository_info(app)
    context = {"pathto": lambda name, resource=False: f"../../{name}", "page_source_suffix": suffix,
               "sourcename": pagename + suffix, "pagename": pagename, **config.html_context}
    prep_header_buttons(app, pagename, "page.html", context, None)
    add_source_buttons(app, pagename, "page.html", context, None)
    add_header_buttons(app, pagename, "page.html", context, None)
    header._page(app, pagename, "page.html", context, None)
    return context["header_buttons"]


def _flat(buttons: list[dict]) -> dict[str, dict]:
    return {b["label"]: b for group in buttons for b in (group.get("buttons") or [group])}


def test_a_notebook_pages_download_says_what_the_notebook_needs(monkeypatch):
    notebook = _flat(_theme_buttons(monkeypatch, "", "book/card-commander/play", ".ipynb"))
    entry = next(b for b in notebook.values() if b.get("url", "").endswith(".ipynb"))
    assert entry["url"] == "../../_sources/book/card-commander/play.ipynb"
    assert (entry["text"], entry["tooltip"]) == (header.NOTEBOOK_TEXT, header.NOTEBOOK_TOOLTIP)
    assert not set('"<>&') & set(entry["text"] + entry["tooltip"]), "the theme writes them into the page unescaped"
    page = _flat(_theme_buttons(monkeypatch, "", "book/card-commander/summary", ".md"))
    assert page["download-source-button"]["text"] == ".md", "a Markdown page's download is left as it is"


def test_the_repository_and_issue_buttons_are_the_themes_own_when_the_repository_is_named(monkeypatch):
    assert not {"source-repository-button", "source-issues-button"} & set(
        _flat(_theme_buttons(monkeypatch, "", "book/intro", ".ipynb"))), "no address, no buttons"
    for address, issues in (("https://github.com/Ada/capture", "https://github.com/Ada/capture/issues/new?"),
                            ("https://gitlab.com/ada/capture", "https://gitlab.com/ada/capture/-/issues/new?")):
        shown = _flat(_theme_buttons(monkeypatch, address, "book/intro", ".ipynb"))
        assert shown["source-repository-button"]["url"] == address
        assert shown["source-issues-button"]["url"].startswith(issues)
    # A host the theme cannot name would stop its build: the same links go among the sidebar's icon links.
    shown = _flat(_theme_buttons(monkeypatch, "https://codeberg.org/ada/capture", "book/intro", ".ipynb"))
    assert not {"source-repository-button", "source-issues-button"} & set(shown)
    links = repository.theme_options({}, "https://codeberg.org/ada/capture")["icon_links"]
    assert [(link["name"], link["url"]) for link in links] == [
        ("Repository", "https://codeberg.org/ada/capture"), ("Issues", "https://codeberg.org/ada/capture/issues")]


def test_the_package_metadata_is_complete_and_the_version_has_one_source():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    meta = project["project"]
    assert "version" not in meta and set(meta["dynamic"]) == {"version", "urls"}
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "capture_lib.__version__"}
    assert meta["authors"] and len(meta["keywords"]) >= 5 and "Typing :: Typed" in meta["classifiers"]
    assert not [c for c in meta["classifiers"] if c.startswith("License ::")], "PEP 639: the licence is an expression"
    assert (ROOT / "capture_lib" / "py.typed").is_file()
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["capture_lib"]
    assert "test" not in meta["optional-dependencies"], "the test tools are not published as an extra"
    assert any(r.startswith("pytest") for r in project["dependency-groups"]["test"])
    assert any(r.startswith("tqdm") for r in meta["dependencies"]), "capture simulate's progress"
    assert any(r.startswith("pypdf") for r in meta["optional-dependencies"]["book"]), "the handouts' pages"
    setup = (ROOT / "tools" / "setup.sh").read_text(encoding="utf-8")
    assert '-e ".[book,cluster]" --group test' in setup and '-e ".[$EXTRA]"' in setup
