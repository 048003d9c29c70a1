"""``State.end_reason()`` in Command Capture: which of its end conditions was met, in players' words (what every game
says: ``tests/test_end_reason.py``)."""

from __future__ import annotations

from tests.playing import finish


def test_command_capture_names_the_captured_commander():
    reasons = set()
    for seed in range(4):
        end, _ = finish("command-capture", seed)
        reason = end.end_reason()
        reasons.add(reason)
        if end.winners:
            loser = 1 - end.winners[0]
            commanders = [u for u in end.board if u is not None and u[0] == loser and u[1] == 7]
            if not commanders:
                assert reason == f"{('Blue', 'Red')[loser]}'s Commander was captured."
        else:
            assert "turn limit" in reason
    assert reasons


def test_command_capture_turn_limit_is_a_draw():
    end, _ = finish("command-capture", 0, turn_limit=50)
    if end.winners:  # a Commander fell inside the limit: that is the reason then
        assert "Commander" in end.end_reason() or "Fortress" in end.end_reason()
        return
    assert end.end_reason() == "The turn limit (50 turns) was reached, so the game is a draw."
