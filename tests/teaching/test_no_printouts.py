"""Readers see no Python printouts on a game's pages of rules: the rules, the variants, the rulings, the rules index,
learning, the course, the exercises, their solutions and play show boards, pictures, tables and text; the checks
in their cells assert and print nothing. (The notation pages print notation: that is their subject.)"""

from __future__ import annotations

import pathlib

import nbformat
import pytest

from capture_lib import list_games

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = ("rules", "variants", "rulings", "rules-index", "learn", "course", "exercises", "solutions", "play")


def printouts(path: pathlib.Path) -> list[str]:
    """The plain printed outputs a reader would see on ``path``'s page (cells removed from the page left out)."""
    found = []
    for number, cell in enumerate(nbformat.read(path, as_version=4).cells):
        tags = cell.metadata.get("tags", [])
        if cell.cell_type != "code" or "remove-cell" in tags or "remove-output" in tags:
            continue
        for output in cell.get("outputs", []):
            plain = output.get("output_type") == "execute_result" and set(output.get("data", {})) == {"text/plain"}
            if output.get("output_type") == "stream" or plain:
                text = output.get("text") or output.get("data", {}).get("text/plain", "")
                found.append(f"cell {number}: {text[:80]!r}")
    return found


@pytest.mark.parametrize("slug", list_games())
def test_a_games_pages_of_rules_print_nothing(slug):
    for page in PAGES:
        path = ROOT / "book" / slug / f"{page}.ipynb"
        if path.is_file():
            assert printouts(path) == [], f"{slug}/{page}"
