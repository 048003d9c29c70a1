"""What Command Capture's board says agrees with what the engine enforces: the State Lock's padlock shows the turn
on which the engine lets the unit flip again, a hidden Assassin's flip button names the state it flips to, and a
unit's blocked sides are named from where the unit faces."""

from __future__ import annotations

import pytest

from capture_lib import load_game
from capture_lib.core.errors import IllegalAction
from capture_lib.games.command_capture.scene import scene

GAME = load_game("command-capture")


def _piece(state, square, seat=0):
    return next(p for p in scene(state.view(seat), state.legal_actions()).pieces if p.at == square)


@pytest.mark.parametrize("position, turn", [("k6f/8/8/8/8/3A+#24/8/K6F b RE 3", 5),
                                            ("k6f/8/8/8/8/3A+#14/8/K6F b RE 3", 5),
                                            ("k6f/8/3a+#14/8/8/8/8/K6F r RE 4", 6)])
def test_the_padlock_shows_the_turn_the_engine_names(position, turn):
    state = GAME.from_position(position)
    square = next(u["square"] for u in state.view(None)["units"] if u["kind"] == "Archer")
    with pytest.raises(IllegalAction, match=f"may flip again on turn {turn}"):
        state.play(f"flip {square}")
    piece = _piece(state, square, state.current_player)
    assert [badge.text for badge in piece.badges] == [f"\U0001f512{turn}"]
    assert f"may flip again on turn {turn}" in piece.name
    # and on that turn it may (the other side's turns passing by without a flip)
    while state.turn < turn:
        state = state.play(next(a for a in state.legal_actions() if str(a).startswith("turn")))
    assert state.play(f"flip {square}")


def test_a_hidden_assassins_flip_button_names_the_state_it_flips_to():
    state = GAME.from_position("k6f/8/8/8/8/8/3X4/K6F b RE")
    flip = next(a for a in scene(state.view(0), state.legal_actions()).actions if a.notation == "flip D2")
    after = next(u for u in state.play("flip D2").view(0)["units"] if u["square"] == "D2")
    assert flip.button == f"flip to {after['state']}" == "flip to Defend"


def test_blocked_sides_are_named_from_where_the_unit_faces():
    state = GAME.from_position("k6f/8/8/3c4/3l+4/8/3L<4/K6F b RR")
    assert _piece(state, "D5").name.endswith("blocks its front right, front left")  # a Red Cavalry facing row 1
    assert _piece(state, "D4").name.endswith("blocks its front, right, left")
    assert _piece(state, "D2").name.endswith("blocks its front")  # facing file A: its front is the board's west
