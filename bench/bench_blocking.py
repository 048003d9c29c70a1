"""How long a play page blocks its main thread while its boards are drawn and go live, this build against another.

Each page is opened in Debian's Chromium on a phone's screen (412 x 823, as Lighthouse's mobile preset) with
the processor slowed four times (as Lighthouse does), from a fresh profile; the page's long tasks (the
browser's Long Tasks API) are summed from the navigation until 6 s after its first board went live, each
counted beyond its first 50 ms (Lighthouse's "total blocking time", over a window that always holds the boards'
drawing), with the longest task. Builds alternate run by run, so both see the same load; Lighthouse's own
score moves a lot more with the machine's load than this does. Printed, never asserted.

    python bench/bench_blocking.py --before OLD/_build/html [--runs 4] [--pages book/command-capture/play.html ...]
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib.bookkit.pages import play_pages  # noqa: E402
from capture_lib.classroom.static import make_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
#: Every game's play page, as the book's sources have them (the registry's games with a play page).
PAGES = tuple(f"book/{page.slug}/play.html" for page in play_pages(ROOT / "book"))
#: Collects the page's long tasks from its start.
LONG_TASKS = """window.captureLong = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.captureLong.push(e.duration); })
  .observe({ type: "longtask", buffered: true });"""
FIRST_LIVE = "window.captureBoards && [...window.captureBoards.values()].some((b) => b.live)"


def serve(html: pathlib.Path) -> tuple:
    """``capture serve``'s server for ``html`` on a free port of 127.0.0.1, in a thread; (server, base URL)."""
    server = make_server(html, 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def one_run(browser, url: str) -> tuple[float, float]:
    """The page's blocking time and its longest task, in ms."""
    context = browser.new_context(viewport={"width": 412, "height": 823}, device_scale_factor=2.625, is_mobile=True)
    try:
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(url)
        page.wait_for_function(FIRST_LIVE, timeout=180_000)
        page.wait_for_timeout(6000)
        tasks = page.evaluate("window.captureLong")
        return sum(max(0.0, t - 50) for t in tasks), max(tasks, default=0.0)
    finally:
        context.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--before", type=pathlib.Path, required=True, help="another build's html folder")
    parser.add_argument("--html", type=pathlib.Path, default=ROOT / "_build" / "html", help="the build to measure")
    parser.add_argument("--pages", nargs="+", default=list(PAGES))
    args = parser.parse_args()
    servers = {"before": serve(args.before), "after": serve(args.html)}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox",
                                                                                  "--disable-gpu"])
            for path in args.pages:
                found: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}
                for run in range(args.runs):
                    for name in ("before", "after") if run % 2 == 0 else ("after", "before"):
                        found[name].append(one_run(browser, f"{servers[name][1]}/{path}"))
                print(path)
                for name, runs in found.items():
                    blocking = [round(b) for b, _ in runs]
                    longest = [round(t) for _, t in runs]
                    print(f"  {name}: blocking {statistics.median(blocking):.0f} ms {blocking}, "
                          f"longest task {statistics.median(longest):.0f} ms {longest}")
            browser.close()
    finally:
        for server, _ in servers.values():
            server.shutdown()
            server.server_close()
    print(f"Chromium {CHROMIUM}, processor slowed 4 times, {args.runs} runs a page and build, medians")


if __name__ == "__main__":
    main()
