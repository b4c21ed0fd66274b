"""Rally tables that keep their own sheets, through the real page in real
Chromium: the official's device and the tables' devices, each its own browser context on
one fake camera. The QR codes the pages draw are photographed, decoded by the test (jsQR,
to know what they say) and shown to the other device's camera. A whole event: two tables
handed out, two rounds at each, a late arrival (G7) and a no-show (G10), the sheets handed
back, one table sending again after a correction, a round typed from its short code, the
standings (G11). Screenshots of both devices at phone size."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from bones.rally import loads
from bones.rally.sync import TableDevice
from browser_steps import BOOT_TIMEOUT_MS, assert_reads_well, shot
from qr_camera import camera_context, decode_qr, show_to_camera, write_y4m
from test_browser_rally import add_table, alert, enter_round, note, tab

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def devices(camera, site_url, open_game, watch_page):
    """devices(n) -> [(page, watch)]: n phones on the camera's browser, the game open."""
    browser, _ = camera
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    contexts = []

    def make(n: int):
        out = []
        for _ in range(n):
            ctx = camera_context(browser, origin, service_workers="block", viewport=PHONE,
                                 has_touch=True)
            contexts.append(ctx)
            page = ctx.new_page()
            watch = watch_page(page)
            open_game(page)
            out.append((page, watch))
        return out

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture
def page(devices):
    """The official's phone (named ``page`` so a failure leaves its screenshot)."""
    return devices(1)[0][0]


def qr_shot(page, name: str) -> tuple[bytes, str]:
    code = page.locator("svg.qr-code")
    expect(code).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    png = code.screenshot()
    return png, decode_qr(page.context.browser, png)


def qr_of(page, text: str) -> tuple[bytes, str]:
    """Another app's QR code, drawn by segno in CPython into a scratch page."""
    from app.browser.qr import qr_svg

    scratch = page.context.new_page()
    scratch.set_content(f"<body style='margin:0;background:#fff'>"
                        f"<div style='width:300px'>{qr_svg(text, title='code')}</div></body>")
    png = scratch.locator("svg").screenshot()
    scratch.close()
    return png, text


def scan(page, y4m, png: bytes, button: str) -> None:
    show_to_camera(y4m, png)
    page.get_by_role("button", name=button).click()
    expect(page.locator("#scanner")).to_be_hidden(timeout=20_000)


def keep_score_for_table(device, y4m, png: bytes, table: str) -> None:
    device.get_by_role("button", name=re.compile("^Keep score for a table")).click()
    expect(device.get_by_role("heading", name="Keep score for a table")).to_be_visible()
    scan(device, y4m, png, "Scan the official's code")
    expect(alert(device)).to_have_count(0)
    expect(device.get_by_role("heading", level=1)).to_contain_text(f"Table {table}")
    expect(note(device)).to_contain_text(f"You keep Table {table}'s sheet")


def hand_back(official, device, y4m, review: str) -> bytes:
    """The table shows its sheet, the official scans it, sees ``review``, adds it."""
    png, _ = send_sheet(device)
    scan(official, y4m, png, "Scan a table's sheet")
    expect(official.get_by_role("heading", name=review)).to_be_visible()
    official.get_by_role("button", name="Add them to the event").click()
    return png


def send_sheet(device) -> tuple[bytes, str]:
    tab(device, "Send to the official")
    return qr_shot(device, "sheet")


def test_two_tables_keep_their_sheets_and_the_official_gathers_them(page, devices, camera,
                                                                    tmp_path):
    _, y4m = camera
    official = page
    official.get_by_role("button", name=re.compile("^Rally scorekeeper")).click()
    official.get_by_label("Event title").fill("Fall Samboree")
    official.get_by_role("radio", name="Mexican Train").check()
    official.get_by_label("Rounds", exact=True).fill("3")
    official.get_by_label("First starting double").fill("12")
    official.get_by_role("button", name="Create the event").click()
    add_table(official, ["Ann", "Bob", "Cy"])
    add_table(official, ["Dee", "Eve", "Flo"])

    # ---- hand-out: each table's code, scanned by that table's phone
    (t1, w1), (t2, w2) = devices(2)
    tab(official, "Table devices")
    handed = {}
    for table, device in (("1", t1), ("2", t2)):
        official.get_by_role("button", name=f"Show Table {table}'s code").click()
        png, text = qr_shot(official, f"handout-{table}")
        assert text.startswith("RDH1:")
        handed[table] = text
        if table == "1":
            shot(official, "devices-official-handout-390x844", full_page=True)
            assert_reads_well(official, PHONE["width"], "official's hand-out")
        keep_score_for_table(device, y4m, png, table)
        official.get_by_role("button", name="Done").click()

    # ---- table 1: round 1, a late arrival (G7), round 2 with a no-show (G10)
    enter_round(t1, "Table 1", 1, {"Ann": 10, "Bob": 0, "Cy": 25})
    t1.get_by_role("button", name="Late arrival").click()
    t1.get_by_label("Name of the late arrival").fill("Gus")
    t1.get_by_role("button", name="Add the late arrival").click()
    expect(note(t1)).to_contain_text("Gus")
    enter_round(t1, "Table 1", 2, {"Ann": 3, "Cy": 0, "Gus": 12}, no_show=["Bob"])
    shot(t1, "devices-table-entry-390x844", full_page=True)
    assert_reads_well(t1, PHONE["width"], "table device's entry")

    # ---- table 2: two rounds
    enter_round(t2, "Table 2", 1, {"Dee": 4, "Eve": 0, "Flo": 9})
    enter_round(t2, "Table 2", 2, {"Dee": 6, "Eve": 5, "Flo": 0})

    # ---- hand-back: table 1 by camera
    png, text = send_sheet(t1)
    assert text.startswith("RDS1:")
    shot(t1, "devices-table-send-390x844", full_page=True)
    assert_reads_well(t1, PHONE["width"], "table device's send page")
    scan(official, y4m, png, "Scan a table's sheet")
    expect(official.get_by_role("heading", name="Table 1's sheet: 3 new changes to add")) \
        .to_be_visible()
    shot(official, "devices-official-review-390x844", full_page=True)
    official.get_by_role("button", name="Add them to the event").click()
    expect(note(official)).to_contain_text("Table 1's sheet received: 3 changes added")

    # ---- table 2: round 1 read aloud and typed first, then its whole sheet by camera
    tab(t2, "Send to the official")
    code = t2.locator(".round-code").nth(0).inner_text()
    assert re.fullmatch(r"2-1-4-0-9-\d+", code)
    box = official.get_by_label(re.compile("type one round's code"))
    box.fill(code.replace("-4-", "-5-"))  # misheard: the check refuses it
    official.get_by_role("button", name="Enter the round's code").click()
    expect(alert(official)).to_contain_text("does not check out")
    box.fill(code)
    official.get_by_role("button", name="Enter the round's code").click()
    expect(note(official)).to_contain_text("Table 2, round 1 entered: 4, 0, 9")
    # round 1 is the same as typed: no conflict, only round 2 is new
    hand_back(official, t2, y4m, "Table 2's sheet: 1 new change to add")
    expect(note(official)).to_contain_text("Table 2's sheet received: 1 change added")

    # ---- table 1 corrects round 1 and sends again: only the correction is new
    t1.get_by_role("navigation", name="Rally pages").get_by_role(
        "button", name="Score sheet", exact=True).click()
    t1.get_by_label("Round to enter").select_option(label="Round 1 (entered)")
    t1.get_by_label("Points for Ann").fill("11")
    t1.get_by_role("button", name="Save corrections to round 1", exact=True).click()
    expect(note(t1)).to_contain_text("Ann corrected to 11")
    png = hand_back(official, t1, y4m, "Table 1's sheet: 1 new change to add")
    # the same sheet again adds nothing
    scan(official, y4m, png, "Scan a table's sheet")
    expect(note(official)).to_contain_text("Nothing new from Table 1")

    # ---- the standings (G11): the official's saved event holds the tables' sheets
    tab(official, "Standings")
    expect(official.locator(".rally-page")).to_contain_text("Eve")
    saved = loads(official.evaluate("localStorage.getItem('rally-dominoes:rally')"))
    totals = {r["name"]: r["total"] for r in saved.standings()["rows"]}
    # Table 1: Ann 11+3, Bob 0 + (12+10) (G10), Cy 25+0, Gus 25 (G7) + 12; Table 2 by round
    assert totals == {"Ann": 14, "Bob": 22, "Cy": 25, "Gus": 37, "Dee": 10, "Eve": 5,
                      "Flo": 9}
    assert saved.standings()["first"] == "Eve" and saved.standings()["second"] == "Flo"
    device_saved = t1.evaluate("localStorage.getItem('rally-dominoes:table-device')")
    assert TableDevice.loads(device_saved).event.state()["tables"]["1"] == \
        saved.state()["tables"]["1"]
    shot(official, "devices-official-standings-390x844", full_page=True)

    # ---- the table device survives a reload, still on its table
    t1.reload()
    expect(t1.locator("html")).to_have_attribute("data-boot", "ready", timeout=BOOT_TIMEOUT_MS)
    expect(t1.get_by_role("heading", level=1)).to_contain_text("Table 1")
    for w in (w1, w2):
        w.assert_clean()


def test_a_bad_code_or_file_is_refused_in_words(devices, camera, tmp_path):
    """The camera panel stops when asked; another app's QR code and a hand-out file that
    is not one are refused with a message, nothing changed."""
    _, y4m = camera
    (device, watch), = devices(1)
    device.get_by_role("button", name=re.compile("^Keep score for a table")).click()
    write_y4m(y4m, 640, 480, bytes([255]) * 640 * 480)  # nothing to read
    device.get_by_role("button", name="Scan the official's code").click()
    panel = device.get_by_role("dialog", name="Hold the camera up to the official's code")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("button", name="Stop the camera")).to_be_focused()
    device.wait_for_function("document.getElementById('scanner-video').srcObject !== null")
    shot(device, "devices-table-scanning-390x844")
    panel.get_by_role("button", name="Stop the camera").click()
    expect(panel).to_be_hidden()
    expect(alert(device)).to_have_count(0)
    scan_button = device.get_by_role("button", name="Scan the official's code")
    expect(scan_button).to_be_focused()  # focus back where it was
    device.wait_for_function("document.getElementById('scanner-video').srcObject === null")
    scan_button.press("Enter")  # the keyboard's way: Enter opens, Escape closes
    expect(panel).to_be_visible()
    device.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(scan_button).to_be_focused()
    device.wait_for_function("document.getElementById('scanner-video').srcObject === null")
    png, text = qr_of(device, "https://example.com/a-menu")
    show_to_camera(y4m, png)
    device.get_by_role("button", name="Scan the official's code").click()
    expect(alert(device)).to_contain_text("This code is not from Rally Dominoes",
                                          timeout=20_000)
    other = tmp_path / "other.txt"
    other.write_text("RDS1:0000")
    device.get_by_label("Or open a hand-out file the official sent").set_input_files(str(other))
    expect(alert(device)).to_contain_text("The hand-out from other.txt was not taken")
    expect(alert(device)).to_contain_text("a table's sheet, not a table's hand-out")
    expect(device.get_by_role("heading", name="Keep score for a table")).to_be_visible()
    watch.assert_clean()
