"""Helpers for the book's notebooks: rulings and variant tables as cells' outputs.

The text comes from each game's ``rulings.py`` through ``capture_lib.bookkit.docs``, so the book and
the engine cannot disagree. Each output carries two forms: MyST Markdown, which the HTML book renders
as admonition boxes (``_config.yml`` ranks ``text/markdown`` above ``text/html``), and HTML, which
JupyterLab and Voila draw (they rank HTML first and know no MyST).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from IPython.display import HTML

from capture_lib.bookkit.docs import (
    find_ruling,
    options_html,
    options_markdown,
    ruling_note_html,
    ruling_note_markdown,
    rulings_html,
    rulings_markdown,
    variants_html,
    variants_markdown,
)
from capture_lib.core.protocol import Game, State


@dataclass(frozen=True)
class Boxed:
    """A cell output with a MyST form for the book, an HTML form for notebooks and a plain-text one."""

    markdown: str
    html: str

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict[str, str]:
        """Every form; each front end picks the one it ranks highest."""
        return {"text/markdown": self.markdown, "text/html": self.html, "text/plain": self.markdown}


def show_ruling(game: Game, key: str) -> Boxed:
    """The ruling ``key`` beside the rule it reads: a one-line note that opens on the ruling and links to
    its full box on the chapter's Rulings page (``show_rulings``)."""
    ruling = find_ruling(game, key)
    return Boxed(ruling_note_markdown(ruling, game), ruling_note_html(ruling, game))


def show_rulings(game: Game) -> Boxed:
    """Every ruling of ``game``."""
    return Boxed(rulings_markdown(game), rulings_html(game))


def show_variants(game: Game, table: bool = True) -> Boxed:
    """The choices a table makes (``table``) or the other readings of the rules, in players' words."""
    return Boxed(variants_markdown(game, table), variants_html(game, table))


def show_options(game: Game) -> Boxed:
    """The table of ``game``'s engine options (its variants)."""
    return Boxed(options_markdown(game), options_html(game))


@dataclass(frozen=True)
class Picture:
    """An SVG picture of a position for a notebook's output (and the book's page), with its text."""

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict[str, str]:
        """The picture as SVG (a page shows it; there is no code or printout to read)."""
        return {"image/svg+xml": self.svg, "text/plain": "a picture of the board"}


def picture(state: State, seat: int | None = None, everything: bool = False, caption: str = "", key: bool = True,
            **marks: Any) -> Picture:
    """A picture of ``state`` as ``seat`` sees it (``None``: what the whole table sees; ``everything``:
    every hidden card or piece shown), drawn from the game's scene by the SVG renderer, with ``caption``
    under it and the key to its marks (``key``). ``marks`` are the scene's picture arguments
    (``capture_lib.core.scene.SCENE_ARGUMENTS``: ``select``, ``marks``, ``arrows``, ``focus``); with
    ``select``, the state's legal actions mark what a click there would show.

    The book's pages draw every position through this one function, so a page never holds code that
    depends on how a game's picture is made.
    """
    from capture_lib.games import describe
    from capture_lib.render.picture import to_svg

    if everything:
        view = state.view(None, everything=True)
    elif seat is None:
        view = state.view(None)
    else:
        view = state.observation(seat)
    part = describe(state.game.slug).scene
    legal = state.legal_actions() if marks.get("select") else ()
    drawn = part.scene(view, legal, (), **marks)
    return Picture(to_svg(drawn, caption=caption, key=key, assets=part.ASSETS))


@dataclass(frozen=True)
class Pictures:
    """Pictures side by side, each with its caption: two to a row, one on a narrow screen."""

    items: tuple[tuple[Picture, str], ...]

    def _repr_html_(self) -> str:
        from html import escape

        figures = "".join(f'<figure class="capture-pictures-item">{picture.svg}<figcaption>{escape(caption)}'
                          "</figcaption></figure>" for picture, caption in self.items)
        return _PICTURES_STYLE + f'<div class="capture-pictures">{figures}</div>'

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict[str, str]:
        """The pictures as one HTML block (no code or printout to read)."""
        return {"text/html": self._repr_html_(), "text/plain": f"{len(self.items)} pictures of the board"}


#: The pictures' own paper and ink, so that a caption reads the same in a light and a dark page.
_PICTURES_STYLE = ("<style>.capture-pictures{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));"
                   "gap:0.8em;margin:0.5em 0}.capture-pictures-item{margin:0;background:#fbf8f0;border-radius:4px;"
                   "padding:4px}.capture-pictures-item svg{width:100%;height:auto;display:block}"
                   ".capture-pictures-item figcaption{text-align:center;font-size:0.9em;margin:0.2em 0;"
                   "color:#222222}</style>")


def side_by_side(*items: tuple[Picture, str]) -> Pictures:
    """``(picture, caption)`` pairs shown side by side: a unit's two states, a move before and after."""
    return Pictures(tuple(items))


def game_picture(slug: str, moves: int = 8, seed: int = 3) -> str:
    """An SVG of ``slug`` a few moves into a seeded game between the rule-based players."""
    from capture_lib import CHANCE, describe
    from capture_lib.search.simple import simple_player

    description = describe(slug)
    state = description.game.new_game(seed=seed)
    played = 0
    while not state.is_over and played < moves:
        if state.current_player == CHANCE:
            state = state.play_chance()
            continue
        state = state.play(simple_player(state, state.current_player))
        played += 1
    # The whole table's view with nothing hidden: a picture of the game, not of a seat's secrets to keep.
    return picture(state, everything=True, key=False).svg


def book_order() -> tuple[str, ...]:
    """The games in the book's order (its parts in ``_toc.yml``, the registry's order): the landing page and
    the game chooser follow it."""
    from capture_lib.games import list_games

    return tuple(list_games())

_GALLERY_STYLE = ("<style>.capture-gallery{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));"
                  "gap:1em}.capture-gallery-picture svg{width:100%;height:auto}"
                  ".capture-gallery-item{margin:0;text-align:center}"
                  ".capture-gallery-item a{font-size:1.1em;font-weight:bold}</style>")


def in_book_order(slugs: list[str]) -> list[str]:
    """``slugs`` in the book's order; any game the book does not list yet comes last, as given."""
    order = book_order()
    known = [s for s in order if s in slugs]
    return known + [s for s in slugs if s not in order]


def chooser(folder: str | None = None) -> HTML:
    """The game chooser of ``capture serve``: each game with its picture, in the book's order, linking
    to its play page and its course (relative links, so they work under any server prefix)."""
    from html import escape

    from capture_lib.bookkit.pages import play_pages

    pages = {page.slug: page for page in play_pages(folder)}
    if not pages:
        return HTML('<p class="capture-chooser">No game is ready to play yet: ask your teacher.</p>')
    cards = []
    for slug in in_book_order(list(pages)):
        page = pages[slug]
        learn = (f'<br><a class="capture-chooser-course" href="{escape(page.course)}">new to it? '
                 "learn it by playing</a>" if page.course else "")
        cards.append(f'<figure class="capture-gallery-item"><div class="capture-gallery-picture">'
                     f'{game_picture(slug)}</div><figcaption>'
                     f'<a class="capture-chooser-game" href="{escape(page.path)}">{escape(page.title)}</a>'
                     f"{learn}</figcaption></figure>")
    return HTML(_GALLERY_STYLE + '<div class="capture-gallery capture-chooser">' + "".join(cards) + "</div>")


def gallery() -> HTML:
    """The landing page's pictures: one card per game, each drawn by its engine, in the book's order."""
    from html import escape

    from capture_lib import list_games, load_game

    cards = []
    for slug in in_book_order(list_games()):
        game = load_game(slug)
        cards.append(f'<figure class="capture-gallery-item"><div class="capture-gallery-picture">'
                     f'{game_picture(slug)}</div><figcaption><a href="{slug}/index.html">'
                     f"{escape(game.title)}</a></figcaption></figure>")
    return HTML(_GALLERY_STYLE + '<div class="capture-gallery">' + "".join(cards) + "</div>")
