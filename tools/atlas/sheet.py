"""``python3 build.py atlas``: the screenshots and the contact sheet."""

from __future__ import annotations

import html
import json
import time
from pathlib import Path

from .checks import INIT, Result, Visit, shot_name
from .saves import OUT, ROOT, SIZES, TIMEOUT_MS
from .screens import Pages, screens


# ---- the command: screenshots and the contact sheet ----------------------------------------
def contact_sheet(out: Path) -> Path:
    """index.html in ``out``: a row a screen, a column a size and print, from the
    screenshots there and the problems the runs wrote beside them (problems.json)."""
    found = out / "problems.json"
    problems: dict[str, list[str]] = json.loads(found.read_text()) if found.exists() else {}
    cols = [(w, h, large) for large in (False, True) for w, h in SIZES]
    head = "".join(f"<th>{w}x{h}{' large print' if large else ''}</th>"
                   for w, h, large in cols)
    rows, shots, bad_n = [], 0, 0
    for s in screens():
        cells = []
        for w, h, large in cols:
            name = shot_name(s.id, (w, h), large)
            if not (out / name).exists():
                cells.append("<td class=none>" + ("(large print changes nothing here)"
                                                  if large and not s.large else "") + "</td>")
                continue
            shots += 1
            bad = "".join(f"<li>{html.escape(p)}</li>" for p in problems.get(name, []))
            bad_n += bool(bad)
            cells.append(f"<td class={'bad' if bad else 'ok'}><a href='{name}'>"
                         f"<img src='{name}' loading=lazy alt=''></a>"
                         f"{'<ul>' + bad + '</ul>' if bad else ''}</td>")
        rows.append(f"<tr><th>{html.escape(s.title)}<br><code>{s.id}</code></th>"
                    f"{''.join(cells)}</tr>")
    page = f"""<!doctype html><meta charset=utf-8><title>Rally Dominoes: the screen atlas</title>
<style>body{{font:14px sans-serif;margin:8px}} table{{border-collapse:collapse}}
td,th{{border:1px solid #bbb;vertical-align:top;padding:4px}} th{{text-align:left}}
img{{height:220px;display:block}} td.bad{{background:#fdd}} td.ok{{background:#dfd}}
td ul{{max-width:260px;margin:4px 0;padding-left:16px;font-size:12px}}
thead th{{position:sticky;top:0;background:#fff}}</style>
<h1>The screen atlas</h1><p>{shots} screenshots, {bad_n} with a problem (red, the problems
under the picture; green: every check passed). A row a screen, a column a size; each
picture links to its full size.</p>
<table><thead><tr><th>screen</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"""
    path = out / "index.html"
    path.write_text(page, encoding="utf-8")
    return path


def main(build, argv: list[str]) -> int:
    """``python3 build.py atlas [--only id,id] [--sizes 390x844,...]``: every screen at
    every size in normal and large print; screenshots and build/atlas/index.html."""
    import argparse

    from playwright.sync_api import sync_playwright

    from tools.bench.browser import launch_browser

    ap = argparse.ArgumentParser(prog="build.py atlas")
    ap.add_argument("--only", default="", help="screen ids, comma-separated")
    ap.add_argument("--sizes", default="", help="e.g. 390x844,1280x800")
    ap.add_argument("--no-build", action="store_true")
    args = ap.parse_args(argv)
    only = [x for x in args.only.split(",") if x] or None
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",") if s] or SIZES
    if not args.no_build:
        build.build()
    ids = [x.id for x in screens() if only is None or x.id in only]
    retaken = {shot_name(i, size, large) for i in ids for size in sizes for large in (0, 1)}
    OUT.mkdir(parents=True, exist_ok=True)
    for old in retaken:  # this run's pictures and problems replace the last run's
        (OUT / old).unlink(missing_ok=True)
    results: list[Result] = []
    t0 = time.monotonic()
    with build.SiteServer(prefix=build.SITE_PREFIX) as server, sync_playwright() as p:
        browser = launch_browser(p)
        held: dict = {}  # touch -> (its context, a page a chain in it), as the test keeps them
        for w, h in sizes:
            touch = w < 1100
            if touch not in held:
                ctx = browser.new_context(viewport={"width": w, "height": h},
                                          service_workers="block", has_touch=touch,
                                          reduced_motion="reduce")
                ctx.add_init_script(INIT)

                def new_page(ctx=ctx):
                    page = ctx.new_page()
                    page.set_default_timeout(TIMEOUT_MS)
                    return page

                held[touch] = (ctx, Pages(new_page))
            for large in (False, True):
                t = time.monotonic()
                got = Visit(held[touch][1], server.url, (w, h), large, OUT).run(only)
                results += got.values()
                bad = [r for r in got.values() if r.problems]
                build.say(f"{w}x{h} {'large' if large else 'normal'} print: {len(got)} "
                          f"screens in {time.monotonic() - t:.1f} s, {len(bad)} with a problem")
                for r in bad:
                    build.say(f"  {r.screen}: {'; '.join(r.problems)}")
        for ctx, _pages in held.values():
            ctx.close()
        browser.close()
    found = OUT / "problems.json"
    kept = json.loads(found.read_text()) if found.exists() else {}
    kept = {k: v for k, v in kept.items() if k not in retaken}
    kept.update({r.shot or shot_name(r.screen, r.size, r.large): r.problems
                 for r in results if r.problems})
    found.write_text(json.dumps(kept, indent=1))
    sheet = contact_sheet(OUT)
    build.say(f"the atlas: {sheet.relative_to(ROOT)} ({len(results)} screenshots, "
              f"{time.monotonic() - t0:.0f} s)")
    return 0
