"""`build.py bench size`: dist/'s size, and what a first visit downloads until the page is
ready and then for the offline copy."""

from __future__ import annotations

import argparse
import gzip
import tempfile
from collections.abc import Callable

from ..common import CHROMIUM_ARGS, DIST, READY_JS, SITE_PREFIX, dist_files
from ..devenv import find_chromium
from ..serving import SiteServer
from .browser import BOOT_TIMEOUT


def cmd_bench_size(args: argparse.Namespace, build: Callable[[], object]) -> int:
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
