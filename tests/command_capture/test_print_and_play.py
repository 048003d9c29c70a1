"""Command Capture's print-and-play sheets: the board and every army's tokens at one scale, in both colours."""

from __future__ import annotations

from capture_lib.bookkit.print_and_play import sheets_html
from capture_lib.games.command_capture.handout import BOARD_MM as COMMAND_BOARD_MM


def test_command_capture_prints_the_board_and_three_armies_in_both_colours():
    page = sheets_html("command-capture")
    assert page.count("<svg") == 5  # the board, the markers and three sheets of tokens
    assert page.count(f'width="{COMMAND_BOARD_MM:g}mm"') == 4  # board and tokens at one scale
    # Drawn by the game's renderer, on paper: its label names the board and says no screen's status line.
    assert page.lower().count('aria-label="command capture board"') == 4
    for name in ("Rome", "Egypt", "the Vikings"):
        assert f"the tokens of {name}, Blue and Red" in page
    # Both states of each unit: Legionnaires in Attack and in Defend, Fortresses Active and Disabled.
    for state in ("Attack", "Defend", "Active", "Disabled", "Command", "Fortify", "Strike", "Shield Bash"):
        assert f">{state}<" in page
    # The tokens are what an opponent sees: no sheet gives a hidden Assassin away.
    assert "ASSN" not in page and ">hidden<" not in page
