"""Chicken Foot on the table: the round's double at the centre, a foot on every double.

The centre double lies at (0, 0), standing up (or lying across when the table is
turned for a tall view). Its 3 toes leave it left, up and right and its spur down
(turned: up, right, down and left); with 6 paths, one leaves each end and two each
long side, side by side. A later double lies crosswise at the end of its line and its
3 toes leave it to the left, straight on and to the right (the order the engine fills
them). Every foot gets its own rectangle of the table (bones.layout.tree), so lines
never run into each other; a toe may stand a little off its double, joined to it by
a joint. Long lines bend to fit the view.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..tiles import Tile
from .geometry import TableLayout, TrainView, place
from .measure import Seg
from .mexican import MAX_SCALE
from .tree import Out, fit, lay_root, view_for

HUB = -1


def _seg_tree(lines: Sequence[dict]) -> tuple[dict[int, Seg], list[Seg]]:
    """Segments for every line (tiles with their first halves) and the centre's ones."""
    children: dict[int, list[dict]] = {}
    for d in lines:
        children.setdefault(d["stem"], []).append(d)
    for v in children.values():
        v.sort(key=lambda d: d["line"])
    segs: dict[int, Seg] = {}

    def build(d) -> Seg:
        tiles = []
        for t, e in d["tiles"]:
            if not isinstance(t, Tile):
                t = Tile(max(t), min(t))
            tiles.append((t, t.other(e)))
        seg = Seg(d["line"], tiles, 0, bool(d["open"]), d.get("end"))
        toes = children.get(d["line"], [])
        if toes:
            kids = [build(x) for x in toes[:3]] + [None] * (3 - len(toes[:3]))
            seg.junction = tuple(kids)
        segs[d["line"]] = seg
        return seg

    centre = [build(d) for d in children.get(HUB, [])]
    return segs, centre


def _roots(hub: Tile, centre: list[Seg]):
    """The centre double and its exits, upright (rot 0) and lying across (rot 1)."""
    n = len(centre)
    if n == 6:
        base = [((0, -1), (0, -1)), ((0.5, -0.5), (1, 0)), ((0.5, 0.5), (1, 0)),
                ((0, 1), (0, 1)), ((-0.5, 0.5), (-1, 0)), ((-0.5, -0.5), (-1, 0))]
        groups = ((1, 2), (3 + 1, 3 + 2))
    elif n == 4:
        # toes left, up, right; the spur down (the foot stands on it)
        base = [((-0.5, 0), (-1, 0)), ((0, -1), (0, -1)), ((0.5, 0), (1, 0)),
                ((0, 1), (0, 1))]
        groups = ()
    else:
        raise ValueError("the centre double has 4 or 6 paths")
    out = []
    for rot in (0, 1):
        exits = []
        for seg, (at, h) in zip(centre, base, strict=True):
            if rot:
                at, h = (-at[1], at[0]), (-h[1], h[0])
            exits.append((seg, at, h))
        hub_box = (-0.5, -1.0, 0.5, 1.0) if rot == 0 else (-1.0, -0.5, 1.0, 0.5)
        out.append((rot, ([hub_box], exits, groups)))
    return out


def layout_chicken(hub: Tile, lines: Sequence[dict], *, width: float, height: float,
                   pending: Sequence[int] = (), names: Sequence[str] | None = None,
                   max_scale: float = MAX_SCALE, **_ignored) -> TableLayout:
    """Lay out a Chicken Foot table for a view of ``width`` x ``height`` pixels.

    ``lines``: the engine's ``g.layout()`` or ``observation["lines"]`` (one dict a
    line: ``line``, ``kind``, ``stem``, ``tiles`` as (tile, open end), ``end``,
    ``open``). ``pending``: the lines of the unsatisfied double (``g.pending``).
    ``names``: ignored (lines belong to nobody); accepted for a common signature.
    """
    lines = sorted(lines, key=lambda d: d["line"])
    segs, centre = _seg_tree(lines)
    f = fit(_roots(hub, centre), width, height, max_scale)
    out = Out()
    lay_root(f, out)
    hub_p = (place(hub, 0.0, 0.0, (1, 0), hub.hi, train=HUB, index=-1) if f.rot == 0
             else place(hub, 0.0, 0.0, (0, 1), hub.hi, train=HUB, index=-1))
    pend = set(pending)
    views = []
    for d in lines:
        i = d["line"]
        tiles = tuple(sorted(out.tiles.get(i, []), key=lambda p: p.index))
        kind = d["kind"]
        label = f"{kind.capitalize()} {i}" if kind != "line" else f"Line {i}"
        stem = d["stem"]
        lane = out.lane.get(i)
        tg = out.target.get(i)
        if lane is None and tg is not None:
            lane = tg.box
        views.append(TrainView(
            i, label, tiles, tg if d["open"] else None, None, None, bool(d["open"]),
            i in pend, lane, out.root.get(i), kind=kind,
            parent=None if stem == HUB else stem, joints=tuple(out.joints.get(i, ()))))
    return TableLayout("chicken-foot", width, height, f.scale, view_for(f, width, height),
                       f.content, "foot" if f.rot == 0 else "foot-across", hub_p, None,
                       tuple(views), {"pending": tuple(pending)})


def table_of(g, **kw) -> TableLayout:
    """A Chicken Foot match's table (the registry's ``layout`` hook)."""
    return layout_chicken(g.hub, g.layout(), pending=g.pending, **kw)


def table_seen(obs: dict, **kw) -> TableLayout:
    """The table a seat's observation shows (the registry's ``layout_seen`` hook)."""
    return layout_chicken(obs["hub"], obs["lines"], pending=obs["pending"], **kw)
