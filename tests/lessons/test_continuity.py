"""Tutorials hang together: each step goes on from where the step before ended, or says it is a new position."""

from __future__ import annotations

import re

import pytest

from capture_lib import CHANCE
from capture_lib.session.course import games_with_lessons, tutorial

#: How a step announces that it leaves the game of the step before.
NEW_POSITION = "A new position."
SUITS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def named(action: object, prompt: str) -> bool:
    """Whether ``prompt`` names every card or square of ``action`` (a card as 7S or as 7\u2660)."""
    for word in str(action).split()[1:] or str(action).split():
        card = re.fullmatch(r"(10|[2-9AJQK])([SHDC])", word)
        if word not in prompt and not (card and card[1] + SUITS[card[2]] in prompt):
            return False
    return True


def test_named_reads_cards_in_both_spellings():
    assert named("place 7S 6C 3H", "you placed 7\u2660 6\u2663 3\u2665")
    assert named("place 7S 6C 3H", "you placed 7S 6C 3H")
    assert not named("place 7S 6C 3H", "you placed 7\u2660 6\u2663")


@pytest.mark.parametrize("slug", list(games_with_lessons()))
def test_each_step_goes_on_from_the_last_or_announces_a_new_position(slug):
    steps = tutorial(slug).steps
    for number, (previous, step) in enumerate(zip(steps, steps[1:], strict=False), start=2):
        end = previous.outcome(previous.expected())
        done, now = list(end.history), list(step.start.history)
        goes_on = now[:len(done)] == done
        if step.prompt.startswith(NEW_POSITION):
            assert not goes_on, f"{slug} step {number} says it is a new position but goes on from step {number - 1}"
            continue
        assert goes_on, (f"{slug} step {number} ({step.title}) starts in another game than step {number - 1} "
                         f"ended: go on from that game, or begin the prompt with {NEW_POSITION!r}")
        # Moves between the two steps: chance (a deal, a roll), or moves the prompt tells the learner about.
        state = end
        for action in now[len(done):]:
            if state.current_player != CHANCE:
                assert named(action, step.prompt), f"{slug} step {number}: {action} was played in between, unsaid"
            state = state.play(action)


def test_card_commander_plays_one_game_and_its_tie_matters():
    steps = tutorial("card-commander").steps
    assert not any(step.prompt.startswith(NEW_POSITION) for step in steps), "one game from start to end"
    tie = steps[-1].start
    view = tie.observation(0)
    assert view["phase"] == "tie"
    others = [lane["values"] for i, lane in enumerate(view["lanes"]) if i != view["tie_lane"]]
    # The other two lanes are split, so the tie decides the round (and here the game).
    assert sorted(blue > red for blue, red in others) == [False, True]
    end = steps[-1].outcome(steps[-1].expected())
    assert end.is_over and end.winners == (0,)
