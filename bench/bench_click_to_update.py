"""Click-to-update time of each game's live board in a real browser, with Voila as the host.

``capture serve`` (Voila) is started on the play pages, each game's play page is opened in headless
Chromium, and moves are made by clicking, as a player would, until ``--moves`` moves have been timed
(a new game is started whenever one ends). A move's time runs, inside the page, from the click that
sends it to the kernel until the board shows the new position (its move log grows: the Python side
has checked and played the move, let the computer answer, and synced the new view back); the time until the next
frame is drawn after that is printed too. Clicks that only change the page (picking cards before
"place cards", choosing a unit before clicking its target square) are not timed; where a click on a
space asks which of several moves is meant, the first choice is clicked at once and the time runs
from the first click. Each driver picks its board (Medieval Capture: the play page's quick game, to
one Crown). The figures printed are the median, the fastest and the slowest move.

    python bench/bench_click_to_update.py [--moves N] [GAME ...]
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib.classroom.voila import book_dir, play_pages  # noqa: E402
from tests.browser.drivers import driver as make_driver  # noqa: E402
from tests.browser.servers import start_voila  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

#: The move log's heading, "move log (N)", in the chrome every board shares: it changes with every move.
PROGRESS = ".cap-log summary"
#: Clicks the button, then waits for the move log to grow (and for the next frame); both in ms.
TIME_CLICK = """([button, selector, question]) => new Promise((resolve, reject) => {
  const board = button.closest('.capture-board');
  const before = board.querySelector(selector).textContent;  // the new view redraws the whole board
  let observer = null;
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no update within 10 s')); }, 10000);
  observer = new MutationObserver(() => {
    const status = board.querySelector(selector);
    if (!status || status.textContent === before) return;
    const updated = performance.now() - start;
    observer.disconnect();
    clearTimeout(timer);
    requestAnimationFrame(() => resolve([updated, performance.now() - start]));
  });
  observer.observe(board, { subtree: true, childList: true, characterData: true });
  const start = performance.now();
  // A space of an SVG map has no click(): send it the click event a mouse would.
  if (typeof button.click === 'function') button.click();
  else button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  if (question) {  // the board asks which of several moves is meant (drawn at once): the first one
    const row = [...board.querySelectorAll('div')].find((d) => d.firstElementChild
      && d.firstElementChild.textContent.startsWith(question));
    if (row) row.querySelector('button').click();
  }
})"""


def time_moves(page, driver, moves: int) -> list[tuple[float, float]]:
    """Play ``moves`` timed moves on the page's first live board; start new games as needed."""
    from playwright.sync_api import expect

    board = driver.board(page)
    status = board.locator(driver.status_selector)
    status.wait_for(timeout=60_000)
    times = []
    while len(times) < moves:
        if driver.over_text in status.inner_text():
            before = status.inner_text()
            board.get_by_role("button", name="new game").click()
            expect(status).not_to_have_text(before, timeout=10_000)
            # the message comes last: until then a redraw may replace the buttons the next move clicks
            expect(board.locator(".cap-message")).to_have_text("new game", timeout=10_000)
            continue
        before = driver.snapshot(board)
        button = driver.ready_move(board).element_handle()
        times.append(tuple(page.evaluate(TIME_CLICK, [button, PROGRESS, getattr(driver, "choice_prefix", "")])))
        # Untimed: the message line ("played ...") comes last; then the board is checked as in the tests.
        expect(board.locator(".cap-message")).to_contain_text("played", timeout=10_000)
        driver.check_applied(board, before)
    return times


def main() -> None:
    """Print the click-to-update figures of each game that has a play page and a driver."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to time (default: every game with a play page)")
    parser.add_argument("--moves", type=int, default=20, help="timed moves per game (default 20)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    slugs = args.games or [page.slug for page in play_pages(book_dir())]
    with tempfile.TemporaryDirectory() as home:
        server = start_voila(pathlib.Path(home))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                print(f"click-to-update in the page, Voila host, {args.moves} moves per game "
                      "(median / fastest / slowest, ms)")
                for slug in slugs:
                    page = browser.new_page(viewport={"width": 1100, "height": 900})
                    page.goto(f"{server.url}/voila/render/{slug}/play.ipynb?token={server.token}")
                    sys.stdout.flush()
                    times = time_moves(page, make_driver(slug), args.moves)
                    updated = [t[0] for t in times]
                    drawn = [t[1] for t in times]
                    print(f"{slug:24s} board updated: {statistics.median(updated):6.1f} / {min(updated):6.1f} / "
                          f"{max(updated):6.1f}   next frame drawn: {statistics.median(drawn):6.1f} / "
                          f"{min(drawn):6.1f} / {max(drawn):6.1f}")
                    page.close(run_before_unload=True)  # the page asks Voila to stop its kernel
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
