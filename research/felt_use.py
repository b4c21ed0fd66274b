"""How much of the felt the play screen's lanes use: per screen size and game, the felt's
width the lanes reach, the tiles shown against the tiles played per lane, and the open
end's size (docs/table.md). Run: .venv/bin/python research/felt_use.py"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "browser")]

from bones.layout.lanes import layout_table  # noqa: E402
from table_positions import position  # noqa: E402

# the felt at each screen size (CSS px; measured in Chromium with the page's panels)
FELTS = {"1920x1080": (1600, 740), "1280x800": (960, 506), "1024x768": (704, 478),
         "768x1024": (768, 592), "390x844": (390, 500)}
TABLES = (("Mexican Train", "long", 4), ("Chicken Foot, two feet", "feet", 4),
          ("Chicken Foot, four feet", "toes", 4), ("All Fives", "spinner", 4))


def use(lay) -> dict:
    """The lanes' reach (a part of the felt's width), shown / played per lane, the face's
    short side in px."""
    xs = []
    lanes = []
    for tv in lay.trains:
        boxes = [p.box for p in tv.tiles] + [b for b in (tv.fold,) if b is not None]
        if tv.target is not None:
            boxes.append(tv.target.box)
        xs += [b.x for b in boxes] + [b.x1 for b in boxes]
        shown = sum(1 for p in tv.tiles if p.index >= 0)
        lanes.append((shown, shown + tv.folded))
    if lay.station is not None:
        xs += [lay.station.x, lay.station.x1]
    reach = (max(xs) - min(xs)) * lay.scale / lay.width if xs else 0.0
    return {"reach": reach, "lanes": lanes, "end_px": lay.scale * 0.98,
            "columns": lay.extra.get("columns")}


def row(game: str, kind: str, players: int, size: str) -> str:
    s = position(kind, players)
    if kind == "long":
        names = {t: (["You", "Ann", "Bob", "Cora"][t] if t >= 0 else "Mexican Train")
                 for t in range(-1, players)}
    w, h = FELTS[size]
    lay = layout_table(s.game, width=w, height=h, names=names if kind == "long" else None)
    u = use(lay)
    lanes = ", ".join(f"{a}/{b}" for a, b in u["lanes"])
    return (f"| {size} | {game} | {w}x{h} | {u['columns']} | {u['reach'] * 100:.0f}% | "
            f"{lanes} | {u['end_px']:.0f} |")


def main() -> None:
    print("| screen | game | felt | columns | lanes reach | shown / played per lane "
          "| open end px |")
    print("|---|---|---|---|---|---|---|")
    for size in FELTS:
        for game, kind, players in TABLES:
            print(row(game, kind, players, size))


if __name__ == "__main__":
    main()
