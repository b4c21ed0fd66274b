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
  Train lane (``snake.snake``), its passes stacked to one side or the other;
- a line that ends in a junction turns a real domino corner (the corner tile's first
  half beside the open half before it, as in a Mexican Train snake) and goes on at a
  right angle, as often as needed, turning left or right so that it never runs into
  itself.

The room a line is given (``cap``) is one length for lines running across the screen
and one for lines running up and down; the caller tries a few and keeps the one that
gives the biggest tiles.

Four modules share the work: ``frames`` (headings, and rectangles in a subtree's own
frame), ``joints`` (a junction's subtrees moved clear of each other), ``measure`` (the
search: ``Seg``, each subtree's ``Plan`` and outline, ``compose_exits``) and this one,
which fits the whole tree into a view (``fit``, trying the caps) and lays its tiles
(``lay_root``).
"""

from __future__ import annotations

from .frames import as_box, bounds, to_parent
from .geometry import EPS, Box, Placed, Target, place
from .joints import joint_path, kid_bounds
from .measure import Ctx, Plan, compose_exits
from .snake import snake


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
        out.lane[line] = as_box(to_parent(ln, ox, oy, H))
    if plan.mode == "snake":
        full = seg.dbl + ([False] if seg.open else [])
        run = snake(full, plan.cap)
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
                content = as_box(bounds([*fixed, *(kid_bounds(k) for k in kids
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
