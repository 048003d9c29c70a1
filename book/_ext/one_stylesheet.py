"""Each built page loads its stylesheets as one file: a page's first paint waits for every stylesheet its head
links, and on a phone's link each file is a round trip of its own (eleven files, and the theme's ``@import``
of Sphinx's ``basic.css`` one more behind them); one file is one round trip.

After the build, the stylesheet links of each page's head are joined, in the order the page gave them, into
``_static/styles/page-HASH.css`` (named by its content and linked with ``?v=HASH``, so a browser and the
service worker may keep it for good, as they keep ``_static/capture/``), and the page links that file in place
of the first and drops the others. What a joined file holds is what the browser would have read from the
separate files: an ``@import`` is written out in its place, each ``url(...)`` is rewritten from its own file's
folder to the joined file's. A page whose head links a stylesheet that this cannot read as the browser does
(another host's, a missing file, one with a ``media`` other than all) keeps its links as they were. The
boards' stylesheets (``data-capture-board-style``, linked after all the others) stay files of their own,
shared by every page that shows the same kind of board.
"""

from __future__ import annotations

import hashlib
import os
import pathlib
import posixpath
import re

#: Where the joined stylesheets go, under the HTML output: the theme's own folder, so that its web fonts'
#: addresses stay as short as they were.
FOLDER = "_static/styles"
PREFIX = "page-"
_HEAD = re.compile(r"<head\b.*?</head>", re.S | re.I)
_LINK = re.compile(r"[ \t]*<link\b[^>]*>\n?", re.I)
_ATTRIBUTE = re.compile(r'([a-zA-Z-]+)="([^"]*)"')
_IMPORT = re.compile(r'@import\s+(?:url\()?\s*["\']?([^"\')\s;]+)["\']?\s*\)?\s*;')
_URL = re.compile(r'url\(\s*(["\']?)([^"\')]+)\1\s*\)')
_CHARSET = re.compile(r'@charset\s+"[^"]*"\s*;')
#: A source map describes its own file only: in a joined file it would point the browser's tools astray.
_SOURCE_MAP = re.compile(r"/\*[#@]\s*sourceMappingURL=[^*]*\*/")


class NotJoinable(ValueError):
    """A stylesheet that a page cannot have joined with the others (the page keeps its own links)."""


def _local(href: str, base: str, outdir: pathlib.Path) -> str:
    """``href`` (relative to the folder ``base`` under ``outdir``) as a path under ``outdir``."""
    if re.match(r"^[a-z][a-z0-9+.-]*:|^//|^/", href, re.I):
        raise NotJoinable(f"{href} is not a file of the book")
    path = posixpath.normpath(posixpath.join(base, href.split("?", 1)[0].split("#", 1)[0]))
    if path.startswith("../") or not (outdir / path).is_file():
        raise NotJoinable(f"{href} is not a file of the book")
    return path


def _rebase(css: str, source: str, target_folder: str) -> str:
    """``css`` of the file ``source`` with its relative ``url(...)`` rewritten for a file in ``target_folder``."""
    def move(match: re.Match) -> str:
        quote, address = match.groups()
        if re.match(r"^(?:[a-z][a-z0-9+.-]*:|//|/|#)", address, re.I):
            return match.group(0)  # data:, another host's, the site's root, or a fragment: the same anywhere
        where = posixpath.normpath(posixpath.join(posixpath.dirname(source), address))
        return f"url({quote}{posixpath.relpath(where, target_folder)}{quote})"
    return _URL.sub(move, css)


def read_sheet(path: str, outdir: pathlib.Path, target_folder: str, seen: frozenset[str] = frozenset()) -> str:
    """The stylesheet at ``path`` (under ``outdir``) as a file in ``target_folder`` would hold it: its imports
    written out where they stood, its addresses rewritten."""
    if path in seen:
        raise NotJoinable(f"{path} imports itself")
    css = _SOURCE_MAP.sub("", _CHARSET.sub("", (outdir / path).read_text(encoding="utf-8")))

    def expand(match: re.Match) -> str:
        return read_sheet(_local(match.group(1), posixpath.dirname(path), outdir), outdir, target_folder,
                          seen | {path})
    return _rebase(_IMPORT.sub(expand, css), path, target_folder)


def _sheets(head: str) -> list[tuple[re.Match, str]]:
    """The head's stylesheet links, each with its address."""
    found = []
    for match in _LINK.finditer(head):
        attributes = {name.lower(): value for name, value in _ATTRIBUTE.findall(match.group(0))}
        if attributes.get("rel", "").lower() != "stylesheet" or "data-capture-board-style" in attributes:
            continue  # a board's own stylesheet stays apart: the pages with that board share it
        if attributes.get("media", "all").lower() != "all":
            raise NotJoinable(f"{attributes.get('href')} is for {attributes['media']} only")
        found.append((match, attributes.get("href", "")))
    return found


def join_page(page: pathlib.Path, outdir: pathlib.Path, written: dict[str, str]) -> bool:
    """Give ``page`` one joined stylesheet; ``written`` maps a joined file's content hash to its path and is
    shared by the pages of one build (pages that link the same files share one file). True if changed."""
    text = page.read_text(encoding="utf-8")
    head = _HEAD.search(text)
    if head is None:
        return False
    base = posixpath.dirname(page.relative_to(outdir).as_posix())
    try:
        links = _sheets(head.group(0))
        if len(links) < 2:
            return False
        css = "\n".join(f"/* {path} */\n" + read_sheet(path, outdir, FOLDER)
                        for path in (_local(href, base, outdir) for _, href in links))
    except NotJoinable:
        return False
    digest = hashlib.sha256(css.encode()).hexdigest()[:16]
    name = written.get(digest)
    if name is None:
        name = f"{FOLDER}/{PREFIX}{digest}.css"
        (outdir / name).write_text(css, encoding="utf-8")
        written[digest] = name
    # The address carries its version as Sphinx writes it (``?v=``): ``capture serve`` then sends it as
    # never to be asked again, and the service worker answers it from its cache first.
    href = f"{posixpath.relpath(name, base or '.')}?v={digest}"
    new_head, first = [], True
    cursor = 0
    for match, _ in links:
        new_head.append(head.group(0)[cursor:match.start()])
        if first:
            new_head.append(f'  <link rel="stylesheet" href="{href}" />\n')
            first = False
        cursor = match.end()
    new_head.append(head.group(0)[cursor:])
    page.write_text(text[:head.start()] + "".join(new_head) + text[head.end():], encoding="utf-8")
    return True


def join_stylesheets(outdir: pathlib.Path) -> dict[str, int]:
    """Join the stylesheets of every page under ``outdir``, then remove the joined files (and their compressed
    copies) that no page links any more: an incremental build rewrites only the pages that changed, and the
    others still link the files an earlier build wrote.

    Returns ``{"pages": pages changed, "files": joined files written, "removed": files removed}``."""
    written: dict[str, str] = {}
    pages = sorted(outdir.rglob("*.html"))
    changed = sum(join_page(page, outdir, written) for page in pages)
    linked = set()
    for page in pages:
        linked.update(re.findall(rf'{re.escape(PREFIX)}[0-9a-f]{{16}}\.css', page.read_text(encoding="utf-8")))
    removed = 0
    for old in (outdir / FOLDER).glob(f"{PREFIX}*.css*"):
        if old.name.split(".css", 1)[0] + ".css" not in linked:
            old.unlink()
            removed += 1
    return {"pages": changed, "files": len(written), "removed": removed}


if __name__ == "__main__":  # python book/_ext/one_stylesheet.py OUTDIR: join a built book's stylesheets again
    import sys
    print(join_stylesheets(pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else os.curdir)))
