"""A record or save cut short is refused as truncated, never as made under other rules, and never read as
a shorter game (issue 27). Every prefix of a real record and a real save is tried."""

from __future__ import annotations

import pytest

from capture_lib import load_game, read_saved
from capture_lib.core import record, saves

CC = load_game("card-commander")


def whole_game():
    """A short game of Card Commander, some chance outcomes included."""
    return CC.replay(9, ["commander Karl", "commander Joanne", "deal 2C", "deal 2D"], resolve_chance=False)


def test_every_cut_of_a_record_is_refused_as_truncated_or_reads_the_whole_game():
    state = whole_game()
    text = record.write(state)
    start = text.index('[Game "card-commander"]\n') + len('[Game "card-commander"]\n')
    whole = 0
    for end in range(start, len(text)):
        try:
            loaded = record.read(CC, text[:end])
        except ValueError as err:
            assert "truncated" in str(err) and "other rules" not in str(err), (end, text[:end][-40:], str(err))
        else:  # only the whole record, perhaps without its last line end or a move's comment, reads
            assert loaded == state and text[:end].rstrip().endswith(("deal 2D", "deal 2D {chance}", "deal 2D {")), end
            whole += 1
    assert whole >= 2


def test_a_record_cut_at_a_line_end_says_how_much_is_missing():
    text = record.write(whole_game())
    with pytest.raises(ValueError, match="truncated: its Moves header says 4 moves, but only 2 follow"):
        record.read(CC, text[:text.index("3. deal")])
    with pytest.raises(ValueError, match="truncated: it stops in its headers, before the option 'extra_card_bonus'"):
        record.read(CC, text[:text.index('[Option "extra_card_bonus"')])
    with pytest.raises(ValueError, match="truncated: it stops in its headers, before its Moves header"):
        record.read(CC, text[:text.index("[Moves")])


def test_every_cut_of_a_json_save_is_refused_as_truncated():
    state = whole_game()
    text = saves.dump(state)
    assert saves.load(CC, text) == state and read_saved(text) == state
    for end in range(1, len(text)):
        with pytest.raises(ValueError, match="truncated") as refused:
            record.load(text[:end], CC)
        assert "other rules" not in str(refused.value)


def test_a_mistake_inside_a_save_is_still_called_what_it_is():
    text = saves.dump(whole_game())
    with pytest.raises(ValueError, match="is not valid JSON") as refused:
        saves.load(CC, text.replace('"seed": 9', '"seed": 9,,'))
    assert "truncated" not in str(refused.value)
    with pytest.raises(ValueError, match="not valid JSON"):
        saves.load(CC, "{" + "x" * 20 + "}")
