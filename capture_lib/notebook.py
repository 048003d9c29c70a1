"""Helpers for the book's notebooks: rulings and variant tables as Markdown cells' outputs.

The text comes from each game's ``rulings.py`` through ``capture_lib.core.docs``, so the book and
the engine cannot disagree.
"""

from __future__ import annotations

from IPython.display import Markdown

from capture_lib.core.docs import find_ruling, options_markdown, ruling_markdown, rulings_markdown
from capture_lib.core.protocol import Game


def show_ruling(game: Game, key: str) -> Markdown:
    """The ruling ``key`` as a boxed admonition, placed next to the rule it reads."""
    return Markdown(ruling_markdown(find_ruling(game, key), game))


def show_rulings(game: Game) -> Markdown:
    """Every ruling of ``game``."""
    return Markdown(rulings_markdown(game))


def show_options(game: Game) -> Markdown:
    """The table of ``game``'s engine options (its variants)."""
    return Markdown(options_markdown(game))
