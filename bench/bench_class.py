"""How many students one ``capture class`` process holds: simulated students play whole games on loopback.

    python bench/bench_class.py --students 30 --seconds 60          # a class: 15 tables
    python bench/bench_class.py --students 600 --seconds 120        # a school: 300 tables, one process
    python bench/bench_class.py --ceiling                           # more tables until a target breaks

What it does. It starts ``capture class --without-book`` as its own process (a fresh class file), joins the
students over HTTP (``POST /class/join``) and opens one WebSocket each, as the class page does. The teacher's
socket seats them two by two, the tables spread over every game of the registry. Each simulated student then
plays as a device does: when its seat's values offer moves, it thinks (``--think``, seconds, drawn uniformly:
2 to 8 by default, a brisk class), sends one of the offered moves with a message id, and waits for the server's
answer. A finished game is followed by another at the same table (both players ask to play again), so every
table plays whole games for the whole run. With ``--reconnects P`` a device drops its socket right after
sending a move, with chance P, reconnects, says hello and sends the unanswered move again with the same id, as
the class page does after a lost network: the server must apply it exactly once.

What it measures. The round trip of a move: from sending it to the server's answer, which comes after the
device's own new values (p50, p95, p99, the slowest). The server's memory (its resident size at the end and at
its peak, from /proc) and CPU time (per move). Then, once the server has stopped, it reads the class's SQLite
file: every move a device had answered must be kept exactly once (the message id of each kept move is in the
file), and no move may be kept twice. Students are spread over ``--clients`` processes, so their own work
(JSON, sockets) competes with the server for the same cores, as it would not in a class, where each device has
its own processor: they run at a lower priority than the server (``CLIENT_NICE``), and on a 2-core machine the
figures are still pessimistic.

The ceiling (``--ceiling``): runs of ``--seconds`` each, with 50, 100, 200, 300, 400, 600, ... tables, until a
run's p95 goes over 250 ms, its server's peak memory over 300 MB, or a move is lost or doubled; the last run
that kept all three is the ceiling of one process on this machine.

Beyond one process. A school larger than the ceiling runs several ``capture class`` processes, one per
group of classes (each class is one process's room; a table never spans two processes), behind a proxy that
sends each class's code to its process (nginx ``map`` on the path or a port per class). Nothing has to be
shared between them but the class file, and SQLite in WAL mode takes one writer per file: give each process
its own file. Should one class outgrow a process (thousands of students in one room), the tables and the
room's broadcasts would be split: the place it plugs in is ``ClassRoom._deliver`` and ``push_console``
(``capture_lib/classroom/room.py``), where a table's updates go to its seats' sockets; with Redis pub/sub
(one channel per table, one per class for the console), each process publishes a table's updates and the
process holding a seat's socket sends them on, and the store moves from SQLite to PostgreSQL (one writer per
table's row lock). Nothing of that is built here: one process holds the figures below.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import pathlib
import random
import re
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: The targets of issue 37.
TARGETS = {30: 0.150, 600: 0.250}
MEMORY_MB = 300
#: How much lower the simulated devices' priority is than the server's (each real device has its own processor).
CLIENT_NICE = 5
#: Kinds of moves a simulated student prefers, so that games end in a lesson's length.
PREFERRED = ("capture", "attack", "shot", "ranged", "bash")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def memory_mb(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its peak, in MB (Linux's /proc)."""
    fields = {}
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user and system)."""
    parts = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


# ----- one client process: its students, playing ------------------------------------------------------------
try:
    from tornado.websocket import WebSocketClosedError
except ImportError:  # pragma: no cover - the bench needs Tornado, as the server does
    raise SystemExit('the bench needs Tornado: pip install "capture_lib[class]"') from None


class Student:
    """A simulated device: one socket, its table's values, the moves it sent and the answers it got."""

    def __init__(self, base: str, secret: str, rng: random.Random, think: tuple[float, float], reconnects: float):
        self.url = base.replace("http://", "ws://") + "/class/socket"
        self.secret, self.rng, self.think, self.reconnects = secret, rng, think, reconnects
        self.values: dict = {}
        self.table_id: int | None = None
        self.status = ""
        self.rematched: set[int] = set()
        self.count = 0
        self.waiting: dict[str, tuple[float, asyncio.Future]] = {}
        self.unanswered: dict[str, dict] = {}
        self.times: list[float] = []
        self.answered: list[str] = []
        self.refused = 0
        self.reconnected = 0
        self.received = 0
        self.turn = asyncio.Event()
        self.socket = None

    async def connect(self) -> None:
        from tornado.websocket import websocket_connect

        for attempt in range(20):
            try:
                self.socket = await websocket_connect(self.url)
                break
            except OSError:
                await asyncio.sleep(0.2 * (attempt + 1))
        await self.socket.write_message(json.dumps({"type": "hello", "secret": self.secret}))
        for message in self.unanswered.values():  # as the class page does after a reconnect
            await self.socket.write_message(json.dumps(message))
        asyncio.get_running_loop().create_task(self.read(self.socket))

    async def read(self, sock) -> None:
        while True:
            text = await sock.read_message()
            if text is None:
                return
            self.received += len(text)
            message = json.loads(text)
            kind = message.get("type")
            if kind == "values" and message.get("board") == "table":
                if message["id"] != self.table_id or message["full"]:
                    self.values = {}
                    self.table_id = message["id"]
                self.values.update(message["values"])
                if self.values.get("scene", {}).get("actions"):
                    self.turn.set()
            if kind in ("table", "values") and message.get("table"):
                info = message["table"]
                self.status = info["status"]
                if info["status"] == "over" and info["id"] not in self.rematched:
                    self.rematched.add(info["id"])
                    await self.send({"type": "rematch", "table": info["id"]}, timed=False)
            elif kind in ("ack", "refused"):
                found = self.waiting.pop(message.get("id"), None)
                self.unanswered.pop(message.get("id"), None)
                if found is not None:
                    began, future = found
                    if kind == "refused" or self.values.get("message_kind") == "error":
                        self.refused += 1
                    if not future.done():
                        future.set_result(time.perf_counter() - began)

    async def send(self, message: dict, timed: bool = True) -> float | None:
        self.count += 1
        message_id = f"{self.secret[:6]}:{self.count}"
        sent = {**message, "id": message_id}
        future = asyncio.get_running_loop().create_future()
        self.waiting[message_id] = (time.perf_counter(), future)
        self.unanswered[message_id] = sent
        try:
            await self.socket.write_message(json.dumps(sent))
        except WebSocketClosedError:
            pass  # the socket dropped (a simulated reconnect): the new one sends it again, as the page does
        if not timed:
            return None
        if self.reconnects and self.rng.random() < self.reconnects:
            # The network drops just after the move left: reconnect and send it again, same id.
            self.socket.close()
            self.reconnected += 1
            await asyncio.sleep(0.05)
            await self.connect()
        try:
            elapsed = await asyncio.wait_for(future, 60)
        except TimeoutError:
            return None  # counted as unanswered (it stays in ``waiting``)
        self.answered.append(message_id)
        return elapsed

    def choice(self) -> str | None:
        actions = self.values.get("scene", {}).get("actions") or []
        if not actions:
            return None
        preferred = [a for a in actions if a.get("kind") in PREFERRED]
        return self.rng.choice(preferred or actions)["notation"]

    async def play(self, until: float) -> None:
        while time.monotonic() < until:
            try:
                await asyncio.wait_for(self.turn.wait(), max(0.1, until - time.monotonic()))
            except TimeoutError:
                return
            self.turn.clear()
            await asyncio.sleep(self.rng.uniform(*self.think))
            action = self.choice()
            if action is None or time.monotonic() >= until:
                continue
            elapsed = await self.send({"type": "board", "table": self.table_id,
                                       "message": {"type": "play", "action": action}})
            if elapsed is not None:
                self.times.append(elapsed)


async def run_students(base, secrets, seed, think, reconnects, start_at, seconds):
    rng = random.Random(seed)
    students = [Student(base, s, random.Random(rng.random()), think, reconnects) for s in secrets]
    for student in students:
        await student.connect()
    while time.time() < start_at:
        await asyncio.sleep(0.05)
    until = time.monotonic() + seconds
    await asyncio.gather(*(s.play(until) for s in students))
    await asyncio.sleep(1.0)  # the last answers
    return {"times": [t for s in students for t in s.times], "answered": [i for s in students for i in s.answered],
            "refused": sum(s.refused for s in students), "reconnected": sum(s.reconnected for s in students),
            "unanswered": sum(len(s.waiting) for s in students), "received": sum(s.received for s in students)}


def client_process(base, secrets, seed, think, reconnects, start_at, seconds, queue):
    os.nice(CLIENT_NICE)  # the devices' own work, as if on their own processors: the server's comes first
    try:
        queue.put(asyncio.run(run_students(base, secrets, seed, think, reconnects, start_at, seconds)))
    except BaseException as err:  # noqa: BLE001 - the main process says what went wrong
        import traceback

        queue.put({"error": "".join(traceback.format_exception(err))})


# ----- one run ----------------------------------------------------------------------------------------------
def start_server(db: pathlib.Path, port: int, profile: str | None = None) -> tuple[subprocess.Popen, str, str]:
    profiler = ["-m", "cProfile", "-o", profile] if profile else []
    process = subprocess.Popen([sys.executable, *profiler, "-m", "capture_lib.cli", "class", "--without-book", "--db",
                                str(db), "--port", str(port), "--ip", "127.0.0.1", "--new"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    said = ""
    deadline = time.monotonic() + 60
    while "/teacher#" not in said and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line and process.poll() is not None:
            break
        said += line
    code = re.search(r"class code\s+(\w+)", said)
    secret = re.search(r"/teacher#(\S+)", said)
    if not code or not secret:
        process.kill()
        raise SystemExit(f"the class server did not start:\n{said}")
    # What the server prints later (a failure, a traceback) is read as it comes, so its pipe never fills.
    process.printed = []
    threading.Thread(target=lambda: process.printed.extend(process.stdout), daemon=True).start()
    return process, code.group(1), secret.group(1)


def join_all(base: str, code: str, count: int) -> list[str]:
    secrets = []
    for n in range(count):
        body = json.dumps({"code": code, "name": f"S{n}"}).encode()
        request = urllib.request.Request(f"{base}/class/join", data=body, headers={"Content-Type": "application/json"},
                                         method="POST")
        with urllib.request.urlopen(request, timeout=30) as answer:
            secrets.append(json.loads(answer.read())["secret"])
    return secrets


async def teacher(base: str, secret: str, count: int, seated, end_at: float) -> dict:
    """The teacher's console: seats students 2n and 2n+1 at a table, the games taken in turn from the registry,
    then stays open for the run as a teacher's does (the console's view pushed as the class changes, and two
    tables watched live)."""
    from tornado.websocket import websocket_connect

    from capture_lib import list_games

    games = list_games()
    sock = await websocket_connect(base.replace("http://", "ws://") + "/class/teacher/socket",
                                   max_message_size=64 * 1024 * 1024)
    await sock.write_message(json.dumps({"type": "hello", "secret": secret}))
    view = json.loads(await sock.read_message())
    ids = sorted(s["id"] for s in view["students"])
    for n in range(count // 2):
        await sock.write_message(json.dumps({"type": "pair", "game": games[n % len(games)], "players": 2,
                                             "students": ids[2 * n:2 * n + 2], "id": f"pair{n}"}))
    answered, tables = 0, []
    while answered < count // 2:
        message = json.loads(await sock.read_message())
        if message.get("type") == "refused":
            raise SystemExit(f"seating failed: {message}")
        answered += message.get("type") == "ack"
        if message.get("type") == "class":
            tables = [t["id"] for t in message.get("tables", [])]
    for table in tables[:2]:
        await sock.write_message(json.dumps({"type": "watch", "table": table}))
    seated.put(True)
    views = size = 0
    while time.time() < end_at:
        try:
            text = await asyncio.wait_for(sock.read_message(), max(0.1, end_at - time.time()))
        except TimeoutError:
            break
        if text is None:
            break
        views += text.startswith('{"type":"class"')
        size += len(text)
    sock.close()
    return {"views": views, "bytes": size}


def teacher_process(base, secret, count, seated, end_at, queue):
    os.nice(CLIENT_NICE)
    queue.put(asyncio.run(teacher(base, secret, count, seated, end_at)))


def check_file(db: pathlib.Path, answered: list[str]) -> dict:
    """Every answered move kept once; none kept twice (by the message id each kept move carries)."""
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    kept: dict[str, int] = {}
    for message, count in connection.execute("SELECT message, count(*) FROM moves WHERE seat IS NOT NULL "
                                             "AND message IS NOT NULL GROUP BY tbl, message"):
        kept[message] = kept.get(message, 0) + count
    games = connection.execute("SELECT count(*) FROM tables WHERE status='over'").fetchone()[0]
    plies = connection.execute("SELECT count(*) FROM moves").fetchone()[0]
    connection.close()
    lost = [m for m in answered if m not in kept]
    twice = [m for m, count in kept.items() if count > 1]
    return {"lost": len(lost), "twice": len(twice), "games": games, "plies": plies, "kept": len(kept)}


def one_run(students: int, seconds: float, think: tuple[float, float], clients: int, reconnects: float,
            seed: int, profile: str | None = None) -> dict:
    students -= students % 2
    with tempfile.TemporaryDirectory() as folder:
        db = pathlib.Path(folder) / "bench.sqlite3"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        process, code, teacher = start_server(db, port, profile)
        try:
            secrets = join_all(base, code, students)
            context = multiprocessing.get_context("spawn")
            queue, seated, console = context.Queue(), context.Queue(), context.Queue()
            start_at = time.time() + 20 + students / 50  # seated, and every socket open, before the first move
            desk = context.Process(target=teacher_process, args=(base, teacher, students, seated,
                                                                 start_at + seconds, console))
            desk.start()
            deadline = time.monotonic() + 600
            while seated.empty():
                if not desk.is_alive() or time.monotonic() > deadline:
                    raise SystemExit("the teacher's console could not seat the students")
                time.sleep(0.2)
            cpu_before = cpu_seconds(process.pid)
            pairs = [secrets[i:i + 2] for i in range(0, len(secrets), 2)]
            workers = []
            for n in range(clients):
                mine = [s for pair in pairs[n::clients] for s in pair]
                worker = context.Process(target=client_process, args=(base, mine, seed + n, think, reconnects,
                                                                      start_at, seconds, queue))
                worker.start()
                workers.append(worker)
            results = [queue.get(timeout=seconds + 600) for _ in workers]
            failed = [r["error"] for r in results if "error" in r]
            if failed:
                raise SystemExit("a client process failed:\n" + failed[0])
            views = console.get(timeout=120)
            for worker in [*workers, desk]:
                worker.join(timeout=30)
            rss, peak = memory_mb(process.pid)
            cpu = cpu_seconds(process.pid) - cpu_before
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
        if process.printed:
            print("the server said:", "".join(process.printed)[-3000:], flush=True)
        times = sorted(t for r in results for t in r["times"])
        answered = [i for r in results for i in r["answered"]]
        kept = check_file(db, answered)
    quantile = (lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000) if times else (lambda q: float("nan"))
    return {"students": students, "tables": students // 2, "seconds": seconds, "moves": len(times),
            "moves_per_second": len(times) / seconds, "p50": quantile(0.50), "p95": quantile(0.95),
            "p99": quantile(0.99), "max": times[-1] * 1000 if times else float("nan"),
            "mean": statistics.fmean(times) * 1000 if times else float("nan"), "rss": rss, "peak": peak,
            "cpu_per_move_ms": cpu / max(1, len(times)) * 1000, "cpu_share": cpu / seconds,
            "refused": sum(r["refused"] for r in results), "unanswered": sum(r["unanswered"] for r in results),
            "reconnected": sum(r["reconnected"] for r in results), "console_views": views["views"],
            "sent_mb_per_second": sum(r["received"] for r in results) / seconds / 1e6,
            "kb_per_move": sum(r["received"] for r in results) / max(1, len(times)) / 1e3, **kept}


def report(run: dict) -> str:
    target = TARGETS.get(run["students"])
    verdict = ""
    if target is not None:
        ok = run["p95"] <= target * 1000 and (run["students"] < 600 or run["peak"] <= MEMORY_MB)
        verdict = f"  target p95 <= {target * 1000:.0f} ms" + (f", memory <= {MEMORY_MB} MB" if run["students"] >= 600
                                                               else "") + (": met" if ok else ": NOT met")
    return (f"{run['students']} students, {run['tables']} tables, {run['seconds']:.0f} s: {run['moves']} moves "
            f"({run['moves_per_second']:.1f}/s), round trip p50 {run['p50']:.1f} ms, p95 {run['p95']:.1f} ms, "
            f"p99 {run['p99']:.1f} ms, max {run['max']:.1f} ms; server memory {run['rss']:.0f} MB "
            f"(peak {run['peak']:.0f} MB), CPU {run['cpu_per_move_ms']:.1f} ms a move ({run['cpu_share']:.0%} of a "
            f"core); sent to the students {run['sent_mb_per_second']:.2f} MB/s ({run['kb_per_move']:.0f} kB a "
            f"move, both seats' values and the table's state); games finished {run['games']}; "
            f"moves lost {run['lost']}, kept twice {run['twice']}, "
            f"refused {run['refused']}, unanswered {run['unanswered']}; reconnects {run['reconnected']}; "
            f"the console got {run['console_views']} views" + verdict)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[30, 600])
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--think", type=float, nargs=2, default=[2.0, 8.0], metavar=("LOW", "HIGH"),
                        help="seconds a student thinks before each move, drawn uniformly (default 2 8)")
    parser.add_argument("--clients", type=int, default=2, help="processes the simulated students run in (default 2)")
    parser.add_argument("--reconnects", type=float, default=0.01,
                        help="chance a device drops its socket right after a move and sends it again (default 0.01)")
    parser.add_argument("--ceiling", action="store_true", help="more tables per run until a target breaks")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--profile", default=None, metavar="FILE",
                        help="run the server under cProfile and keep its statistics in FILE (the figures then "
                             "count the profiler's own cost)")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; think {args.think[0]:g} to "
          f"{args.think[1]:g} s; {args.clients} client processes; reconnects {args.reconnects:g}", flush=True)
    if args.ceiling:
        last_good = None
        for tables in (50, 100, 200, 300, 400, 600, 800, 1000, 1400, 2000):
            run = one_run(2 * tables, args.seconds, tuple(args.think), args.clients, args.reconnects, args.seed)
            print(report(run), flush=True)
            if run["p95"] > 250 or run["peak"] > MEMORY_MB or run["lost"] or run["twice"]:
                break
            last_good = run
        print(f"ceiling of one process here: {last_good['students'] if last_good else 'under 100'} students "
              f"(the last run within p95 250 ms, {MEMORY_MB} MB, nothing lost)")
        return 0
    for students in args.students:
        print(report(one_run(students, args.seconds, tuple(args.think), args.clients, args.reconnects, args.seed,
                             args.profile)), flush=True)
        if args.profile:
            import pstats

            pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
