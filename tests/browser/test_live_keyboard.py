"""A live board by keyboard and screen reader (issue 40): the focus survives every redraw, each message is said
once in the board's one live region, a map says which spaces connect, and a finished game offers no resume.

The boards run in the shared harness (``tests.harness``: the board module over its session in this process),
as the book's engine and the notebook hosts run them; every game from the registry, each a few moves.
"""

from __future__ import annotations

import json
import random

import pytest

from capture_lib import list_games, load_game
from capture_lib.core import record
from capture_lib.core.chance import CHANCE
from capture_lib.session.board import BoardController
from tests.harness import drawn, serve

from .drivers import Driver, driver, kept_games, wait_for_played

pytestmark = pytest.mark.browser

GAMES = list_games()
#: Keyboard actions played on each game's board (Medieval's turns mix rolls, moves, the end and choices).
ACTIONS = 12
#: Where the focus is: inside the board (and what), or elsewhere on the page.
FOCUS = """(board) => { const a = document.activeElement;
  return {inside: !!a && a !== document.body && board.contains(a), what: a ? a.outerHTML.slice(0, 80) : ""}; }"""
#: Counts every time the board's live region comes to say something (a screen reader says it then).
COUNT_SAID = """(board) => { const region = board.querySelector("[aria-live]"); window.said = [];
  new MutationObserver(() => { if (region.textContent) window.said.push(region.textContent); })
    .observe(region, {childList: true, characterData: true, subtree: true});
  window.region = region; }"""


def _driver(slug: str) -> Driver:
    # By keyboard; the harness page holds the one board, so no heading to find it under.
    return driver(slug, keyboard=True, heading="")


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_the_focus_survives_every_keyboard_action(browser, slug):
    session = BoardController(slug, seed=11, seat=0, level="random")
    player = _driver(slug)
    with serve({"board": session}) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(10_000)
        page.goto(url)
        board = page.locator(".capture-board").first
        board.locator(".cap-status").first.wait_for()
        lost = []
        for step in range(ACTIONS):
            if session.state.is_over:
                break
            element = player.ready_move(board)
            player.activate(element)
            wait_for_played(board, player.played[-1])
            drawn(page)
            where = page.evaluate(FOCUS, board.element_handle())
            if not where["inside"]:
                lost.append(f"after {player.played[-1]!r} (action {step + 1}) the focus went to {where['what']!r}")
        assert not lost, "\n".join(lost)
        page.close()


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_a_refused_move_is_said_once_in_the_boards_one_live_region(browser, slug):
    session = BoardController(slug, seed=11, seat=0, level="random")
    with serve({"board": session}) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(10_000)
        page.goto(url)
        board = page.locator(".capture-board").first
        board.locator(".cap-status").first.wait_for()
        page.evaluate(COUNT_SAID, board.element_handle())
        field = board.locator("input.cap-notation")
        for attempt in (1, 2):  # the same refusal twice is said twice
            field.fill("no such move")
            field.press("Enter")
            refusal = json.dumps(session.message)
            page.wait_for_function(f"window.said.filter((t) => t.includes({refusal})).length >= {attempt}")
        # The same region all along (made once, kept through redraws), and no other one says the message.
        assert page.evaluate("window.region.isConnected")
        live = board.locator("[aria-live], [role=status], [role=alert]")
        assert live.count() == 1, [live.nth(i).evaluate("e => e.outerHTML.slice(0, 80)") for i in range(live.count())]
        said = page.evaluate("window.said")
        assert sum(session.message in text for text in said) == 2, said
        assert page.evaluate("document.activeElement.classList.contains('cap-notation')"), "typing lost its field"
        page.close()


def test_every_space_of_a_map_says_which_spaces_it_connects_to(browser):
    boards = {slug: BoardController(slug, seed=3, seat=0, level="random") for slug in GAMES}
    mapped = {slug: board for slug, board in boards.items() if board.scene.get("links")}
    assert mapped, "no registered game draws a map with ways between its spaces"
    for slug, session in mapped.items():
        links = session.scene["links"]
        with serve({"board": session}) as url:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url)
            page.locator(".cap-status").first.wait_for()
            words = dict(page.locator("[data-space]").evaluate_all(
                "els => els.map((e) => [e.dataset.space, e.querySelector('.cap-sr').textContent])"))
            labels = {s["id"]: s.get("label") or s["id"] for s in session.scene["spaces"]}
            for link in links[:40]:
                if link["a"] in words and link["b"] in words:
                    assert labels[link["b"]] in words[link["a"]].split(":", 1)[1], (slug, link, words[link["a"]])
                    assert labels[link["a"]] in words[link["b"]].split(":", 1)[1], (slug, link, words[link["b"]])
            page.close()


def _one_action_from_the_end(slug: str) -> tuple[str, str, int]:
    """A random game of ``slug`` one action from its end: its record (seed withheld), the last action, its seat."""
    rng = random.Random(3)
    state = load_game(slug).new_game(seed=rng.randrange(2**32))
    before = action = None
    while not state.is_over:
        if state.current_player == CHANCE:
            state = state.play_chance()
            continue
        before, action = state, rng.choice(state.legal_actions())
        state = state.play(action)
    return record.write(before, seed=False), str(action), before.current_player


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_a_finished_game_offers_no_resume(browser, slug):
    text, last, seat = _one_action_from_the_end(slug)
    sessions = {"board": BoardController(slug, seat=seat, level="random")}
    with serve(sessions) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        page.locator(".cap-status").first.wait_for()
        page.evaluate("(text) => window.captureBoards.board.send({type: 'load', text})", text)
        page.wait_for_function("window.answers.board >= 1")
        drawn(page)
        assert list(kept_games(page)) == ["capture-resume:/:#board"], "the game under way was not kept"
        page.evaluate("(action) => window.captureBoards.board.send({type: 'play', action})", last)
        page.wait_for_function("window.answers.board >= 2")
        drawn(page)
        assert sessions["board"].state.is_over
        assert kept_games(page) == {}, "the finished game's claim is still kept"
        # A reload meets a fresh board: nothing is offered.
        sessions["board"] = BoardController(slug, seat=seat, level="random")
        page.reload()
        page.locator(".cap-status").first.wait_for()
        drawn(page)
        assert page.get_by_role("button", name="resume the game").count() == 0
        page.close()
