"""All Fives on the table: the line of play from the lead, the spinner as a cross.

The lead lies at (0, 0) across the screen (its high half towards E), or standing up
when the table is turned for a tall view; a double lead stands crosswise. Arm E
leaves the lead's high end, W its low end. The spinner lies crosswise and its two
side arms (N and S; N2/S2... when every double spins) leave its ends at right angles,
while its own arm goes on past its far side: a cross with four arms. Other doubles
lie crosswise in their arm. Arms bend to stay on screen and may stand a little off a
spinner, joined to it (bones.layout.tree).
"""

from __future__ import annotations

from ..tiles import Tile
from .geometry import Box, TableLayout, Target, TrainView, place
from .measure import Seg
from .mexican import MAX_SCALE
from .tree import Out, fit, lay_root, view_for


def _t(t) -> Tile:
    return t if isinstance(t, Tile) else Tile(max(t), min(t))


def _segs(lay: dict):
    """The arms as segments: each arm is cut after every spinner on it; the spinner's
    side arms and the rest of the arm leave it (left, straight on, right)."""
    arms = lay["arms"]
    spinners = lay["spinners"]
    index = {a["name"]: i for i, a in enumerate(arms)}
    on_arm: dict[int, dict[int, int]] = {}
    for k, s in enumerate(spinners):
        if s["on"] is not None:
            on_arm.setdefault(index[s["on"]], {})[s["index"]] = k

    def build(a: int, offset: int, flip: bool) -> Seg:
        arm = arms[a]
        tiles = [(_t(t), _t(t).other(e)) for t, e in arm["tiles"]]
        stops = sorted(i for i in on_arm.get(a, {}) if i >= offset)
        if not stops:
            return Seg(a, tiles[offset:], offset, bool(arm["open"]), arm["end"])
        i = stops[0]
        k = on_arm[a][i]
        n_arm, s_arm = (index[x] for x in spinners[k]["arms"])
        seg = Seg(a, tiles[offset:i + 1], offset)
        left, right = build(n_arm, 0, False), build(s_arm, 0, False)
        if flip:  # on W, N is to the arm's right: so it lies up the screen, like E's
            left, right = right, left
        seg.junction = (left, build(a, i + 1, flip), right)
        return seg

    east = build(0, 0, False)
    west = build(1, 0, True)
    root_spin = None
    for s in spinners:
        if s["on"] is None:
            root_spin = (build(index[s["arms"][0]], 0, False),
                         build(index[s["arms"][1]], 0, False))
    return east, west, root_spin


def _roots(root: Tile, east: Seg, west: Seg, root_spin):
    double = root.hi == root.lo
    half = 0.5 if double else 1.0
    base = [(east, (half, 0.0), (1, 0)), (west, (-half, 0.0), (-1, 0))]
    if root_spin is not None:
        base += [(root_spin[0], (0.0, -1.0), (0, -1)), (root_spin[1], (0.0, 1.0), (0, 1))]
    out = []
    for rot in (0, 1):
        exits = []
        for seg, at, h in base:
            if rot:
                at, h = (-at[1], at[0]), (-h[1], h[0])
            exits.append((seg, at, h))
        w, h = (1.0, 2.0) if double else (2.0, 1.0)
        if rot:
            w, h = h, w
        out.append((rot, ([(-w / 2, -h / 2, w / 2, h / 2)], exits, ())))
    return out


def layout_allfives(lay: dict, *, width: float, height: float, names=None,
                    max_scale: float = MAX_SCALE, **_ignored) -> TableLayout:
    """Lay out an All Fives table for a view of ``width`` x ``height`` pixels.

    ``lay``: the engine's ``g.layout()`` (or ``observation["layout"]``): the root,
    the spinners, the arms with their tiles, open ends and counts, the count. Each
    arm's view is numbered as the engine's targets (E 0, W 1, N 2, S 3, N2 4...);
    ``extra`` holds ``count`` (the running count), ``scores`` (it is a multiple of
    five), ``ends`` ({arm name: (pips to match, what it counts)} for the open arms)
    and, before the lead, ``lead`` (the box where it goes).
    """
    count = lay.get("count", 0)
    root = lay.get("root")
    extra = {"count": count, "scores": bool(lay.get("scores")), "ends": {}}
    if root is None:
        s = max_scale
        w, h = width / s, height / s
        extra["lead"] = Target(Box(-1.0, -0.5, 2.0, 1.0), (0.0, 0.0), (1, 0), -1)
        return TableLayout("all-fives", width, height, s, Box(-w / 2, -h / 2, w, h),
                           Box(-1.0, -0.5, 2.0, 1.0), "line", None, None, (), extra)
    root = _t(root)
    east, west, root_spin = _segs(lay)
    f = fit(_roots(root, east, west, root_spin), width, height, max_scale)
    out = Out()
    lay_root(f, out)
    heading = (1, 0) if f.rot == 0 else (0, 1)
    first = root.hi if root.hi == root.lo else root.lo
    hub = place(root, 0.0, 0.0, heading, first, train=-1, index=-1)
    arms = lay["arms"]
    index = {a["name"]: i for i, a in enumerate(arms)}
    parent_of = {}
    for s in lay["spinners"]:
        for name in s["arms"]:
            parent_of[name] = None if s["on"] is None else index[s["on"]]
    views = []
    for i, a in enumerate(arms):
        tiles = tuple(sorted(out.tiles.get(i, []), key=lambda p: p.index))
        is_open = bool(a["open"])
        tg = out.target.get(i) if is_open else None
        if is_open:
            extra["ends"][a["name"]] = (a["end"], a["counts"])
        lane = out.lane.get(i) if is_open else None
        if is_open and lane is None and tg is not None:
            lane = tg.box
        views.append(TrainView(
            i, a["name"], tiles, tg, None, None, is_open, False, lane, out.root.get(i),
            kind="arm", parent=parent_of.get(a["name"]),
            joints=tuple(out.joints.get(i, ())),
            counts=a["counts"] if is_open else None))
    return TableLayout("all-fives", width, height, f.scale, view_for(f, width, height),
                       f.content, "line" if f.rot == 0 else "line-down", hub, None,
                       tuple(views), extra)


def table_of(g, **kw) -> TableLayout:
    """An All Fives match's table (the registry's ``layout`` hook)."""
    return layout_allfives(g.layout(), **kw)


def table_seen(obs: dict, **kw) -> TableLayout:
    """The table a seat's observation shows (the registry's ``layout_seen`` hook)."""
    return layout_allfives(obs["layout"], **kw)
