"""Lines of play that branch: Chicken Foot's feet and All Fives' spinners (docs/layout.md).

The table is a tree. A *segment* is a run of one line's tiles laid end to end from a
root point in a heading; it may end in a *junction*, a crosswise double from which up
to three segments leave: one from each end of the double (to its left and right, a
quarter turn from the line) and one from its far side (straight on). Chicken Foot's
later doubles and their toes, and All Fives' spinners with their side arms and the
arm going on past them, are both junctions; the centre double (or the lead) is the
root junction, with its own exits.

Every subtree is measured as a rectangle in its own frame (root at the origin,
growing along +x, its right hand on +y) and placed in its parent's frame so that no
two rectangles overlap: collisions are impossible by construction, not repaired.
Where two subtrees of one junction would overlap, one of them moves away along its
own heading, leaving a small gap between the double and its first tile: a *joint*,
drawn as a bar from the double to the tile. A line longer than the room it is given
bends:

- a line that ends in nothing (open, or closed with no toes) snakes like a Mexican
  Train lane (``mexican._run``), its passes stacked to one side or the other;
- a line that ends in a junction turns a real domino corner (the corner tile's first
  half beside the open half before it, as in a Mexican Train snake) and goes on at a
  right angle, as often as needed, turning left or right so that it never runs into
  itself.

The room a line is given (``cap``) is one length for lines running across the screen
and one for lines running up and down; the caller tries a few and keeps the one that
gives the biggest tiles.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tiles import Tile
from .geometry import EPS, Box, Placed, Target, place
from .mexican import _extent, _run

JOINT_MIN = 0.0  # a gap smaller than this is closed to nothing (exact touching)
LAT_STEP = 0.25  # where a sideways joint bends, along the heading


def right_of(h: tuple[int, int]) -> tuple[int, int]:
    """A quarter turn clockwise on screen (y grows downwards)."""
    return (-h[1], h[0])


def left_of(h: tuple[int, int]) -> tuple[int, int]:
    return (h[1], -h[0])


def tbox(b: Box, ox: float, oy: float, d: tuple[int, int]) -> Box:
    """Box ``b`` of a frame whose origin is (ox, oy) and whose +x is ``d``, in the
    parent frame (axis-aligned: ``d`` is a unit axis vector)."""
    x0, y0, x1, y1 = _tr((b.x, b.y, b.x1, b.y1), ox, oy, d)
    return Box(x0, y0, x1 - x0, y1 - y0)


# Inside the search rectangles are plain tuples (x0, y0, x1, y1): it runs after every
# move, so it is kept lean.
def _tr(r, ox, oy, d):
    dx, dy = d
    if dx == 1:
        return (ox + r[0], oy + r[1], ox + r[2], oy + r[3])
    if dx == -1:
        return (ox - r[2], oy - r[3], ox - r[0], oy - r[1])
    if dy == 1:  # +x -> +y, +y -> -x
        return (ox - r[3], oy + r[0], ox - r[1], oy + r[2])
    return (ox + r[1], oy - r[2], ox + r[3], oy - r[0])


def _bb(rs):
    it = iter(rs)
    x0, y0, x1, y1 = next(it)
    for r in it:
        if r[0] < x0:
            x0 = r[0]
        if r[1] < y0:
            y0 = r[1]
        if r[2] > x1:
            x1 = r[2]
        if r[3] > y1:
            y1 = r[3]
    return (x0, y0, x1, y1)


def _hit(a, b) -> bool:
    return (a[0] < b[2] - EPS and b[0] < a[2] - EPS
            and a[1] < b[3] - EPS and b[1] < a[3] - EPS)


def _box(r) -> Box:
    return Box(r[0], r[1], r[2] - r[0], r[3] - r[1])


def _area(r) -> float:
    return (r[2] - r[0]) * (r[3] - r[1])


SHAPE_MAX = 10  # rectangles kept to describe a subtree's outline


@dataclass(eq=False)
class Seg:
    """A run of one line's tiles (``line``: the view it belongs to; ``offset``: the
    index of its first tile in that line). ``tiles`` are (tile, first half) pairs.
    ``junction``: the segments leaving its last tile (a double), as (left, straight
    on, right), any of them None. ``open``: it takes a next tile after its last one
    (the slot is part of the segment); ``value``: the number that tile must match."""

    line: int
    tiles: list[tuple[Tile, int]]
    offset: int = 0
    open: bool = False
    value: int | None = None
    junction: tuple | None = None
    dbl: list[bool] = field(default_factory=list)

    def __post_init__(self):
        self.dbl = [t.hi == t.lo for t, _f in self.tiles]


class Plan:
    """How a measured segment is laid: its mode and its children's placement.
    ``shape``: a few rectangles covering the subtree (own frame), ``bb`` their
    bounding box."""

    __slots__ = ("seg", "mode", "side", "shape", "bb", "kids", "corner", "lane", "cap")

    def __init__(self, seg, mode, shape, side=1, kids=(), corner=None, lane=None,
                 cap=0.0):
        self.seg = seg
        self.mode = mode  # "straight", "snake", "corner", "none"
        self.side = side  # snake: passes stacked to the right (+1) or left (-1)
        self.shape = shape
        self.bb = _bb(shape) if shape else (0.0, 0.0, 0.0, 0.0)
        self.kids = kids  # (plan, at, heading, gap, lateral) in own frame
        self.corner = corner  # (j, at, heading, plan): the rest of the line after a turn
        self.lane = lane  # own tiles and slot, own frame
        self.cap = cap  # snake: the length of its passes


class Ctx:
    """The caps of one trial, and what was measured already (shared between trials:
    a subtree whose lines are all shorter than a cap does not depend on it)."""

    def __init__(self, cap_h: float, cap_v: float, memo: dict | None = None,
                 longest: dict | None = None):
        self.cap_h = cap_h
        self.cap_v = cap_v
        self.memo = {} if memo is None else memo
        self.longest = {} if longest is None else longest


def _longest(seg: Seg, ctx: Ctx) -> float:
    """The longest segment (with its slot) in seg's subtree, units."""
    key = (seg.line, seg.offset)
    v = ctx.longest.get(key)
    if v is None:
        v = sum(1.0 if x else 2.0 for x in seg.dbl) + (2.0 if seg.open else 0.0)
        if seg.junction is not None:
            for k in seg.junction:
                if k is not None:
                    v = max(v, _longest(k, ctx))
        ctx.longest[key] = v
    return v


# ---- composing children without overlaps ------------------------------------------------
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
    (``_bars``) and drawing (``lay``) both take it from here."""
    ax, ay = at
    dx, dy = d
    end = (ax + gap * dx - lat * dy, ay + gap * dy + lat * dx)
    if -EPS <= lat <= EPS:
        return end, ((at, end) if gap > EPS else ())
    b1 = (ax + LAT_STEP * dx, ay + LAT_STEP * dy)
    b2 = (b1[0] - lat * dy, b1[1] + lat * dx)
    return end, (at, b1, b2, end)


def _bars(path) -> list:
    """The area a joint covers: the bars (0.3 wide) of its path, as drawn."""
    return [_bar(p, q) for p, q in zip(path, path[1:])]


class _Kid:
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
        self.rs = [_tr(r, ox, oy, d) for r in self.plan.shape]
        self.bb = _tr(self.plan.bb, ox, oy, d)
        self.jb = _bars(path)

    def rects(self):
        return self.rs + self.jb if self.jb else self.rs

    def hits(self, obstacles) -> bool:
        bb, jb = self.bb, self.jb
        for o in obstacles:
            for j in jb:
                if _hit(j, o):
                    return True
            if _hit(bb, o):
                for r in self.rs:
                    if _hit(r, o):
                        return True
        return False

    def clear(self, obstacles) -> float | None:
        """The smallest gap (not less than now) at which nothing of this kid lies on
        the obstacles, or None if its joint would have to cross one."""
        saved = self.gap
        for _ in range(40):
            if any(_hit(j, o) for j in self.jb for o in obstacles):
                break
            need = 0.0
            for o in obstacles:
                if _hit(self.bb, o):
                    for r in self.rs:
                        if _hit(r, o):
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


def compose(fixed: list, kids: list[_Kid], groups=()) -> bool:
    """Move kids along their headings (gaps) until nothing overlaps; False if stuck."""
    # siblings leaving one side side by side: move them apart sideways first
    for a, b in groups:
        ka, kb = kids[a], kids[b]
        if _hit(ka.bb, kb.bb):
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


def _relax(fixed: list, kids: list[_Kid]) -> bool:
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
                if not _hit(_bb_j(a), _bb_j(b)):
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


def _bb_j(k: _Kid):
    if not k.jb:
        return k.bb
    return _bb((k.bb, *k.jb))


# ---- measuring ---------------------------------------------------------------------------
def _ends(dbl) -> list[float]:
    out, u = [], 0.0
    for d in dbl:
        u += 1.0 if d else 2.0
        out.append(u)
    return out


NONE = Plan(None, "none", ())


def measure(seg: Seg | None, H: tuple[int, int], ctx: Ctx) -> list[Plan]:
    """Ways to lay ``seg`` growing along the world heading ``H`` (1 or 2 of them),
    each with its subtree's outline in its own frame."""
    if seg is None:
        return [NONE]
    top = _longest(seg, ctx)
    key = (seg.line, seg.offset, H, min(ctx.cap_h, top), min(ctx.cap_v, top))
    got = ctx.memo.get(key)
    if got is None:
        got = ctx.memo[key] = _measure(seg, H, ctx)
    return got


def _measure(seg: Seg, H: tuple[int, int], ctx: Ctx) -> list[Plan]:
    dbl = seg.dbl
    full = dbl + [False] if seg.open else dbl
    ends = _ends(full)
    length = ends[-1] if ends else 0.0
    cap = ctx.cap_h if H[0] else ctx.cap_v
    if seg.junction is None:
        if length <= cap + EPS:
            return [_straight(seg, full, ends)]
        run = _run(full, cap)
        if run is None:
            return [_straight(seg, full, ends)]
        lo, hi, umax = _extent(full, run)
        plans = []
        for side in (1, -1):
            r = (0.0, lo, umax, hi) if side == 1 else (0.0, -hi, umax, -lo)
            plans.append(Plan(seg, "snake", (r,), side=side, lane=r, cap=cap))
        return plans
    # a junction at the end: straight, or turning corners while too long
    if length > cap + EPS:
        j = _corner_at(dbl, ends, cap)
        if j is not None:
            best = None
            for turn in (1, -1):
                p = _corner(seg, dbl, ends, j, turn, H, ctx)
                if p is not None and (best is None or _area(p.bb) < _area(best.bb) - EPS):
                    best = p
            if best is not None:
                return [best]
    return [_foot(seg, dbl, ends, H, ctx)]


def _straight(seg, full, ends) -> Plan:
    if not full:
        return Plan(seg, "straight", ((0.0, 0.0, 0.0, 0.0),), lane=(0.0, 0.0, 0.0, 0.0))
    lane = _bb(_band(full, ends))  # an open line's tap area is kept free: all of it
    return Plan(seg, "straight", (lane,), lane=lane)


def _corner_at(dbl, ends, cap) -> int | None:
    """The tile that turns the corner: the last plain tile after a plain tile whose
    place ends within the cap."""
    for j in range(len(dbl) - 2, 0, -1):
        if not dbl[j] and not dbl[j - 1] and ends[j - 1] <= cap + EPS:
            return j
    return None


def _corner(seg, dbl, ends, j, turn, H, ctx) -> Plan | None:
    """Tiles 0..j-1 straight on, tile j turns the corner (``turn`` 1: to the right),
    the rest of the line (and its junction) goes on from there."""
    rest = Seg(seg.line, seg.tiles[j:], seg.offset + j, seg.open, seg.value, seg.junction)
    d = (0, turn)
    Hw = right_of(H) if turn == 1 else left_of(H)
    e = ends[j - 1]
    at = (e - 0.5, 0.5 * turn)
    fixed = _band(dbl[:j], ends[:j])
    best = None
    for p in measure(rest, Hw, ctx):
        rs = [_tr(r, at[0], at[1], d) for r in p.shape]
        if any(_hit(r, f) for r in rs for f in fixed):
            continue
        if any(r[0] < -EPS and r[1] < 0.15 and r[3] > -0.15 for r in rs):
            continue  # it would lie across the way in: the line's joint, if it has one
        shape = _coarse(fixed, [(rs, _tr(p.bb, at[0], at[1], d))])
        bb = _bb(shape)
        if best is None or _area(bb) < _area(best[0]) - EPS:
            best = (bb, shape, p)
    if best is None:
        return None
    _bb_, shape, p = best
    return Plan(seg, "corner", shape, corner=(j, at, d, p), lane=_bb(fixed))


def _band(dbl, ends) -> list:
    """A straight run's area: a 1-wide band and each double's 2-wide box."""
    out = [(0.0, -0.5, ends[-1], 0.5)]
    for k, x in enumerate(dbl):
        if x:
            out.append((ends[k] - 1.0, -1.0, ends[k], 1.0))
    return out


def _coarse(fixed, parts) -> tuple:
    """An outline of at most SHAPE_MAX rectangles: the run's own, then each part's
    (a kid's rectangles and their bounding box) in detail while there is room."""
    shape = list(fixed)
    total = len(shape) + sum(len(rs) for rs, _b in parts)
    if total <= SHAPE_MAX:
        for rs, _b in parts:
            shape.extend(rs)
        return tuple(shape)
    for _rs, b in parts:
        shape.append(b)
    if len(shape) > SHAPE_MAX:
        return (_bb(shape),)
    return tuple(shape)


def _foot(seg, dbl, ends, H, ctx) -> Plan:
    """A straight run ending in a double, with its segments leaving it."""
    e = ends[-1]
    left, mid, right = seg.junction
    exits = [
        (left, (e - 0.5, -1.0), (0, -1)),
        (mid, (e, 0.0), (1, 0)),
        (right, (e - 0.5, 1.0), (0, 1)),
    ]
    fixed = _band(dbl, ends)
    kids = compose_exits(fixed, exits, H, ctx)
    parts = []
    for k in kids:
        if k.plan.seg is None:
            continue
        rs = k.rects()
        parts.append((rs, _bb(rs)))
    shape = _coarse(fixed, parts)
    return Plan(seg, "straight", shape, kids=tuple((k.plan, k.at, k.d, k.gap, k.lat)
                                                    for k in kids), lane=_bb(fixed))


def world(d: tuple[int, int], H: tuple[int, int]) -> tuple[int, int]:
    """A heading ``d`` of a frame whose +x is world heading H, in world terms."""
    rx, ry = -H[1], H[0]
    return (d[0] * H[0] + d[1] * rx, d[0] * H[1] + d[1] * ry)


def compose_exits(fixed, exits, H, ctx, groups=()) -> list[_Kid]:
    """Measure the segments leaving a junction and place them clear of ``fixed`` and
    of each other; where a segment may be laid two ways, the smallest result wins."""
    options = []
    for seg, at, d in exits:
        ps = measure(seg, world(d, H), ctx)
        if len(ps) > 1 and d[0] == 0 and d[1]:
            # a snake leaving a double's end: its passes go back alongside the line
            # the double ends (room there is rarely taken), not towards the toe ahead
            ps = [p for p in ps if p.side == d[1]] or ps
        options.append([(p, at, d) for p in ps])
    best = None
    fb = _bb(fixed)
    for combo in _product(options):
        kids = [_Kid(p, at, d) for p, at, d in combo]
        if not compose(fixed, kids, groups):
            continue
        bb = _bb([fb, *(_bb_j(k) for k in kids if k.plan.seg is not None)])
        a = _area(bb)
        if best is None or a < best[0] - EPS:
            best = (a, kids)
    if best is None:  # cannot happen with finite boxes; be safe: push everything apart
        kids = [_Kid(ps[0][0], ps[0][1], ps[0][2]) for ps in options]
        _spread(fixed, kids)
        return kids
    return best[1]


def _product(options):
    out = [[]]
    for opts in options:
        out = [c + [o] for c in out for o in opts]
        if len(out) > 8:  # keep the search small: the first choice for the rest
            out = out[:8]
    return out


def _spread(fixed, kids):
    """Last resort: every kid moves out past everything."""
    allb = _bb([*fixed, *(k.bb for k in kids)])
    span = max(allb[2] - allb[0], allb[3] - allb[1]) * 2 + 4
    for i, k in enumerate(kids):
        k.gap = span * (i + 1)
        k.update()


# ---- laying out the tiles ----------------------------------------------------------------
class Out:
    """What placing a tree produces, per line."""

    def __init__(self):
        self.tiles: dict[int, list[Placed]] = {}
        self.target: dict[int, Target] = {}
        self.joints: dict[int, list[tuple]] = {}
        self.lane: dict[int, Box] = {}
        self.root: dict[int, tuple[float, float]] = {}


def lay(plan: Plan, ox: float, oy: float, H: tuple[int, int], out: Out) -> None:
    seg = plan.seg
    if seg is None:
        return
    Rx, Ry = -H[1], H[0]

    def pt(u, v):
        return (ox + u * H[0] + v * Rx, oy + u * H[1] + v * Ry)

    def hd(hu, hv):
        return (hu * H[0] + hv * Rx, hu * H[1] + hv * Ry)

    line = seg.line
    placed = out.tiles.setdefault(line, [])
    if seg.offset == 0:
        out.root.setdefault(line, (ox, oy))
    ln = plan.lane
    if ln is not None and ln[2] - ln[0] + ln[3] - ln[1] > 0:
        out.lane[line] = _box(_tr(ln, ox, oy, H))
    if plan.mode == "snake":
        full = seg.dbl + ([False] if seg.open else [])
        run = _run(full, plan.cap)
        s = plan.side
        for i, (t, first) in enumerate(seg.tiles):
            u, v, hu, hv = run[i]
            x, y = pt(u, v * s)
            placed.append(place(t, x, y, hd(hu, hv * s), first, train=line,
                                index=seg.offset + i))
        if seg.open:
            u, v, hu, hv = run[-1]
            _slot(out, line, pt(u, v * s), hd(hu, hv * s), seg.value)
        return
    n = len(seg.tiles) if plan.mode != "corner" else plan.corner[0]
    u = 0.0
    for i in range(n):
        t, first = seg.tiles[i]
        step = 1.0 if seg.dbl[i] else 2.0
        x, y = pt(u + step / 2, 0.0)
        placed.append(place(t, x, y, H, first, train=line, index=seg.offset + i))
        u += step
    if plan.mode == "corner":
        j, at, d, p = plan.corner
        lay(p, *pt(*at), hd(*d), out)
        return
    if seg.open:
        _slot(out, line, pt(u + 1.0, 0.0), H, seg.value)
    for p, at, d, gap, lat in plan.kids:
        if p.seg is None:
            continue
        (su, sv), path = joint_path(at, d, gap, lat)
        if path:
            out.joints.setdefault(p.seg.line, []).append(tuple(pt(*q) for q in path))
        lay(p, *pt(su, sv), hd(*d), out)


def _slot(out: Out, line: int, c, h, value) -> None:
    x, y = c
    hx, hy = h
    box = Box(x - (1.0 if hx else 0.5), y - (1.0 if hy else 0.5),
              2.0 if hx else 1.0, 2.0 if hy else 1.0)
    out.target[line] = Target(box, (x - hx, y - hy), (hx, hy), value)


# ---- fitting the whole tree into a view -------------------------------------------------
MARGIN = 0.4  # around everything (units)
ROUNDS = 1
CAPS = (6.0, 9.0, 13.0, 18.0, 1e9)


class Fitted:
    """The chosen arrangement: its scale, the root's kids, everything's bounding box."""

    def __init__(self, scale, rot, kids, content, ctx):
        self.scale = scale
        self.rot = rot
        self.kids = kids
        self.content = content
        self.ctx = ctx


def _scale_for(content: Box, width: float, height: float, max_scale: float) -> float:
    return min(width / (content.w + 2 * MARGIN), height / (content.h + 2 * MARGIN),
               max_scale)


def fit(roots, width: float, height: float, max_scale: float,
        caps=CAPS) -> Fitted:
    """``roots(rot)`` gives (fixed boxes, exits, groups) of the root junction for each
    turn ``rot`` of the table worth trying; the caps are tried by coordinate search,
    and the arrangement with the biggest tiles wins (the first of equals)."""
    best = None
    shared_memo: dict = {}
    shared_longest: dict = {}
    for rot, (fixed, exits, groups) in roots:
        memo = {}

        def trial(ch, cv, fixed=fixed, exits=exits, groups=groups, memo=memo):
            key = (ch, cv)
            if key not in memo:
                ctx = Ctx(ch, cv, shared_memo, shared_longest)
                kids = compose_exits(fixed, exits, (1, 0), ctx, groups)
                content = _box(_bb([*fixed, *(_bb_j(k) for k in kids
                                              if k.plan.seg is not None)]))
                memo[key] = (_scale_for(content, width, height, max_scale), kids, content,
                             ctx)
            return memo[key]

        ch = cv = caps[-1]
        cur = trial(ch, cv)
        if cur[0] < max_scale - EPS:
            for _ in range(ROUNDS):
                moved = False
                for c in caps:
                    r = trial(c, cv)
                    if r[0] > cur[0] + EPS:
                        cur, ch, moved = r, c, True
                for c in caps:
                    r = trial(ch, c)
                    if r[0] > cur[0] + EPS:
                        cur, cv, moved = r, c, True
                if not moved or cur[0] >= max_scale - EPS:
                    break
        if best is None or cur[0] > best.scale + EPS:
            best = Fitted(cur[0], rot, cur[1], cur[2], cur[3])
        if best.scale >= max_scale - EPS:
            break
    return best


def view_for(f: Fitted, width: float, height: float) -> Box:
    """The view (units) at the fitted scale, centred on the content."""
    w, h = width / f.scale, height / f.scale
    c = f.content
    return Box(c.cx - w / 2, c.cy - h / 2, w, h)


def lay_root(f: Fitted, out: Out) -> None:
    for k in f.kids:
        p = k.plan
        if p.seg is None:
            continue
        (sx, sy), path = joint_path(k.at, k.d, k.gap, k.lat)
        if path:
            out.joints.setdefault(p.seg.line, []).append(path)
        lay(p, sx, sy, k.d, out)
