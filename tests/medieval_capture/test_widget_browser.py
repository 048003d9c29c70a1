"""The board in a real browser, drawn by the shared renderer from Medieval Capture's scene, its session in
this process (``tests.harness``): a move is two clicks (the piece, then where it ends), a shot two clicks
(a firing spot, then the aim), a placement one click with the Knight a choice on it; the computer's reply
is told in words and drawn as a route; the words on the map read at 11 px on a phone.
"""

from __future__ import annotations

import pytest

from capture_lib.session.board import BoardController
from tests.browser.drivers import TEXT_SIZES
from tests.harness import serve

from .helpers import GAME, play_all, pos

pytestmark = pytest.mark.browser

@pytest.fixture
def board_page(browser):
    """Opens a session's board on a page (``open(session, width)``) and closes it after the test."""
    opened = []

    def open_board(session: BoardController, width: int = 1280):
        server = serve({"board": session})
        url = server.__enter__()
        page = browser.new_page(viewport={"width": width, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        opened.append((server, page, errors))
        page.goto(url)
        page.wait_for_selector(".capture-board [data-space='c']")
        return page

    yield open_board
    for server, page, errors in opened:
        page.close()
        server.__exit__(None, None, None)
        assert errors == []


def hotseat(state) -> BoardController:
    session = BoardController(state, seat=0, mode="hotseat")
    session.handle({"type": "ready"})
    return session


def space(page, name: str):
    return page.locator(f".capture-board [data-space='{name}']")


def marked(page, key: str) -> set[str]:
    """The spaces that wear the mark of key entry ``key`` (a ring in its look and colour)."""
    return set(page.evaluate(
        """(look) => [...document.querySelectorAll('.capture-board [data-space]')]
          .filter((s) => s.querySelector(':scope > ' + look)).map((s) => s.dataset.space)""",
        {"reach": ".cap-look-solid.cap-colour-green", "aim": ".cap-look-dashed.cap-colour-purple",
         "place": ".cap-look-solid.cap-colour-green", "rescue": ".cap-look-dotted.cap-colour-sky"}[key]))


def last_played(session: BoardController, page) -> str:
    """The player's last action (chance, such as where a boulder lands, is resolved after it)."""
    page.wait_for_function("() => !document.querySelector('.cap-choice')")
    page.wait_for_timeout(200)
    history = session.state.history
    return next(str(a) for a in reversed(history) if not str(a).startswith(("land ", "draw ", "roll white")))


def test_clicking_a_piece_marks_where_it_may_end_and_a_click_there_plays(board_page):
    session = hotseat(pos(dice=(2, 3)))
    page = board_page(session)
    assert not marked(page, "reach")  # the pieces themselves wear no mark before a click
    space(page, "b10").click()
    assert marked(page, "reach") == {"b1", "b15", "b19"}  # within two spaces of b10
    assert page.locator(".cap-hint").inner_text().startswith("Click a marked space")
    space(page, "b19").click()
    assert last_played(session, page) == "B1 b10-b15-b19"


def test_a_move_by_the_keyboard_alone(board_page):
    session = hotseat(pos(dice=(2, 3)))
    page = board_page(session)
    space(page, "b10").focus()
    page.keyboard.press("Enter")
    space(page, "b19").focus()
    page.keyboard.press("Enter")
    assert last_played(session, page) == "B1 b10-b15-b19"


def test_a_shot_is_a_firing_spot_then_an_aim(board_page):
    session = hotseat(pos(dice=(4, 3), shots="1"))
    page = board_page(session)
    assert page.locator(".capture-board [data-space^='spot-b']").count() == 9
    space(page, "spot-b7").click()
    assert len(marked(page, "aim")) == 44  # every enemy rock
    space(page, "r20").click()
    assert last_played(session, page) == "shoot from 7 at r20"


def test_placing_a_piece_offers_the_knight_as_a_choice(board_page):
    session = hotseat(GAME.new_game(seed=1))
    page = board_page(session)
    assert "b30" in marked(page, "place")
    space(page, "b30").click()
    choice = page.locator(".cap-choice")
    assert choice.get_by_role("button", name="place B1 on b30", exact=True).count() == 1
    choice.get_by_role("button", name="place B1 on b30 as your Knight (hidden from the other side)").click()
    assert last_played(session, page) == "place B1 b30 knight"


def test_the_last_piece_is_the_knight_in_one_click(board_page):
    placed = play_all(GAME.new_game(seed=1), *[f"place B{n} b{sp}" for n, sp in
                                                zip(range(1, 7), (10, 11, 12, 13, 15, 16), strict=True)])
    session = hotseat(placed)
    page = board_page(session)
    space(page, "b30").click()
    assert last_played(session, page) == "place B7 b30 knight"


def test_a_rescue_is_a_click_on_the_enemy_dungeon(board_page):
    session = hotseat(pos(blue="B1=r3 B2=b20 B3*=b30 B7=prisoner", red="R1=r10 R3*=r30", dice=(2, 2)))
    page = board_page(session)
    space(page, "r3").click()
    assert "rd" in marked(page, "rescue")
    space(page, "rd").click()
    assert last_played(session, page) == "B1 r3-r4-rd free B7"


def test_two_ways_to_one_space_are_a_choice_with_their_routes_drawn(board_page):
    session = hotseat(pos(blue="B1=r3 B2=b20 B3*=b30", dice=(2, 2)))
    page = board_page(session)
    space(page, "r3").click()
    space(page, "r1").click()
    choice = page.locator(".cap-choice")
    assert choice.get_by_role("button").all_inner_texts()[:2] == [
        "B1 to r1: does not take Red's Crown on r2", "B1 to r1: takes Red's Crown from r2"]
    assert page.locator(".cap-overlay polyline.cap-arrow").count() == 2
    choice.get_by_role("button", name="B1 to r1: takes Red's Crown from r2").click()
    assert last_played(session, page) == "B1 r3-r2-r1 take r2"


def test_the_computers_reply_is_told_and_its_routes_drawn(board_page):
    session = BoardController(pos(dice=(4, 11)), seat=0, mode="computer", level="rule")
    for action in ("B1 b10-b15-b19", "end"):
        session.handle({"type": "play", "action": action})
    assert session.state.current_player == 0  # Red has played its turn
    page = board_page(session)
    last = session.values()["scene"]["last"]
    assert any(line["text"].startswith("Red rolls white") for line in last)
    assert "Red ends the turn" in page.locator(".cap-last").inner_text()
    arrows = session.values()["scene"]["arrows"]
    # Red's routes (and a boulder's flight) are drawn, not Blue's own move of the turn before.
    assert all(arrow["path"][0] != "b10" for arrow in arrows)
    assert {tuple(a["path"]) for a in arrows} == {tuple(line["route"]) for line in last
                                                   if line.get("route") and line["seat"] == 1}
    assert page.locator(".cap-overlay polyline.cap-arrow").count() == len(arrows) > 0


def test_every_word_on_the_board_reads_at_11_px_on_a_phone(board_page):
    session = hotseat(pos(dice=(4, 11), shots="1"))
    page = board_page(session, width=390)
    space(page, "b10").click()
    sizes = page.locator(".capture-board").evaluate(TEXT_SIZES)
    assert sizes and [t["text"] for t in sizes if t["px"] < 11] == []
    assert page.locator(".cap-zoom-level").inner_text() == "2\u00d7"  # the map opens zoomed on a phone
