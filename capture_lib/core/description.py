"""A game's one description: its rules, and each of its parts, declared, read by every shared layer.

Each game is one package under ``capture_lib/games/<game>/`` whose ``__init__`` exports ``DESCRIPTION``:

    DESCRIPTION = Description("capture_lib.games.command_capture", GAME, Parts(
        scene="scene", players="players", tuning="players.search", course="course", lessons="lessons",
        rules_index="rules_index", session="session", handout="handout", experiments="experiments",
        golden="golden"))

``Parts`` names the module of each part the game has (relative to its package) and says ``None`` for
each optional part it lacks; every part must be named or refused, so that nothing a game has is missed
and nothing it lacks is a surprise. The parts and their interfaces are in ``capture_lib.core.parts``.

The registry (``capture_lib.games``) checks the declaration when the game is registered or first
described (``Description.check``): a part left undeclared, a declared part whose module is missing, a
module of a part's conventional name that no part names, a required part refused. A part's module is
imported when first read (``Description.players`` ...), never before, and checked against its interface
then; loading a game's rules never imports its players, its board or its lessons. Nothing here imports
a game.
"""

from __future__ import annotations

import pathlib
import sys
from dataclasses import dataclass, field
from typing import Any, cast

from capture_lib.core import parts as kinds
from capture_lib.core.errors import PartError
from capture_lib.core.parts import (
    CoursePart,
    ExperimentsPart,
    GoldenPart,
    HandoutPart,
    LessonsPart,
    LoadedPart,
    PartSpec,
    PlayersPart,
    RulesIndexPart,
    ScenePart,
    SessionPart,
    TuningPart,
)
from capture_lib.core.protocol import Game


class _Undeclared:
    """What a part of ``Parts`` is until the game names its module or refuses it."""

    def __repr__(self) -> str:
        return "UNDECLARED"


#: A part that a game's ``Parts`` neither names nor refuses (registration says so).
UNDECLARED: Any = _Undeclared()


@dataclass(frozen=True, kw_only=True)
class Parts:
    """Where each of a game's parts lives: a module of its package, relative (``"players.search"``), or ``None``
    for an optional part it has not. Every field must be given (see the module's docstring); the parts, their
    conventional modules and their interfaces are listed in ``capture_lib.core.parts``."""

    scene: str | None = UNDECLARED
    players: str | None = UNDECLARED
    tuning: str | None = UNDECLARED
    course: str | None = UNDECLARED
    lessons: str | None = UNDECLARED
    rules_index: str | None = UNDECLARED
    session: str | None = UNDECLARED
    handout: str | None = UNDECLARED
    experiments: str | None = UNDECLARED
    golden: str | None = UNDECLARED


@dataclass(frozen=True)
class Description:
    """Everything the shared layers read about one game (see the module's docstring).

    ``package`` is the game's package (``capture_lib.games.command_capture``), ``game`` its rules, ``parts``
    where its other parts are. ``example_seat`` and ``example_everything`` say how a worked example is shown
    unless it says otherwise: through a seat's eyes (``None``: what the whole table sees) and with every
    hidden card or piece shown.
    """

    package: str
    game: Game
    parts: Parts
    example_seat: int | None = None
    example_everything: bool = False
    _loaded: dict[str, LoadedPart] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def slug(self) -> str:
        """The game's slug (``command-capture``)."""
        return self.game.slug

    @property
    def title(self) -> str:
        """The game's title."""
        return self.game.title

    @property
    def folder(self) -> pathlib.Path:
        """The game's folder (its package's), where a file that is not a module lives (``board.css``)."""
        module = sys.modules.get(self.package)
        if module is None or module.__file__ is None:
            raise PartError(f"{self.title}: its package {self.package} is not imported", name=self.package)
        return pathlib.Path(module.__file__).parent

    # ----- the declaration ---------------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """What is wrong with the declaration of the parts, one sentence each (``[]`` when it holds).

        Nothing is imported: the modules are looked for where the package's folder holds them.
        """
        declared = dict(vars(self.parts))  # each field's value as given (asdict would copy UNDECLARED)
        named = {value for value in declared.values() if isinstance(value, str)}
        found = []
        for spec in kinds.PARTS:
            value = declared[spec.name]
            if value is UNDECLARED and not spec.required:
                found.append(f"its description does not say whether it has {spec.some}: name its module "
                             f'(Parts({spec.name}="{spec.module}")) or say it has none ({spec.name}=None)')
            elif value is UNDECLARED or (value is None and spec.required):
                found.append(f"every game has {spec.some}, and its description names none: name its module "
                             f'(Parts({spec.name}="{spec.module}"))')
            elif value is not None and not isinstance(value, str):
                found.append(f"its {spec.what} is named by {value!r}, not by its module's name")
            elif value is not None and not kinds.exists(self.package, value):
                found.append(f"its description names {self.package}.{value} as its {spec.what}, which does not "
                             "exist")
            if spec.module not in named and kinds.exists(self.package, spec.module):
                said = "says it has none" if value is None else "names another module"
                found.append(f"it has the module {self.package}.{spec.module} ({spec.what}) but its description "
                             f'{said} ({spec.name}={value!r}); declare it (Parts({spec.name}="{spec.module}")) '
                             "or remove the module")
        return found

    def check(self) -> None:
        """``PartError`` listing every problem of the declaration (``problems``), naming the game."""
        found = self.problems()
        if found:
            raise PartError(f"{self.title} ({self.package}): " + "; ".join(found), name=self.package)

    def _part(self, spec: PartSpec, relative: str | None) -> LoadedPart | None:
        """The part ``spec`` at ``relative`` (``None``: the game has none), loaded and checked on first use."""
        if relative is None or relative is UNDECLARED:
            return None
        loaded = self._loaded.get(spec.name)
        if loaded is None:
            loaded = self._loaded[spec.name] = kinds.load(self.title, self.package, relative, spec)
        return loaded

    # ----- the parts -------------------------------------------------------------------------------------------
    @property
    def scene(self) -> ScenePart:
        """What its boards and pictures draw (every game has one)."""
        part = self._part(kinds.SCENE, self.parts.scene)
        if part is None:
            raise PartError(f"{self.title} has no scene, which every game has", name=self.package)
        return cast(ScenePart, part)

    @property
    def players(self) -> PlayersPart | None:
        """Its computer players, or ``None``."""
        return cast("PlayersPart | None", self._part(kinds.PLAYERS, self.parts.players))

    @property
    def tuning(self) -> TuningPart | None:
        """The shared search's fitting to it, or ``None`` (the plain search)."""
        return cast("TuningPart | None", self._part(kinds.TUNING, self.parts.tuning))

    @property
    def course(self) -> CoursePart | None:
        """Its course, or ``None``."""
        return cast("CoursePart | None", self._part(kinds.COURSE, self.parts.course))

    @property
    def lessons(self) -> LessonsPart | None:
        """Its chapter's exercises, or ``None``."""
        return cast("LessonsPart | None", self._part(kinds.LESSONS, self.parts.lessons))

    @property
    def rules_index(self) -> RulesIndexPart | None:
        """Its rules index, or ``None``."""
        return cast("RulesIndexPart | None", self._part(kinds.RULES_INDEX, self.parts.rules_index))

    @property
    def session(self) -> SessionPart | None:
        """Where its boards' session differs, or ``None`` (nowhere)."""
        return cast("SessionPart | None", self._part(kinds.SESSION, self.parts.session))

    @property
    def handout(self) -> HandoutPart | None:
        """What it prints (its summary's picture, its print-and-play sheets), or ``None``."""
        return cast("HandoutPart | None", self._part(kinds.HANDOUT, self.parts.handout))

    @property
    def experiments(self) -> ExperimentsPart | None:
        """Its numbers chapter's experiments, or ``None``."""
        return cast("ExperimentsPart | None", self._part(kinds.EXPERIMENTS, self.parts.experiments))

    @property
    def golden(self) -> GoldenPart | None:
        """The golden playthroughs it keeps, or ``None`` (it keeps none)."""
        return cast("GoldenPart | None", self._part(kinds.GOLDEN, self.parts.golden))
