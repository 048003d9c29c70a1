"""``capture serve`` (and ``capture class``, which serves the book the same way) under bad requests: an address
no file can have gets a plain 404 or 400 and no traceback, and a request sent halfway is dropped after the read
timeout instead of holding the server."""

from __future__ import annotations

import socket
import threading
import time
import urllib.error
import urllib.request

import pytest

from capture_lib.classroom.static import make_server

#: Half-sent requests the test holds open at once, as the issue's example had it.
HALF_SENT = 300


@pytest.fixture
def quick_server(tmp_path):
    """The book's server with a one-second read timeout, on a free port."""
    (tmp_path / "index.html").write_text("<p>front page</p>", encoding="utf-8")
    server = make_server(tmp_path, 0, "127.0.0.1", read_timeout=1.0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    assert server.wait_started()
    yield server
    server.shutdown()
    server.server_close()


def status_of(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status
    except urllib.error.HTTPError as err:
        return err.code


def test_an_address_no_file_can_have_is_refused_without_a_traceback(quick_server, capfd):
    base = f"http://127.0.0.1:{quick_server.port}"
    for path in ("/%00", "/index.html%00", "/%ff", "/%c0%ae%c0%ae/etc/passwd", "//etc/passwd"):
        assert status_of(base + path) in (400, 404), path
    assert status_of(base + "/") == 200
    printed = capfd.readouterr()
    assert "Traceback" not in printed.err + printed.out


def test_half_sent_requests_are_dropped_after_the_read_timeout(quick_server):
    held = []
    for _ in range(HALF_SENT):
        connection = socket.create_connection(("127.0.0.1", quick_server.port))
        connection.sendall(b"GET /index.html HTTP/1.1\r\nHost: class\r\n")  # the headers never end
        held.append(connection)
    try:
        # The server still answers everyone else at once.
        assert status_of(f"http://127.0.0.1:{quick_server.port}/index.html") == 200
        deadline = time.monotonic() + 10
        for connection in held:
            connection.settimeout(max(0.1, deadline - time.monotonic()))
            assert connection.recv(1) == b"", "a half-sent request was not dropped"
    finally:
        for connection in held:
            connection.close()
