"""The coordinate model every table layout shares (see docs/layout.md).

Units: a tile is 2 units long and 1 wide; a half is a 1 x 1 square. x grows to the
right and y downwards, as on the screen and in SVG. A layout says where every tile
lies in units, and how many pixels a unit is (``scale``) for the view it was made for.

Tiles lie only at 0, 90, 180 or 270 degrees, so every tile covers an axis-aligned
rectangle and "no overlap" is a rectangle test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..tiles import Tile

EPS = 1e-6


class Box(NamedTuple):
    """An axis-aligned rectangle: top-left corner, width and height (units)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def overlaps(self, o: Box, eps: float = EPS) -> bool:
        """True if the interiors meet (touching edges do not count)."""
        return (self.x < o.x1 - eps and o.x < self.x1 - eps
                and self.y < o.y1 - eps and o.y < self.y1 - eps)

    def contains(self, o: Box, eps: float = EPS) -> bool:
        return (o.x >= self.x - eps and o.y >= self.y - eps
                and o.x1 <= self.x1 + eps and o.y1 <= self.y1 + eps)

    def union(self, o: Box) -> Box:
        x, y = min(self.x, o.x), min(self.y, o.y)
        return Box(x, y, max(self.x1, o.x1) - x, max(self.y1, o.y1) - y)


def bounds(boxes) -> Box:
    xs0, ys0, xs1, ys1 = [], [], [], []
    for b in boxes:
        xs0.append(b.x)
        ys0.append(b.y)
        xs1.append(b.x + b.w)
        ys1.append(b.y + b.h)
    if not xs0:
        return Box(0.0, 0.0, 0.0, 0.0)
    x, y = min(xs0), min(ys0)
    return Box(x, y, max(xs1) - x, max(ys1) - y)


# The direction a train grows in, for each ``angle`` (see Placed).
HEADINGS = {0: (0, 1), 90: (-1, 0), 180: (0, -1), 270: (1, 0)}
ANGLES = {v: k for k, v in HEADINGS.items()}


@dataclass(frozen=True, slots=True)
class Placed:
    """One tile on the table.

    ``x, y`` is its centre. ``angle`` (0, 90, 180, 270) is how far an upright face
    (1 wide, 2 tall) with ``first`` on top is turned clockwise about its centre to lie
    here. ``first`` is the half that touches the tile before it (for a train's first
    tile: the number it matches on the hub), ``second`` the half further on (the
    train's open end if this is its last tile). So for a tile in line, ``heading``
    (the direction the line grows) points from ``first`` to ``second``.

    A double lies crosswise: its long side is across the line (``is_double`` is True
    and ``first == second``); its ``angle`` is 0 (upright) or 90 (flat) and its
    ``heading`` is still the line's direction.
    """

    tile: Tile
    x: float
    y: float
    angle: int
    first: int
    second: int
    heading: tuple[int, int]
    train: int = 0
    index: int = 0

    @property
    def is_double(self) -> bool:
        return self.tile.hi == self.tile.lo

    @property
    def w(self) -> float:
        return 1.0 if self.angle in (0, 180) else 2.0

    @property
    def h(self) -> float:
        return 2.0 if self.angle in (0, 180) else 1.0

    @property
    def box(self) -> Box:
        w, h = self.w, self.h
        return Box(self.x - w / 2, self.y - h / 2, w, h)

    @property
    def hi_angle(self) -> int:
        """The turn for a face drawn with its *high* half on top (as app.shared.render does)."""
        if self.first == self.tile.hi:
            return self.angle
        return (self.angle + 180) % 360

    def corner(self, angle: int | None = None) -> tuple[float, float]:
        """Where the top-left corner of the upright face goes when the face is turned by
        ``angle`` (default ``hi_angle``) clockwise about that corner, as SVG's
        ``translate(corner) rotate(angle)`` does."""
        a = self.hi_angle if angle is None else angle
        dx, dy = _CORNER[a]
        return (self.x + dx, self.y + dy)

    def half_centres(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """Centres of the ``first`` and ``second`` halves (for a double, the two
        halves side by side across the line, left then right of the heading)."""
        hx, hy = self.heading
        if self.is_double:
            # across the line: perpendicular to the heading
            return ((self.x + hy * 0.5, self.y - hx * 0.5), (self.x - hy * 0.5, self.y + hx * 0.5))
        return ((self.x - hx * 0.5, self.y - hy * 0.5), (self.x + hx * 0.5, self.y + hy * 0.5))


# centre -> top-left corner of the upright face turned by the angle about that corner
_CORNER = {0: (-0.5, -1.0), 90: (1.0, -0.5), 180: (0.5, 1.0), 270: (-1.0, 0.5)}


def place(t: Tile, x: float, y: float, heading: tuple[int, int], first: int,
          train: int = 0, index: int = 0) -> Placed:
    """A tile whose line grows along ``heading`` (a unit axis vector), with ``first``
    towards where the line came from; doubles are turned crosswise."""
    if t.hi == t.lo:
        angle = 0 if heading[1] == 0 else 90
        return Placed(t, x, y, angle, first, first, heading, train, index)
    second = t.lo if first == t.hi else t.hi
    return Placed(t, x, y, ANGLES[heading], first, second, heading, train, index)


class Marker(NamedTuple):
    """A train's marker (open or closed) drawn as a disc of radius ``r`` at (x, y)."""

    x: float
    y: float
    r: float

    @property
    def box(self) -> Box:
        return Box(self.x - self.r, self.y - self.r, 2 * self.r, 2 * self.r)


class Label(NamedTuple):
    """Room for a name: write it inside ``box`` (font size about 0.75 * box.h),
    aligned by ``anchor`` as SVG's text-anchor ("start", "middle", "end")."""

    text: str
    box: Box
    anchor: str

    @property
    def point(self) -> tuple[float, float]:
        """The text's anchor point on a baseline about 0.78 of the way down the box."""
        b = self.box
        x = {"start": b.x, "middle": b.cx, "end": b.x1}[self.anchor]
        return (x, b.y + 0.78 * b.h)


@dataclass(frozen=True, slots=True)
class Target:
    """Where the next tile of a line would go: ``box`` is that slot (tap or drop
    here), ``end`` the middle of the open edge, ``heading`` the way the line grows,
    ``value`` the number to match."""

    box: Box
    end: tuple[float, float]
    heading: tuple[int, int]
    value: int


@dataclass(frozen=True, slots=True)
class TrainView:
    """One line of play as drawn: a Mexican Train train, a Chicken Foot path or toe,
    an All Fives arm."""

    train: int
    name: str
    tiles: tuple[Placed, ...]
    target: Target | None  # None: the line is closed (it ends in a double with toes)
    marker: Marker | None = None
    label: Label | None = None
    open: bool = True
    pending: bool = False
    lane: Box | None = None  # the whole area of the line (a big tap region)
    root: tuple[float, float] | None = None  # where the line leaves the hub
    # Chicken Foot and All Fives (bones.layout.tree):
    kind: str = "train"  # "toe", "spur", "line" (Chicken Foot), "arm" (All Fives)
    parent: int | None = None  # the line this one grows from (None: the hub / the lead)
    joints: tuple = ()  # polylines (tuples of points) bridging a gap at a junction
    counts: int | None = None  # All Fives: what this open end adds to the count
    # The play screen's lanes (bones.layout.lanes): older tiles not drawn, and the chip
    # that stands for them.
    folded: int = 0
    fold: Box | None = None
    # the folded tiles (oldest first, with the tile the lane grows from), each as where it
    # would lie on the chip (shown there for a moment: "Show again" of a folded move)
    tucked: tuple = ()


@dataclass(frozen=True)
class TableLayout:
    """Everything a renderer needs: draw ``hub`` and every train's tiles at the
    positions given (units), with ``view`` (units) mapped onto the ``width`` x
    ``height`` pixels of the table area; ``scale`` is pixels per unit."""

    game: str
    width: float
    height: float
    scale: float
    view: Box
    content: Box
    arrangement: str
    hub: Placed | None
    station: Box | None
    trains: tuple[TrainView, ...]
    extra: dict = field(default_factory=dict)

    @property
    def lines(self) -> tuple[TrainView, ...]:
        """Chicken Foot's lines (the same views as ``trains``)."""
        return self.trains

    @property
    def arms(self) -> tuple[TrainView, ...]:
        """All Fives' arms (the same views as ``trains``)."""
        return self.trains

    def joints(self) -> list[tuple]:
        """Every joint: a polyline from a double's edge to a tile set off from it."""
        return [j for tv in self.trains for j in tv.joints]

    def tiles(self) -> list[Placed]:
        out = [self.hub] if self.hub is not None else []
        for tv in self.trains:
            out.extend(tv.tiles)
        return out

    def train(self, train: int) -> TrainView:
        for tv in self.trains:
            if tv.train == train:
                return tv
        raise KeyError(train)

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.view.x) * self.scale, (y - self.view.y) * self.scale)

    @property
    def view_box(self) -> str:
        """The SVG viewBox attribute that maps units onto the table area."""
        v = self.view
        return f"{v.x:.3f} {v.y:.3f} {v.w:.3f} {v.h:.3f}"
