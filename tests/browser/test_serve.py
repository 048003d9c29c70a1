"""``capture_lib.serve`` without a browser: which pages are served, the chooser's links, the command line."""

from __future__ import annotations

import json
import pathlib
import subprocess

import pytest

from capture_lib import serve as serving


def fake_book(tmp_path: pathlib.Path, games: list[str]) -> pathlib.Path:
    book = tmp_path / "book"
    book.mkdir()
    (book / "play.ipynb").write_text("{}", encoding="utf-8")
    for slug in games:
        (book / slug).mkdir()
        (book / slug / "play.ipynb").write_text(json.dumps({"game": slug}), encoding="utf-8")
        (book / slug / "rules.ipynb").write_text("{}", encoding="utf-8")
    return book


def test_play_pages_are_the_registered_games_with_a_play_notebook(tmp_path):
    book = fake_book(tmp_path, ["card-commander", "not-a-game"])
    (book / "medieval-capture").mkdir()  # a game folder without a play page is not listed
    pages = serving.play_pages(book)
    assert [(p.slug, p.title, p.path) for p in pages] == [("card-commander", "Card Commander",
                                                           "card-commander/play.ipynb")]


def test_the_real_book_has_card_commanders_play_page():
    assert "card-commander" in [p.slug for p in serving.play_pages(serving.book_dir())]


def test_chooser_html_links_each_page_relatively_and_escapes_titles():
    pages = [serving.PlayPage("a", "A & <B>", "a/play.ipynb"), serving.PlayPage("c", "C", "c/play.ipynb")]
    html = serving.chooser_html(pages)
    assert html == ('<ul class="capture-chooser"><li><a href="a/play.ipynb">A &amp; &lt;B&gt;</a></li>'
                    '<li><a href="c/play.ipynb">C</a></li></ul>')
    assert "No game" in serving.chooser_html([])


def test_prepare_site_copies_only_the_chooser_and_the_play_pages(tmp_path):
    book = fake_book(tmp_path, ["card-commander"])
    site = tmp_path / "site"
    pages = serving.prepare_site(site, book)
    assert [p.slug for p in pages] == ["card-commander"]
    files = sorted(str(p.relative_to(site)) for p in site.rglob("*") if p.is_file())
    assert files == ["card-commander/play.ipynb", "play.ipynb"]
    assert json.loads((site / "card-commander" / "play.ipynb").read_text()) == {"game": "card-commander"}


def test_prepare_site_needs_a_chooser_and_a_play_page(tmp_path):
    book = fake_book(tmp_path, [])
    with pytest.raises(FileNotFoundError, match="no game has a play page"):
        serving.prepare_site(tmp_path / "site", book)
    (book / "play.ipynb").unlink()
    with pytest.raises(FileNotFoundError, match="chooser"):
        serving.prepare_site(tmp_path / "site2", book)


def test_voila_command_binds_the_given_address_with_the_token_and_our_template(tmp_path):
    command = serving.voila_command(tmp_path, 9999, "127.0.0.1", "secret")
    assert command[1:4] == ["-m", "voila", str(tmp_path)]
    for flag in ("--port=9999", "--Voila.ip=127.0.0.1", "--Voila.token=secret", "--Voila.port_retries=0",
                 "--VoilaConfiguration.template=capture", "--no-browser",
                 f"--MappingKernelManager.cull_idle_timeout={serving.IDLE_KERNEL_SECONDS}",
                 "--MappingKernelManager.cull_connected=False", "--VoilaConfiguration.show_tracebacks=False"):
        assert flag in command


def test_the_template_drops_the_cdn_links_of_voilas_lab_template(tmp_path):
    voila_lab = (pathlib.Path(serving.sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "lab"
                 / "index.html.j2")
    if voila_lab.is_file():  # the links we drop are really in the installed Voila's template
        text = voila_lab.read_text(encoding="utf-8")
        assert all(link in text for link in serving.CDN_LINKS)
    folder = serving.write_template(tmp_path)
    assert json.loads((folder / "conf.json").read_text()) == {"base_template": "lab"}
    assert "replace(" in (folder / "index.html.j2").read_text()


def test_chooser_url():
    assert serving.chooser_url("127.0.0.1", 8866, "t") == "http://127.0.0.1:8866/voila/render/play.ipynb?token=t"
    assert serving.chooser_url("0.0.0.0", 80, "t").startswith("http://127.0.0.1:80/")
    assert serving.chooser_url("::1", 80, "t").startswith("http://[::1]:80/")


class FakeVoila:
    """Stands in for the Voila process: records the command and the served folder, exits at once."""

    seen: dict = {}

    def __init__(self, command, cwd, env):
        site = pathlib.Path(cwd)
        FakeVoila.seen = {"command": command, "files": sorted(str(p.relative_to(site)) for p in site.rglob("*")
                                                              if p.is_file()), "site": site,
                          "jupyter_path": env["JUPYTER_PATH"]}

    def wait(self, timeout=None):
        return 0

    def poll(self):
        return 0


def test_serve_prints_the_address_with_a_generated_token_and_cleans_up(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(subprocess, "Popen", FakeVoila)
    assert serving.serve(port=8123, book=fake_book(tmp_path, ["card-commander"])) == 0
    out = capsys.readouterr().out
    token = next(a for a in FakeVoila.seen["command"] if a.startswith("--Voila.token=")).split("=", 1)[1]
    assert len(token) >= 24
    assert f"http://127.0.0.1:8123/voila/render/play.ipynb?token={token}" in out
    assert "--Voila.ip=127.0.0.1" in FakeVoila.seen["command"]
    assert FakeVoila.seen["files"] == ["card-commander/play.ipynb", "play.ipynb"]
    assert not FakeVoila.seen["site"].exists(), "the served copy was not removed"
    assert "every network" not in out


def test_serve_on_every_network_says_how_players_reach_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(subprocess, "Popen", FakeVoila)
    serving.serve(port=8123, ip="0.0.0.0", token="given", book=fake_book(tmp_path, ["card-commander"]))
    out = capsys.readouterr().out
    assert "token=given" in out and "every network" in out
    assert "--Voila.ip=0.0.0.0" in FakeVoila.seen["command"]
