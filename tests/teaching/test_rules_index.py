"""The rules indexes: every rule has engine code, a test and a live example, and all of them exist."""

from __future__ import annotations

import dataclasses
import html.parser
import re

import nbformat
import pytest
from docutils.nodes import make_id

from capture_lib.bookkit import rules_index as ri
from capture_lib.bookkit.rules_index import problems, rules_index, rules_index_markdown, section_id
from capture_lib.core.rules_index import IndexedRule
from tests.chapter_facts import chapter_facts
from tests.registry import chapter_page, games

ROOT = ri.ROOT
#: The games with a rules index (each game's folder's ``chapter.py`` says how many rules its source has at least).
GAMES = games("rules_index")


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_every_rule_has_existing_code_test_and_example(slug):
    assert problems(slug) == []


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_every_game_has_a_full_index(slug):
    index = rules_index(slug)
    assert index
    assert all(isinstance(rule, IndexedRule) for rule in index)
    assert all(rule.tests and rule.code and len(rule.example) == 2 for rule in index)
    facts = chapter_facts(slug)
    if facts:  # no index may shrink below the rules its source has
        assert len(index) >= facts.rules_at_least, f"{len(index)} rules indexed, the source has {facts.rules_at_least}"


def _broken(monkeypatch, **change):
    rule = dataclasses.replace(rules_index("card-commander")[0], **change)
    monkeypatch.setattr(ri, "rules_index", lambda slug: (rule,))
    return problems("card-commander")


def test_a_rule_without_a_test_fails(monkeypatch):
    assert any("has no test" in p for p in _broken(monkeypatch, tests=()))


def test_a_rule_without_an_example_fails(monkeypatch):
    assert any("has no example" in p for p in _broken(monkeypatch, example=("", "")))


def test_a_rule_without_code_fails(monkeypatch):
    assert any("names no engine code" in p for p in _broken(monkeypatch, code=()))


@pytest.mark.parametrize("change, message", [
    ({"code": ("capture_lib.games.card_commander.rules.state.CardCommanderState._no_such_rule",)},
     "has no '_no_such_rule'"),
    ({"code": ("capture_lib.games.no_such_game.state",)}, "capture_lib.games has no 'no_such_game'"),
    ({"tests": ("tests/card_commander/test_rules.py::test_no_such_test",)}, "no test tests/card_commander"),
    ({"tests": ("tests/card_commander/test_nothing.py::test_x",)}, "no test tests/card_commander/test_nothing.py"),
    ({"tests": ("tests/card_commander/helpers.py::make_state",)}, "no test"),
    ({"example": ("rules", "No such heading")}, "has no heading 'No such heading'"),
    ({"example": ("no-such-page", "Ties")}, "no-such-page.ipynb has no heading"),
])
def test_a_rule_pointing_at_something_missing_fails(monkeypatch, change, message):
    found = _broken(monkeypatch, **change)
    assert any(message in p for p in found), found


def test_a_repeated_key_fails(monkeypatch):
    rule = rules_index("card-commander")[0]
    monkeypatch.setattr(ri, "rules_index", lambda slug: (rule, rule))
    assert any("used twice" in p for p in problems("card-commander"))


def test_tests_inside_classes_are_found(tmp_path):
    source = "class TestA:\n    def test_b(self):\n        pass\n\ndef helper():\n    pass\n"
    (tmp_path / "test_x.py").write_text(source)
    assert ri.has_test("test_x.py::TestA::test_b", tmp_path)
    assert not ri.has_test("test_x.py::test_b", tmp_path)
    assert not ri.has_test("test_x.py::helper", tmp_path)
    assert not ri.has_test("test_x.py", tmp_path)


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_section_ids_follow_docutils(slug):
    for rule in rules_index(slug):
        assert section_id(rule.example[1]) == make_id(rule.example[1])


@pytest.mark.generic
@pytest.mark.parametrize("slug", GAMES)
def test_the_table_has_a_row_per_rule_with_its_links(slug):
    table = rules_index_markdown(slug)
    rows = [line for line in table.splitlines() if re.match(r"\| \d+ \|", line)]
    index = rules_index(slug)
    assert len(rows) == len(index)
    for row, rule in zip(rows, index, strict=True):
        row = row.replace("<wbr>", "").replace("&#95;", "_")
        assert rule.topic in row and rule.rule in row
        assert all(c.rsplit(".", 1)[-1] in row for c in rule.code)
        assert f'href="{rule.example[0]}.html#{section_id(rule.example[1])}"' in row
        assert all(t.rsplit("/", 1)[-1] in row for t in rule.tests)


@pytest.mark.generic
@pytest.mark.parametrize("slug", games("rules_index", pages=("rules-index",)))
def test_each_chapter_has_a_rules_index_page_for_its_own_game(slug):
    notebook = nbformat.read(chapter_page(slug, "rules-index"), as_version=4)
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    assert f'show_rules_index("{slug}")' in code and f'problems("{slug}"' in code


class _Ids(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])


def _parse(path):
    parser = _Ids()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@pytest.mark.slow
@pytest.mark.generic
@pytest.mark.parametrize("slug", games("rules_index", pages=("rules-index",)))
def test_the_built_index_links_reach_real_sections(built_book, slug):
    assert built_book["returncode"] == 0, built_book["log"][-2000:]
    chapter = built_book["html"] / "book" / slug
    page = chapter / "rules-index.html"
    assert page.is_file(), "the rules-index page is missing: is it in _toc.yml?"
    links = [link for link in _parse(page).links if re.match(r"[a-z-]+\.html#", link)]
    assert len(links) == len(rules_index(slug))
    for link in links:
        target, anchor = link.split("#")
        assert anchor in _parse(chapter / target).ids, f"{slug}/rules-index links to a missing {link}"
