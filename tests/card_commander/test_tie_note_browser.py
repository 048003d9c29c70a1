"""A tie that cannot change the round: the board says the extra card would be spent for nothing."""

from __future__ import annotations

import pytest

from capture_lib.games.card_commander.lessons import dealt
from capture_lib.hosts.widget import BoardWidget
from tests.board_page import open_page

pytestmark = pytest.mark.browser

NOTE = "It cannot change this round"


def tie_text(browser, tmp_path, state) -> str:
    board = BoardWidget(state, seat=0, mode="computer")
    assert board.legal, "Blue decides on the tie"
    page, errors = open_page(browser, tmp_path, board, legal=board.legal, mode="computer")
    text = page.locator(".cc-actions").inner_text(timeout=5000)
    page.close()
    assert not errors, errors
    return text


def test_the_board_says_when_a_tie_cannot_change_the_round(browser, tmp_path):
    # Blue (Karl) wins the middle (9 against 8) and the right (10 against 8); the left is tied at 5.
    wasted = dealt().play("place 7S 9H 10C").play("place 6S 7H 9C")
    assert wasted.phase == "tie" and wasted.current_player == 0
    text = tie_text(browser, tmp_path, wasted)
    assert "The left lane is tied." in text and f"{NOTE}: Blue has won the other two lanes" in text


def test_the_board_says_nothing_more_when_the_tie_decides_the_round(browser, tmp_path):
    # The tutorial's last tie: the middle is Blue's, the right Red's, so the left decides the round.
    decisive = (dealt().play("place 8D 9H 10C").play("place 7H 9C 10D").play("place 7S 6C 3H")
                .play("place 6S 4C 8H"))
    text = tie_text(browser, tmp_path, decisive)
    assert "The left lane is tied." in text and NOTE not in text
