"""Markdown and HTML for the book, generated from a game's options and rulings (no Jupyter import).

The Markdown (MyST admonitions) is what the HTML book renders; the HTML form is what JupyterLab and
Voila draw, which do not know MyST and would otherwise print the ``:::`` fences as text.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING

from capture_lib.core.options import Ruling

if TYPE_CHECKING:
    from capture_lib.core.protocol import Game


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|")


def options_markdown(game: Game) -> str:
    """A Markdown table of every option: name, default, choices and meaning."""
    rows = ["| option | default | choices | meaning |", "| --- | --- | --- | --- |"]
    for o in game.options:
        choices = ", ".join(f"`{c!r}`" for c in o.choices)
        rows.append(f"| `{o.name}` | `{o.default!r}` | {choices} | {_cell(o.help)} |")
    return "\n".join(rows)


def ruling_markdown(ruling: Ruling, game: Game | None = None) -> str:
    """One ruling as a MyST admonition box."""
    lines = [f":::{{admonition}} Ruling: {ruling.title}", ":class: ruling", "",
             f"**The question.** {ruling.question}", "",
             f"**Our ruling.** {ruling.ruling}", "",
             f"**Why.** {ruling.reason}"]
    if ruling.option:
        default = None
        if game is not None:
            default = next((o.default for o in game.options if o.name == ruling.option), None)
        lines += ["", f"**The other reading** is the engine option `{ruling.option}` "
                      f"(default `{default!r}`)." if game is not None else
                      f"**The other reading** is the engine option `{ruling.option}`."]
    lines.append(":::")
    return "\n".join(lines)


def _inline_html(text: str) -> str:
    """``text`` escaped, with the two inline marks the rulings use (`code` and **bold**) kept."""
    escaped = html.escape(text, quote=True)
    escaped = re.sub(r"`([^`]+)`", r"<code>\1</code>", escaped)
    return re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", escaped)


#: The box drawn around a ruling outside the book; colours that read in light and dark themes alike.
RULING_BOX_STYLE = ("border-left:4px solid #0072b2;background:rgba(0,114,178,0.08);padding:0.4em 0.9em;"
                    "margin:0.6em 0;border-radius:4px;max-width:60em;overflow-wrap:anywhere")


def ruling_html(ruling: Ruling, game: Game | None = None) -> str:
    """One ruling as an HTML box (every text escaped), for JupyterLab and Voila."""
    parts = [f'<div class="capture-ruling" style="{RULING_BOX_STYLE}">',
             f'<p style="font-weight:bold;margin:0.3em 0">Ruling: {_inline_html(ruling.title)}</p>',
             f"<p><strong>The question.</strong> {_inline_html(ruling.question)}</p>",
             f"<p><strong>Our ruling.</strong> {_inline_html(ruling.ruling)}</p>",
             f"<p><strong>Why.</strong> {_inline_html(ruling.reason)}</p>"]
    if ruling.option:
        name = html.escape(ruling.option)
        if game is not None:
            default = next((o.default for o in game.options if o.name == ruling.option), None)
            parts.append(f"<p><strong>The other reading</strong> is the engine option <code>{name}</code> "
                         f"(default <code>{html.escape(repr(default))}</code>).</p>")
        else:
            parts.append(f"<p><strong>The other reading</strong> is the engine option <code>{name}</code>.</p>")
    parts.append("</div>")
    return "".join(parts)


def rulings_html(game: Game) -> str:
    """Every ruling of ``game`` as HTML boxes."""
    return "\n".join(ruling_html(r, game) for r in game.rulings)


def options_html(game: Game) -> str:
    """The table of options as an HTML table (every text escaped)."""
    rows = ["<table><thead><tr><th>option</th><th>default</th><th>choices</th><th>meaning</th></tr></thead>"
            "<tbody>"]
    for o in game.options:
        choices = ", ".join(f"<code>{html.escape(repr(c))}</code>" for c in o.choices)
        rows.append(f"<tr><td><code>{html.escape(o.name)}</code></td><td><code>{html.escape(repr(o.default))}"
                    f"</code></td><td>{choices}</td><td>{_inline_html(str(o.help))}</td></tr>")
    rows.append("</tbody></table>")
    return "".join(rows)


def find_ruling(game: Game, key: str) -> Ruling:
    """The ruling called ``key``; ``KeyError`` naming the known keys otherwise."""
    for ruling in game.rulings:
        if ruling.key == key:
            return ruling
    raise KeyError(f"{game.slug} has no ruling {key!r}; rulings: {', '.join(r.key for r in game.rulings)}")


def rulings_markdown(game: Game) -> str:
    """Every ruling of ``game``, each as a box, for the Rulings page."""
    return "\n\n".join(ruling_markdown(r, game) for r in game.rulings)
