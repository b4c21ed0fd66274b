"""The player's hand: the order its tiles stand in, and how big they are drawn.

Order: a hand stands sorted by number (highest first) until its player moves a tile
(dragged within the hand, or Shift and an arrow key); from then on it keeps their
order, and a tile drawn later joins at the right-hand end. "Sort" puts it back in order
by number. The order is kept with the save; one that is damaged, or names tiles no
longer in the hand (a tile played, a new round), is never an error: what it cannot
place is left out and the rest of the hand follows in order by number.

Size: every tile of the hand is on screen at once, in one row or more across the whole
width of the screen. ``fit`` chooses the tiles' short side and the rows from the hand's
width, the screen's height and the number of tiles; the rows' height is kept while
the number of rows stays the same, so the table above does not move as tiles come and
go.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from bones.tiles import Tile, parse_tile

MAX_ORDER = 120  # tiles a saved order may name (more than any hand can hold)
_TILE_TEXT = re.compile(r"\d{1,2}-\d{1,2}")


def by_number(hand) -> list[Tile]:
    """The hand in order by number: highest first (12-12, 12-11, ..., 0-0)."""
    return sorted(hand, key=lambda t: (-t.hi, -t.lo))


def arrange(hand, order: list[Tile] | None) -> list[Tile]:
    """``hand`` in the player's ``order``: the tiles it names that are in the hand, in
    its order, then the others in order by number (drawn since, or all of them with no
    order)."""
    if not order:
        return by_number(hand)
    held = set(hand)
    placed = []
    for t in order:
        if t in held and t not in placed:
            placed.append(t)
    rest = [t for t in by_number(hand) if t not in placed]
    return placed + rest


def moved(hand_in_order: list[Tile], tile: Tile, to: int) -> list[Tile]:
    """The hand with ``tile`` taken out and put in at place ``to`` (0 is the first;
    beyond the ends it goes to the end)."""
    out = [t for t in hand_in_order if t != tile]
    if len(out) == len(hand_in_order):
        return list(hand_in_order)
    to = max(0, min(to, len(out)))
    out.insert(to, tile)
    return out


def order_from_save(raw) -> dict[int, list[Tile]]:
    """The saved hands' orders, by seat; whatever cannot be read is left out (an order
    is a preference: a damaged one never stops a game from loading)."""
    out: dict[int, list[Tile]] = {}
    if not isinstance(raw, dict):
        return out
    for seat, tiles in list(raw.items())[:16]:
        if not (isinstance(seat, str) and seat.isdigit() and len(seat) <= 2
                and isinstance(tiles, list) and len(tiles) <= MAX_ORDER):
            continue
        order = []
        for text in tiles:
            if not (isinstance(text, str) and _TILE_TEXT.fullmatch(text)):
                order = None
                break
            try:
                order.append(parse_tile(text))
            except ValueError:
                order = None
                break
        if order:
            out[int(seat)] = order
    return out


def order_to_save(orders: dict[int, list[Tile]]) -> dict[str, list[str]]:
    return {str(seat): [str(t) for t in tiles] for seat, tiles in sorted(orders.items())
            if tiles}


# ---- size ------------------------------------------------------------------------------
# A hand tile's button adds its padding and border to the tile (app.table.views, web/style.css:
# .hand-tile), tiles stand GAP px apart, and the hand's area has PAD px each side; a
# phone's are tighter.
EDGE, GAP, PAD = 10, 6, 12
PHONE_EDGE, PHONE_GAP, PHONE_PAD = 8, 3, 6
PHONE_WIDTH = 600  # CSS px: narrower is a phone (style.css's max-width: 600px)
LEAST, PHONE_LEAST = 44, 36  # the smallest short side a hand tile is drawn at
MOST = 96  # the largest


@dataclass(frozen=True)
class Fit:
    """How the hand is drawn: each tile's short side (``tile``, CSS px), how many
    ``rows`` its area has, and the area's ``height`` (CSS px)."""

    tile: int
    rows: int
    height: int


def fit(width: float, screen_h: float, n: int, *, large: bool = False,
        screen_w: float | None = None) -> Fit:
    """The hand's tiles for a hand area ``width`` px wide (its padding included) on a
    screen ``screen_h`` px high (``screen_w`` wide, the area's width if not given), with
    ``n`` tiles.

    The tiles aim at a short side of 1/13 of the screen's height (an upright screen:
    1/12 of its width; a phone: 1/10.8 of its width), at most 96 px, and large print asks
    a fifth more. They take the fewest rows at which they are at least four fifths of
    that (a phone: at least 36 px), within about a quarter of the screen's height (27%
    on an upright one, 4% more in large print); else the rows at which they are
    biggest; and never less than 44 px (a phone: 36 px), with as many rows as that
    needs. An area's height is that of its rows at the most the rows may hold, so it
    only changes when the number of rows does; on a phone, where every row counts, that
    of its rows at the tiles' own size."""
    screen_w = width if screen_w is None else screen_w
    phone = screen_w < PHONE_WIDTH
    edge, gap, pad = (PHONE_EDGE, PHONE_GAP, PHONE_PAD) if phone else (EDGE, GAP, PAD)
    width -= 2 * pad
    least = PHONE_LEAST if phone else LEAST
    upright = screen_h > screen_w
    if phone:
        top = screen_w / 10.8
    elif upright:
        top = screen_w / 12
    else:
        top = screen_h / 13
    share = (0.27 if upright and not phone else 0.24) + (0.04 if large else 0.0)
    top = min(MOST, top * (1.2 if large else 1.0))
    top = max(least, int(top))
    budget = screen_h * share
    n = max(1, n)

    def across(s: int) -> int:  # tiles a row holds at short side s
        return max(1, int((width + gap) // (s + edge + gap)))

    def height(rows: int, s: int) -> int:
        return rows * (2 * s + edge) + (rows - 1) * gap

    options = []  # (short side, rows, the most the rows may hold)
    for rows in range(1, 9):
        most = min(top, int(((budget + gap) / rows - gap - edge) / 2))
        if most < least and rows > 1:
            break
        most = max(most, least)
        per = math.ceil(n / rows)
        s = min(most, int((width + gap) / per - edge - gap))
        if s >= least:
            options.append((s, rows, most))
    if options:
        good = least if phone else max(least, 0.8 * top)
        best = max(s for s, _r, _m in options)
        s, rows, most = next(((s, r, m) for s, r, m in options if s >= good or s == best))
        return Fit(s, rows, height(rows, s if phone else most))
    rows = math.ceil(n / across(least))
    return Fit(least, rows, height(rows, least))
