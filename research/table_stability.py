"""How still the play screen's table stays through whole rounds (a development tool: it
reports; tests/engine/test_layout_stable.py holds the limits).

    python research/table_stability.py --rounds 20

Whole rounds of each game are played by the computer players (Normal; seat 0 is the
person at the screen), and after every move the table is laid out again for the felt
sizes the page gives at 1920x1080, 1280x800, 1024x768, 768x1024 and 390x844, the way the
table screen does it (``app.table.felt.lanes_layout``, handed the layout before, braced after
the person's own moves). For each game and size it prints, per round: rescales (the whole
table changed: another scale, columns, names' place or rows) and how many came right
after a computer player's move; refolds (the same scale, a full lane's older tiles fold
into its chip: that lane's tiles move, no other); the largest move of a tile on the table
between those (CSS px) and how many tiles left the table between them; the open ends'
short side (px): the median and the smallest.
"""

from __future__ import annotations

import argparse
import inspect
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

import bones  # noqa: E402
import bones.ai  # noqa: E402
from app.game.seats import Seat  # noqa: E402
from app.game.session import Session  # noqa: E402
from app.table import felt as views  # noqa: E402

# the felt (CSS px) the page gives the table at each screen size, measured in Chromium
FELTS = {"1920x1080": (1600, 774), "1280x800": (960, 514), "1024x768": (704, 482),
         "768x1024": (768, 588), "390x844": (390, 514)}
GAMES = {"mexican-train": "Mexican Train", "chicken-foot": "Chicken Foot",
         "all-fives": "All Fives"}
NAMES = ("You", "Ann", "Bob", "Cora", "Dale", "Edna", "Fran", "Gus")
FACE = 0.98  # a face's short side, in units


def positions(lay) -> dict:
    """Every tile drawn on the table (a tile drawn twice, such as an All Fives spinner at
    the start of its sides' lanes, counts twice): its centre in CSS px from the felt's
    top-left."""
    v, s = lay.view, lay.scale
    return {(p.tile, p.train, p.index): ((p.x - v.x) * s, (p.y - v.y) * s)
            for p in lay.tiles()}


def open_end_px(lay) -> float | None:
    """The open ends' short side (px) when any lane is open."""
    return FACE * lay.scale if any(tv.target is not None for tv in lay.trains) else None


_TAKES_BEFORE = "before" in inspect.signature(views.lanes_layout).parameters


def layout(s: Session, w: int, h: int, before, brace: bool):
    if _TAKES_BEFORE:
        return views.lanes_layout(s, w, h, before=before, brace=brace)
    return views.lanes_layout(s, w, h)  # the layout before frames: every move anew


def relaid(lay, before) -> bool:
    """A new frame (or, for layouts without frames, another scale or arrangement)."""
    if before is None:
        return False
    if "relaid" in lay.extra:
        return bool(lay.extra["relaid"])
    return lay.scale != before.scale or lay.arrangement != before.arrangement


def rescaled(lay, before) -> bool:
    """The whole table changed: another scale, columns or names' place, or rows."""
    a, b = lay.extra.get("frame"), before.extra.get("frame")
    if a is None or b is None:
        return lay.scale != before.scale or lay.arrangement != before.arrangement
    return (a.scale, a.columns, a.where, a.rows) != (b.scale, b.columns, b.where, b.rows)


def jumped(lay, before) -> bool:
    """A refold moved a lane's open end: its last tile does not lie where the last tile
    before it lay (a lane with no room left folds its tile away and the new one takes its
    place: that is no jump)."""
    was = {tv.train: tv for tv in before.trains}
    for tv in lay.trains:
        old = was.get(tv.train)
        if old is None or old.folded == tv.folded or not tv.tiles or not old.tiles:
            continue
        a, b = lay.to_px(tv.tiles[-1].x, tv.tiles[-1].y), before.to_px(old.tiles[-1].x,
                                                                      old.tiles[-1].y)
        if abs(a[0] - b[0]) > 2 or abs(a[1] - b[1]) > 2:
            return True
    return False


def play_round(game: str, seats: int, seed: int, felts: dict) -> dict:
    """One round played out, measured at every felt size: {size: figures}."""
    s = Session.new(game, bones.GAMES[game].default_preset,
                    [Seat(NAMES[0], "human")] + [Seat(n) for n in NAMES[1:seats]], seed=seed)
    s.started = True
    g = s.game
    out = {k: {"rescales": 0, "by_computer": 0, "refolds": 0, "jumps": 0, "move": 0.0, "gone": 0,
               "sizes": []} for k in felts}
    before = dict.fromkeys(felts)
    pos = {k: {} for k in felts}
    for i in range(2000):
        if g.round_over:
            break
        seat = g.turn
        g.play(bones.ai.choose(g, seat, "normal", seed=seed * 1000 + i))
        for k, (w, h) in felts.items():
            lay = layout(s, w, h, before[k], seat == 0)
            now = positions(lay)
            f = out[k]
            if relaid(lay, before[k]):
                if rescaled(lay, before[k]):
                    f["rescales"] += 1
                    f["by_computer"] += seat != 0
                else:
                    f["refolds"] += 1
                    f["jumps"] += jumped(lay, before[k])
            elif before[k] is not None:
                for t, (x, y) in pos[k].items():
                    if t in now:
                        f["move"] = max(f["move"], abs(now[t][0] - x), abs(now[t][1] - y))
                    else:
                        f["gone"] += 1
            px = open_end_px(lay)
            if px is not None:
                f["sizes"].append(px)
            before[k], pos[k] = lay, now
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--game", choices=list(GAMES), action="append")
    ap.add_argument("--size", choices=list(FELTS), action="append")
    a = ap.parse_args()
    felts = {k: FELTS[k] for k in (a.size or FELTS)}
    print(f"{a.rounds} rounds each, {a.seats} players (All Fives at most 4). Per round: "
          "rescales, mean (most), [after a computer's move in all]; refolds, mean (most), "
          "of which an open end jumped back (mean); "
          "largest move of a placed tile between them (px); tiles gone between them; "
          "open ends' short side: median / smallest (px)")
    for game in a.game or GAMES:
        seats = min(a.seats, 4) if game == "all-fives" else a.seats
        rounds = [play_round(game, seats, seed, felts) for seed in range(a.rounds)]
        for k in felts:
            rs = [r[k] for r in rounds]
            sc = [r["rescales"] for r in rs]
            rf = [r["refolds"] for r in rs]
            jumps = [r["jumps"] for r in rs]
            sizes = [x for r in rs for x in r["sizes"]]
            print(f"| {GAMES[game]} | {k} | {statistics.mean(sc):.1f} ({max(sc)}) "
                  f"[{sum(r['by_computer'] for r in rs)}] | {statistics.mean(rf):.1f} "
                  f"({max(rf)}), {statistics.mean(jumps):.1f} | "
                  f"{max(r['move'] for r in rs):.1f} | "
                  f"{sum(r['gone'] for r in rs)} | {statistics.median(sizes):.1f} / "
                  f"{min(sizes):.1f} |")


if __name__ == "__main__":
    main()
