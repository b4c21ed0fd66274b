"""The table read at a glance on every screen: measured in the page.

Saved positions built with the engine (table_positions.py) are opened at each screen
size: one browser context per size boots once, straight into a saved mid-round game
(the reload test measures that first drawing), then takes each other position as the
game open in another tab would hand it over (a ``storage`` event), without a reload.

Figures: every tile a player can play onto (``data-open-end="1"``: a line's open end,
a double to satisfy, the hub of an empty train) has a short side of at least 48 CSS px
and pips at least 7 px across (a 390 x 844 phone: 36 px and 5 px, with seven or eight
players 30 px and 4.5 px); no text on the table screen under 16 px, and its body text
(status, hint, names, lane names) at least 18 px; nothing scrolls the page, and every
player's running total is in view.

With RALLY_TABLE_EVIDENCE=DIR the figures go to DIR/figures.json and a screenshot of
each chosen position to DIR/*.png (docs/table.md; see there for the command).
"""

from __future__ import annotations

import base64
import json
import os
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_steps import PLAYABLE
from table_positions import SAVE_KEY, position, saved

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))
from colour_vision import delta_e, distant, luminance  # noqa: E402

VIEWPORTS = [(1920, 1080), (1280, 800), (1024, 768), (768, 1024), (390, 844)]
POSITIONS = [("long", 4), ("long", 6), ("long", 8), ("double", 4), ("double", 6),
             ("double", 8), ("toes", 4), ("toes", 6), ("toes", 8), ("crowd", 8), ("spinner", 2),
             ("spinner", 4)]
BOOT = ("long", 6)  # the position each size boots into (the reload test's)
PHONE = (390, 844)
EVIDENCE = os.environ.get("RALLY_TABLE_EVIDENCE")
# the positions photographed for docs/table.md, per size (about 20 pictures in all)
SHOTS = {(1920, 1080): [("long", 4), ("long", 8), ("toes", 4), ("spinner", 4)],
         (1280, 800): [("long", 4), ("long", 8), ("double", 6), ("toes", 8), ("crowd", 8),
                       ("spinner", 2)],
         (1024, 768): [("long", 8), ("double", 8), ("toes", 6), ("spinner", 4)],
         (768, 1024): [("long", 6), ("toes", 8), ("crowd", 8), ("spinner", 4)],
         (390, 844): [("long", 4), ("long", 8), ("double", 6), ("toes", 6), ("crowd", 8),
                      ("spinner", 4)]}

MEASURE = """() => {
  const inView = r => r.width > 0 && r.left >= -0.5 && r.top >= -0.5
      && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const ends = [...document.querySelectorAll('.felt-svg [data-open-end="1"] .domino')]
    .map(g => {
      const r = g.getBoundingClientRect();
      const pips = [...g.querySelectorAll('circle')].map(c => c.getBoundingClientRect().width);
      return {tile: g.dataset.tile, short: Math.min(r.width, r.height),
              pip: pips.length ? Math.min(...pips) : null, inView: inView(r)};
    });
  const texts = [];
  const screen = document.querySelector('.table-screen');
  const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (el.closest('.vh')) continue;  // words for screen readers only (a hand tile's name)
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || !el.checkVisibility()) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) {  // user units to CSS px (a turned tile's too)
      const m = el.getScreenCTM();
      px *= Math.hypot(m.a, m.b);
    }
    const body = !!el.closest('.status, .hint-line, .seat-name, .train-label, .seat-info');
    texts.push({text: n.textContent.trim().slice(0, 30), px, body,
                svg: el instanceof SVGElement});
  }
  const totals = [...document.querySelectorAll('.seat-total strong')].map(t => {
    const r = t.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {text: t.textContent, seen: inView(r) && !!hit && (hit === t || t.contains(hit))};
  });
  const doc = document.scrollingElement;
  return {ends, texts, totals, seats: document.querySelectorAll('.seat').length,
          scrolls: doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1};
}"""

FRAME = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


class TablePage:
    """One page at one screen size, and how to open a saved position in it."""

    def __init__(self, page, size):
        self.page = page
        self.size = size
        self.showing = BOOT
        self.figures = {}
        self.boot = None

    def open(self, kind: str, players: int, large: bool = False) -> None:
        if self.showing == (kind, players, large) or (self.showing == (kind, players)
                                                      and not large):
            return
        session = position(kind, players)
        session.settings.numerals = large
        text = session.to_json()
        self.page.evaluate(
            """([k, v]) => { localStorage.setItem(k, v);
                window.dispatchEvent(new StorageEvent('storage', {key: k, newValue: v})); }""",
            [SAVE_KEY, text])
        expect(self.page.locator(".seat")).to_have_count(players)
        # the page has taken this position up: its boneyard, not the last one's
        left = f"Boneyard: {len(session.game.boneyard)}"
        assert self.page.locator(".boneyard").text_content() == left
        self.page.evaluate(FRAME)
        self.showing = (kind, players, True) if large else (kind, players)

    def measure(self) -> dict:
        return self.page.evaluate(MEASURE)


@pytest.fixture(scope="module", params=VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
def table(request, browser, site_url, snapshot_script):
    w, h = request.param
    ctx = browser.new_context(viewport={"width": w, "height": h}, service_workers="block",
                              has_touch=w < 1100)
    ctx.add_init_script(snapshot_script)
    # boot straight into a saved mid-round game, as a reload does
    ctx.add_init_script(f"localStorage.setItem({json.dumps(SAVE_KEY)}, "
                        f"{json.dumps(saved(*BOOT))});")
    page = ctx.new_page()
    page.goto(site_url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=90_000)
    page.evaluate(FRAME)  # the first frame the player sees
    tp = TablePage(page, (w, h))
    tp.boot = tp.measure()
    yield tp
    if EVIDENCE:
        out = Path(EVIDENCE)
        out.mkdir(parents=True, exist_ok=True)
        path = out / "figures.json"
        data = json.loads(path.read_text()) if path.exists() else {}
        data.update({f"{w}x{h} {k}": v for k, v in tp.figures.items()})
        path.write_text(json.dumps(data, indent=1, sort_keys=True))
    ctx.close()


def limits(size, seats: int = 4, kind: str = "") -> tuple[float, float]:
    """The smallest open end and pip; on a phone, 16 named Chicken Foot lanes, or seven or
    eight players (the whole hand and every player's tiles left take their room first),
    allow less (docs/table.md)."""
    if size == PHONE and kind == "crowd":
        return (23.0, 3.5) if seats >= 7 else (26.0, 4.0)
    if size == PHONE:
        return (30.0, 4.5) if seats >= 7 else (36.0, 5.0)
    return (48.0, 7.0)


def problems(m: dict, size, kind: str = "") -> list[str]:
    side, pip = limits(size, m["seats"], kind)
    out = []
    if not m["ends"]:
        out.append("no tile is marked as an open end")
    for end in m["ends"]:
        if end["short"] < side or (end["pip"] is not None and end["pip"] < pip):
            out.append(f"open end {end['tile']}: {end['short']:.1f} px, pips {end['pip']}")
        if not end["inView"]:
            out.append(f"open end {end['tile']} is not in view")
    small = [t for t in m["texts"] if t["px"] < 16 - 0.05
             or (t["body"] and t["px"] < 18 - 0.05)]
    out += [f"text {t['text']!r} at {t['px']:.1f} px" for t in small[:5]]
    hidden = [t["text"] for t in m["totals"] if not t["seen"]]
    if hidden or len(m["totals"]) != m["seats"]:
        out.append(f"running totals out of view: {hidden} of {m['seats']} players")
    if m["scrolls"]:
        out.append("the page scrolls")
    return out


def summary(m: dict) -> dict:
    return {"open_end_px": round(min(e["short"] for e in m["ends"]), 1),
            "pip_px": round(min(e["pip"] for e in m["ends"] if e["pip"] is not None), 1),
            "text_px": round(min(t["px"] for t in m["texts"]), 1),
            "body_px": round(min(t["px"] for t in m["texts"] if t["body"]), 1),
            "totals_in_view": all(t["seen"] for t in m["totals"]),
            "page_scrolls": m["scrolls"]}


def test_a_reload_draws_the_table_at_full_size_at_once(table):
    """Booting straight into a saved mid-round game draws the table at its full size on
    the first frame (it used to be laid out for a felt with no size: half size)."""
    assert problems(table.boot, table.size) == []


@pytest.mark.parametrize("kind,players", POSITIONS, ids=[f"{k}-{n}" for k, n in POSITIONS])
def test_open_ends_pips_text_and_totals_read_at_a_glance(table, kind, players):
    table.open(kind, players)
    m = table.measure()
    if EVIDENCE:
        table.figures[f"{kind}-{players}"] = summary(m)
        if (kind, players) in SHOTS[table.size]:
            _shot(table, Path(EVIDENCE) / f"{table.size[0]}x{table.size[1]}-{kind}-{players}.png")
    assert problems(m, table.size, kind) == []


def test_tapping_a_tile_lights_its_places_and_moves_nothing_else(table):
    """Choosing a tile lights where it may go; no tile, name or total moves, and the
    table is not laid out again."""
    table.open("long", 6)
    page = table.page
    boxes = """() => [...document.querySelectorAll(
        '.felt-svg, .felt-svg .placed, .felt-svg text, .seat, .hand-tile, .tray .btn')]
        .map((e, i) => { const r = e.getBoundingClientRect();
            return [e.dataset.tile || i, [r.x, r.y, r.width, r.height].map(Math.round)]; })"""
    before = dict(page.evaluate(boxes))
    hand = page.get_by_role("group", name="Your tiles")
    tile = hand.get_by_role("button", name=PLAYABLE).first
    chosen = tile.get_attribute("data-tile")
    tile.click()
    expect(hand.locator("[aria-pressed=true]")).to_have_count(1)
    expect(page.get_by_role("group", name="The table").get_by_role("button")).not_to_have_count(0)
    page.evaluate(FRAME)
    after = dict(page.evaluate(boxes))
    moved = {k: (v, after.get(k)) for k, v in before.items() if k != chosen and after.get(k) != v}
    assert moved == {}
    tile.click()  # put it back
    expect(hand.locator("[aria-pressed=true]")).to_have_count(0)


def _shot(table, path: Path, png: bytes | None = None) -> None:
    """A small PNG of the screen (or of ``png``, a screenshot of it): half size (a
    phone's at its size), colours rounded so it packs small; enough to see the table as
    a player does."""
    page = table.page
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = base64.b64encode(png or page.screenshot()).decode()
    scale = 1.0 if table.size == PHONE else 0.5
    scratch = _scratch(page)
    small = scratch.evaluate("""async ([b64, scale]) => {
        const img = new Image(); img.src = 'data:image/png;base64,' + b64; await img.decode();
        const c = document.createElement('canvas');
        c.width = Math.round(img.width * scale); c.height = Math.round(img.height * scale);
        const x = c.getContext('2d'); x.imageSmoothingQuality = 'high';
        x.drawImage(img, 0, 0, c.width, c.height);
        const d = x.getImageData(0, 0, c.width, c.height);
        for (let i = 0; i < d.data.length; i++) d.data[i] = Math.round(d.data[i] / 24) * 24;
        x.putImageData(d, 0, 0);
        return c.toDataURL('image/png').split(',')[1]; }""", [raw, scale])
    scratch.close()
    path.write_bytes(base64.b64decode(small))


PIPS = """() => [...document.querySelectorAll('.table-screen .domino circle')]
  .map(p => [p.getAttribute('fill'), p.getBoundingClientRect()])
  .filter(([, r]) => r.width >= 5 && r.bottom <= innerHeight && r.right <= innerWidth)
  .map(([fill, r]) => [fill, Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)])"""

PIXELS = """async ([b64, points]) => {
  const img = new Image(); img.src = 'data:image/png;base64,' + b64; await img.decode();
  const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
  const x = c.getContext('2d'); x.drawImage(img, 0, 0);
  return points.map(([px, py]) => '#' + [...x.getImageData(px, py, 1, 1).data.slice(0, 3)]
    .map(v => v.toString(16).padStart(2, '0')).join('')); }"""


def _scratch(page):
    """A blank page beside ``page`` to decode screenshots in: the game's own page
    forbids data: images (docs/csp.md)."""
    scratch = page.context.new_page()
    scratch.goto("about:blank")
    return scratch


@pytest.mark.parametrize("vision", ["none", "protanopia", "deuteranopia", "tritanopia"])
def test_pip_colours_stay_apart_in_a_colour_blind_view_of_the_screen(table, vision):
    """The screen as Chromium shows it to a viewer with each dichromacy
    (DevTools' vision-deficiency emulation): the pips' colours, read from the screenshot
    at their centres, differ by at least 8 CIEDE2000 between any two numbers in view.
    The old palette: 6 and 11 came out 2.4 apart for a deuteranope."""
    if table.size != (1280, 800):
        pytest.skip("one laptop-sized screen is enough")
    table.open("long", 8)
    page = table.page
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
    try:
        shot = page.screenshot()
        if EVIDENCE and vision != "none":
            _shot(table, Path(EVIDENCE, f"{vision}-1280x800-long-8.png"), shot)
    finally:
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
        cdp.detach()
    pips = page.evaluate(PIPS)
    scratch = _scratch(page)
    try:
        colours = scratch.evaluate(PIXELS, [base64.b64encode(shot).decode(),
                                            [p[1:] for p in pips]])
    finally:
        scratch.close()
    samples = {}
    for (fill, _, _), colour in zip(pips, colours):
        samples.setdefault(fill, []).append(colour)
    seen = {fill: max(set(cols), key=cols.count) for fill, cols in samples.items()}
    assert len(seen) >= 8, f"only {len(seen)} numbers' pips in view"
    closest = min((round(delta_e(seen[a], seen[b]), 1), a, b)
                  for i, a in enumerate(seen) for b in list(seen)[i + 1:])
    if EVIDENCE:
        table.figures[f"pips-{vision}"] = {"numbers": len(seen), "closest": closest}
    assert closest[0] >= 8, closest


# The screen as someone with reading glasses sees it from a metre away: scaled to a
# quarter (each pixel the mean of 4 x 4) and blurred by a Gaussian of ``sigma`` px there,
# in linear light. The colour at each of ``points`` (CSS px of the full screen) is that
# view's at the point itself (a box of 4 px and a Gaussian of 4 sigma px about it, as
# tests/app/colour_vision.py's ``coverage`` has it on paper); the view itself comes back
# as a PNG a quarter of the size, to look at.
ARMS_LENGTH = """async ([b64, points, sigma]) => {
  const img = new Image(); img.src = 'data:image/png;base64,' + b64; await img.decode();
  const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
  const x = c.getContext('2d'); x.drawImage(img, 0, 0);
  const d = x.getImageData(0, 0, c.width, c.height).data;
  const lin = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const enc = v => { v = Math.min(1, Math.max(0, v));
    return Math.round(255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055)); };
  const L = new Float64Array(256).map((_, i) => lin(i));
  const erf = z => { const t = 1 / (1 + 0.3275911 * Math.abs(z)); const y = 1 - t * (0.254829592
      + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
      * Math.exp(-z * z); return z < 0 ? -y : y; };
  const sf = 4 * sigma, R = Math.ceil(2 + 3 * sf);
  const k = []; let ks = 0;
  for (let t = -R; t <= R; t++) {
    k.push((erf((t + 2) / (sf * Math.SQRT2)) - erf((t - 2) / (sf * Math.SQRT2))) / 2);
    ks += k[k.length - 1];
  }
  const px = (xx, yy, ch) => L[d[(Math.min(c.height - 1, Math.max(0, yy)) * c.width
      + Math.min(c.width - 1, Math.max(0, xx))) * 4 + ch]];
  const hex = v => '#' + v.map(t => enc(t).toString(16).padStart(2, '0')).join('');
  const colours = points.map(([cx, cy]) => {
    cx = Math.round(cx); cy = Math.round(cy);
    const v = [0, 0, 0];
    for (let i = -R; i <= R; i++) for (let j = -R; j <= R; j++)
      for (let ch = 0; ch < 3; ch++) v[ch] += k[i + R] * k[j + R] * px(cx + j, cy + i, ch);
    return hex(v.map(t => t / (ks * ks)));
  });
  const W = Math.floor(c.width / 4), H = Math.floor(c.height / 4);
  const o = document.createElement('canvas'); o.width = W; o.height = H;
  const ox = o.getContext('2d');
  ox.filter = `blur(${sigma}px)`;
  ox.imageSmoothingQuality = 'high';
  ox.drawImage(img, 0, 0, W, H);
  return [colours, o.toDataURL('image/png').split(',')[1]]; }"""


def test_pip_colours_stay_apart_at_arms_length(table):
    """The screen scaled to a quarter and blurred, as from a metre away with reading
    glasses, the table's pips read there: no two numbers' pips read as black (within 12
    CIEDE2000 of how black pips of the same size look; with the palette before, 4, 7 and
    11 did here, and 2 and 12 on paper), and any two numbers' pips differ by at least 6
    (6.2 on paper: tests/app/test_pip_colours.py)."""
    if table.size != (1280, 800):
        pytest.skip("one laptop-sized screen is enough")
    table.open("long", 8)
    page = table.page
    shot = page.screenshot()
    pips = page.evaluate(PIPS.replace(".table-screen .domino", ".felt-svg .domino"))
    scratch = _scratch(page)
    try:
        colours, view = scratch.evaluate(ARMS_LENGTH, [base64.b64encode(shot).decode(),
                                                       [p[1:] for p in pips], 0.7])
    finally:
        scratch.close()
    if EVIDENCE:
        Path(EVIDENCE).mkdir(parents=True, exist_ok=True)
        Path(EVIDENCE, "arms-length-1280x800-long-8.png").write_bytes(base64.b64decode(view))
    face = "#fffdf4"
    samples = {}
    for (fill, _, _), colour in zip(pips, colours):
        samples.setdefault(fill, []).append(colour)
    # each number's median look, and how much of its own colour that is (from lightness)
    seen = {fill: sorted(cols, key=luminance)[len(cols) // 2] for fill, cols in samples.items()}
    assert len(seen) >= 8, f"only {len(seen)} numbers' pips in view"
    black = {}
    for fill, colour in seen.items():
        share = (luminance(face) - luminance(colour)) / (luminance(face) - luminance(fill))
        away = delta_e(colour, distant("#000000", face, min(1.0, max(0.0, share))))
        if away < 12:
            black[fill] = round(away, 1)
    closest = min((round(delta_e(seen[a], seen[b]), 1), a, b)
                  for i, a in enumerate(seen) for b in list(seen)[i + 1:])
    if EVIDENCE:
        table.figures["pips-arms-length"] = {"numbers": len(seen), "closest": closest,
                                             "read_as_black": black}
    assert len(black) <= 1, black
    assert closest[0] >= 6, closest


def test_a_new_game_over_one_in_progress_asks_first(page, site_url):
    """"Quick game" used to throw the game in progress away without a word."""
    page.add_init_script(f"localStorage.setItem({json.dumps(SAVE_KEY)}, "
                         f"{json.dumps(saved('double', 4))});")
    page.goto(site_url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=90_000)
    expect(page.locator(".game-title")).to_have_text("Mexican Train: Good Sam's Samboree & Rally")
    hand = page.get_by_role("group", name="Your tiles").get_by_role("button")
    mine = hand.all_inner_texts(), hand.evaluate_all("els => els.map(e => e.dataset.tile)")
    for keep in (True, False):
        page.get_by_role("button", name="New game").click()
        page.get_by_role("button", name=re.compile("^Quick game")).click()
        ask = page.get_by_role("dialog", name="Start a new game?")
        expect(ask).to_contain_text("in progress")
        if keep:
            ask.get_by_role("button", name="Keep playing the game in progress").click()
            expect(page.get_by_role("dialog")).to_have_count(0)
            assert (hand.all_inner_texts(),
                    hand.evaluate_all("els => els.map(e => e.dataset.tile)")) == mine
        else:
            ask.get_by_role("button", name="Start the new game").click()
            expect(page.get_by_role("dialog", name="Who plays first")).to_be_visible()


@pytest.mark.parametrize("kind,players", [("long", 4), ("spinner", 2), ("spinner", 4)])
def test_large_print_reaches_a_125_percent_zoom_and_keeps_the_figures(table, kind, players):
    """The kiosk locks zoom, so large print must give what zooming would: the
    page's text (status, hint, names, totals, buttons) at 1.25x, here at least 22 px
    (16 px on a 390 x 844 phone's smallest labels, 20 px body), with every figure of
    the table's still met: open ends, every total in view, no scrolling. Mexican Train with 4
    players and All Fives; with 6 or more, and in Chicken Foot, the bigger text costs
    the table's tiles some size (docs/kiosk.md)."""
    table.open(kind, players, large=True)
    try:
        m = table.measure()
        assert table.page.locator(".felt-svg text.numeral").count() > 0  # numbers on tiles
    finally:
        table.open(kind, players)
    html = [t for t in m["texts"] if not t.get("svg")]
    body = [t["px"] for t in html if t["body"]]
    least_body = 20.0 if table.size == PHONE else 22.0
    assert min(body) >= least_body - 0.05, sorted(html, key=lambda t: t["px"])[:3]
    assert problems(m, table.size) == []


def test_a_phone_opens_the_move_log_and_score_sheet_from_the_tray(table):
    """Up to 900 px wide there is no side panel: "Moves and scores" opens the round's
    moves and the score sheet in a dialog, and Close puts the table back as it was."""
    if table.size != PHONE:
        pytest.skip("the phone is the screen without a side panel")
    table.open("long", 4)
    page = table.page
    expect(page.locator(".side .move-log")).to_be_hidden()
    page.get_by_role("button", name="Moves and scores").click()
    box = page.get_by_role("dialog", name="Moves and scores")
    expect(box).to_be_visible()
    expect(box.get_by_role("region", name="Moves").get_by_role("listitem").first).to_be_visible()
    expect(box.get_by_role("region", name="Score sheet")).to_be_visible()
    box.get_by_role("button", name="Close").click()
    expect(box).to_have_count(0)
    expect(page.get_by_role("group", name="Your tiles")).to_be_visible()
