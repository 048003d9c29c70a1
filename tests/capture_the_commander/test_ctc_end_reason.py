"""``State.end_reason()`` in Capture the Commander: which of its end conditions was met, in players' words (what
every game says: ``tests/test_end_reason.py``)."""

from __future__ import annotations

from tests.playing import finish


def test_capture_the_commander_names_the_leaders_and_the_points():
    end, _ = finish("capture-the-commander", 2, players=3)
    leaders = [end.names[s] for s in end.winners]
    reason = end.end_reason()
    assert all(name in reason for name in end.names)
    assert " and ".join(leaders) in reason and str(max(end.scores)) in reason
