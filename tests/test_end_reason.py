"""``State.end_reason()``: each game says, in players' words, which of its end conditions was met (each game's own
reasons are in its folder: ``tests/<game>/test_*end_reason.py``)."""

from __future__ import annotations

import pytest

from tests.playing import finish
from tests.registry import games


@pytest.mark.generic
@pytest.mark.parametrize("slug", games())
def test_no_reason_while_the_game_goes_on(slug):
    end, seen = finish(slug, seed=5)
    assert all(s.end_reason() == "" for s in seen[:-1])
    reason = end.end_reason()
    assert reason.endswith(".") and reason[0].isupper() and reason != "The game is over.", reason


