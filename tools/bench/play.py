"""The page at play: `build.py bench ai` (computer move times in the page), `bench moves`
(a computer's move as a player sees it, at each pace) and `bench soak` (kiosk mode's
attract game for hundreds of games in one page: memory, errors)."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from ..common import CHROMIUM_ARGS, READY_JS, SITE_PREFIX
from ..devenv import find_chromium
from ..serving import SiteServer
from .browser import BOOT_TIMEOUT, launch_browser


def cmd_bench_ai(args: argparse.Namespace, build: Callable[[], object]) -> int:
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


def cmd_bench_moves(args: argparse.Namespace, build: Callable[[], object]) -> int:
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
          "Very fast 100 ms; the pace between moves (app.game.seats.PACES) 1600, 900, 400, 120 ms")
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


def cmd_bench_soak(args: argparse.Namespace, build: Callable[[], object]) -> int:
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
