"""A school's internet link, on 127.0.0.1: a TCP proxy whose answers share one limited bandwidth.

Every connection a browser (or a simulated student) opens to the proxy is passed on to the server, and
what the server answers goes back through one token bucket for all of them, as a class shares the
school's one line. Counted as it passes: the bytes each way, so a bench can say what a visit downloaded.
Only 127.0.0.1 is ever listened on or connected to.

    with Link(server_port, mbit=50) as link:   # link.port: where the browsers connect
        ...
        link.down                             # bytes from the server so far
"""

from __future__ import annotations

import asyncio
import threading
import time

#: How much a burst may run ahead of the rate (a link's buffer): 64 KB.
BURST = 64 * 1024
#: The size of each read and of each metered piece.
CHUNK = 16 * 1024


class Link:
    """A proxy on a free port of 127.0.0.1 to ``127.0.0.1:target``; ``mbit`` None is a link without limit."""

    def __init__(self, target: int, mbit: float | None = None) -> None:
        self.target = target
        self.rate = mbit * 1e6 / 8 if mbit else None  # bytes a second
        self.down = 0
        self.up = 0
        self.port = 0
        self._tokens = float(BURST)
        self._stamp = time.monotonic()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.base_events.Server | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Link:
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def reset(self) -> None:
        """Start counting again from zero."""
        self.down = self.up = 0

    async def _metered(self, size: int) -> None:
        # One bucket for every connection: each piece waits until the shared line has carried the pieces
        # before it.
        if self.rate is None:
            return
        while True:
            now = time.monotonic()
            self._tokens = min(BURST, self._tokens + (now - self._stamp) * self.rate)
            self._stamp = now
            if self._tokens >= size:
                self._tokens -= size
                return
            await asyncio.sleep((size - self._tokens) / self.rate)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, downstream: bool) -> None:
        try:
            while data := await reader.read(CHUNK):
                if downstream:
                    await self._metered(len(data))
                    self.down += len(data)
                else:
                    self.up += len(data)
                writer.write(data)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def _serve(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(self._pipe(client_reader, server_writer, False),
                             self._pipe(server_reader, client_writer, True))

    def _run(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", 0, backlog=512))
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()
        self._server.close()
        self._loop.close()
