"""The project's addresses, from one setting: ``CAPTURE_REPOSITORY``, the address of its repository.

The project can live on any git host, so its address is not written into it: whoever builds the book or
the package names it (``CAPTURE_REPOSITORY=https://github.com/OWNER/REPO``; the publishing workflow sets
it to its own repository). With it, the book's pages get the theme's repository and issue buttons
(``capture_lib.bookkit.header``, a Sphinx extension named in ``_config.yml``) and the package's metadata
its project URLs (``setup.py`` reads ``project_urls``); without it, neither claims an address. This module
uses the standard library alone: ``setup.py`` loads it by its path, before capture_lib can be imported.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

#: The environment variable that names the repository.
REPOSITORY_ENV = "CAPTURE_REPOSITORY"
#: An address a reader's browser can open: http(s), a host, a path.
_ADDRESS = re.compile(r"https?://[A-Za-z0-9.-]+(?::\d+)?(?:/[A-Za-z0-9._~%+-]+)+")
_GITHUB = re.compile(r"https://github\.com/(?P<owner>[A-Za-z0-9-]+)/(?P<repo>[A-Za-z0-9._-]+)")


def repository(env: Mapping[str, str] | None = None) -> str:
    """The repository's address from ``CAPTURE_REPOSITORY`` (without a trailing ``/`` or ``.git``), or ``""``
    when it is not set. ``ValueError`` for a value that is not a web address."""
    env = os.environ if env is None else env
    given = env.get(REPOSITORY_ENV, "").strip()
    if not given:
        return ""
    address = given.removesuffix("/").removesuffix(".git")
    if not _ADDRESS.fullmatch(address):
        raise ValueError(f"{REPOSITORY_ENV} is the repository's web address, such as "
                         f"https://github.com/OWNER/REPO, not {given!r}")
    return address


def project_urls(address: str) -> dict[str, str]:
    """The package's project URLs for the repository at ``address`` (none for ``""``): its home page (the
    repository, whose README starts there), the repository, its issues and, on GitHub, the book that the
    publishing workflow puts on GitHub Pages."""
    if not address:
        return {}
    urls = {"Homepage": address, "Repository": address, "Issues": f"{address}/issues"}
    github = _GITHUB.fullmatch(address)
    if github:
        urls["Documentation"] = f"https://{github['owner'].lower()}.github.io/{github['repo']}/"
    return urls


#: The hosts whose repository and issue buttons the book's theme (sphinx-book-theme) draws: it tells them by
#: these words in the address, and stops the build on any other.
THEME_HOSTS = ("github", "gitlab", "bitbucket")


def theme_options(options: dict[str, Any], address: str) -> dict[str, Any]:
    """``options`` (the book theme's) with the repository and issue buttons pointing at ``address``, or at the
    repository ``_config.yml`` names; unchanged when neither names one. On a host the theme cannot name
    (Codeberg, a school's own Gitea), the same two links go among the sidebar's icon links instead."""
    address = address or options.get("repository_url") or ""
    if not address:
        return options
    if any(host in address.rsplit("/", 2)[0].lower() for host in THEME_HOSTS):
        return {**options, "repository_url": address, "use_repository_button": True, "use_issues_button": True}
    links = [*options.get("icon_links", []),
             {"name": "Repository", "url": address, "icon": "fa-solid fa-code-branch", "type": "fontawesome"},
             {"name": "Issues", "url": f"{address}/issues", "icon": "fa-solid fa-lightbulb", "type": "fontawesome"}]
    kept = {key: value for key, value in options.items() if key != "repository_url"}
    return {**kept, "use_repository_button": False, "use_issues_button": False, "icon_links": links}

