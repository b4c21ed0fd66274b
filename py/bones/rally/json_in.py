"""Reading a saved or exported event: JSON (``from_json``), or either file kind told
apart by its first character (``loads``). Every change read is checked for shape, then
replayed through the same checks as live entry."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..inbound import read_json
from .csv_in import from_csv, read_text
from .event import Event
from .state import Replay, in_force
from .values import (
    FORMAT,
    MAX_CHANGES,
    MAX_FILE,
    MAX_SHEET,
    NO_SHOW,
    READS,
    VERSION,
    RallyError,
    is_id,
)


def _is_ref(x: Any) -> bool:
    return isinstance(x, str | int) and not isinstance(x, bool)


def _is_count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 < x < 10 ** 6


def _pts_ok(x: Any) -> bool:
    return x == NO_SHOW or isinstance(x, int | str) and not isinstance(x, bool)


SHAPES: dict[str, dict[str, Callable[[Any], bool]]] = {
    "create": {"title": lambda x: isinstance(x, str), "game": lambda x: isinstance(x, str),
               "preset": lambda x: isinstance(x, str),
               "doubles": lambda x: isinstance(x, list) and all(
                   d is None or isinstance(d, int) and not isinstance(d, bool) for d in x)},
    "add_table": {"table": lambda x: isinstance(x, str),
                  "players": lambda x: isinstance(x, list) and all(
        isinstance(n, str) for n in x)},
    "add_player": {"table": _is_ref, "name": lambda x: isinstance(x, str)},
    "late": {"table": _is_ref, "name": lambda x: isinstance(x, str), "round": _is_ref},
    "remove_player": {"table": _is_ref, "player": _is_ref},
    "rename": {"table": _is_ref, "player": _is_ref, "name": lambda x: isinstance(x, str)},
    "enter": {"table": _is_ref, "round": _is_ref,
              "points": lambda x: isinstance(x, list) and all(map(_pts_ok, x)) or isinstance(
                  x, dict) and all(map(_pts_ok, x.values()))},
    "correct": {"table": _is_ref, "round": _is_ref, "player": _is_ref, "points": _pts_ok},
    "no_show": {"table": _is_ref, "round": _is_ref, "player": _is_ref},
    "playoff": {"table": lambda x: isinstance(x, str), "doubles": lambda x: isinstance(x, list),
                "players": lambda x: isinstance(x, list) and all(
                    isinstance(p, str) or isinstance(p, list) and len(p) in (2, 3)
                    and all(map(_is_ref, p[:2])) and all(isinstance(n, str) for n in p[2:])
                    for p in x)},
    "undo": {"change": lambda x: isinstance(x, int) and not isinstance(x, bool)},
    "received": {"table": lambda x: isinstance(x, str), "base": _is_count,
                 "upto": _is_count, "kept": lambda x: x in ("table", "official")},
}


# Fields a change may leave out (checked whole when the change is replayed).
OPTIONAL: dict[str, dict[str, Callable[[Any], bool]]] = {
    "create": {"house": lambda x: isinstance(x, dict),
               "id": is_id,  # an event made before events had random ids has none
               # the scoring's edition (values.SCORING): an event made before has none
               "scoring": lambda x: isinstance(x, int) and not isinstance(x, bool)},
    "received": {"known": lambda x: isinstance(x, list) and len(x) <= MAX_SHEET and all(
        isinstance(p, list) and len(p) == 2 and _is_count(p[0]) and isinstance(p[1], str)
        for p in x)},  # the players an event rebuilt from CSV had seated itself
}


def _is_via(x: Any) -> bool:
    """A change from a table device's sheet: [table label, hand-out change, sheet change]."""
    return isinstance(x, list) and len(x) == 3 and isinstance(x[0], str) and all(
        map(_is_count, x[1:]))


def check_shape(c: Any, n: int) -> dict:
    if not isinstance(c, dict):
        raise RallyError(f"change {n} is not a record: {str(c)[:40]!r}")
    op = c.get("op")
    if not isinstance(op, str) or op not in SHAPES:
        raise RallyError(f"change {n} has an unknown kind {str(op)[:40]!r}")
    if c.get("n") != n:
        raise RallyError(f"change {n} is numbered {c.get('n')!r}: changes are numbered 1, 2, "
                         f"3 ... in order")
    shape, optional = SHAPES[op], OPTIONAL.get(op, {})
    for k in c:
        if k not in shape and k not in optional and k not in ("op", "n", "at", "via"):
            raise RallyError(f"change {n} ({op}) has an unknown field {str(k)[:40]!r}")
    for k in shape:
        if k not in c:
            raise RallyError(f"change {n} ({op}) lacks its {k!r}")
    for k, ok in (shape | optional).items():
        if k in c and not ok(c[k]):
            raise RallyError(f"change {n} ({op}) has a bad {k!r}: {str(c[k])[:40]!r}")
    if "via" in c and not _is_via(c["via"]):
        raise RallyError(f"change {n} has a bad table sheet reference {str(c['via'])[:40]!r}")
    if "at" in c and not (isinstance(c["at"], str) and len(c["at"]) <= 40):
        raise RallyError(f"change {n} has a bad time {str(c['at'])[:40]!r}")
    return c



def from_json(data: Any, clock: Callable[[], str] | None = None) -> Event:
    """An event from ``dumps`` text (or bytes, or its parsed dict): every change is
    checked again as when it was made. Raises RallyError saying what is wrong."""
    if not isinstance(data, dict):
        data = read_json(data, "This file", MAX_FILE, RallyError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RallyError(f"This JSON file is not a Rally Dominoes event (its format should be "
                         f"{FORMAT!r})")
    v = data.get("version")
    if v not in READS:
        raise RallyError(f"This event file is version {v!r}; this scorekeeper reads versions "
                         f"1 to {VERSION}" + (" (it was made by a newer version)"
                                         if isinstance(v, int) and v > VERSION else ""))
    log = data.get("log")
    if not isinstance(log, list) or not log:
        raise RallyError("The event file has no changes in it")
    if len(log) > MAX_CHANGES:
        raise RallyError(f"The event file has {len(log):,} changes: more than the "
                         f"{MAX_CHANGES:,} any event takes")
    extra = set(data) - {"format", "version", "log"}
    if extra:
        raise RallyError(f"The event file has an unknown field {sorted(extra)[0]!r}")
    log = copy.deepcopy(log)
    first = check_shape(log[0], 1)
    if first["op"] != "create":
        raise RallyError("change 1 must create the event")
    ev = Event([], None, clock)  # type: ignore[arg-type]
    for i, c in enumerate(log, 1):
        check_shape(c, i)
        try:
            if c["op"] == "create" and i > 1:
                raise RallyError("the event is created only once")
            if c["op"] == "undo":
                target = c["change"]
                if not 1 < target < i:
                    raise RallyError(f"there is no earlier change {target} to undo")
                if ev._log[target - 1]["op"] == "received":
                    raise RallyError(f"change {target} records a sheet received: it cannot "
                                     f"be undone")
                if target not in {x["n"] for x in in_force(ev._log)}:
                    raise RallyError(f"change {target} is already undone")
                ev._s = ev._check_replay(ev._log + [c], target)
            else:  # no copy to fall back on: a refused change refuses the whole file
                r = Replay(ev._s)
                r.apply(c)
                ev._s = r.s
        except RallyError as e:
            raise RallyError(f"change {i}: {e}") from None
        ev._log.append(c)
    return ev


def loads(data: str | bytes, clock: Callable[[], str] | None = None) -> Event:
    """An event from a JSON or CSV file, told apart by its first character."""
    text = read_text(data)
    if text.lstrip()[:1] in ("{", "["):
        return from_json(text, clock)
    return from_csv(text, clock)

