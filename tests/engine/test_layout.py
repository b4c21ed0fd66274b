"""Table geometry (bones.layout): nothing overlaps, everything is on screen, every
tile touches the one before it with the matching halves together, doubles lie
crosswise, and the tiles stay big enough to read on the screens the rallies use."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bones
from bones.layout import ARRANGEMENTS, MAX_SCALE, Box, layout_game, layout_mexican
from bones.layout.preview import random_game, svg
from bones.layout.snake import snake
from bones.tiles import Tile, full_set, tile

SIZES = [(1920, 1080), (1280, 800), (1024, 768), (390, 844)]
# Pixels per unit (a tile is 2 x 1 units) that the layout never goes below on these
# screens for any table random play produces: a tile at least 48 x 24 px on a
# computer, 30 x 15 px on a phone (where players zoom anyway).
READABLE = {(1920, 1080): 24.0, (1280, 800): 24.0, (1024, 768): 24.0, (390, 844): 15.0}
PRESETS = ("gs-mt", "st-mt", "wc-mt")


# ---- the checks -------------------------------------------------------------------------
def touch(a: Box, b: Box, eps: float = 1e-6) -> bool:
    """a and b share a stretch of edge (touching, not overlapping)."""
    if a.overlaps(b):
        return False
    xo = min(a.x1, b.x1) - max(a.x, b.x)
    yo = min(a.y1, b.y1) - max(a.y, b.y)
    return (abs(xo) < eps and yo > eps) or (abs(yo) < eps and xo > eps)


def half_box(c: tuple[float, float]) -> Box:
    return Box(c[0] - 0.5, c[1] - 0.5, 1.0, 1.0)


def near_part(p) -> Box:
    """The part of a tile that must touch the tile before it: its first half, or the
    whole of a double (both halves are the same number)."""
    return p.box if p.is_double else half_box(p.half_centres()[0])


def far_part(p) -> Box:
    return p.box if p.is_double else half_box(p.half_centres()[1])


def check_layout(t, hub: Tile, trains, markers, width: float, height: float) -> None:
    assert t.width == width and t.height == height
    assert abs(t.view.w * t.scale - width) < 1e-6 and abs(t.view.h * t.scale - height) < 1e-6
    assert 0 < t.scale <= MAX_SCALE
    assert t.arrangement in ARRANGEMENTS
    # the hub
    assert t.hub.tile == hub and t.station.contains(t.hub.box)
    assert t.view.contains(t.station)
    seats = len(trains) - 1
    assert sorted(tv.train for tv in t.trains) == [-1, *range(seats)]

    things: list[tuple[str, Box]] = [("station", t.station)]
    for tv in t.trains:
        entries = trains[tv.train]
        assert len(tv.tiles) == len(entries)
        end = hub.hi
        for i, (p, (tl, open_end)) in enumerate(zip(tv.tiles, entries, strict=True)):
            assert p.tile == tl and p.train == tv.train and p.index == i
            assert p.first == end, f"train {tv.train} tile {i}: {p.first} does not match {end}"
            assert p.second == open_end
            assert p.angle in (0, 90, 180, 270)
            assert sorted((p.first, p.second)) == sorted(tl)
            hx, hy = p.heading
            assert abs(hx) + abs(hy) == 1
            if p.is_double:
                # crosswise: the long side lies across the line
                long_x = p.w > p.h
                assert long_x == (hx == 0), f"double {tl} is not crosswise"
            else:
                assert (p.w > p.h) == (hx != 0), f"{tl} does not lie along its line"
                # first -> second points along the heading
                (ax, ay), (bx, by) = p.half_centres()
                assert abs(bx - ax - hx) < 1e-9 and abs(by - ay - hy) < 1e-9
            if i:
                q = tv.tiles[i - 1]
                assert touch(far_part(q), near_part(p)), (
                    f"train {tv.train}: {q.tile} and {tl} (tiles {i - 1}, {i}) do not meet "
                    "end to end")
                if p.is_double:  # played against the double's long side, at its middle
                    hx, hy = p.heading
                    fx, fy = q.half_centres()[1]
                    assert abs((p.x - fx) * hy - (p.y - fy) * hx) < 1e-6
            end = open_end
            things.append((f"{tv.train}:{i}:{tl}", p.box))
        # the slot for the next tile touches the open end (or the head of an empty train)
        tg = tv.target
        assert tg.value == end
        if tv.tiles:
            assert touch(far_part(tv.tiles[-1]), tg.box) or (
                tv.tiles[-1].is_double and touch(tv.tiles[-1].box, tg.box))
        things.append((f"{tv.train}:slot", tg.box))
        things.append((f"{tv.train}:marker", tv.marker.box))
        things.append((f"{tv.train}:label", tv.label.box))
        assert tv.open == (True if tv.train == -1 else bool(markers[tv.train]))
        assert tv.lane.contains(tv.marker.box) and tv.lane.contains(tg.box)
        for p in tv.tiles:
            assert tv.lane.contains(p.box)
    # nothing overlaps anything, and everything is inside the view
    for name, b in things:
        assert t.view.contains(b), f"{name} {b} leaves the view {t.view}"
    things.sort(key=lambda nb: nb[1].x)
    for k, (na, a) in enumerate(things):
        for nb, b in things[k + 1:]:
            if b.x >= a.x1:
                break
            assert not a.overlaps(b), f"{na} {a} overlaps {nb} {b}"
    # lanes of different trains do not overlap either (a tap finds one train)
    lanes = [tv.lane for tv in t.trains]
    for i, a in enumerate(lanes):
        for b in lanes[i + 1:]:
            assert not a.overlaps(b)


def check_game(g, width: float, height: float, **kw):
    t = layout_game(g, width=width, height=height, **kw)
    # g.trains is indexable by train id: -1, the Mexican Train, is last
    check_layout(t, g.hub, list(g.trains), g.markers, width, height)
    return t


def chain(hub: Tile, n: int, rng: random.Random, used: set, high: int = 12):
    """A train of up to ``n`` tiles from the hub, matched end to end, from unused tiles."""
    out, end = [], hub.hi
    for _ in range(n):
        free = [t for t in full_set(high) if t.has(end) and t not in used]
        if not free:
            break
        t = rng.choice(free)
        used.add(t)
        end = t.other(end)
        out.append((t, end))
    return out


def deepest(seats: int, preset: str, tries: int = 12):
    """The random-play round (played out) with the most tiles on the table, and the one
    with the longest single train."""
    best_total = best_long = None
    for s in range(tries):
        g = random_game("mexican-train", seats, s, preset=preset)
        tot = sum(len(t) for t in g.trains)
        long = max(len(t) for t in g.trains)
        if best_total is None or tot > best_total[0]:
            best_total = (tot, g)
        if best_long is None or long > best_long[0]:
            best_long = (long, g)
    return best_total[1], best_long[1]


# ---- random play --------------------------------------------------------------------------
@pytest.mark.parametrize("seats", range(2, 9))
@pytest.mark.parametrize("preset", PRESETS)
def test_random_play_every_size(seats, preset):
    try:
        bones.new_game("mexican-train", seats=seats, preset=preset, seed=0)
    except ValueError:
        pytest.skip(f"{preset} is not played by {seats}")
    for g in deepest(seats, preset):
        for w, h in SIZES:
            t = check_game(g, w, h)
            assert t.scale >= READABLE[(w, h)], (
                f"{seats} seats {preset} {w}x{h}: {t.scale:.1f} px/unit "
                f"({sum(len(x) for x in g.trains)} tiles, longest "
                f"{max(len(x) for x in g.trains)})")


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 8), seed=st.integers(0, 10**6), depth=st.integers(0, 400),
       preset=st.sampled_from(PRESETS), size=st.sampled_from(SIZES))
def test_random_positions(seats, seed, depth, preset, size):
    try:
        g = random_game("mexican-train", seats, seed, moves=depth, preset=preset)
    except ValueError:
        return  # this preset does not seat that many
    t = check_game(g, *size)
    assert t.scale >= READABLE[size]


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 8), seed=st.integers(0, 10**6),
       width=st.integers(280, 2600), height=st.integers(240, 1600),
       arrangement=st.sampled_from((None, *ARRANGEMENTS)))
def test_any_view(seats, seed, width, height, arrangement):
    """Any view size and any arrangement: the checks hold (the scale may be small)."""
    g = random_game("mexican-train", seats, seed)
    check_game(g, width, height, arrangement=arrangement)


# ---- tables built by hand ------------------------------------------------------------------
def test_empty_table_big_tiles():
    for seats in range(2, 9):
        g = bones.new_game("mexican-train", seats=seats, seed=1)
        for w, h in SIZES:
            t = check_game(g, w, h)
            assert t.scale >= (30 if w > h else 20)
            assert all(not tv.tiles for tv in t.trains)


def test_hub_centred():
    g = random_game("mexican-train", 6, 5, moves=60)
    for w, h in SIZES:
        t = check_game(g, w, h)
        if t.arrangement in ("rows", "columns"):
            assert (t.station.cx, t.station.cy) == (0, 0)
            assert abs(t.view.cx) < 1e-9 and abs(t.view.cy) < 1e-9


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 4, 8])
def test_one_train_of_30(seats, size):
    rng = random.Random(seats)
    hub = tile(12, 12)
    used = {hub}
    long = chain(hub, 30, rng, used)
    assert len(long) == 30
    trains = [[] for _ in range(seats + 1)]
    trains[0] = long
    markers = (False,) * seats
    for target in (0, -1):
        trains2 = [list(x) for x in trains]
        trains2[target], trains2[0] = trains2[0], trains2[target]
        t = layout_mexican(hub, trains2, markers, width=size[0], height=size[1])
        check_layout(t, hub, trains2, markers, *size)
        assert t.scale >= READABLE[size]


@pytest.mark.parametrize("size", SIZES)
def test_whole_set_on_the_table(size):
    """All 90 tiles of a double-twelve set (beside the hub) in 9 trains."""
    for seed in range(5):
        rng = random.Random(seed)
        hub = tile(9, 9)
        used = {hub}
        trains = [chain(hub, 10, rng, used) for _ in range(9)]
        markers = tuple(rng.random() < 0.5 for _ in range(8))
        t = layout_mexican(hub, trains, markers, width=size[0], height=size[1],
                           pending=(3, -1))
        check_layout(t, hub, trains, markers, *size)
        assert t.train(3).pending and t.train(-1).pending and not t.train(0).pending


def test_doubles_alternating():
    """A train where no two plain tiles meet still turns: past a double's side."""
    hub = tile(9, 9)
    nums = [9, 5, 3, 1, 7, 2, 0, 4, 6, 8, 10, 11, 12]
    train, end = [], 9
    for a, b in zip(nums, nums[1:]):
        train.append((tile(a, b), b))
        train.append((tile(b, b), b))
        end = b
    assert end == 12
    trains = [train, [], [], [], []]
    for size in SIZES:
        t = layout_mexican(hub, trains, (True,) * 4, width=size[0], height=size[1])
        check_layout(t, hub, trains, (True,) * 4, *size)
        assert t.scale >= READABLE[size]
        turns = [p for p in t.train(0).tiles if p.heading != t.train(0).tiles[0].heading]
        assert turns  # it did snake


def test_bare_tiles_and_observation_agree():
    g = random_game("mexican-train", 5, 11)
    t1 = layout_game(g, width=1280, height=800)
    bare = [[tl for tl, _e in tr] for tr in g.trains]
    t2 = layout_mexican(g.hub, bare, g.markers, width=1280, height=800, pending=g.pending)
    from bones.layout import layout_observation
    t3 = layout_observation(g.observation(2), width=1280, height=800)
    assert t1 == t3
    assert t1.tiles() == t2.tiles()


def test_deterministic_and_order():
    g = random_game("mexican-train", 8, 4)
    a = layout_game(g, width=1024, height=768)
    b = layout_game(g, width=1024, height=768)
    assert a == b
    order = [-1, 7, 6, 5, 4, 3, 2, 1, 0]
    c = layout_game(g, width=1024, height=768, order=order)
    assert [tv.train for tv in c.trains] == order
    check_layout(c, g.hub, list(g.trains), g.markers, 1024, 768)


def test_prefer_keeps_the_arrangement():
    g = random_game("mexican-train", 4, 2, moves=80)
    t = layout_game(g, width=900, height=900)
    other = "columns" if t.arrangement == "rows" else "rows"
    u = layout_game(g, width=900, height=900, prefer=other)
    if u.arrangement == other:
        assert u.scale >= t.scale * 0.88 - 1e-9


def test_bad_input():
    hub = tile(9, 9)
    with pytest.raises(ValueError):
        layout_mexican(hub, [[]], (), width=100, height=100)
    with pytest.raises(ValueError):
        layout_mexican(hub, [[], [], []], (False, False), width=800, height=600,
                       names=["a"])
    with pytest.raises(ValueError):
        layout_mexican(hub, [[], [], []], (False, False), width=800, height=600,
                       order=[0, 0, 1])
    with pytest.raises(ValueError):
        layout_mexican(hub, [[], [], []], (False, False), width=800, height=600,
                       arrangement="spokes")


def test_run_turns_at_plain_tiles_only():
    dbl = [False, False, True, False, False, True, False, False, False]
    run = snake(dbl, 8.0)
    corners = [k for k, (u, v, hu, hv) in enumerate(run) if hv]
    assert corners == [4, 8]
    assert all(not dbl[k] for k in corners)
    assert all(0 <= u <= 8.0 for u, *_ in run)
    # too short to turn after the double that follows a corner: the search shrinks tiles
    assert snake(dbl, 6.0) is None


def test_face_corner_matches_the_box():
    """corner(): where app.shared.render's translate+rotate puts the face covers the box."""
    import math

    g = random_game("mexican-train", 4, 9)
    t = layout_game(g, width=1280, height=800)
    for p in t.tiles():
        cx, cy = p.corner()
        a = math.radians(p.hi_angle)
        pts = []
        for fx, fy in ((0, 0), (1, 0), (0, 2), (1, 2)):
            pts.append((cx + fx * math.cos(a) - fy * math.sin(a),
                        cy + fx * math.sin(a) + fy * math.cos(a)))
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        b = p.box
        assert abs(min(xs) - b.x) < 1e-9 and abs(max(xs) - b.x1) < 1e-9
        assert abs(min(ys) - b.y) < 1e-9 and abs(max(ys) - b.y1) < 1e-9
        # the high half ends up where half_centres() says
        hi_c = p.half_centres()[0 if p.first == p.tile.hi else 1]
        hx = cx + 0.5 * math.cos(a) - 0.5 * math.sin(a)
        hy = cy + 0.5 * math.sin(a) + 0.5 * math.cos(a)
        if not p.is_double:
            assert abs(hx - hi_c[0]) < 1e-9 and abs(hy - hi_c[1]) < 1e-9


def test_preview_svg():
    g = random_game("mexican-train", 4, 1)
    t = layout_game(g, width=390, height=844)
    out = svg(t, title="x")
    assert out.startswith("<svg") and out.endswith("</svg>")
    assert out.count("<rect") >= len(t.tiles())
