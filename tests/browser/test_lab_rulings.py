"""JupyterLab draws rulings as boxes: a rulings page opened in Lab shows no raw MyST fences."""

from __future__ import annotations

import pytest

from .servers import ROOT, lab_on_copies

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

NOTEBOOK = ROOT / "book" / "card-commander" / "rulings.ipynb"


@pytest.fixture
def lab(tmp_path):
    """JupyterLab on a copy of the rulings page."""
    with lab_on_copies(tmp_path, NOTEBOOK) as server:
        yield server


def test_a_rulings_page_in_jupyterlab_shows_boxes_not_myst(lab, open_page):
    # The stored outputs are what a reader sees on opening the page, before running anything.
    page = open_page(f"{lab.url}/lab/tree/{NOTEBOOK.name}?token={lab.token}")
    boxes = page.locator(".jp-OutputArea .capture-ruling")
    expect(boxes.first).to_be_visible(timeout=60_000)
    assert boxes.count() >= 8
    text = page.locator(".jp-NotebookPanel .jp-Notebook").inner_text()
    assert ":::" not in text and "{admonition}" not in text
    assert "Ruling: Aces are number cards" in text
