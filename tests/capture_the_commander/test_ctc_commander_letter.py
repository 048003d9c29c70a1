"""Capture the Commander: the Commander's slot reads as the board draws it, ``C``, and as ``13`` (issue 27).

The board draws the Commander as ``C``; a player may type that (``N1xSC``, ``pick NC``) or 13, and the
engine still writes 13, so every stored record, save and golden playthrough reads as before.
"""

from __future__ import annotations

import pytest

from capture_lib import IllegalAction, load_game
from capture_lib.core import record
from capture_lib.games.capture_the_commander.rules.actions import Attack, Pick, card_words, parse_action, slot_name

from .test_ctc_rules import illegal, two

GAME = load_game("capture-the-commander")


@pytest.mark.parametrize("typed", ["N1xSC", "n1xsc", "N1 x S C", "N1xS13", "n1xs13"])
def test_the_commander_is_c_or_13_in_an_attack(typed):
    assert parse_action(typed) == Attack("N", 1, "S", 13)


def test_the_commander_is_c_or_13_in_a_tie_break_pick():
    assert parse_action("pick NC") == parse_action("pick n13") == Pick("N", 13)
    assert parse_action("SCxN1") == Attack("S", 13, "N", 1)


def test_the_engine_still_writes_13_so_records_read_as_before():
    assert str(parse_action("N1xSC")) == "N1xS13" and str(parse_action("pick NC")) == "pick N13"
    assert slot_name(13) == "C" and slot_name(12) == "12"


def test_an_attack_on_the_commander_typed_with_c_is_the_same_move():
    state = two(south={"s11": "-", "s13": "KC"}, north={"s1": "AD"})
    typed, numbered = state.play("N1xSC"), state.play("N1xS13")
    assert typed == numbered and typed.is_over and typed.winners == (0,)
    assert record.read(GAME, record.write(typed)) == typed


def test_messages_name_the_commander_as_the_board_draws_it():
    state = two()
    illegal(state, "N1xSC", "South's Commander (C) is fully covered and cannot be attacked")
    illegal(state, "NCxS1", "North's Commander (C) is fully covered: only a fully uncovered card may attack")
    assert card_words("East", 13) == "East's Commander (C)" and card_words("East", 4) == "East's card 4"
    for wrong, words in (("N14xS1", "no slot 14: the slots are 1 to 12 and C"), ("N1xSD", "cannot read"),
                         ("pick NX", "pick NC")):
        with pytest.raises(IllegalAction, match=words):
            parse_action(wrong)


def test_position_text_names_the_commanders_slot_c():
    text = "North: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS\nSouth: 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH -\n"
    with pytest.raises(ValueError, match=r"South has no Commander \(the last slot, C\)"):
        GAME.from_position(text + "turn: North\n")
    with pytest.raises(ValueError, match="North slot C"):
        GAME.from_position(text.replace("KS\n", "XS\n") + "turn: North\n")
