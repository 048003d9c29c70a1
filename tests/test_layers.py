"""Imports run one way: core <- games <- ai (search and players) <- simulate <- analysis / cli.

Every module under ``capture_lib`` is parsed with ``ast`` (nothing is imported), and every import in
it is checked, lazy ones inside functions included.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent / "capture_lib"
GAMES = frozenset(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())
#: Layers that the computer players must never reach: they sit above ``capture_lib.ai``.
ABOVE_AI = ("simulate", "analysis", "cli", "boards", "widgets", "terminal", "serve", "summaries", "notebook",
            "lessons")


def _module_name(path: pathlib.Path) -> str:
    parts = ("capture_lib", *path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def imports_of(name: str, source: str, is_package: bool) -> list[str]:
    """The ``capture_lib`` modules that ``source`` (the module ``name``) imports, relative imports resolved.

    ``from package import name`` counts as importing ``package.name`` where that is a module, else ``package``.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
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
    """``(layer, game)`` of a ``capture_lib`` module: game is set for a game's rules and for its players."""
    parts = module.split(".")[1:]
    if not parts or parts[0] in ("core", "rules_index"):
        return ("core", None)  # the root package only re-exports core; rules_index is the games' shared helper
    if parts[0] == "games":
        return ("game", parts[1] if len(parts) > 1 else None)
    if parts[0] == "ai":
        return ("ai", parts[1] if len(parts) > 1 and parts[1] in GAMES else None)
    return (parts[0].split("_")[0] if parts[0].startswith("serve") else parts[0], None)


def problems(modules: dict[str, str]) -> list[str]:
    """Each import that breaks the layering, as ``"importer imports target: why"``; ``modules`` maps name -> source."""
    found = []
    for name, source in sorted(modules.items()):
        is_package = MODULES.get(name, pathlib.Path()).name == "__init__.py"
        own, own_game = layer(name)
        for target in imports_of(name, source, is_package):
            kind, game = layer(target)
            why = None
            if own == "core" and kind != "core":
                why = "core imports no other layer"
            elif own == "game" and not (kind == "core" or (kind == "game" and game == own_game)):
                why = "a game package imports only core and itself"
            elif own == "ai" and kind in ABOVE_AI:
                why = f"capture_lib.ai never imports {kind}, a layer above it"
            elif own == "ai" and own_game is not None and game not in (None, own_game):
                why = f"a game's players ({own_game}) never import another game's code ({game})"
            elif own == "simulate" and kind in ("analysis", "cli"):
                why = "simulate never imports analysis or cli"
            if why:
                found.append(f"{name} imports {target}: {why}")
    return found


def test_every_module_keeps_to_its_layer():
    sources = {name: path.read_text(encoding="utf-8") for name, path in MODULES.items()}
    assert problems(sources) == []


@pytest.mark.parametrize(("name", "source", "broken"), [
    ("capture_lib.ai.levels", "def f():\n    from capture_lib.simulate import score\n", "capture_lib.simulate"),
    ("capture_lib.ai.card_commander.search", "from ..medieval_capture import rule\n",
     "capture_lib.ai.medieval_capture.rule"),
    ("capture_lib.ai.card_commander.rule", "import capture_lib.games.medieval_capture.board\n",
     "capture_lib.games.medieval_capture.board"),
    ("capture_lib.games.card_commander.state", "from capture_lib.ai.simple import observation_rng\n",
     "capture_lib.ai.simple"),
    ("capture_lib.games.card_commander.state", "from ..medieval_capture import board\n",
     "capture_lib.games.medieval_capture.board"),
    ("capture_lib.core.protocol", "from capture_lib.games import card_commander\n",
     "capture_lib.games.card_commander"),
    ("capture_lib.simulate", "def f():\n    import capture_lib.analysis\n", "capture_lib.analysis"),
])
def test_a_wrong_import_is_named(name, source, broken):
    found = problems({name: source})
    assert len(found) == 1 and found[0].startswith(f"{name} imports {broken}:"), found


def test_allowed_imports_pass():
    assert problems({
        "capture_lib.ai.card_commander.search": "from ..tuning import Tuning\nfrom .rule import PREFERENCE\n"
                                                "from capture_lib.games.card_commander.state import card_value\n",
        "capture_lib.games.card_commander.state": "from capture_lib.core.protocol import State\n"
                                                  "from . import actions\n",
        "capture_lib.simulate": "from capture_lib.ai.levels import make_player\n",
    }) == []
