"""Lighthouse's mobile performance of the live book: the front page and every play page.

Each page is served by ``capture serve``'s server on a free port of 127.0.0.1 and measured by Lighthouse
(npm ``lighthouse``, pinned in ``package.json``) in Debian's Chromium (``CHROME_PATH=/usr/bin/chromium``)
with its default mobile settings: a phone's screen, its processor slowed four times and a slow 4G link
simulated (150 ms, 1.6 Mbit/s). Lighthouse scores from a trace of the real load, so on a busy machine
the figures move; each page is measured ``--runs`` times and the median is printed with the spread.
With ``--before OLD/_build/html`` the same pages of another build are measured too, alternating run by
run with this one, so both see the same load.

    python bench/bench_lighthouse.py [--runs 3] [--before OLD/_build/html] [--pages book/intro.html ...]

Printed, never asserted: the targets (at least 90 on each page) are in the README.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib.bookkit.pages import play_pages  # noqa: E402
from capture_lib.classroom.static import make_server  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update "
         "--disable-sync --no-first-run")
#: The front page (index.html only redirects to it) and every game's play page.
PAGES = ("book/intro.html", *(f"book/{page.slug}/play.html" for page in play_pages(ROOT / "book")))
METRICS = (("first-contentful-paint", "FCP", 1000, "s"), ("largest-contentful-paint", "LCP", 1000, "s"),
           ("total-blocking-time", "TBT", 1, "ms"), ("cumulative-layout-shift", "CLS", 1, ""),
           ("speed-index", "SI", 1000, "s"))


def serve(html: pathlib.Path):
    """``capture serve``'s server for ``html`` on a free port of 127.0.0.1, in a thread; (server, base URL)."""
    server = make_server(html, 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def lighthouse(url: str) -> dict:
    """One Lighthouse run (performance only, mobile) of ``url``: the score, the metrics, the bytes."""
    with tempfile.TemporaryDirectory() as scratch:
        out = pathlib.Path(scratch) / "report.json"
        result = subprocess.run([str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
                                 "--only-categories=performance", f"--chrome-flags={FLAGS}"],
                                env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True,
                                timeout=300)
        if result.returncode != 0 or not out.is_file():
            raise SystemExit(f"lighthouse failed on {url}: {result.stderr[-1500:]}")
        report = json.loads(out.read_text(encoding="utf-8"))
    audits = report["audits"]
    row = {"score": round(100 * (report["categories"]["performance"]["score"] or 0))}
    for key, name, scale, _ in METRICS:
        row[name] = audits[key]["numericValue"] / scale
    row["bytes"] = audits["total-byte-weight"]["numericValue"]
    return row


def spread(values: list[float], digits: int) -> str:
    median = statistics.median(values)
    if len(values) == 1:
        return f"{median:.{digits}f}"
    return f"{median:.{digits}f} ({min(values):.{digits}f} to {max(values):.{digits}f})"


def report(label: str, rows: list[dict]) -> str:
    parts = [f"score {spread([r['score'] for r in rows], 0)}"]
    for _, name, _, unit in METRICS:
        digits = 0 if unit == "ms" else (3 if name == "CLS" else 1)
        parts.append(f"{name} {spread([r[name] for r in rows], digits)}{(' ' + unit) if unit else ''}")
    parts.append(f"{statistics.median(r['bytes'] for r in rows) / 1e6:.2f} MB")
    return f"  {label}: " + ", ".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs of each page (the median is printed)")
    parser.add_argument("--before", type=pathlib.Path, help="another build's html folder, measured alternately")
    parser.add_argument("--html", type=pathlib.Path, default=ROOT / "_build" / "html", help="the build to measure")
    parser.add_argument("--pages", nargs="+", default=list(PAGES), help="pages, relative to the build's folder")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("lighthouse is not installed: run `npm ci` (tools/setup.sh does) in the project's folder")
    builds = {"after": args.html} | ({"before": args.before} if args.before else {})
    servers = {label: serve(html) for label, html in builds.items()}
    results: dict[tuple[str, str], list[dict]] = {}
    try:
        for page in args.pages:
            for _ in range(args.runs):
                for label, (_, base) in servers.items():
                    results.setdefault((page, label), []).append(lighthouse(f"{base}/{page}"))
            print(page)
            for label in reversed(list(servers)):
                print(report(label, results[(page, label)]), flush=True)
    finally:
        for server, _ in servers.values():
            server.shutdown()
            server.server_close()
    print("Lighthouse", json.loads((ROOT / "node_modules" / "lighthouse" / "package.json").read_text())["version"],
          f"mobile preset, {args.runs} run(s) a page, Chromium {CHROMIUM}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
