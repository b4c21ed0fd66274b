"""`build.py bench boot`: our page's start-up against a bare PyScript page, cold, from the
HTTP cache and from its snapshot, in Chromium, WebKit or Firefox (docs/benchmarks.md)."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from ..common import READY_JS, ROOT, SITE_PREFIX
from ..serving import SiteServer
from .browser import BOOT_TIMEOUT, launch_browser

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


def cmd_bench_boot(args: argparse.Namespace, build: Callable[[], object]) -> int:
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
