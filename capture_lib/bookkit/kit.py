"""The teacher's kit in the book, a Sphinx extension (``_config.yml``): the lesson plans, timed by the courses'
own estimate, and a note wherever a build could not print the PDFs.

``lesson-plan``, a directive: a kit's plan as rows (``capture_lib.bookkit.lesson_plan`` says how they are
written), laid out as a table whose course step lasts as long as the course's estimate says::

    ```{lesson-plan} command-capture
    :course: 14
    4 | **Hook.** ... | ...
    course | **The course, in pairs.** Pairs play $part ($stages). | ...
    rest 12 | **A game.** ... | ...
    ```

A plan that cannot be laid out (its rows no longer fill the lesson) is an error of the build, naming the page.

The printable PDFs (the summaries, worksheets and answer sheets, and the print-and-play sheets) are printed
by Chromium after the Jupyter Book build (``capture_lib.bookkit.summaries``, ``print_and_play``). A build on a
machine without Chromium adds the tag ``NO_PDFS_TAG``, and every page that links a PDF carries a note, shown in
such a build alone (an ``only`` node), saying under its title that this copy of the book has no PDFs and
where the teacher's part says how to get them (``PRINTING_LABEL``). Sphinx keeps a build's tags with the built
pages and writes every page again when they change, so the next build with Chromium drops the note.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from docutils.statemachine import StringList
from sphinx import addnodes

from capture_lib.bookkit.lesson_plan import LESSON_MINUTES, PlanError, lay_out

#: The Sphinx tag of a build that makes no PDFs (no Chromium found): ``{only} capture_no_pdfs`` shows a
#: block in such a build alone.
NO_PDFS_TAG = "capture_no_pdfs"
#: The label of the teacher's part's section on where the PDFs come from (``book/teaching/index.md``).
PRINTING_LABEL = "printing-the-kit"
#: A link to one of the book's PDFs, in a page's HTML.
_PDF_LINK = re.compile(r'href="[^"]*\.pdf"')


class LessonPlan(Directive):
    """``{lesson-plan} <game>``: the plan's rows laid out as a table (``capture_lib.bookkit.lesson_plan``)."""

    required_arguments = 1
    has_content = True
    option_spec = {"course": directives.nonnegative_int, "minutes": directives.positive_int}

    def run(self) -> list[nodes.Node]:
        """The table and its note, parsed as the page's own Markdown."""
        try:
            plan = lay_out(self.arguments[0], "\n".join(self.content), self.options.get("course"),
                           self.options.get("minutes", LESSON_MINUTES))
        except PlanError as err:
            raise self.error(str(err)) from None
        container = nodes.container(classes=["capture-lesson-plan"])
        lines = plan.markdown().splitlines()
        self.state.nested_parse(StringList(lines, self.state_machine.document.current_source), self.content_offset,
                                container)
        return [container]


def no_pdfs(app: Any, config: Any) -> None:
    """Tag the build ``NO_PDFS_TAG`` where no Chromium is found to print the PDFs after it."""
    from capture_lib.bookkit.summaries import find_chromium

    if find_chromium() is None:
        app.tags.add(NO_PDFS_TAG)


def links_pdfs(doctree: nodes.Node) -> bool:
    """Whether a page links one of the book's PDFs (an HTML link, as the pages write them)."""
    return any(_PDF_LINK.search(node.astext()) for node in doctree.findall(nodes.raw)
               if "html" in node.get("format", "").split())


def pdf_note(app: Any, doctree: nodes.document) -> None:
    """Under the title of a page that links a PDF: a note, shown only in a build tagged ``NO_PDFS_TAG``."""
    if not links_pdfs(doctree):
        return
    paragraph = nodes.paragraph()
    paragraph += nodes.Text("This copy of the book was built on a machine without Chromium, so its printable "
                            "PDFs were not made: they would be in the book's summaries and print-and-play "
                            "folders, and the PDF links on this page find nothing. ")
    link = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=PRINTING_LABEL, refexplicit=True,
                                 refwarn=True, refdoc=app.env.docname)
    link += nodes.inline(text="How to get them")
    paragraph += link
    paragraph += nodes.Text(".")
    note = nodes.note()
    note += paragraph
    only = addnodes.only(expr=NO_PDFS_TAG)
    only += note
    for section in doctree.findall(nodes.section):
        title = next(iter(section.findall(nodes.title)), None)
        if title is not None:
            section.insert(section.index(title) + 1, only)
            return


def setup(app: Any) -> dict[str, Any]:
    """Register the directive, the tag (at ``config-inited``: before the builder records the build's tags) and
    the note."""
    app.add_directive("lesson-plan", LessonPlan)
    app.connect("config-inited", no_pdfs)
    app.connect("doctree-read", pdf_note)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
