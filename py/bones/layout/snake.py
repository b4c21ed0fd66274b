"""A line of tiles too long for its room snakes back: Mexican Train's lanes, and the
tree layout's lines that end in nothing (bones.layout.mexican, bones.layout.measure).

A tile turns the corner crosswise to the line and the next pass runs the other way,
PASS units further out. Every corner is a real domino joint (the corner tile's first
half lies against the previous tile's open half), and doubles, which lie crosswise,
never stand in a corner. Positions are in a lane's own coordinates: u along it (0 at
its first tile, growing outwards), v across it (pass 0 on v = 0, later passes at
v = 2, 4, ...).
"""

from __future__ import annotations

from collections.abc import Sequence

from .geometry import EPS

PASS = 2.0  # distance between the passes of a lane that snakes


def snake(dbl: Sequence[bool], cap: float):
    """Positions of a lane's tiles (local), or None if ``cap`` is too short to turn.

    Returns a list of (u, v, hu, hv) per tile: its centre and heading. Tiles are laid
    in line while they fit in [0, cap]; when one does not, the lane turns at the last
    place where two plain tiles meet (a double never stands in a corner) and the tiles
    after that corner are laid again on the next pass, going the other way. A corner
    tile lies across the pass with its first half against the open half of the tile
    before it; if a pass has no two plain tiles in a row (doubles alternating with
    plain tiles), the corner tile lies against the far side of a double instead.
    """
    n = len(dbl)
    out: list = [None] * n
    ends = [0.0] * n
    start = 0
    pos = 0.0
    d = 1
    v = 0.0
    i = 0
    hi = cap + EPS
    while i < n:
        step = 1.0 if dbl[i] else 2.0
        nxt = pos + d * step
        if -EPS <= nxt <= hi:
            out[i] = (pos + d * step / 2, v, d, 0)
            ends[i] = nxt
            pos = nxt
            i += 1
            continue
        j = i
        while j > start and (dbl[j] or dbl[j - 1]):
            j -= 1
        if j > start:  # the corner tile lies against the open half of the one before
            e = ends[j - 1]
            out[j] = (e - d * 0.5, v + 1.5, 0, 1)
            pos = e - d
        else:  # no two plain tiles meet: turn just past a double, against its side
            j = i
            while j > start and (dbl[j] or not -EPS <= ends[j - 1] + d <= hi):
                j -= 1
            if j <= start:
                return None
            e = ends[j - 1]
            out[j] = (e + d * 0.5, v + 1.5, 0, 1)
            pos = e
        d = -d
        v += PASS
        start = i = j + 1
    return out


def snake_extent(dbl: Sequence[bool], run) -> tuple[float, float, float]:
    """(v_min, v_max, u_max) of a lane's tiles."""
    vmin = vmax = umax = 0.0
    for k, (u, v, hu, _hv) in enumerate(run):
        if hu:  # in line: 2 x 1, or 1 x 2 for a double
            a, b = (0.5, 1.0) if dbl[k] else (1.0, 0.5)
        else:  # a corner tile: across the pass
            a, b = 0.5, 1.0
        if v - b < vmin:
            vmin = v - b
        if v + b > vmax:
            vmax = v + b
        if u + a > umax:
            umax = u + a
    return vmin, vmax, umax
