"""``capture serve``'s classroom settings without a server: the token's way to Voila, the kernel limits, the
login and "class is full" pages, the short error a page's kernel shows (issue 19, "The classroom server")."""

from __future__ import annotations

import html
import io
import logging
import os
import pathlib
import stat
import subprocess

import jinja2
import pytest
from traitlets.config.loader import PyFileConfigLoader

from capture_lib import describe
from capture_lib.classroom import kernel as kernel_side
from capture_lib.classroom import voila as serving
from capture_lib.classroom.auth import (
    ASK_THE_TEACHER,
    WRONG_ADDRESS,
    WRONG_WORD,
    ClassroomIdentityProvider,
    ClassroomLoginHandler,
    address_had_a_token,
    login_html,
)
from capture_lib.classroom.kernel import SHORT_MESSAGE, BoardError, quiet_tracebacks
from capture_lib.classroom.limits import (
    AGAIN,
    BUSY_STATUS,
    FULL_STATUS,
    MINE_CLOSED,
    ClassFull,
    KernelLimits,
    Running,
    page_title,
)
from tests.registry import games


# ----- the token ------------------------------------------------------------------------------------------
def test_the_voila_command_line_holds_no_token_but_names_the_private_config_folder(tmp_path):
    command = serving.voila_command(tmp_path / "site", 9999, "127.0.0.1", tmp_path / "config")
    assert not [arg for arg in command if "token" in arg.lower()]
    assert f"--Voila.config_file_paths={tmp_path / 'config'}" in command


def test_the_config_file_holds_the_token_and_only_its_owner_may_read_it(tmp_path):
    text = serving.voila_config("we'ird \"word\"", max_pages=7, pages_per_student=2)
    path = serving.write_private(tmp_path / "config" / serving.CONFIG_FILE, text)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    c = PyFileConfigLoader(path.name, str(path.parent)).load_config()  # as Voila reads it
    assert c.Voila.token == "we'ird \"word\""
    assert c.ClassroomKernelManager.max_kernels == 7 and c.ClassroomKernelManager.max_kernels_per_client == 2
    assert c.VoilaConfiguration.prelaunch_hook.__name__ == "prelaunch_hook"
    assert c.Voila.identity_provider_class is ClassroomIdentityProvider


def test_limits_below_one_page_are_refused_before_anything_starts():
    with pytest.raises(ValueError, match="at least 1 page"):
        serving.voila_config("t", max_pages=0)
    with pytest.raises(ValueError, match="at least 1 page"):
        serving.serve(token="t", pages_per_student=0)


class RecordingVoila:
    """Stands in for the Voila process: records its command, its environment and its config file."""

    seen: dict = {}

    def __init__(self, command, cwd, env):
        config = pathlib.Path(next(a for a in command if a.startswith("--Voila.config_file_paths=")).split("=", 1)[1])
        path = config / serving.CONFIG_FILE
        startup = pathlib.Path(env.get("IPYTHONDIR", "/nonexistent")) / "profile_default" / "startup"
        RecordingVoila.seen = {"command": command, "env": env, "config": path.read_text(),
                               "mode": stat.S_IMODE(path.stat().st_mode),
                               "startup": sorted(p.read_text() for p in startup.glob("*.py"))}

    def wait(self, timeout=None):
        return 0

    def poll(self):
        return 0


def test_serve_reads_the_token_from_the_environment_and_hands_it_over_in_the_private_file(monkeypatch, capsys):
    monkeypatch.setattr(subprocess, "Popen", RecordingVoila)
    monkeypatch.setenv(serving.TOKEN_ENV, "castle-17")
    assert serving.serve(port=8124) == 0
    seen = RecordingVoila.seen
    assert not [arg for arg in seen["command"] if "castle-17" in arg]
    assert "c.Voila.token = 'castle-17'" in seen["config"] and seen["mode"] == 0o600
    assert serving.TOKEN_ENV not in seen["env"], "Voila (and every kernel) would inherit the token"
    assert "token=castle-17" in capsys.readouterr().out
    assert ["from capture_lib.classroom.kernel import quiet_tracebacks\n\nquiet_tracebacks()\n"] == seen["startup"]


def test_serve_with_tracebacks_shown_leaves_the_kernels_ipython_alone(monkeypatch, tmp_path):
    monkeypatch.setattr(subprocess, "Popen", RecordingVoila)
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path))
    serving.serve(port=8124, token="t", show_tracebacks=True)
    assert RecordingVoila.seen["env"]["IPYTHONDIR"] == str(tmp_path) and RecordingVoila.seen["startup"] == []
    assert "--VoilaConfiguration.show_tracebacks=True" in RecordingVoila.seen["command"]


# ----- the kernel limits ----------------------------------------------------------------------------------
OPEN, FRESH, CLOSED = Running(5.0, 1), Running(5.0, 0), Running(300.0, 0)
#: A page that has been drawn (a page connected to its kernel) and is still open.
OPENED = Running(5.0, 1, True)


def granted(limits: KernelLimits, client: str, page: str, running: dict[str, Running], kernel_id: str) -> tuple:
    """Admit a page and start its kernel (``kernel_id``); return the kernels it stopped."""
    admission = limits.admit(client, page, running)
    for kid in admission.stop:
        running.pop(kid)
    limits.bind(admission.reservation, kernel_id)
    running[kernel_id] = FRESH
    return admission.stop


def test_a_page_opened_again_by_the_same_student_replaces_the_earlier_kernel_and_says_why():
    limits, running = KernelLimits(total=10, per_client=3), {}
    assert granted(limits, "ann", "/play", running, "k1") == ()
    assert granted(limits, "bob", "/play", running, "k2") == ()  # another student's copy stays
    running["k1"] = OPENED
    admission = limits.admit("ann", "/play", running)
    assert admission.stop == ("k1",) and admission.reasons == (AGAIN,)


def test_a_page_opened_again_while_the_first_is_still_opening_leaves_that_one_to_finish():
    limits, running = KernelLimits(total=10, per_client=3), {}
    granted(limits, "ann", "/play", running, "k1")  # its notebook still runs: its tab may be waiting for it
    assert granted(limits, "ann", "/play", running, "k2") == ()
    running["k1"] = Running(31.0, 0)  # never connected, idle past the grace: its tab went away
    assert limits.admit("ann", "/play", running).stop == ("k1",)


def test_kernels_still_stopping_do_not_count_against_the_class():
    limits, running = KernelLimits(total=2, per_client=1), {}
    granted(limits, "ann", "/play", running, "k1")
    granted(limits, "bob", "/play", running, "k2")
    running["k1"] = running["k2"] = OPENED
    # Both reload at once: their old kernels are still exiting when the second reload is admitted.
    first = limits.admit("ann", "/play", dict(running))
    limits.bind(first.reservation, "k3")
    running["k3"] = FRESH
    second = limits.admit("bob", "/play", dict(running))
    assert first.stop == ("k1",) and second.stop == ("k2",)


def test_a_student_at_their_bound_loses_a_closed_page_and_is_told_which_open_pages_to_close():
    names = {"/chooser": "the game chooser", "/course": "Card Commander (course)", "/play": "Card Commander (play)"}
    limits, running = KernelLimits(total=10, per_client=2, names=names.get), {}
    granted(limits, "ann", "/chooser", running, "k1")
    granted(limits, "ann", "/course", running, "k2")
    running["k1"], running["k2"] = Running(900.0, 1, True), Running(1.0, 0, True)  # the course's tab closed
    admission = limits.admit("ann", "/play", running)
    assert admission.stop == ("k2",) and admission.reasons == (MINE_CLOSED,)
    running.pop("k2")
    limits.bind(admission.reservation, "k3")
    running["k3"] = Running(2.0, 1, True)
    with pytest.raises(ClassFull) as busy:  # both open: no page goes dead, the student chooses
        limits.admit("ann", "/other", running)
    assert busy.value.status == BUSY_STATUS
    assert str(busy.value) == ("You already have 2 game pages open, the most one student may keep: the game "
                               "chooser and Card Commander (play). Close one of them, then reload this page.")
    assert set(running) == {"k1", "k3"} and not limits.stopping - {"k2"}


def test_a_page_still_opening_is_never_stopped_to_make_room():
    limits, running = KernelLimits(total=10, per_client=1, names=lambda page: page), {}
    granted(limits, "ann", "/a", running, "k1")  # FRESH: its notebook still runs
    with pytest.raises(ClassFull, match="You already have 1 game page open, the most one student may keep: /a. "
                                        "Close it, then reload this page."):
        limits.admit("ann", "/b", running)


def test_page_titles_in_a_students_words():
    assert page_title("/voila/render/play.ipynb") == "the game chooser"
    assert page_title("/voila/render/no-such-game/play.ipynb") == "no-such-game (play)"


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_a_games_pages_are_named_by_its_title(slug):
    title = describe(slug).title
    assert page_title(f"/voila/render/{slug}/play.ipynb") == f"{title} (play)"
    assert page_title(f"/{slug}/course.ipynb?token=x") == f"{title} (course)"


def test_the_class_bound_stops_closed_pages_then_refuses_with_a_short_reason():
    limits, running = KernelLimits(total=3, per_client=3, grace_seconds=30), {}
    for i, client in enumerate(("ann", "bob", "cat")):
        granted(limits, client, "/play", running, f"k{i}")
    running["k1"] = CLOSED
    running["k2"] = Running(10.0, 0)  # just started, its page not connected yet: kept
    assert granted(limits, "dan", "/play", running, "k3") == ("k1",)
    with pytest.raises(ClassFull) as full:
        limits.admit("eve", "/play", running)
    assert full.value.status == FULL_STATUS and "Ask the teacher" in str(full.value)
    assert set(running) == {"k0", "k2", "k3"}


def test_pages_still_opening_count_and_give_their_place_back_when_they_never_start():
    now = [0.0]
    limits = KernelLimits(total=2, per_client=1, pending_seconds=60, clock=lambda: now[0])
    first = limits.admit("ann", "/a", {})
    with pytest.raises(ClassFull) as busy:
        limits.admit("ann", "/b", {})  # ann's first page has not started yet
    assert busy.value.status == BUSY_STATUS and "still opening" in str(busy.value)
    limits.admit("bob", "/a", {})
    with pytest.raises(ClassFull):
        limits.admit("cat", "/a", {})
    limits.release(first.reservation)
    limits.admit("cat", "/a", {})
    now[0] = 61.0  # the other two never started
    limits.admit("dan", "/a", {})
    limits.admit("eve", "/a", {})


def test_limits_below_one_are_refused():
    with pytest.raises(ValueError, match="at least 1 page"):
        KernelLimits(total=0, per_client=1)


# ----- the pages a student sees -----------------------------------------------------------------------------
def test_the_login_page_says_to_ask_the_teacher_and_keeps_a_form_for_the_word():
    page = login_html("/login?next=%2Fvoila", '<input type="hidden" name="_xsrf" value="x"/>')
    assert ASK_THE_TEACHER in page and "?token=" in page and WRONG_WORD not in page
    assert 'action="/login?next=%2Fvoila"' in page and 'name="password"' in page and 'name="_xsrf"' in page
    assert "Jupyter" not in page and "http" not in page.replace('lang="en"', "")  # nothing from elsewhere
    assert WRONG_WORD in login_html("/login", "", wrong=True)


def test_a_wrong_word_in_the_address_is_told_apart_from_none():
    assert address_had_a_token("/voila/render/play.ipynb?token=bad") and not address_had_a_token("/voila/render/x")
    assert not address_had_a_token("/voila/render/play.ipynb?token=") and not address_had_a_token("/?tok=x")
    page = login_html("/login", "", wrong_address=True)
    assert html.escape(WRONG_ADDRESS) in page and html.escape(WRONG_WORD) not in page
    assert html.escape(WRONG_ADDRESS) not in login_html("/login", "")


def test_every_page_watches_its_kernel_and_the_manager_writes_why_one_stopped(tmp_path):
    folder = serving.write_template(tmp_path)
    template = (folder / "index.html.j2").read_text(encoding="utf-8")
    assert "{%- block html_head_js -%}" in template and "{{ super() }}" in template
    assert f"const EVERY_MS = {serving.WATCH_MS};" in template and "api/kernels/" in template
    assert "voila/templates/capture/static/stopped/" in template and "Reload this page" in template
    assert "http" not in serving.PAGE_WATCH.replace("https://", "").replace("http:", "")  # nothing from elsewhere
    assert folder.joinpath(*serving.NOTICES).is_dir()
    text = serving.voila_config("t", notices=folder.joinpath(*serving.NOTICES))
    path = serving.write_private(tmp_path / "config" / serving.CONFIG_FILE, text)
    c = PyFileConfigLoader(path.name, str(path.parent)).load_config()
    assert c.ClassroomKernelManager.notices == str(folder.joinpath(*serving.NOTICES))


def test_a_kernels_logging_goes_to_the_teacher_not_the_page(monkeypatch):
    teacher = logging.getLogger("capture-test-teacher")
    handler = logging.StreamHandler(io.StringIO())
    teacher.addHandler(handler)
    monkeypatch.setattr(kernel_side, "_teacher_log", lambda: teacher)
    root = logging.getLogger()
    try:
        assert kernel_side.log_to_teacher() and handler in root.handlers
        logging.getLogger("Comm").warning("No such comm: x")  # no handler of its own: reaches the root's
        assert "No such comm: x" in handler.stream.getvalue()
    finally:
        root.removeHandler(handler)
        logging.captureWarnings(False)
    monkeypatch.setattr(kernel_side, "_teacher_log", lambda: logging.getLogger("capture_lib.classroom.voila"))
    assert not kernel_side.log_to_teacher()  # outside a kernel nothing changes


def test_the_identity_provider_serves_our_login_page():
    handlers = dict(ClassroomIdentityProvider(token="t").get_handlers())
    assert handlers[r"/login"] is ClassroomLoginHandler


def test_the_class_full_page_shows_the_reason_escaped(tmp_path):
    folder = serving.write_template(tmp_path)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True)
    for status in ("429", "503"):
        page = env.get_template(f"{status}.html").render(status_message="The class is full", message="a <b> c")
        assert "<h1>The class is full</h1><p>a &lt;b&gt; c</p>" in page


# ----- the short error --------------------------------------------------------------------------------------
class FakeShell:
    """Records what an IPython shell would send to the page."""

    def __init__(self):
        self.sent = []

    def _showtraceback(self, etype, evalue, stb):
        self.sent.append((etype, str(evalue), stb))


def test_a_kernel_failure_shows_one_short_line_and_logs_the_traceback(caplog):
    shell = FakeShell()
    assert quiet_tracebacks(shell)
    with caplog.at_level(logging.ERROR, logger="capture_lib.classroom.voila"):
        shell._showtraceback(KeyError, KeyError("method"),
                             ["\x1b[31mTraceback\x1b[0m", f"File {os.__file__}:1", "KeyError: 'method'"])
    [(etype, evalue, stb)] = shell.sent
    assert etype is BoardError and evalue == SHORT_MESSAGE and stb == [f"BoardError: {SHORT_MESSAGE}"]
    assert os.__file__ in caplog.text and "KeyError: 'method'" in caplog.text and "\x1b" not in caplog.text


def test_quiet_tracebacks_outside_ipython_changes_nothing():
    assert quiet_tracebacks() is False


def test_a_closed_pages_kernel_is_stopped_within_a_few_minutes(tmp_path):
    command = serving.voila_command(tmp_path, 9999, "127.0.0.1", tmp_path)
    assert serving.IDLE_KERNEL_SECONDS + serving.CULL_INTERVAL_SECONDS <= 180
    assert f"--MappingKernelManager.cull_idle_timeout={serving.IDLE_KERNEL_SECONDS}" in command
    assert f"--MappingKernelManager.cull_interval={serving.CULL_INTERVAL_SECONDS}" in command
    assert "--MappingKernelManager.cull_connected=False" in command  # an open page keeps its kernel
