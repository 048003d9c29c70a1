"""The book's header buttons, a Sphinx extension (``_config.yml``): the project's repository and issues, and
what a downloaded notebook needs.

The theme (sphinx-book-theme) draws a repository and an issue button when its options name the repository;
they are turned on here whenever ``CAPTURE_REPOSITORY`` (``capture_lib.bookkit.repository``) or
``_config.yml``'s ``repository: url:`` names it. The theme's download menu offers each page written as a
notebook as its source, ``.ipynb``, which runs only where capture_lib is installed with its widgets: the
menu's entry says so.
"""

from __future__ import annotations

from typing import Any

from capture_lib.bookkit.repository import repository, theme_options

#: What the download menu's notebook entry says, and its tooltip (which the theme writes into an attribute
#: as it is, unescaped: no double quote in it).
NOTEBOOK_TEXT = ".ipynb (needs capture_lib[widgets])"
NOTEBOOK_TOOLTIP = ("Download this page as a notebook; it runs in Jupyter where capture_lib is installed: "
                    "pip install 'capture_lib[widgets]'")


def _configure(app: Any, config: Any) -> None:
    config.html_theme_options = theme_options(dict(config.html_theme_options or {}), repository())


#: The theme's labels of a download entry: its notebook made from a Markdown page, and the page's own source
#: (which for a page written as a notebook, as the book's are, is that ``.ipynb``).
DOWNLOADS = ("download-notebook-button", "download-source-button")


def notebook_note(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The theme's header ``buttons`` with each download of a notebook (an entry whose address ends in
    ``.ipynb``) saying what it needs (in place; returned)."""
    for button in buttons:
        inner = button.get("buttons") if button.get("type") == "group" else None
        if inner:
            notebook_note(inner)
        elif button.get("label") in DOWNLOADS and str(button.get("url", "")).endswith(".ipynb"):
            button["text"], button["tooltip"] = NOTEBOOK_TEXT, NOTEBOOK_TOOLTIP
    return buttons


def _page(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    notebook_note(context.get("header_buttons") or [])


def setup(app: Any) -> dict[str, Any]:
    """Register the extension: the buttons' options once configured, the download note on every page (after
    the theme has made its buttons, at priority 501)."""
    app.connect("config-inited", _configure)
    app.connect("html-page-context", _page, priority=502)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
