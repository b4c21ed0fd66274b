"""The dev environment and the test run (`build.py test`): .venv with the dev tools, the
Chromium the browser tests drive, WebKit and Firefox for the smoke tests, then ruff and
pytest."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from .common import ROOT, apt_install, run, say

VENV = ROOT / ".venv"
VENV_STAMP = VENV / ".rally-dev.sha256"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
# The browser tests' Chromium: Debian's headless shell, Chromium's own page engine without
# the browser's windows, as Playwright itself uses for headless runs. The browser suite ran
# 1.2-1.3x faster in it than in full Chromium headless (tests/browser kiosk + accessibility:
# 159 s against 204 s; chicken/all fives, kiosk, mexican: 273 s against 320 s, one run each).
HEADLESS_SHELL = Path("/usr/lib/chromium/chromium-headless-shell")


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def dev_requirements() -> list[str]:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return list(data["project"]["optional-dependencies"]["dev"])


def ensure_venv() -> Path:
    """.venv with the dev tools, reinstalled only when pyproject.toml's list changes."""
    py = venv_python()
    if not py.exists():
        say("creating .venv")
        made = run([sys.executable, "-m", "venv", str(VENV)], check=False)
        if made.returncode != 0 or not py.exists():
            # Debian's python3 ships venv's pip bootstrap separately.
            ver = f"python3.{sys.version_info.minor}-venv"
            if not (apt_install(ver) or apt_install("python3-venv")):
                sys.exit("could not create .venv: install python3-venv")
            shutil.rmtree(VENV, ignore_errors=True)
            run([sys.executable, "-m", "venv", str(VENV)])
    reqs = dev_requirements()
    want = hashlib.sha256("\n".join(reqs).encode()).hexdigest()
    if not (VENV_STAMP.exists() and VENV_STAMP.read_text().strip() == want):
        say("installing the dev tools into .venv")
        run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", *reqs],
            stdin=subprocess.DEVNULL)
        VENV_STAMP.write_text(want + "\n")
    return py


def find_chromium() -> str | None:
    env = os.environ.get("RALLY_CHROMIUM")
    if env and Path(env).exists():
        return env
    if SYSTEM_CHROMIUM.exists():
        return str(SYSTEM_CHROMIUM)
    return shutil.which("chromium")


def find_test_chromium() -> str | None:
    """The Chromium the browser tests drive: RALLY_TEST_CHROMIUM, else Debian's headless
    shell, else the full Chromium (find_chromium). The kiosk watchdog's test and the
    benchmarks run the full browser, as a kiosk and a player do."""
    env = os.environ.get("RALLY_TEST_CHROMIUM")
    if env and Path(env).exists():
        return env
    if HEADLESS_SHELL.exists():
        return str(HEADLESS_SHELL)
    return find_chromium()


def ensure_chromium(py: Path) -> str | None:
    """A Chromium for the browser tests: Debian's, else Playwright's own (None). Debian's
    headless shell is installed beside it when apt can (find_test_chromium)."""
    found = find_chromium()
    if found:
        if not HEADLESS_SHELL.exists() and SYSTEM_CHROMIUM.exists():
            apt_install("chromium-headless-shell")  # the tests run without it, only slower
        return found
    if apt_install("chromium"):
        found = find_chromium()
        if found:
            return found
    say("no system Chromium: using Playwright's own browser")
    run([py, "-m", "playwright", "install", "chromium"], stdin=subprocess.DEVNULL)
    return None


# The smoke tests in the other browsers (tests/browsers/, docs/browsers.md): Safari's engine
# as WebKitGTK's MiniBrowser under WebKitWebDriver on a virtual screen, and Firefox ESR
# driven through Marionette. Debian's packages; the tests find them by these paths.
OTHER_BROWSER_PACKAGES = {"webkit2gtk-driver": ("WebKitWebDriver",), "xvfb": ("Xvfb",),
                          "firefox-esr": ("firefox-esr", "firefox")}  # any Firefox will do
OTHER_BROWSERS_ENV = "RALLY_OTHER_BROWSERS"  # "skip": leave those tests out


def missing_other_browsers() -> list[str]:
    """The Debian packages whose programs the other browsers' smoke tests lack here."""
    return [pkg for pkg, progs in OTHER_BROWSER_PACKAGES.items()
            if not any(shutil.which(prog) for prog in progs)]


def ensure_other_browsers() -> str:
    """WebKitGTK, Firefox and Xvfb for tests/browsers/, installed with apt when missing;
    the run stops with what to do when they cannot be had. Returns their versions."""
    if os.environ.get(OTHER_BROWSERS_ENV) == "skip":
        return "not run (RALLY_OTHER_BROWSERS=skip)"
    lacks = missing_other_browsers()
    if lacks:
        say(f"installing the other browsers for the smoke tests: {' '.join(lacks)}")
        apt_install(*lacks)
        lacks = missing_other_browsers()
    if lacks:
        sys.exit(
            "The smoke tests in WebKit and Firefox need the Debian packages "
            f"{', '.join(lacks)}, and apt-get could not install them (it needs root and a "
            "Debian-like system). Install them, or run with RALLY_OTHER_BROWSERS=skip to "
            "leave those tests out.")
    versions = []
    for name, cmd in (("WebKitGTK", ["dpkg-query", "-W", "-f", "${Version}",
                                     "webkit2gtk-driver"]),
                      ("Firefox", [shutil.which("firefox-esr") or "firefox", "--version"])):
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=60,
                                 stdin=subprocess.DEVNULL).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            out = ""
        versions.append(f"{name} {out or 'version unknown'}")
    return ", ".join(versions)


# The invite link's test (tests/browser/test_browser_link.py) starts a mosquitto broker of
# its own on 127.0.0.1 with a websocket listener; the test is skipped where it is missing.
BROKER_PACKAGE = "mosquitto"
BROKER_PATHS = (Path("/usr/sbin/mosquitto"), Path("/usr/bin/mosquitto"))


def find_broker() -> str | None:
    found = shutil.which("mosquitto")
    return found or next((str(p) for p in BROKER_PATHS if p.exists()), None)


def ensure_broker() -> str:
    """mosquitto for the invite link's test, installed with apt when missing and apt can;
    says what the run has."""
    if find_broker() is None:
        say("installing mosquitto for the invite link's test")
        apt_install(BROKER_PACKAGE)
    found = find_broker()
    return found or "none (apt could not install mosquitto): the invite link's test is skipped"


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def reexec_in_venv(py: Path, argv: list[str], chromium: str | None) -> int:
    env = dict(os.environ)
    if chromium:
        env["RALLY_CHROMIUM"] = chromium
    return subprocess.call([str(py), str(ROOT / "build.py"), *argv], env=env, cwd=ROOT)


def browser_version(chromium: str | None) -> str:
    """What the browser tests run in, as the browser itself says it."""
    if chromium is None:
        return "Playwright's own Chromium"
    try:
        out = subprocess.run([chromium, "--version"], capture_output=True, text=True,
                             timeout=60, stdin=subprocess.DEVNULL).stdout.strip()
    except (OSError, subprocess.SubprocessError) as exc:
        out = f"version unknown: {exc}"
    return f"{chromium} ({out or 'version unknown'})"


def cmd_test(pytest_args: list[str], build: Callable[[], object]) -> int:
    """The dev tools, the browsers, ``build`` (build.py's: dist/), then ruff and pytest."""
    py = ensure_venv()
    chromium = ensure_chromium(py)
    say(f"browser tests run in {browser_version(chromium)}")
    say(f"smoke tests in the other browsers: {ensure_other_browsers()}")
    say(f"MQTT broker for the invite link's test: {ensure_broker()}")
    build()
    env = {**os.environ, "RALLY_DIST_BUILT": "1"}
    if chromium:
        env["RALLY_CHROMIUM"] = chromium
        say(f"browser tests drive {find_test_chromium()}")
    ruff = run([py, "-m", "ruff", "check", "."], cwd=ROOT, check=False, env=env)
    # a worker more than the cores (at most 4): the browser tests wait on timers and
    # paints much of their time, and on 2 cores 3 workers ran the suite in 620 s against
    # 749 s with 2 (docs/benchmarks.md); a -n given after it wins
    workers = ["-n", str(min(4, (os.cpu_count() or 1) + 1))]
    tests = run([py, "-m", "pytest", *workers, *pytest_args], cwd=ROOT, check=False, env=env)
    if not pytest_args:  # the whole run: research/'s own tests too (about 10 s), so the
        # scripts that give docs/ai.md its figures still run; they stay out of the suite
        research = run([py, "-m", "pytest", "research", "-n", "0", "-q"], cwd=ROOT,
                       check=False, env=env)
        tests = tests if tests.returncode else research
    if ruff.returncode:
        # Lint counts: the run fails, after pytest has still said all it has to say.
        say("ruff found problems: see `ruff check .` above")
        return tests.returncode or ruff.returncode
    return tests.returncode
