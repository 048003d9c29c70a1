"""A student's or a teacher's device for the tests, speaking the class's protocol over a real WebSocket."""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Coroutine
from typing import Any

from tornado.websocket import websocket_connect


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coroutine`` to its end on an event loop of its own thread, and give its result (or raise its error).
    Not ``asyncio.run`` in the test's thread: a browser test earlier in the same process leaves Playwright's
    loop running there, and ``asyncio.run`` refuses to start beside it."""
    outcome: dict[str, Any] = {}

    def main() -> None:
        try:
            outcome["result"] = asyncio.run(coroutine)
        except BaseException as err:  # noqa: BLE001 - given back to the test's thread as it was
            outcome["error"] = err

    thread = threading.Thread(target=main, name="class-test-devices")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"]


def join(base: str, code: str, name: str) -> dict:
    """Join the class at ``base`` (``http://127.0.0.1:PORT``); the answer (the secret, or the error)."""
    request = urllib.request.Request(f"{base}/class/join", data=json.dumps({"code": code, "name": name}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as err:
        return {"status": err.code, **json.loads(err.read())}


class Device:
    """One socket: ``start`` says hello, ``send`` waits for the server's answer, ``boards`` holds the values."""

    def __init__(self, base: str, secret: str, path: str = "/class/socket", page: str = "class") -> None:
        self.url = base.replace("http://", "ws://") + path
        self.secret, self.page = secret, page
        self.got: list[dict] = []
        self.raw: list[str] = []
        self.boards: dict[tuple[str, int], dict] = {}
        self.waiting: dict[str, asyncio.Future] = {}
        self.count = 0
        self.closed: tuple[int | None, str | None] | None = None
        #: The last state of the table this device was told (it comes alone, or with the table's values).
        self.info: dict | None = None
        self.changed = asyncio.Event()

    async def start(self, hello: bool = True) -> Device:
        self.socket = await websocket_connect(self.url)
        if hello:
            await self.socket.write_message(json.dumps({"type": "hello", "secret": self.secret, "page": self.page}))
        self.reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        while True:
            text = await self.socket.read_message()
            if text is None:
                self.closed = (self.socket.close_code, self.socket.close_reason)
                self.changed.set()
                for future in self.waiting.values():
                    if not future.done():
                        future.set_result({"type": "closed"})
                return
            self.raw.append(text)
            message = json.loads(text)
            self.got.append(message)
            if message.get("table"):
                self.info = message["table"]
            if message.get("type") == "values":
                key = (message["board"], message["id"])
                if message["full"]:
                    self.boards[key] = {}
                self.boards.setdefault(key, {}).update(message["values"])
            if message.get("type") in ("ack", "refused") and message.get("id") in self.waiting:
                self.waiting.pop(message["id"]).set_result(message)
            self.changed.set()

    async def send(self, message: dict, message_id: str | None = None, timeout: float = 20) -> dict:
        """Send ``message`` with an id (a fresh one, or ``message_id``) and wait for its ack or refusal."""
        self.count += 1
        message_id = message_id or f"t:{self.count}"
        future = asyncio.get_running_loop().create_future()
        self.waiting[message_id] = future
        await self.socket.write_message(json.dumps({**message, "id": message_id}))
        return await asyncio.wait_for(future, timeout)

    async def wait_for(self, test, timeout: float = 20) -> None:
        """Wait until ``test()`` holds (checked after every message)."""
        async def until():
            while not test():
                self.changed.clear()
                await self.changed.wait()
        await asyncio.wait_for(until(), timeout)

    def last(self, kind: str) -> dict | None:
        return next((m for m in reversed(self.got) if m.get("type") == kind), None)

    def table(self) -> tuple[int, dict] | None:
        if not self.info:
            return None
        return self.info["id"], self.boards.get(("table", self.info["id"]), {})

    def legal(self) -> list[str]:
        table = self.table()
        return [a["notation"] for a in table[1].get("scene", {}).get("actions", [])] if table else []

    def close(self) -> None:
        self.socket.close()
