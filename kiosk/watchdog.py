#!/usr/bin/env python3
"""Keep a Rally Dominoes kiosk on screen: start Chromium in kiosk mode, watch it, and bring
it back when it fails (docs/kiosk.md, "The watchdog").

    python3 kiosk/watchdog.py --url "http://127.0.0.1:8000/?kiosk=1"

Chromium does not reload a page whose renderer crashed ("Aw, Snap!"), and nothing restarts
a browser that quit or hung. This script starts Chromium with the kiosk's flags and talks
to it over the DevTools protocol on a pipe (``--remote-debugging-pipe``: no port open to
anyone). Every few seconds it asks the page whether it is ready; and:

- the page's renderer crashed, or the page has not answered for a while: the page is
  opened again (a new tab with the same address, then the old one closed);
- Chromium exited, or stopped answering: it is killed if need be and started again, with
  a short wait that grows while it keeps failing (at most a minute).

The game itself saves after every move, so a page opened again comes back where it was.
Standard library only (Python 3.9 or newer); Linux and macOS. It logs one line a
change to its standard output. Ctrl+C (or SIGTERM, as systemd sends) closes Chromium and
ends it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

# The flags of docs/kiosk.md: full screen with nothing to leave by, no pop-ups, no
# translate bar or update nagging, and Chromium's sampling heap profiler never drawn (it
# crashes renderers that run WebAssembly on secondary stacks, as the game's Python does).
KIOSK_FLAGS = [
    "--kiosk", "--noerrdialogs", "--disable-infobars", "--no-first-run",
    "--hide-crash-restore-bubble", "--disable-pinch", "--overscroll-history-navigation=0",
    "--disable-features=Translate,HeapProfilerReporting",
    "--check-for-update-interval=31536000", "--password-store=basic",
]
READY_JS = "document.documentElement.dataset.ready === '1'"  # the game's own mark
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome",
         "msedge")


def log(text: str) -> None:
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S')} watchdog: {text}", flush=True)


def find_chromium() -> str | None:
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def tidy_profile(profile: Path) -> None:
    """After a power cut Chromium offers to "restore pages": tell it all went well."""
    prefs = profile / "Default" / "Preferences"
    try:
        data = json.loads(prefs.read_text(encoding="utf-8"))
        data.setdefault("profile", {}).update(exit_type="Normal", exited_cleanly=True)
        prefs.write_text(json.dumps(data), encoding="utf-8")
    except (OSError, ValueError, AttributeError):
        pass  # no profile yet, or one we cannot read: Chromium makes or mends its own


class Gone(Exception):
    """Chromium exited, or stopped answering on the pipe."""


class Chromium:
    """One Chromium process and the DevTools pipe to it: messages are JSON, each ended by a
    NUL byte; Chromium reads fd 3 and writes fd 4."""

    def __init__(self, exe: str, url: str, profile: Path, extra: list[str]):
        self.url = url
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        args = [exe, *KIOSK_FLAGS, *extra, f"--user-data-dir={profile}",
                "--remote-debugging-pipe", url]

        def fds() -> None:  # in the child, before exec: the pipe's ends as fds 3 and 4
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)  # out of 3 and 4's way
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=fds,
                                     stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        os.set_blocking(self._from_chrome, False)
        self._buf = b""
        self._id = 0
        self.events: list[dict] = []
        self.session: str | None = None
        self.target: str | None = None

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        for fd in (self._to_chrome, self._from_chrome):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    # ---- the pipe ---------------------------------------------------------------------
    def _read(self, timeout: float) -> None:
        import select

        ready, _, _ = select.select([self._from_chrome], [], [], timeout)
        if not ready:
            return
        try:
            chunk = os.read(self._from_chrome, 1 << 20)
        except BlockingIOError:
            return
        except OSError as e:
            raise Gone(f"the pipe broke ({e})") from None
        if not chunk:
            raise Gone("the pipe closed")
        self._buf += chunk
        while b"\0" in self._buf:
            raw, self._buf = self._buf.split(b"\0", 1)
            try:
                self.events.append(json.loads(raw))
            except ValueError:
                pass

    def send(self, method: str, params: dict | None = None, session: str | None = None,
             timeout: float = 10.0) -> dict:
        """A command's result; Gone when no answer comes in ``timeout`` seconds."""
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        try:
            os.write(self._to_chrome, json.dumps(msg).encode() + b"\0")
        except OSError as e:
            raise Gone(f"the pipe broke ({e})") from None
        end = time.monotonic() + timeout
        while True:
            for i, m in enumerate(self.events):
                if m.get("id") == self._id:
                    del self.events[i]
                    if "error" in m:
                        raise RuntimeError(f"{method}: {m['error'].get('message')}")
                    return m.get("result", {})
            if session and any(map(self.crashed, self.events)):
                raise RuntimeError(f"{method}: the page crashed")  # no answer will come
            left = end - time.monotonic()
            if left <= 0 or not self.alive():
                raise Gone(f"no answer to {method}")
            self._read(min(left, 0.5))

    def crashed(self, m: dict) -> bool:
        """Whether ``m`` says the watched page's renderer is gone."""
        if m.get("method") == "Target.targetCrashed":
            return m.get("params", {}).get("targetId") == self.target
        return m.get("method") == "Inspector.targetCrashed" and m.get("sessionId") == self.session

    def pop_events(self) -> list[dict]:
        """The events (messages without an id) that came since the last call."""
        try:
            self._read(0)
        except Gone:
            pass
        out = [m for m in self.events if "id" not in m]
        self.events = [m for m in self.events if "id" in m]
        return out

    # ---- the page ---------------------------------------------------------------------
    def attach(self) -> None:
        """Watch the kiosk's page: the first page target (one is opened when none is)."""
        self.send("Target.setDiscoverTargets", {"discover": True})
        pages = [t for t in self.send("Target.getTargets")["targetInfos"]
                 if t["type"] == "page"]
        target = pages[0]["targetId"] if pages else self.send(
            "Target.createTarget", {"url": self.url})["targetId"]
        self._attach(target)

    def _attach(self, target: str) -> None:
        self.target = target
        self.session = self.send("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]

    def reopen(self) -> None:
        """The page opened again: a new tab at the kiosk's address, then the old one
        closed (closing the only tab first would end a kiosk browser)."""
        old = self.target
        new = self.send("Target.createTarget", {"url": self.url})["targetId"]
        self._attach(new)
        if old:
            try:
                self.send("Target.closeTarget", {"targetId": old})
            except RuntimeError:
                pass  # already gone

    def ready(self, ready_js: str, timeout: float) -> bool | None:
        """True when the page says it is ready, False when not yet, None when it did not
        answer in ``timeout`` seconds (a hung or crashed renderer)."""
        try:
            r = self.send("Runtime.evaluate", {"expression": f"!!({ready_js})",
                                               "returnByValue": True},
                          session=self.session, timeout=timeout)
        except Gone:
            if not self.alive():
                raise
            return None
        except RuntimeError:
            return None  # the session went with a crashed renderer
        return bool(r.get("result", {}).get("value"))


def watch(browser: Chromium, args: argparse.Namespace, stop: list) -> str:
    """Watch one Chromium until it exits or hangs; returns why it ended."""
    browser.send("Browser.getVersion", timeout=60)  # Chromium is up and talking
    browser.attach()
    was_ready = False
    since = time.monotonic()  # since when the page has been not ready or not answering
    while not stop:
        time.sleep(args.check)
        if not browser.alive():
            return f"Chromium exited (code {browser.proc.returncode})"
        crashed = [e for e in browser.pop_events() if browser.crashed(e)]
        if crashed:
            status = crashed[0].get("params", {}).get("status", "crashed")
            log(f"the page's renderer {status}: opening the page again")
            browser.reopen()
            was_ready, since = False, time.monotonic()
            continue
        try:
            browser.send("Browser.getVersion", timeout=args.hang)
        except Gone:
            return "Chromium stopped answering"
        state = browser.ready(args.ready_js, timeout=args.hang)
        if state:
            if not was_ready:
                log("the page is ready")
            was_ready, since = True, time.monotonic()
        elif time.monotonic() - since > args.patience:
            what = "did not answer" if state is None else "was not ready"
            log(f"the page {what} for {args.patience:.0f} s: opening it again")
            browser.reopen()
            was_ready, since = False, time.monotonic()
    return "asked to stop"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default="http://127.0.0.1:8000/?kiosk=1")
    p.add_argument("--chromium", default=None, help="the browser (default: found on PATH)")
    p.add_argument("--profile", default=str(Path.home() / ".config" / "rally-kiosk"),
                   help="Chromium's profile folder: the saved game, settings and offline "
                        "copy live there (keep it the same at every start)")
    p.add_argument("--check", type=float, default=5, help="seconds between checks")
    p.add_argument("--hang", type=float, default=20,
                   help="seconds Chromium or the page may take to answer")
    p.add_argument("--patience", type=float, default=180,
                   help="seconds the page may stay not ready (or silent) before it is "
                        "opened again")
    p.add_argument("--ready-js", default=READY_JS,
                   help="what the page answers when it is ready (JavaScript)")
    p.add_argument("--headless", action="store_true",
                   help="no window (for testing the watchdog itself)")
    p.add_argument("chromium_args", nargs="*", help="more Chromium flags, after --")
    args = p.parse_args(argv)
    exe = args.chromium or find_chromium()
    if not exe:
        log("no Chromium found: give its path with --chromium")
        return 2
    profile = Path(args.profile)
    profile.mkdir(parents=True, exist_ok=True)
    extra = list(args.chromium_args)
    if args.headless:
        extra += ["--headless=new", "--disable-gpu", "--no-sandbox"]
    stop: list = []

    def on_signal(signum, frame) -> None:
        stop.append(signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    wait = 1.0
    while not stop:
        tidy_profile(profile)
        started = time.monotonic()
        browser = Chromium(exe, args.url, profile, extra)
        log(f"started Chromium (pid {browser.pid}) at {args.url}")
        try:
            why = watch(browser, args, stop)
        except Gone as e:
            why = f"Chromium stopped answering ({e})" if browser.alive() else \
                f"Chromium exited (code {browser.proc.poll()})"
        except RuntimeError as e:
            why = f"the DevTools protocol refused: {e}"
        browser.close()
        if stop:
            break
        wait = 1.0 if time.monotonic() - started > 300 else min(wait * 2, 60.0)
        log(f"{why}: starting it again in {wait:.0f} s")
        end = time.monotonic() + wait
        while not stop and time.monotonic() < end:
            time.sleep(0.2)
    log("stopped: Chromium closed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
