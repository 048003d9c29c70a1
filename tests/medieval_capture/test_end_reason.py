"""``State.end_reason()`` in Medieval Capture: which of its end conditions was met, in players' words (what every game
says: ``tests/test_end_reason.py``)."""

from __future__ import annotations

from tests.playing import finish


def test_medieval_capture_names_crowns_or_a_side_with_nothing_left():
    for seed in range(3):
        end, _ = finish("medieval-capture", seed)
        win = end.winner
        names = ("Blue", "Red")
        if end.crowns_captured(win) >= end.cfg.crowns_to_win:
            assert end.end_reason() == f"{names[win]} captured {end.crowns_captured(win)} of {names[1 - win]}'s Crowns."
        else:
            assert not end.can_continue(1 - win)
            assert end.end_reason().startswith(f"{names[1 - win]} has no pieces left")
