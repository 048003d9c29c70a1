"""Card Commander in the terminal, played as a person would: ``capture play card-commander`` in a pseudo-terminal (a
tied lane said in words, and what may be done). What every game does in the terminal: ``tests/test_terminal.py``."""

from __future__ import annotations

from capture_lib import load_game
from capture_lib.search.levels import player_for


def _advance(state, player):
    while not state.is_over and state.current_player != 0:
        state = state.play_chance() if state.current_player < 0 else state.play(player(state, state.current_player))
    return state


def _a_tie():
    """A seed and Blue's placing after which Card Commander stops on a tie (same players as the game)."""
    game, player = load_game("card-commander"), player_for("random")
    for seed in range(100):
        state = _advance(game.new_game(seed=seed).play("commander Karl"), player)
        for placing in state.legal_actions()[:60]:
            after = _advance(state.play(placing), player)
            extras = [a for a in after.legal_actions() if str(a).startswith("extra")]
            if after.observation(0)["phase"] == "tie" and extras:
                return seed, str(placing), after
    raise AssertionError("no tie found")


def test_card_commander_says_a_lane_is_tied_and_what_may_be_done(terminal):
    seed, placing, after = _a_tie()
    view = after.observation(0)
    lane = view["lanes"][view["tie_lane"]]
    t = terminal("play", "card-commander", "--seed", str(seed), "--level", "random")
    assert "=N after a card is what it is worth" in " ".join(t.expect("your move>").split())
    t.send("commander Karl")
    shown = " ".join(t.send(placing).split())  # wrapped to the terminal's width
    assert f"the {lane['name']} lane is tied at {lane['values'][0]}; Blue decides on the extra card" in shown
    assert f"to the tied {lane['name']} lane as your extra card (once a game, with your Commander's bonus)" in shown
    assert "'pass' \u2013 pass: add no extra card" in shown and "= tied lane" in shown
    others = [e["winner"] for k, e in enumerate(view["lanes"]) if k != view["tie_lane"]]
    decided = others[0] is not None and others[0] == others[1]
    assert ("It cannot change this round" in shown) == decided
    listed = t.send("moves extra")
    extras = [str(a) for a in after.legal_actions() if str(a).startswith("extra")]
    assert f"{len(extras)} legal moves with extra:" in listed and all(e in listed for e in extras)
    t.send("pass")
    t.leave()
