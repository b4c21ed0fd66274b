"""Mexican Train on the table: the hub at the centre, one lane per train.

Each train is a *lane*: a straight line of tiles leaving the hub's station, with the
train's marker between the station and its first tile and its name above (rows) or
beside the marker (columns). A lane that is longer than the room it has snakes back:
a tile turns the corner crosswise to the line and the next pass runs the other way,
2 units further out. Every corner is a real domino joint (the corner tile's first
half lies against the previous tile's open half), and doubles, which lie crosswise,
never stand in a corner.

Four arrangements are tried, and the one with the biggest tiles wins (the hub-centred
ones are preferred unless a one-sided one is clearly bigger):

    rows          lanes run left and right from a station standing at the centre
    columns       lanes run up and down from a station lying across the centre (phones)
    rows-right    every lane runs right from a station at the left edge
    columns-down  every lane runs down from a station at the top edge
"""

from __future__ import annotations

from collections.abc import Sequence

from ..tiles import Tile
from .geometry import EPS, Box, Label, Marker, TableLayout, Target, TrainView, place
from .snake import snake, snake_extent

MEXICAN = -1

MAX_SCALE = 44.0  # pixels per unit: a tile 88 x 44 px is big enough for anyone
MIN_SCALE = 4.0  # below this the search gives up (never reached on a real screen)
MARGIN = 0.4  # around everything
GAP = 0.5  # between two lanes
STATION = 2.0  # thickness of the hub's station plate
HUB_LEN = 2.6  # the station is never shorter than this
LABEL_H = 0.9  # a name's line
MARKER_R = 0.55
HEAD_ROWS = 1.5  # between the station and a row's first tile: the marker
HEAD_COLS = LABEL_H + 1.4  # between the station and a column's first tile: name, marker
COL_MIN_W = 2.6  # a column is at least this wide, for its name
LABEL_MIN = 6.0  # a row's name gets at least this much room along the row
C_MIN = 5.0  # a lane shorter than this cannot turn
PREFER = 0.88  # a hub-centred arrangement wins unless another has tiles 1/0.88 as big
COMFORT = 30.0  # ... or whenever its tiles are at least this big anyway (px per unit)

ARRANGEMENTS = ("rows", "columns", "rows-right", "columns-down")

# Local lane coordinates: u along the lane (0 at its first tile, growing outwards),
# v across it (pass 0 on v = 0, later passes at v = 2, 4, ...). Each arrangement maps
# them to the table by  (x, y) = origin + u * U + v * V.
_U = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}


class _Lane:
    """What the scale search needs to know about one train."""

    __slots__ = ("dbl", "length", "half")

    def __init__(self, tiles: Sequence[Tile]):
        # the train's tiles and, last, a plain "ghost" tile: the slot for the next play
        self.dbl = [t.hi == t.lo for t in tiles] + [False]
        self.length = sum(1.0 if x else 2.0 for x in self.dbl)
        self.half = 1.0 if any(self.dbl) else 0.5

    def across(self, cap: float, rows: bool) -> float | None:
        """The lane's thickness (units, across) when it may be ``cap`` long, or None."""
        if self.length <= cap:
            lo, hi = -self.half, self.half
        else:
            run = snake(self.dbl, cap)
            if run is None:
                return None
            lo, hi, _ = snake_extent(self.dbl, run)
        lo = min(lo, -MARKER_R)
        hi = max(hi, MARKER_R)
        if rows:
            return hi - lo + LABEL_H
        return max(hi - lo, COL_MIN_W)


def _cap(arr: str, w: float, h: float) -> float:
    """How long a lane may be (units) in a view of w x h units."""
    w -= 2 * MARGIN
    h -= 2 * MARGIN
    if arr == "rows":
        return (w - STATION) / 2 - HEAD_ROWS
    if arr == "rows-right":
        return w - STATION - HEAD_ROWS
    if arr == "columns":
        return (h - STATION) / 2 - HEAD_COLS
    return h - STATION - HEAD_COLS


def _split(n: int) -> int:
    return (n + 1) // 2


def _fits(arr: str, lanes: list[_Lane], w: float, h: float) -> bool:
    cap = _cap(arr, w, h)
    if cap < C_MIN:
        return False
    rows = arr.startswith("rows")
    room = (h if rows else w) - 2 * MARGIN
    if (w if rows else h) - 2 * MARGIN < HUB_LEN or room < HUB_LEN:
        return False
    sizes = []
    for lane in lanes:
        a = lane.across(cap, rows)
        if a is None:
            return False
        sizes.append(a)
    if arr in ("rows", "columns"):
        k = _split(len(sizes))
        sides = (sizes[:k], sizes[k:])
    else:
        sides = (sizes,)
    for side in sides:
        if sum(side) + GAP * (len(side) - 1) > room + EPS:
            return False
    return True


def best_scale(arr: str, lanes: list[_Lane], width: float, height: float,
               max_scale: float = MAX_SCALE, lo: float = MIN_SCALE) -> float | None:
    """The biggest scale (px per unit) at which the lanes fit, or None (to 0.5%)."""
    if _fits(arr, lanes, width / max_scale, height / max_scale):
        return max_scale
    hi = max_scale
    if not _fits(arr, lanes, width / lo, height / lo):
        return None
    while hi > lo * 1.005:
        mid = (lo + hi) / 2
        if _fits(arr, lanes, width / mid, height / mid):
            lo = mid
        else:
            hi = mid
    return lo


def _entries(hub: Tile, train) -> tuple[list[Tile], list[int]]:
    """A train's tiles and the half of each that touches the tile before it.

    A train is a list of (tile, open_end) as the engine keeps it, or of bare tiles
    (then each is matched to the end before it, starting from the hub).
    """
    tiles, firsts = [], []
    end = hub.hi
    for e in train:
        if isinstance(e, Tile):
            t = e
            first = end if t.has(end) else t.hi
            end = t.other(first)
        else:
            t, end = e[0], e[1]
            if not isinstance(t, Tile):
                t = Tile(max(t), min(t))
            first = t.other(end)
        tiles.append(t)
        firsts.append(first)
    return tiles, firsts


def default_names(seats: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(seats)] + ["Mexican Train"]


def layout_mexican(hub: Tile, trains: Sequence, markers: Sequence[bool], *,
                   width: float, height: float, names: Sequence[str] | None = None,
                   pending: Sequence[int] = (), order: Sequence[int] | None = None,
                   arrangement: str | None = None, prefer: str | None = None,
                   max_scale: float = MAX_SCALE) -> TableLayout:
    """Lay out a Mexican Train table for a view of ``width`` x ``height`` pixels.

    ``trains``: one list per seat and the Mexican Train last (as ``g.trains``), each of
    (tile, open_end) from the hub outwards, or of bare tiles. ``markers``: one bool per
    seat (True: the marker is up, the train is open). ``names``: seats then the Mexican
    Train (default "Player 1"...). ``pending``: train numbers (-1 the Mexican) ending in
    an unsatisfied double. ``order``: the trains in the order they are drawn (rows:
    the left side top to bottom, then the right side; columns: the top side left to
    right, then the bottom side); default the seats then the Mexican Train.
    ``arrangement`` forces one of ARRANGEMENTS; ``prefer`` keeps the one used last time
    unless another is clearly better (no jumping about between moves).
    """
    seats = len(trains) - 1
    if seats < 1:
        raise ValueError("trains: one per seat and the Mexican Train last")
    ids = list(range(seats)) + [MEXICAN]
    names = list(names) if names is not None else default_names(seats)
    if len(names) != seats + 1:
        raise ValueError(f"names: {seats + 1} names (the seats, then the Mexican Train)")
    if order is None:
        order = ids
    order = [seats if t == MEXICAN else t for t in order]
    if sorted(order) != list(range(seats + 1)):
        raise ValueError("order: every train exactly once")
    parsed = [_entries(hub, tr) for tr in trains]
    lanes = [_Lane(parsed[k][0]) for k in order]

    if arrangement is not None:
        if arrangement not in ARRANGEMENTS:
            raise ValueError(f"arrangement: one of {', '.join(ARRANGEMENTS)}")
        arr, scale = arrangement, best_scale(arrangement, lanes, width, height, max_scale)
    else:
        arr, scale = _choose(lanes, width, height, prefer, max_scale)
    if scale is None:
        scale = MIN_SCALE  # a view too small for anything: draw it anyway, it will spill
    return _build(arr, scale, hub, parsed, order, ids, names, markers, set(pending),
                  lanes, width, height)


def _choose(lanes, width, height, prefer, max_scale):
    """The arrangement to use and its scale: the preferred one (or the hub-centred one
    that suits the view's shape) unless another gives clearly bigger tiles."""
    natural = ("rows", "columns") if width >= height else ("columns", "rows")
    order = natural + ("rows-right", "columns-down")
    if prefer in ARRANGEMENTS:
        order = (prefer,) + tuple(a for a in order if a != prefer)
    found: dict[str, float] = {}

    def pick():
        if not found:
            return None
        best = max(found.values())
        for arr in order:
            if arr in found and (found[arr] >= best * PREFER or found[arr] >= COMFORT):
                return arr
        raise AssertionError

    for arr in order:
        chosen = pick()
        lo = MIN_SCALE
        if chosen is not None:
            if found[chosen] >= min(COMFORT, max_scale):
                break  # big enough
            # only an arrangement that beats the choice clearly can change it
            lo = found[chosen] / PREFER
            if lo > max_scale or not _fits(arr, lanes, width / lo, height / lo):
                continue
        s = best_scale(arr, lanes, width, height, max_scale, lo)
        if s is not None:
            found[arr] = s
    chosen = pick()
    if chosen is None:
        return natural[0], None
    return chosen, found[chosen]


def _build(arr, scale, hub, parsed, order, ids, names, markers, pending, lanes,
           width, height) -> TableLayout:
    w, h = width / scale, height / scale
    cap = max(_cap(arr, w, h), C_MIN)
    rows = arr.startswith("rows")
    head = HEAD_ROWS if rows else HEAD_COLS
    two_sided = arr in ("rows", "columns")
    n = len(order)
    k = _split(n) if two_sided else n
    sides = [order[:k], order[k:]] if two_sided else [order]

    # the runs and their local extents
    runs, ext = {}, {}
    for pos, t in enumerate(order):
        lane = lanes[pos]
        run = snake(lane.dbl, cap)
        if run is None:  # only when the view is hopelessly small: lay it straight
            run = snake(lane.dbl, 1e9)
        runs[t] = run
        lo, hi, umax = snake_extent(lane.dbl, run)
        lo, hi = min(lo, -MARKER_R), max(hi, MARKER_R)
        if rows:
            ext[t] = (lo - LABEL_H, hi, lo, umax)
        else:
            pad = max(0.0, COL_MIN_W - (hi - lo)) / 2
            ext[t] = (lo - pad, hi + pad, lo - pad, umax)

    totals = [sum(ext[t][1] - ext[t][0] for t in side) + GAP * (len(side) - 1)
              for side in sides]
    span = max(max(totals), HUB_LEN)

    # the station and the hub double, and how each side's lanes leave it
    if arr == "rows":
        station = Box(-STATION / 2, -span / 2, STATION, span)
        dirs = ("left", "right")
        hub_head = (1, 0)
    elif arr == "rows-right":
        station = Box(0.0, -span / 2, STATION, span)
        dirs = ("right",)
        hub_head = (1, 0)
    elif arr == "columns":
        station = Box(-span / 2, -STATION / 2, span, STATION)
        dirs = ("up", "down")
        hub_head = (0, 1)
    else:
        station = Box(-span / 2, 0.0, span, STATION)
        dirs = ("down",)
        hub_head = (0, 1)
    hub_p = place(hub, station.cx, station.cy, hub_head, hub.hi, train=MEXICAN, index=-1)

    views: dict[int, TrainView] = {}
    for side, d, total in zip(sides, dirs, totals, strict=True):
        ux, uy = _U[d]
        vx, vy = (0, 1) if rows else (1, 0)
        # the station edge this side leaves from, along the lanes' direction
        if d == "right":
            base = station.x1 + head
        elif d == "left":
            base = station.x - head
        elif d == "down":
            base = station.y1 + head
        else:
            base = station.y - head
        cursor = -total / 2
        for t in side:
            a0, a1, top, umax = ext[t]
            off = cursor - a0
            cursor += a1 - a0 + GAP
            if rows:
                ox, oy = base, off
            else:
                ox, oy = off, base
            views[t] = _train_view(
                t, ids, parsed[t], runs[t], hub.hi, names[t], markers,
                pending, (ox, oy, ux, uy, vx, vy), rows, head, cap, a0, a1, top, umax)

    trains = tuple(views[t] for t in order)
    content = station
    for tv in trains:
        content = content.union(tv.lane)
    if arr in ("rows", "columns"):
        view = Box(-w / 2, -h / 2, w, h)
    elif arr == "rows-right":
        view = Box(-MARGIN, -h / 2, w, h)
    else:
        view = Box(-w / 2, -MARGIN, w, h)
    return TableLayout("mexican-train", width, height, scale, view, content, arr, hub_p,
                       station, trains)


def _train_view(t, ids, entries, run, hub_value, name, markers, pending, tf, rows, head,
                cap, a0, a1, top, umax) -> TrainView:
    ox, oy, ux, uy, vx, vy = tf

    def pt(u, v):
        return (ox + u * ux + v * vx, oy + u * uy + v * vy)

    def box(u0, u1, v0, v1):
        x0, y0 = pt(u0, v0)
        x1, y1 = pt(u1, v1)
        return Box(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))

    tid = ids[t]
    tiles, firsts = entries
    placed = []
    for i, tl in enumerate(tiles):
        u, v, hu, hv = run[i]
        x, y = pt(u, v)
        heading = (hu * ux + hv * vx, hu * uy + hv * vy)
        placed.append(place(tl, x, y, heading, firsts[i], train=tid, index=i))

    # the ghost: where the next tile goes
    u, v, hu, hv = run[-1]
    x, y = pt(u, v)
    hx, hy = (hu * ux + hv * vx, hu * uy + hv * vy)
    slot = Box(x - (1.0 if hx else 0.5), y - (1.0 if hy else 0.5),
               2.0 if hx else 1.0, 2.0 if hy else 1.0)
    end = (x - hx, y - hy)
    value = tiles[-1].other(firsts[-1]) if tiles else hub_value
    if rows:
        marker = Marker(*pt(-head / 2, 0.0), MARKER_R)
        lab_end = min(cap, max(umax, LABEL_MIN))
        label = Label(name, box(-head, lab_end, top - LABEL_H, top),
                      "start" if ux > 0 else "end")
    else:
        marker = Marker(*pt(-0.7, 0.0), MARKER_R)
        label = Label(name, box(-head, -head + LABEL_H, a0, a1), "middle")
    lane = box(-head, max(umax, 0.0), a0, a1)
    if rows:
        lane = lane.union(label.box)
    root = pt(-head, 0.0)
    is_open = True if tid == MEXICAN else bool(markers[tid])
    return TrainView(tid, name, tuple(placed), Target(slot, end, (hx, hy), value),
                     marker, label, is_open, tid in pending, lane, root)


def table_of(g, **kw) -> TableLayout:
    """A Mexican Train match's table (the registry's ``layout`` hook)."""
    return layout_mexican(g.hub, g.trains, g.markers, pending=g.pending, **kw)


def table_seen(obs: dict, **kw) -> TableLayout:
    """The table a seat's observation shows (the registry's ``layout_seen`` hook)."""
    return layout_mexican(obs["hub"], [*obs["trains"], obs["mexican"]], obs["markers"],
                          pending=obs["pending"], **kw)
