"""Trap Race's state: the track, the pawns, the hidden traps, the die, and the actions' notation.

==============  ==============================================================
notation        meaning
==============  ==============================================================
``trap s3``     set-up: hide your trap on square 3 (others see ``trap ?``)
``roll 2``      chance: the die shows 2
``step``        move your pawn forward by the roll
``wait``        stay where you are
==============  ==============================================================
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from capture_lib.core.chance import CHANCE
from capture_lib.core.errors import IllegalAction
from capture_lib.core.protocol import Action, State

SEATS = ("Blue", "Red")


class Move(Action):
    """One Trap Race action: its notation is its value."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


class TrapRaceState(State):
    """A position of Trap Race."""

    _FIELDS = ("pawns", "traps", "shown", "probed", "roll", "to_act", "winner")

    def __init__(self, game: Any, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, seed, options)
        self.size = options["track"]
        self.pawns = (1, 1)
        self.traps: tuple[int | None, int | None] = (None, None)
        self.shown: frozenset[int] = frozenset()
        #: The squares each pawn has landed on: each landing tells its player the other's trap is not there.
        self.probed: frozenset[tuple[int, int]] = frozenset()
        self.roll: int | None = None
        self.to_act = 0
        self.winner: int | None = None
        self.log: tuple[tuple[str, str], ...] = ()

    # ----- the rules -----------------------------------------------------------------------------------------
    def _current_player(self) -> int | None:
        if self.winner is not None:
            return None
        if all(t is not None for t in self.traps) and self.roll is None:
            return CHANCE
        return self.to_act

    def _legal_actions(self) -> list[Action]:
        if self._current_player() == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        if self.traps[self.to_act] is None:
            return [Move(f"trap s{n}") for n in range(2, self.size)]
        return [Move("step"), Move("wait")]

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(Move("roll 1"), Fraction(1, 2)), (Move("roll 2"), Fraction(1, 2))]

    def _why_illegal(self, action: Action) -> str | None:
        if action in self._legal_actions():
            return None
        text = str(action)
        if self._current_player() == CHANCE:
            return "the die is to be rolled first"
        if text.startswith("trap"):
            return "a trap is hidden once, before the race, on a square between the start and home"
        if text.startswith("roll"):
            return "only the die rolls the die"
        return "the traps are hidden before the race begins"

    def _apply(self, action: Action) -> None:
        text = str(action)
        me = self.to_act
        if text.startswith("trap"):
            traps = list(self.traps)
            traps[me] = int(text.split()[1][1:])
            self.traps = (traps[0], traps[1])
            self.log = self.log + ((text, "trap ?", me),)
            self.to_act = 1 - me
        elif text.startswith("roll"):
            self.roll = int(text.split()[1])
            self.log = self.log + ((text, text, -1),)
        else:
            pawns = list(self.pawns)
            if text == "step":
                pawns[me] = min(self.size, pawns[me] + (self.roll or 0))
                self.probed = self.probed | {(me, pawns[me])}
                trap = self.traps[1 - me]
                if pawns[me] == trap and trap not in self.shown:
                    pawns[me] = 1
                    self.shown = self.shown | {trap}
            self.pawns = (pawns[0], pawns[1])
            self.log = self.log + ((text, text, me),)
            if pawns[me] == self.size:
                self.winner = me
            self.roll = None
            self.to_act = 1 - me

    def _winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    def _end_reason(self) -> str:
        return f"{SEATS[self.winner]}'s pawn is home first."

    def _shown(self) -> Any:
        """The traps sprung, and every square a pawn landed on: a safe landing shows its player that the other's
        trap is not there."""
        return self.shown, self.probed

    def parse_action(self, text: str) -> Action:
        """Read an action from its notation (see the module's docstring)."""
        t = " ".join(text.strip().lower().split())
        words = t.split()
        if t in ("step", "wait") or (len(words) == 2 and words[0] == "roll" and words[1] in ("1", "2")):
            return Move(t)
        if len(words) == 2 and words[0] == "trap" and words[1][:1] == "s" and words[1][1:].isdigit():
            return Move(t)
        raise IllegalAction(f"cannot read {text.strip()[:40]!r}: write trap s3, step or wait", rule="notation")

    # ----- what a seat sees ----------------------------------------------------------------------------------
    def view(self, seat: int | None, everything: bool = False) -> dict[str, Any]:
        """What ``seat`` sees (``None``: the table); ``everything`` shows both traps."""
        traps = [t if everything or s == seat or t in self.shown else None for s, t in enumerate(self.traps)]
        placed = [t is not None for t in self.traps]
        return {"game": self.game.slug, "seat": seat, "options": dict(self.options), "players": list(SEATS),
                "track": self.size, "pawns": list(self.pawns), "traps": traps, "traps_placed": placed,
                "shown": sorted(self.shown), "roll": self.roll, "to_act": self._current_player(),
                "over": self.winner is not None, "winners": list(self._winners()),
                "log": [full if everything or side in (seat, -1) else public for full, public, side in self.log]}
