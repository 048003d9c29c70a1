"""How many kernels ``capture serve`` runs: per page, per student and in all (imported by the Voila process).

Every page that Voila shows runs its own Python kernel. Without a bound, each reload and each opened tab
starts one more, until the serving machine runs out of memory. ``KernelLimits`` decides, for a student
(a browser: Jupyter's login cookie names each one) opening a page, and no page ever stops unannounced:

- the same page opened again by the same student (a reload, or the page in a second tab) replaces the
  earlier one, whose page then says so (``capture_lib.classroom.voila``'s page watch); an earlier one
  still opening is left to finish, for its tab may be waiting for it;
- a student keeps at most ``per_client`` pages: their closed pages (no connection) make room first; when
  every one of them is open, the new page is refused with a short page that names them, so the student
  chooses which to close, rather than one of them going dead;
- the whole class keeps at most ``total`` pages; at that bound the kernels of closed pages are stopped
  first, and when every kernel belongs to an open page the student is refused with a short page
  (``ClassFull``) instead of waiting for a kernel that the machine cannot hold.

A kernel that has just started has no connection yet (the page connects once Voila has run its notebook),
so a kernel that no page has connected to counts as still opening until ``grace_seconds`` without activity
have passed; one still opening is never stopped to make room. Every kernel stopped here is logged with its
student, its page and the reason, and the reason is written where its page can read it (``notices``).
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import json
import pathlib
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Float, Integer, Unicode

#: Voila's status for a refused page: the server is at its bound for now.
FULL_STATUS = 503
#: The same student opening more pages at once than they may keep.
BUSY_STATUS = 429

#: Why a kernel stops, as its page says it ("This page has stopped: ...") and the teacher's log records it.
AGAIN = "it was opened again, in another tab or window or by a reload, and runs there now"
MINE_CLOSED = "its tab had been closed, and the student opened another page"
CLASS_CLOSED = "its tab had been closed, and the class needed its place for another student"
LEFT = ("it was left without an open tab for a while (the game server stops such pages), or the server "
        "stopped it")
#: A kernel id as Jupyter makes them (a UUID): the only names a notice file may have.
_KERNEL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


class ClassFull(Exception):
    """No page may start now; ``status`` is the HTTP status and the message says why, for the student."""

    def __init__(self, message: str, status: int = FULL_STATUS) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Seat:
    """Who holds a kernel: the student (``client``), the page's path, and when it was asked for."""

    client: str
    page: str
    since: float


@dataclass(frozen=True)
class Running:
    """What the limits need to know of a running kernel: its idle seconds, its open connections, and whether
    a page has ever connected to it (``opened``: Voila has run its notebook and the page is drawn)."""

    idle_seconds: float
    connections: int
    opened: bool = False


@dataclass(frozen=True)
class Admission:
    """A granted page: the reservation to bind to its kernel once started, the kernels to stop first and,
    for each of them, why (``AGAIN``, ``MINE_CLOSED`` or ``CLASS_CLOSED``)."""

    reservation: int
    stop: tuple[str, ...]
    reasons: tuple[str, ...] = ()


def page_title(path: str) -> str:
    """A served page's name for a student: ``Card Commander (play)``, ``the game chooser``."""
    parts = [part for part in path.split("?", 1)[0].split("/") if part]
    if parts[:2] == ["voila", "render"]:
        parts = parts[2:]
    if len(parts) == 1:
        return "the game chooser"
    if len(parts) == 2 and parts[1].endswith(".ipynb"):
        from capture_lib.games import describe

        try:
            title = describe(parts[0]).title
        except LookupError:
            title = parts[0]
        return f"{title} ({parts[1].removesuffix('.ipynb')})"
    return "/".join(parts)


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class KernelLimits:
    """The bookkeeping of who holds which kernel, and the decision for each new page (see the module)."""

    def __init__(self, total: int, per_client: int, grace_seconds: float = 30.0, pending_seconds: float = 120.0,
                 clock: Callable[[], float] = time.monotonic, names: Callable[[str], str] = page_title) -> None:
        if total < 1 or per_client < 1:
            raise ValueError(f"the limits must be at least 1 page (got {total} in all, {per_client} per student)")
        self.total, self.per_client = total, per_client
        self.grace_seconds, self.pending_seconds = grace_seconds, pending_seconds
        self.clock = clock
        self.names = names
        self.owners: dict[str, Seat] = {}
        self.pending: dict[int, Seat] = {}
        #: Kernels this bookkeeping asked to stop: they take a moment to exit, and no longer count.
        self.stopping: set[str] = set()
        self._numbers = itertools.count(1)

    def opening(self, running: Running) -> bool:
        """Whether a kernel's page is still opening: no page has connected yet, and it was active lately."""
        return not running.opened and running.connections == 0 and running.idle_seconds < self.grace_seconds

    def closed(self, running: Running) -> bool:
        """Whether a kernel's page is closed: no connection, and not still opening."""
        return running.connections == 0 and not self.opening(running)

    def admit(self, client: str, page: str, running: Mapping[str, Running]) -> Admission:
        """Grant ``client`` a kernel for ``page`` (``running``: the live kernels by id) or raise ``ClassFull``."""
        now = self.clock()
        self.stopping &= set(running)
        running = {kid: state for kid, state in running.items() if kid not in self.stopping}
        self.owners = {kid: seat for kid, seat in self.owners.items() if kid in running}
        # A page whose kernel never started (its request failed) gives its place back after a while.
        self.pending = {n: seat for n, seat in self.pending.items() if now - seat.since < self.pending_seconds}
        stop: list[str] = []
        reasons: list[str] = []

        def stopping(kid: str, reason: str) -> None:
            stop.append(kid)
            reasons.append(reason)

        for kid, seat in self.owners.items():
            if seat.client == client and seat.page == page and not self.opening(running[kid]):
                stopping(kid, AGAIN)

        def longest_idle_first(kids: list[str]) -> list[str]:
            return sorted(kids, key=lambda kid: -running[kid].idle_seconds)

        mine = [kid for kid, seat in self.owners.items() if seat.client == client and kid not in stop]
        waiting = [seat for seat in self.pending.values() if seat.client == client]
        held = len(mine) + len(waiting)
        for kid in longest_idle_first([kid for kid in mine if self.closed(running[kid])]):
            if held < self.per_client:
                break
            stopping(kid, MINE_CLOSED)
            held -= 1
        if held >= self.per_client:
            names = [self.names(self.owners[kid].page) for kid in mine if kid not in stop]
            names += [f"{self.names(seat.page)}, still opening" for seat in waiting]
            pages = "1 game page" if held == 1 else f"{held} game pages"
            which = "it" if held == 1 else "one of them"
            raise ClassFull(f"You already have {pages} open, the most one student may keep: {_listed(names)}. "
                            f"Close {which}, then reload this page.", BUSY_STATUS)
        kept = [kid for kid in running if kid not in stop]
        for kid in longest_idle_first([kid for kid in kept if self.closed(running[kid])]):
            if len(kept) + len(self.pending) < self.total:
                break
            stopping(kid, CLASS_CLOSED)
            kept.remove(kid)
        if len(kept) + len(self.pending) >= self.total:
            raise ClassFull(f"All {self.total} places of this game server are in use. Ask the teacher, "
                            "or close a page you no longer need and try again in a minute.")
        number = next(self._numbers)
        self.pending[number] = Seat(client, page, now)
        for kid in stop:
            self.owners.pop(kid, None)
        self.stopping.update(stop)
        return Admission(number, tuple(stop), tuple(reasons))

    def bind(self, reservation: int, kernel_id: str) -> None:
        """The kernel of a granted page has started: it now counts as that student's page."""
        seat = self.pending.pop(reservation, None)
        if seat is not None:
            self.owners[kernel_id] = seat

    def release(self, reservation: int) -> None:
        """A granted page's kernel could not start: give its place back."""
        self.pending.pop(reservation, None)


#: The reservation of the page being opened, from the prelaunch hook to ``start_kernel`` (same request).
_RESERVATION: contextvars.ContextVar[int | None] = contextvars.ContextVar("capture_reservation", default=None)


def _student(client: str) -> str:
    """A student's name for the teacher's log: the start of their login's random name."""
    return client[:8]


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with ``KernelLimits``: Voila asks ``admit`` (through ``prelaunch_hook``)
    before it starts a page's kernel; every kernel it stops leaves a notice saying why for its page."""

    max_kernels = Integer(40, config=True, help="The most kernels (open pages) of the whole class at once.")
    max_kernels_per_client = Integer(3, config=True, help="The most kernels (pages) one student keeps.")
    grace_seconds = Float(30.0, config=True, help="A kernel with no connection counts as closed after this.")
    notices = Unicode("", config=True, help="The folder where the reason each kernel stopped is written, as "
                                            "<kernel id>.json, for its page to read; empty: none is written.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.limits = KernelLimits(self.max_kernels, self.max_kernels_per_client, self.grace_seconds)
        #: Kernels a page has connected to at least once (their page finished opening).
        self.opened: set[str] = set()
        #: Why each kernel being stopped stops, until it has.
        self.reasons: dict[str, str] = {}

    def notify_connect(self, kernel_id: str) -> None:
        """A page connected to a kernel: count it, and remember that the page is open (no longer opening)."""
        super().notify_connect(kernel_id)
        self.opened.add(kernel_id)

    def _running(self) -> dict[str, Running]:
        now = datetime.now(UTC)
        running = {}
        for kid in self.list_kernel_ids():
            last = getattr(self.get_kernel(kid), "last_activity", None)
            idle = (now - last).total_seconds() if last is not None else 0.0
            running[kid] = Running(idle, self._kernel_connections.get(kid, 0), kid in self.opened)
        return running

    def admit(self, client: str, page: str) -> None:
        """Reserve a kernel for ``client``'s ``page``, stopping the kernels it replaces; raise ``HTTPError``
        (shown to the student by our 429/503 page) when it may not start."""
        owners = dict(self.limits.owners)  # who held each kernel, for the log
        try:
            admission = self.limits.admit(client, page, self._running())
        except ClassFull as full:
            self.log.warning("Refused %s to student %s: %s", page, _student(client), full)
            reason = "The class is full" if full.status == FULL_STATUS else "Too many pages at once"
            raise HTTPError(full.status, "%s", str(full), reason=reason) from None
        for kid, why in zip(admission.stop, admission.reasons, strict=True):
            seat = owners.get(kid, Seat(client, page, 0.0))
            self.log.info("Stopping kernel %s (student %s, %s): %s", kid, _student(seat.client), seat.page, why)
            self.reasons[kid] = why
            asyncio.ensure_future(self.shutdown_kernel(kid, now=True))
        _RESERVATION.set(admission.reservation)

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        """Stop a kernel, first writing why for its page (``notices``): the reason ``admit`` gave, else
        ``LEFT`` (stopped after a while without an open tab, by Jupyter's culler, or by the server)."""
        reason = self.reasons.pop(kernel_id, LEFT)
        self.opened.discard(kernel_id)
        if self.notices and _KERNEL_ID.fullmatch(kernel_id) and not restart:
            try:
                folder = pathlib.Path(self.notices)
                folder.mkdir(parents=True, exist_ok=True)
                (folder / f"{kernel_id}.json").write_text(json.dumps({"reason": reason}), encoding="utf-8")
            except OSError as err:  # the page then says it stopped, without the reason
                self.log.warning("Could not write why kernel %s stopped: %s", kernel_id, err)
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel and count it as the page's that ``admit`` granted in this request."""
        reservation = _RESERVATION.get()
        _RESERVATION.set(None)
        try:
            kernel_id = await super().start_kernel(**kwargs)
        except BaseException:
            if reservation is not None:
                self.limits.release(reservation)
            raise
        if reservation is not None:
            self.limits.bind(reservation, kernel_id)
        return kernel_id


def prelaunch_hook(handler: Any, notebook: Any = None, cwd: str | None = None) -> None:
    """Voila's hook before a page's kernel starts: admit the page or refuse it (see ``ClassroomKernelManager``)."""
    manager = handler.kernel_manager
    if isinstance(manager, ClassroomKernelManager):
        user = handler.current_user
        client = getattr(user, "username", None) or handler.request.remote_ip or "?"
        manager.admit(client, handler.request.path)
