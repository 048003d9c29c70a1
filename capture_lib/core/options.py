"""Game options (variants) and rulings, declared once per game.

Each game keeps its options and rulings in one module; the book's variant tables and Rulings pages
are generated from these objects, so the text and the engine cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    """One named engine option: a variant of the rules or a choice between two readings."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is one of the choices, else raise ``ValueError`` naming them."""
        for choice in self.choices:
            # bool is an int in Python: keep True from matching 1 and the other way round.
            if value == choice and type(value) is type(choice):
                return choice
        shown = ", ".join(repr(c) for c in self.choices)
        raise ValueError(f"bad value {value!r} for option {self.name!r}; choose one of: {shown}")


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
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        valid = ", ".join(sorted(by_name)) or "(none)"
        raise ValueError(f"unknown option {unknown[0]!r} for {slug}; valid options: {valid}")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in declared}
