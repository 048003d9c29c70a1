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


def ruling_anchor(ruling: Ruling, game: Game | None = None) -> str:
    """The label of ``ruling``'s box on its game's Rulings page (``command-capture-ruling-facing``): the
    target that a ruling's note beside its rule links to."""
    slug = getattr(game, "slug", "") or "game"
    return f"{slug}-ruling-{ruling.key}"


def _option(game: Game | None, name: str | None):
    if game is None or name is None:
        return None
    return next((o for o in game.options if o.name == name), None)


def other_reading(ruling: Ruling, game: Game | None = None) -> str:
    """Where players find the other reading of ``ruling``, in players' words (``""`` when it has none).

    With the game known the option is named by its label and its rules-as-written choice ("The State
    Lock lasts: through the owner's next turn"); the engine's own name of it is for the programming pages.
    """
    option = _option(game, ruling.option)
    if option is None:
        return f"**The other reading** can be played as a variant ({ruling.option})." if ruling.option else ""
    others = [option.choice_title(c) for c in option.choices if not (type(c) is type(option.default)
                                                                        and c == option.default)]
    return (f"**The other reading** can be played as a variant: *{option.title}*, "
            f"{' or '.join(others)} (this book's reading: {option.choice_title(option.default)}).")


def ruling_markdown(ruling: Ruling, game: Game | None = None) -> str:
    """One ruling in full, as a MyST admonition box, for the Rulings page (``:name:`` is its link target)."""
    lines = [f":::{{admonition}} Ruling: {ruling.title}", ":class: ruling"]
    if game is not None:
        lines.append(f":name: {ruling_anchor(ruling, game)}")
    lines += ["", f"**The question.** {ruling.question}", "",
              f"**Our ruling.** {ruling.ruling}", "",
              f"**Why.** {ruling.reason}"]
    other = other_reading(ruling, game)
    if other:
        lines += ["", other]
    lines.append(":::")
    return "\n".join(lines)


def ruling_note_markdown(ruling: Ruling, game: Game) -> str:
    """``ruling`` beside the rule it reads: a one-line note that opens (a folded MyST admonition) on the
    ruling itself, with a link to its full box (question, reason, other reading) on the Rulings page."""
    return "\n".join([
        f":::{{admonition}} Ruling: {ruling.title}", ":class: ruling dropdown", "",
        ruling.ruling, "",
        "The question, the reason and any other reading: "
        f"{{ref}}`on the Rulings page <{ruling_anchor(ruling, game)}>`.",
        ":::"])


def _inline_html(text: str) -> str:
    """``text`` escaped, with the two inline marks the rulings use (`code` and **bold**) and *emphasis* kept."""
    escaped = html.escape(text, quote=True)
    escaped = re.sub(r"`([^`]+)`", r"<code>\1</code>", escaped)
    escaped = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", escaped)
    return re.sub(r"(?<![*\w])\*([^*\s][^*]*)\*(?![*\w])", r"<em>\1</em>", escaped)


#: The box drawn around a ruling outside the book; colours that read in light and dark themes alike.
RULING_BOX_STYLE = ("border-left:4px solid #0072b2;background:rgba(0,114,178,0.08);padding:0.4em 0.9em;"
                    "margin:0.6em 0;border-radius:4px;max-width:60em;overflow-wrap:anywhere")


def ruling_html(ruling: Ruling, game: Game | None = None) -> str:
    """One ruling in full as an HTML box (every text escaped), for JupyterLab and Voila."""
    anchor = f' id="{html.escape(ruling_anchor(ruling, game))}"' if game is not None else ""
    parts = [f'<div class="capture-ruling"{anchor} style="{RULING_BOX_STYLE}">',
             f'<p style="font-weight:bold;margin:0.3em 0">Ruling: {_inline_html(ruling.title)}</p>',
             f"<p><strong>The question.</strong> {_inline_html(ruling.question)}</p>",
             f"<p><strong>Our ruling.</strong> {_inline_html(ruling.ruling)}</p>",
             f"<p><strong>Why.</strong> {_inline_html(ruling.reason)}</p>"]
    other = other_reading(ruling, game)
    if other:
        parts.append(f"<p>{_inline_html(other)}</p>")
    parts.append("</div>")
    return "".join(parts)


def ruling_note_html(ruling: Ruling, game: Game) -> str:
    """``ruling_note_markdown`` for JupyterLab and Voila: a closed ``<details>`` whose one line opens on the
    ruling, with a link to the chapter's Rulings page (a notebook beside the page that shows the note)."""
    return (f'<details class="capture-ruling" style="{RULING_BOX_STYLE}">'
            f'<summary style="font-weight:bold;cursor:pointer">Ruling: {_inline_html(ruling.title)}</summary>'
            f"<p>{_inline_html(ruling.ruling)}</p>"
            f'<p>The question, the reason and any other reading: <a href="rulings.ipynb#'
            f'{html.escape(ruling_anchor(ruling, game))}">on the Rulings page</a>.</p></details>')


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


#: The columns of a table of variants: the choices a table makes, or the other readings of the rules.
_VARIANT_HEADS = {True: ("choice", "as the rules have it", "or"),
                  False: ("question", "this book's reading", "the other reading")}


def variants_markdown(game: Game, table: bool = True) -> str:
    """A Markdown table of the choices a table makes as it sits down (``table=True``) or of the other
    readings (``table=False``), in players' words: the same names as the boards' choices."""
    head = _VARIANT_HEADS[table]
    rows = [f"| {head[0]} | {head[1]} | {head[2]} |", "| --- | --- | --- |"]
    for o in game.options:
        if o.table != table:
            continue
        others = [o.choice_title(c) for c in o.choices if not (type(c) is type(o.default) and c == o.default)]
        rows.append(f"| {_cell(o.title)} | {_cell(o.choice_title(o.default))} | {_cell('; '.join(others))} |")
    return "\n".join(rows)


def variants_html(game: Game, table: bool = True) -> str:
    """``variants_markdown`` as an HTML table (every text escaped), for JupyterLab and Voila."""
    head = _VARIANT_HEADS[table]
    rows = ["<table><thead><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>"]
    for o in game.options:
        if o.table != table:
            continue
        others = [o.choice_title(c) for c in o.choices if not (type(c) is type(o.default) and c == o.default)]
        rows.append(f"<tr><td>{html.escape(o.title)}</td><td>{html.escape(o.choice_title(o.default))}</td>"
                    f"<td>{html.escape('; '.join(others))}</td></tr>")
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
