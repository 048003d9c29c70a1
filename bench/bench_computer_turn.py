"""How long the computer's turn takes on the clock a student sees, in Chromium and WebKit, and what it searched.

Two parts, each printed as figures per browser and game:

1. **The student's clock** (``turns``): a play page of the built book (``_build/html``, served on a free port
   of 127.0.0.1 by ``capture serve``'s server), the board set to a level (``--level``; by default each game's
   strongest offered level, the chooser's: hard where the chooser offers it, Card Commander's rule), a
   person's moves drawn at random from the board's legal moves and sent as the page sends them. For every
   move after which the computer took its turn, the page's own clock from sending the move to the answer
   drawn (the next animation frame after it): median, 90th percentile and maximum, against the level's cap
   (``--cap``, 0.9 s for hard). That is the whole of the computer's turn as the page shows it, every
   action of it (a Command aura's follow-up, a Medieval turn's moves and shot), and the engine's work
   around it.
2. **The search inside the browser** (``search``): the engine's own wheel (made from this checkout, as the
   book's build makes it) in Pyodide, in a Web Worker of a bench page, plays the level's decisions on
   positions of seeded games, timed on Python's clock there: per decision the seconds, and for Command
   Capture the depth the alpha-beta search finished, for the others the positions or playouts it ran.

WebKit (Safari's engine family, the iPad's) runs as ``tests/browser/other_browsers.py`` drives it:
WebKitWebDriver and its MiniBrowser on an Xvfb screen; Chromium is Debian's, through playwright. The
browsers take turns game by game, so both see the same load on the machine. ``--wheel`` puts this checkout's
engine into the built book first (the book's folder of the engine is rewritten in place), so a change of the
players is measured without building the book again.

    python bench/bench_computer_turn.py [--games command-capture medieval-capture] [--browsers chromium webkit]
        [--turns 12] [--level LEVEL] [--positions 20] [--parts turns search] [--wheel]
"""

from __future__ import annotations

import argparse
import http.server
import json
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib.bookkit.pages import play_pages  # noqa: E402
from capture_lib.classroom.static import make_server  # noqa: E402
from capture_lib.search.level_ratings import offered_levels  # noqa: E402
from tests.browser.other_browsers import BROWSERS  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
#: Every game with a play page in the book (the registry's order).
GAMES = tuple(page.slug for page in play_pages(ROOT / "book"))

#: Waits for the play board to go live and sets the computer's level; returns how long the engine took.
LIVE = """
const deadline = Date.now() + 240000;
let board = null;
while (Date.now() < deadline) {
  const boards = window.captureBoards ? [...window.captureBoards.values()] : [];
  board = boards.find((b) => b.kind === "play" && b.live);
  if (board) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
if (!board) throw new Error("the play board did not go live");
window.__benchBoard = board;
window.__benchSend = async (message) => {
  const answered = new Promise((resolve) => board.root.addEventListener("capture-values", (e) => resolve(e.detail),
                                                                         { once: true }));
  let thought = false;  // the engine says the computer is thinking (a partial answer) before it plays
  const watch = () => { thought = thought || !!board.model.get("thinking"); };
  board.model.on("change:values", watch);
  const began = performance.now();
  board.model.send(message);
  const detail = await answered;
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const ms = performance.now() - began;
  board.model.off("change:values", watch);
  return { ms, worker: detail.ms, computer: thought };
};
await window.__benchSend({ type: "level", level: %(level)s });
return { live: board.liveAt, level: board.model.get("level") };
"""
#: One move of the person, drawn from the board's legal moves (its scene's actions): the page's time to the
#: answer, and whether the computer took a turn meanwhile.
MOVE = """
const board = window.__benchBoard;
const legal = ((board.model.get("scene") || {}).actions || []).map((a) => a.notation);
if (!legal.length) return { over: true };
const action = legal[Math.floor(%(draw)s * legal.length)];
return { ...(await window.__benchSend({ type: "play", action })), action };
"""


class Chromium:
    """Chromium through playwright, with the calls of ``other_browsers``' drivers."""

    name = "Chromium"

    def __init__(self, playwright) -> None:
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        self.page = self.browser.new_context().new_page()

    def open(self, url: str) -> None:
        self.page.goto(url)

    def run(self, body: str, timeout: float = 300):
        self.page.set_default_timeout(timeout * 1000)
        return self.page.evaluate(f"async () => {{ {body} }}")

    def close(self) -> None:
        self.browser.close()


def student_clock(browser, url: str, level: str, turns: int, seed: int) -> dict:
    """Part 1 for one browser and game: the page's milliseconds for each of the computer's turns."""
    import random

    rng = random.Random(seed)
    browser.open(url)
    started = browser.run(LIVE % {"level": json.dumps(level)})
    if started["level"] != level:
        raise RuntimeError(f"the board plays at {started['level']!r}, not {level!r}")
    times, workers, moves = [], [], 0
    while len(times) < turns and moves < 40 * turns:
        answer = browser.run(MOVE % {"draw": repr(rng.random())})
        moves += 1
        if answer.get("computer"):
            times.append(answer["ms"])
            workers.append(answer["worker"])
        if answer.get("over"):  # the game ended (or the page offers nothing): a new one
            browser.run("await window.__benchSend({type: 'new'}); return null;")
    return {"page": times, "worker": workers}


#: The bench page of part 2: a module worker that starts Pyodide with the engine's wheel and runs the code it
#: is sent, answering its printed JSON.
PAGE = """<!doctype html><meta charset="utf-8"><title>bench</title><script>
window.benchRun = (code) => new Promise((resolve, reject) => {
  const worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = (e) => {
    worker.terminate();
    if (e.data.error) reject(new Error(e.data.error)); else resolve(e.data.json);
  };
  worker.onerror = (e) => reject(new Error(e.message));
  worker.postMessage(code);
});
</script>"""
WORKER = """
self.onmessage = async (event) => {
  try {
    const { loadPyodide } = await import("./pyodide/pyodide.mjs");
    const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", self.location).href, packages: [] });
    const wheel = await (await fetch("engine.whl")).arrayBuffer();
    const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    pyodide.unpackArchive(wheel, "wheel", { extractDir: site });
    self.postMessage({ json: pyodide.runPython(event.data) });
  } catch (err) {
    self.postMessage({ error: String(err && err.message || err) });
  }
};
"""
#: Part 2's Python: ``count`` positions of seeded games between the rule-based players (every fifth action
#: once the set-up is made), and for each the level's decision there, timed, with what it searched.
SEARCH = """
import json, statistics, time
from capture_lib import CHANCE, load_game
from capture_lib.search.levels import make_player
from capture_lib.search import stats as search_stats

def positions(slug, count):
    rule = make_player("rule", timed=False)
    game = load_game(slug)
    out, seed = [], 0
    while len(out) < count:
        state = game.new_game(seed=seed)
        seed += 1
        while not state.is_over and len(out) < count:
            seat = state.current_player
            if seat == CHANCE:
                state = state.play_chance()
                continue
            if len(state.history) % 5 == 0 and len(state.history) > 20 and len(state.legal_actions()) > 1:
                out.append(state)
            state = state.play(rule(state, seat))
    return out

figures = {}
for slug in GAMES:
    states = positions(slug, COUNT)
    player = make_player(LEVELS[slug], timed=True)
    seconds, searched = [], []
    for state in states:
        search_stats.LAST.clear()
        began = time.perf_counter()
        player(state, state.current_player)
        seconds.append(time.perf_counter() - began)
        searched.append(dict(search_stats.LAST))
    figures[slug] = {"seconds": seconds, "searched": searched}
json.dumps(figures)
"""


def cpu_seconds() -> float:
    """The processor time of every process this bench started (the browsers, their drivers), so far."""
    import psutil

    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return total


def search_in_browser(browser, url: str, games: list[str], levels: dict[str, str], count: int) -> tuple[dict, float]:
    """Part 2 for one browser: per game, the seconds of each decision and what the search reported; and the
    share of the wall clock that the browser's processes got the processor for, meanwhile (on a busy
    machine, well under one: the figures then fall short of what the browser does on its own)."""
    browser.open(url)
    code = f"GAMES, COUNT, LEVELS = {games!r}, {count!r}, {levels!r}\n" + SEARCH
    began, cpu = time.perf_counter(), cpu_seconds()
    figures = json.loads(browser.run(f"return await window.benchRun({json.dumps(code)});", timeout=1800))
    return figures, (cpu_seconds() - cpu) / (time.perf_counter() - began)


def bench_folder(html: pathlib.Path) -> pathlib.Path:
    """A folder for part 2: the page, its worker, Pyodide (the book's runtime) and this checkout's wheel."""
    from capture_lib.bookkit.wheel import wheel_bytes

    folder = pathlib.Path(tempfile.mkdtemp(prefix="capture-bench-"))
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "worker.js").write_text(WORKER, encoding="utf-8")
    (folder / "engine.whl").write_bytes(wheel_bytes())
    (folder / "pyodide").symlink_to(ROOT / "node_modules" / "pyodide")
    return folder


def put_wheel(html: pathlib.Path) -> None:
    """Rewrite the built book's engine wheel with this checkout's engine (the source form)."""
    from capture_lib.bookkit.wheel import wheel_bytes

    for found in (html / "_static" / "capture" / "engine").glob("*/*.whl"):  # engine/<hash of its content>/
        found.write_bytes(wheel_bytes())
        print(f"wrote this checkout's engine into {found.relative_to(html)}")


def summary(values: list[float], cap: float | None = None) -> str:
    """Seconds from milliseconds: median, 90th percentile, maximum, and how many went past ``cap``."""
    if not values:
        return "no figures"
    ordered = sorted(values)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    over = "" if cap is None else f", {sum(v > cap * 1000 for v in values)} of {len(values)} past {cap:.2f} s"
    return (f"median {statistics.median(values) / 1000:.2f} s, 90% {p90 / 1000:.2f} s, "
            f"max {ordered[-1] / 1000:.2f} s (n={len(values)}{over})")


def serve(folder: pathlib.Path):
    """A static server of ``folder`` on a free port of 127.0.0.1 (for the bench page, which needs no book)."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, *args) -> None:
            pass

        def end_headers(self) -> None:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            super().end_headers()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    Quiet.extensions_map = {**Quiet.extensions_map, ".mjs": "text/javascript", ".js": "text/javascript",
                            ".wasm": "application/wasm"}
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--browsers", nargs="+", default=["chromium", "webkit"], choices=["chromium", "webkit"])
    parser.add_argument("--level", default=None, help="one level for every game (default: each game's strongest "
                        "offered level)")
    parser.add_argument("--cap", type=float, default=0.9, help="the level's cap in seconds (hard's: 0.9)")
    parser.add_argument("--turns", type=int, default=12, help="computer turns timed per browser and game")
    parser.add_argument("--positions", type=int, default=20, help="decisions timed per game in part 2")
    parser.add_argument("--parts", nargs="+", default=["turns", "search"], choices=["turns", "search"])
    parser.add_argument("--html", type=pathlib.Path, default=ROOT / "_build" / "html")
    parser.add_argument("--wheel", action="store_true", help="put this checkout's engine into the built book first")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    # Each game's strongest offered level: a level the chooser does not offer is no promise to a student.
    levels = {slug: args.level or offered_levels(slug)[-1] for slug in args.games}
    if args.wheel:
        put_wheel(args.html)
    with sync_playwright() as playwright:
        makers = {"chromium": lambda: Chromium(playwright), "webkit": BROWSERS["webkit"]}
        if "turns" in args.parts:
            server = make_server(args.html, 0, "127.0.0.1")
            threading.Thread(target=server.serve_forever, daemon=True).start()
            base = f"http://127.0.0.1:{server.server_address[1]}/book"
            print("1. the computer's turn on the page's clock (move sent to answer drawn):", flush=True)
            for slug in args.games:
                for name in args.browsers:
                    browser = makers[name]()
                    try:
                        found = student_clock(browser, f"{base}/{slug}/play.html", levels[slug], args.turns,
                                              args.seed)
                    finally:
                        browser.close()
                    print(f"  {slug:22} {levels[slug]:6} {name:8} page {summary(found['page'], args.cap)}; "
                          f"in the worker {summary(found['worker'])}", flush=True)
            server.shutdown()
        if "search" in args.parts:
            folder = bench_folder(args.html)
            server = serve(folder)
            url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
            print(f"2. the search inside each browser's Pyodide, {args.positions} positions a game:", flush=True)
            try:
                for name in args.browsers:
                    browser = makers[name]()
                    try:
                        figures, share = search_in_browser(browser, url, args.games, levels, args.positions)
                    finally:
                        browser.close()
                    print(f"  {name}: its processes had the processor {share:.0%} of the time (load average "
                          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores)", flush=True)
                    for slug, found in figures.items():
                        print(f"  {slug:22} {levels[slug]:6} {name:8} "
                              f"{summary([s * 1000 for s in found['seconds']], args.cap)}; "
                              f"{searched_line(found['searched'])}", flush=True)
            finally:
                server.shutdown()
                shutil.rmtree(folder, ignore_errors=True)
    return 0


def searched_line(searched: list[dict]) -> str:
    """What the searches reported (``capture_lib.search.stats``): the median of each figure."""
    keys = sorted({key for entry in searched for key in entry})
    parts = []
    for key in keys:
        values = [entry[key] for entry in searched if key in entry]
        parts.append(f"{key} median {statistics.median(values):g} (min {min(values):g}, max {max(values):g})")
    return "; ".join(parts) or "no search figures"


if __name__ == "__main__":
    raise SystemExit(main())
