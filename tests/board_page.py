"""A board's ES module mounted in a real browser page over a plain model, for the browser tests.

The page stands in for the kernel: the model is a dict, and what the module sends is kept in
``window.sent`` so a test can read it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HARNESS = """<!doctype html><html><body><div id="root"></div><style>%(css)s</style><script type="module">
const data = %(data)s;
const listeners = new Map();
window.sent = [];
const model = {
  get: (key) => data[key],
  set: (key, value) => { data[key] = value; (listeners.get("change:" + key) || []).forEach((f) => f()); },
  on: (event, fn) => { if (!listeners.has(event)) listeners.set(event, []); listeners.get(event).push(fn); },
  off: () => {}, save_changes: () => {},
  send: (message) => { window.sent.push(message); },
};
window.model = model;  // a test may change a value as an update from the engine would
const url = URL.createObjectURL(new Blob([%(esm)s], { type: "text/javascript" }));
import(url).then((mod) => { mod.default.render({ model, el: document.getElementById("root") }); window.ready = true; });
</script></body></html>"""


def open_page(browser: Any, tmp_path: Path, board: Any, **traits: Any) -> tuple[Any, list[str]]:
    """A page showing ``board`` (its synced traits, overridden by ``traits``) and the list of its script errors.

    ``browser`` may also be a browser context (a phone's viewport, touch): both open pages the same way.
    """
    model = dict(json.loads(board.to_json()), **traits)
    page_file = tmp_path / "board.html"
    page_file.write_text(HARNESS % {"css": board._css_source(), "data": json.dumps(model),
                                    "esm": json.dumps(board._esm_source())})
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(page_file.as_uri())
    page.wait_for_function("window.ready === true")
    return page, errors
