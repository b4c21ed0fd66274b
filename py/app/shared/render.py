"""Dominoes drawn as SVG markup.

Pure functions from engine values to text: nothing here touches the browser, so the
drawing is tested in CPython and the page only pastes the markup in.

A face is drawn upright in a 100 x 200 box: the high half on top, the low half below.
Each half is a 100 x 100 square; pip centres are given in units of that square (0..1).
"""

from __future__ import annotations

from functools import cache

from bones.tiles import Tile

FACE_W = 100
FACE_H = 200

# Where the pips of 0..9 sit on a 3 x 3 grid, as (column, row) with 0..2 each.
_GRID_3X3: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
    7: ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((c, r) for r in range(3) for c in range(3)),
}


@cache
def pip_positions(n: int) -> tuple[tuple[float, float], ...]:
    """Centres of the ``n`` pips on one half, as (x, y) in units of the half square.

    0..9 use the classic 3 x 3 grid. 10..12 put four pips down each side and the rest
    in the middle column (12 is a full 3 x 4 grid); 13..18 do the same with six a side.
    """
    if not 0 <= n <= 18:
        raise ValueError(f"a half has 0 to 18 pips, not {n}")
    if n <= 9:
        cells = (0.24, 0.5, 0.76)
        return tuple((cells[c], cells[r]) for c, r in _GRID_3X3[n])
    side, step = (4, 0.19) if n <= 12 else (6, 0.128)
    middle = n - 2 * side

    def column(x: float, k: int) -> list[tuple[float, float]]:
        return [(x, round(0.5 + (i - (k - 1) / 2) * step, 4)) for i in range(k)]

    return tuple(column(0.24, side) + column(0.5, middle) + column(0.76, side))


# S7: colour-coded pips, one colour a number, so that matching by colour is matching by
# number. Each of 1-12 stands out from the ivory face by at least 3:1; under a simulation
# of protanopia, deuteranopia and tritanopia any two differ by at least 11.6 CIEDE2000,
# numbers one or two apart by at least 20.9, and with normal sight any two by 19.6; at arm's
# length (the screen scaled to a quarter and blurred) only one, 10, reads as black. Chosen
# by research/pip_palette.py; tests/app/test_pip_colours.py holds the figures.
PIP_COLOURS = (
    "#222222",  # 0 (no pips; used for the blank's outline)
    "#a5695b",  # 1 clay
    "#9687b4",  # 2 lavender
    "#0f0087",  # 3 navy
    "#962d4b",  # 4 wine
    "#789600",  # 5 olive
    "#e14bff",  # 6 orchid
    "#004b96",  # 7 blue
    "#4b9687",  # 8 sea green
    "#b20000",  # 9 red
    "#111100",  # 10 black
    "#7800ff",  # 11 violet
    "#ff4f87",  # 12 pink
    "#00796b",  # 13
    "#7b1fa2",  # 14
    "#b71c1c",  # 15
    "#01579b",  # 16
    "#827717",  # 17
    "#4e342e",  # 18
)


def pip_radius(n: int) -> float:
    """Pip radius in units of the half square; smaller when a half is crowded."""
    if n <= 9:
        return 0.09
    return 0.075 if n <= 12 else 0.055


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def half_markup(n: int, top: float, *, coloured: bool = True, numerals: bool = False,
                angle: int = 0) -> str:
    """The pips of one half whose square starts ``top`` units down the face, or with
    ``numerals`` (large print) its number written big instead, turned back by the
    face's ``angle`` so it reads upright on the screen."""
    # Colours by number are the engine's (rule S7): one number, one colour.
    fill = PIP_COLOURS[n] if coloured else PIP_COLOURS[0]
    if numerals:
        cx, cy = FACE_W / 2, top + FACE_W / 2
        turn = f' transform="rotate({-angle} {cx:g} {cy:g})"' if angle else ""
        return (f'<text class="numeral" x="{cx:g}" y="{cy:g}"{turn} text-anchor="middle" '
                f'dominant-baseline="central" font-size="{64 if n < 10 else 52}" '
                f'font-weight="800" '
                f'fill="{fill}">{n}</text>')
    r = _fmt(pip_radius(n) * FACE_W)
    return "".join(
        f'<circle cx="{_fmt(x * FACE_W)}" cy="{_fmt(top + y * FACE_W)}" r="{r}" fill="{fill}"/>'
        for x, y in pip_positions(n)
    )


def domino_group(
    t: Tile,
    x: float = 0,
    y: float = 0,
    *,
    angle: int = 0,
    scale: float = 1.0,
    coloured: bool = True,
    numerals: bool = False,
) -> str:
    """A ``<g>`` drawing ``t`` with its face's top-left corner moved to (x, y).

    ``angle`` turns the face clockwise about that corner, in degrees; layouts use it
    to lay tiles flat along a train.
    """
    transform = f"translate({_fmt(x)} {_fmt(y)})"
    if angle:
        transform += f" rotate({angle})"
    if scale != 1.0:
        transform += f" scale({_fmt(scale)})"
    return (
        f'<g class="domino" data-tile="{t}" transform="{transform}">'
        f'<rect class="face" x="1" y="1" width="{FACE_W - 2}" height="{FACE_H - 2}" rx="12"'
        ' fill="#fffdf4" stroke="#3b3b3b" stroke-width="2"/>'
        f'<line class="bar" x1="12" y1="100" x2="{FACE_W - 12}" y2="100"'
        ' stroke="#3b3b3b" stroke-width="3" stroke-linecap="round"/>'
        + half_markup(t.hi, 0, coloured=coloured, numerals=numerals, angle=angle)
        + half_markup(t.lo, FACE_W, coloured=coloured, numerals=numerals, angle=angle)
        + "</g>"
    )


def domino_svg(t: Tile, *, height: int = 200, coloured: bool = True,
               numerals: bool = False) -> str:
    """A standalone upright ``<svg>`` of one domino, ``height`` CSS pixels tall."""
    width = height * FACE_W // FACE_H
    return (
        f'<svg class="domino-svg" xmlns="http://www.w3.org/2000/svg" role="img"'
        f' aria-label="Domino {t.hi}-{t.lo}" data-tile="{t}" width="{width}" height="{height}"'
        f' viewBox="0 0 {FACE_W} {FACE_H}"><title>Domino {t.hi}-{t.lo}</title>'
        + domino_group(t, coloured=coloured, numerals=numerals)
        + "</svg>"
    )
