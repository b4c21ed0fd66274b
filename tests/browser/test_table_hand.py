"""The player's side of the table on every screen: the whole hand in view, nothing cut
or clipped, and dialogs that open at their top.

One page boots once into a saved game; each screen size is the same page resized
(``set_viewport_size``), and each position comes as the game saved in another tab would
(a ``storage`` event), so the many checks of a size cost no start-up.

Per size, for each game, hands of 8, 12, 15 and 21 tiles, normal and large print: every
``data-hand-tile`` lies whole inside the window and its hand (nothing covers its
middle), its short side is at least 44 px with pips of 6 px (a 390 x 844 phone: 36 px
and 5 px), and large print draws it no smaller; the instruction (``data-instruction``),
the hint, the sheet's name and the players' names (12 letters) are never cut (no
ellipsis, nothing overflows its box); every total and tile count is in view; the menu's
buttons are whole; the page does not scroll sideways. Dialogs (the rules, the settings,
moves and scores, the round's summary, who plays first, passing the screen, a new game
over one in progress, the official's PIN and settings) open scrolled to their top with
focus on their heading or their first control.

With RALLY_TABLE_EVIDENCE=DIR the figures go to DIR/hand.json and screenshots of some
positions to DIR/hand-*.png (docs/table.md).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from table_positions import (  # noqa: I001 (table_positions puts py/ on the path)
    HAND_GAMES,
    SAVE_KEY,
    hand_position,
    position,
    round_over_position,
)
from test_table_sizes import FRAME, _shot

SIZES = [(1920, 1080), (1280, 800), (1024, 768), (768, 1024), (390, 844)]
PHONE = (390, 844)
HANDS = (8, 12, 15, 21)
EVIDENCE = os.environ.get("RALLY_TABLE_EVIDENCE")
# photographed for docs/table.md: (game, tiles, large print) per size
SHOTS = {(1920, 1080): [("mexican-train", 15, False), ("chicken-foot", 21, True)],
         (1280, 800): [("mexican-train", 15, False), ("mexican-train", 21, True)],
         (1024, 768): [("chicken-foot", 15, False), ("mexican-train", 21, True)],
         (768, 1024): [("mexican-train", 15, False), ("all-fives", 21, True)],
         (390, 844): [("mexican-train", 12, False), ("mexican-train", 21, False),
                      ("all-fives", 8, True), ("mexican-train", 15, True)]}

MEASURE = """() => {
  const W = innerWidth, H = innerHeight, out = [];
  const within = (r, b) => r.left >= b.left - 0.5 && r.top >= b.top - 0.5
      && r.right <= b.right + 0.5 && r.bottom <= b.bottom + 0.5;
  const screen = {left: 0, top: 0, right: W, bottom: H};
  const handEl = document.querySelector('.hand');
  const hand = handEl.getBoundingClientRect();
  const tiles = [...document.querySelectorAll('[data-hand-tile="1"]')];
  let whole = 0, short = Infinity, pip = Infinity;
  for (const t of tiles) {
    const r = t.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (r.width > 0 && within(r, screen) && within(r, hand) && hit && t.contains(hit)) whole++;
    else out.push(`hand tile ${t.dataset.tile} is not whole in view`);
    const s = t.querySelector('svg').getBoundingClientRect();
    short = Math.min(short, s.width, s.height);
    for (const c of t.querySelectorAll('circle'))
      pip = Math.min(pip, c.getBoundingClientRect().width);
  }
  // words that must never be cut: no ellipsis, nothing spilling out of its box
  const words = '[data-instruction="1"], .hint-line, .game-title, .seat-name, .seat-count, '
      + ' .menu .btn, .actions .btn';
  for (const el of document.querySelectorAll(words)) {
    if (!el.checkVisibility()) continue;
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (cs.textOverflow === 'ellipsis' && cs.overflow !== 'visible')
      out.push(`${el.className} may end in an ellipsis: ${el.textContent.trim()}`);
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      out.push(`${el.className} spills out of its box: ${el.textContent.trim()}`);
    if (!within(r, screen)) out.push(`${el.className} is off the screen: ${el.textContent.trim()}`);
  }
  // the names on the felt (a lane's owner, a Chicken Foot line) are never shortened,
  // but on a phone's felt (under 600 px), where writing them whole would take the open
  // ends below their floor (the players' cards under the felt keep every name whole)
  const felt = document.querySelector('.felt-svg');
  const wide = felt && felt.getBoundingClientRect().width >= 600;
  for (const t of wide ? document.querySelectorAll('.felt-svg text.train-label') : []) {
    const name = [...t.childNodes].filter(n => !(n.classList && n.classList.contains('lane-event')))
        .map(n => n.textContent).join(' ');
    if (name.includes('\u2026')) out.push(`a name on the table is cut: ${name.trim()}`);
  }
  // every player's total and tiles left, in view and not clipped by their card
  for (const card of document.querySelectorAll('.seat')) {
    const box = card.getBoundingClientRect();
    for (const part of card.querySelectorAll('.seat-total strong, .seat-count')) {
      const r = part.getBoundingClientRect();
      const who = card.querySelector('.seat-name').textContent;
      if (!part.checkVisibility() || !r.width || !within(r, screen) || !within(r, box))
        out.push(`${part.className || 'total'} of ${who} is not in view`);
      // the tile count is never cut short by the line it stands in ("12 ti…")
      // (the line is the nearest box: a card a row lays its info out with display: contents)
      let holder = part.parentElement;
      while (holder !== card && getComputedStyle(holder).display === 'contents')
        holder = holder.parentElement;
      const line = holder.getBoundingClientRect();
      if (part.classList.contains('seat-count') && r.right > line.right + 0.5)
        out.push(`the tile count of ${who} is cut: ${part.textContent}`);
    }
  }
  const doc = document.documentElement;
  if (doc.scrollWidth > W) out.push(`the page scrolls sideways: ${doc.scrollWidth} > ${W}`);
  return {problems: out, tiles: tiles.length, whole, short: Math.round(short * 10) / 10,
          pip: pip === Infinity ? null : Math.round(pip * 10) / 10,
          order: tiles.map(t => t.dataset.tile),
          ends: Math.min(...[...document.querySelectorAll(
              '.felt-svg [data-open-end="1"] .domino')].map(g => {
                const b = g.getBoundingClientRect(); return Math.min(b.width, b.height); }))};
}"""

DIALOG = """() => {
  const d = document.querySelector('#table [role=dialog]');
  if (!d) return null;
  const focusable = [...d.querySelectorAll('button:not([disabled]), input:not([disabled]), '
      + 'select:not([disabled]), [tabindex]:not([tabindex="-1"])')]
      .filter(e => e.getClientRects().length && !(e.type === 'radio' && !e.checked));
  const a = document.activeElement;
  const head = d.querySelector('h2');
  return {title: head.textContent, scrollTop: d.scrollTop, top: d.getBoundingClientRect().top,
          scrolls: d.scrollHeight > d.clientHeight + 1,
          focus: a === head ? 'heading' : a === focusable[0] ? 'first control'
              : d.contains(a) ? `another: ${a.textContent.trim() || a.outerHTML.slice(0, 60)}`
              : `outside: ${a.tagName}`,
          rows: [...d.querySelectorAll('.reveal-sheet tbody th')].map(th => th.textContent)};
}"""


class HandPage:
    """One page, resized to each screen and handed positions as another tab would."""

    def __init__(self, page):
        self.page = page
        self.figures: dict = {}

    def show(self, session) -> None:
        text = session.to_json()
        self.page.evaluate(
            """([k, v]) => { localStorage.setItem(k, v);
                window.dispatchEvent(new StorageEvent('storage', {key: k, newValue: v})); }""",
            [SAVE_KEY, text])
        want = [str(t) for t in session.hand_in_order()]
        expect(self.page.locator("[data-hand-tile]")).to_have_count(len(want))
        got = self.page.locator("[data-hand-tile]").evaluate_all(
            "els => els.map(e => e.dataset.tile)")
        assert got == want
        self.page.evaluate(FRAME)
        self.page.evaluate(FRAME)

    def resize(self, size) -> None:
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.page.evaluate(FRAME)

    def dialog(self) -> dict:
        self.page.evaluate(FRAME)
        return self.page.evaluate(DIALOG)


@pytest.fixture(scope="module")
def hand_page(browser, site_url, snapshot_script):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800},
                              service_workers="block")
    ctx.add_init_script(snapshot_script)
    first = hand_position("mexican-train", 15)
    # once per tab: a reload finds the game as the page saved it
    ctx.add_init_script("if (!sessionStorage.getItem('test:seeded')) { "
                        f"localStorage.setItem({json.dumps(SAVE_KEY)}, "
                        f"{json.dumps(first.to_json())}); "
                        "sessionStorage.setItem('test:seeded', '1'); }")
    page = ctx.new_page()
    page.goto(site_url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=90_000)
    hp = HandPage(page)
    yield hp
    if EVIDENCE:
        out = Path(EVIDENCE)
        out.mkdir(parents=True, exist_ok=True)
        path = out / "hand.json"
        data = json.loads(path.read_text()) if path.exists() else {}
        data.update(hp.figures)
        path.write_text(json.dumps(data, indent=1, sort_keys=True))
    ctx.close()


def limits(size) -> tuple[float, float]:
    return (36.0, 5.0) if size == PHONE else (44.0, 6.0)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_whole_hand_and_every_word_in_view(hand_page, size):
    """Every tile of hands of 8 to 21 tiles whole on the screen at once, in each game and
    both print sizes, at least 44 px (phone 36 px) with 6 px pips (phone 5 px), large
    print no smaller; nothing cut, nothing off the screen, no sideways scroll."""
    hand_page.resize(size)
    least, least_pip = limits(size)
    problems = []
    for game in HAND_GAMES:
        for n in HANDS:
            normal = None
            for large in (False, True):
                s = hand_position(game, n)
                s.settings.numerals = large
                hand_page.show(s)
                m = hand_page.page.evaluate(MEASURE)
                where = f"{game}, {n} tiles{', large print' if large else ''}"
                problems += [f"{where}: {p}" for p in m["problems"]]
                if m["whole"] != n or m["tiles"] != n:
                    problems.append(f"{where}: {m['whole']} of {n} tiles whole in view")
                if m["short"] < least - 0.05:
                    problems.append(f"{where}: hand tiles {m['short']} px")
                if not large and (m["pip"] is None or m["pip"] < least_pip - 0.05):
                    problems.append(f"{where}: pips {m['pip']} px")
                if large and m["short"] < normal - 0.05:
                    problems.append(f"{where}: {m['short']} px, smaller than normal print's "
                                    f"{normal} px")
                normal = m["short"]
                key = f"{size[0]}x{size[1]} {game} {n}{' large' if large else ''}"
                hand_page.figures[key] = {"whole": m["whole"], "tiles": n,
                                          "short_px": m["short"], "pip_px": m["pip"],
                                          "open_end_px": round(m["ends"], 1)}
                if EVIDENCE and (game, n, large) in SHOTS[size]:
                    name = f"hand-{size[0]}x{size[1]}-{game}-{n}{'-large' if large else ''}.png"
                    _shot(_Sized(hand_page.page, size), Path(EVIDENCE) / name)
    assert not problems, "\n".join(problems)


class _Sized:
    """What test_table_sizes' ``_shot`` reads of its table: the page and its size."""

    def __init__(self, page, size):
        self.page, self.size = page, size


def test_the_players_order_survives_a_reload_and_sort_puts_it_back(hand_page):
    """A tile dragged onto another takes its place, Shift and an arrow key move the
    focused tile, and the order is kept with the save: a reload shows it; Sort puts the
    hand back in order by number."""
    page = hand_page.page
    hand_page.resize((1280, 800))
    s = hand_position("mexican-train", 12)
    hand_page.show(s)
    tiles = page.locator("[data-hand-tile]")
    before = tiles.evaluate_all("els => els.map(e => e.dataset.tile)")
    tiles.nth(0).drag_to(tiles.nth(3))
    moved = before[1:4] + before[:1] + before[4:]
    expect(tiles.first).to_have_attribute("data-tile", moved[0])
    assert tiles.evaluate_all("els => els.map(e => e.dataset.tile)") == moved
    page.locator(f'[data-hand-tile][data-tile="{moved[5]}"]').focus()
    page.keyboard.press("Shift+ArrowLeft")
    moved = moved[:4] + [moved[5], moved[4]] + moved[6:]
    expect(page.locator(f'[data-hand-tile][data-tile="{moved[4]}"]')).to_be_focused()
    assert tiles.evaluate_all("els => els.map(e => e.dataset.tile)") == moved
    expect(page.locator("#live")).to_contain_text(f"{moved[4]} moved to place 5 of 12")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=90_000)
    assert tiles.evaluate_all("els => els.map(e => e.dataset.tile)") == moved
    page.get_by_role("button", name="Sort my tiles by number").click()
    expect(tiles.first).to_have_attribute("data-tile", before[0])
    assert tiles.evaluate_all("els => els.map(e => e.dataset.tile)") == before


def _check_dialog(hp, title, problems, where, at_top_rows=None):
    d = hp.dialog()
    if d is None or not re.fullmatch(title, d["title"]):
        problems.append(f"{where}: no dialog {title!r} ({d and d['title']})")
        return d
    if d["scrollTop"] > 0.5 or d["top"] < -0.5:
        problems.append(f"{where}: {d['title']} opens scrolled to {d['scrollTop']} px")
    if d["focus"] not in ("heading", "first control"):
        problems.append(f"{where}: {d['title']} opens with focus on {d['focus']}")
    if d["scrolls"] and d["focus"] != "heading":
        problems.append(f"{where}: {d['title']} is longer than the screen: focus belongs on "
                        f"its heading, not {d['focus']}")
    if at_top_rows is not None and d["rows"][:len(at_top_rows)] != at_top_rows:
        problems.append(f"{where}: {d['title']} lists {d['rows'][:3]} first, not "
                        f"{at_top_rows}")
    return d


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_dialogs_open_at_their_top(hand_page, size):
    """Each dialog shows its top when it opens, with focus on its heading (tabindex=-1)
    or its first control; the round's summary shows who went out, then your own row."""
    page, hp = hand_page.page, hand_page
    hp.resize(size)
    problems = []
    for large in (False, True):
        where = f"{size[0]}x{size[1]}{' large print' if large else ''}"
        s = hand_position("mexican-train", 15)
        s.settings.numerals = large
        hp.show(s)
        for button, title in (("Rules", "The rules"), ("Settings", "Settings"),
                              ("Moves and scores", "Moves and scores")):
            page.get_by_role("button", name=button, exact=True).click()
            _check_dialog(hp, title, problems, where)
            page.keyboard.press("Escape")
            expect(page.get_by_role("dialog")).to_have_count(0)
        for game in HAND_GAMES:
            s = round_over_position(game)
            s.settings.numerals = large
            _swap(page, s, r"(Round|Hand) 1 is over")
            g = s.game
            out = g.out if getattr(g, "out", None) is not None else g.winner
            _check_dialog(hp, r"(Round|Hand) 1 is over", problems, f"{where} {game}",
                          at_top_rows=[s.name(out), s.name(0)])
        s = position("long", 4)
        s.started, s.settings.numerals = False, large
        _swap(page, s, "Who plays first")
        _check_dialog(hp, "Who plays first", problems, where)
        s = hot_seat()
        s.settings.numerals = large
        _swap(page, s, "Pass to .*|Your turn")
        _check_dialog(hp, "Pass to .*|Your turn", problems, where)
    hp.show(hand_position("mexican-train", 15))
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name=re.compile("^Quick game")).click()
    _check_dialog(hp, r"Start a new game\?", problems, where)
    page.get_by_role("button", name="Keep playing the game in progress").click()
    # the official's settings: a PIN first (set twice the first time), then the settings
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_role("button", name="Resume your game")).to_be_visible()
    page.get_by_role("button", name=re.compile("^Kiosk mode")).click()
    first = _check_dialog(hp, "Set the official's PIN|Official's PIN", problems, where)
    for _ in range(2 if first and first["title"].startswith("Set") else 1):
        pad = page.get_by_role("group", name="Number pad")
        for d in "2468":
            pad.get_by_role("button", name=d, exact=True).click()
        pad.get_by_role("button", name="OK").click()
    _check_dialog(hp, "Official's settings.*", problems, where)
    page.get_by_role("button", name="Done: lock the settings").click()
    page.get_by_role("button", name="Resume your game").click()
    expect(page.locator("[data-hand-tile]").first).to_be_visible()
    assert not problems, "\n".join(problems)


def _swap(page, session, title: str) -> None:
    """The table takes up ``session`` (another tab's save) and shows its dialog."""
    text = session.to_json()
    page.evaluate(
        """([k, v]) => { localStorage.setItem(k, v);
            window.dispatchEvent(new StorageEvent('storage', {key: k, newValue: v})); }""",
        [SAVE_KEY, text])
    expect(page.get_by_role("dialog", name=re.compile(title))).to_be_visible()


def hot_seat():
    """Two people at one screen, the turn passing to one of them: the screen asks for
    the next player first."""
    from app.game.seats import Seat
    from app.game.session import Session

    for seed in range(100):
        s = Session.new("mexican-train", "gs-mt",
                        [Seat("You", "human"), Seat("Christabelle", "human"),
                         Seat("Bartholomew"), Seat("Maximilianus")], seed=seed)
        s.started = True
        if s.needs_handoff():
            return s
    raise LookupError("no hot seat position")
