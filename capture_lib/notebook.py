"""Helpers for the book's notebooks: rulings and variant tables as Markdown cells' outputs.

The text comes from each game's ``rulings.py`` through ``capture_lib.core.docs``, so the book and
the engine cannot disagree.
"""

from __future__ import annotations

from IPython.display import HTML, Markdown

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


def game_picture(slug: str, moves: int = 8, seed: int = 3) -> str:
    """An SVG of ``slug`` a few moves into a seeded game between the rule-based players."""
    from capture_lib import CHANCE, load_game
    from capture_lib.ai.simple import simple_player

    state = load_game(slug).new_game(seed=seed)
    played = 0
    while not state.is_over and played < moves:
        if state.current_player == CHANCE:
            state = state.play_chance()
            continue
        state = state.play(simple_player(state, state.current_player))
        played += 1
    return state._repr_svg_()


def gallery() -> HTML:
    """The landing page's pictures: one card per game, each drawn by its engine."""
    from html import escape

    from capture_lib import list_games, load_game

    cards = []
    for slug in list_games():
        game = load_game(slug)
        cards.append(f'<figure class="capture-gallery-item"><div class="capture-gallery-picture">'
                     f'{game_picture(slug)}</div><figcaption><a href="{slug}/index.html">'
                     f"{escape(game.title)}</a></figcaption></figure>")
    style = ("<style>.capture-gallery{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));"
             "gap:1em}.capture-gallery-picture svg{width:100%;height:auto}"
             ".capture-gallery-item{margin:0;text-align:center}</style>")
    return HTML(style + '<div class="capture-gallery">' + "".join(cards) + "</div>")
