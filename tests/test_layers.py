"""Imports run one way, with no circles: the house's layers, from the engine's core up to the ``capture`` command.

Every module under ``capture_lib`` is parsed with ``ast`` (nothing is imported), and every import in it is
checked, lazy ones inside functions included. The layers, lowest first (a module imports only its own layer
and the layers below it, and each rule below narrows that):

====  =====================  ==========================================================================
rank  layer                  modules
====  =====================  ==========================================================================
0     core                   ``capture_lib.core``: protocol, chance, options, errors, saves, records
1     registry               ``capture_lib.games`` (the list of games) and the package's face
2     rules                  a game's ``rules`` and its package's ``__init__`` (its description)
3     search                 ``capture_lib.search``: the shared search, levels, ratings' summary
4     players                a game's ``players``
5     render                 ``capture_lib.render``: the renderers of scenes, shared by every game
6     presentation           a game's other parts: scene, lessons, course, rules index, session
7     session                ``capture_lib.session``: one board session for every host
8     hosts                  ``capture_lib.hosts``: anywidget, static pages, the in-browser worker, terminal
9     bookkit, experiments   the book's helpers; simulations and the analysis (neither imports the other)
10    classroom              ``capture_lib.classroom``: ``capture serve``
11    cli                    ``capture_lib.cli`` and ``capture_lib.__main__``: imported by nothing
====  =====================  ==========================================================================

Besides: a game never imports another game's code; a game's rules import only the core and themselves.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent / "capture_lib"
RANKS = {"core": 0, "registry": 1, "rules": 2, "search": 3, "players": 4, "render": 5, "presentation": 6,
         "session": 7, "hosts": 8, "bookkit": 9, "experiments": 9, "classroom": 10, "cli": 11}


def _module_name(path: pathlib.Path) -> str:
    parts = ("capture_lib", *path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def imports_of(name: str, source: str, is_package: bool) -> list[str]:
    """The ``capture_lib`` modules that ``source`` (the module ``name``) imports, relative imports resolved.

    ``from package import name`` counts as importing ``package.name`` where that is a module, else ``package``;
    lazy imports and imports for annotations alone (``if TYPE_CHECKING:``) count too.
    """
    found = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                full = f"{module}.{alias.name}"
                found.append(full if full in MODULES else module)
    return [m for m in found if m == "capture_lib" or m.startswith("capture_lib.")]


def layer(module: str) -> tuple[str, str | None]:
    """``(layer, game)`` of a ``capture_lib`` module: ``game`` is set for every part of one game's package."""
    parts = module.split(".")[1:]
    if not parts:
        return ("registry", None)  # the package's face re-exports the core and the registry
    if parts[0] == "games":
        if len(parts) == 1:
            return ("registry", None)
        game = parts[1]
        if len(parts) == 2 or parts[2] == "rules":
            return ("rules", game)
        return ("players" if parts[2] == "players" else "presentation", game)
    if parts[0] == "__main__":
        return ("cli", None)  # python -m capture_lib: the capture command's other door
    return (parts[0], None)


def problems(modules: dict[str, str]) -> list[str]:
    """Each import that breaks the layering, as ``"importer imports target: why"``; ``modules`` maps name -> source."""
    found = []
    for name, source in sorted(modules.items()):
        is_package = MODULES.get(name, pathlib.Path()).name == "__init__.py"
        own, own_game = layer(name)
        for target in imports_of(name, source, is_package):
            kind, game = layer(target)
            why = None
            if own_game is not None and game is not None and game != own_game:
                why = f"a game ({own_game}) never imports another game's code ({game})"
            elif own == "rules" and not (kind == "core" or (kind == "rules" and game == own_game)):
                why = "a game's rules import only the core and themselves"
            elif RANKS[kind] > RANKS[own] or (RANKS[kind] == RANKS[own] and kind != own):
                why = f"the {own} layer never imports the {kind} layer, which is above it or beside it"
            if why:
                found.append(f"{name} imports {target}: {why}")
    return found


def cycles(modules: dict[str, str]) -> list[list[str]]:
    """The circles among ``modules`` (each a strongly connected set of two or more), lazy imports included, and
    imports for annotations alone too: a circle that only the type checker walks is still two files that
    cannot be read apart."""
    graph = {name: set() for name in modules}
    for name, source in modules.items():
        is_package = MODULES.get(name, pathlib.Path()).name == "__init__.py"
        for target in imports_of(name, source, is_package):
            if target in graph and target != name:
                graph[name].add(target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def sources() -> dict[str, str]:
    return {name: path.read_text(encoding="utf-8") for name, path in MODULES.items()}


def test_every_module_keeps_to_its_layer():
    assert problems(sources()) == []


def test_no_module_imports_itself_back_through_others():
    assert cycles(sources()) == []


def test_the_protocol_never_imports_persistence():
    """Saves and records are written from the protocol's public face, one layer above it (as a game record is
    above the board in python-chess): the protocol knows nothing of files."""
    persistence = {"capture_lib.core.saves", "capture_lib.core.record", "capture_lib.core.files"}
    protocol = "capture_lib.core.protocol"
    assert not set(imports_of(protocol, MODULES[protocol].read_text(encoding="utf-8"), False)) & persistence


def test_a_circle_is_found():
    found = cycles({"capture_lib.session.board": "from capture_lib.session import recipes\n",
                    "capture_lib.session.recipes": "def f():\n    from capture_lib.session.board import X\n"})
    assert found == [["capture_lib.session.board", "capture_lib.session.recipes"]]


@pytest.mark.parametrize(("name", "source", "broken"), [
    ("capture_lib.search.levels", "def f():\n    from capture_lib.experiments.simulate import score\n",
     "capture_lib.experiments.simulate"),
    ("capture_lib.games.card_commander.players.search", "from capture_lib.games.medieval_capture.players import rule\n",
     "capture_lib.games.medieval_capture.players.rule"),
    ("capture_lib.games.card_commander.players.rule", "import capture_lib.games.medieval_capture.rules.board\n",
     "capture_lib.games.medieval_capture.rules.board"),
    ("capture_lib.games.card_commander.rules.state", "from capture_lib.search.simple import observation_rng\n",
     "capture_lib.search.simple"),
    ("capture_lib.games.card_commander.rules.state", "from ...medieval_capture.rules import board\n",
     "capture_lib.games.medieval_capture.rules.board"),
    ("capture_lib.games.card_commander.rules.state",
     "def f():\n    from capture_lib.games.card_commander import scene\n",
     "capture_lib.games.card_commander.scene"),
    ("capture_lib.games.card_commander.players.rule", "from capture_lib.games.card_commander import lessons\n",
     "capture_lib.games.card_commander.lessons"),
    ("capture_lib.core.protocol", "from capture_lib.games import card_commander\n",
     "capture_lib.games.card_commander"),
    ("capture_lib.session.board", "from capture_lib.cli import main\n", "capture_lib.cli"),
    ("capture_lib.hosts.terminal.play", "from capture_lib.cli import save_game\n", "capture_lib.cli"),
    ("capture_lib.experiments.simulate", "def f():\n    import capture_lib.bookkit.summaries\n",
     "capture_lib.bookkit.summaries"),
    ("capture_lib.session.recipes", "from capture_lib.hosts.widget import BoardWidget\n", "capture_lib.hosts.widget"),
])
def test_a_wrong_import_is_named(name, source, broken):
    found = problems({name: source})
    assert len(found) == 1 and found[0].startswith(f"{name} imports {broken}:"), found


def test_allowed_imports_pass():
    assert problems({
        "capture_lib.games.card_commander.players.search": "from capture_lib.search.tuning import Tuning\n"
                                                           "from .rule import PREFERENCE\n"
                                                           "from capture_lib.games.card_commander.rules import x\n",
        "capture_lib.games.card_commander.rules.state": "from capture_lib.core.protocol import State\n"
                                                        "from . import actions\n",
        "capture_lib.games.card_commander.lessons": "from capture_lib.games.card_commander.rules import GAME\n"
                                                    "from capture_lib.core.lessons import Lesson\n",
        "capture_lib.experiments.simulate": "from capture_lib.search.levels import make_player\n",
        "capture_lib.session.board": "from capture_lib.games import describe\n",
    }) == []
