"""The invite link's signalling library, made into one file for dist/ (docs/together.md,
"Links between devices").

@trystero-p2p/mqtt (trystero's MQTT strategy, pinned in package.json) is published as an
ES module with bare imports ("mqtt", "@trystero-p2p/core") that a browser cannot resolve
without an import map or a CDN. esbuild (a devDependency, pinned) joins it and what it
imports into one self-contained module, web/trystero/mqtt.mjs in dist/, beside the
licences of the three packages in it. Nothing is loaded from elsewhere; the page imports
the file only when a player opens an invite link (web/link.mjs).

The file is made again only when package-lock.json or this script changes: the result is
kept in node_modules/.cache/ under that key.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .common import LOCK, NODE_MODULES, say

ENTRY = NODE_MODULES / "@trystero-p2p" / "mqtt" / "dist" / "index.mjs"
ESBUILD = NODE_MODULES / "esbuild" / "bin" / "esbuild"
OUT_DIR = "web/trystero"  # in dist/
MODULE = f"{OUT_DIR}/mqtt.mjs"
LICENCES = f"{OUT_DIR}/LICENSES.txt"
CACHE = NODE_MODULES / ".cache" / "rally-trystero"
# The licence file of each package the bundle may hold, by name in node_modules.
LICENCE_NAMES = ("LICENSE", "LICENSE.md", "LICENSE.txt", "license")
_PACKAGE = re.compile(r"node_modules/((?:@[^/]+/)?[^/]+)/")


def _key() -> str:
    digest = hashlib.sha256(LOCK.read_bytes() + Path(__file__).read_bytes())
    return digest.hexdigest()[:16]


def _licences(meta: dict) -> str:
    """Every package whose code esbuild put in the bundle, with its version and licence
    text; a package with no licence file stops the build."""
    names = sorted({m.group(1) for path in meta["inputs"] if (m := _PACKAGE.search(path))})
    parts = []
    for name in names:
        pkg = NODE_MODULES / name
        info = json.loads((pkg / "package.json").read_text())
        found = [pkg / n for n in LICENCE_NAMES if (pkg / n).exists()]
        if not found:
            sys.exit(f"{name} has no licence file: it cannot be shipped in {MODULE}")
        parts.append(f"{name} {info['version']} ({info.get('license', '?')})\n\n"
                     + found[0].read_text().strip() + "\n")
    return ("Licences of the code in mqtt.mjs, joined by esbuild from these npm packages:\n\n"
            + ("\n" + "=" * 72 + "\n\n").join(parts))


def make(out: Path) -> int:
    """Write the module and its licences under ``out`` (the dist/ being built); returns the
    module's size in bytes."""
    cached = CACHE / _key()
    if not (cached / "mqtt.mjs").exists():
        if not ESBUILD.exists():
            sys.exit("node_modules has no esbuild: run `npm ci` (build.py does when the "
                     "lock file changes)")
        tmp = CACHE / "tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        cmd = [str(ESBUILD), str(ENTRY), "--bundle", "--format=esm", "--platform=browser",
               "--target=es2020", "--minify", "--legal-comments=none",
               f"--metafile={tmp / 'meta.json'}", f"--outfile={tmp / 'mqtt.mjs'}",
               "--log-level=warning"]
        say("bundling the invite link's signalling library with esbuild")
        done = subprocess.run(cmd, cwd=NODE_MODULES.parent, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            sys.exit("esbuild could not bundle @trystero-p2p/mqtt:\n" + done.stderr[-2000:])
        meta = json.loads((tmp / "meta.json").read_text())
        (tmp / "LICENSES.txt").write_text(_licences(meta))
        (tmp / "meta.json").unlink()
        for old in CACHE.iterdir():
            if old.is_dir() and old.name != "tmp":
                shutil.rmtree(old)
        tmp.rename(cached)
    dest = out / OUT_DIR
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cached / "mqtt.mjs", out / MODULE)
    shutil.copyfile(cached / "LICENSES.txt", out / LICENCES)
    return (out / MODULE).stat().st_size
