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

The benchmarks (tools/bench/), the dev environment and the test run (tools/devenv.py), the
local server (tools/serving.py) and the icons (tools/icons.py) are modules of their own.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:  # tools/ beside this file, also when a test loads it by path
    sys.path.insert(0, str(ROOT))

# tools/: standard library only at import. The names imported "as" themselves are build.py's
# too, for the tests that load it (tests/conftest.py): the browsers' flags, which Chromium.
from tools import bench, devenv, icons, link_bundle
from tools.common import CHROMIUM_ARGS as CHROMIUM_ARGS
from tools.common import (
    DIST,
    LOCK,
    NODE_MODULES,
    PY_SRC,
    WEB,
    dist_files,
    run,
    say,
    sha256_file,
)
from tools.common import READY_JS as READY_JS
from tools.common import SITE_PREFIX as SITE_PREFIX
from tools.devenv import dev_requirements as dev_requirements
from tools.devenv import find_chromium as find_chromium
from tools.devenv import find_test_chromium as find_test_chromium
from tools.npm import JSQR_FILES, PYODIDE_FILES, ensure_npm, npm_ready
from tools.serving import SiteServer

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
            python = str(devenv.ensure_venv())  # a Python without pip: the dev tools' has one
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
        # Invite links meet through MQTT brokers over secure websockets, chosen in the
        # settings (docs/together.md); ws: only to this machine, for a broker of one's own.
        "connect-src 'self' wss: ws://127.0.0.1:* ws://localhost:*",
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


BUILD_STAMP = NODE_MODULES / ".cache" / "rally-dist.sha256"


def input_fingerprint() -> str:
    """A hash of everything dist/ is made from."""
    digest = hashlib.sha256()
    inputs = [ROOT / "index.html", ROOT / "build.py", ROOT / "tools" / "npm.py",
              ROOT / "tools" / "link_bundle.py", LOCK]
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
        link_bundle.make(out)  # the invite link's signalling library (web/link.mjs)
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


# ---------------------------------------------------------------- command line


def main(argv: list[str]) -> int:
    """Each sub-command's parser sets ``run``: args -> exit status. A new command is one
    parser and one function."""
    if argv[:1] == ["test"]:  # everything after "test" goes to pytest as it is
        return devenv.cmd_test(argv[1:], build)
    if argv[:2] == ["bench", "engine"]:  # likewise to python -m bones.bench
        return bench.cmd_bench_engine(argv[2:])
    if argv[:1] == ["atlas"]:  # every screen at six sizes: tools/atlas/
        if not devenv.in_venv():
            py = devenv.ensure_venv()
            return devenv.reexec_in_venv(py, argv, devenv.ensure_chromium(py))
        from tools import atlas

        return atlas.main(sys.modules[__name__], argv[1:])

    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n")[0])
    parser.set_defaults(run=cmd_build)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build dist/ (the default)").set_defaults(run=cmd_build)
    serve = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--no-build", action="store_true")
    serve.set_defaults(run=cmd_serve)
    sub.add_parser("test", help="ruff and the whole pytest suite (args go to pytest)")
    bench.add_parsers(sub).set_defaults(run=lambda args: cmd_bench(args, argv))
    sub.add_parser("icons", help="redraw web/icons/*.png").set_defaults(
        run=lambda args: icons.cmd_icons())
    args = parser.parse_args(argv)
    return args.run(args)


def cmd_build(args: argparse.Namespace) -> int:
    build()
    return 0


def cmd_bench(args: argparse.Namespace, argv: list[str]) -> int:
    """A benchmark, in .venv (where Playwright is): build.py starts itself there first."""
    if not devenv.in_venv():
        py = devenv.ensure_venv()
        chromium = devenv.ensure_chromium(py)
        return devenv.reexec_in_venv(py, argv, chromium)
    return bench.run(args, build)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main(sys.argv[1:]))
