"""The browsers a class uses besides Chromium, driven from Python: Firefox ESR and WebKitGTK, both from Debian.

- **Firefox** through WebDriver BiDi (the W3C protocol Firefox speaks over a websocket: ``--remote-debugging-port``),
  with ``websocket-client``; a fresh profile in a temporary folder, headless.
- **WebKit** (Safari's engine family, as on a class's iPads) through ``WebKitWebDriver`` (classic W3C
  WebDriver over HTTP) and its ``MiniBrowser``, on a virtual screen (``Xvfb``).

Both give the same small interface, enough for the live book's smoke tests and the bench: ``open(url)``,
``reload()``, ``back()``, ``run(script)`` (an async function body whose returned value comes back through JSON),
``problems()`` (errors the page reported) and ``close()``. Nothing is downloaded: both browsers come
from Debian's packages (``tools/test.sh`` installs them as root); ``find_firefox()`` and ``find_webkit()``
say what is missing, for a skip message.

Every server, browser and virtual screen runs in its own process group and is ended with it.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

FIREFOX = ("firefox-esr", "firefox")
WEBKIT_DRIVER = "WebKitWebDriver"
MINIBROWSER = ("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
               "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/libexec/webkit2gtk-4.1/MiniBrowser")
START_SECONDS = 60
#: The longest a script may run in a page (a test's own waits end sooner, with their own message).
SCRIPT_SECONDS = 300
#: A Firefox profile for tests: no updates, telemetry, first-run pages or background requests.
FIREFOX_PREFS = {
    "app.update.enabled": False, "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore", "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False, "toolkit.telemetry.reportingpolicy.firstRun": False,
    "network.captive-portal-service.enabled": False, "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False, "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False, "browser.newtabpage.enabled": False, "remote.prefs.recommended": True,
    "app.normandy.enabled": False, "messaging-system.rsexperimentloader.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/", "browser.region.network.url": "",
}

#: Wraps a script as an async function whose value returns as JSON (either protocol carries a string).
WRAP = "(async () => { const value = await (async () => { %s })(); return JSON.stringify(value ?? null); })()"
#: Collects the page's errors where the protocol cannot report them (WebKit's classic WebDriver).
ERRORS = """
if (!window.__captureErrors) {
  window.__captureErrors = [];
  addEventListener("error", (e) => window.__captureErrors.push(`error: ${e.message}`));
  addEventListener("unhandledrejection", (e) => window.__captureErrors.push(`rejected: ${e.reason}`));
  const original = console.error.bind(console);
  console.error = (...args) => { window.__captureErrors.push(`console: ${args.join(" ")}`); original(...args); };
}
"""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def find_firefox() -> str | None:
    """Firefox's command, or None."""
    return next((path for name in FIREFOX if (path := shutil.which(name))), None)


def find_webkit() -> tuple[str, str] | None:
    """``(WebKitWebDriver, MiniBrowser)``, or None where either (or Xvfb) is missing."""
    driver = shutil.which(WEBKIT_DRIVER)
    browser = next((path for path in MINIBROWSER if os.path.exists(path)), None)
    return (driver, browser) if driver and browser and shutil.which("Xvfb") else None


def _stop(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(5)


def _start(command: list[str], log: pathlib.Path, env: dict | None = None) -> subprocess.Popen:
    with open(log, "wb") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                env=env or dict(os.environ))


class ScriptFailed(AssertionError):
    """A script the browser ran threw; the message is the browser's."""


class Firefox:
    """Firefox ESR, headless, driven through WebDriver BiDi."""

    name = "Firefox"

    def __init__(self) -> None:
        import websocket  # websocket-client: installed with Jupyter's server, which the test extra brings

        command = find_firefox()
        if command is None:
            raise FileNotFoundError("firefox-esr is not installed")
        self.home = pathlib.Path(tempfile.mkdtemp(prefix="capture-firefox-"))
        profile = self.home / "profile"
        profile.mkdir()
        (profile / "user.js").write_text("".join(f'user_pref("{k}", {json.dumps(v)});\n'
                                                 for k, v in FIREFOX_PREFS.items()), encoding="utf-8")
        port = free_port()
        env = dict(os.environ, MOZ_HEADLESS="1", HOME=str(self.home))
        self.process = _start([command, "--headless", "--no-remote", "--profile", str(profile),
                               "--remote-debugging-port", str(port), "about:blank"], self.home / "firefox.log", env)
        self.ids = itertools.count(1)
        self.events: list[dict] = []
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                self.socket = websocket.create_connection(f"ws://127.0.0.1:{port}/session", timeout=START_SECONDS,
                                                           suppress_origin=True)  # Firefox refuses web pages
                break
            except (OSError, websocket.WebSocketException):
                if time.monotonic() > deadline or self.process.poll() is not None:
                    tail = self.log_tail()
                    self.close()
                    raise RuntimeError(f"Firefox's WebDriver BiDi did not answer: {tail}") from None
                time.sleep(0.2)
        self.version = self.command("session.new", {"capabilities": {}})["capabilities"].get("browserVersion", "")
        self.command("session.subscribe", {"events": ["log.entryAdded"]})
        self.context = self.command("browsingContext.getTree", {})["contexts"][0]["context"]

    def log_tail(self) -> str:
        """The end of Firefox's own output, for failure messages."""
        log = self.home / "firefox.log"
        return log.read_text(errors="replace")[-2000:] if log.exists() else ""

    def command(self, method: str, params: dict, timeout: float = 120) -> dict:
        """Send one BiDi command and wait for its answer (events met meanwhile are kept)."""
        number = next(self.ids)
        self.socket.settimeout(timeout)
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == number:
                if message.get("type") == "error":
                    raise RuntimeError(f"{method}: {message.get('error')}: {message.get('message')}")
                return message["result"]
            if message.get("type") == "event":
                self.events.append(message)

    def open(self, url: str) -> None:
        """Go to ``url`` and wait for its load event."""
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        """Reload the page and wait for its load event."""
        self.command("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def back(self) -> None:
        """Go back one page in the tab's history (the page may come back from the back-forward cache) and wait
        until it is there and loaded."""
        left = self.run("return location.href;")
        self.command("browsingContext.traverseHistory", {"context": self.context, "delta": -1})
        settle(self, left)

    def run(self, body: str, timeout: float = SCRIPT_SECONDS):
        """Run ``body`` (an async function's body) in the page; its returned value, through JSON."""
        result = self.command("script.evaluate", {"expression": WRAP % body, "target": {"context": self.context},
                                                  "awaitPromise": True, "resultOwnership": "none"}, timeout)
        if result["type"] == "exception":
            details = result["exceptionDetails"]
            raise ScriptFailed(details.get("text") or json.dumps(details)[:500])
        return json.loads(result["result"]["value"])

    def problems(self) -> list[str]:
        """The errors the page logged or threw so far (BiDi's ``log.entryAdded``, level error)."""
        return [f"{event['params'].get('type')}: {event['params'].get('text')}" for event in self.events
                if event.get("method") == "log.entryAdded" and event["params"].get("level") == "error"]

    def close(self) -> None:
        """End the session and Firefox."""
        if getattr(self, "socket", None) is not None:
            with contextlib.suppress(Exception):
                self.command("session.end", {}, timeout=5)
            with contextlib.suppress(Exception):
                self.socket.close()
        _stop(self.process)
        shutil.rmtree(self.home, ignore_errors=True)


class WebKit:
    """WebKitGTK's MiniBrowser on a virtual screen, driven through WebKitWebDriver (classic WebDriver)."""

    name = "WebKit"

    def __init__(self, settings: dict[str, str] | None = None) -> None:
        """Starts the browser; ``settings`` are extra environment variables for it (JavaScriptCore reads its
        own, ``JSC_*``, from there: the bench compares them, ``bench_browsers.py --jsc``)."""
        found = find_webkit()
        if found is None:
            raise FileNotFoundError("WebKitWebDriver, the MiniBrowser or Xvfb is not installed")
        driver, browser = found
        self.home = pathlib.Path(tempfile.mkdtemp(prefix="capture-webkit-"))
        self.screen = self.driver = None
        self.screen, display = self._start_screen()
        port = free_port()
        env = dict(os.environ, DISPLAY=f":{display}", HOME=str(self.home), XDG_CACHE_HOME=str(self.home / "cache"),
                   XDG_DATA_HOME=str(self.home / "data"), WEBKIT_DISABLE_COMPOSITING_MODE="1", **(settings or {}))
        self.driver = _start([driver, f"--port={port}", "--host=127.0.0.1"], self.home / "driver.log", env)
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                self._call("GET", "/status")
                break
            except OSError:
                if time.monotonic() > deadline or self.driver.poll() is not None:
                    tail = self.log_tail()
                    self.close()
                    raise RuntimeError(f"WebKitWebDriver did not answer: {tail}") from None
                time.sleep(0.2)
        capabilities = {"alwaysMatch": {"webkitgtk:browserOptions": {"binary": browser, "args": ["--automation"]}}}
        answer = self._call("POST", "/session", {"capabilities": capabilities})
        self.session = f"/session/{answer['sessionId']}"
        self.version = answer["capabilities"].get("browserVersion", "")
        self._call("POST", f"{self.session}/timeouts", {"script": SCRIPT_SECONDS * 1000, "pageLoad": 120_000})

    def _start_screen(self) -> tuple[subprocess.Popen, int]:
        """Start Xvfb on a display number it picks itself and writes to a pipe (``-displayfd``): two test runs side
        by side never take the same one, as they could when a free number was looked for first."""
        read, write = os.pipe()
        try:
            with open(self.home / "xvfb.log", "wb") as out:
                screen = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                                           "-nolisten", "tcp"], stdout=out, stderr=subprocess.STDOUT,
                                          start_new_session=True, pass_fds=(write,))
            os.close(write)
            write = -1
            with os.fdopen(read, "rb") as pipe:
                read = -1
                said = pipe.readline().strip()  # the number, once the display is ready; nothing if Xvfb failed
        finally:
            for fd in (read, write):
                if fd >= 0:
                    os.close(fd)
        if not said.isdigit():
            screen.kill()
            raise RuntimeError(f"Xvfb did not start: {(self.home / 'xvfb.log').read_text(errors='replace')[-500:]}")
        return screen, int(said)

    def log_tail(self) -> str:
        """The end of the driver's output, for failure messages."""
        log = self.home / "driver.log"
        return log.read_text(errors="replace")[-2000:] if log.exists() else ""

    def _call(self, method: str, path: str, body: dict | None = None, timeout: float = 150):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return json.loads(answer.read() or b"{}").get("value")
        except urllib.error.HTTPError as err:
            value = json.loads(err.read() or b"{}").get("value", {})
            raise ScriptFailed(f"{value.get('error')}: {value.get('message')}") from None

    def open(self, url: str) -> None:
        """Go to ``url`` and wait for its load event; then collect the page's errors from there on."""
        self._call("POST", f"{self.session}/url", {"url": url})
        self._call("POST", f"{self.session}/execute/sync", {"script": ERRORS, "args": []})

    def reload(self) -> None:
        """Reload the page and wait for its load event."""
        self._call("POST", f"{self.session}/refresh", {})
        self._call("POST", f"{self.session}/execute/sync", {"script": ERRORS, "args": []})

    def back(self) -> None:
        """Go back one page in the tab's history (the page may come back from the back-forward cache), wait for
        it, and collect its errors from there on."""
        self._call("POST", f"{self.session}/back", {})
        self._call("POST", f"{self.session}/execute/sync", {"script": ERRORS, "args": []})

    def run(self, body: str, timeout: float = SCRIPT_SECONDS):
        """Run ``body`` (an async function's body) in the page; its returned value, through JSON."""
        script = (f"const done = arguments[arguments.length - 1]; {WRAP % body}"
                  ".then(done, (e) => done(JSON.stringify({__error: String(e && e.message || e)})));")
        value = json.loads(self._call("POST", f"{self.session}/execute/async", {"script": script, "args": []},
                                      timeout=timeout + 30))
        if isinstance(value, dict) and "__error" in value:
            raise ScriptFailed(value["__error"])
        return value

    def problems(self) -> list[str]:
        """The errors the page reported since it loaded (classic WebDriver has no log: a listener collects them)."""
        return self.run("return window.__captureErrors || [];")

    def close(self) -> None:
        """End the session, the driver and the virtual screen."""
        if getattr(self, "session", None):
            with contextlib.suppress(Exception):
                self._call("DELETE", self.session, timeout=10)
        _stop(self.driver)
        _stop(self.screen)
        shutil.rmtree(self.home, ignore_errors=True)


def settle(browser, left: str, target: str | None = None, timeout: float = START_SECONDS) -> None:
    """Wait until ``browser``'s tab has left the page ``left`` for ``target`` (or, without one, for another page
    than a blank one) and that page has loaded. A script run while the tab changes pages may be refused, or run
    in the blank document a navigation passes through: it is run again."""
    check = ("const here = location.href.split('#')[0];"
             f"return here !== {json.dumps(left.split('#')[0])} && here !== 'about:blank'"
             + (f" && here === {json.dumps(target.split('#')[0])}" if target else "")
             + " && document.readyState === 'complete';")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if browser.run(check, timeout=10):
                return
        except (ScriptFailed, RuntimeError, OSError):
            pass  # the page went away under the script
        time.sleep(0.2)
    raise AssertionError(f"{browser.name} did not leave {left} for a loaded page within {timeout} s")


BROWSERS = {"firefox": Firefox, "webkit": WebKit}
