"""``capture_lib.classroom.voila`` without a browser: which pages are served, the chooser's links, the command line; and
a started server as a class gets it (the token kept off command lines, the kernel bounds, the login page,
short errors), driven over HTTP and the kernel's websocket."""

from __future__ import annotations

import http.cookiejar
import json
import pathlib
import re
import stat
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest

from capture_lib.classroom import voila as serving
from capture_lib.classroom.auth import ASK_THE_TEACHER, WRONG_WORD
from capture_lib.classroom.kernel import SHORT_MESSAGE

from .servers import start_voila


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


def test_voila_command_binds_the_given_address_with_our_config_and_template(tmp_path):
    command = serving.voila_command(tmp_path, 9999, "127.0.0.1", tmp_path / "config")
    assert command[1:4] == ["-m", "voila", str(tmp_path)]
    for flag in ("--port=9999", "--Voila.ip=127.0.0.1", f"--Voila.config_file_paths={tmp_path / 'config'}",
                 "--Voila.port_retries=0",
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
        config = pathlib.Path(next(a for a in command if a.startswith("--Voila.config_file_paths=")).split("=", 1)[1])
        FakeVoila.seen = {"command": command, "files": sorted(str(p.relative_to(site)) for p in site.rglob("*")
                                                              if p.is_file()), "site": site,
                          "jupyter_path": env["JUPYTER_PATH"], "config": (config / serving.CONFIG_FILE).read_text()}

    def wait(self, timeout=None):
        return 0

    def poll(self):
        return 0


def test_serve_prints_the_address_with_a_generated_token_and_cleans_up(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(subprocess, "Popen", FakeVoila)
    assert serving.serve(port=8123, book=fake_book(tmp_path, ["card-commander"])) == 0
    out = capsys.readouterr().out
    config = next(a for a in FakeVoila.seen["command"] if a.startswith("--Voila.config_file_paths="))
    token = FakeVoila.seen["config"].split("c.Voila.token = '", 1)[1].split("'", 1)[0]
    assert len(token) >= 24 and token not in config
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


# ----- a started server, as a class gets it (issue 19, "The classroom server"); no browser needed -------------
CLASS_TOKEN = "classroom-secret-word-4821"
PLAY = "/voila/render/card-commander/play.ipynb"
#: Kernel start, a notebook's run, a stopped kernel's exit: bounded waits on a loaded two-core machine.
WAIT_SECONDS = 30


class Student:
    """A browser without scripts: its own cookies (Jupyter's login cookie tells students apart)."""

    def __init__(self, server):
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def open(self, path: str, data: dict | None = None) -> tuple[int, str]:
        """GET (or POST ``data``) ``path``, following redirects; the status and the page."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        try:
            with self.opener.open(self.server.url + path, data=body, timeout=WAIT_SECONDS * 2) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


def server_processes(server) -> list:
    """The server's processes: ``capture serve``, Voila, the kernels."""
    psutil = pytest.importorskip("psutil")  # installed with ipykernel
    leader = psutil.Process(server.process.pid)
    return [leader, *leader.children(recursive=True)]


def kernels(server) -> list:
    """The server's kernel processes."""
    return [p for p in server_processes(server) if any("ipykernel" in part for part in p.cmdline())]


def wait_for_kernels(server, count: int) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while len(kernels(server)) != count and time.monotonic() < deadline:
        time.sleep(0.2)
    assert len(kernels(server)) == count, f"{len(kernels(server))} kernels, not {count}:\n{server.log_tail()}"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """``capture serve`` with small bounds (3 pages in all, 2 per student), shared by the tests below."""
    server = start_voila(tmp_path_factory.mktemp("classroom"), token=CLASS_TOKEN, max_pages=3, pages_per_student=2)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def ann(classroom):
    """A student who opened Card Commander's play page with the class's address."""
    student = Student(classroom)
    status, page = student.open(f"{PLAY}?token={CLASS_TOKEN}")
    assert status == 200 and "model_id" in page, classroom.log_tail()
    student.page = page
    return student


def test_no_process_of_the_server_has_the_token_on_its_command_line(classroom, ann):
    group = server_processes(classroom)
    assert kernels(classroom), "no kernel is running: the test would not look at one"
    for process in group:
        assert CLASS_TOKEN not in "\0".join(process.cmdline()), f"the token is readable in /proc/{process.pid}/cmdline"
    voila = next(p for p in group if "voila" in p.cmdline())
    config = next(a for a in voila.cmdline() if a.startswith("--Voila.config_file_paths=")).split("=", 1)[1]
    path = pathlib.Path(config) / serving.CONFIG_FILE
    assert CLASS_TOKEN in path.read_text() and stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_student_without_the_token_is_told_to_ask_the_teacher(classroom):
    student = Student(classroom)
    for path in (PLAY, f"{PLAY}?token=wrong", "/voila/render/play.ipynb"):
        status, page = student.open(path)
        assert status == 200 and ASK_THE_TEACHER in page and 'name="password"' in page, (path, page[:300])
        assert "Jupyter" not in page
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page).group(1)
    status, page = student.open(f"/login?next={urllib.parse.quote(PLAY)}", {"password": "wrong", "_xsrf": xsrf})
    assert status == 401 and WRONG_WORD in page


def test_a_malformed_board_message_shows_a_short_line_and_the_teachers_log_keeps_the_detail(classroom, ann):
    websocket = pytest.importorskip("websocket")
    kernel_id = re.search(r'"kernelId": *"([^"]+)"', ann.page).group(1)
    model_id = re.search(r'"model_id": *"([0-9a-f]+)"', ann.page).group(1)
    connection = websocket.create_connection(f"ws://127.0.0.1:{classroom.url.rsplit(':', 1)[1]}/api/kernels/"
                                             f"{kernel_id}/channels", cookie=ann.cookie_header(), timeout=WAIT_SECONDS)
    try:
        connection.send(json.dumps({
            "header": {"msg_id": uuid.uuid4().hex, "msg_type": "comm_msg", "username": "", "session": uuid.uuid4().hex,
                       "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"comm_id": model_id, "data": {"not": "a widget message"}}}))
        shown = []
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline and not any(m["msg_type"] == "error" for m in shown):
            message = json.loads(connection.recv())
            if message.get("msg_type") in ("error", "stream", "display_data", "execute_result"):
                shown.append(message)
    finally:
        connection.close()
    assert [m["content"] for m in shown] == [{"ename": "BoardError", "evalue": SHORT_MESSAGE,
                                               "traceback": [f"BoardError: {SHORT_MESSAGE}"]}]
    deadline = time.monotonic() + WAIT_SECONDS
    while "KeyError" not in classroom.log_tail(20_000) and time.monotonic() < deadline:
        time.sleep(0.2)
    log = classroom.log_tail(20_000)
    assert "Traceback" in log and "KeyError" in log and "widget.py" in log, log


def test_kernels_are_bounded_per_page_and_in_all_and_a_full_class_gets_a_short_page(classroom, ann):
    wait_for_kernels(classroom, 1)
    websocket = pytest.importorskip("websocket")
    kernel_id = re.search(r'"kernelId": *"([^"]+)"', ann.page).group(1)
    websocket.create_connection(f"ws://127.0.0.1:{classroom.url.rsplit(':', 1)[1]}/api/kernels/{kernel_id}/channels",
                                cookie=ann.cookie_header(), timeout=WAIT_SECONDS).close()  # the page was drawn
    status, _ = ann.open(PLAY)  # a reload: the earlier kernel of this page is stopped
    assert status == 200
    wait_for_kernels(classroom, 1)
    bob = Student(classroom)  # joins by typing the word into the login page
    status, page = bob.open(PLAY)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page).group(1)
    status, page = bob.open(f"/login?next={urllib.parse.quote(PLAY)}", {"password": CLASS_TOKEN, "_xsrf": xsrf})
    assert status == 200 and "kernelId" in page, page[:300]
    status, _ = Student(classroom).open(f"{PLAY}?token={CLASS_TOKEN}")
    assert status == 200
    wait_for_kernels(classroom, 3)
    status, page = Student(classroom).open(f"{PLAY}?token={CLASS_TOKEN}")
    assert status == 503 and "<h1>The class is full</h1>" in page and "Ask the teacher" in page, page[:500]
    assert "Traceback" not in page and "http" not in page.replace('lang="en"', "")
    wait_for_kernels(classroom, 3)
