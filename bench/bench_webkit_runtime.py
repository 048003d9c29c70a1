"""Would WebKit start faster on a runtime whose largest functions sit past its optimizing tier, and at what cost?

JavaScriptCore's optimizing WebAssembly tier (OMG) compiles CPython's interpreter loop while Python starts,
and it takes no function whose body is longer than ``maximumOMGCandidateCost`` bytes (100,000 by default).
A page cannot change that setting, but the book could serve a runtime rewritten so that the largest bodies
are longer: ``wasm_functions.pad_largest`` adds to each of them a block that branches over nops, so nothing
added ever runs. This compares that runtime with the published one, in Chromium and WebKit, taking turns:

1. ``start``: the time to a live board on a play page (``--game``), cold (a fresh profile) and warm (a
   reload), as ``bench_browsers.py`` times it; each runtime is served from its own copy of the built book
   (``--html``; the copies link the book's files and replace only the runtime's module).
2. ``speed``: Python's speed once started: the same work timed ``--repeats`` times in one page (the rule
   players of Command Capture and Medieval Capture play the same seeded games): the first time includes
   the engine's compiling, the last is its speed once compiled.
3. ``search``: the computer's strength at its cap: ``bench_computer_turn.py``'s search at hard in each
   browser's Pyodide (depth and nodes for Command Capture, iterations for the others, in the cap's time),
   for the first half of each game's decisions in a page and for the later half (the games take turns in
   one page, so the later half of the first game still comes before the second game's decisions).

Both runtimes' modules are served with gzip (the published one's brotli copy is left out too), so the
two differ only in the padding. A run that fails is counted and its error printed, not fatal. Each line
gives the load average: this machine's two cores are shared, so compare figures of the same round only.

    python bench/bench_webkit_runtime.py [--runs 5] [--largest 3] [--game card-commander] [--repeats 4]
        [--positions 10] [--games command-capture card-commander] [--parts start speed search]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_browsers  # noqa: E402 - beside this script
import bench_computer_turn  # noqa: E402 - beside this script
from wasm_functions import OMG_LIMIT, function_sizes, pad_largest  # noqa: E402 - beside this script

from capture_lib.classroom.static import make_server  # noqa: E402
from tests.browser.other_browsers import BROWSERS  # noqa: E402

PUBLISHED = "published"
MODULE = "pyodide.asm.wasm"
#: Part 2's Python: the same seeded games between the rule players, timed ``REPEATS`` times.
SPEED = """
import json, time
from capture_lib import CHANCE, load_game
from capture_lib.search.levels import make_player

def play(slug, seed):
    player = make_player("rule", timed=False)
    state = load_game(slug).new_game(seed=seed)
    while not state.is_over:
        seat = state.current_player
        state = state.play_chance() if seat == CHANCE else state.play(player(state, seat))

seconds = []
for _ in range(REPEATS):
    began = time.perf_counter()
    for slug in ("command-capture", "medieval-capture"):
        for seed in (0, 1):
            play(slug, seed)
    seconds.append(time.perf_counter() - began)
json.dumps(seconds)
"""


def load() -> str:
    """The machine's load average, for each figure."""
    return "load " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def book_copy(html: pathlib.Path, folder: pathlib.Path, module: bytes) -> pathlib.Path:
    """A copy of the built book in ``folder`` (its files linked, not copied, where the file system allows)
    whose runtime is ``module``, served with gzip only."""
    def link(source: str, target: str) -> None:
        try:
            os.link(source, target)
        except OSError:
            shutil.copy2(source, target)

    shutil.copytree(html, folder, copy_function=link)
    (runtime,) = (folder / "_static" / "capture" / "runtime").glob(f"*/{MODULE}")
    for old in (runtime, runtime.with_name(MODULE + ".br"), runtime.with_name(MODULE + ".gz")):
        old.unlink(missing_ok=True)  # a link to the book's file: unlinked, never written through
    runtime.write_bytes(module)
    runtime.with_name(MODULE + ".gz").write_bytes(gzip.compress(module, compresslevel=9, mtime=0))
    return folder


def pyodide_folder(folder: pathlib.Path, module: bytes) -> pathlib.Path:
    """Pyodide's npm folder for the bench page of parts 2 and 3, with ``module`` as its runtime."""
    folder.mkdir()
    for path in (ROOT / "node_modules" / "pyodide").iterdir():
        if path.name != MODULE:
            (folder / path.name).symlink_to(path)
    (folder / MODULE).write_bytes(module)
    return folder


def bench_page(pyodide: pathlib.Path) -> tuple[object, str, pathlib.Path]:
    """``bench_computer_turn``'s bench page over ``pyodide``, served: its server, the page's address and its
    folder (for the caller to remove)."""
    page = bench_computer_turn.bench_folder(None)
    (page / "pyodide").unlink()
    (page / "pyodide").symlink_to(pyodide)
    server = bench_computer_turn.serve(page)
    return server, f"http://127.0.0.1:{server.server_address[1]}/index.html", page


def speed_in_browser(browser, url: str, repeats: int) -> list[float]:
    """Part 2 in one fresh page: the seconds of each time the same work ran."""
    browser.open(url)
    code = f"REPEATS = {repeats!r}\n" + SPEED
    return json.loads(browser.run(f"return await window.benchRun({json.dumps(code)});", timeout=1200))


def seconds(values: list[float]) -> str:
    """Seconds as a median and a range."""
    return f"median {statistics.median(values):.2f} s ({min(values):.2f} to {max(values):.2f}, n={len(values)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="rounds of each part, the browsers taking turns")
    parser.add_argument("--largest", type=int, nargs="+", default=[3],
                        help="one padded runtime per number: how many of the largest bodies it pads")
    parser.add_argument("--past", type=int, default=OMG_LIMIT, help="the body length they are padded past")
    parser.add_argument("--game", default="card-commander", help="the play page of part 1")
    parser.add_argument("--repeats", type=int, default=4, help="how often part 2 runs its work in one page")
    parser.add_argument("--positions", type=int, default=10, help="decisions per game in part 3")
    parser.add_argument("--games", nargs="+", default=["command-capture", "card-commander"],
                        choices=bench_computer_turn.GAMES, help="the games of part 3")
    parser.add_argument("--browsers", nargs="+", default=["chromium", "webkit"], choices=["chromium", "webkit"])
    parser.add_argument("--parts", nargs="+", default=["start", "speed", "search"],
                        choices=["start", "speed", "search"])
    parser.add_argument("--html", type=pathlib.Path, default=ROOT / "_build" / "html")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    (published,) = (args.html / "_static" / "capture" / "runtime").glob(f"*/{MODULE}")
    modules = {PUBLISHED: published.read_bytes()}
    for count in args.largest:
        modules[f"{count} largest padded"] = pad_largest(modules[PUBLISHED], count, args.past)
    for name, module in modules.items():
        largest = ", ".join(f"{size:,}" for size, _, _ in function_sizes(module)[:4])
        print(f"runtime {name}: {len(module):,} bytes, {len(gzip.compress(module, 6)):,} gzipped; "
              f"its largest bodies {largest} bytes", flush=True)
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="capture-webkit-runtime-"))
    failed: dict[tuple[str, str, str], list[str]] = {}

    def attempt(part: str, browser: str, name: str, make, work):
        try:
            return work(make)
        except Exception as failure:  # noqa: BLE001 - a runtime that breaks a page is a finding, not a crash
            failed.setdefault((part, browser, name), []).append(str(failure)[:300])
            print(f"  {browser} {name}: failed: {str(failure)[:300]} ({load()})", flush=True)
            return None

    def turns(run: int) -> list[str]:
        # Each runtime goes first in every other round, so both see the same load.
        names = list(modules)
        return names if run % 2 == 0 else names[::-1]

    try:
        with sync_playwright() as playwright:
            makers = {"chromium": lambda: bench_browsers.Chromium(playwright), "webkit": BROWSERS["webkit"]}
            if "start" in args.parts:
                start_part(args, modules, scratch, makers, attempt, turns)
            search_makers = {"chromium": lambda: bench_computer_turn.Chromium(playwright), "webkit": BROWSERS["webkit"]}
            pages = {}
            if "speed" in args.parts or "search" in args.parts:
                for index, (name, module) in enumerate(modules.items()):
                    pages[name] = bench_page(pyodide_folder(scratch / f"pyodide-{index}", module))
            try:
                if "speed" in args.parts:
                    speed_part(args, pages, search_makers, attempt, turns)
                if "search" in args.parts:
                    search_part(args, pages, search_makers, attempt, turns)
            finally:
                for server, _, page in pages.values():
                    server.shutdown()
                    shutil.rmtree(page, ignore_errors=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for (part, browser, name), errors in failed.items():
        print(f"failed: {part}, {browser}, runtime {name}: {len(errors)} of {args.runs}: {errors[0]}")
    return 0


def start_part(args, modules: dict[str, bytes], scratch: pathlib.Path, makers, attempt, turns) -> None:
    """Part 1: the time to a live board, each runtime from its own copy of the book."""
    servers, urls = [], {}
    for index, (name, module) in enumerate(modules.items()):
        server = make_server(book_copy(args.html, scratch / f"book-{index}", module), 0, "127.0.0.1")
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        urls[name] = f"http://127.0.0.1:{server.server_address[1]}/book/{args.game}/play.html"
    print(f"1. time to a live board, {args.game} play page, cold then warm, over capture serve:", flush=True)
    cold: dict[tuple[str, str], list[float]] = {}
    warm: dict[tuple[str, str], list[float]] = {}
    for run in range(args.runs):
        for browser in args.browsers:
            for name in turns(run):
                found = attempt("start", browser, name, makers[browser],
                                lambda make, name=name: bench_browsers.one_run(make, urls[name]))
                if found is None:
                    continue
                cold.setdefault((browser, name), []).append(found[0]["live"] / 1000)
                warm.setdefault((browser, name), []).append(found[1]["live"] / 1000)
                print(f"  {browser} {name}: cold {found[0]['live'] / 1000:.2f} s {found[0]['phases']}, "
                      f"warm {found[1]['live'] / 1000:.2f} s ({load()})", flush=True)
    for server in servers:
        server.shutdown()
    base = cold.get(("chromium", PUBLISHED))
    for (browser, name), values in cold.items():
        ratio = (f"; cold {statistics.median(values) / statistics.median(base):.2f} times Chromium's on the "
                 f"published runtime" if base and (browser, name) != ("chromium", PUBLISHED) else "")
        print(f"  {browser:8} {name:18} cold {seconds(values)}; warm {seconds(warm[browser, name])}{ratio}")
    print(f"  ({load()})", flush=True)


def speed_part(args, pages, makers, attempt, turns) -> None:
    """Part 2: the same work timed again and again in one page."""
    print(f"2. Python's speed: the rule players' same seeded games, {args.repeats} times in one page "
          f"(first and last time):", flush=True)
    first: dict[tuple[str, str], list[float]] = {}
    last: dict[tuple[str, str], list[float]] = {}
    for run in range(args.runs):
        for browser in args.browsers:
            for name in turns(run):
                def work(make, url=pages[name][1]):
                    page = make()
                    try:
                        return speed_in_browser(page, url, args.repeats)
                    finally:
                        page.close()

                found = attempt("speed", browser, name, makers[browser], work)
                if found is None:
                    continue
                first.setdefault((browser, name), []).append(found[0])
                last.setdefault((browser, name), []).append(found[-1])
                print(f"  {browser} {name}: {' '.join(f'{s:.2f}' for s in found)} s ({load()})", flush=True)
    for key, values in first.items():
        base = last.get((key[0], PUBLISHED))
        ratio = (f"; last {statistics.median(last[key]) / statistics.median(base):.2f} times the published "
                 f"runtime's" if base and key[1] != PUBLISHED else "")
        print(f"  {key[0]:8} {key[1]:18} first {seconds(values)}; last {seconds(last[key])}{ratio}")
    print(f"  ({load()})", flush=True)


def search_part(args, pages, makers, attempt, turns) -> None:
    """Part 3: the search at hard, within its cap, in each browser's Pyodide."""
    print(f"3. the computer's search at hard within its cap, {args.positions} positions a game:", flush=True)
    found_all: dict[tuple[str, str, str], list[dict]] = {}
    for run in range(args.runs):
        for browser in args.browsers:
            for name in turns(run):
                def work(make, url=pages[name][1]):
                    page = make()
                    try:
                        hard = dict.fromkeys(args.games, "hard")
                        return bench_computer_turn.search_in_browser(page, url, args.games, hard, args.positions)
                    finally:
                        page.close()

                found = attempt("search", browser, name, makers[browser], work)
                if found is None:
                    continue
                figures, share = found
                for slug, game in figures.items():
                    half = len(game["searched"]) // 2  # the first decisions of a page, and the later ones
                    for when, searched in (("first", game["searched"][:half]), ("later", game["searched"][half:])):
                        found_all.setdefault((browser, name, slug, when), []).extend(searched)
                    print(f"  {browser} {name} {slug}: {bench_computer_turn.searched_line(game['searched'])}; "
                          f"processor share {share:.0%} ({load()})", flush=True)
    for (browser, name, slug, when), searched in found_all.items():
        print(f"  {browser:8} {name:18} {slug:16} {when} half: {bench_computer_turn.searched_line(searched)}")
    print(f"  ({load()})", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
