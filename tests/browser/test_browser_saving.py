"""When the browser's storage is full, the page says so instead of losing games without a
word: a banner on the table with why and what to do, for as long as saving fails; in
kiosk mode the official is told on the attract screen and in the settings. The storage is
really filled here (every key the page could write to has no room), as on a GitHub Pages
origin whose 5 MB other projects took."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_steps import SIZES, shot, start_from_form, take_turns

pytestmark = pytest.mark.browser

# localStorage filled to the last character.
FILL_NOW = """(() => {
  let i = 0;
  for (let size = 1 << 22; size >= 1; size = Math.floor(size / 2)) {
    for (;;) {
      try { localStorage.setItem('fill-' + i, 'x'.repeat(size)); i++; }
      catch (e) { break; }
    }
  }
})()"""
# The same before the page's own scripts, once per tab.
FILL = ("if (!sessionStorage.getItem('test:filled')) {"
        " sessionStorage.setItem('test:filled', '1'); " + FILL_NOW + "; }")
EMPTY = "Object.keys(localStorage).filter(k => k.startsWith('fill-'))" \
        ".forEach(k => localStorage.removeItem(k))"
FULL_WORDS = "is not being saved: the browser's storage is full."


def saved_game(page):
    return page.evaluate("localStorage.getItem('rally-dominoes:table')")


# Everything the live region says, kept: a computer's move may be said right after.
LIVE_SAID = """window.liveSaid = [];
new MutationObserver(() => {
  const live = document.getElementById('live');
  const text = live ? live.textContent : '';
  if (text && window.liveSaid[window.liveSaid.length - 1] !== text) window.liveSaid.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true});"""


def test_a_full_storage_shows_a_banner_on_the_table_until_saving_works_again(
        page, open_game, page_watch):
    page.add_init_script(FILL)
    page.add_init_script(LIVE_SAID)
    open_game(page)
    start_from_form(page, "Mexican Train", [("You", "human"), ("Ann", "computer")])
    take_turns(page, 1)
    banner = page.locator(".save-banner")
    expect(banner).to_contain_text("Your game " + FULL_WORDS)
    expect(banner).to_contain_text("Keep this page open to finish.")
    page.wait_for_function("words => window.liveSaid.some(t => t.includes(words))",
                           arg="Your game " + FULL_WORDS, timeout=15_000)
    assert saved_game(page) is None
    shot(page, "unsaved-banner-1280x800")
    page.evaluate(EMPTY)  # room again: the next save goes through, the banner goes
    take_turns(page, 1)
    expect(banner).to_have_count(0)
    assert saved_game(page) is not None
    assert page_watch.page_errors == [] and page_watch.console_errors == []


@pytest.mark.parametrize("width, height", SIZES)
def test_the_banner_reads_well_on_every_screen(sized_page, width, height):
    page, _watch = sized_page(width, height)
    page.evaluate(FILL_NOW)
    start_from_form(page, "Mexican Train")
    banner = page.locator(".save-banner")
    expect(banner).to_be_visible()
    box = banner.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    shot(page, f"unsaved-banner-{width}x{height}")


def test_in_kiosk_mode_the_official_is_told_that_nothing_is_saved(page, open_game, page_watch):
    page.add_init_script(FILL)
    open_game(page, "?kiosk=1")
    note = page.locator(".kiosk-unsaved")
    expect(note).to_contain_text("This kiosk " + FULL_WORDS)
    expect(note).to_contain_text("Official: open the settings (the cog).")
    shot(page, "unsaved-kiosk-attract")
    page.get_by_role("group", name="Games").get_by_role("button", name="Mexican Train").click()
    take_turns(page, 1)
    expect(page.locator(".save-banner")).to_contain_text("Your game " + FULL_WORDS)
    page.get_by_role("button", name="New game").click()  # back to the attract screen
    expect(note).to_be_visible()
    page.get_by_role("button", name="Official's settings").click()
    pad = page.get_by_role("group", name="Number pad")
    for _ in range(2):
        for d in "2468":
            pad.get_by_role("button", name=d, exact=True).click()
        pad.get_by_role("button", name="OK").click()
    settings = page.get_by_role("dialog", name=re.compile("^Official's settings"))
    saving = settings.get_by_role("group", name="Saving")
    expect(saving).to_contain_text("This kiosk " + FULL_WORDS)
    expect(saving).to_contain_text("Games and settings changed now are lost")
    shot(page, "unsaved-kiosk-settings")
    settings.get_by_role("radio", name="Easy").check()
    expect(settings.locator(".kiosk-msg")).to_have_text("Not saved: see Saving, at the end.")
    assert page_watch.page_errors == [] and page_watch.console_errors == []
