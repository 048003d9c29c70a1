"""The static host: a board's ES module mounted in a plain HTML page, with no kernel and no network.

The page embeds the module's source and the model's values as JSON; a tiny inline module script
imports the source from a blob URL (which works from ``file://`` too) and gives ``render`` a minimal
model whose ``send`` reaches nothing. Ids come from a hash of the content, never from chance, so
the same board gives the same HTML on every build.
"""

from __future__ import annotations

import hashlib
import json
from html import escape
from typing import Any

LOADER = """
const root = document.getElementById(%(id)s);
const data = JSON.parse(document.getElementById(%(data_id)s).textContent);
const source = JSON.parse(document.getElementById(%(esm_id)s).textContent);
const listeners = new Map();
const model = {
  get: (key) => data[key],
  set: (key, value) => { data[key] = value; (listeners.get("change:" + key) || []).forEach((f) => f()); },
  on: (event, fn) => { if (!listeners.has(event)) listeners.set(event, []); listeners.get(event).push(fn); },
  off: (event, fn) => { const l = listeners.get(event) || []; const i = l.indexOf(fn); if (i >= 0) l.splice(i, 1); },
  save_changes: () => {},
  send: () => {},
};
const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
import(url).then((mod) => {
  root.replaceChildren();
  mod.default.render({ model, el: root });
}).finally(() => URL.revokeObjectURL(url));
"""


def _json_for_script(value: Any) -> str:
    # Inside <script>, "</" could close the tag early; JSON allows the escaped form.
    return json.dumps(value, sort_keys=True, ensure_ascii=False).replace("</", "<\\/").replace("<!--", "<\\!--")


def static_html(esm: str, css: str, model: dict[str, Any], label: str = "", fallback: str = "") -> str:
    """HTML that draws the board with its own ES module over ``model``, offline and without a kernel."""
    data = _json_for_script(model)
    source = _json_for_script(esm)
    digest = hashlib.sha256((data + source).encode()).hexdigest()[:12]
    ids = {"id": f"capture-board-{digest}", "data_id": f"capture-data-{digest}",
           "esm_id": f"capture-esm-{digest}"}
    loader = LOADER % {k: json.dumps(v) for k, v in ids.items()}
    return (
        f'<div class="capture-static-board" id="{ids["id"]}" aria-label="{escape(label)}">{fallback}</div>'
        f"<style>{css}</style>"
        f'<script type="application/json" id="{ids["data_id"]}">{data}</script>'
        f'<script type="application/json" id="{ids["esm_id"]}">{source}</script>'
        f'<script type="module">{loader}</script>'
    )
