"""What build.py and the tools share: the project's paths, the browsers' flags, messages,
commands and apt."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
PY_SRC = ROOT / "py"
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
LOCK = ROOT / "package-lock.json"
NPM_STAMP = NODE_MODULES / ".rally-lock.sha256"

SITE_PREFIX = "/rally-dominoes/"  # test and bench servers mimic GitHub Pages' sub-path
READY_JS = "document.documentElement.dataset.ready === '1'"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Chromium's sampling heap profiler, drawn by lot in a few per cent of launches, crashes
    # renderers that run WebAssembly on JSPI stacks (web/pyodide-boot.mjs): never draw it.
    "--disable-features=HeapProfilerReporting",
]


def say(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    say("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], check=kw.pop("check", True), **kw)


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def apt_install(*packages: str) -> bool:
    """apt-get install, when this is a Debian-like machine and we may; False otherwise."""
    if not (shutil.which("apt-get") and is_root()):
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update", "-qq"], env=env, check=False, stdin=subprocess.DEVNULL)
    done = run(
        ["apt-get", "install", "-y", "-qq", *packages],  # with recommends: fonts
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    return done.returncode == 0


def dist_files(root: Path = DIST) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
