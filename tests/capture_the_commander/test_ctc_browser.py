"""Capture the Commander's board in a real browser: the shared renderer over the game's scene.

The board runs in the test harness (``tests.harness``): the page mounts the same module and stylesheet as
JupyterLab and the book, and carries every message to the board session in this process. Clicks, and the
keyboard alone, make the notation's moves; on a phone's width the layouts share rows and every label is
readable and inside its card.
"""

from __future__ import annotations

import pytest

from capture_lib import load_game
from capture_lib.session.board import BoardController
from tests.harness import serve

pytestmark = pytest.mark.browser
GAME = load_game("capture-the-commander")
RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()

#: Every piece of text on the board under 11 px, or outside the card it is written on.
LABEL_PROBLEMS = """(root) => {
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (el.closest('.cap-sr') || el.closest('details:not([open])')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    if (parseFloat(getComputedStyle(el).fontSize) < 11) out.push(`small: ${el.textContent}`);
    const card = el.closest('.cap-card');
    if (card) {
      const c = card.getBoundingClientRect();
      if (r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5)
        out.push(`outside its card: ${el.textContent}`);
    }
  }
  return out;
}"""


#: The words of the layouts' titles that a line break cuts in two (a title may wrap, between words only).
WORDS_BROKEN = """(titles) => titles.flatMap((e) => {
  const node = e.firstChild;
  let at = 0;
  return node.textContent.split(" ").filter((word) => {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    at += word.length + 1;
    return range.getClientRects().length > 1;
  });
})"""


def open_board(browser, session, width=900):
    """The board of ``session`` on the harness's page, at ``width`` pixels; the page and its errors."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    return context, page, errors


def tie_position():
    text = ("turn: North\nNorth: " + " ".join(r + "S" for r in RANKS) + "\nSouth: " +
            " ".join(r + "H" for r in RANKS) + "\n")
    return GAME.from_position(text).play("N1xS1")


def test_an_attack_is_two_clicks(browser):
    session = BoardController("capture-the-commander", seed=3, level="random", options={"players": 3})
    first = session.values()["scene"]["actions"][0]
    attacker, target = first["clicks"]
    before = len(session.state.history)
    with serve({"board": session}) as url:
        context, page, errors = open_board(browser, session)
        page.goto(url)
        board = page.locator("#board")
        board.locator(f'[data-space="{attacker}"]').click()
        assert "chosen card" in board.locator(f'[data-space="{attacker}"] .cap-sr').text_content()
        mine = {a["clicks"][1] for a in session.values()["scene"]["actions"] if a["clicks"][0] == attacker}
        marked = board.locator(".cap-area-free button.cap-clickable:not([data-space^='N'])")
        assert {m.get_attribute("data-space") for m in marked.all()} == mine
        board.locator(f'[data-space="{target}"]').click()
        page.wait_for_function(f"document.querySelectorAll('#board .cap-log li').length > {before}")
        assert str(session.state.history[before]) == first["notation"]
        assert board.locator(".cap-last").text_content().count(" attacks ") >= 1
        context.close()
    assert not errors


def test_a_tie_break_pick_is_one_click(browser):
    session = BoardController(tie_position(), seat=0, level="random")
    assert [a["notation"] for a in session.values()["scene"]["actions"]] == ["pick N2", "pick N5"]
    with serve({"board": session}) as url:
        context, page, errors = open_board(browser, session)
        page.goto(url)
        board = page.locator("#board")
        assert "Tie-break" in board.locator(".cap-status").text_content()
        picks = board.locator(".cap-area-free button.cap-clickable")
        assert [p.get_attribute("data-space") for p in picks.all()] == ["N2", "N5"]
        assert "tie-break pick" in board.locator('[data-space="N5"] .cap-sr').text_content()
        board.locator('[data-space="N5"]').click()
        page.wait_for_function("document.querySelectorAll('#board .cap-log li').length > 1")
        assert str(session.state.history[1]) == "pick N5"
        context.close()
    assert not errors


def test_a_whole_attack_by_keyboard_alone(browser):
    session = BoardController("capture-the-commander", seed=5, level="random", options={"players": 2})
    before = len(session.state.history)
    with serve({"board": session}) as url:
        context, page, errors = open_board(browser, session)
        page.goto(url)
        page.locator("#board .cap-status").wait_for()
        for _ in range(2):  # the attacker, then the first card it may attack: the next places in the tab order
            for _ in range(60):
                page.keyboard.press("Tab")
                if page.evaluate("document.activeElement.classList.contains('cap-clickable')"):
                    break
            page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('#board .cap-log li').length > {before}")
        assert "x" in str(session.state.history[before])
        context.close()
    assert not errors


@pytest.mark.parametrize("players", [2, 3, 4])
def test_on_a_phone_two_layouts_share_a_row_and_every_label_reads(browser, players):
    session = BoardController("capture-the-commander", seed=7, level="random", options={"players": players})
    session.handle({"type": "play", "action": session.values()["scene"]["actions"][0]["notation"]})
    with serve({"board": session}) as url:
        context, page, errors = open_board(browser, session, width=390)
        page.goto(url)
        areas = page.locator("#board .cap-area-free")
        areas.first.wait_for()
        boxes = [a.bounding_box() for a in areas.all()]
        assert abs(boxes[0]["y"] - boxes[1]["y"]) < 1 and boxes[1]["x"] > boxes[0]["x"]  # side by side
        assert all(b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.locator("#board").evaluate(LABEL_PROBLEMS) == []
        assert page.locator("#board .cap-area-title").evaluate_all(WORDS_BROKEN) == []
        context.close()
    assert not errors
