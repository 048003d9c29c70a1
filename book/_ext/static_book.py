"""A Sphinx extension: the kernels that run the book's notebooks know they build the static book.

The lessons' boards put each step's answer into their static picture only then (see
``capture_lib.widgets.lesson``): a live page (JupyterLab, Voila) must not carry answers in its HTML
before the learner asks, while the static book has no kernel to ask and steps through them instead.
The kernels inherit this process's environment, and the notebooks run after ``setup``.
"""

from __future__ import annotations

import os

from capture_lib.widgets.lesson import STATIC_BOOK


def setup(app):
    """Register the extension: mark this build, and so its notebooks' kernels, as the static book's."""
    os.environ[STATIC_BOOK] = "1"
    return {"parallel_read_safe": True, "parallel_write_safe": True}
