"""The Capture the Commander board's ES module in a real browser: clicks become the right notation.

The board is mounted by the static host over a model with legal moves, and the page records what
the module sends instead of sending it to a kernel.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("anywidget")

from capture_lib import load_game  # noqa: E402
from capture_lib.hosts.static import static_html  # noqa: E402
from capture_lib.hosts.widget import BoardWidget  # noqa: E402

pytestmark = pytest.mark.browser
GAME = load_game("capture-the-commander")
RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()


def open_board(browser, tmp_path, board):
    model = board.static_model()
    model.update(legal=list(board.legal), mode="computer")
    html = static_html(board._esm_source(), board._css_source(), model)
    assert "send: () => {}," in html
    html = html.replace("send: () => {},", "send: (m) => { window.sent.push(m); },")
    path = tmp_path / "board.html"
    path.write_text("<!doctype html><html><body><script>window.sent = [];</script>" + html + "</body></html>",
                    encoding="utf-8")
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    page.wait_for_selector(".ctc-board")
    return page, errors


def sent(page):
    return json.loads(page.evaluate("JSON.stringify(window.sent)"))


def test_attacker_then_target(browser, tmp_path):
    board = BoardWidget("capture-the-commander", options={"players": 3}, seat=0, seed=3)
    page, errors = open_board(browser, tmp_path, board)
    north = page.locator(".ctc-layout.ctc-seat0 button.ctc-card")
    attackers = {a.split("x")[0] for a in board.legal}
    assert north.count() == len(attackers)
    north.first.click()
    chosen = page.locator(".ctc-selected").get_attribute("aria-label")
    targets = page.locator(".ctc-layout.ctc-seat1 button.ctc-card, .ctc-layout.ctc-seat2 button.ctc-card")
    first = min(attackers, key=lambda a: int(a[1:]))  # the page lists cards in slot order
    assert targets.count() == len([a for a in board.legal if a.startswith(first + "x")])
    targets.first.click()
    messages = sent(page)
    assert len(messages) == 1 and messages[0]["type"] == "play" and messages[0]["action"] in board.legal
    assert chosen.startswith("North card")
    assert not errors


def test_tie_pick_is_a_click(browser, tmp_path):
    text = ("turn: North\nNorth: " + " ".join(r + "S" for r in RANKS) + "\nSouth: " +
            " ".join(r + "H" for r in RANKS) + "\n")
    board = BoardWidget(GAME.from_position(text).play("N1xS1"), seat=0)
    assert board.legal == ["pick N2", "pick N5"]
    page, errors = open_board(browser, tmp_path, board)
    assert "Tie" in page.locator(".ctc-status").inner_text()
    picks = page.locator(".ctc-layout.ctc-seat0 button.ctc-card")
    assert picks.count() == 2
    picks.last.click()
    assert sent(page) == [{"type": "play", "action": "pick N5"}]
    assert page.locator(".ctc-fought").count() == 2 and not errors
