"""``capture class`` over the network: its pages hold no secret, its sockets take nobody's word for who they
are, the book's pages get the class's script, and a server killed mid-game resumes every table."""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest

from capture_lib.classroom import catalog
from capture_lib.classroom import server as class_server
from capture_lib.classroom.server import BOOK_SCRIPT, ClassServer
from tests.registry import shipped_games

from .clients import Device, join, run

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def running(tmp_path):
    """A class server on a free port of 127.0.0.1, with a two-page stand-in for the book."""
    book = tmp_path / "html"
    (book / "book" / "card-commander").mkdir(parents=True)
    (book / "index.html").write_text("<html><head><title>book</title></head><body>front</body></html>", "utf-8")
    (book / "book" / "card-commander" / "play.html").write_text("<html><head></head><body>play</body></html>", "utf-8")
    server = ClassServer(tmp_path / "class.sqlite3", 0, "127.0.0.1", html=book)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    assert server.wait_started()
    server.base = f"http://127.0.0.1:{server.port}"
    yield server
    server.shutdown()
    server.server_close()


def get(url: str, **headers) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def test_no_page_or_script_a_student_loads_holds_the_teachers_secret(running):
    secret = running.room.row.teacher_secret.encode()
    pages = ["/", "/teacher", "/index.html", "/book/card-commander/play.html"]
    pages += [f"/class/assets/{name}" for name in (*class_server.ASSETS, "model.js")]
    pages += ["/class/boards/card-commander.js", "/class/boards/medieval-capture.css"]
    for page in pages:
        status, headers, body = get(running.base + page)
        assert status == 200, page
        assert secret not in body, page
    status, headers, body = get(running.base + "/")
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    answer = join(running.base, running.room.row.code, "Anna")
    assert secret.decode() not in json.dumps(answer)

    async def socket():
        device = await Device(running.base, answer["secret"]).start()
        await device.send({"type": "seek", "game": "card-commander", "players": 2})
        return device
    device = run(socket())
    assert device.last("welcome") and not any(secret.decode() in text for text in device.raw)


def test_the_results_need_the_teachers_secret(running):
    url = running.base + "/class/teacher/results.csv"
    assert get(url)[0] == 403
    assert get(url, Authorization="Bearer " + "x" * 32)[0] == 403
    status, headers, body = get(url, Authorization=f"Bearer {running.room.row.teacher_secret}")
    assert status == 200 and headers["Content-Type"].startswith("text/csv") and body.startswith(b"student,game,")


def test_sockets_take_nobodys_word_for_who_they_are(running, monkeypatch):
    monkeypatch.setattr(class_server, "HELLO_SECONDS", 0.3)
    student = join(running.base, running.room.row.code, "Anna")["secret"]

    async def check():
        stranger = await Device(running.base, "a guessed secret").start()
        await stranger.wait_for(lambda: stranger.closed)
        teacher_as_student = await Device(running.base, student, path="/class/teacher/socket").start()
        await teacher_as_student.wait_for(lambda: teacher_as_student.closed)
        silent = await Device(running.base, student).start(hello=False)
        await silent.wait_for(lambda: silent.closed)
        teacher = await Device(running.base, running.room.row.teacher_secret, path="/class/teacher/socket").start()
        await teacher.wait_for(lambda: teacher.last("class"))
        return stranger, teacher_as_student, silent, teacher
    stranger, teacher_as_student, silent, teacher = run(check())
    assert stranger.closed[0] == 4003 and stranger.last("unknown")
    assert teacher_as_student.closed[0] == 4003
    assert silent.closed[0] == 4001
    assert teacher.last("class")["class"]["code"] == running.room.row.code


def test_the_books_pages_get_the_class_script_and_bad_addresses_get_a_plain_answer(running, capfd):
    status, headers, body = get(running.base + "/index.html", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    page = gzip.decompress(body).decode()
    assert BOOK_SCRIPT in page and page.index(BOOK_SCRIPT) < page.index("</head>")
    assert get(running.base + "/index.html", **{"If-None-Match": headers["Etag"], "Accept-Encoding": "gzip"})[0] == 304
    for bad in ("/%00", "/a%00b", "/%ff", "/../secret", "/class/boards/chess.js", "/class/assets/x.js"):
        assert get(running.base + bad)[0] in (400, 404), bad
    assert "Traceback" not in capfd.readouterr().err


def _start(db, port):
    process = subprocess.Popen([sys.executable, "-m", "capture_lib.cli", "class", "--without-book", "--db", str(db),
                                "--port", str(port), "--ip", "127.0.0.1"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    said, deadline = "", time.monotonic() + 60
    while "class code" not in said and time.monotonic() < deadline and process.poll() is None:
        said += process.stdout.readline()
    assert "class code" in said, said
    threading.Thread(target=process.stdout.read, daemon=True).start()  # the rest of its output, unread
    return process, re.search(r"class code\s+(\w+)", said).group(1)


def _free_port():
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


#: Moves played at each table before the server is killed.
MOVES_BEFORE_KILL = 4


async def _mover(group: list[Device], made: int) -> Device:
    """The device of ``group`` (one table) whose seat is to act once the table has had ``made`` moves."""
    async def until() -> Device:
        while True:
            for device in group:
                info = device.info
                if info and info["moves"] == made and info["to_act"] == info["seat"] and device.legal():
                    return device
            await asyncio.sleep(0.02)
    return await asyncio.wait_for(until(), 20)


async def _told(group: list[Device], made: int) -> None:
    """Wait until every device of ``group`` has been told of the table's ``made`` moves."""
    for device in group:
        await device.wait_for(lambda d=device: d.info and d.info["moves"] == made and d.table()[1].get("log")
                              is not None)


def test_a_server_killed_mid_game_resumes_every_table_with_no_move_lost_or_played_twice(tmp_path):
    """One table of every game the server plays, each at its largest size (Capture the Commander's four, Medieval's
    four-player teams), a few moves each, and ``kill -9``: started again on the same file, every device gets back
    its seat and exactly the table it had, and each table's last move sent again (a reconnect whose answer was
    lost) is answered with the table as it is, not played twice. The toy game is the tests' own: ``capture class``
    plays the shipped games."""
    db, port = tmp_path / "class.sqlite3", _free_port()
    base = f"http://127.0.0.1:{port}"
    tables = [(slug, max(catalog.players_of(slug))) for slug in shipped_games()]
    assert any(players > 2 for _slug, players in tables)
    process, code = _start(db, port)
    try:
        secrets = [join(base, code, f"Student {n + 1}")["secret"] for n in range(sum(p for _g, p in tables))]
        sent = {}

        async def play():
            devices = [await Device(base, s).start() for s in secrets]
            first = 0
            for game, players in tables:
                group = devices[first:first + players]
                first += players
                for device in group:
                    await device.send({"type": "seek", "game": game, "players": players})
                await _told(group, 0)
                assert len({d.table()[0] for d in group}) == 1 and len({d.info["seat"] for d in group}) == players
                for made in range(MOVES_BEFORE_KILL):  # moves, each answered, by whoever is to act
                    device = await _mover(group, made)
                    move = {"type": "board", "table": device.table()[0],
                            "message": {"type": "play", "action": device.legal()[0]}}
                    answer = await device.send(move, message_id=f"{game}:{made}")
                    assert answer["type"] == "ack", answer
                    sent[game] = (devices.index(device), move, f"{game}:{made}")
                await _told(group, MOVES_BEFORE_KILL)
            return [(d.table(), d.info) for d in devices]
        before = run(play())
        assert all(info["status"] == "playing" for _table, info in before)  # killed mid-game
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=20)
        process, again = _start(db, port)
        assert again == code

        async def resume():
            back = [await Device(base, s).start() for s in secrets]
            for device in back:  # told of its table, with every player of it back online
                await device.wait_for(lambda d=device: d.table() and d.table()[1].get("log") is not None
                                      and all(seat["online"] for seat in d.info["seats"]))
            # Each table's last move sent again by its device, as after a reconnect whose answer was lost: it is
            # answered with the table as it is, not played again (nor refused as a move out of turn).
            answers = []
            for index, move, message_id in sent.values():
                device = back[index]
                answers.append(await device.send(move, message_id=message_id))
                answers.append(device.table()[1]["message_kind"])
            return [(d.table(), d.info) for d in back], answers
        after, answers = run(resume())
        # Every seat's table as it was: its players, whose turn, how many moves, its scene, its log, its messages.
        assert after == before
        assert all(info["moves"] == MOVES_BEFORE_KILL for _table, info in after)
        assert answers == [{"type": "ack", "id": f"{game}:{MOVES_BEFORE_KILL - 1}"} if i % 2 == 0 else "info"
                           for game, _players in tables for i in range(2)]
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=20)
