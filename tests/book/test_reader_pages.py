"""What a reader meets: rulings as boxes in every front end, code out of the way, student pages in players' words."""

from __future__ import annotations

import html.parser
import pathlib

import nbformat
import pytest

from capture_lib import list_games, load_game
from capture_lib.notebook import show_options, show_ruling, show_rulings

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHAPTERS = sorted(p for p in (ROOT / "book").rglob("*.ipynb") if "_build" not in p.parts
                  and ".ipynb_checkpoints" not in p.parts)


class Text(html.parser.HTMLParser):
    """The text of an HTML fragment, and whether its tags are balanced."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.open.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open.pop() == tag, f"</{tag}> closes nothing"

    def handle_data(self, data):
        self.text.append(data)


def read(fragment: str) -> str:
    parser = Text()
    parser.feed(fragment)
    parser.close()
    assert not parser.open, f"unclosed tags {parser.open}"
    return "".join(parser.text)


@pytest.mark.parametrize("slug", list_games())
def test_rulings_carry_an_html_box_with_no_myst_in_it(slug):
    game = load_game(slug)
    for ruling in game.rulings:
        bundle = show_ruling(game, ruling.key)._repr_mimebundle_()
        assert bundle["text/markdown"].startswith(":::{admonition}")  # the book's admonition
        page = bundle["text/html"]
        assert ":::" not in page and "{admonition}" not in page and 'class="capture-ruling"' in page
        text = read(page)
        assert ruling.title in text and "**" not in text and "`" not in text
    assert ":::" not in show_rulings(game)._repr_mimebundle_()["text/html"]
    table = show_options(game)._repr_mimebundle_()["text/html"]
    assert all(o.name in read(table) for o in game.options)


def test_ruling_html_escapes_what_it_shows():
    from capture_lib.core.docs import ruling_html
    from capture_lib.core.options import Ruling

    odd = Ruling(key="odd", title="<b>A & B</b>", question="Is 2 < 3?", ruling="Yes `x<y`.", reason="**Because**.")
    page = ruling_html(odd)
    assert "<b>A" not in page and "&lt;b&gt;A &amp; B&lt;/b&gt;" in page and "<code>x&lt;y</code>" in page
    assert read(page).startswith("Ruling: <b>A & B</b>")


def test_the_book_renders_rulings_from_their_myst_form():
    # myst-nb picks one form per output: MyST Markdown must rank above HTML, or the book loses its boxes.
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    assert '["*", "text/markdown", 25]' in config and "nb_render_markdown_format: myst" in config


def test_every_code_cell_is_hidden_or_removed_in_the_html_book():
    # hide-input: a "show the code" toggle above the result; remove-input: setup that teaches nothing.
    for path in CHAPTERS:
        nb = nbformat.read(path, as_version=4)
        for number, cell in enumerate(nb.cells):
            if cell.cell_type == "code":
                tags = cell.metadata.get("tags", [])
                assert {"hide-input", "remove-input"} & set(tags), (
                    f"{path.relative_to(ROOT)} cell {number}: tag it hide-input (it shows or checks "
                    "something) or remove-input (it only sets up)")
