"""Kiosk mode in Chromium: the attract screen, idle time-out and resume, the
official's PIN, nothing that leads off the page, and surviving reloads."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from browser_steps import (
    BOOT_TIMEOUT_MS,
    reload_with_storage,
    shot,
    wait_for_my_turn_or_a_dialog,
)

pytestmark = pytest.mark.browser

READY = "document.documentElement.dataset.ready === '1'"
GAMES = ("Mexican Train", "Chicken Foot", "All Fives")


def screen(page) -> str:
    return page.evaluate("document.documentElement.dataset.screen || ''")


def expect_attract(page, timeout=15_000):
    page.wait_for_function("document.documentElement.dataset.screen === 'attract'",
                           timeout=timeout)
    games = page.get_by_role("group", name="Games")
    for name in GAMES:
        expect(games.get_by_role("button", name=name)).to_be_visible()


def reload(page):
    page.reload()
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)


def hand(page) -> list[str]:
    return page.get_by_role("group", name="Your tiles").get_by_role("button").evaluate_all(
        "els => els.map(e => e.querySelector('.vh').textContent.split(',')[0]).sort()")


def press_pin(page, digits: str):
    pad = page.get_by_role("group", name="Number pad")
    for d in digits:
        pad.get_by_role("button", name=d, exact=True).click()
    pad.get_by_role("button", name="OK").click()


def stored(page, key: str):
    return page.evaluate(f"localStorage.getItem('rally-dominoes:{key}')")


def exits(page) -> list[str]:
    """Everything on the page that could take a player off it."""
    return page.evaluate("""() => {
        const out = [];
        for (const a of document.querySelectorAll('a[href], area[href]')) {
            const href = a.getAttribute('href');
            const here = href.startsWith('#');
            const download = (href.startsWith('data:') || href.startsWith('blob:'))
                && a.hasAttribute('download');
            if (!here && !download) out.push('link ' + href);
        }
        for (const el of document.querySelectorAll('[target]'))
            out.push('target ' + el.getAttribute('target'));
        for (const f of document.querySelectorAll('form[action], [formaction]'))
            out.push('form ' + (f.getAttribute('action') || f.getAttribute('formaction')));
        for (const el of document.querySelectorAll('[onclick]')) {
            const js = el.getAttribute('onclick');
            // location.reload() (the start-up error panel) stays on the page
            if (/location\\s*=|location\\.(assign|replace|href)|open\\(|href/.test(js))
                out.push('script ' + js);
        }
        for (const el of document.querySelectorAll('iframe, embed, object'))
            out.push('frame ' + el.tagName);
        return out;
    }""")


def downloads_shown(page) -> int:
    return page.locator("button:visible, a:visible").filter(
        has_text=re.compile("download", re.I)).count()


def context_menu_blocked(page, selector: str) -> bool:
    return page.evaluate("""(sel) => {
        const ev = new MouseEvent('contextmenu', {bubbles: true, cancelable: true});
        document.querySelector(sel).dispatchEvent(ev);
        return ev.defaultPrevented;
    }""", selector)


def test_idle_time_out_puts_the_game_away_and_the_attract_screen_resumes_it(
        page, open_game, page_watch):
    open_game(page, "?kiosk=1&idle=3")
    expect_attract(page)
    expect(page.get_by_role("button", name=re.compile("^Resume"))).to_have_count(0)
    page.get_by_role("group", name="Games").get_by_role("button", name="Mexican Train").click()
    wait_for_my_turn_or_a_dialog(page)
    mine = hand(page)
    assert len(mine) >= 11

    # No touch for 3 s: the question, with a countdown; a tap keeps the game.
    question = page.get_by_role("dialog", name="Still playing?")
    expect(question).to_be_visible(timeout=10_000)
    left = int(page.locator("#kiosk-countdown").inner_text())
    assert 1 <= left <= 3
    page.get_by_role("button", name="Yes, keep playing").click()
    expect(question).to_have_count(0)
    assert screen(page) == "table"

    # Asked again; nobody answers: saved, and back to the attract screen.
    expect(question).to_be_visible(timeout=10_000)
    mine = hand(page)
    expect_attract(page, timeout=10_000)
    saved = json.loads(stored(page, "table"))
    assert saved["match"]["game"] == "mexican-train"
    resume = page.get_by_role("button", name="Resume your game of Mexican Train")
    expect(resume).to_be_visible()

    # A power cut on the attract screen: it comes back, still offering the game.
    reload(page)
    expect_attract(page)
    resume.click()
    expect(page.get_by_role("group", name="Your tiles")).to_be_visible()
    assert hand(page) == mine
    assert screen(page) == "table"

    # A new game replaces the saved one: no more "Resume".
    page.get_by_role("button", name="New game").click()
    expect_attract(page)
    page.get_by_role("group", name="Games").get_by_role("button", name="All Fives").click()
    expect(page.locator(".game-title")).to_have_text(re.compile("^All Fives: "))
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_role("button", name="Resume your game of All Fives")).to_be_visible()
    expect(page.get_by_role("button", name="Resume your game of Mexican Train")).to_have_count(0)
    page_watch.assert_clean()


def test_the_rally_scorekeeper_asks_before_the_idle_time_out_and_keeps_the_typing(
        page, open_game, page_watch):
    open_game(page, "?kiosk=1")
    settings = json.loads(stored(page, "kiosk"))
    settings["rally"] = True  # as the official ticks "Offer the rally scorekeeper"
    page.evaluate("s => localStorage.setItem('rally-dominoes:kiosk', s)",
                  json.dumps(settings))
    open_game(page, "?kiosk=1&idle=3")
    expect_attract(page)
    page.get_by_role("button", name="Rally scorekeeper").click()
    expect(page.locator("html")).to_have_attribute("data-screen", "rally")
    page.get_by_label("Event title").fill("Spring Samboree")

    # No touch for 3 s: asked first, in the scorekeeper's words; a tap keeps it open.
    question = page.get_by_role("dialog", name="Still there?")
    expect(question).to_be_visible(timeout=10_000)
    expect(question).to_contain_text("What you have typed stays here")
    assert 1 <= int(page.locator("#kiosk-countdown").inner_text()) <= 3
    page.get_by_role("button", name="Yes, keep working").click()
    expect(question).to_have_count(0)
    assert screen(page) == "rally"
    expect(page.get_by_label("Event title")).to_have_value("Spring Samboree")

    # Asked again; nobody answers: the attract screen. The typing is still there.
    expect(question).to_be_visible(timeout=10_000)
    expect_attract(page, timeout=10_000)
    page.get_by_role("button", name="Rally scorekeeper").click()
    expect(page.get_by_label("Event title")).to_have_value("Spring Samboree")
    page_watch.assert_clean()


def test_a_power_cut_mid_game_comes_back_to_the_game(page, open_game, page_watch):
    open_game(page, "?kiosk=1")
    page.get_by_role("group", name="Games").get_by_role("button", name="Chicken Foot").click()
    wait_for_my_turn_or_a_dialog(page)
    mine = hand(page)
    reload(page)
    expect(page.get_by_role("group", name="Your tiles")).to_be_visible()
    assert screen(page) == "table" and hand(page) == mine
    reload(page)  # kiosk mode is remembered without the URL option too
    page.goto(page.url.split("?")[0])
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.kiosk") == "1"
    assert screen(page) == "table"
    page_watch.assert_clean()


@pytest.mark.parametrize("game", GAMES)
def test_each_big_button_starts_a_game_against_the_computer_in_one_tap(
        page, open_game, page_watch, game):
    open_game(page, "?kiosk=1")
    expect_attract(page)
    page.get_by_role("group", name="Games").get_by_role("button", name=game).click()
    expect(page.locator(".game-title")).to_have_text(re.compile(f"^{game}: "))
    expect(page.get_by_role("dialog")).to_have_count(0)  # no second tap needed
    expect(page.get_by_role("group", name="Your tiles")).to_be_visible()
    kinds = page.locator(".seat-kind").all_inner_texts()
    assert kinds[0] == "" and all(k.startswith("computer") for k in kinds[1:])
    assert len(kinds) == (2 if game == "All Fives" else 4)
    expect(page.locator(".status")).to_have_text(re.compile(r"^(Your turn|\w+ is playing)"))
    page_watch.assert_clean()


def test_the_pin_keeps_the_settings_closed(page, open_game, page_watch):
    open_game(page, "?kiosk=1")
    gear = page.get_by_role("button", name="Official's settings")
    settings = page.get_by_role("dialog", name="Official's settings")

    # The first time, the official sets a PIN (twice); it is stored hashed.
    gear.click()
    expect(page.get_by_role("dialog", name="Set the official's PIN")).to_be_visible()
    press_pin(page, "24")
    expect(page.get_by_role("alert")).to_contain_text("at least 4 digits")
    press_pin(page, "2468")
    expect(page.get_by_role("dialog", name="Enter the new PIN again")).to_be_visible()
    press_pin(page, "2468")
    expect(settings).to_be_visible()
    assert "2468" not in stored(page, "kiosk")
    page.get_by_role("button", name="Done: lock the settings").click()
    expect(settings).to_have_count(0)
    assert page.locator("[data-act^='kiosk-level']").count() == 0

    # A wrong PIN is refused: the settings stay closed.
    gear.click()
    pin = page.get_by_role("dialog", name="Official's PIN")
    expect(pin).to_be_visible()
    press_pin(page, "1111")
    expect(pin.get_by_role("alert")).to_have_text("Wrong PIN. The settings stay locked.")
    expect(settings).to_have_count(0)
    assert page.locator("[data-act^='kiosk-']:is(input)").count() == 0

    # A player cannot change a setting by faking a control either.
    before = stored(page, "kiosk")
    page.evaluate("""() => {
        const box = document.createElement('input');
        box.type = 'radio'; box.dataset.act = 'kiosk-level:hard';
        document.getElementById('table').appendChild(box);
        box.dispatchEvent(new Event('change', {bubbles: true}));
    }""")
    assert stored(page, "kiosk") == before

    # After a reload the PIN still holds; the right one opens the settings.
    reload(page)
    gear.click()
    press_pin(page, "2469")
    expect(page.get_by_role("alert")).to_contain_text("Wrong PIN")
    press_pin(page, "2468")
    expect(settings).to_be_visible()
    settings.get_by_role("radio", name="Easy").check()
    settings.get_by_role("radio", name="1 minute", exact=True).check()
    settings.get_by_role("checkbox", name="Chicken Foot").uncheck()
    data = json.loads(stored(page, "kiosk"))
    assert (data["level"], data["idle_seconds"]) == ("easy", 60)
    assert data["games"] == ["mexican-train", "all-fives"]
    page.get_by_role("button", name="Done: lock the settings").click()
    games = page.get_by_role("group", name="Games")
    expect(games.get_by_role("button")).to_have_count(2)
    games.get_by_role("button", name="Mexican Train").click()
    assert set(page.locator(".seat-kind").all_inner_texts()[1:]) == {"computer, easy"}

    # Five wrong PINs in a row: the pad waits.
    page.get_by_role("button", name="New game").click()
    gear.click()
    for _ in range(5):
        press_pin(page, "0000")
    expect(page.get_by_role("alert")).to_contain_text("Too many wrong PINs")
    expect(page.get_by_role("group", name="Number pad").get_by_role("button", name="5")
           ).to_be_disabled()
    page_watch.assert_clean()


def test_in_kiosk_mode_no_control_leads_off_the_page(page, open_game, page_watch):
    open_game(page, "?kiosk=1")
    expect_attract(page)
    root = page.locator("html")
    expect(root).to_have_attribute("data-kiosk", "1")
    assert "user-scalable=no" in page.locator("meta[name=viewport]").get_attribute("content")
    assert page.evaluate("getComputedStyle(document.body).userSelect") == "none"
    assert exits(page) == [] and downloads_shown(page) == 0
    assert context_menu_blocked(page, ".attract-game")
    expect(page.get_by_role("button", name="Rally scorekeeper")).to_have_count(0)

    page.get_by_role("group", name="Games").get_by_role("button", name="All Fives").click()
    expect(page.get_by_role("group", name="Your tiles")).to_be_visible()
    assert exits(page) == [] and downloads_shown(page) == 0
    assert context_menu_blocked(page, ".felt-svg")
    for name, close in (("Rules", "Close"), ("Settings", "Done")):
        page.get_by_role("button", name=name, exact=True).click()
        expect(page.get_by_role("dialog")).to_be_visible()
        assert exits(page) == [] and downloads_shown(page) == 0
        page.get_by_role("button", name=close).click()

    # A damaged save: players get a fresh start, no download; the official keeps it.
    reload_with_storage(page, {"rally-dominoes:table": '{"format": "rally-'})
    dialog = page.get_by_role("dialog", name="The saved game could not be opened")
    expect(dialog).to_be_visible()
    assert downloads_shown(page) == 0 and exits(page) == []
    dialog.get_by_role("button", name="Start fresh").click()
    expect_attract(page)
    page.get_by_role("button", name="Official's settings").click()
    press_pin(page, "1234")
    press_pin(page, "1234")
    settings = page.get_by_role("dialog", name="Official's settings")
    expect(settings.get_by_role("button", name="Download the damaged save")).to_be_visible()

    # The rally scorekeeper, when the official offers it: its downloads stay on the page.
    settings.get_by_role("checkbox", name=re.compile("Offer the rally scorekeeper")).check()
    page.get_by_role("button", name="Done: lock the settings").click()
    page.get_by_role("button", name="Rally scorekeeper").click()
    page.wait_for_function("document.documentElement.dataset.screen === 'rally'")
    assert exits(page) == []
    page_watch.assert_clean()


def test_kiosk_mode_is_switched_on_by_the_official_and_off_by_the_url(
        page, open_game, page_watch):
    open_game(page)
    assert screen(page) == "start"
    page.get_by_role("button", name=re.compile("^Kiosk mode")).click()
    press_pin(page, "97531")
    press_pin(page, "97531")
    settings = page.get_by_role("dialog", name=re.compile("^Official's settings"))
    expect(settings).to_contain_text("kiosk mode is off")
    settings.get_by_role("checkbox", name=re.compile("^Kiosk mode on")).check()
    page.get_by_role("button", name="Done: lock the settings").click()
    expect_attract(page)
    expect(page.locator("html")).to_have_attribute("data-kiosk", "1")
    reload(page)
    expect_attract(page)

    page.goto(page.url.split("?")[0] + "?kiosk=0")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
    assert screen(page) == "start"
    expect(page.locator("html")).not_to_have_attribute("data-kiosk", "1")
    assert not context_menu_blocked(page, ".start-screen")
    assert json.loads(stored(page, "kiosk"))["enabled"] is False
    page_watch.assert_clean()


@pytest.mark.parametrize("width,height", [(1920, 1080), (1024, 768)])
def test_attract_screen_screenshots(sized_page, width, height):
    page, watch = sized_page(width, height, "?kiosk=1&attract-pace=150", touch=True)
    expect_attract(page)
    page.wait_for_function("document.querySelectorAll('#attract-bg .placed').length > 12",
                           timeout=BOOT_TIMEOUT_MS)
    shot(page, f"attract-{width}x{height}")
    # Every game button is big, on screen and clear of the others.
    games = page.get_by_role("group", name="Games")
    boxes = [games.get_by_role("button", name=g).bounding_box() for g in GAMES]
    for b in boxes:
        assert b["width"] >= 200 and b["height"] >= 120
        assert b["x"] >= 0 and b["y"] >= 0
        assert b["x"] + b["width"] <= width and b["y"] + b["height"] <= height
    assert page.evaluate("document.scrollingElement.scrollHeight") <= height
    page.get_by_role("button", name="Official's settings").tap()
    shot(page, f"kiosk-pin-{width}x{height}")
    press_pin(page, "2468")
    press_pin(page, "2468")
    shot(page, f"kiosk-settings-{width}x{height}")
    watch.assert_clean()


def test_with_the_server_gone_a_kiosk_comes_back_to_its_game_and_attract_screen(
        browser, rally_build, dist_dir, watch_page):
    context = browser.new_context(service_workers="allow")
    server = rally_build.SiteServer(dist_dir, prefix=rally_build.SITE_PREFIX).start()
    page = context.new_page()
    try:
        page.goto(server.url + "?kiosk=1&attract-pace=50")
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        page.get_by_role("group", name="Games").get_by_role("button", name="Mexican Train").click()
        wait_for_my_turn_or_a_dialog(page)
        mine = hand(page)
    finally:
        server.stop()
    watch = watch_page(page, origin=server.url.split("/rally-dominoes/")[0])
    reload(page)  # offline: the service worker serves everything
    expect(page.get_by_role("group", name="Your tiles")).to_be_visible()
    assert hand(page) == mine
    page.get_by_role("button", name="New game").click()
    expect_attract(page)
    # The attract game plays on offline: a whole game goes by.
    page.wait_for_function("(window.rallyAttractGames || 0) >= 1", timeout=60_000)
    watch.assert_clean()
    context.close()


def test_the_attract_felt_drawn_piece_by_piece_is_the_felt_drawn_whole(page, open_game,
                                                                        page_watch):
    """The attract game replaces only the pieces of its felt that a move changed; what it
    leaves on the page is what drawing the felt whole gives (a resize draws it whole)."""
    open_game(page, "?kiosk=1&attract-pace=250")
    expect_attract(page)
    pieces = []
    for _ in range(4):
        page.wait_for_timeout(3000)
        # within one task, right after a move is drawn: the felt as patched, then whole
        patched, whole = page.evaluate("""() => new Promise(done => {
            const bg = document.getElementById('attract-bg');
            const seen = new MutationObserver(() => {
                seen.disconnect();
                const a = document.getElementById('attract-bg').innerHTML;
                window.dispatchEvent(new Event('resize'));
                done([a, document.getElementById('attract-bg').innerHTML]);
            });
            seen.observe(bg, {childList: true, subtree: true, attributes: true});
        })""")
        pieces.append(patched.count("<g"))
        assert patched == whole
    # a felt of many tiles at some look (a new attract game may have just been dealt at one)
    assert max(pieces) > 20, pieces
    assert page_watch.page_errors == [] and page_watch.console_errors == []
