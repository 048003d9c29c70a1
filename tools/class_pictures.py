"""The teacher's guide's pictures of ``capture class`` (``book/images/class/``), taken again from the real pages.

A class server runs on a free port of 127.0.0.1 with a class file of its own (no book: the pictures show the
class pages). Six students join from their own browser contexts, as devices do; one brings course levels won
before the class and shares them, others win levels and answer an exercise; two tables are seated from the
console, a position from the book is shown to everyone and one student solves it. Then Chromium takes:

- ``join.png``: the page a student opens (390 px, a phone);
- ``console.png``: the teacher's console (1280 px);
- ``table.png``: a student's table on a phone, mid-game (390 px), before a position is shown.

With ``--looks`` it also writes the console and the table in light and dark at 1280 and 390 px into a folder, to
look at after changing the pages (they are not the book's pictures).

    python tools/class_pictures.py [--out book/images/class] [--looks /tmp/class-looks]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from capture_lib.classroom.server import ClassServer  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
#: The address the pictures show students (a documentation address, RFC 5737: never a real school's).
SHOWN_ADDRESS = "http://192.0.2.2:8866/"
#: Course levels students' browsers had won before the class, shared with the teacher: game -> level key -> stars.
BEFORE = {"Amira": ("card-commander", {"commander": 3, "value": 2, "two-lanes": 2}),
          "Chloé": ("medieval-capture", {"roads": 3, "knight": 3, "look": 2, "die": 1}),
          "Dev": ("card-commander", {"commander": 2})}


def join(context, base: str, code: str, name: str, before: tuple[str, dict] | None = None):
    """A student's device joins with the code and a typed name (with the course levels ``before`` won in this
    browser: the game and its levels' stars); its page."""
    page = context.new_page()
    page.goto(base + "/")
    if before:
        page.evaluate("([game, won]) => localStorage.setItem(`capture-course:${game}`, JSON.stringify(won))",
                      list(before))
        page.reload()
    page.fill("input[name=code]", code.lower())
    page.fill("input[name=name]", name)
    page.click("button[type=submit]")
    page.wait_for_selector("#lobby-title")
    return page


def play_first_moves(page, moves: int) -> None:
    """Play the first move the table's board offers, ``moves`` times, on this device's turns: a button or a
    space that sends a move, else a first space and then what it offers (a Medieval piece placed as itself)."""
    board = page.locator("#table-board.capture-board")
    for _ in range(moves):
        page.wait_for_function("() => document.querySelector('.class-turn').textContent.startsWith('Your turn')",
                               timeout=30_000)
        before = board.locator(".cap-log ol li").count()
        for _ in range(4):
            sends = board.locator("button[data-notation]:visible")
            if sends.count():
                sends.first.click()
                break
            board.locator(".cap-space.cap-clickable").first.click()
            page.wait_for_timeout(150)
        page.wait_for_function(f"() => document.querySelectorAll('#table-board .cap-log ol li').length > {before}")


def main() -> int:
    """Take the pictures (see the module's docstring); 0 once written."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "book" / "images" / "class")
    parser.add_argument("--looks", type=pathlib.Path, default=None, help="also write light/dark, 1280/390 px here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    folder = pathlib.Path(tempfile.mkdtemp(prefix="class-pictures-"))
    server = ClassServer(folder / "class.sqlite3", 0, "127.0.0.1")
    server.room.address = SHOWN_ADDRESS
    threading.Thread(target=server.serve_forever, daemon=True).start()
    assert server.wait_started()
    base, code = f"http://127.0.0.1:{server.port}", server.room.row.code
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
            devices = {name: browser.new_context(**(phone if name in ("Ben", "Dev") else
                                                    {"viewport": {"width": 1000, "height": 900}}))
                       for name in ("Amira", "Ben", "Chloé", "Dev", "Eli", "Fatou")}
            first = devices["Amira"].new_page()
            first.goto(base + "/")
            first.wait_for_selector("input[name=code]")
            args.out.mkdir(parents=True, exist_ok=True)
            join_page = browser.new_context(**phone).new_page()
            join_page.goto(base + "/")
            join_page.wait_for_selector("input[name=code]")
            join_page.screenshot(path=str(args.out / "join.png"))
            pages = {name: join(context, base, code, name, BEFORE.get(name)) for name, context in devices.items()}
            for name in BEFORE:
                pages[name].click("text=share them with my teacher")
            teacher = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
            teacher.goto(f"{base}/teacher#{server.room.row.teacher_secret}")
            teacher.wait_for_selector("#class-code", timeout=180_000)  # the server reads every course first
            # Two tables seated by hand: a card game and a board game.
            for players, game in ((("Amira", "Ben"), "card-commander/2"), (("Chloé", "Dev"), "medieval-capture/2")):
                for name in players:
                    teacher.locator(".console-hand label", has_text=name).locator("input").check()
                teacher.select_option("#pair-game", game)
                teacher.click("#pair-hand")
                teacher.locator("[data-table]", has_text=players[0]).wait_for()
            pages["Eli"].select_option("#lobby-game", "capture-the-commander/2")
            pages["Eli"].click("text=find me a classmate")
            play_first_moves(pages["Amira"], 1)
            play_first_moves(pages["Chloé"], 3)
            pages["Dev"].wait_for_function("() => document.querySelectorAll('#table-board .cap-log ol li').length >= 3")
            pages["Dev"].screenshot(path=str(args.out / "table.png"))  # Dev's phone, Chloé's three moves played
            # A position from the book shown to everyone; Fatou solves it.
            teacher.select_option("#show-game", "card-commander")
            teacher.click("#show-book")
            for name in ("Fatou", "Dev"):
                pages[name].locator("#shown-board .cap-lesson-goal").wait_for()
            # Fatou plays the level's solution on the shown board; Dev tries a wrong Commander first.
            shown = pages["Fatou"].locator("#shown-board")
            shown.locator('button[data-notation="commander Karl"]').click()
            pages["Dev"].locator("#shown-board").locator('button[data-notation="commander Joanne"]').click()
            teacher.locator(".console-solved").wait_for()
            teacher.locator("[data-table]", has_text="Amira").locator("button", has_text="watch").click()
            teacher.locator("[data-watch].capture-board .cap-status").wait_for()
            teacher.evaluate("() => new Promise((done) => setTimeout(done, 1200))")  # the next view of the console
            teacher.evaluate("() => window.scrollTo(0, 0)")
            teacher.screenshot(path=str(args.out / "console.png"))
            if args.looks:
                args.looks.mkdir(parents=True, exist_ok=True)
                for scheme in ("light", "dark"):
                    for width in (1280, 390):
                        for name, url in (("console", f"{base}/teacher#{server.room.row.teacher_secret}"),
                                          ("table", None)):
                            context = browser.new_context(viewport={"width": width, "height": 1000},
                                                          color_scheme=scheme)
                            if url is None:
                                # The table as Chloé's device shows it: her device's storage, in this look.
                                state = devices["Chloé"].storage_state()
                                context.close()
                                context = browser.new_context(viewport={"width": width, "height": 1000},
                                                              color_scheme=scheme, storage_state=state)
                                url = base + "/"
                            page = context.new_page()
                            page.goto(url)
                            page.wait_for_selector("#class-code, #table-board, #lobby-title")
                            page.evaluate("() => new Promise((done) => setTimeout(done, 800))")
                            page.screenshot(path=str(args.looks / f"{name}-{scheme}-{width}.png"), full_page=True)
                            context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(json.dumps({"pictures": sorted(p.name for p in args.out.glob("*.png")), "looks": str(args.looks or "")}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
