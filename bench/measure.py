"""Run the project's benches and keep what they print as the book's Measurements page.

Every figure the project reports comes from a bench script under ``bench/`` that prints it. This runs one
bench (or the standard set, ``--all``), keeps its output verbatim in ``docs/measurements/<name>.txt`` with
the date, the machine (its processor, cores, memory and operating system, Python and Node.js) and the
command that reproduces it, then writes ``docs/measurements.md`` from every kept output. Nothing there is
typed by hand, so a figure can only be as old as the date printed beside it.

    python bench/measure.py --all                  # the standard set (``BENCHES``), then the page
    python bench/measure.py courses players-cc     # some of them
    python bench/measure.py --page                 # only write the page again from the kept outputs
    python bench/measure.py --list                 # the standard set, with each one's command

A bench that fails keeps its earlier output, and the run says so and exits with 1.
"""

from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import platform
import shlex
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
KEPT = ROOT / "docs" / "measurements"
PAGE = ROOT / "docs" / "measurements.md"

#: The standard set, in the page's order: name -> (what it measures, its command from the project's root).
BENCHES: dict[str, tuple[str, list[str]]] = {
    "courses": ("What each chapter teaches: levels, exercises, rules practised, reading time",
                ["python", "bench/bench_courses.py"]),
    "engine-cc": ("Command Capture's engine against python-chess", ["python", "bench/bench_command_capture.py"]),
    "engine-medieval": ("Medieval Capture's engine", ["python", "bench/bench_medieval_capture.py"]),
    "engine-vs-chess": ("Both board games' engines against python-chess, side by side in one run",
                        ["python", "bench/bench_against_chess.py"]),
    "players-cc": ("Command Capture's computer players: strength from the stored games, time a move",
                   ["python", "bench/bench_command_capture_players.py", "--browser"]),
    "players-medieval": ("Medieval Capture's computer players: strength, time a decision here and in Pyodide",
                         ["python", "bench/bench_medieval_capture_players.py", "--browser", "--positions", "60"]),
    "ai": ("Every game's computer players: time a move at each level",
           ["python", "bench/bench_ai.py", "--only", "speed"]),
    "keep-writes": ("How often a board writes its kept game, per whole game",
                    ["python", "bench/bench_keep_writes.py"]),
    "update-bytes": ("The bytes a move sends to the page, whole, patched and compressed",
                     ["python", "bench/bench_update_bytes.py"]),
    "blocking": ("The main thread's blocking on the play pages, on a phone's screen at fourfold slowdown",
                 ["python", "bench/bench_blocking.py"]),
    "host-time": ("The board session's own cost of a move, and what it writes",
                  ["python", "bench/bench_host_time.py", "--moves", "60"]),
    "computer-turn": ("The computer's turn at each game's strongest offered level on the clock a student sees, in "
                      "Chromium and WebKit, and its search",
                      ["python", "bench/bench_computer_turn.py", "--parts", "turns", "search"]),
    "browsers": ("Time to a live board in Chromium, Firefox and WebKit",
                 ["python", "bench/bench_browsers.py", "--runs", "2"]),
    "lighthouse": ("Lighthouse mobile performance of the front page and the play pages",
                   ["python", "bench/bench_lighthouse.py", "--runs", "3"]),
    "live-book": ("A class of 30 opening a play page over one 50 Mbit/s link",
                  ["python", "bench/bench_live_book.py", "--runs", "1", "--students", "30", "--link-mbit", "50"]),
    "voila": ("A class on Voila: time to a ready page and memory",
              ["python", "bench/bench_serve.py", "--students", "30", "--spread", "60", "--reloads", "0"]),
    "class": ("A class on capture class: 30 students at tables, time a move to both devices and memory",
              ["python", "bench/bench_class.py", "--students", "30", "--seconds", "60"]),
    "class-school": ("A school on one capture class process: 600 students at 300 tables, time a move and memory",
                     ["python", "bench/bench_class.py", "--students", "600", "--seconds", "120"]),
    "class-ceiling": ("The ceiling of one capture class process: more tables a run until a target breaks",
                      ["python", "bench/bench_class.py", "--ceiling", "--seconds", "60"]),
    "test-command": ("The README's test command on a fresh clone, as CI runs it: the whole, the set-up, each "
                     "process and its slowest modules", ["python", "bench/bench_test_command.py", "--runs", "1"]),
    "wasm": ("The browser runtime's largest WebAssembly functions", ["python", "bench/wasm_functions.py"]),
    "webkit-runtime": ("WebKit on a runtime padded past its optimizing tier: start, Python's speed, the search",
                       ["python", "bench/bench_webkit_runtime.py", "--runs", "5"]),
}


def machine() -> str:
    """The machine a bench ran on, in one line."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        memory = f", {pages / 2**30:.0f} GiB"
    except (ValueError, OSError, AttributeError):
        memory = ""
    try:
        node = subprocess.run(["node", "--version"], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        node = "none"
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.1f} at the start"
    return (f"{cpu}, {os.cpu_count()} cores{memory}; {platform.system()} {platform.release()}; "
            f"Python {platform.python_version()}, Node.js {node}{load}")


def run(name: str) -> bool:
    """Run bench ``name`` and keep its output (see the module's docstring); whether it succeeded."""
    title, command = BENCHES[name]
    argv = [sys.executable if part == "python" else part for part in command]
    where, started = machine(), time.monotonic()
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"==> {name}: {shlex.join(command)}", flush=True)
    result = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    took = time.monotonic() - started
    if result.returncode != 0:
        print(f"!! {name} failed (exit {result.returncode}); its earlier output is kept\n{result.stderr[-2000:]}",
              file=sys.stderr)
        return False
    KEPT.mkdir(parents=True, exist_ok=True)
    head = (f"title: {title}\ncommand: {shlex.join(command)}\ndate: {when}\nmachine: {where}\n"
            f"took: {took:.0f} s\n\n")
    (KEPT / f"{name}.txt").write_text(head + result.stdout.rstrip() + "\n", encoding="utf-8")
    print(result.stdout, end="", flush=True)
    return True


def read(path: pathlib.Path) -> tuple[dict[str, str], str]:
    """A kept output's header fields and its printed text."""
    head, _, body = path.read_text(encoding="utf-8").partition("\n\n")
    fields = dict(line.split(": ", 1) for line in head.splitlines() if ": " in line)
    return fields, body.rstrip()


def page() -> str:
    """The Measurements page, from every kept output, the standard set first in its order."""
    kept = {p.stem: p for p in sorted(KEPT.glob("*.txt"))} if KEPT.is_dir() else {}
    order = [name for name in BENCHES if name in kept] + [name for name in kept if name not in BENCHES]
    lines = ["# Measurements", "",
             "Every figure below is what a bench script printed, kept as it was printed, with when, where and",
             "how it was measured. `python bench/measure.py --all` runs them all again and writes this page;",
             "`python bench/measure.py NAME` runs one. The project's machine has two cores, so a figure measured",
             "while other work ran says so in its load average. Nothing here is typed by hand.", ""]
    for name in order:
        fields, body = read(kept[name])
        lines += [f"## {fields.get('title', name)}", "",
                  f"Measured {fields.get('date', '?')} in {fields.get('took', '?')} on {fields.get('machine', '?')}.",
                  f"Reproduce: `{fields.get('command', '?')}`.", "", "```text", body, "```", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benches named (or ``--all``), then write the page."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help=f"benches to run, of: {', '.join(BENCHES)}")
    parser.add_argument("--all", action="store_true", help="run the whole standard set")
    parser.add_argument("--page", action="store_true", help="only write the page from the kept outputs")
    parser.add_argument("--list", action="store_true", help="list the standard set and stop")
    args = parser.parse_args(argv)
    if args.list:
        for name, (title, command) in BENCHES.items():
            print(f"{name:18s} {title}\n{'':18s} {shlex.join(command)}")
        return 0
    unknown = [name for name in args.names if name not in BENCHES]
    if unknown:
        parser.error(f"no bench called {', '.join(unknown)}; benches are: {', '.join(BENCHES)}")
    names = list(BENCHES) if args.all else args.names
    if not names and not args.page:
        parser.error("name a bench, or give --all or --page")
    failed = [name for name in names if not run(name)]
    PAGE.parent.mkdir(parents=True, exist_ok=True)
    PAGE.write_text(page(), encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    if failed:
        print(f"!! failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
