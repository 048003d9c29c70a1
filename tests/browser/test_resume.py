"""A reload loses no game: each board of a page keeps its own game in the browser and offers it back.

Several boards share a page (a play page has a board per level, a chapter a teaching board lower down), two of
them of the same game and mode, which once shared one slot so that a move on one overwrote the other's kept
game. The page runs in the shared harness (``tests/harness.py``); a reload there meets fresh sessions, as a
reloaded book page meets a fresh engine.
"""

from __future__ import annotations

import json

import pytest

from capture_lib.session.board import BoardController
from tests.harness import drawn, serve

from .drivers import kept_games

pytestmark = pytest.mark.browser


def fresh() -> dict[str, BoardController]:
    """The page's boards as a reload finds them: nobody has moved."""
    return {"first": BoardController("card-commander", seed=3, level="random"),
            "second": BoardController("card-commander", seed=4, level="random"),
            "other": BoardController("capture-the-commander", seed=5, level="random")}


def play(page, board: str, moves: int) -> list[str]:
    """Play the first legal action ``moves`` times on ``board`` (the engine answers each); its log after."""
    for _ in range(moves):
        before = page.evaluate(f"window.captureBoards[{board!r}].get('log').length")
        page.evaluate("(b) => window.captureBoards[b].send({type: 'play', "
                      "action: window.captureBoards[b].get('scene').actions[0].notation})", board)
        page.wait_for_function(f"window.captureBoards[{board!r}].get('log').length > {before}")
        drawn(page)  # the board keeps its game as it draws the answer
    return page.evaluate(f"window.captureBoards[{board!r}].get('log')")


def test_each_board_keeps_its_own_game_and_a_reload_offers_it_back(browser):
    sessions = fresh()
    with serve(sessions) as url:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(url)
        for board in sessions:
            page.locator(f"#{board} .cap-status").first.wait_for()
        first = play(page, "first", 1)
        second = play(page, "second", 2)
        kept = kept_games(page)
        # Each under its own place, the id the page gives its element: the page draws its boards in whatever
        # order their modules load, so an order among the boards drawn so far could give two boards one place.
        assert sorted(kept) == ["capture-resume:/:#first", "capture-resume:/:#second"], sorted(kept)
        assert all(json.loads(text)["game"] == "card-commander" for text in kept.values())

        sessions.update(fresh())
        page.reload()
        for board in sessions:
            page.locator(f"#{board} .cap-status").first.wait_for()
        assert kept_games(page) == kept, "going live threw a kept game away"
        offer = "resume the game"
        assert page.locator("#other").get_by_role("button", name=offer).count() == 0, "nothing was played there"
        page.locator("#second").get_by_role("button", name=offer).click()
        page.wait_for_function(f"window.captureBoards.second.get('log').length === {len(second)}")
        assert page.evaluate("window.captureBoards.second.get('log')") == second
        # The other board of the same game still has its own game to offer, and resumes it.
        assert page.evaluate("window.captureBoards.first.get('log')") != first
        page.locator("#first").get_by_role("button", name=offer).click()
        page.wait_for_function(f"window.captureBoards.first.get('log').length === {len(first)}")
        assert page.evaluate("window.captureBoards.first.get('log')") == first

        # "Not now" keeps the game for a later visit; a new game is the player's choice to drop it.
        sessions.update(fresh())
        page.reload()
        page.locator("#first .cap-status").first.wait_for()
        page.locator("#first").get_by_role("button", name="not now").click()
        assert page.locator("#first").get_by_role("button", name=offer).count() == 0
        assert len(kept_games(page)) == 2
        assert errors == []
        page.close()
