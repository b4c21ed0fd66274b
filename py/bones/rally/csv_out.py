"""Writing an event's score sheets as CSV (the layout is in docs/rally.md): no history."""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Protocol

from ..inbound import to_cell
from .values import CSV_COLUMNS, CSV_FORMAT, CSV_VERSION, Rules


class Scored(Protocol):
    """What the score sheets are written from: an ``Event`` (bones.rally.event), which
    writes them with this module."""

    @property
    def id(self) -> str: ...

    @property
    def rules(self) -> Rules: ...

    def state(self) -> dict: ...

    def sheet(self, table: Any) -> dict: ...


def to_csv(ev: Scored) -> str:
    """Score sheets as CSV: the layout is in docs/rally.md."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)

    def row(record: str, table: Any = "", rnd: Any = "", double: Any = "", seat: Any = "",
            player: Any = "", points: Any = "", total: Any = "", info: Any = "") -> None:
        w.writerow([record, table, rnd, "" if double is None else double, seat, player,
                    points, total, info])

    s = ev.state()
    row("format", info=f"{CSV_FORMAT} {CSV_VERSION}")
    row("event", info=to_cell(s["title"]))
    row("game", info=s["game"])
    row("preset", info=s["preset"])
    if "house" in s:  # the house rules whole, as JSON (docs/house-rules.md)
        row("house", info=to_cell(json.dumps(s["house"], ensure_ascii=False)))
    row("id", info=ev.id)
    for r, d in enumerate(s["doubles"], 1):
        row("round", rnd=r, double=d)
    for label, t in s["tables"].items():
        row("table", label, info=t["kind"])
        if t["kind"] == "playoff":
            for r, d in enumerate(t["doubles"], 1):
                row("round", label, r, d)
        sh = ev.sheet(label)
        for p in sh["players"]:
            src = t["players"][p["seat"] - 1]["from"]
            info = (f"from table {src[0]} seat {src[1]}" if src else
                    f"late arrival ({ev.rules.cite('G7')})" if p["late"] else "")
            row("player", label, p["joined"], "", p["seat"], to_cell(p["name"]),
                total=p["start"] if p["late"] else "", info=info)
        for r in range(1, len(t["doubles"]) + 1):
            if r not in t["entries"]:
                continue
            running = {p["seat"]: p["start"] for p in sh["players"]}
            for p in sh["players"]:
                for c in p["cells"][:r]:
                    if c["points"] is not None:
                        running[p["seat"]] += c["points"]
                c = p["cells"][r - 1]
                if c["points"] is None:
                    continue
                row("score", label, r, t["doubles"][r - 1], p["seat"], to_cell(p["name"]),
                    c["points"], running[p["seat"]],
                    f"no-show ({ev.rules.cite('G10')})" if c["mark"] == "no-show" else "")
    return out.getvalue()

