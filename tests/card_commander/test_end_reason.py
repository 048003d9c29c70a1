"""``State.end_reason()`` in Card Commander: which of its end conditions was met, in players' words (what every game
says: ``tests/test_end_reason.py``)."""

from __future__ import annotations

from tests.playing import finish


def test_card_commander_says_whether_the_third_round_was_needed():
    for seed in range(6):
        end, _ = finish("card-commander", seed)
        winner = ("Blue", "Red")[end.winners[0]]
        if len(end.rounds) == 2:
            assert end.end_reason() == f"{winner} has won two rounds, so the third round is not needed."
        else:
            assert end.end_reason().startswith(f"All three rounds are played: {winner} won ")
    full, _ = finish("card-commander", 1, play_all_rounds=True)
    assert full.end_reason().startswith("All three rounds are played")
