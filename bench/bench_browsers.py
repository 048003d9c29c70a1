"""Time to a live board in Chromium, Firefox ESR and WebKitGTK, cold and warm.

A play page of the built book, served by ``capture serve``'s server on a free port of 127.0.0.1, opened
in each browser from Debian's packages: Chromium through playwright, Firefox through WebDriver BiDi,
WebKit (Safari's engine family) through WebKitWebDriver and its MiniBrowser on an Xvfb screen
(``tests/browser/other_browsers.py``). Cold: a fresh browser profile (nothing cached); warm: a reload
in the same profile (the service worker's cache where the browser allows it). The figure is the page's
own clock from the navigation's start to the play board being live, with the engine's start in its
phases (importing Pyodide's module, starting Pyodide, unpacking the wheel, importing the engine, then
what is left of reading the kept games, which runs beside the import). The browsers take turns run by
run, so all of them see the same load on the machine.

    python bench/bench_browsers.py [--game card-commander] [--runs 3] [--browsers chromium firefox webkit]
                                   [--jsc JSC_useOMGJIT=0 ...]

Each ``--jsc SETTING=VALUE`` adds one more WebKit, started with that JavaScriptCore setting in its
environment, which takes its turn with the others: the settings that show where WebKit's extra start time
goes (its optimizing WebAssembly tier, docs/hosts.md, "Why WebKit starts slower") are compared run by run with
the default WebKit, under the same load. No page can choose these settings; they measure, not fix.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib.classroom.static import make_server  # noqa: E402
from tests.browser.other_browsers import BROWSERS, ScriptFailed  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: Waits for the play board to go live; returns the page's clock then and the engine's phases.
LIVE = """
const deadline = Date.now() + 180000;
while (Date.now() < deadline) {
  const boards = window.captureBoards ? [...window.captureBoards.values()] : [];
  const board = boards.find((b) => b.kind === "play" && b.live);
  if (board) return {live: board.liveAt, phases: (window.captureEngine || {}).phases || {}};
  await new Promise((resolve) => setTimeout(resolve, 100));
}
throw new Error("the play board did not go live");
"""


class Chromium:
    """Chromium through playwright, with the same calls as the other browsers' drivers."""

    name = "Chromium"

    def __init__(self, playwright) -> None:
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        self.version = self.browser.version
        self.context = self.browser.new_context()
        self.page = self.context.new_page()

    def open(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def run(self, body: str):
        return self.page.evaluate(f"async () => {{ {body} }}")

    def close(self) -> None:
        self.browser.close()


def one_run(make, url: str) -> tuple[dict, dict]:
    """A cold visit in a fresh browser, then a reload: what ``LIVE`` returned for each."""
    browser = make()
    try:
        browser.open(url)
        cold = browser.run(LIVE)
        browser.reload()
        warm = browser.run(LIVE)
        return cold, warm
    finally:
        browser.close()


def line(values: list[float]) -> str:
    """Milliseconds as a median and a range in seconds."""
    return (f"median {statistics.median(values) / 1000:.2f} s "
            f"({min(values) / 1000:.2f} to {max(values) / 1000:.2f}, n={len(values)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="card-commander")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--browsers", nargs="+", default=["chromium", "firefox", "webkit"],
                        choices=["chromium", "firefox", "webkit"])
    parser.add_argument("--html", type=pathlib.Path, default=ROOT / "_build" / "html")
    parser.add_argument("--jsc", action="append", default=[], metavar="SETTING=VALUE",
                        help="one more WebKit with this JavaScriptCore setting (repeatable)")
    args = parser.parse_args()
    variants = {}
    for setting in args.jsc:
        name, equals, value = setting.partition("=")
        if not name.startswith("JSC_") or not equals:
            parser.error(f"--jsc takes a JavaScriptCore setting as JSC_name=value, not {setting!r}")
        variants[f"webkit {setting}"] = (lambda name=name, value=value: BROWSERS["webkit"]({name: value}))
    names = [*args.browsers, *variants]
    from playwright.sync_api import sync_playwright

    server = make_server(args.html, 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/book/{args.game}/play.html"
    results: dict[str, dict[str, list]] = {name: {"cold": [], "warm": [], "phases": [], "failed": []}
                                           for name in names}
    with sync_playwright() as playwright:
        makers = {"chromium": lambda: Chromium(playwright), **BROWSERS, **variants}
        for _ in range(args.runs):
            for name in names:
                try:
                    cold, warm = one_run(makers[name], url)
                except ScriptFailed as failure:
                    # Counted and said, not fatal: a setting that breaks the page is a finding too.
                    results[name]["failed"].append(str(failure))
                    print(f"  {name}: failed: {failure}", flush=True)
                    continue
                results[name]["cold"].append(cold["live"])
                results[name]["warm"].append(warm["live"])
                results[name]["phases"].append(cold["phases"])
                print(f"  {name}: cold {cold['live'] / 1000:.2f} s {cold['phases']}, "
                      f"warm {warm['live'] / 1000:.2f} s {warm['phases']}", flush=True)
    server.shutdown()
    print(f"time to a live board, {args.game} play page, over capture serve on 127.0.0.1:")
    base = statistics.median(results[args.browsers[0]]["cold"])
    for name, row in results.items():
        failed = f"; failed {len(row['failed'])} of {args.runs} runs" if row["failed"] else ""
        if not row["cold"]:
            print(f"  {name}: no run went live{failed}")
            continue
        ratio = statistics.median(row["cold"]) / base
        print(f"  {name}: cold {line(row['cold'])}; warm {line(row['warm'])}; "
              f"cold {ratio:.2f} times {args.browsers[0]}'s{failed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
