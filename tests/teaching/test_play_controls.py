"""What the play pages call a control is what the board shows: the "how to play" text is generated from the game's
scene, and every control it names in bold is a button (or a choice) that the board offers in a real game."""

from __future__ import annotations

import pathlib
import random
import re

import nbformat
import pytest

from capture_lib import list_games, load_game
from capture_lib.core.chance import CHANCE
from capture_lib.games import describe
from capture_lib.session.scenes import scene_json

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOARD_JS = ROOT / "capture_lib" / "render" / "web" / "board.js"


def board_buttons() -> set[str]:
    """The buttons every board draws itself (undo, save, load, new game ...), read from the page's script."""
    script = BOARD_JS.read_text(encoding="utf-8")
    return {text.lower() for text in re.findall(r'h\("(?:button|span)", \{[^{}]*\}, "([^"]+)"\)', script)}


def offered(slug: str, wanted: set[str], steps: int = 400) -> set[str]:
    """Which of ``wanted`` (bold names) a board of ``slug`` shows as the start of a button or of a choice's words,
    over random games from a few seeds: each name must be offered somewhere."""
    description = describe(slug)
    game = load_game(slug)
    found: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        for _ in range(steps):
            if state.is_over or found >= wanted:
                break
            if state.current_player == CHANCE:
                state = state.play_chance()
                continue
            seat = state.current_player
            scene = scene_json(description, state.observation(seat), state.legal_actions())
            words = [a.get("button") or "" for a in scene["actions"]] + [a.get("label") or "" for a in scene["actions"]]
            found |= {name for name in wanted if any(name.lower() in w.lower() for w in words if w)}
            state = state.play(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("slug", list_games())
def test_the_how_to_play_text_names_only_controls_the_board_shows(slug):
    scene = describe(slug).scene
    text = scene.how_to_play()
    named = set(re.findall(r"\*\*(.+?)\*\*", text))
    shown = named & board_buttons()
    missing = named - shown - offered(slug, named - shown)
    assert not missing, f"{slug}: the text names {sorted(missing)}, which its board never shows"
    assert "tick" not in text  # there is no check box on any board


@pytest.mark.parametrize("slug", list_games())
def test_the_play_page_prints_the_generated_text_and_names_no_other_control(slug):
    path = ROOT / "book" / slug / "play.ipynb"
    if not path.is_file():
        pytest.skip(f"{slug} has no play page")
    nb = nbformat.read(path, as_version=4)
    sources = [cell.source for cell in nb.cells]
    assert any("how_to_play()" in source for source in sources)
    outputs = [o.get("data", {}).get("text/markdown", "") for cell in nb.cells for o in cell.get("outputs", [])]
    assert describe(slug).scene.how_to_play() in outputs, "refresh the play page's stored output"
    prose = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")
    pressed = set(re.findall(r"press \*\*(.+?)\*\*", prose))
    assert pressed <= board_buttons(), f"{slug}: the page says to press {sorted(pressed - board_buttons())}"
    assert "tick the box" not in prose


@pytest.mark.parametrize("slug", list_games())
def test_the_play_page_explains_the_ratings_the_level_chooser_shows(slug):
    from capture_lib.bookkit.pages import level_chooser_words
    from capture_lib.search.level_ratings import chooser

    words = level_chooser_words(slug)
    assert all(label in words for _level, label in chooser(slug))  # the levels the chooser offers, as it shows them
    assert "Elo" in words and "1500" in words
    path = ROOT / "book" / slug / "play.ipynb"
    if path.is_file():
        outputs = [o.get("data", {}).get("text/markdown", "") for cell in nbformat.read(path, as_version=4).cells
                   for o in cell.get("outputs", [])]
        assert words in outputs, "refresh the play page's stored output"
