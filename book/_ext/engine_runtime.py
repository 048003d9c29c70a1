"""The live book's engine runtime: capture_lib's browser wheel and a standard library trimmed to what it uses.

Pyodide's ``python_stdlib.zip`` holds the whole standard library as source (2.5 MB deflated, 9.6 MB
inside, ``asyncio``, ``email``, ``unittest``, ``xml`` and the rest), and every page's worker downloads
it and compiles what it imports. The engine imports a small part of it. The build keeps that part,
compiled, in a zip of its own:

1. **The wheel** (``browser_wheel``, made by ``capture_lib.bookkit.wheel`` from the running package):
   capture_lib without the packages that only run on a machine (``HOST_ONLY``), the same bytes for the
   same sources.
2. **Measured** (``MEASURE``, run in Pyodide under Node.js by ``pyodide_runtime.mjs``): the modules
   Pyodide itself loads to start; every module of the wheel, imported; every standard-library module
   any of them names in an ``import`` (at the top or inside a function), imported too, with whatever
   those import in turn. Every such module's file is kept, and the whole ``encodings`` package (codecs
   are looked up by name when first used). Each kept module, and every module of the wheel, is compiled
   there, by the same CPython that runs in the browser, so the browser imports bytecode and compiles
   nothing: the wheel it fetches holds the engine's bytecode in place of its source
   (``capture_lib.bookkit.wheel.compiled_wheel``).
3. **Verified** (``VERIFY``): a fresh Pyodide on the trimmed library and the compiled wheel rebuilds
   every board the book's pages carry from its recipe, reads its values and plays a few moves (the
   computer answering where the board has one). An import that fails there fails the check, and the
   build then ships the whole standard library and the wheel's source instead, with a warning that
   says why.

Both steps are kept in ``_build/.capture-engine``, keyed on what they depend on, so a rebuild that
changes neither the engine nor the book's boards runs no Node.js at all.
"""

from __future__ import annotations

import hashlib
import io
import json
import pathlib
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass

from capture_lib.bookkit import wheel as wheel_module
from capture_lib.bookkit.wheel import HOST_ONLY, compiled_wheel, host_only, wheel_bytes, wheel_name  # noqa: F401 - the build's names

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
NODE_SCRIPT = pathlib.Path(__file__).with_name("pyodide_runtime.mjs")
#: The module that makes the wheel and its compiled form (left out of the wheel: it only runs at the build).
WHEEL_MAKER = pathlib.Path(wheel_module.__file__)
#: Where measured runtimes are kept between builds.
CACHE = ROOT / "_build" / ".capture-engine"
#: How long the Node.js runs may take (Pyodide's start, then every board of the book driven).
NODE_SECONDS = 600
#: Moves played on each board the check rebuilds (each may bring the computer's answer, up to its cap).
VERIFY_MOVES = 2


def _entry(name: str) -> zipfile.ZipInfo:
    """A stored zip entry at a fixed time (zip's earliest), so the same files give the same bytes."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_STORED
    return info


def browser_wheel() -> bytes:
    """capture_lib's wheel for the browser: the engine's wheel of ``capture_lib.bookkit.wheel``."""
    return wheel_bytes()


#: Run in Pyodide (``pyodide_runtime.mjs measure``): what the engine imports, compiled into ``/out/stdlib``,
#: and the wheel's modules compiled into ``/out/wheel`` (each at its name in the wheel, ``.pyc``).
MEASURE = r'''
import ast, importlib, importlib.util, json, marshal, os, pathlib, sys, zipfile

STDLIB = os.path.dirname(os.__file__)          # the mounted python_stdlib.zip
HOST_ONLY = %(host_only)r

def stdlib_file(module):
    path = getattr(module, "__file__", None) or ""
    return path[len(STDLIB) + 1:] if path.startswith(STDLIB + "/") else None

import capture_lib
site = pathlib.Path(capture_lib.__file__).parent.parent
ours = []
for path in sorted(site.joinpath("capture_lib").rglob("*.py")):
    parts = list(path.relative_to(site).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    ours.append((".".join(parts), path))

failed = {}
named = set()
for name, path in ours:
    try:
        importlib.import_module(name)
    except Exception as err:  # a module the browser cannot import: reported, the build decides
        failed[name] = f"{type(err).__name__}: {err}"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            named.add(node.module)
            named.update(f"{node.module}.{alias.name}" for alias in node.names)
for name in sorted(named):
    if name.split(".")[0] == "capture_lib":
        continue
    try:
        importlib.import_module(name)
    except Exception:  # an attribute imported with "from", or a module of another platform
        pass

kept = {stdlib_file(module) for module in list(sys.modules.values())} - {None}
with zipfile.ZipFile(STDLIB) as library:
    every = library.namelist()
kept |= {name for name in every if name.startswith("encodings/") and name.endswith(".py")}
# Each kept module's package, up to the top (a module imports its packages first).
for name in list(kept):
    parts = name.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        init = "/".join(parts[:i]) + "/__init__.py"
        if init in every:
            kept.add(init)

def write_compiled(source, filename, target):
    # A sourceless, unchecked .pyc (PEP 552 header: magic, flags 0, then 8 unused bytes).
    code = compile(source, filename, "exec", dont_inherit=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code))

out = pathlib.Path("/out")
with zipfile.ZipFile(STDLIB) as library:
    for name in sorted(kept):
        write_compiled(library.read(name), f"{STDLIB}/{name}", out / "stdlib" / (name + "c"))
for name, path in ours:
    relative = path.relative_to(site).as_posix()
    write_compiled(path.read_bytes(), str(path), out / "wheel" / (relative + "c"))
json.dumps({"kept": sorted(kept), "failed": failed, "all": len([n for n in every if n.endswith(".py")])})
'''

#: Run in Pyodide on the trimmed library (``pyodide_runtime.mjs verify``): every board of the book, driven.
VERIFY = r'''
import json, traceback
from capture_lib.session import from_recipe

RECIPES = json.loads(%(recipes)r)
MOVES = %(moves)d
problems = []

def check(step, board, call):
    # An ImportError is the trimmed library's fault; any other error is the board's own (a refused move,
    # a message this version does not know), which the build's other tests cover.
    try:
        return call()
    except (ImportError, OSError) as err:
        problems.append(f"{board}: {step}: {type(err).__name__}: {err}")
    except Exception:
        pass
    return None

for number, recipe in enumerate(RECIPES):
    board = f"board {number} ({recipe.get('game')}, {recipe.get('kind')})"
    try:
        controller = from_recipe(recipe, seed=number + 1)
        values = controller.values()
    except Exception:
        problems.append(f"{board}: {traceback.format_exc().strip().splitlines()[-1]}")
        continue
    for _ in range(MOVES):
        legal = values.get("legal") or []
        if not legal:
            break
        changed = check("a move", board, lambda: controller.handle({"type": "play", "action": legal[0]}))
        values = check("its values", board, controller.values) or {}
json.dumps({"problems": problems, "boards": len(RECIPES)})
'''


@dataclass
class Runtime:
    """The engine's files for the book: the wheel's bytes and the standard library's, and how they came."""

    wheel: bytes
    stdlib: bytes
    #: What was kept of the standard library, in words (for the build's log and the measurements).
    summary: str
    #: Why the whole standard library ships instead of a trimmed one ("" when trimmed and verified).
    problem: str = ""


def _node() -> str | None:
    return shutil.which("node")


def _run_node(mode: str, job: dict, timeout: int = NODE_SECONDS) -> dict:
    with tempfile.TemporaryDirectory() as scratch:
        job_file = pathlib.Path(scratch) / "job.json"
        job_file.write_text(json.dumps(job), encoding="utf-8")
        result = subprocess.run([_node(), str(NODE_SCRIPT), mode, str(job_file)], capture_output=True,
                                text=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"Pyodide under Node.js failed ({mode}): {(result.stderr or result.stdout)[-1500:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def _digest(*parts: bytes | str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _stdlib_zip(folder: pathlib.Path) -> bytes:
    out = io.BytesIO()
    files = sorted(path for path in folder.rglob("*") if path.is_file())
    packages = sorted({path.parent for path in files if path.parent != folder})
    with zipfile.ZipFile(out, "w") as archive:
        for package in packages:
            archive.writestr(_entry(package.relative_to(folder).as_posix() + "/"), b"")
        for path in files:
            archive.writestr(_entry(path.relative_to(folder).as_posix()), path.read_bytes())
    return out.getvalue()


def runtime_key(wheel: bytes) -> str:
    """What the engine's files are made from, as a digest: ``wheel``'s source, Pyodide's standard library,
    the measurement and the code that compiles the wheel (``capture_lib.bookkit.wheel``, which the wheel
    itself leaves out). The same key, the same files: it names their cache and their folder in the book."""
    return _digest(wheel, (PYODIDE / "python_stdlib.zip").read_bytes(), MEASURE, NODE_SCRIPT.read_bytes(),
                   WHEEL_MAKER.read_bytes())


def measured_runtime(wheel: bytes) -> tuple[bytes, bytes, dict]:
    """The compiled ``wheel``, the trimmed and compiled standard library for it, and the measurement behind
    them (cached)."""
    key = runtime_key(wheel)
    kept = CACHE / f"runtime-{key}"
    files = [kept / name for name in ("wheel.whl", "python_stdlib.zip", "measured.json")]
    if all(path.is_file() for path in files):
        return files[0].read_bytes(), files[1].read_bytes(), json.loads(files[2].read_text())
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        (scratch / "wheel.whl").write_bytes(wheel)
        (scratch / "out").mkdir()
        answer = _run_node("measure", {"pyodide": str(PYODIDE), "wheel": str(scratch / "wheel.whl"),
                                       "out": str(scratch / "out"),
                                       "program": MEASURE % {"host_only": HOST_ONLY}})
        library = _stdlib_zip(scratch / "out" / "stdlib")
        modules = scratch / "out" / "wheel"
        compiled = compiled_wheel(wheel, {path.relative_to(modules).as_posix()[:-1]: path.read_bytes()
                                          for path in modules.rglob("*.pyc")})
    measured = dict(answer["result"], source_bytes=(PYODIDE / "python_stdlib.zip").stat().st_size,
                    trimmed_bytes=len(library),
                    wheel_bytes=len(wheel), compiled_wheel_bytes=len(compiled))
    kept.mkdir(parents=True, exist_ok=True)
    for path, data in zip(files, (compiled, library, json.dumps(measured, indent=1).encode()), strict=True):
        path.write_bytes(data)
    return compiled, library, measured


def verify(wheel: bytes, stdlib: bytes, recipes: list[dict]) -> list[str]:
    """Problems found driving every board of ``recipes`` on ``stdlib`` (none: the trimmed library serves)."""
    recipes_text = json.dumps(recipes, sort_keys=True)
    key = _digest(wheel, stdlib, recipes_text, VERIFY, NODE_SCRIPT.read_bytes())
    passed = CACHE / f"verified-{key}"
    if passed.is_file():
        return []
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        (scratch / "wheel.whl").write_bytes(wheel)
        (scratch / "python_stdlib.zip").write_bytes(stdlib)
        (scratch / "out").mkdir()
        answer = _run_node("verify", {"pyodide": str(PYODIDE), "wheel": str(scratch / "wheel.whl"),
                                      "stdlib": str(scratch / "python_stdlib.zip"), "out": str(scratch / "out"),
                                      "program": VERIFY % {"recipes": recipes_text, "moves": VERIFY_MOVES}})
    problems = answer["result"]["problems"]
    if not problems:
        CACHE.mkdir(parents=True, exist_ok=True)
        passed.write_text(json.dumps(answer, indent=1), encoding="utf-8")
    return problems


def engine_runtime(recipes: Iterable[dict]) -> Runtime:
    """The wheel and the standard library the book ships: compiled, trimmed and verified where Node.js can
    do it; else the wheel's source and the whole standard library."""
    wheel = browser_wheel()
    whole = (PYODIDE / "python_stdlib.zip").read_bytes()
    if _node() is None:
        return Runtime(wheel, whole, "the whole standard library", "Node.js is missing, so nothing was measured")
    try:
        compiled, library, measured = measured_runtime(wheel)
        problems = verify(compiled, library, list(recipes))
    except (OSError, RuntimeError, subprocess.TimeoutExpired, ValueError, KeyError) as err:
        return Runtime(wheel, whole, "the whole standard library", f"the measurement failed: {err}")
    if problems:
        return Runtime(wheel, whole, "the whole standard library",
                       "the trimmed standard library failed the book's boards: " + "; ".join(problems[:5]))
    summary = (f"{len(measured['kept'])} of the standard library's {measured['all']} modules, compiled: "
               f"{len(library) / 1e6:.2f} MB stored (the whole: {measured['source_bytes'] / 1e6:.2f} MB deflated); "
               f"the engine compiled: {len(compiled) / 1e6:.2f} MB stored (its source: {len(wheel) / 1e6:.2f} MB)")
    return Runtime(compiled, library, summary)
