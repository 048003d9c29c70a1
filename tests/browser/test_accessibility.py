"""Accessibility: axe-core finds no WCAG 2.1 A/AA violation in our markup, and every board plays by keyboard.

- Every page of the built book is audited once its boards are live, in light and dark, by the one crawl of the
  book (``tests/browser/test_book_pages.py``).
- Every game's live board (the shared renderer over its session, ``tests.harness``), at its start, with a
  move under way and after the computer's reply, in the crawl's two looks: light at a desktop's 1280 px and
  dark on a phone's 390 px (each scheme and each width once: axe's WCAG rules read colours and markup, and
  the board's markup is the same at every width but for what the narrow layout hides).
- A whole game played from the keyboard alone (Tab, the arrow keys in a grid, Enter), as a player without a
  mouse plays it, against the computer's random level: Command Capture's, whose board asks for every kind of
  keyboard move (a grid walked with the arrows, a choice between moves, the buttons of an action). Every board
  is the same module, and every game's moves by clicks are the other browser tests'.

axe's rules and the book's theme are kept apart in ``tests/browser/axe.py``.
"""

from __future__ import annotations

import pytest

from capture_lib.games import list_games
from capture_lib.session.board import BoardController
from tests.browser.axe import AXE, report, violations
from tests.browser.drivers import driver as make_driver
from tests.browser.drivers import wait_for_played
from tests.harness import serve

pytestmark = [pytest.mark.browser, pytest.mark.skipif(not AXE.is_file(), reason="axe-core is installed by npm ci")]

#: Every registered game, the tests' toy game included (tests/conftest.py registers it).
GAMES = list_games()
#: A board in the crawl's two looks (see the module's docstring): every scheme and every width once.
BOARD_LOOKS = (("light", 1280), ("dark", 390))
#: The game played whole by keyboard (see the module's docstring), from the quick set-up to a turn limit (a draw
#: at the limit is an end like any other).
KEYBOARD_GAME = "command-capture"
SHORT = {"setup": "quick", "turn_limit": 50}


def _board_states(slug: str) -> list[tuple[str, BoardController]]:
    """The live board at its start, and after moves (with the computer's reply) on a fresh board."""
    start = BoardController(slug, seed=4, seat=0, level="random")
    played = BoardController(slug, seed=4, seat=0, level="random")
    for _ in range(3):
        if played.state.is_over or not played.legal:
            break
        played.handle({"type": "play", "action": played.legal[0]})
    return [("start", start), ("after a reply", played)]


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_no_board_breaks_wcag_on_a_desktop_in_light_or_on_a_phone_in_dark(browser, slug):
    found = []
    for moment, session in _board_states(slug):
        with serve({"board": session}) as url:
            for scheme, width in BOARD_LOOKS:
                context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
                page = context.new_page()
                page.goto(url)
                page.locator(".capture-board .cap-status").first.wait_for()
                broken = violations(page)
                # A move under way: its first click made, its next clicks marked.
                first = page.locator("button[data-space].cap-clickable:not([data-notation])")
                if first.count():
                    first.first.click()
                    broken += violations(page)
                if broken:
                    found.append(report(broken, f"{slug} {moment} ({scheme}, {width} px)"))
                context.close()
    assert not found, "\n".join(found)


def test_a_whole_game_by_keyboard_alone(browser, slug=KEYBOARD_GAME):
    session = BoardController(slug, seed=11, seat=0, level="random", options=SHORT)
    driver = make_driver(slug)
    driver.keyboard = True
    with serve({"board": session}) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(10_000)
        page.goto(url)
        board = page.locator(".capture-board").first
        board.locator(".cap-status").first.wait_for()
        for _ in range(400):
            if session.state.is_over:
                break
            element = driver.ready_move(board)
            driver.activate(element)
            wait_for_played(board, driver.played[-1])
        else:
            pytest.fail(f"{slug}: no end after 400 moves by keyboard")
        assert driver.over_text in board.locator(".cap-status").first.inner_text()
        # The screen reader's one live region per board says how the game ended.
        region = board.locator("[aria-live='polite']")
        assert region.count() == 1 and driver.over_text.lower() in region.inner_text().lower()
        page.close()
