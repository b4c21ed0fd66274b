"""Headings and rectangles in a subtree's own frame, for the tree layout (bones.layout.tree).

A heading is a unit axis vector (dx, dy) on screen, y growing downwards. Every subtree
is measured in its own frame: its root at the origin, growing along +x, its right hand
on +y. Rectangles are plain tuples (x0, y0, x1, y1), not ``Box``es: the layout runs
after every move, so it is kept lean.
"""

from __future__ import annotations

from .geometry import EPS, Box


def right_of(h: tuple[int, int]) -> tuple[int, int]:
    """A quarter turn clockwise on screen (y grows downwards)."""
    return (-h[1], h[0])


def left_of(h: tuple[int, int]) -> tuple[int, int]:
    return (h[1], -h[0])


def world(d: tuple[int, int], H: tuple[int, int]) -> tuple[int, int]:
    """A heading ``d`` of a frame whose +x is world heading H, in world terms."""
    rx, ry = -H[1], H[0]
    return (d[0] * H[0] + d[1] * rx, d[0] * H[1] + d[1] * ry)


def to_parent(r, ox, oy, d):
    """Rectangle ``r`` of a frame whose origin is (ox, oy) and whose +x is the heading
    ``d`` (a unit axis vector), in the parent frame."""
    dx, dy = d
    if dx == 1:
        return (ox + r[0], oy + r[1], ox + r[2], oy + r[3])
    if dx == -1:
        return (ox - r[2], oy - r[3], ox - r[0], oy - r[1])
    if dy == 1:  # +x -> +y, +y -> -x
        return (ox - r[3], oy + r[0], ox - r[1], oy + r[2])
    return (ox + r[1], oy - r[2], ox + r[3], oy - r[0])


def bounds(rs):
    """The bounding rectangle of the rectangles ``rs`` (at least one)."""
    it = iter(rs)
    x0, y0, x1, y1 = next(it)
    for r in it:
        if r[0] < x0:
            x0 = r[0]
        if r[1] < y0:
            y0 = r[1]
        if r[2] > x1:
            x1 = r[2]
        if r[3] > y1:
            y1 = r[3]
    return (x0, y0, x1, y1)


def overlaps(a, b) -> bool:
    """Rectangles ``a`` and ``b`` overlap by more than EPS (touching is not overlapping)."""
    return (a[0] < b[2] - EPS and b[0] < a[2] - EPS
            and a[1] < b[3] - EPS and b[1] < a[3] - EPS)


def as_box(r) -> Box:
    """A rectangle tuple as a ``Box``."""
    return Box(r[0], r[1], r[2] - r[0], r[3] - r[1])


def area(r) -> float:
    return (r[2] - r[0]) * (r[3] - r[1])
