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
from browser_steps import SHOTS, open_saved_table, reload_with_storage, saved_table

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


def settings(page):
    page.get_by_role("button", name="Settings").click()
    return page.get_by_role("dialog", name="Settings")


def wait_until_said(page, line: str, times: int = 1, timeout: int = 60_000) -> None:
    page.wait_for_function(
        "([line, n]) => window.replaySpy.said.filter(x => x === line).length >= n",
        arg=[line, times], timeout=timeout)


def assert_felt_as_before(page, before: str) -> None:
    """The table as it was: nothing still travelling, dimmed or outlined, the felt's
    drawing the same (waited for: the last tile may still be landing)."""
    try:
        page.wait_for_function(
            "b => !document.querySelector('.replay-waiting, .replay-now, [data-moving]')"
            " && document.querySelector('.felt-svg').outerHTML === b", arg=before,
            timeout=15_000)
    except Exception:
        pass  # the asserts below say what differs
    assert page.locator(".replay-waiting, .replay-now, [data-moving]").count() == 0
    assert felt(page) == before


def assert_no_voice_said(page, width: int) -> None:
    """The Settings dialog in large print where the browser cannot read aloud: it says so,
    and the box to read aloud cannot be ticked."""
    dialog = settings(page)
    dialog.get_by_role("checkbox", name=re.compile("Large print")).check()
    expect(dialog.get_by_text("This browser cannot read aloud")).to_be_visible()
    expect(dialog.get_by_role("checkbox", name="Read the moves aloud")).to_be_disabled()
    dialog.get_by_text("This browser cannot read aloud").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"voice-none-large-{width}.png"))


def test_show_again_replays_the_computers_moves_in_order_read_aloud_travelling_or_not(
        browser, open_game):
    """One laptop page: the voice set (Slow, the second voice), then "Show again" twice,
    with tiles travelling and then with reduced motion (asked for by the browser while
    the page is open): each time every move's words in order, the tiles that travel, the
    table as before; the voice reads exactly what the live region said. Then the browser
    loses its voice: the setting says so."""
    ctx, page, s = open_table(browser, open_game, 1280, 800, init=VOICES)
    try:
        moves = s.wording.moves_since_viewer()
        assert {m.kind for m, _ in moves} > {PLAY}  # plays and draws both shown
        words = [s.wording.move_words(m, seat) + "." for m, seat in moves]
        tiles = [f"Domino {m.tile}" for m, _ in moves if m.kind == PLAY]
        dialog = settings(page)
        dialog.get_by_role("checkbox", name="Read the moves aloud").check()
        dialog.get_by_role("radio", name="Slow").last.check()
        dialog.get_by_role("combobox", name="Voice").select_option("Second voice")
        page.screenshot(path=str(SHOTS / "voice-settings-1280.png"))
        dialog.get_by_role("button", name="Done").click()
        before = felt(page)
        for n, reduced in enumerate((False, True), start=1):
            if reduced:
                page.emulate_media(reduced_motion="reduce")
            said, moving = len(spy(page)["said"]), len(spy(page)["moving"])
            show_again(page)
            wait_until_said(page, THE_END, n)
            now = spy(page)
            lines = now["said"][said:]
            assert lines[0].startswith("Showing again the 6 moves since yours"), reduced
            assert lines[1:] == words + [THE_END], reduced
            assert now["moving"][moving:] == ([] if reduced else tiles)
            assert_felt_as_before(page, before)
            if not reduced:
                page.screenshot(path=str(SHOTS / "show-again-1280.png"))
            # the voice: what the live region said, each line once, at its rate and voice
            said_all = spy(page)["said"]
            spoken = page.evaluate("() => window.spokenLines")
            heard = [x["text"] for x in spoken]
            first = said_all.index("The moves will be read aloud.")
            assert heard == said_all[first:]
            assert len(heard) >= 8 * n  # several moves, each once
            shown = [x for x in spoken if x["text"] == THE_END or "Showing again" in x["text"]]
            assert {(x["rate"], x["voice"]) for x in shown} == {(0.8, "Second voice")}
        page.evaluate(NO_VOICE)
        assert_no_voice_said(page, 1280)
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


def test_on_a_phone_show_again_shows_a_folded_move_over_its_chip_and_a_key_stops_it(
        browser, open_game):
    """One phone page, where the browser cannot read aloud. A move whose tile is folded
    away (in its lane's "+N" chip) is shown over the chip, with its name, while its words
    are said; then it folds away again. Then, another table: a key stops the showing at
    once and the table is as before. The setting says the browser cannot read aloud."""
    saved = folded_table(390, 514)  # the phone's felt
    s = Session.from_json(saved)
    ctx, page = open_saved_table(browser, open_game, 390, 844, saved, [SPY, NO_VOICE])
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

        # ---- another table: a key stops the showing
        saved = saved_table("mexican-train", moves=12, pace="normal", seed=7)
        s = Session.from_json(saved)
        reload_with_storage(page, {"rally-dominoes:table": saved})
        expect(page.get_by_role("button", name="Draw")).to_be_visible(timeout=10_000)
        page.wait_for_timeout(800)  # the table settled
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

        assert_no_voice_said(page, 390)
    finally:
        ctx.close()
