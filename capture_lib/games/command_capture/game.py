"""The Command Capture game: options, rulings, how a game starts and how a position is read."""

from __future__ import annotations

from typing import Any

from capture_lib.core.protocol import Game

from .position import read_position
from .rulings import OPTIONS, RULINGS
from .state import CommandCaptureState
from .units import CIVS, SEAT_NAMES


class CommandCaptureGame(Game):
    """Command Capture: an 8x8 board, two civilizations, units with two states; take the Commander."""

    slug = "command-capture"
    title = "Command Capture"
    min_players = 2
    max_players = 2
    seat_names = SEAT_NAMES
    options = OPTIONS
    rulings = RULINGS

    def _initial_state(self, seed: int, options: dict[str, Any]) -> CommandCaptureState:
        return CommandCaptureState.initial(self, seed, options)

    def from_position(self, text: str, seed: int = 0, **options: Any) -> CommandCaptureState:
        """A state read from position text (see ``position``); the text fixes civilizations and Timed Mode.

        Options that the text decides (``blue``, ``red``, ``timed``) may be given only if they agree.
        """
        parsed = read_position(text)
        resolved = self.resolve_options(options)
        decided = {"blue": CIVS[parsed["civs"][0]], "red": CIVS[parsed["civs"][1]], "timed": parsed["timed"]}
        for name, value in decided.items():
            if name in options and options[name] != value:
                raise ValueError(f"option {name}={options[name]!r} disagrees with the position text ({value!r})")
            resolved[name] = value
        extra = {k: parsed[k] for k in ("scores", "game_ms", "turn_ms") if k in parsed}
        return CommandCaptureState.make(
            self, seed, resolved, parsed["board"], parsed["civs"], to_move=parsed["to_move"],
            turn=parsed["turn"], actions_left=parsed["actions_left"], follow=parsed["follow"],
            acted=parsed["acted"], result=parsed["result"], start=text.strip(), **extra)

    def quick_start(self, blue_assassin: str = "D2", red_assassin: str = "E7", seed: int = 0,
                    **options: Any) -> CommandCaptureState:
        """A quick-start game with both Assassins' squares fixed (the chance events played as given)."""
        state = self.new_game(seed=seed, setup="quick", **options)
        return state.play(f"assassin {blue_assassin}").play(f"assassin {red_assassin}")
