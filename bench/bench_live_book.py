"""The live book's figures: time to a live board, a move's round trip, the computer's levels, page sizes, a class.

Every figure is measured over ``capture serve`` (the built book as static files) on a free port of
127.0.0.1, never another address, in Debian's Chromium; every page is checked to ask nothing of any
other address. Printed, never asserted (the targets are in the issue and the README).

- time to a live board, cold (a fresh browser profile: every file fetched) and warm (a reload: the pages
  revalidated, the runtime from the service worker's cache), from the start of the navigation to the
  play board being live, and the bytes each visit downloaded (counted by a proxy between the browser and
  the server, ``link.py``);
- a move's round trip on a live play board, from the module's ``send`` to the values drawn: a refused
  move (the engine's check alone), and a move with the computer's reply at level ``random`` (an instant
  reply, so this is the round trip before any thinking);
- each level's computer move in the browser (Pyodide in a worker, the same wheel) against its time cap;
- every page's size, and the heaviest page; with ``--before DIR``, the same pages of another build;
- a class: ``--students N`` simulated students open a play page at once, each fetching every file the
  page needs (all at once, as a browser does, accepting brotli and gzip), plus ``--browsers B`` real
  Chromium pages at the same moment timed to a live board, all through one link of ``--link-mbit``
  Mbit/s (a school's line; ``link.py``); the time until the last of them is live, and the server's memory
  (RSS) before and at its peak.

    python bench/bench_live_book.py [--game card-commander] [--runs 3] [--students 30] [--browsers 3]
                                    [--link-mbit 50] [--html DIR] [--before OLD_BUILD/html] [--skip-levels]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import pathlib
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from link import Link  # noqa: E402 - beside this script

from capture_lib import list_games  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LOCAL = ("http://127.0.0.1:", "blob:", "data:", "about:")
GAMES = tuple(list_games())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SERVE = """
import pathlib, sys
from capture_lib.classroom.static import make_server
make_server(pathlib.Path(sys.argv[1]), int(sys.argv[2]), "127.0.0.1").serve_forever()
"""


def start_server(port: int, html: pathlib.Path) -> subprocess.Popen:
    """``capture serve``'s server for ``html`` on 127.0.0.1:port, in its own process group; returns once it
    answers."""
    process = subprocess.Popen([sys.executable, "-c", SERVE, str(html), str(port)], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=1).read()
            return process
        except OSError:
            time.sleep(0.1)
    raise SystemExit("capture serve did not answer")


def rss_mb(pid: int) -> float:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Watch:
    """Requests that left 127.0.0.1 (there must be none)."""

    def __init__(self) -> None:
        self.outside: list[str] = []
        self.urls: list[str] = []

    def attach(self, context) -> None:
        def seen(request) -> None:
            self.urls.append(request.url)
            if not request.url.startswith(LOCAL):
                self.outside.append(request.url)

        context.on("request", seen)


LIVE_JS = """() => {
  const boards = window.captureBoards ? [...window.captureBoards.values()] : [];
  const board = boards.find((b) => b.kind === "play" && b.live);
  return board ? board.liveAt : null;
}"""


def time_to_live(page, url: str, timeout: float = 90_000) -> float:
    """Seconds from the navigation's start to the play board being live."""
    page.goto(url)
    page.wait_for_function(LIVE_JS, timeout=timeout, polling=100)
    return page.evaluate(LIVE_JS) / 1000


ROUND_TRIP_JS = """async ([message, times]) => {
  const board = [...window.captureBoards.values()].find((b) => b.kind === "play" && b.live);
  const out = [];
  for (let i = 0; i < times; i++) {
    const actions = board.model.get("scene").actions || [];  // none once the game is over
    if (message === "legal" && !actions.length) break;
    const answered = new Promise((resolve) => board.root.addEventListener("capture-values", resolve, { once: true }));
    const began = performance.now();
    board.model.send(message === "legal" ? { type: "play", action: actions[0].notation } : message);
    await answered;
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));  // drawn
    out.push(performance.now() - began);
  }
  return out;
}"""


def round_trips(page) -> dict[str, list[float]]:
    """Milliseconds from send to drawn: a refused move, and a move with an instant computer reply (up to 8, as
    many as the game has: a game of Card Commander is over after four)."""
    refused = page.evaluate(ROUND_TRIP_JS, [{"type": "play", "action": "no such move"}, 10])
    page.evaluate(ROUND_TRIP_JS, [{"type": "level", "level": "random"}, 1])
    played = page.evaluate(ROUND_TRIP_JS, ["legal", 8])
    return {"refused": refused, "played": played}


LEVELS_PY = """
import json, time
from capture_lib import load_game
from capture_lib.search.levels import LEVEL_NAMES, player_for
from capture_lib.core.chance import CHANCE
from capture_lib.search.mcts import LEVELS
from capture_lib.search.tuning import tuning_for

out = {}
for slug in %(games)s:
    game = load_game(slug)
    state = game.new_game(seed=11)
    rule = player_for("rule")
    # A position a few moves in, with a choice to make.
    for _ in range(6):
        if state.is_over:
            break
        state = state.play_chance() if state.current_player == CHANCE else state.play(rule(state, state.current_player))
    while state.current_player == CHANCE:
        state = state.play_chance()
    row = {}
    for level in LEVEL_NAMES:
        player = player_for(level)
        began = time.perf_counter()
        player(state, state.current_player)
        spent = time.perf_counter() - began
        cap = tuning_for(slug).budgets.get(level, LEVELS[level])[1] if level in LEVELS else None
        row[level] = [spent, cap]
    out[slug] = row
json.dumps(out)
"""

LEVELS_JS = """async ([pyodideUrl, stdlibUrl, wheelUrl, code]) => {
  const source = `
    self.onmessage = async (event) => {
      const { pyodideUrl, stdlibUrl, wheelUrl, code } = event.data;
      try {
        const { loadPyodide } = await import(pyodideUrl + "pyodide.mjs");
        const pyodide = await loadPyodide({ indexURL: pyodideUrl, stdLibURL: stdlibUrl });
        const wheel = await (await fetch(wheelUrl)).arrayBuffer();
        const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
        pyodide.unpackArchive(wheel, "wheel", { extractDir: site });
        self.postMessage({ ok: pyodide.runPython(code) });
      } catch (err) { self.postMessage({ error: String(err) }); }
    };`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
  return await new Promise((resolve) => {
    worker.onmessage = (event) => { resolve(event.data); worker.terminate(); };
    worker.postMessage({ pyodideUrl, stdlibUrl, wheelUrl, code });
  });
}"""


def levels_in_browser(page, base: str, html: pathlib.Path) -> dict:
    """Each game's computer move at each level, timed inside Pyodide in a worker, on the runtime and the
    standard library the book ships (hashed folders; an older build's plain ``pyodide/`` folder too)."""
    static = html / "_static" / "capture"
    runtime = next(static.glob("runtime/*/pyodide.mjs"), None) or static / "pyodide" / "pyodide.mjs"
    stdlib = next(static.glob("engine/*/python_stdlib.zip"), None) or static / "pyodide" / "python_stdlib.zip"
    wheel = next(static.glob("engine/*/capture_lib-*.whl"), None) or next(static.glob("engine/capture_lib-*.whl"))
    url = lambda path: f"{base}/{path.relative_to(html).as_posix()}"  # noqa: E731 - a one-line helper
    answer = page.evaluate(LEVELS_JS, [url(runtime.parent) + "/", url(stdlib), url(wheel),
                                       LEVELS_PY % {"games": repr(list(GAMES))}])
    if "error" in answer:
        raise SystemExit(f"the levels' worker failed: {answer['error']}")
    return json.loads(answer["ok"])


def page_sizes(html: pathlib.Path) -> dict[str, int]:
    return {p.relative_to(html).as_posix(): p.stat().st_size for p in sorted((html / "book").rglob("*.html"))}


def fetch(url: str) -> bytes:
    """A file as a browser asks for it: brotli or gzip accepted (the body stays compressed)."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "br, gzip"})
    with urllib.request.urlopen(request, timeout=300) as answer:
        return answer.read()


def fetch_all(urls: list[str]) -> float:
    """One simulated student: every file of the page, fetched at once (as a browser does); seconds."""
    began = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=6) as pool:  # a browser's connections per host
        for body in pool.map(fetch, urls):
            assert body is not None
    return time.perf_counter() - began


def fmt(values: list[float], unit: str = "s", scale: float = 1.0) -> str:
    values = [v * scale for v in values]
    median = statistics.median(values)
    return f"median {median:.2f} {unit} (min {min(values):.2f}, max {max(values):.2f}, n={len(values)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="card-commander", choices=GAMES, help="the play page timed")
    parser.add_argument("--runs", type=int, default=3, help="cold and warm loads each")
    parser.add_argument("--students", type=int, default=30, help="simulated students opening a play page at once")
    parser.add_argument("--browsers", type=int, default=3, help="real Chromium pages among them")
    parser.add_argument("--before", type=pathlib.Path, default=None, help="another build's html folder, to compare")
    parser.add_argument("--html", type=pathlib.Path, default=ROOT / "_build" / "html", help="the build measured")
    parser.add_argument("--link-mbit", type=float, default=50.0, help="the class's shared link, Mbit/s (0: none)")
    parser.add_argument("--skip-levels", action="store_true", help="leave out the computer's levels")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    html = args.html
    port = free_port()
    server = start_server(port, html)
    watch = Watch()
    try:
        with sync_playwright() as p, Link(port) as counter:
            # The single pages go through a link without limit that counts what each visit downloads.
            base = f"http://127.0.0.1:{counter.port}"
            url = f"{base}/book/{args.game}/play.html"
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            cold, warm = [], []
            downloaded: dict[str, list[float]] = {"cold": [], "warm": []}
            trips: dict[str, list[float]] = {"refused": [], "played": []}
            for _ in range(args.runs):
                context = browser.new_context()  # a fresh profile: an empty cache
                watch.attach(context)
                page = context.new_page()
                counter.reset()
                cold.append(time_to_live(page, url))
                # The service worker keeps the runtime once the engine is ready (a build with one).
                page.wait_for_function("window.captureOffline === true || !navigator.serviceWorker"
                                       " || !document.querySelector('script[data-capture-service-worker]')",
                                       timeout=60_000)
                downloaded["cold"].append(counter.down / 1e6)
                counter.reset()
                warm.append(time_to_live(page, url))  # the same profile: a reload
                downloaded["warm"].append(counter.down / 1e6)
                for name, values in round_trips(page).items():
                    trips[name] += values
                context.close()
            print(f"{args.game} play page, time to a live board over capture serve (127.0.0.1):")
            print(f"  cold (empty cache): {fmt(cold)}; downloaded {fmt(downloaded['cold'], 'MB')}")
            print(f"  warm (reload):      {fmt(warm)}; downloaded {fmt(downloaded['warm'], 'MB')}")
            print(f"  round trip, refused move (engine check, values drawn): {fmt(trips['refused'], 'ms')}")
            print(f"  round trip, move + the computer's instant reply (level random): {fmt(trips['played'], 'ms')}")

            if not args.skip_levels:
                context = browser.new_context()
                watch.attach(context)
                page = context.new_page()
                # index.html only redirects (a meta refresh would end the evaluation below): open a page.
                page.goto(f"{base}/book/intro.html", wait_until="load")
                levels = levels_in_browser(page, base, html)
                context.close()
                print("computer's move in the browser (Pyodide), seconds, against the level's cap:")
                for slug, row in levels.items():
                    cells = [f"{level} {spent:.2f}" + (f"/{cap:g}" if cap else "")
                             for level, (spent, cap) in row.items()]
                    print(f"  {slug}: " + ", ".join(cells))

            if args.students > 0:  # --students 0: no class, only the single-page figures
                # A class at once, through the school's link: simulated students fetch every file, real
                # pages go live.
                link = Link(port, args.link_mbit or None).__enter__()
                base = f"http://127.0.0.1:{link.port}"
                url = f"{base}/book/{args.game}/play.html"
                context = browser.new_context()
                watch.attach(context)
                page = context.new_page()
                files = len(watch.urls)
                time_to_live(page, url)
                assets = sorted({u for u in watch.urls[files:] if u.startswith(base)})
                context.close()
                link.reset()
                idle = rss_mb(server.pid)
                peak = [idle]
                stop = threading.Event()

                def sample() -> None:
                    while not stop.is_set():
                        peak.append(rss_mb(server.pid))
                        time.sleep(0.05)

                threading.Thread(target=sample, daemon=True).start()
                contexts = [browser.new_context() for _ in range(args.browsers)]
                pages = []
                for context in contexts:
                    watch.attach(context)
                    pages.append(context.new_page())
                with concurrent.futures.ThreadPoolExecutor(max_workers=args.students) as pool:
                    began = time.perf_counter()
                    # The simulated students start at once, in the pool's threads; the real pages start
                    # meanwhile, driven from this thread (playwright's sync API is single-threaded).
                    students = [pool.submit(fetch_all, assets) for _ in range(args.students - args.browsers)]
                    for page in pages:
                        page.goto(url, wait_until="commit")
                    live = []
                    for page in pages:
                        page.wait_for_function(LIVE_JS, timeout=300_000, polling=100)
                        live.append(page.evaluate(LIVE_JS) / 1000)
                    fetched = [student.result() for student in students]
                    whole = time.perf_counter() - began
                stop.set()
                for context in contexts:
                    context.close()
                carried = link.down
                size = sum(len(fetch(u)) for u in assets)
                link.__exit__()
                line = f"{args.link_mbit:g} Mbit/s link" if args.link_mbit else "no limit on the link"
                print(f"a class: {args.students} students open the {args.game} play page at once, {line} "
                      f"({len(assets)} files, {size / 1e6:.1f} MB a student as sent, no Python process per student):")
                print(f"  {args.students - args.browsers} simulated students, every file fetched: {fmt(fetched)}")
                print(f"  {args.browsers} Chromium pages at the same time, time to a live board: {fmt(live)}")
                print(f"  all done (the last student live) in {whole:.1f} s; {carried / 1e6:.0f} MB over the link; "
                      f"server RSS {idle:.0f} MB idle, {max(peak):.0f} MB at its peak")
            browser.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)

    sizes = page_sizes(html)
    before = page_sizes(args.before) if args.before else {}
    print("page sizes (KB)" + (" before -> after" if before else "") + ":")
    for name, size in sizes.items():
        old = before.get(name)
        print(f"  {name}: " + (f"{old / 1000:.0f} -> " if old else "") + f"{size / 1000:.0f}")
    heaviest = max(sizes, key=sizes.get)
    line = f"heaviest page: {heaviest} {sizes[heaviest] / 1000:.0f} KB; all pages {sum(sizes.values()) / 1e6:.2f} MB"
    if before:
        old = max(before, key=before.get)
        line += f" (before: {old} {before[old] / 1000:.0f} KB; all {sum(before.values()) / 1e6:.2f} MB)"
    print(line)
    print("requests outside 127.0.0.1:", watch.outside or "none")
    return 1 if watch.outside else 0


if __name__ == "__main__":
    raise SystemExit(main())
