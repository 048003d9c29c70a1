"""Rules indexes: every rule of a game's source, in our words, tied to the code, the test and the example.

Each game keeps its index as data in ``capture_lib/games/<game>/rules_index.py`` (a tuple ``RULES`` of
:class:`IndexedRule`). This module renders an index as the Markdown table of the chapter's
``rules-index`` page and checks it: every rule names at least one piece of engine code, one test and one
live example, and each of them exists (the code imports, the test is a function in its file, the
example is a heading of the chapter page).
"""

from __future__ import annotations

import ast
import html
import importlib
import json
import pathlib
import re
import unicodedata
from typing import Any

from capture_lib.core.rules_index import IndexedRule
from capture_lib.games import describe

#: The project's root folder (the package lives in it, next to ``book/`` and ``tests/``).
ROOT = pathlib.Path(__file__).resolve().parents[2]


def rules_index(slug: str) -> tuple[IndexedRule, ...]:
    """The rules index of the game ``slug`` (its ``rules_index`` part's ``RULES``); ``ValueError`` for a game
    without one."""
    try:
        description = describe(slug)
    except LookupError as err:
        raise ValueError(str(err)) from None
    part = description.rules_index
    if part is None:
        raise ValueError(f"{description.title} has no rules index")
    return tuple(part.RULES)


def resolve_code(dotted: str) -> Any:
    """The object a dotted name points at: the longest importable module, then attributes.

    Raises ``LookupError`` naming the part that does not exist.
    """
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(obj, name):
                raise LookupError(f"{dotted}: {'.'.join(parts[:cut])} has no {name!r}")
            obj = getattr(obj, name)
        return obj
    raise LookupError(f"{dotted}: no module of that name")


def has_test(test_id: str, root: pathlib.Path = ROOT) -> bool:
    """Whether ``path::name`` (or ``path::Class::name``) is a test function in that file."""
    path, _, name = test_id.partition("::")
    file = root / path
    if not name or not file.is_file():
        return False
    tree = ast.parse(file.read_text(encoding="utf-8"))
    *classes, function = name.split("::")
    body: list[ast.stmt] = tree.body
    for class_name in classes:
        found = [n for n in body if isinstance(n, ast.ClassDef) and n.name == class_name]
        if not found:
            return False
        body = found[0].body
    return any(isinstance(n, ast.FunctionDef) and n.name == function and n.name.startswith("test")
               for n in body)


def page_headings(slug: str, page: str, root: pathlib.Path = ROOT) -> list[str]:
    """The headings (without the ``#``) of the Markdown cells of ``book/<slug>/<page>.ipynb``."""
    path = root / "book" / slug / f"{page}.ipynb"
    if not path.is_file():
        return []
    notebook = json.loads(path.read_text(encoding="utf-8"))
    headings = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        source = "".join(cell["source"])
        headings += [m.group(1).strip() for m in re.finditer(r"^#{1,6}\s+(.+)$", source, re.MULTILINE)]
    return headings


def section_id(heading: str) -> str:
    """The HTML id Sphinx gives a section with this heading (docutils' ``make_id`` rules)."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii").lower()
    text = re.sub(r"[^a-z0-9]+", "-", text)
    return re.sub(r"^[^a-z]+", "", text).strip("-")


def problems(slug: str, root: pathlib.Path = ROOT, check_tests: bool = True) -> list[str]:
    """Everything wrong with the index of ``slug``: missing or broken code, test or example links."""
    found = []
    rules = rules_index(slug)
    keys = [rule.key for rule in rules]
    for key in sorted({k for k in keys if keys.count(k) > 1}):
        found.append(f"{slug}: the key {key!r} is used twice")
    headings: dict[str, list[str]] = {}
    for rule in rules:
        where = f"{slug} rule {rule.key!r}"
        if not rule.rule.strip() or not rule.topic.strip():
            found.append(f"{where}: no topic or no text")
        if not rule.code:
            found.append(f"{where}: names no engine code")
        for dotted in rule.code:
            try:
                resolve_code(dotted)
            except LookupError as err:
                found.append(f"{where}: {err}")
        if not rule.tests:
            found.append(f"{where}: has no test")
        if check_tests:
            found += [f"{where}: no test {t}" for t in rule.tests if not has_test(t, root)]
        page, heading = rule.example if len(rule.example) == 2 else ("", "")
        if not page or not heading:
            found.append(f"{where}: has no example")
            continue
        if page not in headings:
            headings[page] = page_headings(slug, page, root)
        if heading not in headings[page]:
            found.append(f"{where}: book/{slug}/{page}.ipynb has no heading {heading!r}")
    return found


def practised(slug: str) -> dict[str, list[tuple[str, str]]]:
    """Each rule key of ``slug``'s index -> where the learner practises it: ``(page, title)`` of every course
    level and exercise that names the rule (``Level.rules``, ``Lesson.rules``)."""
    from capture_lib.session import course

    found: dict[str, list[tuple[str, str]]] = {}
    description = describe(slug)
    if description.parts.course is not None:
        for number, level in enumerate(course.course(slug).levels, start=1):
            for key in level.rules:
                found.setdefault(key, []).append(("course", f"level {number}, {level.title}"))
    if description.parts.lessons is not None:
        for number, lesson in enumerate(course.exercises(slug), start=1):
            for key in lesson.rules:
                found.setdefault(key, []).append(("exercises", f"exercise {number}"))
    return found


def unpractised(slug: str) -> list[str]:
    """The rules of ``slug``'s index that no course level or exercise practises, and the rule keys that a
    level or exercise names but the index has not (a slip)."""
    keys = {rule.key for rule in rules_index(slug)}
    where = practised(slug)
    out = [f"{slug}: no level or exercise practises the rule {key!r}" for key in sorted(keys - set(where))]
    out += [f"{slug}: {places[0][1]} names the rule {key!r}, which the index has not"
            for key, places in sorted(where.items()) if key not in keys]
    return out


def _code(text: str) -> str:
    # Long dotted names and test names: let the browser break them after "." "_" and "::".
    # Underscores are written as entities so that Markdown never reads them as emphasis.
    text = re.sub(r"(\.|::)", r"\1<wbr>", html.escape(text)).replace("_", "&#95;<wbr>")
    return f"<code>{text}</code>"


def _short_code(dotted: str) -> str:
    # The reader knows the package from the page's intro.
    return re.sub(r"^capture_lib\.games\.[a-z_]+\.", "", dotted)


def rules_index_markdown(slug: str) -> str:
    """The index of ``slug`` as a Markdown table (one row a rule) for the chapter's rules-index page."""
    module = describe(slug).package
    rows = ["| # | rule, and where the engine does it and a test checks it | live example | practised in |",
            "| --- | --- | --- | --- |"]
    where = practised(slug)
    for number, rule in enumerate(rules_index(slug), start=1):
        code = ", ".join(_code(_short_code(c)) for c in rule.code)
        tests = ", ".join(_code(t.rsplit("/", 1)[-1]) for t in rule.tests)
        page, heading = rule.example
        example = f'<a href="{page}.html#{section_id(heading)}">{page}: {heading}</a>'
        places = "; ".join(f'<a href="{p}.html">{html.escape(t)}</a>' for p, t in where.get(rule.key, []))
        rows.append(f"| {number} | **{rule.topic}.** {rule.rule}<br><small>engine: {code}<br>"
                    f"tests: {tests}</small> | {example} | {places} |")
    intro = (f"Engine code is relative to `{module}`; tests are in `tests/{module.rsplit('.', 1)[-1]}/`.\n\n")
    return intro + "\n".join(rows) + "\n"


def show_rules_index(slug: str) -> Any:
    """The rules index of ``slug`` as a notebook's Markdown output."""
    from IPython.display import Markdown

    return Markdown(rules_index_markdown(slug))
