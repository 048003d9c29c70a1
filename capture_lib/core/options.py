"""Game options (variants) and rulings, declared once per game.

Each game keeps its options and rulings in one module; the book's variant tables and Rulings pages
are generated from these objects, so the text and the engine cannot drift apart.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass, field
from typing import Any

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlevel = 2


def shown(value: Any) -> str:
    """A short, safe ``repr`` of a value someone gave, for an error message.

    Input may be enormous (a number of thousands of digits, a long text, a deeply nested list): the
    message shows its start, never all of it, and never fails itself.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        # Python refuses to print ints of over 4,300 digits; a message needs only their size anyway.
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    try:
        return _SHORT.repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"


@dataclass(frozen=True)
class Option:
    """One named engine option: a variant of the rules or a choice between two readings.

    ``name`` and ``choices`` are the engine's (``new_game(blue="vikings")``); ``label`` and ``choice_labels``
    are the same in players' words, as the book's rules, variants and rulings pages and every board's
    choices name them ("Blue's army": "Rome", "Egypt", "the Vikings"). ``table`` marks what a table
    chooses as it sits down to play (armies, the number of players, the Crowns to win, a variant), which
    every play board offers; the other options are readings of unclear rules, chosen on the Rulings page.
    """

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    label: str = ""
    choice_labels: tuple[str, ...] = ()
    table: bool = False

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name!r}: one label per choice")

    @property
    def title(self) -> str:
        """The option's name in players' words (its ``label``, else its engine name in plain words)."""
        return self.label or self.name.replace("_", " ")

    def choice_title(self, value: Any) -> str:
        """The name of the choice ``value`` in players' words."""
        for choice, label in zip(self.choices, self.choice_labels or self.choices, strict=True):
            if type(choice) is type(value) and choice == value:
                return str(label) if self.choice_labels else _plain(choice)
        raise ValueError(f"{shown(value)} is not a choice of option {self.name!r}")

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is one of the choices, else raise ``ValueError`` naming them."""
        for choice in self.choices:
            # bool is an int in Python: keep True from matching 1 and the other way round. The type
            # is compared first, so a value of any other type is never asked to compare itself.
            if type(value) is type(choice) and value == choice:
                return choice
        valid = ", ".join(repr(c) for c in self.choices)
        raise ValueError(f"bad value {shown(value)} for option {self.name!r}; choose one of: {valid}")


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value).replace("-", " ")


@dataclass(frozen=True)
class Ruling:
    """How the engine reads a rule that the source text leaves open or contradicts."""

    key: str
    title: str
    question: str
    ruling: str
    reason: str
    option: str | None = None
    related: tuple[str, ...] = field(default_factory=tuple)


def resolve_options(slug: str, declared: tuple[Option, ...], given: dict[str, Any]) -> dict[str, Any]:
    """Check ``given`` against the declared options and fill in defaults.

    Raises ``ValueError`` naming the unknown option and the valid ones, or the bad value and the
    valid choices.
    """
    by_name = {o.name: o for o in declared}
    # Keys may come from a file (a save, a record), so they are not assumed to be text, or short.
    unknown = sorted((key for key in given if key not in by_name), key=str)
    if unknown:
        valid = ", ".join(sorted(by_name)) or "(none)"
        raise ValueError(f"unknown option {shown(unknown[0])} for {slug}; valid options: {valid}")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in declared}
