"""A plain SVG of a layout, to look at and to test with (the real one is py/app).

Tiles are rectangles with their two numbers written in, doubles shaded, markers green
(open) or red (closed), the slot for each train's next tile dashed.
"""

from __future__ import annotations

import argparse
import random
import sys

from ..games import game
from .geometry import TableLayout


def _f(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def svg(t: TableLayout, *, title: str = "") -> str:
    v = t.view
    kind = game(t.game)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(t.width)}" '
        f'height="{_f(t.height)}" viewBox="{t.view_box}">',
        f'<rect x="{_f(v.x)}" y="{_f(v.y)}" width="{_f(v.w)}" height="{_f(v.h)}" '
        'fill="#2f6b3a"/>',
    ]
    if t.station is not None:
        s = t.station
        out.append(f'<rect x="{_f(s.x)}" y="{_f(s.y)}" width="{_f(s.w)}" height="{_f(s.h)}" '
                   'rx="0.4" fill="#8a6d3b" stroke="#3b2a10" stroke-width="0.06"/>')
    for tv in t.trains:
        for j in tv.joints:
            pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in j)
            out.append(f'<polyline points="{pts}" fill="none" stroke="#e8dcb0" '
                       'stroke-width="0.3" stroke-linejoin="round"/>')
        if tv.target is not None:
            b = tv.target.box
            if kind.markers:  # a seat's train: its open end outlined
                style = ('fill="none" stroke="#ffffff" stroke-opacity="0.5" '
                         'stroke-width="0.05" stroke-dasharray="0.2 0.15"')
            else:  # an open end: highlighted (yellow: it must be played now)
                colour = "#ffd54f" if tv.pending else "#8fe39a"
                style = (f'fill="{colour}" fill-opacity="0.25" stroke="{colour}" '
                         'stroke-width="0.08" stroke-dasharray="0.25 0.12"')
            out.append(f'<rect x="{_f(b.x + 0.05)}" y="{_f(b.y + 0.05)}" '
                       f'width="{_f(b.w - 0.1)}" height="{_f(b.h - 0.1)}" rx="0.12" '
                       f'{style}/>')
            if kind.counts_ends:
                x, y = b.cx, b.cy + 0.22
                out.append(f'<text x="{_f(x)}" y="{_f(y)}" font-size="0.6" '
                           'font-family="sans-serif" text-anchor="middle" fill="#fff">'
                           f'{tv.name} {tv.target.value}</text>')
        if tv.marker is not None:
            m = tv.marker
            colour = "#3cb043" if tv.open else "#c62828"
            out.append(f'<circle cx="{_f(m.x)}" cy="{_f(m.y)}" r="{_f(m.r)}" fill="{colour}" '
                       'stroke="#111" stroke-width="0.05"/>')
        if tv.label is not None:
            lb = tv.label
            x, y = lb.point
            text = lb.text + (" *" if tv.pending else "")
            size = min(lb.box.h * 0.75, 1.8 * lb.box.w / max(len(text), 1))
            out.append(f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" '
                       f'font-family="sans-serif" fill="#fff" text-anchor="{lb.anchor}">'
                       f'{text}</text>')
    for p in t.tiles():
        b = p.box
        fill = "#fff3c4" if p.is_double else "#fffdf4"
        out.append(f'<rect x="{_f(b.x + 0.03)}" y="{_f(b.y + 0.03)}" width="{_f(b.w - 0.06)}" '
                   f'height="{_f(b.h - 0.06)}" rx="0.12" fill="{fill}" stroke="#333" '
                   'stroke-width="0.05"/>')
        (ax, ay), (bx, by) = p.half_centres()
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if abs(ax - bx) > abs(ay - by):
            out.append(f'<line x1="{_f(mx)}" y1="{_f(my - 0.35)}" x2="{_f(mx)}" '
                       f'y2="{_f(my + 0.35)}" stroke="#333" stroke-width="0.05"/>')
        else:
            out.append(f'<line x1="{_f(mx - 0.35)}" y1="{_f(my)}" x2="{_f(mx + 0.35)}" '
                       f'y2="{_f(my)}" stroke="#333" stroke-width="0.05"/>')
        for (hx, hy), n in (((ax, ay), p.first), ((bx, by), p.second)):
            out.append(f'<text x="{_f(hx)}" y="{_f(hy + 0.2)}" font-size="0.55" '
                       'font-family="sans-serif" text-anchor="middle" fill="#222">'
                       f'{n}</text>')
    if kind.counts_ends and t.extra.get("count") is not None:
        out.append(f'<text x="{_f(v.x + 0.3)}" y="{_f(v.y + 1.0)}" font-size="0.8" '
                   f'fill="#fff" font-family="sans-serif">count {t.extra["count"]}</text>')
    if title:
        out.append(f'<text x="{_f(v.x + 0.2)}" y="{_f(v.y1 - 0.2)}" font-size="0.5" '
                   f'fill="#fff" fill-opacity="0.7" font-family="sans-serif">{title}</text>')
    out.append("</svg>")
    return "\n".join(out)


def random_game(game: str, seats: int, seed: int, moves: int | None = None,
                preset: str | None = None, options: dict | None = None):
    """A match played by random legal moves: to the end of its first round, or for
    ``moves`` moves (whichever comes first)."""
    import bones

    g = bones.new_game(game, seats=seats, preset=preset, seed=seed, options=options)
    r = random.Random(seed)
    k = 0
    while not g.round_over and (moves is None or k < moves):
        g.play(r.choice(g.legal_moves()))
        k += 1
    return g


def main(argv: list[str] | None = None) -> None:
    from . import layout_game

    ap = argparse.ArgumentParser(prog="python -m bones.layout",
                                 description="Draw a randomly played table as SVG.")
    ap.add_argument("--demo", metavar="OUT.svg", required=True)
    ap.add_argument("--game", default="mexican-train")
    ap.add_argument("--preset", default=None)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--moves", type=int, default=None, help="stop after this many moves")
    ap.add_argument("--size", default="1280x800", help="the table area, WIDTHxHEIGHT px")
    ap.add_argument("--arrangement", default=None)
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option, e.g. spinner=every or centre_paths=6")
    a = ap.parse_args(argv)
    w, h = (float(x) for x in a.size.lower().split("x"))
    options = {}
    for kv in a.option:
        k, v = kv.split("=", 1)
        options[k] = int(v) if v.lstrip("-").isdigit() else v
    g = random_game(a.game, a.seats, a.seed, a.moves, a.preset, options or None)
    kw = {"arrangement": a.arrangement} if a.arrangement else {}
    t = layout_game(g, width=w, height=h, **kw)
    n = sum(len(tv.tiles) for tv in t.trains)
    title = (f"{a.game} {a.seats} seats seed {a.seed}: {n} tiles, {t.arrangement}, "
             f"{t.scale:.1f} px/unit, {a.size}")
    with open(a.demo, "w") as f:
        f.write(svg(t, title=title))
    print(title, file=sys.stderr)
