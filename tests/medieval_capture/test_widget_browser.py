"""The board's ES module in a real browser: clicking a piece lights its moves, clicking a lit space plays."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("anywidget")

from capture_lib.widgets.medieval_capture import MedievalCaptureBoard  # noqa: E402

from .helpers import pos  # noqa: E402

pytestmark = pytest.mark.browser
CHROMIUM = "/usr/bin/chromium"

HARNESS = """<!doctype html><html><body><div id="root"></div><style>%(css)s</style><script type="module">
const data = %(data)s;
const listeners = new Map();
window.sent = [];
const model = {
  get: (key) => data[key],
  set: (key, value) => { data[key] = value; (listeners.get("change:" + key) || []).forEach((f) => f()); },
  on: (event, fn) => { if (!listeners.has(event)) listeners.set(event, []); listeners.get(event).push(fn); },
  off: () => {}, save_changes: () => {},
  send: (message) => { window.sent.push(message); },
};
const url = URL.createObjectURL(new Blob([%(esm)s], { type: "text/javascript" }));
import(url).then((mod) => { mod.default.render({ model, el: document.getElementById("root") }); window.ready = true; });
</script></body></html>"""


@pytest.fixture(scope="module")
def chromium(browser):
    """The session's one headless Chromium (tests/conftest.py): a second playwright would clash."""
    return browser


def open_board(chromium, tmp_path, state):
    board = MedievalCaptureBoard(state, seat=0, mode="hotseat")
    board._on_front_end_message(board, {"type": "ready"}, [])
    model = dict(json.loads(board.to_json()), legal=board.legal, mode="hotseat")
    page_file = tmp_path / "board.html"
    page_file.write_text(HARNESS % {"css": board._css_source(), "data": json.dumps(model),
                                    "esm": json.dumps(board._esm_source())})
    page = chromium.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(page_file.as_uri())
    page.wait_for_function("window.ready === true")
    return page, errors


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
    page.locator(".mc-hit[data-space='r20']").dispatch_event("click")
    assert page.evaluate("window.sent") == [{"type": "play", "action": "shoot r20"}]
    assert errors == []


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
