"""WebKit (WebKitGTK's WebKitWebDriver, through Selenium) and Firefox (Marionette) behind
one small interface, for the smoke tests in this folder and `build.py bench boot`.

Neither takes Playwright's init scripts nor clicks an SVG ``<g>``: a test reads the page
with JavaScript and taps with W3C pointer actions at a place's centre, as a finger would.
"""

from __future__ import annotations

import base64
import contextlib
import glob
import os
import select
import shutil
import socket
import subprocess
import time
from pathlib import Path

BROWSERS = ("webkit", "firefox")
WEBDRIVER = "WebKitWebDriver"
MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.*/MiniBrowser"
FIREFOX_NAMES = ("firefox-esr", "firefox")
WINDOW = (1280, 900)


class Unavailable(RuntimeError):
    """The browser, its driver or the virtual screen it needs is not on this machine."""


def minibrowser() -> str | None:
    found = sorted(glob.glob(MINIBROWSER_GLOB))
    return found[-1] if found else None


def firefox_binary() -> str | None:
    return next(filter(None, map(shutil.which, FIREFOX_NAMES)), None)


def missing(name: str) -> list[str]:
    """What ``name`` ("webkit" or "firefox") lacks on this machine: programs to install."""
    if name == "webkit":
        lacks = [p for p in (WEBDRIVER, "Xvfb") if shutil.which(p) is None]
        return lacks + ([] if minibrowser() else ["MiniBrowser"])
    return [] if firefox_binary() else ["firefox"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise Unavailable(f"{proc.args[0]} stopped at once (exit code {proc.returncode})")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.2)
    raise Unavailable(f"{proc.args[0]} did not listen on port {port} in {seconds:.0f} s")


class Display:
    """A virtual X screen (Xvfb) for WebKitGTK, which cannot run headless."""

    def __init__(self, size: str = "1600x1200x24"):
        if shutil.which("Xvfb") is None:
            raise Unavailable("Xvfb is not installed (apt package xvfb)")
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp"],
            pass_fds=[write], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        try:  # Xvfb writes the number, then a newline: it stops if the pipe shuts before
            while not number.endswith(b"\n"):
                ready, _, _ = select.select([read], [], [], 60)
                chunk = os.read(read, 16) if ready else b""
                if not chunk:
                    break
                number += chunk
        finally:
            os.close(read)
        number = number.decode().strip()
        if not number.isdigit():
            self.close()
            raise Unavailable("Xvfb did not start")
        self.name = f":{number}"

    def close(self) -> None:
        stop(self.proc)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(15)


def unloading(exc: Exception) -> bool:
    """A script the page's own navigation cut off (a reload under way): WebKitWebDriver
    says "Callback was not called before the unload event", Marionette that the document
    was unloaded."""
    text = f"{type(exc).__name__} {exc}".lower()
    return "unload" in text or "navigat" in text


class Driver:
    """A browser window: ``run`` a script (a function body; ``arguments`` holds the
    arguments), ``tap`` at a point of the viewport, ``goto``, ``screenshot``, ``close``."""

    name = ""
    version = ""

    def run(self, script: str, *args):
        raise NotImplementedError

    def perform(self, actions: list[dict]) -> None:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def tap(self, x: float, y: float) -> None:
        """A press and release of the primary button at (x, y) of the viewport."""
        self.perform([{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "duration": 0, "origin": "viewport",
                 "x": round(x), "y": round(y)},
                {"type": "pointerDown", "button": 0},
                {"type": "pause", "duration": 50},
                {"type": "pointerUp", "button": 0},
            ]}])

    def wait(self, condition: str, seconds: float, what: str, *args):
        """Poll the script ``condition`` until it returns something true; return that.
        A guard against a hang, never a measure: generous on purpose."""
        end = time.monotonic() + seconds
        while True:
            try:
                value = self.run(condition, *args)
            except Exception as exc:  # a script cut off by the page going away: ask again
                if not unloading(exc) or time.monotonic() > end:
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.name}: waited {seconds:.0f} s for {what}")
            time.sleep(0.25)

    def __enter__(self) -> Driver:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class WebKit(Driver):
    """MiniBrowser (WebKitGTK) under WebKitWebDriver, on a virtual screen. The driver is
    started here and Selenium connects to it: WebKitWebDriver refuses the browserName
    Selenium's own WebKitGTK service sends."""

    name = "webkit"

    def __init__(self, display: str, log: Path | None = None):
        from selenium import webdriver
        from selenium.webdriver.common.options import ArgOptions
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection

        browser = minibrowser()
        if shutil.which(WEBDRIVER) is None or browser is None:
            raise Unavailable("WebKitWebDriver is not installed (apt package webkit2gtk-driver)")
        port = free_port()
        out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 (closed in close)
        self._log = out
        self.proc = subprocess.Popen([WEBDRIVER, f"--port={port}"],
                                     env={**os.environ, "DISPLAY": display},
                                     stdin=subprocess.DEVNULL, stdout=out, stderr=out)
        try:
            wait_for_port(port, self.proc, 60)
            options = ArgOptions()
            options.set_capability("webkitgtk:browserOptions",
                                   {"binary": browser, "args": ["--automation"]})
            # A driver that never answers (no display) fails in 5 minutes, not never.
            config = ClientConfig(f"http://127.0.0.1:{port}", timeout=300)
            self.d = webdriver.Remote(RemoteConnection(client_config=config), options=options)
            self.d.set_window_rect(0, 0, *WINDOW)
            self.d.set_script_timeout(120)
        except BaseException:
            self._stop()
            raise
        self.version = f"WebKitGTK {self.d.capabilities.get('browserVersion', '?')}"

    def run(self, script: str, *args):
        return self.d.execute_script(script, *args)

    def perform(self, actions: list[dict]) -> None:
        from selenium.webdriver.remote.command import Command

        self.d.execute(Command.W3C_ACTIONS, {"actions": actions})

    def goto(self, url: str) -> None:
        self.d.get(url)

    def screenshot(self, path: Path) -> None:
        self.d.save_screenshot(str(path))

    def _stop(self) -> None:
        stop(self.proc)
        if self._log is not subprocess.DEVNULL:
            self._log.close()

    def close(self) -> None:
        try:
            with contextlib.suppress(Exception):
                self.d.quit()
        finally:
            self._stop()


class Firefox(Driver):
    """Firefox (ESR), headless, driven through Marionette: there is no geckodriver here.
    Marionette's refresh skips the service worker, so a test reloads with
    ``location.reload()``, as a person would."""

    name = "firefox"

    def __init__(self, log: Path | None = None):
        from marionette_driver.marionette import Marionette

        binary = firefox_binary()
        if binary is None:
            raise Unavailable("Firefox is not installed (apt package firefox-esr)")
        kwargs = {"gecko_log": str(log)} if log else {}
        self.m = Marionette(bin=binary, port=0, headless=True, startup_timeout=180, **kwargs)
        try:
            self.m.start_session()
            self.m.set_window_rect(width=WINDOW[0], height=WINDOW[1])
            self.m.timeout.script = 120
        except BaseException:
            self._stop()
            raise
        self.version = f"Firefox {self.m.session_capabilities.get('browserVersion', '?')}"

    def run(self, script: str, *args):
        # No sandbox: the script sees the page's own objects (window.rallyBoot).
        return self.m.execute_script(script, script_args=list(args), sandbox=None,
                                     new_sandbox=False)

    def perform(self, actions: list[dict]) -> None:
        self.m._send_message("WebDriver:PerformActions", {"actions": actions})

    def goto(self, url: str) -> None:
        self.m.navigate(url)

    def screenshot(self, path: Path) -> None:
        Path(path).write_bytes(base64.b64decode(self.m.screenshot(full=False)))

    def _stop(self) -> None:
        with contextlib.suppress(Exception):
            self.m.cleanup()
        # Its profile is gone with cleanup(); nothing is left for the collector to remove.
        self.m.instance = None

    def close(self) -> None:
        self._stop()


def open_browser(name: str, display: str | None = None, log: Path | None = None) -> Driver:
    if name == "webkit":
        if display is None:
            raise Unavailable("WebKitGTK needs an X display")
        return WebKit(display, log)
    return Firefox(log)
