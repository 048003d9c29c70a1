"""What a reader meets: rulings as boxes in every front end, code out of the way, student pages in players' words."""

from __future__ import annotations

import html.parser
import pathlib
import re

import nbformat
import pytest

from capture_lib import list_games, load_game
from capture_lib.bookkit.notebook import show_options, show_ruling, show_rulings

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHAPTERS = sorted(p for p in (ROOT / "book").rglob("*.ipynb") if "_build" not in p.parts
                  and ".ipynb_checkpoints" not in p.parts)


class Text(html.parser.HTMLParser):
    """The text of an HTML fragment, and whether its tags are balanced."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.open: list[str] = []

    #: Elements that never have an end tag.
    VOID = {"br", "meta", "link", "img", "input", "hr", "source", "wbr"}

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass  # <use ... />: opened and closed at once

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
    from capture_lib.bookkit.docs import ruling_html
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


#: Words for the project's developers that a student on ``capture serve`` must never read.
DEVELOPER_WORDS = ("Python", "Jupyter", "notebook", "kernel", "live wherever", "mode=", "hotseat", "teaching=",
                   "seed=", "setup=", "timed=", "crowns_to_win", "checked by the engine", "nbval", "assert",
                   "capture_lib", "import ", "pytest", "Traceback")
#: The pages ``capture serve`` shows: the game chooser, each game's play page and its tutorial.
STUDENT_PAGES = [ROOT / "book" / "play.ipynb"] + sorted((ROOT / "book").glob("*/play.ipynb")) + sorted(
    (ROOT / "book").glob("*/tutorial.ipynb"))


def developer_words(text: str) -> list[str]:
    return [word for word in DEVELOPER_WORDS if word.lower() in text.lower()]


def student_texts(path: pathlib.Path) -> list[tuple[str, str]]:
    """What a student reads on the page: its Markdown and its cells' printed outputs (Voila hides the code)."""
    texts = []
    for number, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type == "markdown":
            texts.append((f"cell {number}", cell.source))
        for output in cell.get("outputs", []):
            shown = output.get("text", "") + "".join(str(v) for k, v in output.get("data", {}).items()
                                                     if k in ("text/plain", "text/markdown", "text/html"))
            texts.append((f"cell {number} output", shown))
    return texts


def test_there_are_student_pages_for_every_game():
    assert len(STUDENT_PAGES) == 1 + 2 * len(list_games())


@pytest.mark.parametrize("path", STUDENT_PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_student_pages_hold_no_developer_words(path):
    for where, text in student_texts(path):
        assert not developer_words(text), f"{path.relative_to(ROOT)} {where} says {developer_words(text)}: {text[:300]}"


def test_the_developer_word_check_can_fail():
    assert developer_words('With `mode="hotseat"` two people share the board') == ["mode=", "hotseat"]
    assert developer_words("This page is live wherever Python runs behind it") == ["Python", "live wherever"]


@pytest.mark.parametrize("slug", list_games())
def test_tutorial_boards_speak_to_students(slug):
    from capture_lib.session.course import tutorial

    lesson = tutorial(slug)
    said = [text for step in lesson.steps for text in (step.title, step.prompt, step.hint, step.explain)]
    for text in (lesson.title, lesson.intro, *said):
        assert not developer_words(text), f"{slug}'s tutorial says {developer_words(text)}: {text}"


def test_the_chooser_shows_every_game_with_its_picture_in_the_books_order():
    from capture_lib.bookkit.notebook import book_order, chooser
    BOOK_ORDER = book_order()

    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    assert sorted(BOOK_ORDER, key=lambda slug: toc.index(f"book/{slug}/index")) == list(BOOK_ORDER)
    page = chooser(ROOT / "book").data
    links = [link for link in re.findall(r'href="([^"#]+)"', page)]
    assert links == [f"{slug}/{name}.ipynb" for slug in BOOK_ORDER for name in ("play", "tutorial")]
    assert page.count("<svg") >= len(BOOK_ORDER) and not developer_words(read(page))
    chooser_cell = nbformat.read(ROOT / "book" / "play.ipynb", as_version=4).cells[1].source
    assert "chooser()" in chooser_cell


def test_the_servers_own_pages_speak_to_students():
    from capture_lib.classroom import voila as serve

    for page in (serve.error_page_template(), serve.chooser_html(serve.play_pages(ROOT / "book"))):
        assert not developer_words(read(re.sub(r"\{[{%].*?[%}]\}", "", page, flags=re.S))), page[:300]


@pytest.fixture(scope="module")
def book_site(built_book):
    """The book build of this session, served on 127.0.0.1 from its folder."""
    import functools
    import http.server
    import threading

    assert built_book["returncode"] == 0, built_book["log"][-2000:]

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):  # noqa: A002 - the base class's name
            pass

    handler = functools.partial(Quiet, directory=str(built_book["html"]))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", built_book["html"]
    server.shutdown()


#: How a page shows its code cells and its printed results, measured in the browser.
MEASURE = """() => {
  const inputs = [...document.querySelectorAll('.cell_input')];
  // A closed <details> keeps its content in the layout tree but shows none of it: ask the browser.
  const visible = inputs.filter((el) => el.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}));
  const wide = [...document.querySelectorAll('.cell_output pre')].filter((el) => el.scrollWidth > el.clientWidth + 1);
  return {inputs: inputs.length, visible: visible.map((el) => el.innerText.slice(0, 80)),
          toggles: document.querySelectorAll('details.hide.above-input').length,
          wide: wide.map((el) => el.innerText.slice(0, 80)),
          rulings: document.querySelectorAll('.admonition.ruling').length,
          raw: document.body.innerText.includes(':::{admonition}')};
}"""


@pytest.mark.browser
def test_rules_pages_show_no_code_until_asked_and_no_cut_off_results(browser, book_site):
    url, html = book_site
    rules = sorted((html / "book").glob("*/rules.html"))
    assert len(rules) == len(list_games())
    for page_path in rules:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/{page_path.relative_to(html).as_posix()}")
        page.wait_for_load_state("load")
        seen = page.evaluate(MEASURE)
        name = page_path.relative_to(html).as_posix()
        assert seen["inputs"] > 10 and not seen["visible"], f"{name} shows code: {seen['visible'][:3]}"
        assert seen["toggles"] > 10, f"{name}: the code is not behind 'show the code' toggles"
        assert not seen["wide"], f"{name}: printed results run off the right edge: {seen['wide'][:3]}"
        assert seen["rulings"] > 0 and not seen["raw"], f"{name}: rulings are not drawn as boxes"
        # The toggle opens the code of its example.
        page.locator("details.hide.above-input summary").first.click()
        assert page.locator("details.hide.above-input .cell_input").first.is_visible()
        page.close()


@pytest.mark.browser
def test_the_page_measure_sees_shown_code_cut_off_results_and_raw_rulings(browser):
    # The check above must be able to fail: a bare code cell, a long unwrapped line and raw MyST.
    page = browser.new_page(viewport={"width": 390, "height": 600})
    page.set_content('<div class="cell_input"><pre>assert x</pre></div><details class="hide above-input"><summary>'
                     'show</summary><div class="cell_input"><pre>hidden</pre></div></details><div class="cell_output">'
                     f'<pre style="white-space:pre">{"x" * 300}</pre></div><p>:::{{admonition}} Ruling</p>')
    seen = page.evaluate(MEASURE)
    assert seen["visible"] == ["assert x"] and seen["toggles"] == 1 and len(seen["wide"]) == 1 and seen["raw"]
    page.close()
