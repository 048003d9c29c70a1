"""Capture the Commander's answer sheet agrees with the engine.

What its chapter and summary must hold (its rules index's size, key rules, picture, learn page's length, rulings)
is declared in ``chapter.py`` and checked with every game's in ``tests/teaching`` and ``tests/lessons``.
"""

from __future__ import annotations

from capture_lib.bookkit import summaries

SLUG = "capture-the-commander"


def _answers() -> str:
    return (summaries.ROOT / "book" / "teaching" / f"{SLUG}-answers.md").read_text(encoding="utf-8")


def test_the_answer_sheet_is_the_engines():
    from capture_lib import load_game
    from capture_lib.games.capture_the_commander.rules import layout

    answers = _answers()
    game = load_game("capture-the-commander")
    ranks = "2 3 4 5 6 7 8 9 10 J Q K A".split()

    def south_without(*gone):
        cards = [r + "H" if (slot + 1) not in gone else "-" for slot, r in enumerate(ranks)]
        return game.from_position("North: " + " ".join(r + "S" for r in ranks) + "\nSouth: " + " ".join(cards)
                                  + "\nturn: North\n")

    words = {layout.UNCOVERED: "fully uncovered", layout.PARTIAL: "partially covered", layout.FULL: "fully covered"}
    state = south_without(1, 2)
    for slot in (5, 6, 8):
        coverage = state.coverage(1, slot)
        may_attack = "yes" if coverage == layout.UNCOVERED else "no"
        may_be_attacked = "no" if coverage == layout.FULL else "yes"
        assert f"| {slot} | {words[coverage]} | {may_attack} | {may_be_attacked} |" in answers
    assert south_without(3, 4, 7).coverage(1, 10) == layout.UNCOVERED
    assert "## 4. Straight under one card\n\nFully uncovered" in answers
    assert layout.adjacent(1) == (2, 5) and "card 2 or card 5" in answers
    assert sorted(["10♣", "A♦", "2♥", "K♠", "J♥"], key=lambda c: ranks.index(c[:-1])) == [
        "2♥", "10♣", "J♥", "K♠", "A♦"]
    assert "2♥, 10♣, J♥, K♠, A♦" in answers
