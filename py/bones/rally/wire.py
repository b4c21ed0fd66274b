"""The words a table device and the official's device pass each other: a hand-out and a
table's sheet as the text of a QR code or a file (bones.qrtext), and one round's scores as
a code read aloud.
"""

from __future__ import annotations

import re
from typing import Any

from .. import qrtext
from ..errors import BadData
from ..qrtext import encode
from .values import NO_SHOW, RallyError

__all__ = ["decode", "encode", "read_round_code", "round_code"]


def decode(text: Any, want: str, error: type[BadData] = RallyError) -> dict:
    """The body of a hand-out ("H") or a sheet ("S"); RallyError in plain words for
    anything else (bones.qrtext.decode)."""
    return qrtext.decode(text, want, error)


# --- one round's scores, read aloud ----------------------------------------------------------
# "2-3-12-0-25-N-471": table 2, round 3, the seated players' points in seat order (N: did
# not show their bones), and a check: each number weighted by its place, modulo the prime
# 1009, so one number misheard or two neighbours swapped always changes it (the numbers,
# points 0-999 and N counted as 1000, differ by less than 1009).

def _check(nums: list[int]) -> int:
    return sum((i + 1) * v for i, v in enumerate(nums)) % 1009


def round_code(table: str, round: int, points: list[int | str]) -> str:
    vals = [1000 if v == NO_SHOW else int(v) for v in points]
    body = [int(table), round, *vals]
    shown = [str(table), str(round), *("N" if v == NO_SHOW else str(v) for v in points)]
    return "-".join(shown + [str(_check(body))])


_CODE = re.compile(r"[0-9]{1,3}(?:-(?:[0-9]{1,3}|N)){3,9}-[0-9]{1,4}")


def read_round_code(text: Any) -> tuple[str, int, list[int | str]]:
    """(table, round, points in seat order) from a typed round code."""
    if not isinstance(text, str):
        raise RallyError("Type the round's code as the table's device shows it")
    t = re.sub(r"[\s.,/]+", "-", text.strip().upper()).strip("-")
    if not _CODE.fullmatch(t):
        raise RallyError(f"{text.strip()[:40]!r} is not a round's code: it looks like "
                         f"2-3-12-0-25-471 (table, round, each player's points, check)")
    parts = t.split("-")
    table, rnd, *pts, check = parts
    if "N" in (table, rnd, check):
        raise RallyError("The table, the round and the check are numbers, not N")
    vals: list[int | str] = [NO_SHOW if p == "N" else int(p) for p in pts]
    body = [int(table), int(rnd), *(1000 if v == NO_SHOW else v for v in vals)]
    if _check(body) != int(check):
        raise RallyError("The round's code does not check out: a number was misheard or "
                         "mistyped. Read it again from the table's device")
    if len(vals) < 2:
        raise RallyError("A round's code has at least two players' points")
    return str(int(table)), int(rnd), vals
