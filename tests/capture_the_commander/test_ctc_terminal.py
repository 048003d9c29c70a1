"""Capture the Commander in the terminal, played as a person would: ``capture play capture-the-commander`` in a
pseudo-terminal (a battle, a tied battle explained). What every game does in the terminal:
``tests/test_terminal.py``."""

from __future__ import annotations

import re

from capture_lib import load_game
from capture_lib.render.text import actions_text, scene_text
from capture_lib.search.levels import player_for


def test_capture_the_commander_plays_a_battle(terminal):
    t = terminal("play", "capture-the-commander", "--seed", "5", "--level", "random")
    start = t.expect("your move>")
    assert "A card is its place, a colon and its value" in " ".join(start.split()) and "C:?\u25cf" in start
    assert re.search(r"North \(you\) · 12 cards +South · 13 cards", start), "the layouts side by side"
    listed = t.send("moves N2")
    assert "N2: your face-down card. Marked: \u2715 target S1, S2, S3, S4." in " ".join(listed.split())
    assert "4 legal moves with N2:\n  N2xS1, N2xS2, N2xS3, N2xS4" in listed
    assert "no legal move names N1" in t.send("moves N1")
    after = t.send("N2xS1")
    assert "attacks South's" in after or "Tie-break" in after
    t.leave()


def test_capture_the_commander_explains_a_tied_battle():
    from capture_lib.games.capture_the_commander.scene import scene

    game, player = load_game("capture-the-commander"), player_for("random")
    state = game.new_game(seed=0)
    while True:  # seed 0's random players reach a tie-break for North within the first hand
        assert not state.is_over, "this game never reached a tie-break"
        if state.current_player < 0:
            state = state.play_chance()
            continue
        moves = [str(a) for a in state.legal_actions()]
        if state.current_player == 0 and all(m.startswith("pick ") for m in moves):
            break
        state = state.play(player(state, state.current_player))
    drawn = scene(state.observation(0), state.legal_actions())
    text = scene_text(drawn)
    assert text.startswith("Tie-break: your pick") and "Tie-break: Your A\u2660 (card 2) against South's" in text
    assert "1:AH\u25cb?" in text and "5:?\u25cf?" in text, "the cards that may be picked are marked"
    assert "? tie-break pick" in text
    assert actions_text(drawn) == ("You may: 'pick N1' \u2013 show your card 1 in the tie-break; 'pick N5' \u2013 show "
                                   "your card 5 in the tie-break.")
