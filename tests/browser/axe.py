"""axe-core (npm, pinned in package.json) run on a page: the WCAG 2.1 A and AA rules, in our markup only.

The book's theme (pydata-sphinx-theme, through jupyter-book) draws the header, the sidebars, the footer and
the search dialog; its own accessibility is the theme's to keep, so those parts are left out of each run
(``THEME``). Everything a page's author writes (its text, tables, pictures, boards and their controls) is in.
"""

from __future__ import annotations

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: The WCAG 2.1 levels A and AA, as axe tags its rules.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: The theme's chrome around the article.
THEME = [".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".bd-footer", ".bd-footer-article",
         ".bd-header-article", ".prev-next-area", ".search-button__wrapper", ".bd-search", "#pst-back-to-top",
         ".skip-link", ".bd-footer-content"]


def axe_source() -> str:
    """axe-core's browser script (``npm ci`` installs it with the book's runtime)."""
    return AXE.read_text(encoding="utf-8")


def violations(page, exclude: list[str] | None = None) -> list[dict]:
    """axe-core's WCAG 2.1 A/AA violations on ``page``, each rule with its nodes' selectors and a summary."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    found = page.evaluate(
        """async ([tags, exclude]) => {
            const context = { exclude: exclude.filter((s) => document.querySelector(s)).map((s) => [s]) };
            const result = await axe.run(context.exclude.length ? context : document,
                                         { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
            return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
              nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary,
                                           html: n.html.slice(0, 160) })) }));
        }""", [TAGS, THEME + (exclude or [])])
    return found


def report(found: list[dict], where: str) -> str:
    """The violations as lines a person can act on."""
    lines = [f"{where}: {sum(len(v['nodes']) for v in found)} nodes break {len(found)} rules"]
    for v in found:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:4]:
            lines.append(f"    {node['target']}: {node['summary'].splitlines()[-1].strip()}  {node['html']}")
    return "\n".join(lines)
