"""The tree layout's search: each subtree measured in its own frame, and the way to lay
it chosen (bones.layout.tree).

``measure`` gives the ways (one or two) to lay a segment growing along a heading:
straight, snaking like a Mexican Train lane (``snake.snake``) when it ends in nothing
and is longer than its cap, or turning corners before the junction it ends in. Each
``Plan`` keeps an outline of its subtree (at most SHAPE_MAX rectangles, own frame).
``compose_exits`` measures the segments leaving a junction and places them clear of
each other (bones.layout.joints); where a segment may be laid two ways, the smallest
result wins. A ``Ctx`` holds one trial's caps and what was measured already.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tiles import Tile
from .frames import area, bounds, left_of, overlaps, right_of, to_parent, world
from .geometry import EPS
from .joints import Kid, compose, kid_bounds
from .snake import snake, snake_extent

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
        self.bb = bounds(shape) if shape else (0.0, 0.0, 0.0, 0.0)
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


# ---- measuring a segment ------------------------------------------------------------------
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
        run = snake(full, cap)
        if run is None:
            return [_straight(seg, full, ends)]
        lo, hi, umax = snake_extent(full, run)
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
                if p is not None and (best is None or area(p.bb) < area(best.bb) - EPS):
                    best = p
            if best is not None:
                return [best]
    return [_foot(seg, dbl, ends, H, ctx)]


def _straight(seg, full, ends) -> Plan:
    if not full:
        return Plan(seg, "straight", ((0.0, 0.0, 0.0, 0.0),), lane=(0.0, 0.0, 0.0, 0.0))
    lane = bounds(_band(full, ends))  # an open line's tap area is kept free: all of it
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
        rs = [to_parent(r, at[0], at[1], d) for r in p.shape]
        if any(overlaps(r, f) for r in rs for f in fixed):
            continue
        if any(r[0] < -EPS and r[1] < 0.15 and r[3] > -0.15 for r in rs):
            continue  # it would lie across the way in: the line's joint, if it has one
        shape = _coarse(fixed, [(rs, to_parent(p.bb, at[0], at[1], d))])
        bb = bounds(shape)
        if best is None or area(bb) < area(best[0]) - EPS:
            best = (bb, shape, p)
    if best is None:
        return None
    _bb_, shape, p = best
    return Plan(seg, "corner", shape, corner=(j, at, d, p), lane=bounds(fixed))


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
        return (bounds(shape),)
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
        parts.append((rs, bounds(rs)))
    shape = _coarse(fixed, parts)
    return Plan(seg, "straight", shape, kids=tuple((k.plan, k.at, k.d, k.gap, k.lat)
                                                    for k in kids), lane=bounds(fixed))


# ---- a junction's exits --------------------------------------------------------------------
def compose_exits(fixed, exits, H, ctx, groups=()) -> list[Kid]:
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
    fb = bounds(fixed)
    for combo in _product(options):
        kids = [Kid(p, at, d) for p, at, d in combo]
        if not compose(fixed, kids, groups):
            continue
        bb = bounds([fb, *(kid_bounds(k) for k in kids if k.plan.seg is not None)])
        a = area(bb)
        if best is None or a < best[0] - EPS:
            best = (a, kids)
    if best is None:  # cannot happen with finite boxes; be safe: push everything apart
        kids = [Kid(ps[0][0], ps[0][1], ps[0][2]) for ps in options]
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
    allb = bounds([*fixed, *(k.bb for k in kids)])
    span = max(allb[2] - allb[0], allb[3] - allb[1]) * 2 + 4
    for i, k in enumerate(kids):
        k.gap = span * (i + 1)
        k.update()
