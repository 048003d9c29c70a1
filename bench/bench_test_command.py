"""How long the README's test command takes on a fresh clone, as CI runs it, run after run.

Each run clones this checkout's current commit into a new temporary folder and runs ``.ci/run`` there (exactly
``bash tools/test.sh``) as CI does: ``CI=true``, no standard input. The clone starts with no virtual environment,
no npm packages and no built book, so every run pays the whole set-up (the environment from pip's cache, the
runtime from npm's); the machine's Debian browsers are already installed, as on CI's machine after its first run.
For each run it prints the whole time, the set-up's share (until the first pytest line), each pytest process's
own time and counts as pytest printed them, its slowest modules (from the JUnit report each process writes), and
whether the run passed; then the slowest, the median and how many
runs passed in a row. Nothing else should run on the machine meanwhile: two cores are the test command's budget.

The same machine has run the command in 16 and in 31 minutes with nothing else running, every test about twice
as slow. So before the first run and after each, a fixed piece of pure Python (``SPEED``, one core) is timed,
best of three: a run's minutes are comparable only beside the speed of the machine it ran on.

    python bench/bench_test_command.py [--runs 10] [--keep-logs FOLDER]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The target on two cores (issue 38): the whole command, set-up included.
TARGET_MINUTES = 12
#: A pytest process's last line: "==== 3476 passed, 29 skipped, 137 deselected in 1194.51s (0:19:54) ====".
SUMMARY = re.compile(r"^=+ (.*) in ([\d.]+)s(?: \([\d:]+\))? =+$", re.MULTILINE)


def one_run(commit: str, number: int, logs: pathlib.Path | None) -> dict:
    """Clone ``commit`` afresh and run its test command; the figures of the run."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix=f"capture-ci-{number}-"))
    try:
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(folder)], check=True)
        subprocess.run(["git", "checkout", "--quiet", commit], cwd=folder, check=True)
        env = {key: value for key, value in os.environ.items() if not key.startswith(("VIRTUAL_ENV", "CAPTURE_"))}
        env.update(CI="true", PATH=os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                                   if ".venv" not in p))
        started = time.monotonic()
        first_pytest = None
        lines: list[str] = []
        with subprocess.Popen(["bash", ".ci/run"], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as run:
            for line in run.stdout:
                lines.append(line)
                if first_pytest is None and line.startswith("==> pytest"):
                    first_pytest = time.monotonic() - started
        seconds = time.monotonic() - started
        text = "".join(lines)
        modules = {}
        built = BUILD_FOLDER.search(text)
        for process in ("engine", "book"):
            report = pathlib.Path(built.group(1)) / f"{process}-tests.xml" if built else None
            if report is not None and report.is_file():
                modules[process] = module_times(report)
                if logs is not None:
                    logs.mkdir(parents=True, exist_ok=True)
                    shutil.copy(report, logs / f"run-{number}-{process}.xml")
        if logs is not None:
            logs.mkdir(parents=True, exist_ok=True)
            (logs / f"run-{number}.log").write_text(text, encoding="utf-8")
        return {"seconds": seconds, "setup": first_pytest or seconds, "passed": run.returncode == 0,
                "pytest": [(counts, float(took)) for counts, took in SUMMARY.findall(text)],
                "tail": "" if run.returncode == 0 else text[-1500:], "modules": modules}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


#: Where ``tools/test.sh`` says its build's folder is (its JUnit reports lie beside the log).
BUILD_FOLDER = re.compile(r"^==> building the book \(strict\) in the background: (.*)/log$", re.MULTILINE)
#: How many of each process's slowest modules a run prints.
MODULES_SHOWN = 12


def module_times(report: pathlib.Path) -> list[tuple[float, int, str]]:
    """A pytest JUnit report's seconds and tests by module (a test file, or a notebook), the slowest first."""
    from xml.etree import ElementTree

    seconds: dict[str, float] = {}
    counts: dict[str, int] = {}
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        parts = case.get("classname", "").split(".")
        # The module is the classname up to its test file (tests.ai.test_levels) or notebook (book.x.play.ipynb).
        end = next((i for i, part in enumerate(parts) if part.startswith("test_") or part == "ipynb"), len(parts) - 1)
        module = ".".join(parts[:end + 1])
        seconds[module] = seconds.get(module, 0.0) + float(case.get("time") or 0)
        counts[module] = counts.get(module, 0) + 1
    return sorted(((seconds[m], counts[m], m) for m in seconds), reverse=True)


#: A fixed piece of pure Python, about a second on one quiet core of the project's machine: the machine's speed.
SPEED = "sum(i * i % 7 for i in range(8_000_000))"


def machine_speed() -> float:
    """The seconds ``SPEED`` takes in a fresh interpreter here, the best of three."""
    code = f"import time; began = time.perf_counter(); {SPEED}; print(time.perf_counter() - began)"
    return min(float(subprocess.run(["python3", "-c", code], capture_output=True, text=True, check=True).stdout)
               for _ in range(3))


def minutes(seconds: float) -> str:
    """``754.0`` -> ``12 min 34 s``."""
    return f"{int(seconds // 60)} min {round(seconds % 60):02d} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1, help="fresh clones to run, one after another")
    parser.add_argument("--keep-logs", type=pathlib.Path, default=None, help="write each run's output there")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    print(f"commit {commit[:10]}; {os.cpu_count()} cores; load average at the start "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; a fixed piece of Python ({SPEED}) "
          f"{machine_speed():.2f} s", flush=True)
    results = []
    for number in range(1, args.runs + 1):
        result = one_run(commit, number, args.keep_logs)
        results.append(result)
        processes = "; ".join(f"{counts} in {minutes(took)}" for counts, took in result["pytest"])
        print(f"run {number}: {'passed' if result['passed'] else 'FAILED'} in {minutes(result['seconds'])} "
              f"(set-up {minutes(result['setup'])}); {processes}; the fixed piece of Python after it "
              f"{machine_speed():.2f} s", flush=True)
        for process, found in result["modules"].items():
            total = sum(seconds for seconds, _, _ in found)
            print(f"  {process} process: {total:.0f} s of tests; its slowest modules: " + ", ".join(
                f"{module} {seconds:.0f} s ({count})" for seconds, count, module in found[:MODULES_SHOWN]), flush=True)
        if result["tail"]:
            print(result["tail"], flush=True)
    times = [r["seconds"] for r in results]
    streak = 0
    for result in results:
        streak = streak + 1 if result["passed"] else 0
    print(f"{len(results)} runs: median {minutes(statistics.median(times))}, slowest {minutes(max(times))}; "
          f"{sum(r['passed'] for r in results)} passed, the last {streak} in a row; "
          f"target {TARGET_MINUTES} min: {'met' if max(times) <= TARGET_MINUTES * 60 else 'not met'}", flush=True)
    return 0 if all(r["passed"] for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
