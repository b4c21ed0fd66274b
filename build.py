#!/usr/bin/env python3
"""Rally Dominoes: build, serve, test and benchmark the static site. Standard library only.

    python3 build.py                      build dist/ (installs the npm packages if needed)
    python3 build.py serve [--port N]     build, then serve dist/ on 127.0.0.1
    python3 build.py test [PYTEST ARGS]   dev tools in .venv, Chromium, build, ruff, pytest
    python3 build.py bench boot [--runs N] [--settle MS] [--browser B]  boot vs a bare page
    python3 build.py bench size           size of dist/ and of a first visit
    python3 build.py bench engine [ARGS]  python -m bones.bench, when the engine has one
    python3 build.py bench ai [--seconds N]  computer move times in the page
    python3 build.py bench soak [--games N]  kiosk attract games in one page: memory, errors
    python3 build.py bench worlds [--levels L] [-k CASE] [--worlds W]  move times in Pyodide
    python3 build.py icons                redraw web/icons/*.png
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import email.utils
import fnmatch
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
PY_SRC = ROOT / "py"
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
LOCK = ROOT / "package-lock.json"
NPM_STAMP = NODE_MODULES / ".rally-lock.sha256"
VENV = ROOT / ".venv"
VENV_STAMP = VENV / ".rally-dev.sha256"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
# The browser tests' Chromium: Debian's headless shell, Chromium's own page engine without
# the browser's windows, as Playwright itself uses for headless runs. The browser suite ran
# 1.2-1.3x faster in it than in full Chromium headless (tests/browser kiosk + accessibility:
# 159 s against 204 s; chicken/all fives, kiosk, mexican: 273 s against 320 s, one run each).
HEADLESS_SHELL = Path("/usr/lib/chromium/chromium-headless-shell")

# The Pyodide files a page really loads (the rest of the npm package is for Node,
# type checkers and the REPL pages).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# @pyscript/core's dist/ minus what this page never loads: source maps, the editor and
# terminal libraries (codemirror, xterm), MicroPython, TOML config parsing (our config is
# JSON), its own zip reader (we import our zip in place) and its service worker helper.
# Its small plugin modules (py-editor, py-terminal, py-game, donkey, ...) are imported by
# every page, so they ship; the big libraries they load on use do not.
# New files in a later PyScript are shipped by default; the browser tests' network checks
# say if anything we dropped is ever requested.
PYSCRIPT_SKIP = (
    "*.map",
    "*.css",
    "codemirror*",
    "index-*.js",
    "xterm*",
    "mpy-*.js",
    "toml-*.js",
    "zip-*.js",
    "pyodide_graph-*.js",
    "service-worker.js",
    "storage.js",
)
BUNDLE = "py/rally.zip"  # every Python package under py/, one request
# Tools for developers that the page never runs: the command line (python -m bones, the
# arena, benchmarks) and the layout's demo drawing. Kept out of the bundle.
DEV_ONLY = (
    "bones/__main__.py",
    "bones/bench.py",
    "bones/ai/arena.py",
    "bones/ai/benchai.py",
    "bones/ai/field.py",
    "bones/layout/__main__.py",
    "bones/layout/preview.py",
)
# The QR code libraries (docs/rally.md, "QR codes: libraries"), loaded by the page only when
# a code is first drawn or read, never at start-up. segno (PyPI, pure Python) makes codes:
# its wheel is fetched by pip, checked against this hash, and its package zipped into
# py/segno.zip. jsQR (npm, pinned in package.json) reads them where the browser has no
# BarcodeDetector: copied with its licence into web/jsqr/.
SEGNO_VERSION = "1.6.6"
SEGNO_WHEEL = f"segno-{SEGNO_VERSION}-py3-none-any.whl"
SEGNO_SHA256 = "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"
SEGNO_BUNDLE = "py/segno.zip"
# What `import segno` and making an SVG need: not the command line, the helpers (vCards,
# Wi-Fi codes) or the type stubs.
SEGNO_MODULES = ("__init__.py", "consts.py", "encoder.py", "utils.py", "writers.py")
WHEEL_CACHE = ROOT / ".cache" / "wheels"
JSQR_FILES = {"jsqr/dist/jsQR.js": "web/jsqr/jsQR.js", "jsqr/LICENSE": "web/jsqr/LICENSE"}
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


# ---------------------------------------------------------------- npm packages


def npm_ready() -> bool:
    if not (NPM_STAMP.exists() and NPM_STAMP.read_text().strip() == sha256_file(LOCK)):
        return False
    needed = [NODE_MODULES / "pyodide" / f for f in PYODIDE_FILES]
    needed.append(NODE_MODULES / "@pyscript" / "core" / "dist" / "core.js")
    needed += [NODE_MODULES / src for src in JSQR_FILES]
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


# ---------------------------------------------------------------- build

_SOURCE_MAP_LINE = re.compile(rb"\n//# sourceMappingURL=[^\n]*\s*$")


def copy_asset(src: Path, dst: Path) -> None:
    """Copy a file; JavaScript loses its source-map comment (we ship no maps)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if src.suffix in (".js", ".mjs"):
        dst.write_bytes(_SOURCE_MAP_LINE.sub(b"\n", src.read_bytes()))
    else:
        shutil.copyfile(src, dst)


def python_packages() -> list[Path]:
    """Every package directly under py/: shipped whole, no hand-kept list."""
    return sorted(p.parent for p in PY_SRC.glob("*/__init__.py"))


def bundle_files() -> list[tuple[Path, str]]:
    """(file, name in the zip) for every module and data file of the packages, but the
    development tools (DEV_ONLY)."""
    out = []
    for pkg in python_packages():
        for path in sorted(pkg.rglob("*")):
            rel = path.relative_to(PY_SRC)
            if (
                path.is_file()
                and "__pycache__" not in rel.parts
                and not any(part.startswith(".") for part in rel.parts)
                and path.suffix not in (".pyc", ".pyo")
                and rel.as_posix() not in DEV_ONLY
            ):
                out.append((path, rel.as_posix()))
    return out


def segno_wheel() -> Path:
    """segno's pinned wheel, from the cache or fetched by pip; refused unless its SHA-256
    is the pinned one (a changed file on the registry, or a damaged download, stops the
    build)."""
    wheel = WHEEL_CACHE / SEGNO_WHEEL
    if not (wheel.exists() and sha256_file(wheel) == SEGNO_SHA256):
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        wheel.unlink(missing_ok=True)
        python = sys.executable
        if subprocess.run([python, "-m", "pip", "--version"], capture_output=True,
                          stdin=subprocess.DEVNULL).returncode != 0:
            python = str(ensure_venv())  # a Python without pip: the dev tools' has one
        run([python, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--disable-pip-version-check", "-d", WHEEL_CACHE, f"segno=={SEGNO_VERSION}"],
            stdin=subprocess.DEVNULL)
    if not wheel.exists():
        sys.exit(f"pip did not fetch {SEGNO_WHEEL}")
    got = sha256_file(wheel)
    if got != SEGNO_SHA256:
        wheel.unlink()
        sys.exit(f"{SEGNO_WHEEL} has SHA-256 {got}, not the pinned {SEGNO_SHA256}: refused")
    return wheel


def write_segno(dest: Path) -> int:
    """py/segno.zip: the segno package from its pinned wheel, with its licence."""
    with zipfile.ZipFile(segno_wheel()) as wheel:
        files = [(f"segno/{name}", wheel.read(f"segno/{name}")) for name in SEGNO_MODULES]
        files.append(("segno/LICENSE",
                      wheel.read(f"segno-{SEGNO_VERSION}.dist-info/licenses/LICENSE")))
    write_zip(dest, files)
    return len(files)


def write_zip(dest: Path, files: list[tuple[str, bytes]]) -> None:
    """A zip of (name, content) pairs. Fixed timestamps: same sources, same bytes."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)


def write_bundle(dest: Path) -> int:
    """The zip the page imports from. Fixed timestamps: same sources, same bytes."""
    files = bundle_files()
    write_zip(dest, [(name, path.read_bytes()) for path, name in files])
    return len(files)


# Run by Node with the vendored Pyodide: adds to the zip a .pyc beside every .py, compiled by
# the very Python the browser runs (3.14), as unchecked hash-based pycs (PEP 552) that
# zipimport loads without compiling. Halves the import time of the game's modules; the .py
# files stay for tracebacks. Any mismatch (bad magic) just falls back to the source.
PYC_SCRIPT = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideMjs, src, dest] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
const py = await loadPyodide();
py.FS.writeFile("/tmp/in.zip", readFileSync(src));
py.runPython(`
import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

with zipfile.ZipFile("/tmp/in.zip") as zin, zipfile.ZipFile("/tmp/out.zip", "w") as zout:
    for info in zin.infolist():
        data = zin.read(info)
        zout.writestr(info, data, zipfile.ZIP_DEFLATED, 9)
        if info.filename.endswith(".py"):
            code = compile(data, info.filename, "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), False)
            pyc_info = zipfile.ZipInfo(info.filename + "c", info.date_time)
            pyc_info.external_attr = info.external_attr
            zout.writestr(pyc_info, pyc, zipfile.ZIP_DEFLATED, 9)
`);
writeFileSync(dest, py.FS.readFile("/tmp/out.zip"));
"""
PYC_CACHE = NODE_MODULES / ".cache" / "rally-pyc"


def precompile_bundle(path: Path) -> bool:
    """Replace the source zip at ``path`` with one that also holds browser-made .pyc files.

    Cached by the zip's and the runtime's content, so an unchanged tree costs nothing.
    """
    node = shutil.which("node")
    runtime = NODE_MODULES / "pyodide" / "pyodide.asm.wasm"
    key = hashlib.sha256(path.read_bytes() + PYC_SCRIPT.encode()
                         + sha256_file(runtime).encode()).hexdigest()[:24]
    cached = PYC_CACHE / f"{key}.zip"
    if not cached.exists():
        if node is None:
            say("no node on PATH: shipping the Python bundle without .pyc files")
            return False
        PYC_CACHE.mkdir(parents=True, exist_ok=True)
        script = PYC_CACHE / "compile.mjs"
        script.write_text(PYC_SCRIPT)
        tmp = cached.with_suffix(".tmp")
        done = subprocess.run(
            [node, str(script), str(NODE_MODULES / "pyodide" / "pyodide.mjs"), str(path),
             str(tmp)],
            capture_output=True, text=True, stdin=subprocess.DEVNULL,
        )
        if done.returncode != 0 or not tmp.exists():
            say("could not precompile the Python bundle (shipping sources only):\n"
                + done.stderr[-2000:])
            return False
        for old in PYC_CACHE.glob("*.zip"):  # drop entries a week old
            if old.stat().st_mtime < time.time() - 7 * 86400:
                old.unlink()
        tmp.replace(cached)
    shutil.copyfile(cached, path)
    return True


def manifest() -> dict:
    icons = []
    for size in (192, 512):
        src = f"web/icons/icon-{size}.png"
        icons.append({"src": src, "sizes": f"{size}x{size}", "type": "image/png"})
        icons.append(
            {"src": src, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "maskable"}
        )
    icons.append({"src": "web/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    return {
        "name": "Rally Dominoes",
        "short_name": "Dominoes",
        "description": "Mexican Train, Chicken Foot and All Fives. Plays offline once loaded.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#1e5a3c",
        "theme_color": "#1e5a3c",
        "icons": icons,
    }


STYLESHEET_LINK = '<link rel="stylesheet" href="web/style.css">'


def page_html() -> str:
    """index.html with web/style.css inlined: a linked stylesheet in the head holds up
    the page's scripts until it arrives, and the loading screen should paint at once."""
    html = (ROOT / "index.html").read_text()
    if STYLESHEET_LINK not in html:
        sys.exit(f"index.html should link the stylesheet as {STYLESHEET_LINK}")
    css = (WEB / "style.css").read_text().strip()
    return html.replace(STYLESHEET_LINK, f"<style>\n{css}\n</style>", 1)


SNAPSHOT_MODULE = "web/pyodide-boot.mjs"
SNAPSHOT_MARK = "__SNAPSHOT_KEY__"


def stamp_snapshot_key(out: Path) -> str:
    """Name the start-up snapshot (web/pyodide-boot.mjs) by everything it is made from:
    the Pyodide build, the game's bundle and the code that makes and loads it. Any change
    makes a new name, and a browser's old snapshot is never used."""
    digest = hashlib.sha256()
    for rel in (*(f"pyodide/{name}" for name in PYODIDE_FILES), BUNDLE,
                "web/snapshot-worker.mjs", SNAPSHOT_MODULE):
        digest.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    key = digest.hexdigest()[:16]
    module = out / SNAPSHOT_MODULE
    text = module.read_text()
    if text.count(SNAPSHOT_MARK) != 1:
        sys.exit(f"{SNAPSHOT_MODULE} should hold {SNAPSHOT_MARK} exactly once")
    module.write_text(text.replace(SNAPSHOT_MARK, key))
    return key


VERSION_MARK = "__VERSION__"
CSP_MARK = "__CONTENT_SECURITY_POLICY__"


def csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def content_security_policy(html: str) -> str:
    """The page's policy (docs/csp.md): its own origin only, plus what Pyodide and
    PyScript need, measured by tests/browser/test_browser_security.py. The inline
    loading script and the inlined stylesheet are allowed by their hashes."""
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    return "; ".join([
        "default-src 'self'",
        # Pyodide compiles WebAssembly ('wasm-unsafe-eval'). PyScript 0.7 builds its worker
        # hooks with Function() on every page and revives them with eval in the worker:
        # 'unsafe-eval' until it does not (measured; our own code evaluates no strings).
        "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval' "
        + " ".join(map(csp_hash, scripts)),
        "style-src 'self' " + " ".join(map(csp_hash, styles)),
        # PyScript starts the AI worker from a blob: URL.
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def stamp_version(out: Path, page: str) -> str:
    """Write index.html (from ``page``, with its markers) and sw.js into the built ``out``.

    The version is a hash of every shipped file, the page before stamping, its policy, the
    precache list and the service worker's template: any change makes a new sw.js, so
    returning visitors get it. The page learns its own version (to tell when a newer one
    serves it), then carries a Content-Security-Policy hashing its final inline script.
    Returns the cache name."""
    for mark in (VERSION_MARK, CSP_MARK):
        if page.count(mark) != 1:
            sys.exit(f"index.html should hold {mark} exactly once")
    shipped = [rel for rel in dist_files(out) if rel not in ("index.html", "sw.js")]
    template = (WEB / "sw.template.js").read_text()
    # The policy too (made before the version is in the page, whose script it hashes).
    digest = hashlib.sha256(page.encode() + b"\0" + template.encode() + b"\0"
                            + content_security_policy(page).encode())
    for rel in shipped:
        digest.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    # "./" is index.html: one copy, so a first visit fetches the page once.
    precache = ["./", *shipped]
    digest.update(json.dumps(precache).encode())
    cache_name = "rally-dominoes-" + digest.hexdigest()[:12]
    page = page.replace(VERSION_MARK, cache_name)
    (out / "index.html").write_text(page.replace(CSP_MARK, content_security_policy(page)))
    sw = template.replace("__CACHE_NAME__", cache_name).replace(
        "__PRECACHE_LIST__", json.dumps(precache, indent=2))
    (out / "sw.js").write_text(sw)
    return cache_name


def dist_files(root: Path = DIST) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


BUILD_STAMP = NODE_MODULES / ".cache" / "rally-dist.sha256"


def input_fingerprint() -> str:
    """A hash of everything dist/ is made from."""
    digest = hashlib.sha256()
    inputs = [ROOT / "index.html", ROOT / "build.py", LOCK]
    inputs += sorted(p for p in WEB.rglob("*") if p.is_file())
    inputs += [path for path, _ in bundle_files()]
    for path in inputs:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


@contextlib.contextmanager
def build_lock():
    """One build at a time: parallel test workers each ask for dist/ at start."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no parallel workers to guard against
        yield
        return
    with open(ROOT / ".build.lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def build_if_stale(quiet: bool = True) -> None:
    """Build unless dist/ was made from exactly the current sources."""
    with build_lock():
        if (
            npm_ready()
            and (DIST / "sw.js").exists()
            and BUILD_STAMP.exists()
            and BUILD_STAMP.read_text().strip() == input_fingerprint()
        ):
            return
        build(quiet=quiet)


def build(quiet: bool = False) -> dict:
    """Make dist/ from scratch. Returns a summary (files, bytes, cache name).

    Built beside dist/ and swapped in at the end, so a server or a test reading dist/
    (someone else's, in a shared tree) never sees half a build.
    """
    ensure_npm()
    t0 = time.perf_counter()
    fingerprint = input_fingerprint()
    out = DIST.with_name(f"dist.tmp-{os.getpid()}")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir()
    try:
        for src in sorted(WEB.rglob("*")):
            rel = src.relative_to(WEB)
            inlined = rel.as_posix() == "style.css"  # lives inside index.html (page_html)
            if src.is_file() and not (src.name.endswith(".template.js") or src.name[0] == "."
                                      or inlined):
                copy_asset(src, out / "web" / rel)
        for name in PYODIDE_FILES:
            copy_asset(NODE_MODULES / "pyodide" / name, out / "pyodide" / name)
        pyscript_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
        for src in sorted(pyscript_dist.iterdir()):
            if src.is_file() and not any(fnmatch.fnmatch(src.name, pat) for pat in PYSCRIPT_SKIP):
                copy_asset(src, out / "pyscript" / src.name)
        modules = write_bundle(out / BUNDLE)
        precompile_bundle(out / BUNDLE)
        write_segno(out / SEGNO_BUNDLE)
        precompile_bundle(out / SEGNO_BUNDLE)
        for src, dst in JSQR_FILES.items():
            copy_asset(NODE_MODULES / src, out / dst)
        stamp_snapshot_key(out)
        (out / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=2) + "\n")

        # The page and its service worker last: they are versioned by everything else.
        cache_name = stamp_version(out, page_html())
        check_relative_urls(out)

        old = DIST.with_name(f"dist.old-{os.getpid()}")
        if DIST.exists():
            DIST.rename(old)
        out.rename(DIST)
        shutil.rmtree(old, ignore_errors=True)
        BUILD_STAMP.parent.mkdir(parents=True, exist_ok=True)
        BUILD_STAMP.write_text(fingerprint + "\n")
    finally:
        shutil.rmtree(out, ignore_errors=True)  # left only if the build failed

    files = dist_files()
    total = sum((DIST / f).stat().st_size for f in files)
    summary = {"files": len(files), "bytes": total, "cache": cache_name, "modules": modules}
    if not quiet:
        say(
            f"dist/: {len(files)} files, {total / 1e6:.1f} MB, {modules} Python files in "
            f"{BUNDLE}, cache {cache_name} ({time.perf_counter() - t0:.1f} s)"
        )
    return summary


_ROOT_URL = re.compile(r"""(?:src|href|action)\s*=\s*["']/(?!/)|url\(\s*["']?/(?!/)""")


def check_relative_urls(root: Path = DIST) -> None:
    """Fail the build if our own page, styles or manifest use a root-absolute URL."""
    bad = []
    for rel in dist_files(root):
        if rel.endswith((".html", ".css")):
            text = (root / rel).read_text()
            bad += [f"{rel}: {m.group(0)}" for m in _ROOT_URL.finditer(text)]
    for icon in json.loads((root / "manifest.webmanifest").read_text())["icons"]:
        if icon["src"].startswith("/") or "://" in icon["src"]:
            bad.append(f"manifest.webmanifest: {icon['src']}")
    if bad:
        sys.exit("dist/ must use relative URLs (GitHub Pages serves it under /REPO/):\n  "
                 + "\n  ".join(bad))


# ---------------------------------------------------------------- serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory under a URL prefix, like GitHub Pages under /REPO/, gzipped for
    clients that accept it (as Pages does).

    ``extra`` maps site-relative paths to bytes served from memory (the bench's bare page).
    """

    prefix = "/"
    extra: dict[str, bytes] = {}
    quiet = True
    gzipped: dict[str, tuple] = {}  # path -> ((mtime, size), gzip bytes), for all servers
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".zip": "application/zip",
    }

    def _site_path(self) -> str | None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(self.prefix):
            return None
        return path[len(self.prefix):]

    def send_head(self):
        rel = self._site_path()
        if rel is None:
            if self.path.split("?", 1)[0] + "/" == self.prefix:
                self.send_response(301)
                self.send_header("Location", self.prefix)
                self.end_headers()
                return None
            self.send_error(404, "Not under the site's prefix")
            return None
        if rel in self.extra:  # "" is the site's page, index.html
            return self._send_body(self.extra[rel], self.guess_type(rel or "index.html"))
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        if not (os.path.isfile(path) and self._gzip_ok(ctype)):
            return super().send_head()
        # Compressed, like GitHub Pages: what a visitor downloads, revalidated as before.
        st = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
            if since and email.utils.parsedate_to_datetime(since).timestamp() >= int(
                    st.st_mtime):
                self.send_response(304)
                self.end_headers()
                return None
        key, body = self.gzipped.get(path, (None, b""))
        if key != (st.st_mtime_ns, st.st_size):
            with open(path, "rb") as fh:
                body = gzip.compress(fh.read(), 6, mtime=0)
            self.gzipped[path] = ((st.st_mtime_ns, st.st_size), body)
        return self._send_body(body, ctype, gzipped=True,
                               modified=self.date_time_string(int(st.st_mtime)))

    # Text, JavaScript, JSON, SVG and WebAssembly; not zip or PNG (compressed already).
    COMPRESSIBLE = ("text/", "application/javascript", "application/json",
                    "application/manifest+json", "application/wasm", "image/svg+xml")

    def _gzip_ok(self, ctype: str) -> bool:
        accepted = self.headers.get("Accept-Encoding", "")
        return ctype.startswith(self.COMPRESSIBLE) and any(
            part.split(";")[0].strip() == "gzip" for part in accepted.split(","))

    def _send_body(self, body: bytes, ctype: str, gzipped: bool = False,
                   modified: str | None = None) -> io.BytesIO:
        if not gzipped and self._gzip_ok(ctype):
            body, gzipped = gzip.compress(body, 6, mtime=0), True
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        if modified:
            self.send_header("Last-Modified", modified)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path: str) -> str:
        rel = self._site_path()
        return super().translate_path("/" + (rel or ""))

    def end_headers(self) -> None:
        # Revalidate on every load: a rebuilt dist/ shows at once (304s keep it cheap).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer:
    """dist/ (or any directory) over HTTP on 127.0.0.1, in a background thread."""

    def __init__(self, directory: Path = DIST, port: int = 0, prefix: str = "/",
                 extra: dict[str, bytes] | None = None, quiet: bool = True):
        handler = type(
            "Handler",
            (SiteHandler,),
            # ``extra`` as given: its owner may add to it while the server runs
            {"prefix": prefix, "extra": {} if extra is None else extra, "quiet": quiet},
        )
        handler = functools.partial(handler, directory=str(directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}{prefix}"
        self.thread: threading.Thread | None = None

    def start(self) -> SiteServer:
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self.thread:
            self.thread.join(5)

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def cmd_serve(args: argparse.Namespace) -> int:
    if not args.no_build:
        build()
    try:
        server = SiteServer(port=args.port, quiet=False)
    except OSError:
        if args.port == 0:
            raise
        server = SiteServer(port=0, quiet=False)
        say(f"port {args.port} is busy; using {server.port}")
    print(f"Serving dist/ at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()
    return 0


# ---------------------------------------------------------------- dev tools and browser


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


def cmd_test(pytest_args: list[str]) -> int:
    py = ensure_venv()
    chromium = ensure_chromium(py)
    say(f"browser tests run in {browser_version(chromium)}")
    say(f"smoke tests in the other browsers: {ensure_other_browsers()}")
    build()
    env = {**os.environ, "RALLY_DIST_BUILT": "1"}
    if chromium:
        env["RALLY_CHROMIUM"] = chromium
        say(f"browser tests drive {find_test_chromium()}")
    ruff = run([py, "-m", "ruff", "check", "."], cwd=ROOT, check=False, env=env)
    tests = run([py, "-m", "pytest", *pytest_args], cwd=ROOT, check=False, env=env)
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


# ---------------------------------------------------------------- benchmarks

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare PyScript</title>
<link rel="icon" href="data:,">
<script type="module" src="pyscript/core.js"></script></head>
<body><script type="py" config='{"interpreter": "pyodide/pyodide.mjs"}'>
import js
root = js.document.documentElement
root.dataset.readyMs = str(round(js.performance.now()))
root.dataset.ready = "1"
</script></body></html>
"""


def launch_browser(playwright):
    chromium = find_chromium()
    opts = {"headless": True, "args": CHROMIUM_ARGS}
    if chromium:
        opts["executable_path"] = chromium
    return playwright.chromium.launch(**opts)


BOOT_TIMEOUT = 120_000
MARKS_JS = "window.rallyBoot ? {...window.rallyBoot.marks} : {}"
# Before any script of the page: every main-thread task over 50 ms (the Long Tasks API).
LONGTASKS_INIT = """window.benchLongTasks = [];
new PerformanceObserver(list => list.getEntries().forEach(e =>
  window.benchLongTasks.push([e.startTime, e.duration]))).observe({type: "longtask"});"""
# Until ready: the longest task, and the bytes that came over the wire (compressed, headers
# included; a 304 or a cache hit counts only what was sent) and their size unpacked.
LOAD_JS = """ready => {
  const before = performance.getEntriesByType("resource").filter(e => e.startTime < ready);
  const nav = performance.getEntriesByType("navigation")[0];
  const all = [nav, ...before];
  return {
    longest: Math.max(0, ...window.benchLongTasks.filter(t => t[0] < ready).map(t => t[1])),
    transferred: all.reduce((n, e) => n + e.transferSize, 0),
    decoded: all.reduce((n, e) => n + e.decodedBodySize, 0),
  };
}"""


SETTLE_MS = 2000


SNAPSHOT_JS = "document.documentElement.dataset.snapshot"
BENCH_BROWSERS = ("chromium", "webkit", "firefox")


def time_boot(browser, url: str, settle_ms: int = SETTLE_MS,
              snapshot: bool = False) -> list[dict[str, float]]:
    """A cold load, then a reload from the HTTP cache, in a fresh context.

    With ``snapshot`` (our page), the reload waits until the page has saved its start-up
    snapshot (a return visit), and a third load, after the snapshot is deleted, times a
    reload from the HTTP cache alone.

    The reload comes ``settle_ms`` after the first load was ready, as a person's would: a
    reload at once also times the first load's leftover background work (V8 finishing its
    compiles and garbage collection of the page being left), which grows with how much
    Python that page ran, not with how fast the next one boots (docs/benchmarks.md).

    Each run gives "ready" (navigation start to ready in ms, as the page measures it) and
    our page's own start-up marks ("python": first line of Python run, "imported").
    """
    context = browser.new_context(service_workers="block")
    context.add_init_script(LONGTASKS_INIT)
    try:
        page = context.new_page()
        out = []
        for load in ("cold", "warm", "plain")[:3 if snapshot else 2]:
            if load == "cold":
                page.goto(url)
            else:
                if snapshot and load == "warm":
                    page.wait_for_function(f"['saved', 'not-saved'].includes({SNAPSHOT_JS})",
                                           timeout=BOOT_TIMEOUT)
                elif snapshot:
                    page.evaluate("caches.delete('rally-snapshot')")
                page.wait_for_timeout(settle_ms)
                page.reload()
            page.wait_for_function(READY_JS, timeout=BOOT_TIMEOUT)
            marks = page.evaluate(MARKS_JS)
            marks["ready"] = float(page.evaluate("document.documentElement.dataset.readyMs"))
            page.wait_for_timeout(300)  # long-task entries arrive after their task ends
            marks.update(page.evaluate(LOAD_JS, marks["ready"]))
            marks["snapshot"] = page.evaluate(SNAPSHOT_JS)
            out.append(marks)
        return out
    finally:
        context.close()


# The page's start-up steps the bench prints, in order (index.html, web/pyodide-boot.mjs).
BOOT_STEPS = ("pyodide", "pyodide-ready", "py-ready", "python", "imported", "ready")
# WebKit and Firefox are driven without Playwright (tests/browsers/drivers.py): no init
# scripts, no way to block the service worker, so the bench serves one that does nothing.
IDLE_SW = b"/* build.py bench boot: no offline copy, every load from the server */\n"
DRIVER_MARKS_JS = """const r = document.documentElement;
return r.dataset.ready === '1' ? Object.assign({}, window.rallyBoot ? window.rallyBoot.marks
  : {}, {ready: Number(r.dataset.readyMs), snapshot: r.dataset.snapshot || null}) : null;"""


def driver_boot_times(name: str, url: str, settle_ms: int, snapshot: bool,
                      display: str | None) -> list[dict]:
    """As ``time_boot`` in WebKit or Firefox: a fresh browser (empty caches), the page
    cold, then (our page) reloaded from its snapshot once saved, then without it."""
    sys.path.insert(0, str(ROOT / "tests" / "browsers"))
    import drivers

    limit = 900  # s: a guard (WebKit's cold start took up to 90 s on a busy machine)
    with drivers.open_browser(name, display) as b:
        out = []
        b.goto(url)
        for load in ("cold", "warm", "plain")[:3 if snapshot else 2]:
            if load != "cold":
                if snapshot and load == "warm":
                    b.wait("return ['saved', 'not-saved'].includes("
                           "document.documentElement.dataset.snapshot)", limit, "the snapshot")
                elif snapshot:
                    b.run("caches.delete('rally-snapshot')")
                time.sleep(settle_ms / 1000)
                # a return visit, not a reload: WebKitGTK under WebKitWebDriver drops the
                # page's Cache Storage entries (the snapshot) at a reload (docs/browsers.md)
                b.run("window.benchOld = true; setTimeout(() => location.assign("
                      "location.pathname + '?visit=' + Date.now()), 0);")
                b.wait("return !window.benchOld && !!document.documentElement", limit,
                       "the reload")
            out.append({**b.wait(DRIVER_MARKS_JS, limit, f"the {load} start"),
                        "browser": b.version})
        return out


def cmd_bench_boot(args: argparse.Namespace) -> int:
    if not args.no_build:
        build()
    names = BENCH_BROWSERS if args.browser == "all" else (args.browser,)
    extra = {"bare.html": BARE_PAGE.encode(), "sw.js": IDLE_SW}
    with SiteServer(prefix=SITE_PREFIX, extra=extra) as server:
        for name in names:
            bench_boot_in(name, server, args)
    return 0


def bench_boot_in(name: str, server: SiteServer, args: argparse.Namespace) -> None:
    """``bench boot`` in one browser, against the bare page in the same browser."""
    runs: dict[tuple[str, str], list[dict[str, float]]] = {}
    urls = {"game": server.url, "bare": server.url + "bare.html"}
    if name != "chromium":
        sys.path.insert(0, str(ROOT / "tests" / "browsers"))
        import drivers

        screen = drivers.Display() if name == "webkit" else None
        try:
            for i in range(args.runs):
                for page in (("game", "bare") if i % 2 == 0 else ("bare", "game")):
                    loads = driver_boot_times(name, urls[page], args.settle, page == "game",
                                              screen and screen.name)
                    for kind, marks in zip(("cold", "warm", "plain"), loads):
                        runs.setdefault((page, kind), []).append(marks)
                print_run(name, i, args.runs, runs)
        finally:
            if screen:
                screen.close()
        print_boot(name, runs, args, version=runs["game", "cold"][0]["browser"])
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_browser(p)
        time_boot(browser, urls["bare"], 0)  # a throw-away run: warms the OS file cache
        for i in range(args.runs):
            order = ("game", "bare") if i % 2 == 0 else ("bare", "game")
            for page in order:
                loads = time_boot(browser, urls[page], args.settle, snapshot=page == "game")
                for kind, marks in zip(("cold", "warm", "plain"), loads):
                    runs.setdefault((page, kind), []).append(marks)
            print_run(name, i, args.runs, runs)
        print_boot(name, runs, args, version=browser.version)
        browser.close()


def print_run(name: str, i: int, n: int, runs: dict) -> None:
    game = runs["game", "warm"][-1]
    print(f"  {name} run {i + 1}/{n}: game {runs['game', 'cold'][-1]['ready']:.0f}/"
          f"{game['ready']:.0f}/{runs['game', 'plain'][-1]['ready']:.0f} ms, bare "
          f"{runs['bare', 'cold'][-1]['ready']:.0f}/{runs['bare', 'warm'][-1]['ready']:.0f} ms "
          f"(cold/warm/warm without snapshot; the snapshot {game['snapshot'] or 'none'})",
          flush=True)


def print_boot(browser: str, runs: dict, args: argparse.Namespace, version: str = "") -> None:
    def med(name: str, kind: str, key: str = "ready") -> float:
        return statistics.median(r[key] for r in runs[name, kind])

    used = sum(r["snapshot"] == "used" for r in runs["game", "warm"])
    how = ("fresh context each run, no service worker" if browser == "chromium" else
           "a fresh browser each run, a service worker that does nothing")
    print()
    print(f"Boot in {browser} {version}, navigation start to ready, medians of {args.runs} runs")
    print(f"({how}; served gzipped; warm = reload from the HTTP cache {args.settle} ms")
    print("after the first load was ready, our page from its start-up snapshot once saved")
    print(f"(used in {used} of {args.runs}); 'no snapshot' = the same reload with the snapshot "
          "deleted):")
    print(f"  {'':24}{'cold':>9}{'warm':>9}{'no snapshot':>13}")
    for name, label in (("game", "Rally Dominoes page"), ("bare", "bare PyScript page")):
        plain = f"{med(name, 'plain'):>11.0f}ms" if (name, "plain") in runs else ""
        print(f"  {label:24}{med(name, 'cold'):>7.0f}ms{med(name, 'warm'):>7.0f}ms{plain}")
    ratio = {k: med("game", k) / med("bare", "cold" if k == "cold" else "warm")
             for k in ("cold", "warm", "plain")}
    print(f"  {'ratio game/bare':24}{ratio['cold']:>8.2f}x{ratio['warm']:>8.2f}x"
          f"{ratio['plain']:>12.2f}x   (targets: cold at most 1.0x, warm at most 0.5x)")
    print("  our page's steps (medians, ms since navigation start): Pyodide asked for, up;")
    print("  PyScript ready; our Python's first line, its modules imported; the table drawn:")
    for kind in ("cold", "warm", "plain"):
        rows = runs["game", kind]
        steps = ", ".join(f"{key} {statistics.median(r[key] for r in rows):.0f}"
                          for key in BOOT_STEPS if all(key in r for r in rows))
        print(f"    {kind}: {steps}")
    if "longest" not in runs["game", "cold"][0]:
        return  # WebKit and Firefox: no long-task or resource figures from their drivers
    print("  longest main-thread task until ready (medians):")
    for name, label in (("game", "Rally Dominoes page"), ("bare", "bare PyScript page")):
        plain = f"{med(name, 'plain', 'longest'):>11.0f}ms" if (name, "plain") in runs else ""
        print(f"  {label:24}{med(name, 'cold', 'longest'):>7.0f}ms"
              f"{med(name, 'warm', 'longest'):>7.0f}ms{plain}")
    longest = {k: med("game", k, "longest") / max(1.0, med("bare", "cold" if k == "cold"
                                                           else "warm", "longest"))
               for k in ("cold", "warm", "plain")}
    print(f"  {'ratio game/bare':24}{longest['cold']:>8.2f}x{longest['warm']:>8.2f}x"
          f"{longest['plain']:>12.2f}x   (target: at most 0.5x)")
    print("  transferred until ready, compressed (unpacked), medians:")
    for name, label in (("game", "Rally Dominoes page"), ("bare", "bare PyScript page")):
        print(f"  {label:24}" + "".join(
            f"{med(name, k, 'transferred') / 1e6:>6.2f} MB "
            f"({med(name, k, 'decoded') / 1e6:.2f})" for k in ("cold", "warm")
            if (name, k) in runs))


# Run by Node with the vendored Pyodide: ``python -m bones bench-ai`` in the Python the page
# runs (3.14 on WebAssembly, the same V8 engine as Chromium's), on the engine's sources.
WORLDS_SCRIPT = r"""
import { readFileSync, readdirSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideMjs, pyDir, argsJson] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
const py = await loadPyodide();
function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const f of readdirSync(src)) {
    const s = src + "/" + f, d = dst + "/" + f;
    if (statSync(s).isDirectory()) { if (f !== "__pycache__") copy(s, d); }
    else if (f.endsWith(".py")) py.FS.writeFile(d, readFileSync(s));
  }
}
copy(pyDir + "/bones", "/bench/bones");
py.globals.set("bench_args", argsJson);
py.runPython(`
import json, sys
sys.path.insert(0, "/bench")
from bones.ai.benchai import main
main(json.loads(bench_args))
`);
"""


def page_hard_ms() -> dict[str, int]:
    """Each game's id and Hard's thinking time in the page's worker (``hard_ms`` in
    app/games_ui.py), as the page's own code gives them."""
    code = ("import json; from app.games_ui import titles, words; "
            "print(json.dumps({g: words(g).hard_ms for g in titles()}))")
    env = {**os.environ, "PYTHONPATH": str(PY_SRC)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out)


def cmd_bench_worlds(args: argparse.Namespace) -> int:
    """Hard's search in Pyodide (Node): move times and the worlds a budget buys, with the
    page's budget by default. The arena's ``ARENA_WORLDS`` stand for these figures."""
    ensure_npm()
    node = shutil.which("node")
    budget = args.budget_ms
    per_game: dict = {}
    if budget is None:  # the page's budgets: each game's hard_ms (app/games_ui.py)
        per_game = page_hard_ms()
        budget = max(per_game.values())
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "worlds.mjs"
        script.write_text(WORLDS_SCRIPT)
        bench_args = ["--levels", args.levels, "--moves", str(args.moves),
                      "--budget-ms", str(budget)]
        for game, ms in per_game.items():
            bench_args += ["--game-budget-ms", f"{game}={ms}"]
        if args.k:
            bench_args += ["-k", args.k]
        version = json.loads((NODE_MODULES / "pyodide/package.json").read_text())["version"]
        if args.worlds:
            bench_args += ["--worlds", str(args.worlds)]
            what = f"Hard {args.worlds} worlds a move"
        elif per_game:
            what = "Hard's budget " + ", ".join(f"{g} {ms} ms" for g, ms in per_game.items())
        else:
            what = f"Hard's budget {budget:.0f} ms"
        print(f"{args.levels} in Pyodide {version} on Node, {what} (load average "
              f"{os.getloadavg()[0]:.1f}):", flush=True)
        return subprocess.run([node, str(script), str(NODE_MODULES / "pyodide" / "pyodide.mjs"),
                               str(ROOT / "py"), json.dumps(bench_args)],
                              stdin=subprocess.DEVNULL).returncode


def cmd_bench_ai(args: argparse.Namespace) -> int:
    """Computer move times in the real page: a game of computers only (Normal and Hard),
    at the fastest pace (or ``--pace``), for ``--seconds``; the page records each
    choice's time."""
    from playwright.sync_api import sync_playwright

    if not args.no_build:
        build()
    with SiteServer(prefix=SITE_PREFIX) as server, sync_playwright() as p:
        browser = launch_browser(p)
        page = browser.new_context(service_workers="block").new_page()
        page.goto(server.url)
        page.wait_for_function(READY_JS, timeout=BOOT_TIMEOUT)
        page.get_by_role("radio", name=args.game, exact=True).check()
        page.get_by_label("Who plays for player 1").select_option("computer")
        for i, level in ((1, "normal"), (2, "normal"), (3, "hard"), (4, "hard")):
            page.get_by_label(f"Level of player {i}").select_option(level)
        page.get_by_role("button", name="Start game").click()
        page.get_by_role("dialog").get_by_role("button").first.click()
        page.get_by_role("button", name="Settings").click()
        page.get_by_role("radio", name=args.pace, exact=True).check()
        page.get_by_role("button", name="Done").click()
        page.wait_for_timeout(args.seconds * 1000)
        times = page.evaluate("window.rallyAiTimes || []")
        # How long a click waits while the computer plays: the page must stay responsive.
        lag = page.evaluate("""async () => { const t = performance.now();
            await new Promise(r => setTimeout(r, 0)); return performance.now() - t; }""")
        if args.screenshot:
            page.screenshot(path=args.screenshot)
        browser.close()
    print(f"Computer move times in the page ({args.game}, headless Chromium, {args.seconds} s "
          f"of play at the pace {args.pace!r}: {len(times)} moves,")
    print("Hard thinks in a PyScript worker; its first move includes the worker's start):")
    print(f"  {'level':8}{'moves':>7}{'median':>10}{'p90':>10}{'max':>10}")
    for level in ("normal", "hard"):
        xs = sorted(ms for lv, ms in times if lv == level)
        if level == "hard" and xs:
            first = next(ms for lv, ms in times if lv == level)
            xs.remove(first)
            print(f"  (hard's first move, with the worker starting: {first:.0f} ms)")
        if not xs:
            print(f"  {level:8}{0:>7}")
            continue
        p90 = xs[min(len(xs) - 1, int(len(xs) * 0.9))]
        print(f"  {level:8}{len(xs):>7}{statistics.median(xs):>8.1f}ms{p90:>8.1f}ms"
              f"{xs[-1]:>8.1f}ms")
    print(f"  a timer set at the end fired after {lag:.1f} ms (the page is not blocked)")
    print("  targets: normal median <= 50 ms, hard median <= 500 ms")
    return 0


MOVES_SPY = """(() => {
  const spy = window.movesSpy = {said: [], flights: []};
  new MutationObserver(records => {
    const t = performance.now();
    for (const r of records) {
      if (r.target.id === 'live' || (r.target.closest && r.target.closest('#live')))
        for (const n of r.addedNodes) spy.said.push(t);
      for (const n of r.addedNodes)
        if (n.nodeType === 1 && n.dataset && n.dataset.moving === '1')
          spy.flights.push({start: t, end: null, n});
      for (const n of r.removedNodes)
        for (const f of spy.flights) if (f.n === n && f.end === null) f.end = t;
    }
  }).observe(document, {childList: true, subtree: true, characterData: true});
})()"""


def cmd_bench_moves(args: argparse.Namespace) -> int:
    """A computer's move as a player sees it, at each pace: a game of four computer
    players (Normal) in the real page; each move's tile, from the moment it sets off to
    the moment it has landed (its travelling copy gone), and the time from one settled
    move to the next (the pace, the thinking and the travel together)."""
    from playwright.sync_api import sync_playwright

    if not args.no_build:
        build()
    rows = []
    with SiteServer(prefix=SITE_PREFIX) as server, sync_playwright() as p:
        browser = launch_browser(p)
        page = browser.new_context(service_workers="block").new_page()
        page.add_init_script(MOVES_SPY)
        page.goto(server.url)
        page.wait_for_function(READY_JS, timeout=BOOT_TIMEOUT)
        page.get_by_role("radio", name=args.game, exact=True).check()
        page.get_by_label("Who plays for player 1").select_option("computer")
        page.get_by_role("button", name="Start game").click()
        page.get_by_role("dialog").get_by_role("button").first.click()
        for pace in ("Slow", "Normal", "Fast", "Very fast"):
            page.get_by_role("button", name="Settings").click()
            page.get_by_role("radio", name=pace, exact=True).check()
            page.get_by_role("button", name="Done").click()
            page.evaluate("() => { movesSpy.flights = []; movesSpy.said = []; }")
            page.wait_for_timeout(args.seconds * 1000)
            flights = page.evaluate("""() => movesSpy.flights.filter(f => f.end !== null)
                .map(f => [f.start, f.end])""")
            ends = sorted(e for _s, e in flights)
            cycle = [b - a for a, b in zip(ends, ends[1:])]
            travel = [e - s for s, e in flights]
            rows.append((pace, len(flights), travel, cycle))
        browser.close()
    print(f"A computer's move as seen, {args.game}, four Normal computer players, headless "
          f"Chromium, {args.seconds} s a pace:")
    print(f"  {'pace':10}{'moves':>6}{'travel median':>15}{'max':>8}"
          f"{'settled to settled':>20}{'p90':>8}")
    for pace, n, travel, cycle in rows:
        if not travel:
            print(f"  {pace:10}{0:>6}")
            continue
        c = sorted(cycle) or [0.0]
        print(f"  {pace:10}{n:>6}{statistics.median(travel):>13.0f}ms{max(travel):>6.0f}ms"
              f"{statistics.median(c):>18.0f}ms{c[min(len(c) - 1, int(len(c) * 0.9))]:>6.0f}ms")
    print("  the travel times set in app.table.motion: Slow 600, Normal 450, Fast 300, "
          "Very fast 100 ms; the pace between moves (app.seats.PACES) 1600, 900, 400, 120 ms")
    return 0


def proc_memory(pid: int) -> dict[str, float]:
    """A process's resident memory in MB from /proc (Linux): RSS and PSS (its share of
    pages shared with other processes); {} where /proc cannot be read."""
    out = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in ("Rss", "Pss"):
                out[key.lower()] = int(rest.split()[0]) / 1024
    except (OSError, ValueError, IndexError):
        return {}
    return out


def renderer_memory(browser_cdp) -> dict[str, float]:
    """The page's renderer process's resident memory (the largest renderer: a headless
    browser with one page may keep a spare one), by the pids CDP's SystemInfo gives."""
    procs = browser_cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    found = [proc_memory(int(p["id"])) for p in procs if p.get("type") == "renderer"]
    return max(found, key=lambda m: m.get("rss", 0), default={})


def cmd_bench_soak(args: argparse.Namespace) -> int:
    """Kiosk soak: the attract screen's computer-only game for ``--games`` games (or
    ``--minutes``) in one page session (``?kiosk=1&attract-pace=MS``); console errors; the
    JS heap after the first game and at the end, each after a forced garbage collection
    (CDP); the renderer process's resident memory (/proc) and its DOM counters (CDP
    ``Memory.getDOMCounters``: nodes still alive, detached ones included, and listeners)."""
    from playwright.sync_api import sync_playwright

    if not args.no_build:
        build()
    errors: list[str] = []
    js = """() => ({games: window.rallyAttractGames || 0,
        heap: performance.memory.usedJSHeapSize, total: performance.memory.totalJSHeapSize,
        nodes: document.getElementsByTagName('*').length, py: window.rallyAttractPy || {}})"""
    with SiteServer(prefix=SITE_PREFIX) as server, sync_playwright() as p:
        opts = {"headless": True, "args": [*CHROMIUM_ARGS, "--enable-precise-memory-info"]}
        if find_chromium():
            opts["executable_path"] = find_chromium()
        browser = p.chromium.launch(**opts)
        browser_cdp = browser.new_browser_cdp_session()
        page = browser.new_context(service_workers="block",
                                   viewport={"width": 1280, "height": 800}).new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        cdp = page.context.new_cdp_session(page)

        def measure() -> dict:
            for _ in range(3):
                cdp.send("HeapProfiler.collectGarbage")
            got = page.evaluate(js)
            got["dom"] = cdp.send("Memory.getDOMCounters")
            got["renderer"] = renderer_memory(browser_cdp)
            return got

        def rss(m: dict) -> str:
            r = m["renderer"]
            return f"renderer {r['rss']:.0f} MB" if "rss" in r else "renderer ?"

        page.goto(server.url + f"?kiosk=1&attract-pace={args.pace}")
        page.wait_for_function(READY_JS, timeout=BOOT_TIMEOUT)
        t0 = time.perf_counter()
        page.wait_for_function("(window.rallyAttractGames || 0) >= 1", timeout=600_000)
        first = measure()
        print(f"  game 1 after {time.perf_counter() - t0:.0f} s: heap "
              f"{first['heap'] / 1e6:.2f} MB, {rss(first)}", flush=True)
        seen, stalled, said = first["games"], time.perf_counter(), time.perf_counter()
        peak = first["renderer"].get("rss", 0)  # the highest seen every 2 minutes

        def done() -> bool:
            if args.minutes is not None:
                return time.perf_counter() - t0 >= args.minutes * 60
            return seen >= args.games

        while not done():
            page.wait_for_timeout(5000)
            n = page.evaluate("window.rallyAttractGames || 0")
            if n > seen:
                seen, stalled = n, time.perf_counter()
            elif time.perf_counter() - stalled > 300:
                errors.append(f"the attract game stalled at game {seen}")
                break
            if time.perf_counter() - said >= 120:  # every 2 minutes, no forced GC
                said = time.perf_counter()
                now = page.evaluate(js)
                r = renderer_memory(browser_cdp)
                peak = max(peak, r.get("rss", 0))
                print(f"  game {n} after {said - t0:.0f} s: heap {now['heap'] / 1e6:.2f} MB "
                      f"(no forced GC), {rss({'renderer': r})}", flush=True)
        last = measure()
        minutes = (time.perf_counter() - t0) / 60
        browser.close()
    ratio = last["heap"] / first["heap"]
    print()
    print(f"Kiosk soak: {last['games']} attract games in one page session, {minutes:.1f} min "
          f"(headless Chromium, ?kiosk=1&attract-pace={args.pace}, 1280x800)")
    print(f"  {'':28}{'after game 1':>14}{'at the end':>14}")
    print(f"  {'JS heap used (after GC)':28}{first['heap'] / 1e6:>11.2f} MB"
          f"{last['heap'] / 1e6:>11.2f} MB")
    print(f"  {'JS heap total':28}{first['total'] / 1e6:>11.2f} MB{last['total'] / 1e6:>11.2f} MB")
    for key, label in (("rss", "Renderer resident (RSS)"), ("pss", "Renderer PSS")):
        a, b = first["renderer"].get(key), last["renderer"].get(key)
        if a is not None and b is not None:
            print(f"  {label:28}{a:>11.1f} MB{b:>11.1f} MB")
    top = max(peak, last["renderer"].get("rss", 0))
    print(f"  {'Renderer RSS, highest seen':28}{'':>14}{top:>11.1f} MB (every 2 min, no GC)")
    print(f"  {'DOM elements':28}{first['nodes']:>14}{last['nodes']:>14}")
    for key, label in (("nodes", "DOM nodes alive (CDP)"), ("jsEventListeners", "JS listeners"),
                       ("documents", "documents")):
        print(f"  {label:28}{first['dom'][key]:>14}{last['dom'][key]:>14}")
    for key, label in (("objects", "Python objects (gc)"), ("wasm", "Pyodide memory (MB)")):
        a, b = first["py"].get(key), last["py"].get(key)
        if a is not None and b is not None:
            scale = 1e6 if key == "wasm" else 1
            print(f"  {label:28}{a / scale:>14.6g}{b / scale:>14.6g}")
    print(f"  heap ratio end / game 1: {ratio:.3f}x (target: at most 1.2x)")
    print(f"  console errors: {len(errors)}")
    for text in errors[:10]:
        print(f"    {text[:300]}")
    enough = args.minutes is not None or last["games"] >= args.games
    return 0 if ratio <= 1.2 and not errors and enough else 1


def cmd_bench_size(args: argparse.Namespace) -> int:
    from playwright.sync_api import sync_playwright

    if not args.no_build:
        build()
    files = dist_files()
    total = sum((DIST / f).stat().st_size for f in files)
    gz_total = 0
    sizes = {}
    for f in files:
        data = (DIST / f).read_bytes()
        gz = len(gzip.compress(data, 6)) if not f.endswith(".png") else len(data)
        sizes[f] = (len(data), gz)
        gz_total += gz

    fetched: dict[str, int] = {}  # first visit, page only
    precached: dict[str, int] = {}  # everything the visit downloads, service worker included
    with (
        SiteServer(prefix=SITE_PREFIX) as server,
        sync_playwright() as p,
        tempfile.TemporaryDirectory() as profile,
    ):
        # A real profile (disk HTTP cache), as a visitor has: a fresh in-memory context
        # does not keep the 9.6 MB wasm, and its service worker would fetch it again.
        opts = {"headless": True, "args": CHROMIUM_ARGS}
        if find_chromium():
            opts["executable_path"] = find_chromium()
        context = p.chromium.launch_persistent_context(profile, **opts)
        page = context.new_page()

        def on_finished(request) -> None:
            rel = request.url.split("?", 1)[0].removeprefix(server.url) or "index.html"
            body = request.sizes()["responseBodySize"]
            precached[rel] = precached.get(rel, 0) + body
            if not page_ready[0]:
                fetched[rel] = fetched.get(rel, 0) + body

        page_ready = [False]
        context.on("requestfinished", on_finished)
        page.goto(server.url)
        page.wait_for_function(READY_JS, timeout=BOOT_TIMEOUT)
        page_ready[0] = True
        page.wait_for_function(
            "navigator.serviceWorker && navigator.serviceWorker.controller !== null",
            timeout=120_000,
        )
        page.wait_for_timeout(500)
        context.close()

    mb = 1e6
    print(f"dist/: {len(files)} files, {total / mb:.2f} MB ({gz_total / mb:.2f} MB gzipped)")
    # The server gzips as GitHub Pages does: the bodies counted are what came over the wire.
    page_bytes = sum(fetched.values())
    all_bytes = sum(precached.values())

    def raw_of(names) -> int:
        return sum(sizes.get("index.html" if n == "" else n, (0, 0))[0] for n in names)

    print(f"first visit, until ready: {len(fetched)} requests, {page_bytes / mb:.2f} MB "
          f"transferred, served gzipped ({raw_of(fetched) / mb:.2f} MB unpacked)")
    rest = [f for f in files if f not in fetched and f != "sw.js"]
    print(f"  then the service worker precaches the other {len(rest)} files "
          f"({sum(sizes[f][0] for f in rest) / mb:.2f} MB) and revalidates the rest (304s)")
    print(f"  whole first visit, page and service worker: {all_bytes / mb:.2f} MB transferred")
    print("largest files:")
    for f, (raw, gz) in sorted(sizes.items(), key=lambda kv: -kv[1][0])[:6]:
        print(f"  {f:34}{raw / mb:>7.2f} MB{gz / mb:>7.2f} MB gz")
    print("requested before ready:", ", ".join(sorted(fetched)))
    return 0


def cmd_bench_engine(rest: list[str]) -> int:
    if not (PY_SRC / "bones" / "bench.py").exists():
        say("no engine benchmark yet (py/bones/bench.py with a main())")
        return 1
    env = {**os.environ, "PYTHONPATH": str(PY_SRC)}
    return subprocess.call([sys.executable, "-m", "bones.bench", *rest], env=env, cwd=ROOT)


# ---------------------------------------------------------------- icons


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF
        )

    raw = b"".join(b"\0" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def draw_icon(size: int) -> bytes:
    """A double-six on green felt, anti-aliased from distance fields; safe for masks."""
    sys.path.insert(0, str(PY_SRC))
    from app.render import pip_positions

    felt, ivory, ink = (30, 90, 60), (255, 253, 244), (34, 34, 34)
    w, h = 0.30, 0.60  # the domino, in units of the icon (inside the maskable 80% circle)
    x0, y0, corner = 0.5 - w / 2, 0.5 - h / 2, 0.05
    pips = [(x0 + px * w, y0 + py * w + half * w) for half in (0, 1)
            for px, py in pip_positions(6)]
    pip_r = 0.09 * w
    px_size = 1 / size

    def mix(a, b, t):
        return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))

    def cover(d: float) -> float:  # signed distance -> pixel coverage
        return min(1.0, max(0.0, 0.5 - d / px_size))

    rows = []
    for j in range(size):
        y = (j + 0.5) / size
        row = bytearray()
        for i in range(size):
            x = (i + 0.5) / size
            # rounded rectangle
            qx = abs(x - 0.5) - (w / 2 - corner)
            qy = abs(y - 0.5) - (h / 2 - corner)
            outside = ((max(qx, 0) ** 2 + max(qy, 0) ** 2) ** 0.5) + min(max(qx, qy), 0)
            d_face = outside - corner
            colour = felt
            t = cover(d_face + 0.006)
            if t:
                colour = mix(colour, (59, 59, 59), t)  # outline
                colour = mix(colour, ivory, cover(d_face + 0.012))
                d_bar = max(abs(y - 0.5) - 0.006, abs(x - 0.5) - w * 0.38)
                colour = mix(colour, ink, cover(d_bar))
                d_pip = min(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for cx, cy in pips) - pip_r
                colour = mix(colour, ink, cover(d_pip))
            row += bytes(colour)
        rows.append(bytes(row))
    return png_bytes(size, size, rows)


def cmd_icons() -> int:
    for size in (192, 512):
        out = WEB / "icons" / f"icon-{size}.png"
        out.write_bytes(draw_icon(size))
        say(f"wrote {out.relative_to(ROOT)}")
    return 0


# ---------------------------------------------------------------- command line


def main(argv: list[str]) -> int:
    if argv[:1] == ["test"]:
        return cmd_test(argv[1:])
    if argv[:2] == ["bench", "engine"]:
        return cmd_bench_engine(argv[2:])
    if argv[:1] == ["atlas"]:  # every screen at six sizes: tools/atlas.py
        if not in_venv():
            py = ensure_venv()
            return reexec_in_venv(py, argv, ensure_chromium(py))
        sys.path.insert(0, str(ROOT))
        from tools import atlas

        return atlas.main(sys.modules[__name__], argv[1:])

    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build dist/ (the default)")
    serve = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--no-build", action="store_true")
    sub.add_parser("test", help="ruff and the whole pytest suite (args go to pytest)")
    bench = sub.add_parser("bench", help="measurements")
    kinds = bench.add_subparsers(dest="kind", required=True)
    boot = kinds.add_parser("boot", help="our page's boot against a bare PyScript page")
    boot.add_argument("--runs", type=int, default=7)
    boot.add_argument("--browser", default="chromium", choices=(*BENCH_BROWSERS, "all"),
                      help="chromium (the default), webkit, firefox, or all in turn")
    boot.add_argument("--no-build", action="store_true")
    boot.add_argument("--settle", type=int, default=SETTLE_MS, metavar="MS",
                      help="wait before the warm reload (0: reload the moment it is ready)")
    size = kinds.add_parser("size", help="size of dist/ and of a first visit")
    size.add_argument("--no-build", action="store_true")
    kinds.add_parser("engine", help="python -m bones.bench")
    ai = kinds.add_parser("ai", help="computer move times in the page")
    ai.add_argument("--game", default="Mexican Train",
                    help="the game, as the start screen names it (\"Chicken Foot\")")
    ai.add_argument("--screenshot", default=None, help="save the page at the end here")
    ai.add_argument("--pace", default="Very fast",
                    help="the pace between moves, as Settings names it (\"Normal\"): the "
                         "moves made in the time show whether thinking adds to the pace")
    ai.add_argument("--seconds", type=int, default=60)
    ai.add_argument("--no-build", action="store_true")
    mv = kinds.add_parser("moves", help="a computer's move as seen, at each pace")
    mv.add_argument("--game", default="Mexican Train")
    mv.add_argument("--seconds", type=int, default=15, help="of play at each pace")
    mv.add_argument("--no-build", action="store_true")
    worlds = kinds.add_parser("worlds", help="Hard's worlds per move in Pyodide (Node)")
    worlds.add_argument("--budget-ms", type=float, default=None,
                        help="Hard's budget for every game (default: the page's, each "
                             "game's hard_ms in app/games_ui.py)")
    worlds.add_argument("--worlds", type=int, default=None,
                        help="Hard plays this many worlds a move instead of a budget")
    worlds.add_argument("--moves", type=int, default=40)
    worlds.add_argument("-k", default="", help="only the cases whose name holds this")
    worlds.add_argument("--levels", default="hard",
                        help="levels to time, e.g. normal,hard (default hard)")
    soak = kinds.add_parser("soak", help="kiosk: attract games in one page session, JS "
                                          "heap and the renderer's memory")
    soak.add_argument("--games", type=int, default=300)
    soak.add_argument("--minutes", type=float, default=None,
                      help="run this long instead of --games")
    soak.add_argument("--pace", type=int, default=0,
                      help="ms between the attract game's moves (0: as fast as it can; "
                           "1200: the kiosk's own)")
    soak.add_argument("--no-build", action="store_true")
    sub.add_parser("icons", help="redraw web/icons/*.png")
    args = parser.parse_args(argv)

    if args.command in (None, "build"):
        build()
        return 0
    if args.command == "serve":
        return cmd_serve(args)
    if args.command == "icons":
        return cmd_icons()
    if args.command == "bench":
        if not in_venv():  # Playwright lives in .venv
            py = ensure_venv()
            chromium = ensure_chromium(py)
            return reexec_in_venv(py, argv, chromium)
        if args.kind == "boot":
            return cmd_bench_boot(args)
        if args.kind == "ai":
            return cmd_bench_ai(args)
        if args.kind == "moves":
            return cmd_bench_moves(args)
        if args.kind == "soak":
            return cmd_bench_soak(args)
        if args.kind == "worlds":
            return cmd_bench_worlds(args)
        return cmd_bench_size(args)
    parser.print_help()
    return 2


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main(sys.argv[1:]))
