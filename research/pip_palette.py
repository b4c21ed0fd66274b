"""Search for pip colours that stay apart for colour-blind players (a development tool: it
reports; the palette itself is app.render.PIP_COLOURS, checked by tests/app/test_pip_colours.py).

    python research/pip_palette.py --seed 2 --tries 3

Candidates: every sRGB colour on a 17-step grid with at least 3.3:1 contrast on the ivory
face. Distance between two colours: the least of CIEDE2000 with normal sight divided by
``--normal-weight`` and CIEDE2000 under full protanopia, deuteranopia and tritanopia
(Machado et al. 2009). It picks 12 colours by farthest-point insertion, improves them by
swaps, then orders them so that numbers one or two apart (whose pip patterns look most
alike) are farthest apart. The palette in the page is the first try of seed 2, ordered by
hand from there to keep 1 blue, 2 green and 3 red.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "app"))

from colour_vision import contrast, delta_e, simulate  # noqa: E402

FACE = "#fffdf4"
VISIONS = (None, "protanopia", "deuteranopia", "tritanopia")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--tries", type=int, default=3)
    ap.add_argument("--normal-weight", type=float, default=1.7)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    grid = range(0, 256, 17)
    cands = [c for c in ("#" + "".join(f"{v:02x}" for v in rgb)
                            for rgb in itertools.product(grid, grid, grid))
             if contrast(c, FACE) >= 3.3]
    seen = {c: [simulate(c, v) for v in VISIONS] for c in cands}

    def dist(a: str, b: str) -> float:
        e = [delta_e(x, y) for x, y in zip(seen[a], seen[b])]
        return min(e[0] / args.normal_weight, *e[1:])

    def spread(cols: list[str]) -> float:
        return min(dist(a, b) for a, b in itertools.combinations(cols, 2))

    best = (0.0, [])
    for _ in range(args.tries):
        chosen = [rng.choice(cands)]
        while len(chosen) < 12:
            chosen.append(max(cands, key=lambda c: min(dist(c, x) for x in chosen)))
        score, better = spread(chosen), True
        while better:
            better = False
            for i in range(12):
                rest = chosen[:i] + chosen[i + 1:]
                floor = spread(rest)
                for c in rng.sample(cands, 600):
                    v = min(floor, min(dist(c, x) for x in rest))
                    if v > score + 0.01:
                        chosen, score, better = rest[:i] + [c] + rest[i:], v, True
                        break
        print(f"spread {score:.2f}: {chosen}")
        best = max(best, (score, chosen))

    def order_score(perm: list[str]) -> float:
        return min(dist(perm[i], perm[j]) for i in range(12) for j in range(i + 1, min(12, i + 3)))

    perm = best[1][:]
    score = order_score(perm)
    better = True
    while better:
        better = False
        for i, j in itertools.combinations(range(12), 2):
            q = perm[:]
            q[i], q[j] = q[j], q[i]
            if order_score(q) > score:
                perm, score, better = q, order_score(q), True
    for n, c in enumerate(perm, 1):
        print(f"{n:2d} {c}  {contrast(c, FACE):.2f}:1")


if __name__ == "__main__":
    main()
