"""House rules through the real page in Chromium, as a club secretary and a second device
would use them (docs/house-rules.md, "On the page"): made from a sheet with a refused
value said beside its field, saved, played for a whole (short) game with the header, the
Rules panel and the end's score sheet naming them; shared by file and by QR code to
another device (its own browser context, on a fake camera) and played there; a rally
event run by them. axe finds no violation on the house rules screens."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from browser_steps import BOOT_TIMEOUT_MS, assert_reads_well, set_pace, shot, take_turns
from qr_camera import camera_context, decode_qr, show_to_camera
from test_accessibility import violations

pytestmark = pytest.mark.browser

NAME = "Sun Lakes Tuesday"
TITLE = f"House rules: {NAME} (from Good Sam's Mexican Train)"


@pytest.fixture
def devices(camera, site_url, open_game, watch_page):
    """devices(width, height) -> (page, watch): a device on the camera's browser, the game
    open, axe allowed to run."""
    browser, _ = camera
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    contexts = []

    def make(width=1280, height=800):
        ctx = camera_context(browser, origin, service_workers="block", bypass_csp=True,
                             viewport={"width": width, "height": height},
                             has_touch=width < 1100, accept_downloads=True)
        contexts.append(ctx)
        page = ctx.new_page()
        watch = watch_page(page)
        open_game(page)
        return page, watch

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture
def page(devices):
    """The club secretary's laptop (named ``page`` so a failure leaves its screenshot)."""
    return devices()[0]


def open_house_rules(page) -> None:
    page.get_by_role("button", name=re.compile("^House rules: your club")).click()
    expect(page.get_by_role("heading", name="House rules", level=1)).to_be_visible()


def note(page):
    return page.locator(".house-note")


def setting(page, label: str):
    return page.locator(f'li.house-setting:has(h2:text-is("{label}"))')


def play_short_game(page) -> None:
    """Start the chosen house rules against three computers and play to the game's end."""
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("dialog", name="Who plays first").get_by_role("button").click()
    set_pace(page)
    end = page.get_by_role("dialog", name="The game is over")
    for _ in range(5):
        take_turns(page, 30)
        if end.count():
            break
    expect(end).to_be_visible(timeout=60_000)


def test_make_play_share_by_file_and_code_and_run_a_rally_by_house_rules(page, devices, camera,
                                                                        tmp_path):
    _, y4m = camera
    open_house_rules(page)
    assert violations(page, "house-list") == []
    page.get_by_label("The sheet to start from").select_option(
        label="Mexican Train: Good Sam's Mexican Train")
    page.get_by_role("button", name="Start from this sheet").click()
    expect(page.get_by_role("heading", name="New house rules")).to_be_visible()
    page.get_by_label("Name of the house rules").fill(NAME)
    page.get_by_label("Name of the house rules").press("Tab")
    page.get_by_label("Rounds", exact=True).fill("1")
    page.get_by_label("Rounds", exact=True).press("Tab")
    page.get_by_label("First double").select_option(label="6-6")
    # a refused value: said beside its field, the form kept
    tiles = page.get_by_label("Tiles each: tiles each for 4 players")
    tiles.fill("30")
    tiles.press("Tab")
    expect(setting(page, "Tiles each").locator(".field-problem")).to_contain_text(
        "a number of tiles, 1 to 20")
    tiles = page.get_by_label("Tiles each: tiles each for 4 players")
    tiles.fill("3")  # a short round: three tiles each at a table of four
    tiles.press("Tab")
    expect(setting(page, "Tiles each").locator(".field-problem")).to_have_count(0)
    expect(page.locator(".house-sum")).to_contain_text("Rounds: 1 (the sheet: 10)")
    shot(page, "house-edit-1280x800", full_page=True)
    assert violations(page, "house-edit") == []
    page.get_by_role("button", name="Save the house rules").click()
    expect(note(page)).to_have_text(f"{NAME} saved (edition 1).")
    card = page.locator(".house-card", has_text=NAME)
    expect(card).to_contain_text("First double: 6-6 (the sheet: 9-9)")
    shot(page, "house-list-1280x800", full_page=True)

    # ---- played: the header, the Rules panel and the end's sheet name them
    page.get_by_role("button", name=f"Play {NAME}").click()
    expect(page.get_by_role("radio", name=TITLE)).to_be_checked()
    expect(page.locator(".length")).to_have_text("Rounds: 1 (the house rules).")
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("dialog", name="Who plays first").get_by_role("button").click()
    expect(page.locator(".game-title")).to_have_text(TITLE)
    expect(page.locator(".felt").get_by_role("img", name="Domino 6-6")).to_be_visible()
    page.get_by_role("button", name="Rules", exact=True).click()
    rules = page.get_by_role("dialog", name="The rules")
    expect(rules.locator("li.changed").first).to_contain_text("House rule: First double: 6-6")
    shot(page, "house-rules-panel-1280x800")
    rules.get_by_role("button", name="Close").click()

    # ---- shared: a file and a code, from the list
    page.get_by_role("button", name="New game").click()
    open_house_rules(page)
    page.get_by_role("button", name=f"Share {NAME}").click()
    code_png = page.locator("svg.qr-code").screenshot(timeout=BOOT_TIMEOUT_MS)
    code = decode_qr(page.context.browser, code_png)
    assert code.startswith("RDR1:")
    with page.expect_download() as dl:
        page.get_by_role("button", name=f"Save {NAME} as a file").click()
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(path)
    assert path.name == "sun-lakes-tuesday.house.json"
    assert json.loads(path.read_text())["changes"]["rounds"] == 1
    shot(page, "house-share-1280x800", full_page=True)

    # ---- a phone brings them in by file: the same rules
    phone, _ = devices(390, 844)
    open_house_rules(phone)
    assert_reads_well(phone, 390, "house rules list on a phone")
    phone.get_by_label("Open a house rules file").set_input_files(str(path))
    expect(note(phone)).to_have_text(f"{NAME} brought in: 2 to 8 players.")
    shot(phone, "house-list-390x844", full_page=True)
    # ... and by the code: a clash, which asks first
    show_to_camera(y4m, code_png)
    phone.get_by_role("button", name="Scan a house rules code").click()
    expect(phone.locator("#scanner")).to_be_hidden(timeout=20_000)
    expect(phone.get_by_role("button", name="No, keep mine")).to_be_visible()
    phone.get_by_role("button", name="No, keep mine").click()
    expect(note(phone)).to_contain_text(f"Your own {NAME} kept")
    phone.get_by_role("button", name=f"Play {NAME}").click()
    play_short_game(phone)
    end = phone.get_by_role("dialog", name="The game is over")
    expect(end.locator(".sheet-house")).to_contain_text(f"{TITLE}, edition 1")
    expect(end.locator(".sheet-house")).to_contain_text("3 for 4")
    shot(phone, "house-game-over-390x844", full_page=True)

    # ---- a third device scans the code alone, with nothing kept: brought in and played
    other, _ = devices(1024, 768)
    open_house_rules(other)
    show_to_camera(y4m, code_png)
    other.get_by_role("button", name="Scan a house rules code").click()
    expect(other.locator("#scanner")).to_be_hidden(timeout=20_000)
    expect(note(other)).to_have_text(f"{NAME} brought in: 2 to 8 players.")
    other.get_by_role("button", name=f"Change {NAME}").click()
    expect(other.get_by_role("heading", name=f"Change {NAME}")).to_be_visible()
    assert_reads_well(other, 1024, "house rules form on a tablet")
    shot(other, "house-edit-1024x768")
    other.get_by_role("button", name="Cancel").click()
    other.get_by_role("button", name=f"Play {NAME}").click()
    shot(other, "house-start-form-1024x768")
    other.get_by_role("button", name="Start game").click()
    other.get_by_role("dialog", name="Who plays first").get_by_role("button").click()
    expect(other.locator(".game-title")).to_have_text(TITLE)

    # ---- the rally: an event by the house rules
    page.get_by_role("button", name="Back to the start screen").click()
    page.get_by_role("button", name=re.compile("^Rally scorekeeper")).click()
    page.get_by_label("Event title").fill("Fall Samboree")
    page.get_by_role("radio", name=TITLE).check()
    expect(page.locator(".rally-card .preview")).to_have_text("Starting doubles: 6-6")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator(".rally-sub")).to_contain_text(TITLE)
    assert violations(page, "house-rally") == []


# What sticks out past the right edge of the screen: each visible element of the house
# screen whose box ends past the viewport, by its tag and class, with how far it ends.
STICKING_OUT = """() => [...document.querySelectorAll('.house-screen, .house-screen *')]
    .filter(el => el.offsetParent !== null || el.matches('.house-screen'))
    .map(el => [el.tagName.toLowerCase() + '.' + [...el.classList].join('.'),
                Math.round(el.getBoundingClientRect().left),
                Math.round(el.getBoundingClientRect().right)])
    .filter(([, l, r]) => l < 0 || r > document.documentElement.clientWidth)"""


@pytest.fixture(scope="module")
def touch_page(browser, site_url, snapshot_script):
    """One touch screen's page for the module's sizes: each test sizes it (a phone's and a
    tablet's layouts are the same page at another width) and starts from the start screen."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                              has_touch=True)
    ctx.add_init_script(snapshot_script)
    page = ctx.new_page()
    yield page
    ctx.close()


def at_the_start_screen(page, site_url, width: int, height: int) -> None:
    """The shared page at this size, on the start screen (opened again after a test that
    did not get back to it)."""
    page.set_viewport_size({"width": width, "height": height})
    if page.url.startswith("http") and page.get_by_role(
            "button", name=re.compile("^House rules: your club")).is_visible():
        return
    page.goto(site_url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=BOOT_TIMEOUT_MS)


@pytest.mark.xdist_group("house-form")  # one page for the three sizes
@pytest.mark.parametrize("width,height", [(390, 844), (430, 932), (768, 1024)])
def test_the_form_fits_a_phone_and_a_tablet_and_speaks_only_when_spoken_to(
        touch_page, site_url, watch_page, width, height):
    """The house rules form at the sizes clubs hold: no sideways scroll, every card and
    every sheet value inside the screen; the page's own policy refuses nothing while the
    rules are edited; a fresh form says nothing about the name until the person types
    or presses Save, and the complaint goes as soon as a name is typed."""
    page = touch_page
    at_the_start_screen(page, site_url, width, height)
    watch = watch_page(page)
    said = []  # everything the page logs, whatever its kind: a refused policy is one
    listen = lambda msg: said.append(f"{msg.type}: {msg.text}")  # noqa: E731
    page.on("console", listen)
    open_house_rules(page)
    page.get_by_role("button", name="Start from this sheet").click()
    expect(page.get_by_role("heading", name="New house rules")).to_be_visible()
    form = page.get_by_role("form", name="House rules")
    expect(form).to_be_visible()
    shot(page, f"house-edit-fresh-{width}x{height}", full_page=True)
    expect(page.locator(".field-problem, .form-error:not(:empty)")).to_have_count(0)
    assert page.evaluate("document.scrollingElement.scrollWidth") == width
    assert page.evaluate(STICKING_OUT) == []

    # Save before a name: the name's problem shows; typing one takes it away at once
    page.get_by_role("button", name="Save the house rules").click()
    name_said = page.locator("#house-name-said .field-problem")
    expect(name_said).to_have_text(re.compile("^Give the house rules a name"))
    name = page.get_by_label("Name of the house rules")
    name.click()
    name.press_sequentially("Sun")
    expect(name_said).to_have_count(0)
    expect(name).to_be_focused()  # not redrawn under the typing fingers
    expect(name).to_have_value("Sun")

    page.get_by_label("Rounds", exact=True).fill("7")
    page.get_by_label("Rounds", exact=True).press("Tab")
    page.get_by_label("First double").select_option(label="6-6")
    tiles = page.get_by_label("Tiles each: tiles each for 4 players")
    tiles.fill("11")
    tiles.press("Tab")
    expect(page.locator(".house-sum")).to_contain_text("Rounds: 7 (the sheet: 10)")
    assert page.evaluate("document.scrollingElement.scrollWidth") == width
    assert page.evaluate(STICKING_OUT) == []
    shot(page, f"house-edit-changed-{width}x{height}", full_page=True)

    # rules a table of 4 cannot play: one message, and Save asks instead of saving
    page.get_by_label("The set", exact=True).select_option(label="double-9 (55 tiles)")
    tiles = page.get_by_label("Tiles each: tiles each for 4 players")
    tiles.fill("15")
    tiles.press("Tab")
    problems = page.locator(".field-problem")
    expect(problems).to_have_count(1)
    expect(problems).to_have_text(re.compile(
        r"^Tables of 4 to 8 players cannot play these rules; only 2 and 3 players can\. "
        r".* To let them play, change Tiles each\.$"))
    page.get_by_role("button", name="Save the house rules").click()
    ask = page.get_by_role("alert").filter(has_text="Tables of 4 to 8 players")
    expect(ask).to_be_visible()
    expect(page.locator(".field-problem")).to_have_count(0)  # the same words, not twice
    expect(page.get_by_text(re.compile("saved"))).to_have_count(0)
    expect(page.get_by_role("button", name="No, change them")).to_be_focused()
    assert page.evaluate("document.scrollingElement.scrollWidth") == width
    assert page.evaluate(STICKING_OUT) == []
    ask.scroll_into_view_if_needed()
    shot(page, f"house-edit-ask-{width}x{height}")
    page.get_by_role("button", name="No, change them").click()
    expect(page.get_by_label("Tiles each: tiles each for 2 players")).to_be_focused()
    expect(page.get_by_role("heading", name="New house rules")).to_be_visible()
    assert [s for s in said if s.startswith(("error", "warning"))] == []
    watch.assert_clean()
    page.remove_listener("console", listen)
    page.get_by_role("button", name="Cancel").click()  # back to the start, for the next size
    page.get_by_role("button", name="Back to the start screen").click()
