"""``State.end_reason()``: each game says, in players' words, which of its end conditions was met."""

from __future__ import annotations

import pytest

from capture_lib import CHANCE, load_game
from capture_lib.search.simple import simple_player


def finish(slug: str, seed: int, **options):
    """A seeded game between the rule-based players, played to its end; also the states on the way."""
    state = load_game(slug).new_game(seed=seed, **options)
    seen = [state]
    while not state.is_over:
        state = state.play_chance() if state.current_player == CHANCE else state.play(
            simple_player(state, state.current_player))
        seen.append(state)
    return state, seen


@pytest.mark.parametrize("slug", ["card-commander", "capture-the-commander", "command-capture", "medieval-capture"])
def test_no_reason_while_the_game_goes_on(slug):
    end, seen = finish(slug, seed=5)
    assert all(s.end_reason() == "" for s in seen[:-1])
    reason = end.end_reason()
    assert reason.endswith(".") and reason[0].isupper() and reason != "The game is over.", reason


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


def test_capture_the_commander_names_the_leaders_and_the_points():
    end, _ = finish("capture-the-commander", 2, players=3)
    leaders = [end.names[s] for s in end.winners]
    reason = end.end_reason()
    assert all(name in reason for name in end.names)
    assert " and ".join(leaders) in reason and str(max(end.scores)) in reason


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
