"""kiosk/watchdog.py against a real headless Chromium: it starts the game in kiosk mode,
opens the page again when its renderer is killed or the page hangs, starts Chromium again
when it dies, and closes it when asked to stop (docs/kiosk.md, "The watchdog")."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

sys.path.insert(0, str(ROOT / "kiosk"))
import watchdog  # noqa: E402

pytestmark = pytest.mark.browser


class Watchdog:
    """The watchdog as a kiosk runs it, its log lines kept as they come."""

    def __init__(self, url: str, profile: Path, *args: str):
        chromium = build.find_chromium()
        if not chromium:
            pytest.skip("no system Chromium")
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "kiosk" / "watchdog.py"), "--url", url,
             "--chromium", chromium, "--profile", str(profile), "--check", "1", "--headless",
             *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, text: str, count: int = 1, timeout: float = 180) -> None:
        end = time.monotonic() + timeout
        while sum(text in x for x in self.lines) < count:
            assert time.monotonic() < end, f"no {text!r} ({count}) in:\n" + "\n".join(
                self.lines)
            assert self.proc.poll() is None, "the watchdog ended:\n" + "\n".join(self.lines)
            time.sleep(0.3)

    def browser_pid(self) -> int:
        return int([x for x in self.lines if "started Chromium (pid" in x][-1]
                   .split("(pid ")[1].split(")")[0])

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(30)


def renderers_of(browser: int) -> list[int]:
    """The renderer processes that descend from Chromium ``browser`` (/proc, Linux)."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            if b"--type=renderer" not in (d / "cmdline").read_bytes():
                continue
            pid = int(d.name)
            while pid > 1:
                pid = int((Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1]
                          .split()[1])
                if pid == browser:
                    out.append(int(d.name))
                    break
        except (OSError, ValueError, IndexError):
            continue
    return out


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return not Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"


def test_the_watchdog_brings_the_game_back_after_a_crash_and_a_dead_browser(
        snapshot_site_url, tmp_path):
    # Each of its three start-ups from the run's start-up snapshot, as a kiosk's return
    # visits are (the watchdog's own Chromium gets no test script but the page's own tag)
    dog = Watchdog(snapshot_site_url + "?kiosk=1", tmp_path / "profile")
    try:
        dog.wait_for("the page is ready")
        browser = dog.browser_pid()
        killed = renderers_of(browser)
        assert killed
        for pid in killed:  # the renderer dies as a crash kills it: "Aw, Snap!"
            os.kill(pid, signal.SIGKILL)
        dog.wait_for("opening the page again")
        dog.wait_for("the page is ready", count=2)
        assert dog.browser_pid() == browser
        os.kill(browser, signal.SIGKILL)  # the browser dies
        dog.wait_for("Chromium exited")
        dog.wait_for("the page is ready", count=3)
        again = dog.browser_pid()
        assert again != browser
    finally:
        code = dog.stop()
    assert code == 0 and "stopped: Chromium closed" in dog.lines[-1]
    time.sleep(1)
    assert not alive(again)


def test_a_page_that_hangs_is_opened_again(tmp_path):
    hangs = ("data:text/html,<title>x</title><script>onload = () => setTimeout(() => "
             "{ document.title = 'ready'; setTimeout(() => { for (;;) {} }, 1500) }, 10)"
             "</script>")
    dog = Watchdog(hangs, tmp_path / "profile", "--ready-js", "document.title === 'ready'",
                   "--hang", "2", "--patience", "5")
    try:
        dog.wait_for("the page is ready", timeout=90)
        dog.wait_for("the page did not answer for 5 s: opening it again", timeout=90)
        dog.wait_for("the page is ready", count=2, timeout=90)
    finally:
        assert dog.stop() == 0


def test_after_a_power_cut_chromium_is_told_all_went_well(tmp_path):
    prefs = tmp_path / "Default" / "Preferences"
    prefs.parent.mkdir(parents=True)
    prefs.write_text(json.dumps({"profile": {"exit_type": "Crashed", "exited_cleanly": False,
                                             "name": "Kiosk"}}))
    watchdog.tidy_profile(tmp_path)
    assert json.loads(prefs.read_text())["profile"] == {
        "exit_type": "Normal", "exited_cleanly": True, "name": "Kiosk"}
    watchdog.tidy_profile(tmp_path / "none")  # no profile yet: nothing to do
