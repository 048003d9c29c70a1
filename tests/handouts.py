"""The printed handouts (summaries, worksheets, answer sheets) as a test reads them: the PDFs Chromium prints
once a run (the ``printed_handouts`` fixture of ``tests/conftest.py``), and a PDF's text as plain words."""

from __future__ import annotations

import pathlib
import re
import unicodedata

import pypdf
import pytest

from capture_lib.bookkit.summaries import build_summaries, find_chromium


def print_handouts(out: pathlib.Path) -> dict[str, pathlib.Path]:
    """Print every handout into ``out``: its PDF by its stem (``card-commander``, ``card-commander-worksheet``);
    the test is skipped, with the reason, where Chromium is missing."""
    if find_chromium() is None:
        pytest.skip("Debian's chromium is not installed and could not be installed here (tools/test.sh tries)")
    return {pdf.stem: pdf for pdf in build_summaries(out)}


def pdf_text(pdf_path: pathlib.Path) -> str:
    """The text of a printed PDF, lower case, ligatures (fi, ff) and line breaks undone: to compare plain words."""
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(pdf_path).pages)
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).lower()
