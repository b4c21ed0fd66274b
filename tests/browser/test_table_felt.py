"""A table that uses its felt: every lane's newest tiles in view, on every screen.

Three saved tables (a Mexican Train late in a round, a Chicken Foot with two feet, an
All Fives with four arms) are opened at each screen size, one browser page a size, and
again after a reload. Each lane (an SVG group named as the log names it, its older tiles
in a chip: ``data-folded``) shows at least min(3, its tiles) of its newest tiles on a
screen 768 px wide or more, min(2, ...) on a phone; wherever a lane is folded the lanes
reach at least 80 % of the felt's width; the open ends keep their sizes (48 px, a phone
36); a reload shows the same: the same lanes each side of the station, the same tiles
in each give or take one. A chip opens its lane's whole line, by a tap and by a key.

With RALLY_TABLE_EVIDENCE=DIR the figures go to DIR/felt.json and a screenshot of each
table to DIR/felt-*.png (docs/table.md).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from app.game.session import Session
from table_positions import SAVE_KEY, position

pytestmark = pytest.mark.browser

VIEWPORTS = [(1920, 1080), (1280, 800), (1024, 768), (768, 1024), (390, 844)]
PHONE = (390, 844)
EVIDENCE = os.environ.get("RALLY_TABLE_EVIDENCE")

# per lane: tiles drawn, tiles folded, which side of the station; the lanes' reach; the
# smallest open end
MEASURE = """() => {
  const svg = document.querySelector('.felt-svg');
  const felt = svg.getBoundingClientRect();
  const st = svg.querySelector('.station');
  const mid = st ? st.getBoundingClientRect().x + st.getBoundingClientRect().width / 2 : 0;
  let lo = Infinity, hi = -Infinity;
  const take = el => { const r = el.getBoundingClientRect();
    if (r.width > 0) { lo = Math.min(lo, r.left); hi = Math.max(hi, r.right); } };
  if (st) take(st);
  const lanes = [...svg.querySelectorAll('.lane-group')].map(g => {
    const tiles = [...g.querySelectorAll('.placed')];
    tiles.forEach(take);
    g.querySelectorAll('.fold, .slot').forEach(take);
    const r = tiles.length ? tiles[0].getBoundingClientRect() : null;
    return {name: g.getAttribute('aria-label'), shown: tiles.length,
            folded: +g.dataset.folded, left: r ? r.x < mid : null};
  });
  const ends = [...svg.querySelectorAll('[data-open-end="1"] .domino')].map(d => {
    const r = d.getBoundingClientRect(); return Math.min(r.width, r.height); });
  return {lanes, reach: lanes.length ? (hi - lo) / felt.width : 0, felt: felt.width,
          end: Math.min(...ends)};
}"""


TABLES = {"mexican": lambda: position("long", 4), "chicken": lambda: position("feet", 4),
          "allfives": lambda: position("spinner", 4)}


# One page a size: each size's tests go to one worker (``--dist loadgroup``).
@pytest.fixture(scope="module", ids=lambda v: f"{v[0]}x{v[1]}", params=[
    pytest.param(v, marks=pytest.mark.xdist_group(f"felt-{v[0]}x{v[1]}")) for v in VIEWPORTS])
def felt_page(request, browser, site_url, snapshot_script):
    w, h = request.param
    ctx = browser.new_context(viewport={"width": w, "height": h}, service_workers="block",
                              has_touch=w < 1100)
    ctx.add_init_script(snapshot_script)
    page = ctx.new_page()
    page.figures = {}
    page.started, page.showing = {}, None  # see FIRST
    yield page
    if EVIDENCE:
        out = Path(EVIDENCE)
        out.mkdir(parents=True, exist_ok=True)
        path = out / "felt.json"
        data = json.loads(path.read_text()) if path.exists() else {}
        data.update({f"{w}x{h} {k}": v for k, v in page.figures.items()})
        path.write_text(json.dumps(data, indent=1, sort_keys=True))
    ctx.close()


def boot(page, site_url, text: str) -> None:
    """The page opened (or reloaded) with ``text`` as its saved table."""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, text]) \
        if page.url.startswith("http") else None
    if page.url.startswith("http"):
        page.reload()
    else:
        page.add_init_script(f"if (!localStorage.getItem({json.dumps(SAVE_KEY)})) "
                             f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(text)});")
        page.goto(site_url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=90_000)
    expect(page.locator(".felt-svg .lane-group").first).to_be_attached(timeout=15_000)
    page.wait_for_timeout(300)


def open_saved(page, text: str) -> None:
    """The saved table handed over as another tab would (no reload)."""
    page.evaluate(
        """([k, v]) => { localStorage.setItem(k, v);
            window.dispatchEvent(new StorageEvent('storage', {key: k, newValue: v})); }""",
        [SAVE_KEY, text])
    s = Session.from_json(text)
    expect(page.locator(".boneyard")).to_have_text(f"Boneyard: {len(s.game.boneyard)}")
    page.wait_for_timeout(300)


def show(page, site_url, text: str) -> None:
    """The saved table on the page: booted into it, or handed over without a reload."""
    if page.url.startswith("http"):
        open_saved(page, text)
    else:
        boot(page, site_url, text)


def problems(m: dict, size) -> list[str]:
    least = 2 if size == PHONE else 3
    out = [f"{ln['name']}: {ln['shown']} of {ln['shown'] + ln['folded']} tiles shown"
           for ln in m["lanes"] if ln["shown"] < min(least, ln["shown"] + ln["folded"])]
    if any(ln["folded"] for ln in m["lanes"]) and m["reach"] < 0.8:
        out.append(f"the lanes reach {m['reach']:.0%} of the felt, a lane folded")
    if m["end"] < (36.0 if size == PHONE else 48.0):
        out.append(f"open end {m['end']:.1f} px")
    return out


# Each size's page starts with this table: that start is its "after a reload" (a page
# started afresh with it saved), and its own test hands it over later for the "before".
FIRST = "allfives"


@pytest.mark.parametrize("table", list(TABLES))
def test_every_lane_shows_its_newest_tiles_and_a_reload_shows_the_same(felt_page, site_url,
                                                                        table):
    page = felt_page
    size = (page.viewport_size["width"], page.viewport_size["height"])
    text = TABLES[table]().to_json()
    if not page.url.startswith("http"):
        boot(page, site_url, TABLES[FIRST]().to_json())
        page.started = {FIRST: page.evaluate(MEASURE)}
        page.showing = FIRST
    if page.showing == table:  # handed over from another table, so that it is drawn anew
        open_saved(page, TABLES[next(t for t in TABLES if t != table)]().to_json())
    open_saved(page, text)  # handed over as another tab would, no reload
    page.showing = table
    before = page.evaluate(MEASURE)
    if EVIDENCE:
        page.screenshot(path=str(Path(EVIDENCE) / f"felt-{size[0]}x{size[1]}-{table}.png"))
    after = page.started.pop(table, None)  # the page started with this table saved
    if after is None:
        boot(page, site_url, text)  # the same table after a reload
        after = page.evaluate(MEASURE)
    page.figures[table] = {"before": before, "after": after}
    assert problems(before, size) == [], before
    assert problems(after, size) == [], after
    assert [ln["name"] for ln in after["lanes"]] == [ln["name"] for ln in before["lanes"]]
    assert [ln["left"] for ln in after["lanes"]] == [ln["left"] for ln in before["lanes"]]
    for a, b in zip(before["lanes"], after["lanes"], strict=True):
        assert abs(a["shown"] - b["shown"]) <= 1, (a, b)


def test_a_chip_opens_its_whole_line_by_a_tap_and_by_a_key(felt_page, site_url):
    page = felt_page
    if page.viewport_size["width"] != 1024:
        pytest.skip("one size is enough: the chip is the same at every size")
    s = position("long", 4)
    show(page, site_url, s.to_json())
    page.showing = None
    lanes = page.get_by_role("group", name="Mexican Train")
    chip = lanes.get_by_role("button", name="older tiles")
    expect(chip).to_be_visible()
    played = [t for t, _ in s.game.trains[-1]]
    chip.click()
    dialog = page.get_by_role("dialog", name=f"Mexican Train: {len(played)} tiles")
    expect(dialog).to_be_visible()
    items = dialog.get_by_role("list").get_by_role("listitem")
    expect(items).to_have_count(len(played))
    first = items.first.text_content()
    assert "played by" in first
    doubles = [t for t in played if t[0] == t[1]]
    assert dialog.get_by_text("a double").count() == len(doubles)
    page.mouse.click(5, 5)  # a tap outside it
    expect(dialog).to_have_count(0)
    chip.focus()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    chip.focus()
    page.keyboard.press(" ")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)


def test_large_print_never_cuts_what_a_player_did_beside_a_lane(felt_page, site_url):
    """"Bob: drew and pas…" was cut with an ellipsis at 1024x768 in large print: what a
    player did is written whole beside the name, or not there (their card says it)."""
    page = felt_page
    if page.viewport_size["width"] != 1024:
        pytest.skip("the size it was seen at")
    s = position("long", 4)
    s.settings.numerals = True
    show(page, site_url, s.to_json())
    page.showing = None
    labels = page.locator(".felt-svg .train-label").all_text_contents()
    assert labels and not [t for t in labels if "\u2026" in t], labels
