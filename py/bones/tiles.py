"""Dominoes (bones): values, sets and their text form.

A tile is written high half first, "12-5". Tiles are interned: every
``Tile(hi, lo)`` of a set is built once, so they are cheap to compare and
hash in the hot paths of random play-outs.
"""

from __future__ import annotations

from typing import NamedTuple


class Tile(NamedTuple):
    hi: int
    lo: int

    @property
    def pips(self) -> int:
        return self.hi + self.lo

    @property
    def is_double(self) -> bool:
        return self.hi == self.lo

    def has(self, n: int) -> bool:
        return self.hi == n or self.lo == n

    def other(self, n: int) -> int:
        """The half that is left open when this tile is matched to ``n``."""
        if self.hi == n:
            return self.lo
        if self.lo == n:
            return self.hi
        raise ValueError(f"{self} has no {n}")

    def __str__(self) -> str:
        return f"{self.hi}-{self.lo}"

    def __repr__(self) -> str:
        return f"Tile({self.hi}, {self.lo})"


_TILES = {(a, b): Tile(a, b) for a in range(19) for b in range(a + 1)}


def tile(a: int, b: int) -> Tile:
    """The interned tile with halves ``a`` and ``b`` in either order."""
    return _TILES[(a, b) if a >= b else (b, a)]


def parse_tile(text: str) -> Tile:
    """Read "12-5" (or "5-12", "12/5", "12:5") into a Tile."""
    s = text.strip()
    for sep in ("-", "/", ":", "|"):
        if sep in s:
            left, _, right = s.partition(sep)
            break
    else:
        raise ValueError(f"not a domino: {text!r} (write it like 12-5)")
    try:
        a, b = int(left), int(right)
    except ValueError:
        raise ValueError(f"not a domino: {text!r} (write it like 12-5)") from None
    if not (0 <= a <= 18 and 0 <= b <= 18):
        raise ValueError(f"not a domino: {text!r} (halves run from 0 to 18)")
    return tile(a, b)


def full_set(high: int) -> list[Tile]:
    """Every tile of a double-``high`` set, in a fixed order."""
    if not 1 <= high <= 18:
        raise ValueError(f"no double-{high} set")
    return [_TILES[(a, b)] for a in range(high + 1) for b in range(a + 1)]


def set_size(high: int) -> int:
    return (high + 1) * (high + 2) // 2


def holds_any(hands: list, first: int | None, ends: set) -> bool:
    """Whether any hand holds a tile with a number in ``ends``; the seat to move first,
    as the one most likely to (a cheap check after every move, see docs/benchmarks.md)."""
    n = len(hands)
    first = first or 0
    for k in range(n):
        for hi, lo in hands[(first + k) % n]:
            if hi in ends or lo in ends:
                return True
    return False
