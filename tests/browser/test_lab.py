"""JupyterLab smoke tests, on one JupyterLab for the module: a chapter notebook's cells run and its board takes a move;
a rulings page shows its rulings as boxes (its stored outputs, before anything runs), not raw MyST."""

from __future__ import annotations

import json
import re

import pytest

from .drivers import driver as make_driver
from .drivers import kept_games
from .servers import ROOT, lab_on_copies

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

NOTEBOOK = ROOT / "book" / "card-commander" / "play.ipynb"
RULINGS = ROOT / "book" / "card-commander" / "rulings.ipynb"
OPEN_MS = 60_000
RUN_MS = 60_000
MOVE_MS = 15_000


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on copies of the notebooks (Lab autosaves what it opens), one for the module: it starts slowly."""
    with lab_on_copies(tmp_path_factory.mktemp("lab"), NOTEBOOK, RULINGS) as server:
        yield server


def test_run_a_chapter_notebook_and_play_one_move(lab, open_page):
    cells = len(json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"])
    page = open_page(f"{lab.url}/lab/tree/{NOTEBOOK.name}?token={lab.token}")
    # Run All only once the notebook is laid out and its kernel is idle: clicking earlier is flaky.
    expect(page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell")).to_have_count(cells, timeout=OPEN_MS)
    expect(page.locator("#jp-main-statusbar").get_by_text("Idle")).to_be_visible(timeout=OPEN_MS)
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator(".lm-Menu-item", has_text="Run All Cells").first.click()

    driver = make_driver("card-commander")
    board = driver.board(page)
    status = board.locator(driver.status_selector)
    expect(status).to_contain_text("chooses a Commander", timeout=RUN_MS)
    before = driver.snapshot(board)
    driver.ready_move(board).click()
    expect(status).not_to_have_text(before["status"], timeout=MOVE_MS)
    driver.check_applied(board, before)
    # The board keeps its game under its cell's place in the notebook, as JupyterLab numbers its cells, and its
    # place among that cell's outputs: the same on every visit, whichever board JupyterLab draws first.
    keys = list(kept_games(page))
    assert any(re.fullmatch(r"capture-resume:.*:cell-\d+:0", key) for key in keys), keys
    assert not page.problems, page.problems


def test_a_rulings_page_in_jupyterlab_shows_boxes_not_myst(lab, open_page):
    # The stored outputs are what a reader sees on opening the page, before running anything.
    page = open_page(f"{lab.url}/lab/tree/{RULINGS.name}?token={lab.token}")
    boxes = page.locator(".jp-OutputArea .capture-ruling")
    expect(boxes.first).to_be_visible(timeout=OPEN_MS)
    assert boxes.count() >= 8
    # The rulings notebook's own panel (JupyterLab may restore the notebook the other test opened beside it).
    text = page.locator(".jp-NotebookPanel .jp-Notebook").filter(has=page.locator(".capture-ruling")).inner_text()
    assert ":::" not in text and "{admonition}" not in text
    assert "Ruling: Aces are number cards" in text
