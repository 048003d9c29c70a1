"""A Sphinx extension: every notebook page says how to open it live in JupyterLab.

Added under each notebook page's title, so no chapter can forget it and the path is always right.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes


def _add_note(app, doctree: nodes.document) -> None:
    docname = app.env.docname
    source = Path(app.env.doc2path(docname))
    if source.suffix != ".ipynb":
        return
    relative = source.relative_to(Path(app.srcdir) / "book").as_posix()
    note = nodes.note()
    paragraph = nodes.paragraph()
    paragraph += nodes.Text("Play with this page's boards live: run ")
    paragraph += nodes.literal(text="capture lab")
    paragraph += nodes.Text(" from the project's folder and open ")
    paragraph += nodes.literal(text=relative)
    paragraph += nodes.Text(" (see “Running the book yourself” for hosted Jupyter and classrooms).")
    note += paragraph
    note["classes"].append("capture-open-live")
    for section in doctree.findall(nodes.section):
        title = next(iter(section.findall(nodes.title)), None)
        if title is not None:
            section.insert(section.index(title) + 1, note)
            return


def setup(app):
    """Register the extension."""
    app.connect("doctree-read", _add_note)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
