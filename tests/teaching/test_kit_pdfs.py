"""The teacher's kit links every PDF the book prints for it, and a book built without Chromium says where the
PDFs would be and how to get them, on every page that links one."""

from __future__ import annotations

import io
import re

import pytest

from capture_lib.bookkit import kit, summaries
from capture_lib.bookkit.print_and_play import layouts
from capture_lib.bookkit.summaries import handouts
from tests.conftest import ROOT

TEACHING = ROOT / "book" / "teaching"


def kit_page(slug: str) -> str:
    return (TEACHING / f"{slug}.md").read_text(encoding="utf-8")


def links(text: str) -> set[str]:
    return set(re.findall(r'href="([^"]+\.pdf)"', text))


@pytest.mark.parametrize("handout", handouts(), ids=lambda h: h.stem)
def test_each_handouts_pdf_is_linked_from_its_games_kit(handout):
    assert (TEACHING / f"{handout.slug}.md").is_file(), f"{handout.slug} has handouts but no teacher's kit"
    assert f"../../summaries/{handout.stem}.pdf" in links(kit_page(handout.slug)), (
        f"book/teaching/{handout.slug}.md does not link its {handout.kind} PDF")


@pytest.mark.parametrize("handout", [h for h in handouts() if h.kind != "summary"], ids=lambda h: h.stem)
def test_each_worksheet_and_answer_sheet_page_offers_its_own_pdf(handout):
    text = handout.source.read_text(encoding="utf-8")
    shown_on_the_web = "".join(re.findall(r"<!-- book-only -->(.*?)<!-- /book-only -->", text, re.DOTALL))
    assert f"../../summaries/{handout.stem}.pdf" in links(shown_on_the_web)


@pytest.mark.parametrize("slug", sorted(layouts()))
def test_each_print_and_play_pdf_is_linked_from_its_games_kit(slug):
    assert f"../../print-and-play/{slug}.pdf" in links(kit_page(slug))


def test_the_teachers_part_says_plainly_where_the_pdfs_come_from():
    text = (TEACHING / "index.md").read_text(encoding="utf-8")
    section = text[text.index(f"({kit.PRINTING_LABEL})="):]
    section = section[:section.index("\n## ", section.index("## ") + 3)]  # to the next section
    for words in ("Chromium", "while the book is built", "`_build/html/summaries/`", "`_build/html/print-and-play/`",
                  "A book built on a machine without Chromium has no PDFs", "sudo apt-get install chromium",
                  "`capture book`", "{ref}`printing-the-handouts`"):
        assert words in section, words
    running = (ROOT / "book" / "running.md").read_text(encoding="utf-8")
    assert "(printing-the-handouts)=" in running and "CAPTURE_CHROMIUM=/path/to/chrome capture book" in running


class FakeApp:
    def __init__(self):
        from sphinx.util.tags import Tags

        self.tags = Tags()


@pytest.mark.parametrize("chromium, tagged", [(None, True), ("/usr/bin/chromium", False)])
def test_a_build_without_chromium_is_tagged(monkeypatch, chromium, tagged):
    monkeypatch.setattr(summaries, "find_chromium", lambda: chromium)
    app = FakeApp()
    kit.no_pdfs(app, None)
    assert app.tags.has(kit.NO_PDFS_TAG) is tagged


PAGE = """# Teaching a game

Print the <a href="../summaries/card-commander-worksheet.pdf">worksheet</a>.

```{lesson-plan} card-commander
:course: 10
5 | Hook. | the learn page
course | Pairs play $part. | the course
rest 10 | Games. | play
7 | Talk. | rules
3 | Exit. | exercises

It lasts $minutes minutes.
```

(printing-the-kit)=
## Printing the kit

The PDFs need Chromium.
"""


def build(src, out, monkeypatch, chromium):
    from sphinx.application import Sphinx

    monkeypatch.setattr(summaries, "find_chromium", lambda: chromium)
    warnings = io.StringIO()
    app = Sphinx(str(src), str(src), str(out / "html"), str(out / "doctrees"), "html", status=None,
                 warning=warnings, freshenv=False)
    app.build()
    page = (out / "html" / "index.html").read_text(encoding="utf-8")
    return page.replace("\u2019", "'"), warnings.getvalue()  # Sphinx's curly apostrophes, as typed


def test_the_book_lays_out_the_plan_and_says_where_the_pdfs_are_only_when_it_has_none(tmp_path, monkeypatch):
    from capture_lib.bookkit.lesson_plan import page_plans

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["myst_parser", "capture_lib.bookkit.kit"]\n'
                                 'project = "t"\nhtml_theme = "basic"\n', encoding="utf-8")
    (src / "index.md").write_text(PAGE, encoding="utf-8")
    (plan,) = page_plans(PAGE)
    without, warned = build(src, tmp_path, monkeypatch, None)
    assert not warned.strip(), warned
    assert "built on a machine without Chromium" in without and 'href="#printing-the-kit"' in without
    assert "they would be in the book's summaries and print-and-play folders" in without
    for row in plan.rows:  # the table the directive lays out, with the course's figures in it
        assert f"<td><p>{row.start}\u2013{row.end}</p></td>" in without
    assert f"Pairs play {plan.step.fields['part']}." in without
    assert f"It lasts {plan.step.minutes} minutes." in without
    # Built again where Chromium is found, with no source changed: every page is written again, without the note.
    with_pdfs, warned = build(src, tmp_path, monkeypatch, "/usr/bin/chromium")
    assert "without Chromium" not in with_pdfs and f"Pairs play {plan.step.fields['part']}." in with_pdfs


def test_a_plan_that_no_longer_fits_fails_the_build_naming_why(tmp_path, monkeypatch):
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["myst_parser", "capture_lib.bookkit.kit"]\nproject = "t"\n',
                                 encoding="utf-8")
    (src / "index.md").write_text(PAGE.replace("rest 10", "rest 40"), encoding="utf-8")
    _, warned = build(src, tmp_path, monkeypatch, "/usr/bin/chromium")
    assert "leaves" in warned and "needs at least 40" in warned and "index.md" in warned


def test_a_page_without_a_pdf_link_gets_no_note():
    from docutils.core import publish_doctree

    doctree = publish_doctree("Title\n=====\n\nNo PDF here.\n")
    assert not kit.links_pdfs(doctree)
    doctree = publish_doctree('Title\n=====\n\n.. raw:: html\n\n   <a href="x.pdf">PDF</a>\n')
    assert kit.links_pdfs(doctree)
