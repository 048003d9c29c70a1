"""Inside a kernel of ``capture serve``: a failure shows the student one short line, the teacher the detail.

A board's kernel may fail on a message from the page (a malformed or forged widget message: ipywidgets
then calls IPython's ``showtraceback``), and IPython would send the whole traceback, with the server's
file paths and code, to the page. ``quiet_tracebacks`` replaces what goes to the page with
``SHORT_MESSAGE`` and writes the traceback to the kernel's own log, which is the terminal (or log file)
of the teacher who started the server. ``capture serve`` runs it at every kernel's start through an
IPython startup file, unless the server was started to show tracebacks (for developers).

The kernel's logging goes the same way (``log_to_teacher``): a message the kernel cannot use (a
``comm_open`` for ``jupyter.widget.control`` with a wrong version, a message to a comm that does not
exist) is logged with its traceback by ipykernel and the ``comm`` package, whose loggers have no handler
of their own, so Python would print it on ``sys.stderr``, which in a kernel is the page's output stream.
"""

from __future__ import annotations

import logging
from typing import Any

#: What the page shows instead of a traceback.
SHORT_MESSAGE = ("The board could not use a message from this page. Reload the page; if it happens again, "
                 "tell the teacher.")


class BoardError(Exception):
    """The error a page is shown in place of a traceback (its name is all the page learns of the failure)."""


def _teacher_log() -> logging.Logger:
    """The kernel application's log: ipykernel points it at the kernel's real stderr (the server's terminal),
    not at the page's output stream."""
    try:
        from ipykernel.kernelapp import IPKernelApp

        if IPKernelApp.initialized():
            return IPKernelApp.instance().log
    except ImportError:  # not in an IPython kernel
        pass
    return logging.getLogger("capture_lib.classroom.voila")


def quiet_tracebacks(shell: Any = None) -> bool:
    """Make ``shell`` (default: the running IPython) send ``SHORT_MESSAGE`` to the page instead of tracebacks.

    Returns whether a shell was changed (False outside IPython).
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    send = shell._showtraceback
    log = _teacher_log()

    def short_traceback(etype: type, evalue: BaseException, stb: list[str]) -> None:
        # The detail, with its colours stripped, for the teacher; one line for the student.
        detail = shell.InteractiveTB.stb2text(stb) if hasattr(shell, "InteractiveTB") else "\n".join(stb)
        log.error("A page's kernel failed (the page was shown a short message):\n%s", _plain(detail))
        send(BoardError, BoardError(SHORT_MESSAGE), [f"{BoardError.__name__}: {SHORT_MESSAGE}"])

    shell._showtraceback = short_traceback
    log_to_teacher()
    return True


def log_to_teacher() -> bool:
    """Send the kernel's logging (every logger's, and Python's warnings) to the teacher's log, never the page.

    The kernel application's log writes to the kernel's real standard error (ipykernel reroutes its handlers
    there), which is the server's terminal; the root logger gets those handlers, so no record falls through
    to Python's last-resort handler, which writes to ``sys.stderr``: the page's output stream. Returns
    whether the handlers were found (False outside a kernel, where nothing changes).
    """
    app = _teacher_log()
    if not app.handlers or app.name == "capture_lib.classroom.voila":
        return False
    root = logging.getLogger()
    for handler in app.handlers:
        if handler not in root.handlers:
            root.addHandler(handler)
    logging.captureWarnings(True)  # a warning names the file that raised it: the teacher's to read
    return True


def _plain(text: str) -> str:
    """``text`` without terminal colour codes."""
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)
