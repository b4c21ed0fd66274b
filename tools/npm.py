"""The npm packages the site is built from (package-lock.json): Pyodide, PyScript, jsQR,
and trystero's MQTT strategy with esbuild to bundle it (tools/link_bundle.py), installed
into node_modules when missing or out of date."""

from __future__ import annotations

import shutil
import subprocess
import sys

from .common import LOCK, NODE_MODULES, NPM_STAMP, ROOT, apt_install, run, say, sha256_file

# The Pyodide files a page really loads (the rest of the npm package is for Node,
# type checkers and the REPL pages).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

JSQR_FILES = {"jsqr/dist/jsQR.js": "web/jsqr/jsQR.js", "jsqr/LICENSE": "web/jsqr/LICENSE"}


def npm_ready() -> bool:
    if not (NPM_STAMP.exists() and NPM_STAMP.read_text().strip() == sha256_file(LOCK)):
        return False
    needed = [NODE_MODULES / "pyodide" / f for f in PYODIDE_FILES]
    needed.append(NODE_MODULES / "@pyscript" / "core" / "dist" / "core.js")
    needed += [NODE_MODULES / src for src in JSQR_FILES]
    needed += [NODE_MODULES / "@trystero-p2p" / "mqtt" / "dist" / "index.mjs",
               NODE_MODULES / "esbuild" / "bin" / "esbuild"]  # tools/link_bundle.py
    return all(p.exists() for p in needed)


def ensure_npm() -> None:
    """Install node_modules from the lock file when missing or out of date."""
    if npm_ready():
        return
    npm = shutil.which("npm")
    if npm is None and apt_install("nodejs", "npm"):
        npm = shutil.which("npm")
    if npm is None:
        sys.exit("build.py needs Node.js and npm to fetch Pyodide and PyScript: install them.")
    say("node_modules is missing or does not match package-lock.json: npm ci")
    run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, stdin=subprocess.DEVNULL)
    NPM_STAMP.write_text(sha256_file(LOCK) + "\n")
    if not npm_ready():
        sys.exit("npm ci finished but the Pyodide/PyScript files are not there.")
