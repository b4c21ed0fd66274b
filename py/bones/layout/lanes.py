"""The table as straight lanes, the way the play screen draws it (docs/layout.md).

Every line a tile can be played on gets a lane of its own: a Mexican Train train, a
Chicken Foot line or toe that is still open, an All Fives arm that is open. Lanes are
rows, one under another, leaving a station that holds the hub (the engine, the centre
double or the lead): all to the right of it (one column), or left and right of it (two
columns). A lane holds, from the station outwards: the double it grows from when that
is not the hub and the lane is still empty (the tile to play on), a fold chip "+N"
standing for its older tiles when they do not all fit, its newest tiles at full size,
and the slot for the next tile. Its name (and a Mexican Train marker) sits in a band
above it.

So the tile a player plays onto is always drawn at the layout's scale, which is chosen
for the open ends, not for the whole round: older tiles fold away instead of every
tile shrinking. A lane's place depends only on which lines are open and their order,
so tiles added to one lane never move another. Doubles lie in line (a lane is one tile
thick); the slot of an unsatisfied double is marked ``pending``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..games import game
from ..tiles import Tile
from .geometry import ANGLES, Box, Label, Marker, Placed, TableLayout, Target, TrainView, bounds

MAX_SCALE = 72.0  # px per unit: a tile 144 x 72 px
MIN_SCALE = 12.0
FLOOR = 50.0  # the open ends' size aimed at first (px per unit; a face is 0.98 of a unit)
LABEL_PX = 18.0  # a lane's name, in CSS px whatever the scale
BAND_PX = 24.0  # the band above a lane that holds it
HEAD_PX = 210.0  # or the room before a lane's tiles that holds it, at most
HEAD_MIN_PX = 90.0
GAP = 0.3  # between lanes (units)
TIGHT_GAP = 0.15  # between lanes with no names (Chicken Foot's many lines on a phone)
MARGIN = 0.3
STATION_W = 1.6  # the hub's plate (units); the hub stands in it
PAD = 0.25  # between the station and a lane
CHIP = 1.5  # the fold chip, along the lane
SLOT = 1.4  # the slot for the next tile, along the lane
WANT = (3, 2, 1)  # newest tiles a lane would show, best first


@dataclass(frozen=True, slots=True)
class Lane:
    """One line of play to draw: ``tiles`` from its root outwards with ``firsts`` (the
    half of each touching the one before), ``root`` the double it grows from (None: the
    hub), ``value`` its open end (None: closed, no slot)."""

    id: int
    name: str
    tiles: tuple[Tile, ...]
    firsts: tuple[int, ...]
    root: Tile | None = None
    value: int | None = None
    marker: bool | None = None  # Mexican Train: the marker is up (None: no marker)
    pending: bool = False
    kind: str = "train"
    parent: int | None = None
    counts: int | None = None

    def along(self, room: float) -> tuple[float, int, int] | None:
        """(root length, tiles shown, tiles folded) in a lane ``room`` units long."""
        root = 2.0 if self.root is not None and not self.tiles else 0.0
        avail = room - root - (SLOT if self.value is not None else 0.0)
        n = len(self.tiles)
        if 2.0 * n <= avail + 1e-9:
            return (root, n, 0) if avail >= -1e-9 else None
        k = int((avail - CHIP) // 2.0)
        if k < 1:
            return None
        return root, k, n - k


def _gap(label: str) -> float:
    return TIGHT_GAP if label == "none" else GAP


def _pitch(scale: float, label: str) -> float:
    return (BAND_PX / scale if label == "band" else 0.0) + 1.0 + _gap(label)


def _room(width_u: float, columns: int, head: float = 0.0) -> float:
    return (width_u - 2 * MARGIN - STATION_W - PAD * columns) / columns - head


def head_px(lanes: Sequence[Lane], width: float) -> float:
    """Room for the names before the lanes' tiles (CSS px): the longest name's, within
    bounds (a longer one is shortened with an ellipsis)."""
    longest = max((len(ln.name) for ln in lanes), default=0)
    marker = BAND_PX if any(ln.marker is not None for ln in lanes) else 0.0
    most = min(HEAD_PX, 0.3 * width)
    return max(min(HEAD_MIN_PX, most), min(most, longest * 0.6 * LABEL_PX + marker + 8))


def _fits(lanes: Sequence[Lane], scale: float, w: float, h: float, columns: int,
          label: str, want: int, head: float) -> bool:
    wu, hu = w / scale, h / scale
    rows = math.ceil(len(lanes) / columns)
    if rows * _pitch(scale, label) - _gap(label) + 2 * MARGIN > hu + 1e-9 or hu < 2.0 + 2 * MARGIN:
        return False
    room = _room(wu, columns, head / scale if label == "head" else 0.0)
    for ln in lanes:
        a = ln.along(room)
        if a is None or a[1] < min(want, len(ln.tiles)):
            return False
    return True


def _biggest(lanes, width, height, columns, label, want, head, max_scale) -> float | None:
    """The biggest whole scale at which the lanes fit this way, or None."""
    def ok(s):
        return _fits(lanes, s, width, height, columns, label, want, head)

    lo, hi = int(MIN_SCALE), int(max_scale)
    if not ok(lo):
        return None
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    return float(lo)


# A lane's name reads best above it, in full: that way is taken unless another gives
# clearly bigger tiles (or reaches FLOOR where it does not).
_WEIGHT = {"band": 1.0, "head": 0.88, "none": 0.8}


def choose(lanes: Sequence[Lane], width: float, height: float,
           max_scale: float = MAX_SCALE, labels: Sequence[str] = ("band", "head")
           ) -> tuple[float, int, str]:
    """(scale in px per unit, columns, where the names go): the biggest scale at which
    each lane shows its newest 3 tiles, else 2, else 1; fewer tiles only when more would
    take the scale below FLOOR (or below the biggest there is, when that is under it).
    Names go in a band above each lane ("band"), before its tiles ("head"), or nowhere
    ("none", when ``labels`` allows it)."""
    cols = (1, 2) if len(lanes) > 1 else (1,)
    head = head_px(lanes, width)
    best: dict[int, tuple[float, int, str]] = {}
    for want in WANT:
        found = []
        for c in cols:
            for lb in labels:
                sc = _biggest(lanes, width, height, c, lb, want, head, max_scale)
                if sc is not None:
                    # up to FLOOR size is all; above it, the names' place counts
                    found.append((min(sc, FLOOR), sc * _WEIGHT[lb], -c, sc, c, lb))
        if found:
            *_, sc, c, lb = max(found)
            best[want] = (sc, c, lb)
    if not best:
        return MIN_SCALE, cols[-1], labels[-1]
    # Context (more tiles shown) is bought only with size above FLOOR: below it, the
    # biggest tiles win.
    top = max(b[0] for b in best.values())
    enough = min(FLOOR, top)
    for want in WANT:
        if want in best and best[want][0] >= enough:
            return best[want]
    return best[1]


def layout_lanes(game: str, hub: Tile | None, lanes: Sequence[Lane], *, width: float,
                 height: float, max_scale: float = MAX_SCALE, extra: dict | None = None,
                 hub_open: bool = False, labels: Sequence[str] = ("band", "head")
                 ) -> TableLayout:
    """Lay ``lanes`` out for a view of ``width`` x ``height`` CSS px (see the module's
    docstring). ``hub_open``: a lane grows from the hub and is still empty (the hub is
    a tile to play onto)."""
    extra = dict(extra or {})
    scale, columns, where = choose(lanes, width, height, max_scale, labels)
    wu, hu = width / scale, height / scale
    band = BAND_PX / scale if where == "band" else 0.0
    head = head_px(lanes, width) / scale if where == "head" else 0.0
    pitch = _pitch(scale, where)
    rows = max(1, math.ceil(len(lanes) / columns))
    total = max(rows * pitch - _gap(where), 2.4)
    top = -total / 2
    room = _room(wu, columns)
    if columns == 2:
        station = Box(-STATION_W / 2, top, STATION_W, total)
        view = Box(-wu / 2, -hu / 2, wu, hu)
    else:
        station = Box(0.0, top, STATION_W, total)
        view = Box(-MARGIN, -hu / 2, wu, hu)
    hub_p = None
    if hub is not None:
        hub_p = Placed(hub, station.cx, station.cy, 0, hub.hi, hub.lo, (0, 1), -1, -1)
    extra.update(label_px=LABEL_PX, hub_open=hub_open, columns=columns, labels=where)
    views = []
    for i, ln in enumerate(lanes):
        col = 0 if columns == 1 else (0 if i < rows else 1)
        row = i if columns == 1 else i % rows
        d = 1 if columns == 1 or col == 1 else -1
        base = station.x1 + PAD if d > 0 else station.x - PAD
        views.append(_lane_view(ln, base, d, top + row * pitch, band, head, room, scale))
    content = bounds([station] + [tv.lane for tv in views])
    return TableLayout(game, width, height, scale, view, content,
                       "lanes" if columns == 1 else "lanes-2", hub_p, station, tuple(views),
                       extra)


def _lane_view(ln: Lane, base: float, d: int, y0: float, band: float, head: float,
               room: float, scale: float) -> TrainView:
    def span(u0: float, u1: float, v0: float, v1: float) -> Box:
        xa, xb = base + d * u0, base + d * u1
        return Box(min(xa, xb), v0, abs(xb - xa), v1 - v0)

    yc = y0 + band + 0.5
    fit = ln.along(room - head)
    if fit is None:  # a view too small for anything: show the open end alone
        fit = (0.0, min(1, len(ln.tiles)), max(0, len(ln.tiles) - 1))
    root_len, shown, folded = fit
    heading = (d, 0)
    angle = ANGLES[heading]
    # the name and the marker: in the band above, or in the head before the tiles
    marker = label = None
    if band or head:
        line_h = band or min(1.0, BAND_PX / scale)
        ly = y0 if band else yc - line_h / 2
        lab0 = 0.0
        if ln.marker is not None:
            r = min(line_h * 0.36, 0.4)
            marker = Marker(base + d * (line_h / 2), ly + line_h / 2, r)
            lab0 = line_h * 1.05
        label = Label(ln.name, span(lab0, head or room, ly, ly + line_h),
                      "start" if d > 0 else "end")
    placed = []
    u = head
    if root_len:
        r = ln.root
        placed.append(Placed(r, base + d * (u + 1.0), yc, angle, r.hi, r.lo, heading, ln.id,
                             -1))
        u += root_len
    fold = None
    if folded:
        fold = span(u, u + CHIP, yc - 0.5, yc + 0.5)
        u += CHIP
    for k in range(len(ln.tiles) - shown, len(ln.tiles)):
        t, first = ln.tiles[k], ln.firsts[k]
        placed.append(Placed(t, base + d * (u + 1.0), yc, angle, first, t.other(first),
                             heading, ln.id, k))
        u += 2.0
    target = None
    if ln.value is not None:
        slot = span(u, u + SLOT, yc - 0.5, yc + 0.5)
        target = Target(slot, (base + d * u, yc), heading, ln.value)
    lane = span(0.0, room, y0, yc + 0.5)
    return TrainView(ln.id, ln.name, tuple(placed), target, marker, label,
                     ln.marker is not False, ln.pending, lane, (base, yc), kind=ln.kind,
                     parent=ln.parent, counts=ln.counts, folded=folded, fold=fold)


def transposed(lay: TableLayout) -> TableLayout:
    """``lay`` mirrored in the line x = y: its lanes run down and up from a station lying
    across. Made for a view ``lay.height`` x ``lay.width``, it fits one ``lay.width`` x
    ``lay.height``: a tall, narrow felt (a phone), where lanes in rows beside the station
    would be too short for many lines. Names are not drawn that way (sideways text)."""
    def box(b):
        return None if b is None else Box(b.y, b.x, b.h, b.w)

    def turn(hd):
        return (hd[1], hd[0])

    def tile(p):
        hd = turn(p.heading)
        return replace(p, x=p.y, y=p.x, heading=hd, angle=ANGLES[hd])

    trains = tuple(replace(
        tv, tiles=tuple(tile(p) for p in tv.tiles), label=None, marker=None,
        target=None if tv.target is None else Target(
            box(tv.target.box), turn(tv.target.end), turn(tv.target.heading),
            tv.target.value),
        lane=box(tv.lane), root=None if tv.root is None else turn(tv.root), fold=box(tv.fold),
        joints=tuple(tuple(turn(q) for q in j) for j in tv.joints)) for tv in lay.trains)
    return TableLayout(lay.game, lay.height, lay.width, lay.scale, box(lay.view),
                       box(lay.content), lay.arrangement + "-down",
                       None if lay.hub is None else tile(lay.hub), box(lay.station), trains,
                       dict(lay.extra, labels="none"))


# ---- the three games as lanes -----------------------------------------------------------
def _tile(t) -> Tile:
    return t if isinstance(t, Tile) else Tile(max(t), min(t))


def _chain(entries) -> tuple[tuple[Tile, ...], tuple[int, ...]]:
    """(tile, open end) pairs, as the engines keep their lines, as tiles and firsts."""
    tiles, firsts = [], []
    for t, end in entries:
        t = _tile(t)
        tiles.append(t)
        firsts.append(t.other(end))
    return tuple(tiles), tuple(firsts)


HEADS = ("band", "head")  # where a lane's name may go, tried in turn
OPTIONAL = ("band", "head", "none")  # ... or nowhere: lines that belong to nobody


def mexican_table(g, names: dict[int, str]) -> tuple:
    """The registry's ``lanes`` hook: (hub, lanes, hub open, extra, label places)."""
    return (*mexican_lanes(g, names), {}, HEADS)


def chicken_table(g, names: dict[int, str]) -> tuple:
    """Chicken Foot's lines belong to nobody: their names may go when room is short."""
    return (*chicken_lanes(g, names), {"pending": tuple(g.pending)}, OPTIONAL)


def allfives_table(g, names: dict[int, str]) -> tuple:
    return (*allfives_lanes(g, names), HEADS)


def mexican_lanes(g, names: dict[int, str]) -> tuple[Tile, list[Lane], bool]:
    seats = g.seats
    ids = list(range(seats)) + [-1]
    lanes, empty = [], False
    for t in ids:
        tiles, firsts = _chain(g.trains[t])
        value = g.end_of(t)
        empty = empty or not tiles
        lanes.append(Lane(t, names.get(t, "Mexican Train" if t < 0 else f"Player {t + 1}"),
                          tiles, firsts, None, value,
                          True if t < 0 else bool(g.markers[t]), t in set(g.pending)))
    return g.hub, lanes, empty


def chicken_lanes(g, names: dict[int, str]) -> tuple[Tile, list[Lane], bool]:
    lines = g.layout()
    by_id = {d["line"]: d for d in lines}
    pend = set(g.pending)

    def path(d) -> tuple[int, ...]:  # tree order: toes come where their stem was
        out = []
        while d is not None:
            out.append(d["line"])
            d = by_id.get(d["stem"])
        return tuple(reversed(out))

    lanes, empty = [], False
    for d in sorted((d for d in lines if d["open"]), key=path):
        tiles, firsts = _chain(d["tiles"])
        stem = d["stem"]
        root = None if stem == -1 else _tile(d["double"])
        empty = empty or (root is None and not tiles)
        lanes.append(Lane(d["line"], names.get(d["line"], f"Line {d['line'] + 1}"), tiles,
                          firsts, root, d["end"], None, d["line"] in pend, d["kind"],
                          None if stem == -1 else stem))
    return g.hub, lanes, empty


_ARM_ORDER = {"W": 0, "N": 1, "E": 2, "S": 3}


def allfives_lanes(g, names: dict[int, str]) -> tuple[Tile | None, list[Lane], bool, dict]:
    lay = g.layout()
    extra = {"count": lay.get("count", 0), "scores": bool(lay.get("scores")), "ends": {}}
    root = lay.get("root")
    if root is None:
        return None, [], False, extra
    arms = lay["arms"]
    spinners = lay["spinners"]
    lanes, empty = [], False
    for i, a in sorted(enumerate(arms), key=lambda ia: (_ARM_ORDER.get(ia[1]["name"], 9),
                                                         ia[0])):
        if not a["open"]:
            continue
        tiles, firsts = _chain(a["tiles"])
        sp = a.get("spinner")
        on = spinners[sp]["on"] if sp is not None and sp < len(spinners) else None
        parent = None
        root_tile = None
        if on is not None:
            parent = next(k for k, b in enumerate(arms) if b["name"] == on)
            root_tile = _tile(spinners[sp]["tile"])
        empty = empty or (root_tile is None and not tiles)
        extra["ends"][a["name"]] = (a["end"], a["counts"])
        lanes.append(Lane(i, names.get(i, a["name"]), tiles, firsts, root_tile, a["end"],
                          None, False, "arm", parent, a["counts"]))
    return _tile(root), lanes, empty, extra


def layout_table(g, *, width: float, height: float, names: dict[int, str] | None = None,
                 max_scale: float = MAX_SCALE) -> TableLayout:
    """The play screen's table for a match ``g`` (any game): lanes, as above.
    ``names``: what to call each target (its lane's name)."""
    hub, lanes, empty, extra, labels = game(g.game).lanes(g, names or {})
    if hub is None:  # nothing played yet (All Fives): the lead goes in the middle
        s = max_scale
        w, h = width / s, height / s
        extra.update(lead=Target(Box(-1.0, -0.5, 2.0, 1.0), (0.0, 0.0), (1, 0), -1),
                     label_px=LABEL_PX)
        return TableLayout(g.game, width, height, s, Box(-w / 2, -h / 2, w, h),
                           Box(-1.0, -0.5, 2.0, 1.0), "lanes", None, None, (), extra)
    lay = layout_lanes(g.game, hub, lanes, width=width, height=height,
                       max_scale=max_scale, extra=extra, hub_open=empty, labels=labels)
    if "none" in labels and height > width and lay.scale < FLOOR:
        # a tall, narrow felt with many lines: lanes down and up may give bigger tiles
        down = transposed(layout_lanes(g.game, hub, lanes, width=height, height=width,
                                       max_scale=max_scale, extra=extra, hub_open=empty,
                                       labels=("none",)))
        if down.scale > lay.scale:
            return down
    return lay
