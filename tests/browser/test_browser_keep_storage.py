"""Nothing stored is lost to a browser's clean-up (docs/browsers.md): the page asks the
browser to keep its storage and says so in Settings; on an iPad in Safari it invites the
player to add the game to the Home Screen; a rally official is reminded to export."""

import re

import pytest
from playwright.sync_api import expect

from browser_steps import SIZES, shot

pytestmark = pytest.mark.browser

STORAGE = "document.documentElement.dataset.storage"
IPAD_SAFARI = ("Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
               "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
# iPadOS's Safari asks for desktop pages and calls itself a Mac; its touch screen tells.
IPAD_AS_MAC = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
               "(KHTML, like Gecko) Version/17.5 Safari/605.1.15")


def settings(page):
    page.get_by_role("button", name=re.compile("^Quick game")).click()
    page.get_by_role("button", name="Start round 1").click()
    page.get_by_role("button", name="Settings").click()
    return page.get_by_role("dialog", name="Settings")


def test_settings_says_the_browser_has_not_promised_and_asks_it(page, open_game, page_watch):
    open_game(page)
    # Headless Chromium, a first visit: asked quietly at start-up, it does not promise.
    page.wait_for_function(f"!!{STORAGE}")
    assert page.evaluate(STORAGE) == "not-kept"
    dialog = settings(page)
    expect(dialog).to_contain_text("This browser may clear saved games")
    expect(dialog).not_to_contain_text("Home Screen")
    dialog.get_by_role("button", name="Ask it to keep them").click()
    expect(dialog).to_contain_text("would not promise to keep saved games")
    assert page.evaluate(STORAGE) == "refused"
    page_watch.assert_clean()


def posing_as(browser, agent: str, touch_points: int):
    """A page whose browser says it is ``agent``, on ``navigator.platform`` to match, with
    a touch screen of ``touch_points`` (0: none), as iPadOS's Safari says of itself."""
    context = browser.new_context(service_workers="block",
                                  viewport={"width": 768, "height": 1024})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    platform = "MacIntel" if "Macintosh" in agent else "iPad"
    cdp.send("Emulation.setUserAgentOverride", {"userAgent": agent, "platform": platform})
    if touch_points:
        cdp.send("Emulation.setTouchEmulationEnabled",
                 {"enabled": True, "maxTouchPoints": touch_points})
    return context, page


@pytest.mark.parametrize("agent", [IPAD_SAFARI, IPAD_AS_MAC])
def test_an_ipad_in_safari_is_invited_to_the_home_screen(browser, open_game, watch_page,
                                                         agent):
    context, page = posing_as(browser, agent, touch_points=5)
    watch = watch_page(page)
    open_game(page)
    assert page.evaluate("document.documentElement.dataset.ios") == "browser"
    dialog = settings(page)
    expect(dialog).to_contain_text("add this game to your Home Screen")
    expect(dialog.get_by_role("button", name="Ask it to keep them")).to_have_count(0)
    shot(page, f"settings-ipad-home-screen{'-mac' if 'Macintosh' in agent else ''}-768x1024")
    watch.assert_clean()
    context.close()


def test_a_mac_is_not_taken_for_an_ipad(browser, open_game):
    context, page = posing_as(browser, IPAD_AS_MAC, touch_points=0)
    open_game(page)
    assert page.evaluate("document.documentElement.dataset.ios") is None
    context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_an_official_with_an_event_is_reminded_to_export_it(sized_page, width, height):
    page, watch = sized_page(width, height)
    page.wait_for_function(f"!!{STORAGE}")
    page.get_by_role("button", name=re.compile("^Rally scorekeeper")).click()
    expect(page.get_by_text("This browser may clear what it stores")).to_have_count(0)
    page.get_by_label("Event title").fill("Spring Samboree")
    page.get_by_role("button", name="Create the event").click()
    note = page.get_by_text("This browser may clear what it stores")
    expect(note).to_be_visible()
    shot(page, f"rally-keep-note-{width}x{height}")
    page.locator(".rally-keep").get_by_role("button", name="Import / export").click()
    expect(page.get_by_role("link", name="Download JSON")).to_be_visible()
    watch.assert_clean()
