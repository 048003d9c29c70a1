"""A Sphinx extension: a page with boards, opened from a folder, says in one line how to get them live.

Served over http (``capture serve``, or any static web server), the boards go live in the page itself
(``static_book.py``) and the note is hidden (``html.capture-served``, set by the page loader). Opened
from ``file://``, the browser runs no engine: the boards step through their pictures, and the note says so.
Pages without a board carry no note.
"""

from __future__ import annotations

from docutils import nodes

#: The class of a board's place in a page (``capture_lib.hosts.static``).
BOARD_CLASS = "capture-static-board"


def _has_board(doctree: nodes.document) -> bool:
    return any(BOARD_CLASS in node.astext() for node in doctree.findall(nodes.raw)
               if "html" in node.get("format", "").split())


def _add_note(app, doctree: nodes.document) -> None:
    if not _has_board(doctree):
        return
    paragraph = nodes.paragraph()
    paragraph += nodes.Text("Opened from a folder, this page's boards only step through their pictures; "
                            "for live boards run ")
    paragraph += nodes.literal(text="capture serve")
    paragraph += nodes.Text(" in the project's folder, or serve ")
    paragraph += nodes.literal(text="_build/html")
    paragraph += nodes.Text(" with any static web server.")
    note = nodes.container(classes=["capture-folder-note"])
    note += paragraph
    for section in doctree.findall(nodes.section):
        title = next(iter(section.findall(nodes.title)), None)
        if title is not None:
            section.insert(section.index(title) + 1, note)
            return


def setup(app):
    """Register the extension."""
    app.connect("doctree-read", _add_note)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
