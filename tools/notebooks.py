"""Maintainers' tool: run the book's notebooks and store their outputs the way nbval expects.

    python tools/notebooks.py refresh [NOTEBOOK ...]   execute and store outputs (default: every one)
    python tools/notebooks.py check                    fail if a notebook holds a widget output

Cells tagged ``nbval-ignore-output`` show boards; their outputs are not stored (the book build
executes them anyway, and a stored board would embed the whole ES module and go stale).
Every other cell keeps its plain printed lines, which nbval compares on every test run.
"""

from __future__ import annotations

import pathlib
import sys

import nbformat
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parent.parent
IGNORE = "nbval-ignore-output"


def notebooks(args: list[str]) -> list[pathlib.Path]:
    """The notebooks named in ``args``, or every notebook of the book."""
    if args:
        return [pathlib.Path(a).resolve() for a in args]
    return sorted(p for p in (ROOT / "book").rglob("*.ipynb") if "_build" not in p.parts
                  and ".ipynb_checkpoints" not in p.parts)


def refresh(path: pathlib.Path) -> None:
    """Execute ``path`` in its folder and store deterministic outputs."""
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)
        if IGNORE in cell.metadata.get("tags", []):
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    print(f"refreshed {path.relative_to(ROOT)}")


def check(path: pathlib.Path) -> list[str]:
    """Problems with the stored outputs of ``path``."""
    nb = nbformat.read(path, as_version=4)
    problems = []
    for number, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            # A ruling's box carries HTML beside its Markdown; HTML alone is a board.
            board_html = "text/html" in data and "text/markdown" not in data
            if "application/vnd.jupyter.widget-view+json" in data or board_html:
                problems.append(f"{path.name} cell {number}: stored board output (tag it {IGNORE})")
    return problems


def main(argv: list[str]) -> int:
    """Run the tool."""
    if not argv or argv[0] not in ("refresh", "check"):
        print(__doc__)
        return 2
    paths = notebooks(argv[1:])
    if argv[0] == "refresh":
        for path in paths:
            refresh(path)
        return 0
    problems = [p for path in paths for p in check(path)]
    print("\n".join(problems) or "notebooks are clean")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
