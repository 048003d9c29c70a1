"""The board's ES module in a real browser: clicking a piece lights its moves, clicking a lit space plays."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from capture_lib.hosts.widget import BoardWidget  # noqa: E402
from tests.board_page import open_page  # noqa: E402

from .helpers import pos  # noqa: E402

pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def chromium(browser):
    """The session's one headless Chromium (tests/conftest.py): a second playwright would clash."""
    return browser


def open_board(chromium, tmp_path, state):
    board = BoardWidget(state, seat=0, mode="hotseat")
    board._on_front_end_message(board, {"type": "ready"}, [])
    return open_page(chromium, tmp_path, board, legal=board.legal, mode="hotseat")


def test_choosing_a_piece_lights_its_reachable_spaces_and_a_click_plays(chromium, tmp_path):
    page, errors = open_board(chromium, tmp_path, pos(dice=(2, 3)))
    assert "Blue moves" in page.locator(".mc-status").inner_text()
    page.locator(".mc-actions button", has_text="B1").click()
    lit = page.locator(".mc-map circle[fill-opacity='0.35']")
    assert lit.count() == 3  # b1, b15 and b19 are within two spaces of b10
    page.locator(".mc-hit[data-space='b19']").dispatch_event("click")
    assert page.evaluate("window.sent") == [{"type": "play", "action": "B1 b10-b15-b19"}]
    assert errors == []


def test_a_move_can_be_made_with_the_keyboard_alone(chromium, tmp_path):
    page, errors = open_board(chromium, tmp_path, pos(dice=(2, 3)))
    page.locator(".mc-actions button", has_text="B1").focus()
    page.keyboard.press("Enter")
    spaces = page.locator(".mc-space-button")
    assert sorted(spaces.all_inner_texts()) == ["b1", "b15", "b19"]
    page.get_by_role("button", name="space b19").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent") == [{"type": "play", "action": "B1 b10-b15-b19"}]
    assert errors == []


def test_aiming_the_catapult_lights_enemy_rocks(chromium, tmp_path):
    page, errors = open_board(chromium, tmp_path, pos(dice=(4, 3), shots="1"))
    page.locator(".mc-actions button", has_text="aim the catapult").click()
    assert page.locator(".mc-map circle[fill-opacity='0.35']").count() == 44
    # Unless a spot is chosen, the catapult stands level with the aim: r20 is on the second row.
    page.locator(".mc-hit[data-space='r20']").dispatch_event("click")
    assert page.evaluate("window.sent") == [{"type": "play", "action": "shoot from 2 at r20"}]
    assert errors == []


def test_the_firing_spot_is_chosen_on_the_back_edge_or_with_a_button(chromium, tmp_path):
    page, errors = open_board(chromium, tmp_path, pos(dice=(4, 3), shots="1"))
    page.locator(".mc-actions button", has_text="aim the catapult").click()
    assert page.locator(".mc-spot").count() == 9
    page.locator(".mc-spot[data-spot='7']").dispatch_event("click")
    assert page.locator(".mc-spots button.mc-chosen").inner_text() == "7"
    page.locator(".mc-hit[data-space='r20']").dispatch_event("click")
    assert page.evaluate("window.sent") == [{"type": "play", "action": "shoot from 7 at r20"}]
    page, more = open_board(chromium, tmp_path, pos(dice=(4, 3), shots="1"))
    page.locator(".mc-actions button", has_text="aim the catapult").click()
    page.get_by_role("button", name="fire from spot 3").click()
    page.locator(".mc-hit[data-space='r46']").dispatch_event("click")
    assert page.evaluate("window.sent") == [{"type": "play", "action": "shoot from 3 at r46"}]
    assert errors == [] and more == []


def test_placing_pieces_with_the_knight_box(chromium, tmp_path):
    from .helpers import GAME

    page, errors = open_board(chromium, tmp_path, GAME.new_game(seed=1))
    page.locator(".mc-actions input[type='checkbox']").check()
    page.locator(".mc-hit[data-space='b30']").dispatch_event("click")
    assert page.evaluate("window.sent") == [{"type": "play", "action": "place B1 b30 knight"}]
    assert errors == []


def test_the_last_piece_is_placed_as_the_knight_even_with_the_box_unticked(chromium, tmp_path):
    from .helpers import GAME, play_all

    placed = play_all(GAME.new_game(seed=1), *[f"place B{n} b{sp}" for n, sp in
                                                zip(range(1, 7), (10, 11, 12, 13, 15, 16), strict=True)])
    page, errors = open_board(chromium, tmp_path, placed)
    page.locator(".mc-hit[data-space='b30']").dispatch_event("click")
    assert page.evaluate("window.sent") == [{"type": "play", "action": "place B7 b30 knight"}]
    assert errors == []


def test_a_rescue_is_played_by_clicking_the_enemy_dungeon(chromium, tmp_path):
    state = pos(blue="B1=r3 B2=b20 B3*=b30 B7=prisoner", red="R1=r10 R3*=r30", dice=(2, 2))
    page, errors = open_board(chromium, tmp_path, state)
    page.locator(".mc-actions button", has_text="B1").click()
    page.locator(".mc-hit[data-space='rd']").dispatch_event("click")
    assert page.evaluate("window.sent") == [{"type": "play", "action": "B1 r3-r4-rd free B7"}]
    assert errors == []
