"""Every screen passes axe-core: the start screen, each game's table in the
middle of a round, every dialog (rules, settings, a new game over one in progress, who
plays first, hand-off, round summary, a late arrival, match over, bad save), kiosk mode
(attract screen, PIN pad, official's settings, "Still playing?"), the rally scorekeeper's
pages (score entry included) and the loading and start-up error screens.

axe-core comes from node_modules (a dev dependency, never in dist/) and is put in the page
by the test. The only rule allowed to fail is kiosk mode's ``meta-viewport`` (its zoom
lock, docs/kiosk.md). Each screen's violations are written to
test-results/axe/SCREEN.json, so a failure says what and where.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from bones.rally import Event
from bones.rally.sync import TableDevice, handout
from browser_steps import (
    BOOT_TIMEOUT_MS,
    SHOTS,
    saved_table,
    wait_for_my_turn_or_a_dialog,
)

pytestmark = pytest.mark.browser

AXE = SHOTS.parents[1] / "node_modules" / "axe-core" / "axe.min.js"
OUT = SHOTS.parent / "axe"
TABLE_KEY = "rally-dominoes:table"
RALLY_KEY = "rally-dominoes:rally"
DEVICE_KEY = "rally-dominoes:table-device"
KIOSK_ONLY = {"meta-viewport"}  # kiosk mode's zoom lock (docs/kiosk.md): nowhere else


def violations(page, screen: str, allow=frozenset()) -> list[str]:
    """axe-core's violations on the page as it is now, of any impact, less ``allow``."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(' '))}));
    }""")
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{screen}.json").write_text(json.dumps(found, indent=1))
    return [f"{screen}: {v['id']} ({v['impact']}) at {v['nodes']}"
            for v in found if v["id"] not in allow]


@pytest.fixture
def axe_page(browser, open_game, watch_page):
    """axe_page(query="", storage=None, width=1280, height=800) -> (page, watch): the game
    open in a context that lets the test's own script (axe) run despite the page's
    policy; its console and requests watched."""
    contexts = []

    def open_(query="", storage=None, width=1280, height=800, boot=True):
        ctx = browser.new_context(viewport={"width": width, "height": height},
                                  service_workers="block", bypass_csp=True)
        contexts.append(ctx)
        page = ctx.new_page()
        watch = watch_page(page)
        if boot:
            open_game(page, query, storage)
        return page, watch

    yield open_
    for ctx in contexts:
        ctx.close()


def dialog(page, name, timeout=None):
    """The dialog, once it is shown; it has taken focus."""
    d = page.get_by_role("dialog", name=name)
    expect(d).to_be_visible(timeout=timeout)
    expect(d.locator(":focus")).to_have_count(1)
    return d


def test_start_screen_and_its_dialogs(axe_page):
    page, watch = axe_page()
    bad = violations(page, "start")
    page.get_by_role("button", name=re.compile("^Full rules")).first.click()
    dialog(page, "The rules")
    bad += violations(page, "start-rules")
    page.keyboard.press("Escape")
    page.get_by_role("button", name=re.compile("^Rally scorekeeper")).click()
    expect(page.get_by_role("button", name="Create the event")).to_be_visible()
    bad += violations(page, "rally-new-event")
    assert bad == []
    watch.assert_clean()


@pytest.mark.parametrize("game", ["mexican-train", "chicken-foot", "all-fives"])
def test_each_game_mid_round(axe_page, game):
    page, watch = axe_page(storage={TABLE_KEY: saved_table(game, moves=14)})
    wait_for_my_turn_or_a_dialog(page)
    bad = violations(page, f"table-{game}")
    tile = page.locator(".hand-tile.playable").first
    tile.click()
    expect(page.locator("[data-act=target]").first).to_be_visible()
    bad += violations(page, f"table-{game}-tile-chosen")
    if game == "mexican-train":
        for button, name, screen in (("Rules", "The rules", "rules"),
                                     ("Settings", "Settings", "settings"),
                                     ("Moves and scores", "Moves and scores", "moves")):
            page.get_by_role("button", name=button, exact=True).click()
            dialog(page, name)
            bad += violations(page, f"table-{screen}")
            page.keyboard.press("Escape")
        page.get_by_role("button", name="New game").click()
        page.get_by_role("button", name=re.compile("^Quick game")).click()
        dialog(page, "Start a new game?")
        bad += violations(page, "confirm-new-game")
        page.get_by_role("button", name="Start the new game").click()
        dialog(page, "Who plays first")
        bad += violations(page, "who-plays-first")
    assert bad == []
    watch.assert_clean()


def test_round_summary_late_arrival_and_hand_off(axe_page):
    page, watch = axe_page(storage={TABLE_KEY: saved_table(
        "mexican-train", moves=10_000, humans=2)})
    dialog(page, re.compile("^Round 1 is over"))
    bad = violations(page, "round-summary")
    page.get_by_role("button", name="A late arrival joins").click()
    expect(page.get_by_label("Name")).to_be_visible()
    bad += violations(page, "late-arrival")
    page.get_by_role("button", name="Next round").click()
    dialog(page, re.compile("^(Pass to|Your turn$)"))  # "Your turn": the seat called You
    bad += violations(page, "hand-off")
    assert bad == []
    watch.assert_clean()


def test_match_over(axe_page):
    page, watch = axe_page(storage={TABLE_KEY: saved_table(
        "all-fives", moves=6, humans=0, options={"target": 50}, pace="very fast")})
    dialog(page, "The game is over", timeout=60_000)
    bad = violations(page, "match-over")
    assert bad == []
    watch.assert_clean()


def test_bad_save(axe_page):
    page, watch = axe_page(storage={TABLE_KEY: '{"format": "rally-dominoes-tab'})
    dialog(page, "The saved game could not be opened")
    assert violations(page, "bad-save") == []


def test_kiosk_screens(axe_page):
    page, watch = axe_page("?kiosk=1&idle=3")
    bad = violations(page, "kiosk-attract", KIOSK_ONLY)
    page.get_by_role("button", name="Official's settings").click()
    dialog(page, "Set the official's PIN")
    bad += violations(page, "kiosk-pin-pad", KIOSK_ONLY)
    pad = page.get_by_role("group", name="Number pad")
    for pin in ("2468", "2468"):
        for d in pin:
            pad.get_by_role("button", name=d, exact=True).click()
        pad.get_by_role("button", name="OK").click()
    dialog(page, "Official's settings")
    bad += violations(page, "kiosk-official-settings", KIOSK_ONLY)
    page.get_by_role("button", name="Done: lock the settings").click()
    gear = page.get_by_role("button", name="Official's settings")
    gear.focus()
    page.keyboard.press("Enter")
    dialog(page, "Official's PIN")
    page.keyboard.press("Escape")  # the PIN pad's Cancel; focus goes back to the cog
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(gear).to_be_focused()
    page.get_by_role("group", name="Games").get_by_role("button", name="Chicken Foot").click()
    wait_for_my_turn_or_a_dialog(page)
    dialog(page, "Still playing?")
    bad += violations(page, "kiosk-still-playing", KIOSK_ONLY)
    assert bad == []
    watch.assert_clean()


def small_event() -> Event:
    ev = Event.create("Access check", "mexican-train", "gs-mt", rounds=10, first_double=12)
    ev.add_table(["Ann", "Bob", "Cy", "Dee"])
    ev.add_table(["Ivy", "Jo"])
    for r in range(1, 4):
        ev.enter_round(1, r, [r, 10, "no-show", 25])
    return ev


def test_rally_scorekeeper_pages(axe_page, tmp_path):
    ev = small_event()  # one event: each one made has an id of its own
    page, watch = axe_page(storage={RALLY_KEY: ev.dumps()})
    page.get_by_role("button", name=re.compile("^Rally scorekeeper")).click()
    nav = page.get_by_role("navigation", name="Rally pages")
    bad = violations(page, "rally-tables")
    page.get_by_role("button", name="Open Table 1").click()
    page.get_by_label("Points for Ann").fill("12")
    bad += violations(page, "rally-score-entry")
    for name in ("Standings", "History", "Playoff", "Table devices", "Import / export"):
        nav.get_by_role("button", name=name).click()
        expect(nav.get_by_role("button", name=name)).to_have_attribute("aria-current", "page")
        bad += violations(page, f"rally-{name.split()[0].lower()}")
    # a table's hand-out code, and a table's sheet to review
    nav.get_by_role("button", name="Table devices").click()
    page.get_by_role("button", name="Show Table 1's code").click()
    expect(page.get_by_role("img", name="Table 1's hand-out as a QR code")).to_be_visible()
    bad += violations(page, "rally-hand-out")
    dev = TableDevice.from_handout(handout(ev, 1))
    dev.event.enter_round(1, 4, [1, 2, 3, 4])
    sheet = tmp_path / "sheet.txt"
    sheet.write_text(dev.sheet())
    page.get_by_label("Open a table's sheet file").set_input_files(str(sheet))
    expect(page.locator("#merge-title")).to_be_visible()
    bad += violations(page, "rally-sheet-review")
    assert bad == []
    watch.assert_clean()


def test_a_tables_own_device(axe_page):
    """A table's phone: before a hand-out, its entry page, its send page."""
    dev = TableDevice.from_handout(handout(small_event(), 1))
    page, watch = axe_page(storage={DEVICE_KEY: dev.dumps()}, width=390, height=844)
    page.get_by_role("button", name=re.compile("^Keep score for a table")).click()
    nav = page.get_by_role("navigation", name="Rally pages")
    bad = violations(page, "table-device-entry")
    nav.get_by_role("button", name="Send to the official").click()
    expect(page.get_by_role("img", name=re.compile("sheet as a QR code"))).to_be_visible()
    bad += violations(page, "table-device-send")
    assert bad == []
    watch.assert_clean()


def test_loading_and_start_up_error_screens(axe_page, site_url):
    page, _watch = axe_page(boot=False)
    # The runtime never arrives: the loading screen stays up while axe reads it.
    page.route(re.compile(r".*/pyscript/core\.js$"), lambda route: None)
    page.goto(site_url, wait_until="commit")
    expect(page.locator("#loading")).to_be_visible()
    bad = violations(page, "loading")
    page, _watch = axe_page(boot=False)
    page.goto(site_url + "?boot-fail=1")
    page.wait_for_function("document.documentElement.dataset.boot === 'failed'",
                           timeout=BOOT_TIMEOUT_MS)
    bad += violations(page, "boot-error")
    assert bad == []


@pytest.mark.parametrize("game", ["mexican-train", "chicken-foot", "all-fives"])
def test_each_game_on_a_phone(axe_page, game):
    """The same table on a 390 x 844 phone (players' strip, no side panel), plain and in
    large print (its hand tiles show numbers, "12" over "8": their names are hidden words,
    not an aria-label the numbers would have to match), and the Moves and scores dialog
    that stands in for the side panel."""
    page, watch = axe_page(storage={TABLE_KEY: saved_table(game, moves=14)},
                           width=390, height=844)
    wait_for_my_turn_or_a_dialog(page)
    bad = violations(page, f"phone-table-{game}")
    page.get_by_role("button", name="Moves and scores").click()
    dialog(page, "Moves and scores")
    bad += violations(page, f"phone-moves-{game}")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Settings", exact=True).click()
    dialog(page, "Settings").get_by_role("checkbox", name=re.compile("^Large print")).check()
    page.keyboard.press("Escape")
    expect(page.locator("html[data-large='1']")).to_have_count(1)
    bad += violations(page, f"phone-large-print-{game}")
    assert bad == []
    watch.assert_clean()
