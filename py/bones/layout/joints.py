"""A junction's subtrees placed clear of each other: the joints (bones.layout.tree).

Where two subtrees leaving one junction (a crosswise double) would overlap, one of them
moves away along its own heading, leaving a gap between the double and its first tile:
a *joint*, drawn as a bar 0.3 wide from the double to the tile. Siblings leaving one
side of a double side by side first move apart sideways, and their joints step
sideways. ``joint_path`` gives a joint's path to both the composing and the drawing,
so a joint takes as its room only its bars, as drawn. A subtree never reaches back
behind its double's edge: then no subtree can stand in another's way out, and moving
them apart always succeeds.
"""

from __future__ import annotations

from .frames import bounds, overlaps, to_parent
from .geometry import EPS

LAT_STEP = 0.25  # where a sideways joint bends, along the heading


def _push(b, o, d) -> float:
    """How far b must move along d to clear o (they overlap)."""
    if d[0] == 1:
        return o[2] - b[0]
    if d[0] == -1:
        return b[2] - o[0]
    if d[1] == 1:
        return o[3] - b[1]
    return b[3] - o[1]


def _bar(p, q):
    """A joint's straight piece from p to q: a bar 0.3 wide."""
    x0, x1 = (p[0], q[0]) if p[0] <= q[0] else (q[0], p[0])
    y0, y1 = (p[1], q[1]) if p[1] <= q[1] else (q[1], p[1])
    if y1 - y0 <= EPS:
        return (x0, y0 - 0.15, x1, y1 + 0.15)
    return (x0 - 0.15, y0, x1 + 0.15, y1)


def joint_path(at, d, gap, lat) -> tuple:
    """Where a kid's first tile starts (its near edge's middle) and the joint leading
    there from the double's edge ``at``, as a polyline (empty when it touches): straight
    out by ``gap``, or out by LAT_STEP, sideways by ``lat``, then out again. Composing
    (``joint_bars``) and drawing (``tree.lay``) both take it from here."""
    ax, ay = at
    dx, dy = d
    end = (ax + gap * dx - lat * dy, ay + gap * dy + lat * dx)
    if -EPS <= lat <= EPS:
        return end, ((at, end) if gap > EPS else ())
    b1 = (ax + LAT_STEP * dx, ay + LAT_STEP * dy)
    b2 = (b1[0] - lat * dy, b1[1] + lat * dx)
    return end, (at, b1, b2, end)


def joint_bars(path) -> list:
    """The area a joint covers: the bars (0.3 wide) of its path, as drawn."""
    return [_bar(p, q) for p, q in zip(path, path[1:])]


class Kid:
    """One subtree leaving a junction, while it is placed: its ``plan``, the point
    ``at`` on the double's edge it leaves from, its heading ``d``, how far out it has
    moved (``gap``) and sideways (``lat``); ``rs``, ``bb`` and ``jb`` are its
    rectangles, their bounds and its joint's bars, in the junction's frame."""

    __slots__ = ("plan", "at", "d", "gap", "lat", "rs", "bb", "jb")

    def __init__(self, plan, at, d):
        self.plan = plan
        self.at = at
        self.d = d
        # never reach back behind the double's edge: then no kid can stand in another
        # kid's way out, and moving kids apart always succeeds
        self.gap = max(0.0, -plan.bb[0])
        self.lat = 0.0
        self.update()

    def update(self):
        d = self.d
        (ox, oy), path = joint_path(self.at, d, self.gap, self.lat)
        self.rs = [to_parent(r, ox, oy, d) for r in self.plan.shape]
        self.bb = to_parent(self.plan.bb, ox, oy, d)
        self.jb = joint_bars(path)

    def rects(self):
        return self.rs + self.jb if self.jb else self.rs

    def hits(self, obstacles) -> bool:
        bb, jb = self.bb, self.jb
        for o in obstacles:
            for j in jb:
                if overlaps(j, o):
                    return True
            if overlaps(bb, o):
                for r in self.rs:
                    if overlaps(r, o):
                        return True
        return False

    def clear(self, obstacles) -> float | None:
        """The smallest gap (not less than now) at which nothing of this kid lies on
        the obstacles, or None if its joint would have to cross one."""
        saved = self.gap
        for _ in range(40):
            if any(overlaps(j, o) for j in self.jb for o in obstacles):
                break
            need = 0.0
            for o in obstacles:
                if overlaps(self.bb, o):
                    for r in self.rs:
                        if overlaps(r, o):
                            p = _push(r, o, self.d)
                            if p > need:
                                need = p
            if need <= 0.0:
                g = self.gap
                self.gap = saved
                self.update()
                return g
            self.gap += need
            self.update()
        self.gap = saved
        self.update()
        return None


def _side(r, d) -> tuple[float, float]:
    """Rectangle r's (highest, lowest) coordinate along the right-hand axis of the
    heading ``d`` (``right_of(d)``)."""
    dx, dy = d
    if dx == 1:
        return (r[3], r[1])
    if dx == -1:
        return (-r[1], -r[3])
    if dy == 1:
        return (-r[0], -r[2])
    return (r[2], r[0])


def compose(fixed: list, kids: list[Kid], groups=()) -> bool:
    """Move kids along their headings (gaps) until nothing overlaps; False if stuck."""
    # siblings leaving one side side by side: move them apart sideways first
    for a, b in groups:
        ka, kb = kids[a], kids[b]
        if overlaps(ka.bb, kb.bb):
            # a lies to the left of b (seen along the heading): a moves left, b right
            # far enough that all of a lies left of all of b, 0.5 apart
            ov = _side(ka.bb, ka.d)[0] - _side(kb.bb, kb.d)[1]
            ka.lat -= ov / 2 + 0.25
            kb.lat += ov / 2 + 0.25
            # the sideways step of the joint lies clear of the kid's own outline
            ka.gap = max(ka.gap, 0.5, -ka.plan.bb[0] + LAT_STEP + 0.2)
            kb.gap = max(kb.gap, 0.5, -kb.plan.bb[0] + LAT_STEP + 0.2)
            ka.update()
            kb.update()
    start = [(k.gap, k.lat) for k in kids]
    if _relax(fixed, kids):
        return True
    # one at a time, each clear of those before it: always possible unless a kid's way
    # out is blocked by one placed before it; then another order
    n = len(kids)
    orders = [list(range(n)), list(range(n - 1, -1, -1))] + [
        list(range(i, n)) + list(range(i)) for i in range(1, n)]
    for order in orders:
        for k, (g, lat) in zip(kids, start, strict=True):
            k.gap, k.lat = g, lat
            k.update()
        placed = list(fixed)
        for i in order:
            k = kids[i]
            g = k.clear(placed)
            if g is None:
                break
            k.gap = g
            k.update()
            placed.extend(k.rects())
        else:
            return True
    return False


def _relax(fixed: list, kids: list[Kid]) -> bool:
    """Push kids apart pair by pair (the one that has to move less moves)."""
    n = len(kids)
    for _ in range(30):
        changed = False
        for k in kids:
            if k.hits(fixed):
                g = k.clear(fixed)
                if g is None:
                    return False
                k.gap = g
                k.update()
                changed = True
        for i in range(n):
            a = kids[i]
            for j in range(i + 1, n):
                b = kids[j]
                if not overlaps(kid_bounds(a), kid_bounds(b)):
                    continue
                rb = b.rects()
                if not a.hits(rb) and not b.hits(a.rs):
                    continue
                ga = a.clear(rb)
                gb = b.clear(a.rects())
                if ga is None and gb is None:
                    return False
                if gb is None or (ga is not None and ga - a.gap <= gb - b.gap):
                    a.gap = ga
                    a.update()
                else:
                    b.gap = gb
                    b.update()
                changed = True
        if not changed:
            return True
    return False


def kid_bounds(k: Kid):
    """The bounds of a kid with its joint."""
    if not k.jb:
        return k.bb
    return bounds((k.bb, *k.jb))
