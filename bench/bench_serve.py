"""A class opening ``capture serve`` at once: time to a ready page, the server's memory, the kernel count.

``capture serve`` is started on a free port of 127.0.0.1 (never another address) with its default
limits, and ``--students`` simulated students open one play page at the same moment (or spread evenly
over ``--spread`` seconds), each with its own cookies, as a browser would. A student's page is ready
when Voila's answer is complete: by then the page's kernel has started and run the notebook, so the
board is on the page. Each student then holds the kernel's websocket open, as an open page does. Then
every student reloads the page once (``--reloads``), which must not add kernels. The figures printed:

- the time to a ready page (the fastest, the median, the slowest), for the first opening and each reload;
- the kernel count after each round;
- the memory: RSS of the server (``capture serve`` and Voila) and of its kernels, and PSS of the whole
  group (PSS shares each shared page among the processes that use it, so it sums to what the machine
  really gives them; the sum of RSS counts shared libraries once per kernel).

Everything is bounded: at most ``MAX_STUDENTS`` students, each request ``--timeout`` seconds, the
whole run ``--deadline`` seconds; the server is stopped at the end, whatever happens.

    python bench/bench_serve.py [--students 8] [--spread 0] [--page card-commander/play.ipynb] [--reloads 1]
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import pathlib
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402 - installed with ipykernel
import websocket  # noqa: E402 - installed with jupyter_server

from tests.browser.servers import start_voila  # noqa: E402

#: More simulated students than a class, and the bench would measure the machine's swap, not the server.
MAX_STUDENTS = 60
TOKEN = "bench-serve-token"
MB = 1024 * 1024


class SimulatedStudent:
    """One browser: its own login cookie, the page's kernel held by a websocket like an open page."""

    def __init__(self, url: str, timeout: float) -> None:
        self.url, self.timeout = url, timeout
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.socket: websocket.WebSocket | None = None

    def open(self, path: str) -> tuple[float | None, str]:
        """Open ``path``; the seconds to the complete answer (None if it failed) and the outcome (``ready``,
        ``refused (STATUS)``, ...)."""
        start = time.monotonic()
        try:
            with self.opener.open(self.url + path, timeout=self.timeout) as answer:
                page = answer.read().decode()
        except urllib.error.HTTPError as refused:
            refused.read()
            return time.monotonic() - start, f"refused ({refused.code})"
        except OSError as err:
            return None, f"failed ({err})"
        seconds = time.monotonic() - start
        kernel = page.split('"kernelId": "', 1)[1].split('"', 1)[0] if '"kernelId": "' in page else ""
        if not kernel:
            return None, "no kernel in the page"
        self.hold(kernel)
        return seconds, "ready"

    def hold(self, kernel: str) -> None:
        """Connect to the page's kernel, as the page's scripts do; the earlier connection is closed."""
        self.close()
        cookie = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        self.socket = websocket.create_connection(f"{self.url.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels",
                                                  cookie=cookie, timeout=self.timeout)

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()
            self.socket = None


def open_all(students: list[SimulatedStudent], path: str, deadline: float,
             spread: float = 0.0) -> list[tuple[float | None, str]]:
    """Every student opens ``path``, all at the same moment or spread evenly over ``spread`` seconds; their
    results, in order."""
    results: list[tuple[float | None, str]] = [(None, "not finished")] * len(students)
    barrier = threading.Barrier(len(students))

    def run(i: int) -> None:
        barrier.wait(timeout=30)
        time.sleep(spread * i / len(students))
        results[i] = students[i].open(path)

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(len(students))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()))
    return results


def memory(leader: int) -> dict[str, float]:
    """RSS of the server and of its kernels, PSS of them all (MB), and the kernel count."""
    root = psutil.Process(leader)
    server_rss = kernel_rss = pss = 0.0
    count = 0
    for process in [root, *root.children(recursive=True)]:
        try:
            info = process.memory_full_info()
            is_kernel = any("ipykernel" in part for part in process.cmdline())
        except psutil.Error:  # a kernel that is stopping
            continue
        pss += getattr(info, "pss", info.rss)
        if is_kernel:
            kernel_rss += info.rss
            count += 1
        else:
            server_rss += info.rss
    return {"server_rss": server_rss / MB, "kernel_rss": kernel_rss / MB, "pss": pss / MB, "kernels": count}


def report(label: str, results: list[tuple[float | None, str]], mem: dict[str, float]) -> dict:
    """Print one round's figures; return them."""
    times = sorted(t for t, outcome in results if outcome == "ready")
    refused = [t for t, outcome in results if outcome.startswith("refused")]
    other = sorted({outcome for _, outcome in results if outcome != "ready"})
    line = {"round": label, "ready": len(times), "of": len(results),
            "fastest_s": round(times[0], 2) if times else None,
            "median_s": round(statistics.median(times), 2) if times else None,
            "slowest_s": round(times[-1], 2) if times else None, "refused": len(refused),
            "slowest_refusal_s": round(max(refused), 2) if refused else None,
            **{k: round(v, 1) for k, v in mem.items()}}
    per_kernel = mem["kernel_rss"] / mem["kernels"] if mem["kernels"] else 0.0
    print(f"{label}: {len(times)}/{len(results)} pages ready; time to a ready page "
          f"{line['fastest_s']} / {line['median_s']} / {line['slowest_s']} s (fastest / median / slowest); "
          f"{mem['kernels']:.0f} kernels; RSS server {mem['server_rss']:.0f} MB + kernels {mem['kernel_rss']:.0f} MB "
          f"({per_kernel:.0f} MB each); PSS of all {mem['pss']:.0f} MB"
          + (f"; other outcomes: {other}" if other else "")
          + (f" (the slowest refusal took {line['slowest_refusal_s']} s)" if refused else ""), flush=True)
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=8, help=f"simulated students (1 to {MAX_STUDENTS})")
    parser.add_argument("--page", default="card-commander/play.ipynb", help="the page each student opens")
    parser.add_argument("--reloads", type=int, default=1, help="how many times every student reloads (0 to 3)")
    parser.add_argument("--spread", type=float, default=0.0,
                        help="seconds over which the students arrive, evenly (default 0: all at once; at most 120)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds one page may take")
    parser.add_argument("--deadline", type=float, default=480.0, help="seconds the whole run may take")
    parser.add_argument("--json", default=None, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if not 1 <= args.students <= MAX_STUDENTS or not 0 <= args.reloads <= 3 or not 0 <= args.spread <= 120:
        parser.error(f"--students must be 1 to {MAX_STUDENTS}, --reloads 0 to 3 and --spread 0 to 120")
    deadline = time.monotonic() + args.deadline
    home = pathlib.Path(tempfile.mkdtemp(prefix="bench-serve-"))
    server = start_voila(home, token=TOKEN)  # 127.0.0.1 only, the class's default limits
    students = [SimulatedStudent(server.url, args.timeout) for _ in range(args.students)]
    lines = []
    try:
        idle = memory(server.process.pid)
        print(f"capture serve on {server.url} (127.0.0.1 only), {psutil.cpu_count()} cores; "
              f"the idle server: RSS {idle['server_rss']:.0f} MB", flush=True)
        path = f"/voila/render/{args.page}?token={TOKEN}"
        for label in ["open", *[f"reload {i + 1}" for i in range(args.reloads)]]:
            if time.monotonic() > deadline:
                print("stopped: the deadline is reached")
                break
            results = open_all(students, path, deadline, args.spread)
            time.sleep(2)  # kernels replaced by a reload take a moment to exit
            when = f" over {args.spread:g} s" if args.spread else " at once"
            lines.append(report(f"{args.students} students{when}, {label}", results, memory(server.process.pid)))
    finally:
        for student in students:
            student.close()
        server.stop()
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(lines, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
