"""All Fives' layout of play: the arms, their names, their open ends and the count.

The layout is a tree of *arms*. The first tile (the lead, target ``C``) is
the root; its two ends grow the arms ``E`` (its high half) and ``W`` (its low
half). A spinner (A5) grows two more arms from its sides, ``N`` and ``S`` for
the first spinner, ``N2``/``S2``, ``N3``/``S3``... for later ones (only when
every double spins), and those arms open only once both of its ends have been
played on. Targets are arm numbers: -1 the centre, 0 E, 1 W, 2 N, 3 S, 4 N2...

A hand's arms are ``arms`` (per arm, its tiles as (tile, the half it leaves open)),
``root`` (the lead, None before it) and ``spinners`` (per spinner, (the arm it lies
on, its index there, its number)), as ``bones.allfives.AllFives`` keeps them.
``describe`` gives the table all of it; see docs/all-fives.md.
"""

from __future__ import annotations

from .errors import IllegalMove
from .tiles import Tile, tile

CENTRE = -1  # the target of the lead: the first tile of a hand (A3)
EAST, WEST = 0, 1  # the lead's two arms


def arm_number(name: str) -> int:
    """The arm a notation names: C (the lead) -1, E 0, W 1, N 2, S 3, N2 4, S2 5..."""
    s = name.strip().upper()
    if s in ("C", "CENTRE", "CENTER"):
        return CENTRE
    if s in ("E", "W", "N", "S"):
        return "EWNS".index(s)
    if len(s) >= 2 and s[0] in "NS" and s[1:].isdigit() and int(s[1:]) >= 1:
        k = int(s[1:])
        return (2 if s[0] == "N" else 3) + 2 * (k - 1)
    raise IllegalMove(f"there is no end called {name!r}: name C (the lead), E, W, N, S, "
                      "or N2, S2... for later spinners", rule="notation")


def arm_name(target: int) -> str:
    """The notation of an arm number: C, E, W, N, S, N2, S2..."""
    if target == CENTRE:
        return "C"
    if 0 <= target < 4:
        return "EWNS"[target]
    if target >= 4:
        return f"{'NS'[target % 2]}{target // 2}"
    return str(target)


def open_ends(root: Tile, arms: list, spinners: tuple
              ) -> tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]]:
    """The open arms with the pips to match, the open-end total, and what each
    open arm counts toward it (A4, A5)."""
    opens = []
    counts = []
    double_root = root.hi == root.lo
    for a, base in ((EAST, root.hi), (WEST, root.lo)):
        arm = arms[a]
        if arm:
            t, e = arm[-1]
            opens.append((a, e))
            counts.append(e + e if t.hi == t.lo else e)
        else:
            opens.append((a, base))
            # A crosswise root double shows both halves on an open side; alone, each
            # side counts one half (it is counted once).
            counts.append(base + base if double_root and (arms[0] or arms[1]) else base)
    for k, (a, i, d) in enumerate(spinners):
        # A5: a spinner's sides open after both its ends are played on.
        if (arms[0] and arms[1]) if a == CENTRE else len(arms[a]) > i + 1:
            for b in (2 + 2 * k, 3 + 2 * k):
                arm = arms[b]
                if arm:
                    t, e = arm[-1]
                    opens.append((b, e))
                    counts.append(e + e if t.hi == t.lo else e)
                else:
                    opens.append((b, d))
                    counts.append(0)
    return tuple(opens), sum(counts), tuple(counts)


def describe(root: Tile | None, arms: list, spinners: tuple) -> dict:
    """What the table draws: the root, each arm with its tiles, whether it is open,
    the pips to match there and what its open end counts; the running count."""
    if root is None:
        return {"root": None, "spinners": [], "arms": [], "count": 0, "scores": False}
    opens, count, counts = open_ends(root, arms, spinners)
    where = {a: (e, c) for (a, e), c in zip(opens, counts, strict=True)}
    out = []
    for a, arm in enumerate(arms):
        end, c = where.get(a, (None, 0))
        out.append({
            "name": arm_name(a),
            # None: grows from the root; k: from a side of spinners[k]
            "spinner": None if a < 2 else (a - 2) // 2,
            "tiles": [(t, e) for t, e in arm],  # each tile with the half it leaves open
            "open": a in where,
            "end": end,  # pips a tile must have to play here (None: not open yet)
            "counts": c,  # what this end adds to the count
        })
    spins = [{"tile": tile(d, d),
              "on": None if a == CENTRE else arm_name(a),
              "index": None if a == CENTRE else i,
              "arms": [arm_name(2 + 2 * k), arm_name(3 + 2 * k)],
              "open": (2 + 2 * k) in where}
             for k, (a, i, d) in enumerate(spinners)]
    return {"root": root, "spinners": spins, "arms": out, "count": count,
            "scores": count > 0 and count % 5 == 0}
