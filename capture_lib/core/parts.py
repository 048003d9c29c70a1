"""A game's parts: what each one must provide (its interface), and how a part is checked when it is loaded.

A game is one package (``capture_lib/games/<game>/``). Its rules are the ``Game`` object of its description;
everything else the shared layers read of it is a *part*: a module of the package, named in its
description (``core.description.Parts``) and imported only when first asked for, so that loading a
game's rules never imports its players, its board or its lessons. Each part has an interface here, a
``typing.Protocol`` that a module satisfies structurally (PEP 544: a module's functions are the
protocol's methods, its constants the protocol's attributes). A member given a value in the interface
is optional: a module without it gets that value.

==============  =====================  ==================  =========  =============================================
part            module (by convention) interface           required   what it holds
==============  =====================  ==================  =========  =============================================
``scene``       ``scene``              ``ScenePart``       yes        what a board draws, from what a seat sees
``players``     ``players``            ``PlayersPart``     no         the computer players (the ``rule`` level, ...)
``tuning``      ``players.search``     ``TuningPart``      no         the shared search's fitting to the game
``course``      ``course``             ``CoursePart``      no         short levels in stages, to a first game
``lessons``     ``lessons``            ``LessonsPart``     no         the chapter's exercises, checked questions
``rules_index`` ``rules_index``        ``RulesIndexPart``  no         each rule of the source: code, test, example
``session``     ``session``            ``SessionPart``     no         where a board's session differs (a clock)
``handout``     ``handout``            ``HandoutPart``     no         the summary's picture, print-and-play sheets
``experiments`` ``experiments``        ``ExperimentsPart`` no         the numbers chapter's experiments and tables
``golden``      ``golden``             ``GoldenPart``      no         the golden playthroughs it keeps
==============  =====================  ==================  =========  =============================================

``load`` imports a part (``Description.players`` and the others call it) and checks it against its
interface: a missing member, or one that is not what the interface says (a table where a function
belongs), raises ``PartError`` naming the game, the part and what is wrong. The shared layers then read
the part's members as typed attributes (``describe(slug).players.RULE_PLAYER``), never by a name in a
string.
"""

from __future__ import annotations

import collections.abc
import functools
import importlib
import importlib.machinery
import random
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import Any, Protocol

from capture_lib.core.errors import PartError
from capture_lib.core.experiments import Experiment, RoundRobin, StrengthTable
from capture_lib.core.lessons import Course, Lesson
from capture_lib.core.protocol import Action, State
from capture_lib.core.rules_index import IndexedRule
from capture_lib.core.scene import Arrow, KeyEntry, Scene

#: A computer player: ``(state, seat) -> action``; it reads only ``state.observation(seat)`` and the legal actions.
Player = Callable[[State, int], Any]
#: Makes one player from ``timed`` (``False`` lifts the search's time limit) and the player's own ``seed``.
PlayerFactory = Callable[[bool, int], Player]
#: What the ``oracle`` ceiling player may know of a state: ``(state, seat) -> draw(rng) -> state``, or
#: ``None`` where it searches the true state.
OracleWorld = Callable[[State, int], Callable[[random.Random], State] | None]
#: One option set of the golden playthroughs: its label, its options, and the games kept as ``(seed, players)``.
GoldenSet = tuple[str, Mapping[str, Any], tuple[tuple[int, tuple[str, ...]], ...]]


# ----- the interfaces --------------------------------------------------------------------------------------
class ScenePart(Protocol):
    """What a board draws (``capture_lib/games/<game>/scene.py``); see ``capture_lib.core.scene``."""

    #: Every mark, arrow and highlight the board draws, named as the book names it.
    KEY: tuple[KeyEntry, ...]
    #: Pictures the scene names (a map's background), by name: put once in front of the board's module.
    ASSETS: Mapping[str, str] = MappingProxyType({})

    def scene(self, view: dict[str, Any], legal: Sequence[Action] = (), recent: Sequence[tuple] = (), *,
              select: str | None = None, marks: dict[str, str] | None = None, arrows: Sequence[Arrow] = (),
              focus: tuple[float, float, float, float] | None = None) -> Scene:
        """The scene of ``view`` (what one seat sees) with its ``legal`` actions and what happened ``recent``ly
        (``capture_lib.core.scene.SCENE_ARGUMENTS``)."""
        ...

    def how_to_play(self) -> str:
        """How to play on the game's board, in Markdown, each control named (in bold) as the board writes it:
        the play page prints it, so the page and the board never disagree."""
        ...


class PlayersPart(Protocol):
    """The game's computer players (``capture_lib/games/<game>/players/``); ``capture_lib.search.levels``
    makes every level and analysis player from them. A game without this part plays random moves at the
    ``rule`` level and the shared search at the others."""

    #: The ``rule`` level: simple, sensible, not random.
    RULE_PLAYER: Player
    #: Level name -> factory, replacing the shared player of that level in this game.
    LEVEL_PLAYERS: Mapping[str, PlayerFactory]
    #: Extra named players (factories) that only this game has, for the analysis.
    ANALYSIS_PLAYERS: Mapping[str, PlayerFactory]
    #: What the ``oracle`` ceiling player knows here (``capture_lib.search.oracle``); ``None``: the true state.
    ORACLE_WORLD: OracleWorld | None = None
    #: Why the level chooser may offer fewer levels than the game has, in one sentence's words (the game's luck
    #: leaves room for fewer distinct opponents): the chooser says it where the ratings drop a level
    #: (``capture_lib.search.level_ratings.offered_by_rule``); "" where the game needs none.
    FEWER_LEVELS_WHY: str = ""
    #: What a seat's set-up hides, read from a position (the Knight's space, the Assassin's square; ``None``
    #: until it is set up), for the tests that check the computer's hidden set-up varies from game to game.
    HIDDEN_SETUP: Callable[[State, int], Any] | None = None


class TuningPart(Protocol):
    """The shared Monte Carlo search's fitting to the game (``players/search.py``): its ``TUNING``, a
    ``capture_lib.search.tuning.Tuning`` (the search layer's type, above this one). Without this part the
    search plays plainly."""

    #: The game's ``capture_lib.search.tuning.Tuning``.
    TUNING: Any


class CoursePart(Protocol):
    """The game's course (``course.py``): short levels in stages, from the set-up to a first whole game."""

    def course(self) -> Course:
        """The course, every level's solution played through the engine."""
        ...


class LessonsPart(Protocol):
    """The game's exercises (``lessons.py``): single questions at the end of its chapter."""

    def exercises(self) -> Sequence[Lesson]:
        """The exercises, every answer played through the engine."""
        ...


class RulesIndexPart(Protocol):
    """Each rule of the game's source and where the project codes, tests and shows it (``rules_index.py``)."""

    #: The index, in the source's order.
    RULES: tuple[IndexedRule, ...]


#: A session hook before an action from the page: ``(board, state, action) -> (state, note)``; a note means the
#: action no longer stands (``capture_lib.session.board.BoardController``).
BeforeAction = Callable[[Any, State, Any], tuple[State, str]]
#: A session hook before the board resolves chance and lets the computer move: ``(board, state) -> state or None``.
BeforeAdvance = Callable[[Any, State], State | None]
#: A session hook after the board shows a new position: ``(board) -> None``.
Synced = Callable[[Any], None]


class SessionPart(Protocol):
    """Where a board's session differs for this game (``session.py``: Command Capture's Timed Mode clock).

    Every hook is optional; the session calls those the game has (``capture_lib.session.board``).
    """

    before_action: BeforeAction | None = None
    before_advance: BeforeAdvance | None = None
    synced: Synced | None = None


@dataclass(frozen=True)
class HandoutPicture:
    """The picture on the game's printed one-page summary.

    ``draw()`` returns the SVG, drawn from a seat's view by the game's scene and the shared SVG renderer,
    and its caption; ``widest_mm`` is the widest it is printed (a simple diagram needs less room than a
    whole board). The summary's build prints it narrower while the page does not fit, never so narrow that
    a label prints under 6 pt (``capture_lib.bookkit.summaries``).
    """

    draw: Callable[[], tuple[str, str]]
    widest_mm: float


@dataclass(frozen=True)
class PrintAndPlay:
    """The game on paper, for a room without devices: ``sheets()`` gives each sheet's HTML (one printed
    page each), ``pages`` how many pages the PDF must have, ``paper`` the CSS page size (``A4 landscape``)."""

    sheets: Callable[[], list[str]]
    pages: int
    paper: str


class HandoutPart(Protocol):
    """What the game prints (``handout.py``); the book's build prints it (``capture_lib.bookkit.summaries``
    and ``capture_lib.bookkit.print_and_play``). A game may have either or both."""

    #: The picture beside the rules on its one-page summary, where the summary asks for one.
    PICTURE: HandoutPicture | None = None
    #: Its print-and-play sheets.
    PRINT_AND_PLAY: PrintAndPlay | None = None


class ExperimentsPart(Protocol):
    """The games the game's numbers chapter reads (``experiments.py``), declared as data
    (``capture_lib.core.experiments``), beside the pure functions that summarize them for the chapter.
    ``capture_lib.experiments.analysis`` plays them and stores their records under ``results/<game>/``."""

    #: The game's own experiments.
    EXPERIMENTS: tuple[Experiment, ...]
    #: Options of every experiment game of this game (each batch's own options are added to them).
    OPTIONS: Mapping[str, Any] = MappingProxyType({})
    #: The strength table: the levels and the ceiling players against each other.
    STRENGTH: StrengthTable | None = None
    #: The ratings round robin, which rates every level for the level chooser.
    RATINGS: RoundRobin | None = None


class GoldenPart(Protocol):
    """The golden playthroughs the game keeps (``golden.py``): whole seeded games, written and checked by
    ``tools/golden.py`` under ``tests/golden/<game>/``."""

    #: Each option set whose play differs: its label, options and kept games.
    GOLDEN: tuple[GoldenSet, ...]


# ----- the parts, and how one is loaded and checked --------------------------------------------------------
@dataclass(frozen=True)
class PartSpec:
    """One kind of part: its field in ``Parts``, its module by convention, its interface, whether every game has
    one, and what it is, in words (``what`` after "its", ``some`` on its own: "exercises", "a course")."""

    name: str
    module: str
    interface: type
    required: bool
    what: str
    some: str


SCENE = PartSpec("scene", "scene", ScenePart, True, "scene", "a scene")
PLAYERS = PartSpec("players", "players", PlayersPart, False, "computer players", "computer players")
TUNING = PartSpec("tuning", "players.search", TuningPart, False, "search tuning", "a search tuning")
COURSE = PartSpec("course", "course", CoursePart, False, "course", "a course")
LESSONS = PartSpec("lessons", "lessons", LessonsPart, False, "exercises", "exercises")
RULES_INDEX = PartSpec("rules_index", "rules_index", RulesIndexPart, False, "rules index", "a rules index")
SESSION = PartSpec("session", "session", SessionPart, False, "session hooks", "session hooks")
HANDOUT = PartSpec("handout", "handout", HandoutPart, False, "handout", "a handout")
EXPERIMENTS = PartSpec("experiments", "experiments", ExperimentsPart, False, "experiments", "experiments")
GOLDEN = PartSpec("golden", "golden", GoldenPart, False, "golden playthroughs", "golden playthroughs")
#: Every kind of part, in the order of the table in the module's docstring.
PARTS: tuple[PartSpec, ...] = (SCENE, PLAYERS, TUNING, COURSE, LESSONS, RULES_INDEX, SESSION, HANDOUT, EXPERIMENTS,
                               GOLDEN)

_REQUIRED = object()


@dataclass(frozen=True)
class Member:
    """One member of an interface: its type, whether it is a function, and its default (optional members)."""

    name: str
    hint: Any
    method: bool
    default: Any = _REQUIRED

    @property
    def required(self) -> bool:
        """Whether a part must have it (an optional member has a default)."""
        return self.default is _REQUIRED


@functools.cache
def members(interface: type) -> dict[str, Member]:
    """The members an interface lists: its annotated attributes (optional where it gives a value) and its methods."""
    hints = typing.get_type_hints(interface)
    found: dict[str, Member] = {}
    for name in interface.__annotations__:
        if name in vars(interface):
            found[name] = Member(name, hints[name], False, vars(interface)[name])
        else:
            found[name] = Member(name, hints[name], False)
    for name, value in vars(interface).items():
        if not name.startswith("_") and isinstance(value, types.FunctionType):
            found[name] = Member(name, Callable, True)
    return found


def fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the kind ``hint`` says, as far as can be told without calling it: a function where
    a callable belongs, a table where a mapping does, a tuple, a text, a number, ``None`` where allowed."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return True
    if origin is typing.Union or origin is types.UnionType:
        return any(fits(value, arg) for arg in typing.get_args(hint))
    if hint is None or hint is type(None):
        return value is None
    if hint is Callable or origin is collections.abc.Callable:
        return callable(value)
    kind = origin if origin is not None else hint
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(kind, type):
        return isinstance(value, kind)
    return True  # a type variable or a forward name: nothing to check


def problems(module: ModuleType, interface: type) -> list[str]:
    """What ``module`` lacks of ``interface``, or has but not as the interface says (``[]`` when it fits)."""
    found = []
    # Read from the module's own names: a module may make a member on first use (a module ``__getattr__``, as
    # Medieval's scene makes its map picture), and checking must not make it.
    names = vars(module)
    for member in members(interface).values():
        if member.name not in names:
            if member.required and "__getattr__" not in names:
                found.append(f"it has no {member.name}")
            continue
        value = names[member.name]
        if member.method and not callable(value):
            found.append(f"its {member.name} is not a function")
        elif not member.method and not fits(value, member.hint):
            found.append(f"its {member.name} should be {_words(member.hint)} but is {type(value).__name__}")
    return found


def _words(hint: Any) -> str:
    """A type in a few words, for a message: ``Mapping``, ``HandoutPicture or None``."""
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return " or ".join(_words(arg) for arg in typing.get_args(hint))
    if hint is None or hint is type(None):
        return "None"
    named = origin if origin is not None else hint
    return getattr(named, "__name__", str(named))


class LoadedPart:
    """A game's part as its interface sees it: the members the interface lists, read from the module, with the
    interface's value for an optional member the module lacks, and the module's ``__name__`` and ``__doc__``.
    Reading any other name is an error, so a shared layer cannot come to depend on what the interface does not
    promise."""

    def __init__(self, module: ModuleType, spec: PartSpec, title: str) -> None:
        # Its module's name and docstring are the part's own (what it is, and where to read it).
        self.__dict__.update(_module=module, _spec=spec, _title=title, _members=members(spec.interface),
                             __name__=module.__name__, __doc__=module.__doc__)

    def __getattr__(self, name: str) -> Any:
        listed = self.__dict__["_members"]
        if name not in listed:
            spec = self.__dict__["_spec"]
            raise AttributeError(f"{self.__dict__['_title']}'s {spec.what} ({spec.interface.__name__}) has no "
                                 f"{name!r}; it has {', '.join(listed)}")
        try:
            return getattr(self.__dict__["_module"], name)
        except AttributeError:
            return listed[name].default

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a game's part is read-only")

    def __dir__(self) -> list[str]:
        return list(self.__dict__["_members"])

    def __repr__(self) -> str:
        return f"<{self.__dict__['_spec'].name} of {self.__dict__['_title']}: {self.__dict__['_module'].__name__}>"


def load(title: str, package: str, relative: str, spec: PartSpec) -> LoadedPart:
    """Import the part ``spec`` of the game ``title`` (its module ``relative`` to ``package``) and check it
    against its interface; ``PartError`` naming the game, the part and what it lacks."""
    name = f"{package}.{relative}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        raise PartError(f"{title}: its description names {name} as its {spec.what}, which does not exist",
                        name=name) from None
    wrong = problems(module, spec.interface)
    if wrong:
        raise PartError(f"{title}'s {spec.what} ({name}) does not fit {spec.interface.__name__} "
                        f"(capture_lib.core.parts): {'; '.join(wrong)}", name=name)
    return LoadedPart(module, spec, title)


def exists(package: str, relative: str) -> bool:
    """Whether the module ``relative`` (dotted) of the imported package ``package`` is there, found without
    importing it or any package between them (so checking a game's declaration imports none of its parts)."""
    name = package
    paths: list[str] = list(getattr(sys.modules[package], "__path__", []))
    for piece in relative.split("."):
        name = f"{name}.{piece}"
        if name in sys.modules:
            paths = list(getattr(sys.modules[name], "__path__", []))
            continue
        found = importlib.machinery.PathFinder.find_spec(name, paths)
        if found is None:
            return False
        paths = list(found.submodule_search_locations or [])
    return True
