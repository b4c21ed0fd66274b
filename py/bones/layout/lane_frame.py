"""The frame the play screen's lanes are laid in (bones.layout.lanes; docs/layout.md).

A ``Lane`` is one row to draw, a ``Frame`` what a table keeps between moves: the felt it
was made for, its scale, one or two columns, where the lanes' names go, how many rows it
holds, each row's place and how many of its tiles are folded. ``new_frame`` chooses one
for a table (the biggest tiles that leave room for the tiles to come); ``keep`` puts a
table's lanes in the frame it had, if they still fit it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..tiles import Tile

MAX_SCALE = 100.0  # px per unit: a tile 196 x 98 px
MIN_SCALE = 12.0
FLOOR = 50.0  # the open ends' size aimed at first (px per unit; a face is 0.98 of a unit)
SMALL_FLOOR = 37.0  # ... on a felt under 600 px wide (a phone): 36 px faces
LABEL_PX = 18.0  # a lane's name, in CSS px whatever the scale
BAND_PX = 24.0  # the band above a lane that holds it
LINE_PX = 21.0  # one line of a name written in two lines in the head
HEAD_PX = 210.0  # the head before a lane's tiles that holds it, at most
GAP = 0.3  # between lanes (units)
TIGHT_GAP = 0.15  # between lanes whose names stand before them in two lines
MARGIN = 0.3
STATION_W = 1.6  # the hub's plate (units); the hub stands in it
PAD = 0.25  # between the station and a lane
CHIP = 1.2  # the fold chip, along the lane
SLOT = 1.2  # the slot for the next tile, along the lane
# A new frame: room it may leave each lane for tiles to come (tiles), what a tile of room
# and a spare row are worth against size (see new_frame), the size it aims at (a part of
# the felt's short side), and the newest tiles every lane shows at least where it has them
# (a folded lane shows as many as fit): 3, 2 on a felt under 600 px wide (a phone).
ROOM = (1, 0)
ROOM_WORTH = 0.04
ROW_WORTH = 0.01
TARGET_PART = 10.0
STAY = 0.93  # a frame refolded is kept while it is worth this much of the best new one
SHOW = 3
SMALL_SHOW = 2
# The person at the screen has just moved and a lane is full, or fewer rows than this are
# free (where rows may come): a new frame now, not on a computer's move soon after, if it
# gives every lane room for two more tiles and two more rows.
BRACE_WHEN = (1, 2)
BRACE_GIVES = (1, 2)
WHERE = ("band", "head", "head2")  # a lane's name: above it, before it in one line or two
_WEIGHT = {"band": 1.0, "head": 0.88, "head2": 0.8}  # the name reads best above, in full


@dataclass(frozen=True, slots=True)
class Lane:
    """One row to draw: ``tiles`` from its start outwards with ``firsts`` (the half of
    each touching the one before) and ``owners`` (the line each was played on and its
    place there), ``root`` the tile it grows from when that is not the hub, ``value`` its
    open end (None: closed, no slot), ``id`` the line a tile played here goes on, ``key``
    the row's own number (stable through the round)."""

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
    key: int | None = None
    owners: tuple[tuple[int, int], ...] | None = None
    source: Tile | None = None  # the tile it grows from, drawn elsewhere (a toe's double)

    @property
    def row(self) -> int:
        return self.id if self.key is None else self.key

    def length(self, start: int) -> float:
        """Units along the lane for its tiles from ``start`` (the rest folded), with the
        root when nothing is folded, and the slot."""
        root = 2.0 if self.root is not None and start == 0 else 0.0
        chip = CHIP if start > 0 else 0.0
        return root + chip + 2.0 * (len(self.tiles) - start) + (SLOT if self.value is not None
                                                                  else 0.0)


@dataclass(frozen=True)
class Frame:
    """What a table keeps between moves (see the module's docstring): the felt it was
    made for, its scale, columns and name places, rows per column, and per row (in the
    order rows took their places) its key, its folded tiles and the tiles it held."""

    width: float
    height: float
    hub: Tile | None
    scale: float
    columns: int
    where: str
    head: float  # units before a lane's tiles for its name ("head", "head2")
    rows: int  # rows per column there is room for
    keys: tuple[int, ...]
    starts: tuple[int, ...]
    seqs: tuple[tuple[Tile, ...], ...] = field(default=(), compare=False)
    least: int = 1  # the newest tiles each lane shows at least (where it has them)

    def slot(self, key: int) -> int | None:
        try:
            return self.keys.index(key)
        except ValueError:
            return None

    @property
    def pitch(self) -> float:
        return _pitch(self.scale, self.where)

    @property
    def room(self) -> float:
        """A lane's length in units, less its head."""
        return _room(self.width / self.scale, self.columns) - self.head


def _room(width_u: float, columns: int) -> float:
    return (width_u - 2 * MARGIN - STATION_W - PAD * columns) / columns


def name_lines(name: str, two: bool) -> tuple[str, ...]:
    """A name in one line, or split at the space that leaves the shortest longest part."""
    words = name.split(" ")
    if not two or len(words) < 2:
        return (name,)
    best = min(range(1, len(words)), key=lambda i: max(len(" ".join(words[:i])),
                                                       len(" ".join(words[i:]))))
    return (" ".join(words[:best]), " ".join(words[best:]))


def head_px(names: Sequence[str], width: float, two: bool = False, marker: bool = False
            ) -> float | None:
    """Room for the names before the lanes' tiles (CSS px): the longest name's (its longest
    line with ``two``); None when that is more than the head may take (HEAD_PX, and 0.3 of
    the felt): a name is never cut, it goes above its lane instead."""
    need = name_px(names, two, marker)
    return need if need <= min(HEAD_PX, 0.3 * width) else None


def name_px(names: Sequence[str], two: bool = False, marker: bool = False) -> float:
    """The room the longest name takes whole (CSS px; its longest line with ``two``), with
    the marker before it."""
    longest = max((len(part) for n in names for part in name_lines(n, two)), default=0)
    return longest * 0.6 * LABEL_PX + (BAND_PX if marker else 0.0) + 8


def _least(where: str) -> float:
    """The smallest scale a way of writing the names allows: two lines need their height."""
    return 2 * LINE_PX / (1.0 + TIGHT_GAP) if where == "head2" else MIN_SCALE


def gap(where: str) -> float:
    return TIGHT_GAP if where == "head2" else GAP


def _pitch(scale: float, where: str) -> float:
    return (BAND_PX / scale if where == "band" else 0.0) + 1.0 + gap(where)


def _fits_rows(n: int, scale: float, height: float, where: str) -> bool:
    """``n`` rows per column fit the felt's height at ``scale``; a name in two lines
    needs a row of two lines."""
    if scale < _least(where) - 1e-9:
        return False
    return max(n * _pitch(scale, where) - gap(where), 2.4) + 2 * MARGIN <= height / scale + 1e-9


def least_shown(width: float) -> int:
    """The newest tiles a lane shows at least, where it has them, on a felt this wide."""
    return SHOW if width >= 600 else SMALL_SHOW


def _fold(ln: Lane, room: float, free: int, least: int = 1) -> int | None:
    """How many of a lane's tiles a frame folds: none if all fit with room for ``free``
    more after them, else all but the newest that fit (a folded lane uses its whole
    length: each tile played on it then folds its oldest, ``keep``, and its open end stays
    where it was), at least ``least`` of them (or all, if it has fewer: it stays whole
    with no room to spare if folding would show fewer); None when they do not fit."""
    n = len(ln.tiles)
    if ln.length(0) + 2.0 * free <= room + 1e-9:
        return 0
    fixed = ln.length(max(n - 1, 0)) - 2.0 * min(n, 1)  # the chip and the slot
    show = min(n - 1, int((room - fixed + 1e-9) // 2.0))
    if n and show >= min(least, n) and show >= 1:
        return n - show
    if ln.length(0) <= room + 1e-9:
        return 0  # whole, with no room to spare, rather than fewer than ``least`` shown
    if n and least == 1 and show >= 1:
        return n - show  # the tile it grows from (All Fives' spinner) folds with one more
    return None


def _plan(lanes: Sequence[Lane], width: float, height: float, scale: float, columns: int,
          where: str, head_u: float, free: int, spare: int, band_px: float = 0.0,
          least: int = 1) -> tuple[int, ...] | None:
    """Each lane's folded tiles in a new frame at this scale and way, or None if it does
    not fit with ``free`` tiles' room in every lane, ``least`` tiles shown in each and
    ``spare`` rows to come, or if a lane is shorter than ``band_px``, the longest name
    written above it."""
    rows = math.ceil((len(lanes) + spare) / columns)
    if not _fits_rows(rows, scale, height, where):
        return None
    room = _room(width / scale, columns) - head_u
    if where == "band" and room * scale < band_px:
        return None
    lead = 2.0 if any(ln.root is not None for ln in lanes) else CHIP  # a spinner, or the chip
    if least > 1 and room + 1e-9 < lead + 2.0 * least + SLOT:
        return None  # a lane could not fold and still show its newest ``least``
    starts = []
    for ln in lanes:
        s = _fold(ln, room, free, least)
        if s is None:
            return None
        starts.append(s)
    return tuple(starts)


def target_scale(width: float, height: float) -> float:
    """The size a new frame aims at (px per unit), growing with the felt (its area's
    square root over TARGET_PART), within the floor and MAX_SCALE; above it, room for
    tiles to come counts more."""
    floor = FLOOR if width >= 600 else SMALL_FLOOR
    return max(floor, min(MAX_SCALE, math.sqrt(width * height) / TARGET_PART))


def new_frame(lanes: Sequence[Lane], width: float, height: float, hub: Tile | None, *,
              max_scale: float = MAX_SCALE, names: Sequence[str] = (), spare: int = 0,
              marker: bool = False, old: Frame | None = None, whole: bool = True) -> Frame:
    """The frame for these lanes. Every way (one or two columns, where the names go, room
    left in each lane for 4 more tiles down to none, room for ``spare`` more rows, half as
    many or none) gets its biggest scale up to ``max_scale``. The way taken reaches the
    floor (50 px a unit, 37 on a felt under 600 px wide) if any does, and then has the
    biggest tiles up to ``target_scale``, a tile of room in every lane counting as
    ROOM_WORTH more size, a spare row as ROW_WORTH, names above the lanes more than before
    them. ``names``: every name a lane may take this round, for the head's width.
    ``old``: the frame this one replaces; refolded (see ``_refold``), it is kept while it
    is worth STAY of the best. Every name is written whole, above its lane or before it,
    unless no way can, or only below the floor (``whole`` False: the longest are then
    shortened)."""
    goal = target_scale(width, height)
    floor = FLOOR if width >= 600 else SMALL_FLOOR
    cols = (1, 2) if len(lanes) + spare > 1 else (1,)
    heads = {w: (head_px([ln.name for ln in lanes] + list(names), width, w == "head2", marker)
                 if w != "band" else 0.0) for w in WHERE}
    band_px = name_px([ln.name for ln in lanes] + list(names), False, marker) if whole else 0.0
    spares = sorted({spare, spare // 2, 0}, reverse=True)
    shows = least_shown(width)
    best = None
    for least in sorted({shows, 1}, reverse=True):
        if best is not None and best[0] >= floor:
            break  # every lane shows its newest tiles and the open ends are big enough
        for sp in spares:
            for c in cols:
                best = _best_way(lanes, width, height, best, sp, c, heads, band_px, least,
                                 least == shows, max_scale, goal, floor)
    if whole and best is not None and best[3] < floor:
        # whole names would take the open ends below the floor: shorten the longest rather
        # (a crowded phone; the players' cards keep the names whole)
        cut = new_frame(lanes, width, height, hub, max_scale=max_scale, names=names,
                        spare=spare, marker=marker, old=old, whole=False)
        if cut.scale > best[3] + 1e-9:
            return cut
    if best is not None and old is not None:
        # the frame it replaces, refolded, if that is nearly as good: no rescale
        least = best[-1]
        free = _room_in(old, lanes, least)
        if free is not None:
            rows = old.rows * old.columns - len(lanes)
            worth = min(old.scale, goal) * _WEIGHT[old.where] * (
                1 + ROOM_WORTH * free + ROW_WORTH * min(rows, spare))
            if min(old.scale, floor) >= best[0] and worth >= STAY * best[2]:
                return _refold(old, lanes, free, least)
    if best is None and whole:  # no way writes every name whole: the best that cuts one
        return new_frame(lanes, width, height, hub, max_scale=max_scale, names=names,
                         spare=spare, marker=marker, old=old, whole=False)
    if best is None:  # a felt too small for anything: the smallest scale, one tile shown
        c = cols[-1]
        return Frame(width, height, hub, MIN_SCALE, c, "band", 0.0,
                     max(1, math.ceil(len(lanes) / c)), tuple(ln.row for ln in lanes),
                     tuple(max(0, len(ln.tiles) - 1) for ln in lanes))
    return _frame(lanes, width, height, hub, best, heads, spare, old)


def _best_way(lanes, width, height, best, sp, c, heads, band_px, least, meets, max_scale,
              goal, floor):
    """``best``, or a better way with ``c`` columns and ``sp`` spare rows: (the scale up to
    the floor, every lane shows ``least`` of the newest, worth, ...; see new_frame)."""
    rows = math.ceil((len(lanes) + sp) / c)
    for w in WHERE:
        if heads[w] is None:
            continue
        # the rows' height alone bounds the scale: a way that cannot beat the best even
        # so is not searched
        tall = _biggest(lambda s, w=w: _fits_rows(rows, s, height, w), max_scale, _least(w))
        if tall is None:
            continue
        for free in ROOM:
            bound = (min(tall, floor), meets, min(tall, goal) * _WEIGHT[w] * (
                1 + ROOM_WORTH * free + ROW_WORTH * sp))
            if best is not None and bound < best[:3]:
                continue
            sc = _biggest(lambda s, w=w, free=free: _plan(
                lanes, width, height, s, c, w, heads[w] / s, free, sp, band_px, least)
                is not None, tall, _least(w))
            if sc is None:
                continue
            worth = min(sc, goal) * _WEIGHT[w] * (1 + ROOM_WORTH * free + ROW_WORTH * sp)
            got = (min(sc, floor), meets, worth, sc, -c, sc, c, w, sp, free, least)
            best = got if best is None or got > best else best
    return best


def _frame(lanes, width, height, hub, top, heads, spare, old) -> Frame:
    *_, sc, c, w, sp, free, least = top
    head_u = heads[w] / sc
    rows = math.ceil((len(lanes) + sp) / c)
    # where rows may come, the rows the height holds at this scale are theirs too
    while spare and _fits_rows(rows + 1, sc, height, w):
        rows += 1
    made = Frame(width, height, hub, sc, c, w, head_u, max(rows, 1),
                 tuple(ln.row for ln in lanes), (), least=least)
    if old is not None and (old.scale, old.columns, old.where, old.head, old.rows) == (
            made.scale, made.columns, made.where, made.head, made.rows):
        return _refold(old, lanes, free, least)
    return replace(made, starts=tuple(_fold(ln, made.room, free, least) for ln in lanes))


def _refold(old: Frame, lanes: Sequence[Lane], free: int, least: int = 1) -> Frame:
    """``old``'s geometry with these lanes: a lane that still has room for ``free`` more
    tiles keeps its fold (its tiles stay put), the others fold to make that room."""
    room = old.room
    starts = []
    for ln in lanes:
        k = old.slot(ln.row)
        keep = k is not None and old.starts[k] <= len(ln.tiles) and \
            ln.length(old.starts[k]) + 2.0 * free <= room + 1e-9
        starts.append(old.starts[k] if keep else _fold(ln, room, free, least))
    return replace(old, keys=tuple(ln.row for ln in lanes), starts=tuple(starts), seqs=(),
                   least=least)


def _room_in(old: Frame, lanes: Sequence[Lane], least: int = 1) -> int | None:
    """The most room (tiles, from ROOM) ``old``'s geometry can leave every lane, or None
    if these lanes do not fit it."""
    if len(lanes) > old.rows * old.columns:
        return None
    for free in ROOM:
        if all(_fold(ln, old.room, free, least) is not None for ln in lanes):
            return free
    return None


def _biggest(ok, max_scale: float, least: float = MIN_SCALE) -> float | None:
    """The biggest whole scale from ``least`` up at which ``ok``, or None."""
    lo, hi = math.ceil(least), int(max_scale)
    if not ok(lo):
        return None
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    return float(lo)


def keep(frame: Frame | None, lanes: Sequence[Lane], width: float, height: float,
         hub: Tile | None) -> tuple[Frame | None, str]:
    """``frame`` with these lanes in it, if they still fit it: same felt and hub, every
    row it had still there with the tiles it had (a move taken back may remove the
    newest), new rows in free places, every lane's tiles within its room. Else None and
    why: "table" (another table: no frame, another hub or other tiles), "felt" (another
    size), "rows" (no room for a new row) or "room" (a lane's tiles run past its end)."""
    if frame is None or frame.hub != hub:
        return None, "table"
    if (frame.width, frame.height) != (width, height):
        return None, "felt"
    by_key = {ln.row: ln for ln in lanes}
    keys = list(frame.keys)
    starts = list(frame.starts)
    for k, old in zip(frame.keys, frame.seqs, strict=False):
        ln = by_key.get(k)
        if ln is None:
            continue  # a row taken back with its move: its place stays free
        n = min(len(old), len(ln.tiles))
        if ln.tiles[:n] != old[:n]:
            return None, "table"
    for ln in lanes:
        if ln.row not in frame.keys:
            keys.append(ln.row)
            starts.append(0)
    if len(keys) > frame.rows * frame.columns:
        return None, "rows"
    room = frame.room
    for ln in lanes:
        i = keys.index(ln.row)
        if starts[i] > len(ln.tiles):
            return None, "room"  # moves taken back past the fold
        if ln.length(starts[i]) > room + 1e-9:
            # a full lane folds its oldest tile for each new one: its open end stays put
            s = _fold(ln, room, 0, frame.least)
            if s is None or s < starts[i]:
                return None, "room"
            starts[i] = s
    seqs = []
    for k in keys:
        ln = by_key.get(k)
        seqs.append(ln.tiles if ln is not None else ())
    return replace(frame, keys=tuple(keys), starts=tuple(starts), seqs=tuple(seqs)), ""


def tight(frame: Frame, lanes: Sequence[Lane], spare: int, tiles: int, rows: int) -> bool:
    """Little room left in ``frame``: an open lane with room for fewer than ``tiles``
    more tiles, or (where rows may come) fewer than ``rows`` free rows."""
    if spare and frame.rows * frame.columns - len(frame.keys) < rows:
        return True
    room = frame.room
    for ln in lanes:
        i = frame.keys.index(ln.row)
        if frame.starts[i]:
            continue  # a folded lane folds a tile for each new one: nothing moves but it
        if ln.value is not None and ln.length(frame.starts[i]) + 2.0 * tiles > room + 1e-9:
            return True
    return False
