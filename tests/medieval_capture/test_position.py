"""The position text format: reading, writing, round trips and malformed positions."""

from __future__ import annotations

import pytest

from capture_lib.games.medieval_capture.rules import position

from .helpers import BLUE, GAME, RED, pos


def test_a_minimal_position_starts_a_turn():
    s = GAME.from_position(f"turn: red\nblue: {BLUE}\nred: {RED}\n")
    assert s.phase == "start" and s.current_player == 1 and s.start is not None
    assert s.knight == (2, 12) and sum(s.deck) == 18


def test_written_positions_read_back_equal():
    s = pos(dice=(4, 11), blue_hand="CAPTURE!", red_crowns="@B1 r5 taken", blue="B1=r3 B2=b20 B3*=b30 B4=prisoner",
            discard="RECRUIT", moved="B2", shots="1", card="CATAPULT!", looked="yes")
    text = GAME.position_text(s)
    assert GAME.from_position(text)._key() == s._key()
    s = pos(blue_hand="MARCH", red_crowns="@B1 r5 taken", blue="B1=r3 B2=b20 B3*=b30",
            extra="phase: land\ndice: 4 11\naim: r10 from 2\ncard: HORSES", options={"treasure_deck": "extended"})
    assert s.spot == 2 and "aim: r10 from 2" in GAME.position_text(s)
    text = GAME.position_text(s)
    again = GAME.from_position(text, treasure_deck="extended")
    assert again._key() == s._key()
    assert GAME.position_text(again) == text


def test_comments_and_blank_lines_are_ignored():
    s = GAME.from_position(f"# a comment\n\nturn: blue   # Blue to play\nblue: {BLUE}\nred: {RED}\n")
    assert s.current_player == 0


@pytest.mark.parametrize("text, message", [
    ("blue: B1*=b10\nred: R1*=r10\n", "'turn' line is missing"),
    ("turn: green\nblue: B1*=b10\nred: R1*=r10\n", "turn must be blue or red"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\ncolour: pink\n", "unknown key 'colour'"),
    ("turn: blue\nturn: red\nblue: B1*=b10\nred: R1*=r10\n", "given twice"),
    ("turn blue\nblue: B1*=b10\nred: R1*=r10\n", "should be 'key: value'"),
    ("turn: blue\nblue: B1=b10\nred: R1*=r10\n", "blue has no Knight"),
    ("turn: blue\nblue: B1*=b10 B2*=b11\nred: R1*=r10\n", "two Knights"),
    ("turn: blue\nblue: B1*=b10 B1=b11\nred: R1*=r10\n", "listed twice"),
    ("turn: blue\nblue: R1*=b10\nred: R2*=r10\n", "not a blue piece"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=b10\n", "both stand on b10"),
    ("turn: blue\nblue: B1*=b14\nred: R1*=r10\n", "cannot stand on b14"),
    ("turn: blue\nblue: B1*=zz\nred: R1*=r10\n", "not a space"),
    ("turn: blue\nblue: B1*\nred: R1*=r10\n", "PIECE=WHERE"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nphase: move\n", "dice are given"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\ndice: 7 3\nphase: move\n", "white die shows 1-6"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\ndice: 3\nphase: move\n", "white die then the black"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nphase: dance\n", "phase must be one of"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nblue hand: AMBUSH! AMBUSH!\n", "only 1 AMBUSH!"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nblue hand: JOKER\n", "no Treasure Card"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\ndeck: CAPTURE!\n", "game has 7 CAPTURE!"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nphase: land\ndice: 4 4\naim: r10 from 12\n", "firing spot is 1 to 9"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nphase: land\ndice: 4 4\naim: r10 at 2\n", "aim: r14 from 5"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nred crowns: r2 r5\n", "three Crowns"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nred crowns: b2 r5 r8\n", "rock of its own territory"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nred crowns: @R1 r5 r8\n", "own side's Crown"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nred crowns: @B1 r5 r8\n", "must stand in red territory"),
    ("turn: blue\nblue: B1*=r3\nred: R1*=r10\nred crowns: @B1 @B1 r8\n", "carries two Crowns"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nshots: many\n", "whole number"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nlooked: maybe\n", "yes or no"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nwinner: blue\n", "winner is given exactly"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nphase: land\ndice: 4 4\n", "aim is given exactly"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nphase: land\ndice: 4 4\naim: b10\n", "rock in enemy"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nphase: kill\ndice: 4 4\n", "choices are given exactly"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nphase: draw\ndice: 4 4\n", "draws is above 0"),
    ("turn: blue\nblue: B1*=b10\nred: R1*=r10\nrole: abroad\n", "four-player"),
    ("turn: blue\nblue: B2=b10\nred:\nphase: place\n", "placed in number order"),
    ("turn: blue\nblue: B1*=reserve\nred:\nphase: place\n", "unplaced piece cannot be the Knight"),
])
def test_malformed_positions_are_refused_with_the_problem_named(text, message):
    with pytest.raises(ValueError, match=message) as info:
        GAME.from_position(text)
    assert str(info.value).startswith("position:")


def test_every_key_has_a_reader_and_every_reader_a_key():
    read = {step.key for step in position._READING if isinstance(step, position._Line)}
    assert read == set(position.KEYS)


def test_a_position_must_be_text():
    with pytest.raises(ValueError, match="is text"):
        GAME.from_position(None)  # type: ignore[arg-type]
