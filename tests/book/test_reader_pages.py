"""What a reader meets: rulings as boxes in every front end, code out of the way, student pages in players' words."""

from __future__ import annotations

import html.parser
import pathlib
import re

import nbformat
import pytest

from capture_lib import list_games, load_game
from capture_lib.bookkit.notebook import show_options, show_ruling, show_rulings
from tests.registry import shipped, shipped_games

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
    # hide-input: a "show the code" toggle above the result; hide-cell: a check whose code and printed result
    # are both behind the toggle; remove-cell: a check a course page keeps out of sight; remove-input: set-up, or
    # a picture, board or ruling shown without its code.
    for path in CHAPTERS:
        nb = nbformat.read(path, as_version=4)
        for number, cell in enumerate(nb.cells):
            if cell.cell_type == "code":
                tags = cell.metadata.get("tags", [])
                assert {"hide-input", "hide-cell", "remove-input", "remove-cell"} & set(tags), (
                    f"{path.relative_to(ROOT)} cell {number}: tag it hide-input (it shows something), "
                    "hide-cell or remove-cell (it checks something) or remove-input (a picture, a board, a set-up)")


#: Words for the project's developers that a student on ``capture serve`` must never read.
DEVELOPER_WORDS = ("Python", "Jupyter", "notebook", "kernel", "live wherever", "mode=", "hotseat", "teaching=",
                   "seed=", "setup=", "timed=", "crowns_to_win", "checked by the engine", "nbval", "assert",
                   "capture_lib", "import ", "pytest", "Traceback")
#: The pages ``capture serve`` shows: the game chooser, each game's play page and its course.
STUDENT_PAGES = [ROOT / "book" / "play.ipynb"] + sorted((ROOT / "book").glob("*/play.ipynb")) + sorted(
    (ROOT / "book").glob("*/course.ipynb"))


def developer_words(text: str) -> list[str]:
    return [word for word in DEVELOPER_WORDS if word.lower() in text.lower()]


def student_texts(path: pathlib.Path) -> list[tuple[str, str]]:
    """What a student reads on the page: its Markdown and its cells' printed outputs (Voila hides the code)."""
    texts = []
    for number, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type == "markdown":
            texts.append((f"cell {number}", cell.source))
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            # The page shows an output's richest form: its plain text only where it has no Markdown or HTML
            # (a Markdown object's plain text names its Python class, which no reader sees).
            rich = [str(data[k]) for k in ("text/markdown", "text/html") if k in data]
            shown = output.get("text", "") + "".join(rich or [str(data.get("text/plain", ""))])
            texts.append((f"cell {number} output", shown))
    return texts


def test_there_are_student_pages_for_every_game():
    from capture_lib.session.course import games_with_a_course

    # Every game the package ships has a play page and, with a course, a course page (the tests' toy game has
    # no chapter).
    assert len(STUDENT_PAGES) == 1 + len(shipped_games()) + len(
        [slug for slug in games_with_a_course() if shipped(slug)])


@pytest.mark.parametrize("path", STUDENT_PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_student_pages_hold_no_developer_words(path):
    for where, text in student_texts(path):
        assert not developer_words(text), f"{path.relative_to(ROOT)} {where} says {developer_words(text)}: {text[:300]}"


def test_the_developer_word_check_can_fail():
    assert developer_words('With `mode="hotseat"` two people share the board') == ["mode=", "hotseat"]
    assert developer_words("This page is live wherever Python runs behind it") == ["Python", "live wherever"]


def _courses() -> list[str]:
    from capture_lib.session.course import games_with_a_course

    return games_with_a_course()


@pytest.mark.parametrize("slug", _courses())
def test_course_levels_speak_to_students(slug):
    from capture_lib.session.course import course

    taught = course(slug)
    said = [text for level in taught.levels for text in (level.stage, level.title, level.goal, level.hint,
                                                          level.explain)]
    for text in (taught.title, taught.intro, *said):
        assert not developer_words(text), f"{slug}'s course says {developer_words(text)}: {text}"


def test_the_chooser_shows_every_game_with_its_picture_in_the_books_order():
    from capture_lib.bookkit.notebook import book_order, chooser
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    BOOK_ORDER = tuple(slug for slug in book_order() if shipped(slug))  # the toy game has no chapter
    assert sorted(BOOK_ORDER, key=lambda slug: toc.index(f"book/{slug}/index")) == list(BOOK_ORDER)
    page = chooser(ROOT / "book").data
    links = [link for link in re.findall(r'href="([^"#]+)"', page)]
    assert links == [f"{slug}/{name}.ipynb" for slug in BOOK_ORDER for name in ("play", "course")
                     if name == "play" or (ROOT / "book" / slug / f"{name}.ipynb").is_file()]
    assert page.count("<svg") >= len(BOOK_ORDER) and not developer_words(read(page))
    chooser_cell = nbformat.read(ROOT / "book" / "play.ipynb", as_version=4).cells[1].source
    assert "chooser()" in chooser_cell


def test_the_servers_own_pages_speak_to_students():
    from capture_lib.classroom import voila as serve

    for page in (serve.error_page_template(), serve.chooser_html(serve.play_pages(ROOT / "book"))):
        assert not developer_words(read(re.sub(r"\{[{%].*?[%}]\}", "", page, flags=re.S))), page[:300]


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
    assert len(rules) == len(shipped_games())
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


# ----- reader-facing pages hold no printout, option name, name=value or position string -----------------

#: A chapter's pages that a player reads (the notation, rulings, solutions, rules index and programming pages
#: may name the engine's words); each game's chapter has those of them that exist, and at least ``REQUIRED``.
READER_PAGES = ("index", "learn", "course", "rules", "play", "exercises", "summary")
REQUIRED = ("index", "rules", "play", "exercises", "summary")
#: A run of six or more cards or gaps, as Capture the Commander's position text writes a layout.
CARD_RUN = re.compile(r"(?<![\w-])(?:(?:10|[2-9AJQK])[SHDC]\*?|-)(?:[ \t]+(?:(?:10|[2-9AJQK])[SHDC]\*?|-)){5,}(?![\w])")
#: A board written in Command Capture's position text: rows joined by slashes.
BOARD_ROWS = re.compile(r"[\w+<>^v]+(?:/[\w+<>^v]+){5,}")
#: An engine option or keyword given a value (``timed=True``, ``B1=b1``); a URL's query is not text a reader reads.
NAME_VALUE = re.compile(r"(?<![\w/?&=])[A-Za-z_][A-Za-z0-9_]*=(?!=)[^\s=]")
#: How myst-nb marks a printed result (a stream, a plain-text value, an error).
PRINTOUT_CLASSES = {"stream", "text_plain", "traceback", "stderr", "error"}


class ReaderView(html.parser.HTMLParser):
    """What a reader sees in a built page's article without opening "Show the code": its text, the text of
    its ``<code>`` elements, and the printed results (myst-nb's output blocks) outside the toggles."""

    def __init__(self, skip_rulings: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self.skip_rulings = skip_rulings
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, hidden, code) for each open element
        self.in_article = 0
        self.text: list[str] = []
        self.code: list[str] = []
        self.printouts: list[str] = []
        self._printout: list[str] | None = None
        self._printout_depth = 0

    VOID = {"br", "meta", "link", "img", "input", "hr", "source", "wbr", "col", "area", "base", "embed", "param",
            "track", "use", "path", "circle", "rect", "line", "polygon", "polyline", "ellipse", "stop"}

    def _hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        classes = set((dict(attrs).get("class") or "").split())
        # Subtrees a reader does not see: the toggles' folded code and results, code cells, scripts, styles.
        hidden = self._hidden() or tag in ("script", "style", "template") or (
            tag == "details" and "hide" in classes) or "cell_input" in classes or (
            self.skip_rulings and "ruling" in classes)
        code = (bool(self.stack) and self.stack[-1][2]) or tag in ("code", "pre", "kbd")
        if tag == "article":
            self.in_article += 1
        if not hidden and "output" in classes and classes & PRINTOUT_CLASSES and self._printout is None:
            self._printout, self._printout_depth = [], len(self.stack)
        self.stack.append((tag, hidden, code))

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, _hidden, _code = self.stack.pop()
            if open_tag == "article":
                self.in_article -= 1
            if self._printout is not None and len(self.stack) == self._printout_depth:
                self.printouts.append(" ".join("".join(self._printout).split())[:200] or "(empty)")
                self._printout = None
            if open_tag == tag:
                break

    def handle_data(self, data):
        if not self.in_article or self._hidden():
            return
        if self._printout is not None:
            self._printout.append(data)
        self.text.append(data)
        if self.stack and self.stack[-1][2]:
            self.code.append(data)


def option_words() -> tuple[set[str], set[str]]:
    """The engine's words for the games' options: those no reader would write (``same_commander``,
    ``battle-card``) and every option's name (``aces``, ``players``), which only a ``<code>`` element betrays."""
    coined, names = set(), set()
    for slug in list_games():
        for option in load_game(slug).options:
            names.add(option.name)
            if "_" in option.name:
                coined.add(option.name)
            coined |= {c for c in option.choices if isinstance(c, str) and ("-" in c or "_" in c)}
    return coined, names


def reader_problems(page: str, skip_rulings: bool = False) -> list[str]:
    """What a reader of the built ``page`` would see that belongs behind "Show the code" or on the programming
    pages: a printed result, an engine option's name, a ``name=value``, a position string."""
    view = ReaderView(skip_rulings)
    view.feed(page)
    view.close()
    text = " ".join(view.text)
    code = " ".join(view.code)
    coined, names = option_words()
    problems = [f"a printout: {p!r}" for p in view.printouts]
    def says(word: str, where: str) -> bool:
        return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", where) is not None

    problems += [f"the option name {word!r}" for word in sorted(coined) if says(word, text)]
    problems += [f"the option name {word!r} as code" for word in sorted(names - coined) if says(word, code)]
    problems += [f"a name=value: {m.group()!r}" for m in NAME_VALUE.finditer(text)]
    problems += [f"a position string: {m.group()[:60]!r}" for pattern in (CARD_RUN, BOARD_ROWS)
                 for m in pattern.finditer(text)]
    return problems


def test_the_reader_check_finds_each_kind_of_engine_word_and_spares_folded_code():
    page = ('<article class="bd-article"><p>Play on.</p>'
            '<details class="admonition hide above-input"><summary>Show the code</summary>'
            '<div class="cell_input"><pre>game.new_game(seed=1, timed=True)</pre></div>'
            '<div class="cell_output"><div class="output stream"><pre>North: 2S 3S 4S 5S 6S 7S</pre></div></div>'
            '</details><script>{"same_commander": false}</script></article>')
    assert reader_problems(page) == []
    found = reader_problems(
        '<article><div class="cell_output"><div class="output stream"><pre>8 rulings</pre></div></div>'
        '<p>With <code>play_all_rounds</code> and <code>aces</code>, tie_loser="tie-card" or under-only.</p>'
        "<p>srakfars/iiiixiii/8/8/8/8/LLLXLLLL/SCAKFACS b</p><p>North: AS KD 7C* 2H 9S - 3C</p>"
        "<p>blue: B1=b1 B2=b3</p></article>")
    assert found == [
        "a printout: '8 rulings'",
        "the option name 'play_all_rounds'", "the option name 'tie-card'", "the option name 'tie_loser'",
        "the option name 'under-only'", "the option name 'aces' as code",
        "a name=value: 'tie_loser=\"'", "a name=value: 'B1=b'", "a name=value: 'B2=b'",
        "a position string: 'AS KD 7C* 2H 9S - 3C'",
        "a position string: 'srakfars/iiiixiii/8/8/8/8/LLLXLLLL/SCAKFACS'"]
    ruling = '<article><div class="ruling admonition"><p>The engine option <code>aces</code>.</p></div></article>'
    assert reader_problems(ruling) == ["the option name 'aces' as code"] and reader_problems(ruling, True) == []
    # Outside the article (the navigation, the page's scripts) nothing counts; plain words stay plain.
    assert reader_problems("<nav><p>same_commander</p></nav><article><p>Aces count one; three players."
                           "</p></article>") == []


def built_reader_pages(html_root: pathlib.Path) -> list[pathlib.Path]:
    """The reader-facing pages of the built book: each game's chapter pages of ``READER_PAGES`` that exist, and
    the Teaching part's pages."""
    chapters = sorted(p.parent for p in (html_root / "book").glob("*/index.html")
                      if p.parent.name not in ("teaching", "analysis"))
    pages = [chapter / f"{name}.html" for chapter in chapters for name in READER_PAGES
             if (chapter / f"{name}.html").is_file()]
    return pages + sorted((html_root / "book" / "teaching").glob("*.html"))


@pytest.mark.slow
def test_reader_facing_pages_hold_no_engine_words(built_book, request):
    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    html_root = built_book["html"]
    pages = built_reader_pages(html_root)
    for slug in shipped_games():  # the toy game has no chapter
        for name in REQUIRED:
            assert html_root / "book" / slug / f"{name}.html" in pages, f"book/{slug}/{name}.html was not built"
    assert (html_root / "book" / "teaching" / "index.html") in pages
    failures = {}
    for path in pages:
        where = path.relative_to(html_root).as_posix()
        found = reader_problems(path.read_text(encoding="utf-8"))
        if found:
            failures[where] = found
    assert not failures, "\n".join(f"{where}: {found[:6]}" for where, found in failures.items())
