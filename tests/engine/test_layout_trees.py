"""Table geometry for Chicken Foot and All Fives (bones.layout.chicken, .allfives):
nothing overlaps, everything is on screen, every tile touches the one before it with
the matching halves together (or is joined to its double by a joint), and the tiles
stay big enough to read on the rally screens, at the largest tables random play
produces."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bones
from bones.layout import MAX_SCALE, Box, layout_game, layout_observation
from bones.layout.preview import random_game, svg

SIZES = [(1920, 1080), (1280, 800), (1024, 768), (390, 844)]
# Pixels per unit never gone below for a played-out round (see docs/layout.md).
READABLE_CF = {(1920, 1080): 24.0, (1280, 800): 18.0, (1024, 768): 16.0, (390, 844): 9.0}
READABLE_AF = {(1920, 1080): 36.0, (1280, 800): 30.0, (1024, 768): 26.0, (390, 844): 15.0}
SPINNERS = ("first", "none", "every")


# ---- the checks -------------------------------------------------------------------------
def touch(a: Box, b: Box, eps: float = 1e-6) -> bool:
    if a.overlaps(b):
        return False
    xo = min(a.x1, b.x1) - max(a.x, b.x)
    yo = min(a.y1, b.y1) - max(a.y, b.y)
    return (abs(xo) < eps and yo > eps) or (abs(yo) < eps and xo > eps)


def half_box(c) -> Box:
    return Box(c[0] - 0.5, c[1] - 0.5, 1.0, 1.0)


def near_part(p) -> Box:
    return p.box if p.is_double else half_box(p.half_centres()[0])


def far_part(p) -> Box:
    return p.box if p.is_double else half_box(p.half_centres()[1])


def joint_box(poly) -> list[Box]:
    """The bars of a joint (0.3 wide), one per straight piece."""
    out = []
    for (ax, ay), (bx, by) in zip(poly, poly[1:], strict=False):
        x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        if abs(ax - bx) < 1e-9:
            out.append(Box(x0 - 0.15, y0, 0.3, y1 - y0))
        else:
            out.append(Box(x0, y0 - 0.15, x1 - x0, 0.3))
    return out


def joined(a, p, tv) -> bool:
    """p (first tile after a junction) is joined to a (the double it grows from), by
    touching it or by one of the view's joints from a's edge to p's near edge."""
    if touch(a.box, near_part(p)):
        return True
    for j in tv.joints:
        s, e = j[0], j[-1]
        on_a = (a.box.x - 1e-6 <= s[0] <= a.box.x1 + 1e-6
                and a.box.y - 1e-6 <= s[1] <= a.box.y1 + 1e-6)
        nb = near_part(p)
        on_p = (nb.x - 1e-6 <= e[0] <= nb.x1 + 1e-6 and nb.y - 1e-6 <= e[1] <= nb.y1 + 1e-6)
        if on_a and on_p:
            return True
    return False


def check_chain(tv, start_value, first_tile_ok):
    """The tiles of one line follow each other with matching halves."""
    end = start_value
    for i, p in enumerate(tv.tiles):
        assert p.index == i and p.train == tv.train
        assert p.first == end, f"line {tv.train} tile {i}: {p.first} does not match {end}"
        assert p.angle in (0, 90, 180, 270)
        hx, hy = p.heading
        assert abs(hx) + abs(hy) == 1
        if p.is_double:
            assert (p.w > p.h) == (hx == 0), f"double {p.tile} is not crosswise"
        else:
            assert (p.w > p.h) == (hx != 0)
            (ax, ay), (bx, by) = p.half_centres()
            assert abs(bx - ax - hx) < 1e-9 and abs(by - ay - hy) < 1e-9
        if i == 0:
            first_tile_ok(p)
        else:
            q = tv.tiles[i - 1]
            assert touch(far_part(q), near_part(p)) or joined(q, p, tv), (
                f"line {tv.train}: {q.tile} and {p.tile} do not meet")
        end = p.second
    return end


def check_geometry(t, width, height, min_scale=None):
    assert t.width == width and t.height == height
    assert abs(t.view.w * t.scale - width) < 1e-6 and abs(t.view.h * t.scale - height) < 1e-6
    assert 0 < t.scale <= MAX_SCALE
    things: list[tuple[str, Box]] = []
    if t.hub is not None:
        things.append(("hub", t.hub.box))
    for tv in t.trains:
        for p in tv.tiles:
            things.append((f"{tv.train}:{p.index}:{p.tile}", p.box))
        if tv.target is not None:
            things.append((f"{tv.train}:slot", tv.target.box))
        for k, j in enumerate(tv.joints):
            for b in joint_box(j):
                things.append((f"{tv.train}:joint{k}", b))
    for name, b in things:
        assert t.view.contains(b), f"{name} {b} leaves the view {t.view}"
        assert t.content.contains(b), f"{name} {b} is outside the content box"
    things.sort(key=lambda nb: nb[1].x)
    for k, (na, a) in enumerate(things):
        for nb, b in things[k + 1:]:
            if b.x >= a.x1:
                break
            assert na == nb or not a.overlaps(b), f"{na} {a} overlaps {nb} {b}"
    # the lanes of open lines (where a tile may be dropped) do not overlap
    lanes = [(tv.train, tv.lane) for tv in t.trains if tv.open]
    for i, (ia, a) in enumerate(lanes):
        for ib, b in lanes[i + 1:]:
            assert not a.overlaps(b), f"lanes of {ia} and {ib} overlap"
    if min_scale is not None:
        assert t.scale >= min_scale


def check_chicken(g, width, height, min_scale=None):
    t = layout_game(g, width=width, height=height)
    assert t.game == "chicken-foot" and t.hub.tile == g.hub
    lay = g.layout()
    assert [tv.train for tv in t.lines] == [d["line"] for d in lay]
    views = {tv.train: tv for tv in t.lines}
    for d in lay:
        tv = views[d["line"]]
        assert tv.kind == d["kind"] and tv.open == d["open"]
        assert tv.pending == (d["line"] in g.pending)
        assert [(p.tile, p.second) for p in tv.tiles] == list(d["tiles"])
        if d["stem"] == -1:
            base = t.hub
            assert tv.parent is None
        else:
            base = views[d["stem"]].tiles[-1]
            assert base.is_double and tv.parent == d["stem"]

        def first_ok(p, base=base, tv=tv):
            assert joined(base, p, tv), f"line {tv.train} is not joined to its double"

        end = check_chain(tv, d["double"].hi, first_ok)
        if d["open"]:
            tg = tv.target
            assert tg is not None and tg.value == end == d["end"]
            if tv.tiles:
                assert touch(far_part(tv.tiles[-1]), tg.box) or (
                    tv.tiles[-1].is_double and touch(tv.tiles[-1].box, tg.box))
            assert tv.lane.contains(tg.box)
        else:
            assert tv.target is None
    check_geometry(t, width, height, min_scale)
    return t


def check_allfives(g, width, height, min_scale=None):
    t = layout_game(g, width=width, height=height)
    lay = g.layout()
    assert t.game == "all-fives"
    assert t.extra["count"] == lay["count"] == g.count
    if lay["root"] is None:
        assert t.hub is None and t.arms == ()
        return t
    assert t.hub.tile == lay["root"]
    assert [tv.name for tv in t.arms] == [a["name"] for a in lay["arms"]]
    views = {tv.name: tv for tv in t.arms}
    spin_at = {}
    for k, s in enumerate(lay["spinners"]):
        spin_at[k] = t.hub if s["on"] is None else views[s["on"]].tiles[s["index"]]
        assert spin_at[k].tile == s["tile"]
    root = lay["root"]
    ends = {}
    for a in lay["arms"]:
        tv = views[a["name"]]
        assert [(p.tile, p.second) for p in tv.tiles] == list(a["tiles"])
        assert tv.open == a["open"] and tv.kind == "arm"
        if a["spinner"] is None:
            base = t.hub
            start = root.hi if a["name"] == "E" else root.lo
        else:
            base = spin_at[a["spinner"]]
            start = base.tile.hi

        def first_ok(p, base=base, tv=tv):
            assert joined(base, p, tv), f"arm {tv.name} is not joined to its double"

        end = check_chain(tv, start, first_ok)
        if a["open"]:
            tg = tv.target
            assert tg is not None and tg.value == a["end"] == end
            assert tv.counts == a["counts"]
            ends[a["name"]] = (a["end"], a["counts"])
        else:
            assert tv.target is None
    assert t.extra["ends"] == ends
    assert sum(c for _e, c in ends.values()) == g.count
    check_geometry(t, width, height, min_scale)
    return t


def played_out_cf(seats, seeds=range(12)):
    return [random_game("chicken-foot", seats, s) for s in seeds]


def played_out_af(seats, spinner, seeds=range(6)):
    return [random_game("all-fives", seats, s, options={"spinner": spinner,
                                                        "stop_at_target": False})
            for s in seeds]


# ---- Chicken Foot ------------------------------------------------------------------------
@pytest.mark.parametrize("seats", range(2, 9))
def test_chicken_played_out_every_size(seats):
    for g in played_out_cf(seats):
        for size in SIZES:
            check_chicken(g, *size, READABLE_CF[size])


def test_chicken_six_paths():
    for seats in (2, 4, 6):
        for s in range(4):
            g = random_game("chicken-foot", seats, s, options={"centre_paths": 6})
            for size in SIZES:
                check_chicken(g, *size, READABLE_CF[size] * 0.8)


@settings(max_examples=50, deadline=None)
@given(seats=st.integers(2, 8), seed=st.integers(0, 10**6), depth=st.integers(0, 200),
       size=st.sampled_from(SIZES), paths=st.sampled_from((4, 4, 6)))
def test_chicken_random_positions(seats, seed, depth, size, paths):
    g = random_game("chicken-foot", seats, seed, moves=depth,
                    options={"centre_paths": paths})
    check_chicken(g, *size)


def test_chicken_empty_table_and_observation():
    g = bones.new_game("chicken-foot", seats=4, seed=1)
    t = check_chicken(g, 1280, 800)
    assert t.scale == MAX_SCALE and all(tv.pending and tv.open for tv in t.lines)
    g = random_game("chicken-foot", 5, 3)
    a = layout_game(g, width=1024, height=768)
    b = layout_observation(g.observation(1), width=1024, height=768)
    assert a == b


# ---- All Fives ---------------------------------------------------------------------------
@pytest.mark.parametrize("spinner", SPINNERS)
@pytest.mark.parametrize("seats", range(2, 5))
def test_allfives_played_out_every_size(seats, spinner):
    for g in played_out_af(seats, spinner, range(10)):
        for size in SIZES:
            check_allfives(g, *size, READABLE_AF[size])


@settings(max_examples=50, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6), depth=st.integers(0, 60),
       size=st.sampled_from(SIZES), spinner=st.sampled_from(SPINNERS))
def test_allfives_random_positions(seats, seed, depth, size, spinner):
    g = random_game("all-fives", seats, seed, moves=depth,
                    options={"spinner": spinner, "stop_at_target": False})
    check_allfives(g, *size)


def test_allfives_observation_and_empty():
    g = bones.new_game("all-fives", seats=2, seed=1)
    t = check_allfives(g, 390, 844)
    assert t.extra["count"] == 0
    g = random_game("all-fives", 4, 2, options={"stop_at_target": False})
    a = layout_game(g, width=1280, height=800)
    b = layout_observation(g.observation(3), width=1280, height=800)
    assert a == b


# ---- both ------------------------------------------------------------------------------------
def test_preview_draws_them():
    for g in (random_game("chicken-foot", 4, 1),
              random_game("all-fives", 4, 1, options={"spinner": "every"})):
        t = layout_game(g, width=1024, height=768)
        out = svg(t)
        assert out.startswith("<svg") and out.count("<rect") >= len(t.tiles())


def test_chicken_two_seats_six_paths_long_lines():
    """Found by test_chicken_random_positions: two long lines leaving one side of the
    centre double, one reaching further each way than the other. They used to end
    up hundreds of units apart, a joint across a tile, the tiles too small to read."""
    g = random_game("chicken-foot", 2, 337, moves=150, options={"centre_paths": 6})
    for size in SIZES:
        check_chicken(g, *size, READABLE_CF[size] * 0.8)


def test_siblings_leaving_one_side_stand_side_by_side():
    """Two subtrees leaving one side of a double, the first (on the left) reaching
    further both ways than the second: they move apart sideways until all of the
    first lies left of the second, and neither needs to move out along its heading
    past the other, however the joints bend."""
    from bones.layout import joints
    from bones.layout.frames import left_of, overlaps
    from bones.layout.measure import Plan

    for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        wide = Plan(object(), "straight", ((0.0, -7.0, 9.0, 10.0),))
        narrow = Plan(object(), "straight", ((0.0, -3.0, 5.0, 2.0),))
        left = left_of(d)
        at_a = (0.5 * d[0] + 0.5 * left[0], 0.5 * d[1] + 0.5 * left[1])
        at_b = (0.5 * d[0] - 0.5 * left[0], 0.5 * d[1] - 0.5 * left[1])
        kids = [joints.Kid(wide, at_a, d), joints.Kid(narrow, at_b, d)]
        hub = [(-0.5, -0.5, 0.5, 0.5)]
        assert joints.compose(hub, kids, groups=((0, 1),))
        a, b = kids
        assert a.gap < 1.0 and b.gap < 1.0, (d, a.gap, b.gap)
        # every rectangle (tiles and joint bars) is clear of the other kid's and the hub
        for r in a.rects():
            assert not any(overlaps(r, o) for o in b.rects() + hub)
        for r in b.rects():
            assert not any(overlaps(r, o) for o in hub)
        # the first lies wholly on the left of the second
        a_hi = joints._side(a.bb, d)[0]
        b_lo = joints._side(b.bb, d)[1]
        assert a_hi <= b_lo + 1e-9


def test_a_bent_joint_covers_its_three_bars_only():
    """A joint that steps sideways is drawn as three bars; the room it takes is those
    bars, not the rectangle around them (which used to block the sibling beside it)."""
    from bones.layout.frames import overlaps
    from bones.layout.joints import joint_bars, joint_path

    bars = joint_bars(joint_path((0.5, 0.5), (1, 0), 6.0, 4.0)[1])
    assert len(bars) == 3
    assert bars[0] == pytest.approx((0.5, 0.35, 0.75, 0.65))
    assert bars[1] == pytest.approx((0.6, 0.5, 0.9, 4.5))
    assert bars[2] == pytest.approx((0.75, 4.35, 6.5, 4.65))
    # a tile in the corner the bars go round is not touched
    assert not any(overlaps(b, (2.0, 1.0, 6.0, 4.0)) for b in bars)
    assert joint_bars(joint_path((0.5, 0.5), (1, 0), 0.0, 0.0)[1]) == []
