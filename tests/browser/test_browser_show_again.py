""""Show again" in Chromium (app.table.show_again): the button replays the computer players' moves
since the person's own, in order, with each move's words in the live region and each tile
travelling (``data-moving="1"``) onto its place; the table is as it was afterwards; a key
stops it at once. "Read the moves aloud" (app.table.voice) reads exactly what the live region
says (``speechSynthesis`` stubbed to record what it is asked to speak), and says so in words
where the browser cannot read aloud."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from app.game.session import Session
from bones.moves import PLAY
from browser_steps import SHOTS, open_saved_table, saved_table

pytestmark = pytest.mark.browser

THE_END = "That is all. The table is as it was."

# Every line the live region gets, and every travelling tile (which tile it carries).
SPY = """(() => {
  const spy = window.replaySpy = {said: [], moving: []};
  new MutationObserver(records => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      if (n.parentElement && n.parentElement.id === 'live') spy.said.push(n.textContent);
      if (n.dataset && n.dataset.moving === '1') {
        const tile = n.querySelector('.placed');
        spy.moving.push(tile ? tile.getAttribute('aria-label') : '?');
      }
    }
  }).observe(document, {childList: true, subtree: true});
})()"""


# speechSynthesis stubbed: two voices, every line it is asked to speak recorded.
VOICES = """(() => {
  const spoken = window.spokenLines = [];
  window.SpeechSynthesisUtterance = class {
    constructor(text) { this.text = text; this.rate = 1; this.voice = null; }
  };
  const voices = [{name: 'Test voice', lang: 'en-US'}, {name: 'Second voice', lang: 'en-GB'}];
  Object.defineProperty(window, 'speechSynthesis', {configurable: true, value: {
    pending: false, speaking: false, getVoices() { return voices; }, cancel() {},
    speak(u) { spoken.push({text: u.text, rate: u.rate, voice: u.voice && u.voice.name}); },
  }});
})()"""
NO_VOICE = """Object.defineProperty(window, 'speechSynthesis',
                                  {configurable: true, value: undefined})"""


def spy(page) -> dict:
    return page.evaluate("() => window.replaySpy")


def felt(page) -> str:
    return page.locator(".felt-svg").evaluate("el => el.outerHTML")


def open_table(browser, open_game, width, height, reduced=False, init=None):
    saved = saved_table("mexican-train", moves=12, pace="normal", seed=7)
    s = Session.from_json(saved)
    ctx, page = open_saved_table(browser, open_game, width, height, saved,
                                 [SPY] + ([init] if init else []), reduced=reduced)
    expect(page.get_by_role("button", name="Draw")).to_be_visible(timeout=10_000)
    page.wait_for_timeout(800)  # the table settled
    return ctx, page, s


def show_again(page) -> None:
    """Press "Show again": in the action row, or on a narrow screen (no room in its row) in the
    "Moves and scores" dialog."""
    row = page.get_by_role("group", name="Actions").get_by_role("button", name="Show again")
    if row.is_visible():
        expect(row).to_be_enabled(timeout=10_000)
        row.click()
        return
    page.get_by_role("button", name="Moves").click()
    dialog = page.get_by_role("dialog", name="Moves and scores")
    expect(dialog.get_by_role("button", name="Show again")).to_be_enabled(timeout=10_000)
    page.screenshot(path=str(SHOTS / f"show-again-dialog-{page.viewport_size['width']}.png"))
    dialog.get_by_role("button", name="Show again").click()
    expect(dialog).to_have_count(0)


@pytest.mark.parametrize("reduced", [False, True], ids=["travel", "reduced"])
def test_show_again_replays_the_computers_moves_in_order_and_leaves_the_table(
        browser, open_game, reduced):
    ctx, page, s = open_table(browser, open_game, 1280, 800, reduced=reduced)
    try:
        moves = s.wording.moves_since_viewer()
        assert {m.kind for m, _ in moves} > {PLAY}  # plays and draws both shown
        words = [s.wording.move_words(m, seat) + "." for m, seat in moves]
        before, said = felt(page), len(spy(page)["said"])
        show_again(page)
        page.wait_for_function(f"window.replaySpy.said.includes({THE_END!r})",
                               timeout=60_000)
        now = spy(page)
        lines = now["said"][said:]
        assert lines[0].startswith("Showing again the 6 moves since yours")
        assert lines[1:] == words + [THE_END]
        tiles = [f"Domino {m.tile}" for m, _ in moves if m.kind == PLAY]
        assert now["moving"] == ([] if reduced else tiles)
        page.wait_for_timeout(1200)
        assert felt(page) == before
        assert page.locator(".replay-waiting, .replay-now, [data-moving]").count() == 0
        if not reduced:
            page.screenshot(path=str(SHOTS / "show-again-1280.png"))
    finally:
        ctx.close()


def test_a_key_stops_the_showing_and_the_table_is_as_before(browser, open_game):
    ctx, page, s = open_table(browser, open_game, 390, 844)
    try:
        page.screenshot(path=str(SHOTS / "show-again-390.png"))
        first = s.wording.move_words(*s.wording.moves_since_viewer()[0]) + "."
        before = felt(page)
        show_again(page)
        page.wait_for_function(f"window.replaySpy.said.includes({first!r})", timeout=30_000)
        assert page.locator(".replay-waiting").count() > 0  # the tiles to come dimmed
        page.keyboard.press("Shift")
        said = len(spy(page)["said"])
        page.wait_for_timeout(4000)
        assert len(spy(page)["said"]) == said  # nothing more shown
        assert page.locator(".replay-waiting, .replay-now, [data-moving]").count() == 0
        assert felt(page) == before
    finally:
        ctx.close()


def settings(page):
    page.get_by_role("button", name="Settings").click()
    return page.get_by_role("dialog", name="Settings")


def test_the_voice_reads_what_the_live_region_says(browser, open_game):
    ctx, page, s = open_table(browser, open_game, 1280, 800, init=VOICES)
    try:
        dialog = settings(page)
        dialog.get_by_role("checkbox", name="Read the moves aloud").check()
        dialog.get_by_role("radio", name="Slow").last.check()
        dialog.get_by_role("combobox", name="Voice").select_option("Second voice")
        page.screenshot(path=str(SHOTS / "voice-settings-1280.png"))
        dialog.get_by_role("button", name="Done").click()
        show_again(page)
        page.wait_for_function(f"window.replaySpy.said.includes({THE_END!r})",
                               timeout=60_000)
        said = spy(page)["said"]
        spoken = page.evaluate("() => window.spokenLines")
        heard = [x["text"] for x in spoken]
        first = said.index("The moves will be read aloud.")
        assert heard == said[first:]
        assert len(heard) >= 8  # several moves, each once
        moves = [x for x in spoken if x["text"] == THE_END or "Showing again" in x["text"]]
        assert {(x["rate"], x["voice"]) for x in moves} == {(0.8, "Second voice")}
    finally:
        ctx.close()


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_the_setting_says_so_where_the_browser_cannot_read_aloud(browser, open_game, width,
                                                                 height):
    ctx, page, _s = open_table(browser, open_game, width, height, init=NO_VOICE)
    try:
        dialog = settings(page)
        dialog.get_by_role("checkbox", name=re.compile("Large print")).check()
        expect(dialog.get_by_text("This browser cannot read aloud")).to_be_visible()
        expect(dialog.get_by_role("checkbox", name="Read the moves aloud")).to_be_disabled()
        dialog.get_by_text("This browser cannot read aloud").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"voice-none-large-{width}.png"))
    finally:
        ctx.close()


def folded_table(width: int, height: int) -> str:
    """A saved Mexican Train where a computer's move since yours lies folded in its lane's
    chip at this felt size (laid out here as the page lays it out)."""
    from app.table.felt import lanes_layout

    for seed in range(1, 60):
        for moves in (25, 35, 45):
            saved = saved_table("mexican-train", moves=moves, pace="normal", seed=seed)
            s = Session.from_json(saved)
            if s.game.round_over:
                continue
            lay = lanes_layout(s, width, height)
            shown = {p.tile for tv in lay.trains for p in tv.tiles}
            since = s.wording.moves_since_viewer()
            if any(m.kind == PLAY and m.tile not in shown for m, _ in since):
                return saved
    raise LookupError("no folded move")


def test_show_again_shows_a_folded_move_over_its_chip(browser, open_game):
    """A move whose tile is folded away (in its lane's "+N" chip) is shown over the chip,
    with its name, while its words are said; then it folds away again."""
    saved = folded_table(390, 514)  # the phone's felt
    s = Session.from_json(saved)
    ctx, page = open_saved_table(browser, open_game, 390, 844, saved, [SPY])
    try:
        expect(page.get_by_role("button", name="Draw")).to_be_visible(timeout=10_000)
        page.wait_for_timeout(800)
        hidden = [(m, seat) for m, seat in s.wording.moves_since_viewer() if m.kind == PLAY
                  and page.locator(f'.felt-svg .placed[aria-label="Domino {m.tile}"]').count()
                  == 0]
        assert hidden, "no move of this table is folded on the page"
        move, seat = hidden[0]
        tucked = page.locator(f'.felt-svg .tucked[aria-label="Domino {move.tile}"]')
        expect(tucked).to_be_hidden()
        words = s.wording.move_words(move, seat) + "."
        show_again(page)
        page.wait_for_function(f"window.replaySpy.said.includes({words!r})", timeout=60_000)
        expect(tucked).to_be_visible()
        box = tucked.bounding_box()
        chip = tucked.locator("xpath=..").locator(".fold").bounding_box()
        assert box["width"] >= 30  # a tile a player can read, over its chip
        assert box["x"] < chip["x"] + chip["width"] and chip["x"] < box["x"] + box["width"]
        expect(tucked.locator(".tucked-name")).to_have_text(str(move.tile))
        page.screenshot(path=str(SHOTS / "show-again-folded-390.png"))
        page.wait_for_function(f"window.replaySpy.said.includes({THE_END!r})", timeout=60_000)
        expect(tucked).to_be_hidden()
    finally:
        ctx.close()
