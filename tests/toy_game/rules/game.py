"""Trap Race's game object: its seats, its option and its ruling, and how a game starts."""

from __future__ import annotations

import random
from typing import Any

from capture_lib.core.errors import IllegalAction
from capture_lib.core.options import Option, Ruling
from capture_lib.core.protocol import Game
from tests.toy_game.rules.state import SEATS, TrapRaceState

OPTIONS = (
    Option("track", 5, (5, 7), "How many squares the track has, the start and home included.",
           label="length of the track", choice_labels=("5 squares", "7 squares"), table=True),
)
RULINGS = (
    Ruling("overshoot", "A roll past home", "May a pawn step when the roll takes it past home?",
           "Yes: a roll past home takes the pawn home.", "A race should end with the first pawn there, not stall."),
)


class TrapRaceGame(Game):
    """Trap Race (see the package's docstring)."""

    slug = "toy-game"
    title = "Trap Race"
    seat_names = SEATS
    options = OPTIONS
    rulings = RULINGS

    def _initial_state(self, seed: int, options: dict[str, Any]) -> TrapRaceState:
        return TrapRaceState(self, seed, options)

    def sample_state(self, observation: dict[str, Any], seat: int, rng: random.Random) -> TrapRaceState:
        """A whole state ``seat`` cannot tell from ``observation``: the other's unshown trap drawn again
        (among the squares where it could lie, given what ``seat`` saw happen)."""
        if observation.get("seat") != seat:
            raise ValueError(f"the observation is not seat {seat}'s")
        for _ in range(50):
            state = self.new_game(seed=rng.randrange(2**32), **observation["options"])
            try:
                for line in observation["log"]:
                    state = state.play(str(rng.choice(state.legal_actions())) if line == "trap ?" else line)
            except IllegalAction:
                continue  # the trap drawn again would have changed what the seat saw happen
            if state.observation(seat) == observation:
                return state
        raise ValueError("that observation is not a position of Trap Race")
