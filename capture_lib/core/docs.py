"""Markdown for the book, generated from a game's options and rulings (no Jupyter import)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .options import Ruling

if TYPE_CHECKING:
    from .protocol import Game


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


def find_ruling(game: Game, key: str) -> Ruling:
    """The ruling called ``key``; ``KeyError`` naming the known keys otherwise."""
    for ruling in game.rulings:
        if ruling.key == key:
            return ruling
    raise KeyError(f"{game.slug} has no ruling {key!r}; rulings: {', '.join(r.key for r in game.rulings)}")


def rulings_markdown(game: Game) -> str:
    """Every ruling of ``game``, each as a box, for the Rulings page."""
    return "\n\n".join(ruling_markdown(r, game) for r in game.rulings)
