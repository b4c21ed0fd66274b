"""Search for pip colours that stay apart for colour-blind players and at arm's length (a
development tool: it reports; the palette itself is app.shared.render.PIP_COLOURS, checked by
tests/app/test_pip_colours.py).

    python research/pip_palette.py --seed 3 --tries 4
    python research/pip_palette.py --check     # the figures of the palette in the page

Candidates: every sRGB colour on a 17-step grid with at least 3.3:1 contrast on the ivory
face. Distance between two colours: the least of CIEDE2000 with normal sight divided by
``--normal-weight``, CIEDE2000 under full protanopia, deuteranopia and tritanopia
(Machado et al. 2009), and CIEDE2000 at arm's length divided by ``--far-weight``: a pip
on a tile of ``--tile`` px (its short side), the screen scaled to a quarter and blurred by
``--blur`` px (tests/app/colour_vision.py's ``distant``), where dark colours lose their
hue and read alike. It picks 12 colours by farthest-point insertion, improves them by
swaps, then orders them so that numbers one or two apart (whose pip patterns look most
alike) are farthest apart (for colour-blind eyes and at arm's length). Every try prints
its figures; the palette in the page is the best try of ``--seed 3 --tries 4``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "app"))
sys.path.insert(0, str(ROOT / "py"))

from colour_vision import contrast, coverage, delta_e, distant, simulate  # noqa: E402

FACE = "#fffdf4"
VISIONS = (None, "protanopia", "deuteranopia", "tritanopia")
NUMBERS = range(1, 13)
BLACK = "#000000"


def radius(n: int) -> float:
    """A pip's radius as a share of a tile's short side (app.shared.render.pip_radius)."""
    from app.shared.render import pip_radius

    return pip_radius(n)


def figures(palette: dict[int, str], tile: float, blur: float) -> dict:
    """What tests/app/test_pip_colours.py checks, for ``palette`` ({number: colour})."""
    out = {"contrast": min(contrast(c, FACE) for c in palette.values())}
    pairs = list(itertools.combinations(NUMBERS, 2))
    near = [(a, b) for a, b in pairs if b - a <= 2]
    for v in VISIONS:
        seen = {n: simulate(palette[n], v) for n in NUMBERS}
        key = v or "normal"
        out[key] = min((round(delta_e(seen[a], seen[b]), 1), a, b) for a, b in pairs)
        out[key + " near"] = min((round(delta_e(seen[a], seen[b]), 1), a, b) for a, b in near)
    for t in sorted({tile, 92.0}):
        far = {n: distant(palette[n], FACE, coverage(radius(n) * t, blur)) for n in NUMBERS}
        black = {n: distant(BLACK, FACE, coverage(radius(n) * t, blur)) for n in NUMBERS}
        out[f"far {t:g}px"] = min((round(delta_e(far[a], far[b]), 1), a, b) for a, b in pairs)
        out[f"near black {t:g}px"] = sorted(
            n for n in NUMBERS if delta_e(far[n], black[n]) < NEAR_BLACK)
    return out


NEAR_BLACK = 12.0  # CIEDE2000 from a black pip's look at arm's length: reads as black


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=6)
    ap.add_argument("--tries", type=int, default=6)
    ap.add_argument("--normal", type=float, default=19.2, help="least CIEDE2000 wanted")
    ap.add_argument("--protanopia", type=float, default=10.8)
    ap.add_argument("--deuteranopia", type=float, default=11.6)
    ap.add_argument("--tritanopia", type=float, default=11.9)
    ap.add_argument("--far", type=float, default=6.0)
    ap.add_argument("--near", type=float, default=15.6,
                    help="least wanted between numbers one or two apart, colour-blind")
    ap.add_argument("--step", type=int, default=15, help="of the sRGB grid of candidates")
    ap.add_argument("--tile", type=float, default=56.0, help="a tile's short side, px")
    ap.add_argument("--blur", type=float, default=0.7, help="px, on the quarter-size screen")
    ap.add_argument("--black", default="#111100", help="the one colour that may read as black")
    ap.add_argument("--margin", type=float, default=0.0,
                    help="CIEDE2000 beyond NEAR_BLACK the others keep from black, far")
    ap.add_argument("--sample", type=int, default=5000, help="swaps tried per colour and pass")
    ap.add_argument("--no-refine", action="store_true", help="keep to the grid")
    ap.add_argument("--contrast", type=float, default=3.05, help="least contrast on the face")
    ap.add_argument("--check", action="store_true", help="the page's palette's figures only")
    args = ap.parse_args()
    if args.check:
        from app.shared.render import PIP_COLOURS

        for k, v in figures({n: PIP_COLOURS[n] for n in NUMBERS}, args.tile,
                            args.blur).items():
            print(f"{k:>20}: {v}")
        return
    rng = random.Random(args.seed)
    grid = range(0, 256, args.step)
    share = coverage(radius(1) * args.tile, args.blur)  # numbers up to 9 (most)
    small = coverage(radius(12) * args.tile, args.blur)  # 10 to 12: smaller pips
    black = distant(BLACK, FACE, small)
    # one colour is black; no other may read as black at arm's length, even as the
    # smaller pips of 10 to 12
    cands = [c for c in ("#" + "".join(f"{v:02x}" for v in rgb)
                         for rgb in itertools.product(grid, grid, grid))
             if contrast(c, FACE) >= args.contrast
             and delta_e(distant(c, FACE, small), black) >= NEAR_BLACK + args.margin]
    print(f"{len(cands)} candidates", flush=True)
    cands.append(args.black)
    seen = {c: [simulate(c, v) for v in VISIONS] + [distant(c, FACE, share)] for c in cands}
    # each kind of difference over what it must reach: the palette before this one's
    # figures for normal sight and the three dichromacies, and ``--far`` at arm's length
    weights = (args.normal, args.protanopia, args.deuteranopia, args.tritanopia, args.far)
    memo: dict = {}

    def dist(a: str, b: str) -> float:
        key = (a, b) if a < b else (b, a)
        if key not in memo:
            memo[key] = min(delta_e(x, y) / w for x, y, w in
                            zip(seen[a], seen[b], weights, strict=True))
        return memo[key]

    def spread(cols: list[str]) -> float:
        return min(dist(a, b) for a, b in itertools.combinations(cols, 2))

    def allowed(c: str) -> bool:
        return contrast(c, FACE) >= args.contrast and \
            delta_e(distant(c, FACE, small), black) >= NEAR_BLACK + args.margin

    def look(c: str) -> None:
        if c not in seen:
            seen[c] = [simulate(c, v) for v in VISIONS] + [distant(c, FACE, share)]

    def refine(chosen: list[str], score: float) -> tuple[list[str], float]:
        """Off the grid: move a colour of the closest pair a step along a channel while
        that widens the spread, in steps of 8, 4, 2 and 1."""
        for step in (8, 4, 2, 1):
            better = True
            while better:
                better = False
                pairs = sorted((dist(a, b), a, b) for a, b in itertools.combinations(chosen, 2))
                for c in pairs[0][1:]:
                    if c == args.black:
                        continue
                    rgb = [int(c[i:i + 2], 16) for i in (1, 3, 5)]
                    for ch, sign in itertools.product(range(3), (-1, 1)):
                        v = rgb[:]
                        v[ch] = min(255, max(0, v[ch] + sign * step))
                        new = "#" + "".join(f"{x:02x}" for x in v)
                        if new in chosen or not allowed(new):
                            continue
                        look(new)
                        trial = [new if x == c else x for x in chosen]
                        sc = spread(trial)
                        if sc > score + 1e-4:
                            chosen, score, better = trial, sc, True
                            break
                    if better:
                        break
        return chosen, score

    best = (0.0, [])
    for _ in range(args.tries):
        chosen = [args.black, rng.choice(cands[:-1])]
        while len(chosen) < 12:
            chosen.append(max(cands, key=lambda c: min(dist(c, x) for x in chosen)))
        score, better = spread(chosen), True
        while better:
            better = False
            for i in range(1, 12):  # the black stays
                rest = chosen[:i] + chosen[i + 1:]
                floor = spread(rest)
                for c in rng.sample(cands[:-1], min(args.sample, len(cands) - 1)):
                    v = min(floor, min(dist(c, x) for x in rest))
                    if v > score + 0.01:
                        chosen, score, better = rest[:i] + [c] + rest[i:], v, True
                        break
        if not args.no_refine:
            chosen, score = refine(chosen, score)
        print(f"spread {score:.3f} of the least wanted: {chosen}", flush=True)
        best = max(best, (score, chosen))

    def order_score(perm: list[str]) -> float:
        """Numbers one or two apart: their least difference, colour-blind or far."""
        pal = dict(zip(NUMBERS, perm, strict=True))
        worst = 99.0
        for a in NUMBERS:
            for b in range(a + 1, min(13, a + 3)):
                fa = distant(pal[a], FACE, coverage(radius(a) * args.tile, args.blur))
                fb = distant(pal[b], FACE, coverage(radius(b) * args.tile, args.blur))
                worst = min(worst, delta_e(fa, fb) / args.far,
                            *(delta_e(simulate(pal[a], v), simulate(pal[b], v)) / args.near
                              for v in VISIONS[1:]))
        return worst

    perm = best[1][:]
    score = order_score(perm)
    better = True
    while better:
        better = False
        for i, j in itertools.combinations(range(12), 2):
            q = perm[:]
            q[i], q[j] = q[j], q[i]
            s = order_score(q)
            if s > score:
                perm, score, better = q, s, True
    for n, c in enumerate(perm, 1):
        print(f"{n:2d} {c}  {contrast(c, FACE):.2f}:1")
    for k, v in figures(dict(zip(NUMBERS, perm, strict=True)), args.tile, args.blur).items():
        print(f"{k:>20}: {v}")


if __name__ == "__main__":
    main()
