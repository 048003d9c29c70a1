"""A game's one description: its rules, and where the rest of it lives, read by every shared layer.

Each game is one package under ``capture_lib/games/<game>/`` that exports ``DESCRIPTION``. The rules are
the package's ``rules`` subpackage (``GAME``); everything else the shared layers need of a game is a
module of that package with a name every game uses, imported only when asked for, so loading a game's
rules never imports its players, its board or its lessons:

==================  ==============================================================================
part                what it holds
==================  ==============================================================================
``rules``           the game itself (``GAME``): state, actions and notation, position text, rulings
``players``         its computer players (``RULE_PLAYER``, ``LEVEL_PLAYERS``, ``ANALYSIS_PLAYERS``,
                    the shared search's ``search.TUNING``)
``scene``           what a board draws, from what a seat sees, for every renderer
``lessons``         its chapter's exercises, as data checked through the engine
``course``          its course: short levels in stages, from the set-up to a first game
``rules_index``     each rule of the source: its code, test, example and the lesson that practises it
``session``         how a board's session differs for this game, where it does (Timed Mode's clock)
==================  ==============================================================================

A part a game does not have is ``None`` (``part``). Nothing here imports a game: the registry
(``capture_lib.games``) makes the list of descriptions.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType

from capture_lib.core.protocol import Game

#: The parts a game package may have, beside its rules (see the module's docstring).
PARTS = ("players", "scene", "lessons", "course", "rules_index", "session", "experiments")


@dataclass(frozen=True)
class Description:
    """Everything the shared layers read about one game (see the module's docstring).

    ``package`` is the game's package (``capture_lib.games.command_capture``), ``game`` its rules.
    ``example_seat`` and ``example_everything`` say how a worked example is shown unless it says
    otherwise: through a seat's eyes (``None``: what the whole table sees) and with every hidden card or
    piece shown. ``summary_picture_mm`` is the widest the printable summary's picture is printed.
    """

    package: str
    game: Game
    example_seat: int | None = None
    example_everything: bool = False
    summary_picture_mm: float = 90

    @property
    def slug(self) -> str:
        """The game's slug (``command-capture``)."""
        return self.game.slug

    @property
    def title(self) -> str:
        """The game's title."""
        return self.game.title

    def part(self, name: str) -> ModuleType | None:
        """The game's module ``name`` (one of ``PARTS``), imported on first use; ``None`` where it has none."""
        if name not in PARTS:
            raise ValueError(f"a game's parts are {', '.join(PARTS)}, not {name!r}")
        module = f"{self.package}.{name}"
        if importlib.util.find_spec(module) is None:
            return None
        return importlib.import_module(module)

    def require(self, name: str) -> ModuleType:
        """The game's module ``name``; ``ValueError`` naming the game where it has none."""
        module = self.part(name)
        if module is None:
            raise ValueError(f"{self.title} has no {name.replace('_', ' ')}")
        return module
