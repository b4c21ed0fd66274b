"""The table as straight lanes, the way the play screen draws it (docs/layout.md).

Every line a tile can be played on has a lane of its own: a Mexican Train train, an All
Fives arm that is open, a Chicken Foot *row* (a centre path, and at each double its first
toe straight on after the double; the double's other two toes start rows of their own,
so a double lies once, where it was played). Lanes are rows leaving a station that holds
the hub (the engine, the centre double or the lead): all to the right of it (one column),
or left and right of it (two columns, rows taking turns). A lane holds, from the station
outwards: its name (in a band above, or in a head before its tiles, in one line or two),
the tile it grows from when that is not the hub and nothing of the lane is folded, a
fold chip "+N" standing for its older tiles, its tiles end to end (doubles in line) and
the slot for the next tile.

The table stays put. A *frame* (``Frame``: the scale, the columns, where the names go,
rows to hold, each row's place and how many of its tiles are folded) is chosen with room
to spare and kept: each layout is handed the last one (``before``), new tiles go after
the old ones and new rows into free places, so nothing drawn moves. When something no
longer fits (or, ``brace``, right after the person at the screen moved, when a lane is
full) a new frame is chosen (``extra["relaid"]`` says why). If the old geometry, its
full lanes folded again, is nearly as good as any, it is kept: only those lanes change
(a *refold*: their older tiles fold into the chip and the newest come after it), and
nothing else moves. Otherwise the whole table is laid out anew (a *rescale*).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..tiles import Tile
from .geometry import ANGLES, Box, Label, Marker, Placed, TableLayout, Target, TrainView, bounds
from .lane_frame import (
    BAND_PX,
    BRACE_GIVES,
    BRACE_WHEN,
    CHIP,
    LABEL_PX,
    MARGIN,
    MAX_SCALE,
    PAD,
    SLOT,
    STATION_W,
    TIGHT_GAP,
    Lane,
    gap,
    keep,
    new_frame,
    tight,
)
from .tables import table_for


def layout_lanes(game: str, hub: Tile | None, lanes: Sequence[Lane], *, width: float,
                 height: float, max_scale: float = MAX_SCALE, extra: dict | None = None,
                 hub_open: bool = False, before: TableLayout | None = None,
                 names: Sequence[str] = (), spare: int = 0, brace: bool = False
                 ) -> TableLayout:
    """Lay ``lanes`` out for a view of ``width`` x ``height`` CSS px (see the module's
    docstring), in the frame of ``before`` (the last layout of this table) when they
    still fit it. ``hub_open``: a lane grows from the hub and is still empty (the hub is
    a tile to play onto). ``names``, ``spare``: see ``new_frame``."""
    extra = dict(extra or {})
    old = None if before is None else before.extra.get("frame")
    frame, why = keep(old, lanes, width, height, hub)
    marker = any(ln.marker is not None for ln in lanes)
    if frame is not None and brace and tight(frame, lanes, spare, *BRACE_WHEN):
        # the person at the screen has just moved: make room now if a new frame has it,
        # rather than on a computer player's move soon after
        made, _ = keep(new_frame(lanes, width, height, hub, max_scale=max_scale,
                                 names=names, spare=spare, marker=marker, old=frame),
                       lanes, width, height, hub)
        if made is not None and not tight(made, lanes, spare, *BRACE_GIVES):
            frame, why = made, "brace"
    if frame is None:
        made = new_frame(lanes, width, height, hub, max_scale=max_scale, names=names,
                         spare=spare, marker=marker, old=old if why in ("rows", "room") else None)
        # (a felt too small for anything keeps the smallest frame even if tiles run over)
        frame = keep(made, lanes, width, height, hub)[0] or made
    scale, columns, where = frame.scale, frame.columns, frame.where
    wu, hu = width / scale, height / scale
    band = BAND_PX / scale if where == "band" else 0.0
    pitch = frame.pitch
    total = max(frame.rows * pitch - gap(where), 2.4)
    top = -total / 2
    if columns == 2:
        station = Box(-STATION_W / 2, top, STATION_W, total)
        view = Box(-wu / 2, -hu / 2, wu, hu)
    else:
        station = Box(0.0, top, STATION_W, total)
        view = Box(-MARGIN, -hu / 2, wu, hu)
    hub_p = None
    if hub is not None:
        hub_p = Placed(hub, station.cx, station.cy, 0, hub.hi, hub.lo, (0, 1), -1, -1)
    extra.update(label_px=LABEL_PX, hub_open=hub_open, columns=columns, labels=where,
                 frame=frame, relaid="" if why == "table" else why)
    by_key = {ln.row: ln for ln in lanes}
    views = []
    for i, k in enumerate(frame.keys):
        ln = by_key.get(k)
        if ln is None:
            continue
        col, row = (0, i) if columns == 1 else (i % 2, i // 2)
        d = 1 if columns == 1 or col == 1 else -1
        base = station.x1 + PAD if d > 0 else station.x - PAD
        views.append(_lane_view(ln, frame.starts[i], base, d, top + row * pitch, band,
                                frame.head, frame.room + frame.head, scale, where))
    content = bounds([station] + [tv.lane for tv in views])
    # the tiles a player can play onto, as (tile, train, index) of their drawing: each
    # open lane's last tile, else what it grows from (drawn in another lane, or the hub)
    drawn = {p.tile: p for tv in views for p in tv.tiles}
    ends = set()
    for tv, ln in zip(views, (by_key[k] for k in frame.keys if k in by_key), strict=True):
        if tv.target is None:
            continue
        p = tv.tiles[-1] if tv.tiles else drawn.get(ln.source) if ln.source else hub_p
        if p is not None:
            ends.add((p.tile, p.train, p.index))
    extra["open_ends"] = frozenset(ends)
    return TableLayout(game, width, height, scale, view, content,
                       "lanes" if columns == 1 else "lanes-2", hub_p, station, tuple(views),
                       extra)


def _lane_view(ln: Lane, start: int, base: float, d: int, y0: float, band: float,
               head: float, room: float, scale: float, where: str) -> TrainView:
    def span(u0: float, u1: float, v0: float, v1: float) -> Box:
        xa, xb = base + d * u0, base + d * u1
        return Box(min(xa, xb), v0, abs(xb - xa), v1 - v0)

    yc = y0 + band + 0.5
    heading = (d, 0)
    angle = ANGLES[heading]
    # the name and the marker: in the band above, or in the head before the tiles
    line_h = band or min(1.0, BAND_PX / scale)
    ly = y0 if band else yc - line_h / 2
    if where == "head2":
        ly, line_h = yc - 0.5 - TIGHT_GAP / 2, 1.0 + TIGHT_GAP
    marker = None
    lab0 = 0.0
    if ln.marker is not None:
        r = min(min(1.0, BAND_PX / scale) * 0.36, 0.4)
        marker = Marker(base + d * (min(1.0, BAND_PX / scale) / 2), yc if not band else
                        ly + line_h / 2, r)
        lab0 = min(1.0, BAND_PX / scale) * 1.05
    label = Label(ln.name, span(lab0, head or room, ly, ly + line_h),
                  "start" if d > 0 else "end")
    placed = []
    u = head
    owners = ln.owners or tuple((ln.id, k) for k in range(len(ln.tiles)))
    if ln.root is not None and start == 0:
        r = ln.root
        placed.append(Placed(r, base + d * (u + 1.0), yc, angle, r.hi, r.lo, heading, ln.id,
                             -1))
        u += 2.0
    fold = None
    tucked = []
    if start:
        fold = span(u, u + CHIP, yc - 0.5, yc + 0.5)
        # each folded tile as it would lie over the chip, raised half a tile off the lane
        cx = fold.cx
        if ln.root is not None:
            tucked.append(Placed(ln.root, cx, yc - 0.5, angle, ln.root.hi, ln.root.lo,
                                 heading, ln.id, -1))
        for k in range(start):
            t, first = ln.tiles[k], ln.firsts[k]
            line, index = owners[k]
            tucked.append(Placed(t, cx, yc - 0.5, angle, first, t.other(first), heading,
                                 line, index))
        u += CHIP
    for k in range(start, len(ln.tiles)):
        t, first = ln.tiles[k], ln.firsts[k]
        line, index = owners[k]
        placed.append(Placed(t, base + d * (u + 1.0), yc, angle, first, t.other(first),
                             heading, line, index))
        u += 2.0
    target = None
    if ln.value is not None:
        # a folded lane's slot takes what room is left, up to a tile's length
        end = u + (max(SLOT, min(2.0, room - u)) if start else SLOT)
        slot = span(u, end, yc - 0.5, yc + 0.5)
        target = Target(slot, (base + d * u, yc), heading, ln.value)
    lane = span(0.0, room, min(y0, ly), max(yc + 0.5, ly + line_h))
    return TrainView(ln.id, ln.name, tuple(placed), target, marker, label,
                     ln.marker is not False, ln.pending, lane, (base, yc), kind=ln.kind,
                     parent=ln.parent, counts=ln.counts, folded=start, fold=fold,
                     tucked=tuple(tucked))


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


@dataclass(frozen=True)
class Lanes:
    """What a game's ``lanes`` hook gives: the hub, the lanes in the order rows take
    their places, whether the hub is a tile to play onto, the layout's extra facts,
    every name a lane may take this round (for the names' room) and the rows that may
    still come (room kept for them when it costs nothing below the floor)."""

    hub: Tile | None
    lanes: list[Lane]
    hub_open: bool = False
    extra: dict = field(default_factory=dict)
    names: tuple[str, ...] = ()
    spare: int = 0


def mexican_table(g, names: dict[int, str]) -> Lanes:
    """The registry's ``lanes`` hook for Mexican Train: a lane a train, seats in order,
    then the Mexican Train."""
    lanes, empty = [], False
    for t in [*range(g.seats), -1]:
        tiles, firsts = _chain(g.trains[t])
        empty = empty or not tiles
        lanes.append(Lane(t, names.get(t, "Mexican Train" if t < 0 else f"Player {t + 1}"),
                          tiles, firsts, None, g.end_of(t),
                          True if t < 0 else bool(g.markers[t]), t in set(g.pending)))
    return Lanes(g.hub, lanes, empty)


def chicken_rows(g) -> list[list[int]]:
    """Chicken Foot's lines as rows: each centre path starts a row, and a double's first
    toe goes on in the row of the line the double ends (straight on); its other toes
    start rows of their own. Rows in the order they began, each its lines in order."""
    rows: list[list[int]] = []
    row_of: dict[int, int] = {}
    first_toe: dict[int, int] = {}  # the line a double ends -> its first toe
    for i, info in enumerate(g.line_info):
        if info.stem >= 0 and first_toe.setdefault(info.stem, i) == i:
            r = row_of[info.stem]
            rows[r].append(i)
        else:
            r = len(rows)
            rows.append([i])
        row_of[i] = r
    return rows


def chicken_table(g, names: dict[int, str]) -> Lanes:
    """Chicken Foot's rows (``chicken_rows``), each named by its open line: "9-9 toe 1",
    "8-8 toe 2" (``g.line_title``). A row that starts at a double's second or third toe
    shows no tile before its own: the double lies once, where it was played."""
    pend = set(g.pending)
    lanes, empty = [], False
    for row in chicken_rows(g):
        tiles, firsts, owners = [], [], []
        for line in row:
            ts, fs = _chain(g.lines[line])
            tiles += ts
            firsts += fs
            owners += [(line, k) for k in range(len(ts))]
        last = row[-1]
        info = g.line_info[last]
        open_ = g.is_open(last)
        empty = empty or (info.stem == -1 and not tiles)
        lanes.append(Lane(last, names.get(last, g.line_title(last)), tuple(tiles),
                          tuple(firsts), None, g.end_of(last) if open_ else None, None,
                          last in pend, info.kind, None if info.stem == -1 else info.stem,
                          key=row[0], owners=tuple(owners),
                          source=None if tiles or info.stem == -1 else info.double))
    high = g.options.set_high
    longest = ((f"{high}-{high} toe 3", f"{g.hub} spur") if g.options.centre_paths == 4
               else (f"{high}-{high} toe 3", f"{g.hub} path 6"))
    # each double adds two rows: room for half as many again (two doubles at least)
    spare = max(4, 2 * math.ceil(len(lanes) / 4))
    return Lanes(g.hub, lanes, empty, {"pending": tuple(g.pending)}, longest, spare)


_ARM_ORDER = {"W": 0, "E": 1, "N": 2, "S": 3}


def allfives_table(g, names: dict[int, str]) -> Lanes:
    lay = g.layout()
    extra = {"count": lay.get("count", 0), "scores": bool(lay.get("scores")), "ends": {}}
    root = lay.get("root")
    if root is None:
        return Lanes(None, [], False, extra)
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
    # the spinner's sides open later: room for them where there is a spinner to come
    spare = 2 if getattr(g.options, "spinner", "none") != "none" and len(lanes) < 4 else 0
    return Lanes(_tile(root), lanes, empty, extra, tuple(names.values()), spare)


def layout_table(g, *, width: float, height: float, names: dict[int, str] | None = None,
                 max_scale: float = MAX_SCALE, before: TableLayout | None = None,
                 brace: bool = False) -> TableLayout:
    """The play screen's table for a match ``g`` (any game): lanes, as above.
    ``names``: what to call each target (its lane's name); ``before``: the last layout
    of this table (this round, this felt), whose frame is kept while the tiles fit it."""
    got = table_for(g.game).lanes(g, names or {})
    extra = dict(got.extra)
    if got.hub is None:  # nothing played yet (All Fives): the lead goes in the middle
        s = max_scale
        w, h = width / s, height / s
        extra.update(lead=Target(Box(-1.0, -0.5, 2.0, 1.0), (0.0, 0.0), (1, 0), -1),
                     label_px=LABEL_PX, relaid="", open_ends=frozenset())
        return TableLayout(g.game, width, height, s, Box(-w / 2, -h / 2, w, h),
                           Box(-1.0, -0.5, 2.0, 1.0), "lanes", None, None, (), extra)
    return layout_lanes(g.game, got.hub, got.lanes, width=width, height=height,
                        max_scale=max_scale, extra=extra, hub_open=got.hub_open,
                        before=before, names=got.names, spare=got.spare, brace=brace)
