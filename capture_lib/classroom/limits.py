"""How many kernels ``capture serve`` runs: per page, per student and in all (imported by the Voila process).

Every page that Voila shows runs its own Python kernel. Without a bound, each reload and each opened tab
starts one more, until the serving machine runs out of memory. ``KernelLimits`` decides, for a student
(a browser: Jupyter's login cookie names each one) opening a page:

- the same page opened again by the same student replaces the earlier one (its kernel is stopped);
- a student keeps at most ``per_client`` pages; beyond that one of their pages is stopped: a closed
  page (no connection) before an open one, the longest idle first;
- the whole class keeps at most ``total`` pages; at that bound the kernels of closed pages are stopped
  first, and when every kernel belongs to an open page the student is refused with a short page
  (``ClassFull``) instead of waiting for a kernel that the machine cannot hold.

A kernel that has just started has no connection yet (the page connects once it has been drawn), so a
kernel counts as closed only after ``grace_seconds`` without activity.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Float, Integer

#: Voila's status for a refused page: the server is at its bound for now.
FULL_STATUS = 503
#: The same student opening more pages at once than they may keep.
BUSY_STATUS = 429


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
    """What the limits need to know of a running kernel: its idle seconds and its open connections."""

    idle_seconds: float
    connections: int


@dataclass(frozen=True)
class Admission:
    """A granted page: the reservation to bind to its kernel once started, and the kernels to stop first."""

    reservation: int
    stop: tuple[str, ...]


class KernelLimits:
    """The bookkeeping of who holds which kernel, and the decision for each new page (see the module)."""

    def __init__(self, total: int, per_client: int, grace_seconds: float = 30.0, pending_seconds: float = 120.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if total < 1 or per_client < 1:
            raise ValueError(f"the limits must be at least 1 page (got {total} in all, {per_client} per student)")
        self.total, self.per_client = total, per_client
        self.grace_seconds, self.pending_seconds = grace_seconds, pending_seconds
        self.clock = clock
        self.owners: dict[str, Seat] = {}
        self.pending: dict[int, Seat] = {}
        #: Kernels this bookkeeping asked to stop: they take a moment to exit, and no longer count.
        self.stopping: set[str] = set()
        self._numbers = itertools.count(1)

    def _closed(self, running: Running) -> bool:
        return running.connections == 0 and running.idle_seconds >= self.grace_seconds

    def admit(self, client: str, page: str, running: Mapping[str, Running]) -> Admission:
        """Grant ``client`` a kernel for ``page`` (``running``: the live kernels by id) or raise ``ClassFull``."""
        now = self.clock()
        self.stopping &= set(running)
        running = {kid: state for kid, state in running.items() if kid not in self.stopping}
        self.owners = {kid: seat for kid, seat in self.owners.items() if kid in running}
        # A page whose kernel never started (its request failed) gives its place back after a while.
        self.pending = {n: seat for n, seat in self.pending.items() if now - seat.since < self.pending_seconds}
        stop = [kid for kid, seat in self.owners.items() if seat.client == client and seat.page == page]

        def by_use(kids: list[str]) -> list[str]:
            # Pages without a connection first (closed for a while before just closed), the longest idle first.
            return sorted(kids, key=lambda kid: (running[kid].connections > 0, not self._closed(running[kid]),
                                                 -running[kid].idle_seconds))

        mine = by_use([kid for kid, seat in self.owners.items() if seat.client == client and kid not in stop])
        waiting = sum(1 for seat in self.pending.values() if seat.client == client)
        while mine and len(mine) + waiting >= self.per_client:
            stop.append(mine.pop(0))
        if waiting >= self.per_client:
            raise ClassFull(f"Your {waiting} pages are still opening: wait for them, then try again.", BUSY_STATUS)
        kept = [kid for kid in running if kid not in stop]
        closed = by_use([kid for kid in kept if self._closed(running[kid])])
        while closed and len(kept) + len(self.pending) >= self.total:
            kid = closed.pop(0)
            stop.append(kid)
            kept.remove(kid)
        if len(kept) + len(self.pending) >= self.total:
            raise ClassFull(f"All {self.total} places of this game server are in use. Ask the teacher, "
                            "or close a page you no longer need and try again in a minute.")
        number = next(self._numbers)
        self.pending[number] = Seat(client, page, now)
        for kid in stop:
            self.owners.pop(kid, None)
        self.stopping.update(stop)
        return Admission(number, tuple(stop))

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


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with ``KernelLimits``: Voila asks ``admit`` (through ``prelaunch_hook``)
    before it starts a page's kernel."""

    max_kernels = Integer(40, config=True, help="The most kernels (open pages) of the whole class at once.")
    max_kernels_per_client = Integer(3, config=True, help="The most kernels (pages) one student keeps.")
    grace_seconds = Float(30.0, config=True, help="A kernel with no connection counts as closed after this.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.limits = KernelLimits(self.max_kernels, self.max_kernels_per_client, self.grace_seconds)

    def _running(self) -> dict[str, Running]:
        now = datetime.now(UTC)
        running = {}
        for kid in self.list_kernel_ids():
            last = getattr(self.get_kernel(kid), "last_activity", None)
            idle = (now - last).total_seconds() if last is not None else 0.0
            running[kid] = Running(idle, self._kernel_connections.get(kid, 0))
        return running

    def admit(self, client: str, page: str) -> None:
        """Reserve a kernel for ``client``'s ``page``, stopping the kernels it replaces; raise ``HTTPError``
        (shown to the student by our 429/503 page) when it may not start."""
        try:
            admission = self.limits.admit(client, page, self._running())
        except ClassFull as full:
            self.log.warning("Refused %s to a student: %s", page, full)
            reason = "The class is full" if full.status == FULL_STATUS else "Too many pages at once"
            raise HTTPError(full.status, "%s", str(full), reason=reason) from None
        for kid in admission.stop:
            self.log.info("Stopping kernel %s: its page was replaced or closed", kid)
            asyncio.ensure_future(self.shutdown_kernel(kid, now=True))
        _RESERVATION.set(admission.reservation)

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
