"""Card Commander's answer sheet agrees with the engine.

What its chapter and summary must hold (its rules index's size, key rules, picture, learn page's length, rulings)
is declared in ``chapter.py`` and checked with every game's in ``tests/teaching`` and ``tests/lessons``.
"""

from __future__ import annotations

import re

from capture_lib.bookkit import summaries

SLUG = "card-commander"


SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _card(text: str):
    from capture_lib.core.cards import Card

    return Card.parse(text[:-1] + SUITS[text[-1]])


def _answers() -> str:
    return (summaries.ROOT / "book" / "teaching" / f"{SLUG}-answers.md").read_text(encoding="utf-8")


def test_the_answer_sheet_is_the_engines():
    from capture_lib import load_game
    from capture_lib.games.card_commander.rules import card_value

    answers = _answers()
    rows = re.findall(r"^\| (\S+[♠♥♦♣]) \| (\S+) \| (\S+) \| (\S+) \|$", answers, re.MULTILINE)
    assert len(rows) == 5
    for card, *values in rows:
        worth = [card_value(_card(card), name) for name in ("Karl", "Joanne", "Jackson")]
        assert [int(v.replace("\u2212", "-")) for v in values] == worth, card
    # Question 2: Blue (Joanne) 9S 4D 7C against Red (Jackson) 10S 6H 8D.
    game = load_game("card-commander")
    blue = ["9S", "4D", "7C", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    red = ["10S", "6H", "8D", "2H", "3H", "4H", "5H", "7H", "8H", "9H"]
    played = game.setup(("Joanne", "Jackson"), (blue, red)).play("place 9S 4D 7C").play("place 10S 6H 8D")
    result = played.observation(0)["rounds"][0]
    assert result["values"] == [[11, 2, 7], [9, 7, 9]] and result["lane_winners"] == [0, 1, 1]
    assert "Red wins the round" in answers
    # Question 3: under Karl the 2S, AS, 3D and 8C are worth 0, -1, 5 and 8.
    assert [card_value(_card(c), "Karl") for c in ("2♠", "A♠", "3♦", "8♣")] == [0, -1, 5, 8]
    assert "3♦ (worth 5 under Karl)" in answers and "8♣ (worth 8)" in answers
    assert card_value(_card("6♥"), "Jackson") == 7 and card_value(_card("6♣"), "Jackson") == 5
    assert "6♥ is worth 7 and the 6♣ 5" in answers
