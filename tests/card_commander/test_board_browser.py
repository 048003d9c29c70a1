"""Card Commander's live board in Chromium: the shared renderer draws the game's scene, which a player
plays by clicks or by keyboard alone, and which a phone can read."""

from __future__ import annotations

import pytest

from capture_lib.games.card_commander.lessons import dealt
from capture_lib.session.board import BoardController
from tests.harness import serve

pytestmark = pytest.mark.browser

NOTE = "It cannot change this round: Blue has won the other two lanes"


def opened(browser, session, width: int = 1280):
    """A page of ``session``'s board at ``width`` CSS pixels, and the list of its script errors."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    return page, errors


def card_at(page, space: str):
    return page.locator(f'[data-space="{space}"]')


def test_a_tie_that_cannot_change_the_round_says_so_and_the_extra_card_is_a_click_and_a_button(browser):
    # Blue (Karl) wins the middle (9 against 8) and the right (10 against 8); the left is tied at 5.
    session = BoardController(dealt().play("place 7S 9H 10C").play("place 6S 7H 9C"), seat=0, level="rule")
    with serve({"board": session}) as url:
        page, errors = opened(browser, session)
        page.goto(url)
        status = page.locator(".cap-status")
        status.wait_for()
        assert "the left lane is tied at 5" in status.inner_text() and NOTE in status.inner_text()
        assert NOTE in page.locator(".cap-hint").inner_text()
        two = "Blue's hand, card 4"  # the 2♦: Blue's hand is sorted by suit, spades first
        assert "2 of diamonds" in card_at(page, two).inner_text()
        card_at(page, two).click()
        add = page.get_by_role("button", name="add 2\u2666 to the left lane")
        assert add.is_visible() and page.get_by_role("button", name="pass").count() == 0
        card_at(page, two).click()  # taken back: the pass button is offered again
        assert page.get_by_role("button", name="pass").is_visible()
        page.close()
    assert not errors, errors


def test_a_round_played_by_keyboard_alone_and_the_reply_told(browser):
    session = BoardController(dealt(), seat=0, opponent=lambda state, seat: "place 7H 9C 10D")
    with serve({"board": session}) as url:
        page, errors = opened(browser, session)
        page.goto(url)
        page.locator(".cap-status").wait_for()
        # From the first card of Blue's hand, Tab (or Shift+Tab) to the 8♦, 9♥ and 10♣ and pick each with
        # Enter, in lane order.
        hand = [f"Blue's hand, card {i}" for i in range(1, 11)]
        card_at(page, hand[0]).focus()
        for card in ("8 of diamonds", "9 of hearts", "10 of clubs"):
            target = next(i for i, at in enumerate(hand) if card in card_at(page, at).inner_text())
            for _ in range(len(hand)):
                here = hand.index(page.evaluate("document.activeElement.dataset.space"))
                if here == target:
                    break
                page.keyboard.press("Tab" if here < target else "Shift+Tab")
            page.keyboard.press("Enter")
        # Each picked card is numbered by its lane.
        numbers = {card_at(page, at).locator(".cap-face").inner_text(): card_at(page, at).locator(
            ".cap-look-double").get_attribute("data-glyph") for at in hand if card_at(page, at).locator(
            ".cap-look-double").count()}
        assert numbers == {"8\u2666": "1", "9\u2665": "2", "10\u2663": "3"}
        place = page.get_by_role("button", name="place face down")
        place.focus()
        page.keyboard.press("Enter")
        last = page.locator(".cap-last")
        last.wait_for()
        told = last.inner_text()
        assert "Red placed three cards face down, and all six cards are turned over." in told
        assert "Blue wins round 1, 2 lanes to 1." in told
        assert page.locator(".cap-area-title", has_text="Round 1's result: Blue wins the round").count() == 1
        assert page.locator(".cap-area .cap-look-glow").count() == 3  # each lane's winner
        page.close()
    assert not errors, errors


@pytest.mark.parametrize("phase", ["place", "tie", "result"])
def test_on_a_phone_every_label_is_readable_and_inside_its_card_or_lane(browser, phase):
    state = dealt()
    if phase == "tie":
        state = state.play("place 7S 9H 10C").play("place 6S 9C 10D")
    elif phase == "result":  # round 1 over, an extra card in the left lane of the result shown
        state = state.play("place 7S 9H 10C").play("place 6S 9C 10D").play("extra 2D").play("extra 2H")
    session = BoardController(state, seat=0, level="rule")
    with serve({"board": session}) as url:
        page, errors = opened(browser, session, width=390)
        page.goto(url)
        page.locator(".cap-status").wait_for()
        found = page.evaluate("""() => {
          const out = [];
          const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5
            && a.bottom <= b.bottom + 0.5;
          for (const label of document.querySelectorAll('.cap-face, .cap-line, .cap-tag, .cap-space-label')) {
            const size = parseFloat(getComputedStyle(label).fontSize);
            const box = label.getBoundingClientRect();
            const holder = label.classList.contains('cap-space-label') ? label.closest('.cap-area')
              : label.closest('.cap-piece');
            out.push({text: label.textContent, size, inside: inside(box, holder.getBoundingClientRect())});
          }
          return out;
        }""")
        assert found
        assert [f for f in found if f["size"] < 11 or not f["inside"]] == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.close()
    assert not errors, errors
