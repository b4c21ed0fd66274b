"""The rally scorekeeper, driven through the page the way an official does: by
roles, labels and text. One small event end to end: two tables, three rounds, a late
arrival (G7), a no-show (G10), a correction, standings with a tie flagged (G11), a
playoff (S6), undo, export, a bad import refused, a reload in the middle; screenshots of
entry, standings and the printed sheets. Then corrections of a score and a name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from bones.rally import Event, loads
from browser_steps import BOOT_TIMEOUT_MS, SIZES, assert_reads_well, shot

pytestmark = pytest.mark.browser

KEY = "rally-dominoes:rally"


def open_rally(page):
    page.get_by_role("button", name=re.compile("^Rally scorekeeper")).click()
    expect(page.locator("html")).to_have_attribute("data-screen", "rally")


def note(page):
    return page.locator(".rally-note")


def alert(page):
    return page.get_by_role("alert")


def tab(page, name):
    page.get_by_role("navigation", name="Rally pages").get_by_role("button", name=name).click()


def open_table(page, title):
    tab(page, "Tables")
    page.get_by_role("button", name=f"Open {title}").click()
    expect(page.locator("#entry-title")).to_contain_text(title)


def add_table(page, names):
    while page.locator(".name-rows input").count() > len(names):
        page.get_by_role("button", name="One seat fewer").click()
    while page.locator(".name-rows input").count() < len(names):
        page.get_by_role("button", name="One more seat").click()
    for i, n in enumerate(names, 1):
        page.get_by_label(f"Player {i}", exact=True).fill(n)
    page.get_by_role("button", name=re.compile(r"^Add table \d+$")).click()
    expect(note(page)).to_contain_text(", ".join(names))


def enter_round(page, table, rnd, points, no_show=(), enter_key=False):
    """Type each player's points in their box (the keyboard way), mark no-shows, save
    (with the Save button, or the Enter key in the last box)."""
    for name in no_show:  # G10 asks first: the button is big and easily brushed
        page.get_by_role("button", name=f"{name} did not show their bones").click()
        page.get_by_role("button", name=f"Yes: {name} did not show them").click()
    for name, pts in points.items():
        page.get_by_label(f"Points for {name}").fill(str(pts))
    if enter_key:
        page.get_by_label(f"Points for {name}").press("Enter")
    else:
        page.get_by_role("button", name=f"Save round {rnd}", exact=True).click()
    expect(note(page)).to_contain_text(f"{table}, round {rnd} entered")
    expect(alert(page)).to_have_count(0)


def tap(page, digits):
    pad = page.get_by_role("group", name=re.compile("^Number pad for"))
    for d in digits:
        pad.get_by_role("button", name=d, exact=True).click()


def sheet_row(page, title, name):
    sheet = page.get_by_role("region", name=f"Score sheet of {title}")
    return sheet.get_by_role("row").filter(has=page.get_by_role("rowheader", name=re.compile(
        f"^{name}")))


def test_a_small_event_end_to_end(page, open_game, page_watch, tmp_path):
    open_game(page)
    open_rally(page)
    shot(page, "rally-setup-1280x800", full_page=True)

    # ---- create the event: Mexican Train, 3 rounds from 12-12
    page.get_by_label("Event title").fill("Spring Samboree")
    page.get_by_role("radio", name="Mexican Train").check()
    page.get_by_label("Rounds", exact=True).fill("3")
    page.get_by_label("First starting double").fill("12")
    expect(page.get_by_text("Starting doubles: 12-12, 11-11, 10-10")).to_be_visible()
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Spring Samboree")

    # ---- two tables
    add_table(page, ["Ann", "Bob", "Cy"])
    add_table(page, ["Dee", "Eve", "Flo"])
    expect(page.get_by_role("button", name=re.compile("^Open Table"))).to_have_count(2)

    # ---- table 1, round 1: the number pad for Ann, nonsense refused for Bob
    open_table(page, "Table 1")
    expect(page.locator("#entry-title")).to_contain_text("Round 1 starting double 12-12")
    tap(page, ["1", "0", "Enter"])
    expect(page.get_by_label("Points for Ann")).to_have_value("10")
    expect(page.get_by_role("group", name="Number pad for Bob")).to_be_visible()
    page.get_by_label("Points for Bob").fill("abc")
    page.get_by_label("Points for Cy").fill("25")
    page.get_by_role("button", name="Save round 1", exact=True).click()
    expect(alert(page)).to_contain_text("Points must be whole numbers 0 or more: 'abc'")
    page.get_by_label("Points for Bob").fill("-5")
    page.get_by_role("button", name="Save round 1", exact=True).click()
    expect(alert(page)).to_contain_text("Points must be whole numbers 0 or more: '-5'")
    expect(page.get_by_label("Points for Cy")).to_have_value("25")  # nothing lost
    page.get_by_label("Points for Bob").fill("0")
    page.get_by_role("button", name="Save round 1", exact=True).click()
    expect(note(page)).to_contain_text("Table 1, round 1 entered: Ann 10, Bob 0, Cy 25")

    # ---- a round entered opens with its scores: a change is a correction, undoable
    page.get_by_label("Round to enter").select_option(label="Round 1 (entered)")
    expect(page.get_by_label("Points for Cy")).to_have_value("25")
    page.get_by_label("Points for Ann").fill("12")
    page.get_by_role("button", name="Save corrections to round 1", exact=True).click()
    expect(note(page)).to_contain_text("Table 1, round 1: Ann corrected to 12.")
    expect(sheet_row(page, "Table 1", "Ann")).to_contain_text("12")
    page.get_by_role("button", name="Undo the last change").click()
    expect(note(page)).to_contain_text("Undo of change")
    expect(sheet_row(page, "Table 1", "Ann")).to_contain_text("10")
    page.get_by_label("Round to enter").select_option(label="Round 2")

    # ---- a late arrival (G7): joins at round 2 with the table's highest total
    page.get_by_role("button", name="Late arrival").click()
    page.get_by_label("Name of the late arrival").fill("Fay")
    page.get_by_role("button", name="Add the late arrival").click()
    expect(note(page)).to_contain_text("Fay joins Table 1 at round 2 with 25")
    expect(sheet_row(page, "Table 1", "Fay")).to_contain_text("joined round 2 (General 9)")

    # ---- round 2 with a no-show (G10): the highest score that round plus 10
    enter_round(page, "Table 1", 2, {"Ann": 3, "Cy": 0, "Fay": 12}, no_show=["Bob"])
    expect(sheet_row(page, "Table 1", "Bob")).to_contain_text("22*")
    expect(page.get_by_role("region", name="Score sheet of Table 1")).to_contain_text(
        "Bob did not show their bones in round 2: 22 (12 + 10) (The Play 10)")

    # ---- a reload in the middle: everything is still there
    saved = page.evaluate(f"localStorage.getItem('{KEY}')")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=BOOT_TIMEOUT_MS)
    # The official was keeping score: the reload comes straight back to the scorekeeper.
    expect(page.locator("html")).to_have_attribute("data-screen", "rally")
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == saved
    open_table(page, "Table 1")
    expect(page.locator("#entry-title")).to_contain_text("Round 3")
    expect(sheet_row(page, "Table 1", "Fay")).to_contain_text("37")

    # The number pad for round 3, with the entry screen photographed half-way.
    tap(page, ["5", "Enter"])
    tap(page, ["8"])
    shot(page, "rally-entry-1280x800", full_page=True)
    tap(page, ["Enter", "2", "0", "Enter", "0"])
    page.get_by_role("group", name="Number pad for Fay").get_by_role(
        "button", name="Enter and save round 3").click()
    expect(note(page)).to_contain_text("Table 1, round 3 entered: Ann 5, Bob 8, Cy 20, Fay 0")
    expect(note(page)).to_contain_text("Every round at Table 1 is entered")

    # ---- table 2, with a wrong entry undone from the history
    open_table(page, "Table 2")
    enter_round(page, "Table 2", 1, {"Dee": 5, "Eve": 20, "Flo": 9}, enter_key=True)
    enter_round(page, "Table 2", 2, {"Dee": 7, "Eve": 0, "Flo": 9})
    enter_round(page, "Table 2", 3, {"Dee": 6, "Eve": 10, "Flo": 99})
    tab(page, "History")
    history = page.get_by_role("list", name="Changes")
    first = history.get_by_role("listitem").first
    expect(first).to_contain_text("Table 2, round 3 entered: Dee 6, Eve 10, Flo 99")
    n = int(first.locator(".n").inner_text())
    first.get_by_role("button", name=f"Undo change {n}").click()
    expect(history.get_by_role("listitem").first).to_contain_text(f"Undo of change {n}")
    expect(history.get_by_role("listitem").nth(1)).to_contain_text(
        f"undone by change {n + 1}")
    assert history.get_by_role("listitem").count() == n + 1  # every change, undo included
    open_table(page, "Table 2")
    expect(page.locator("#entry-title")).to_contain_text("Round 3")
    enter_round(page, "Table 2", 3, {"Dee": 6, "Eve": 10, "Flo": 9})

    # ---- standings: Ann and Dee tie for 1st on 18: flagged, not broken
    tab(page, "Standings")
    main = page.get_by_role("region", name=re.compile("^Standings: all tables"))
    expect(main.locator(".podium")).to_contain_text(
        "Tie: play-off needed Ann and Dee tie for 1st (and 2nd) on 18: play-off (The Play 11)")
    rows = main.get_by_role("row")
    expect(rows.nth(1)).to_contain_text("1st")
    expect(rows.nth(1)).to_contain_text("Ann")
    expect(rows.nth(1)).to_contain_text("Tie: play-off needed")
    expect(rows.nth(2)).to_contain_text("Dee")
    expect(rows.nth(3)).to_contain_text("Flo")
    expect(rows.nth(3)).not_to_contain_text("Tie")
    shot(page, "rally-standings-1280x800", full_page=True)

    # ---- playoff (S6): the table winners, the official's double and rounds
    tab(page, "Playoff")
    page.get_by_role("radio", name=re.compile("^Table winners")).check()
    expect(page.get_by_text("They would play: Ann, Dee")).to_be_visible()
    page.get_by_role("button", name="Create the playoff").click()
    expect(alert(page)).to_contain_text("The official picks the playoff's starting double")
    page.get_by_label("Starting double").fill("6")
    page.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_role("button", name="Create the playoff").click()
    expect(note(page)).to_contain_text("Playoff 1 is set: Ann, Dee")
    expect(page.locator("#entry-title")).to_contain_text("Playoff 1: Round 1 starting double 6-6")
    enter_round(page, "Playoff 1", 1, {"Ann": 4, "Dee": 9})
    enter_round(page, "Playoff 1", 2, {"Ann": 0, "Dee": 3})
    tab(page, "Standings")
    po = page.get_by_role("region", name="Playoff 1")
    expect(po.locator(".podium")).to_contain_text("1st Ann 4")
    expect(po.locator(".podium")).to_contain_text("2nd Dee 12")
    shot(page, "rally-standings-playoff-1280x800", full_page=True)

    # ---- export: JSON (the whole history) and CSV (the sheets) both load back
    tab(page, "Import / export")
    with page.expect_download() as dl:
        page.get_by_role("link", name="Download JSON").click()
    assert dl.value.suggested_filename == "spring-samboree-rally.json"
    text = Path(dl.value.path()).read_text(encoding="utf-8")
    ev = loads(text)
    assert ev.dumps() == page.evaluate(f"localStorage.getItem('{KEY}')")
    st = ev.results()
    assert (st["first"], st["second"]) == ("Ann", "Dee")
    assert [p["total"] for p in ev.sheet(1)["players"]] == [18, 30, 45, 37]
    assert any(h["op"] == "undo" for h in ev.history())
    with page.expect_download() as dl:
        page.get_by_role("link", name="Download CSV").click()
    raw = Path(dl.value.path()).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # a byte-order mark, for spreadsheets
    assert loads(raw) == ev

    # ---- a bad file is refused, saying why; nothing here is touched
    before = page.evaluate(f"localStorage.getItem('{KEY}')")
    bad = raw.decode("utf-8-sig").replace("score,1,1,12,1,Ann,10,10,", "score,1,1,12,1,Ann,-10,,")
    assert bad != raw.decode("utf-8-sig")
    page.get_by_label("Import an event file (JSON or CSV)").set_input_files(
        files=[{"name": "edited.csv", "mimeType": "text/csv", "buffer": bad.encode()}])
    expect(alert(page)).to_contain_text("edited.csv was not imported: line")
    expect(alert(page)).to_contain_text("Points must be whole numbers 0 or more: '-10'")
    expect(alert(page)).to_contain_text("Nothing here was changed")
    page.get_by_label("Import an event file (JSON or CSV)").set_input_files(
        files=[{"name": "photo.json", "mimeType": "application/json",
                "buffer": b"\x89PNG\r\n\x1a\n\x00\xff"}])
    expect(alert(page)).to_contain_text("photo.json was not imported: This file is not text")
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == before
    # A good file waits for the official's word; keeping the event changes nothing.
    page.get_by_label("Import an event file (JSON or CSV)").set_input_files(
        files=[{"name": "copy.csv", "mimeType": "text/csv", "buffer": raw}])
    page.get_by_role("button", name="Keep the current event").click()
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == before

    # ---- printing: only the sheets, black on white, one table a page
    # The button opens the browser's print dialog. A test must not race that dialog (a
    # pending print makes page.pdf fail in some Chromium builds), so window.print is counted
    # instead, and the print stylesheet is checked through emulate_media.
    page.evaluate("() => { window.__prints = 0; window.print = () => { window.__prints += 1; }; }")
    page.get_by_role("button", name="Print score sheets").click()
    page.wait_for_function("window.__prints > 0")
    assert page.evaluate("window.__prints") == 1
    page.emulate_media(media="print")
    sheets = page.locator(".print-sheet")
    expect(sheets).to_have_count(4)  # two tables, the playoff, the standings
    expect(sheets.first).to_be_visible()
    expect(page.locator(".rally-nav")).to_be_hidden()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") in (
        "rgb(255, 255, 255)", "rgba(0, 0, 0, 0)")
    assert page.evaluate("getComputedStyle(document.querySelector('.print-sheet')).breakAfter"
                         ) == "page"
    shot(page, "rally-print-1280x800", full_page=True)
    pdf = tmp_path / "sheets.pdf"
    page.pdf(path=str(pdf))
    assert pdf.read_bytes().count(b"/Type /Page") - pdf.read_bytes().count(b"/Type /Pages") >= 4
    page.emulate_media(media="screen")
    page_watch.assert_clean()


def test_a_damaged_event_save_is_offered_as_a_download_and_a_clean_start(page, open_game,
                                                                        page_watch):
    open_game(page, storage={KEY: '{"format": "rally-dominoes-ev'})
    open_rally(page)
    expect(alert(page)).to_contain_text("The saved event could not be opened")
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download the damaged save").click()
    assert Path(dl.value.path()).read_text() == '{"format": "rally-dominoes-ev'
    expect(page.get_by_role("button", name="Create the event")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is None
    page_watch.assert_clean()


def test_an_event_too_large_to_open_is_kept_offered_and_never_removed(page, open_game,
                                                                      page_watch):
    """An event saved by an older page with 6,007 changes (three 2,000-change table
    sheets merged in) cannot be opened; it was removed as too large to keep. Now it is
    kept, whatever its size, until it is downloaded: a new event and a reload keep it."""
    ev = Event.create("Spring Samboree", "mexican-train", rounds=2)
    ev.add_table(["Ann", "Bob"])
    ev.enter_round(1, 1, [1, 2])
    d = ev.to_json()
    for n in range(len(d["log"]) + 1, 6008):
        d["log"].append({"n": n, "op": "correct", "table": "1", "round": 1, "player": "2.1",
                         "points": n % 100})
    text = json.dumps(d)
    assert len(text) > 300_000
    open_game(page, storage={KEY: text})
    open_rally(page)
    expect(alert(page)).to_contain_text("6,007 changes: more than the 5,000 any event takes")
    expect(alert(page)).to_contain_text("It is kept on this machine until you download it")
    page.get_by_label("Event title").fill("Fall Rally")
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", name="Fall Rally")).to_be_visible()
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=BOOT_TIMEOUT_MS)
    if page.evaluate("document.documentElement.dataset.screen") != "rally":
        open_rally(page)  # (a reload comes back to the scorekeeper by itself)
    expect(page.get_by_role("heading", name="Fall Rally")).to_be_visible()
    tab(page, "Import / export")  # where a running event offers the damaged save
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download the damaged save").click()
    assert Path(dl.value.path()).read_text() == text
    assert page.evaluate("localStorage.getItem('rally-dominoes:rally-bad-save')") is None
    page_watch.assert_clean()


def small_event() -> Event:
    ev = Event.create("Kiosk check", "mexican-train", "gs-mt", rounds=10, first_double=12)
    ev.add_table(["Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal"])
    ev.add_table(["Ivy", "Jo"])
    for r in range(1, 6):
        ev.enter_round(1, r, [r, 10, "no-show", 0, 25, 7, 3, 12])
    return ev


def open_with_event(page, open_game, ev: Event) -> None:
    """The page with ``ev`` saved on this machine, opened on the scorekeeper."""
    open_game(page, storage={KEY: ev.dumps()})
    open_rally(page)


@pytest.mark.parametrize("width,height", SIZES)
def test_rally_screens_fit_and_read_well_at_each_size(sized_page, width, height):
    page, watch = sized_page(width, height, storage={KEY: small_event().dumps()})
    open_rally(page)
    open_table(page, "Table 1")
    page.get_by_label("Points for Ann").fill("12")
    for what in ("entry", "standings", "history"):
        if what != "entry":
            tab(page, what.capitalize())
        shot(page, f"rally-{what}-{width}x{height}")
        assert_reads_well(page, width, what)
    watch.assert_clean()


def test_number_keys_are_at_least_56px(page, open_game):
    open_with_event(page, open_game, small_event())
    open_table(page, "Table 2")
    pad = page.get_by_role("group", name="Number pad for Ivy")
    sizes = pad.get_by_role("button").evaluate_all(
        "els => els.map(b => { const r = b.getBoundingClientRect(); "
        "return Math.min(r.width, r.height); })")
    assert len(sizes) == 12 and min(sizes) >= 56
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["format"] == \
        "rally-dominoes-event"


def test_a_wrong_score_and_a_misspelt_name_are_corrected_on_the_page(page, open_game,
                                                                     page_watch):
    """An official picks the round already entered, fixes one score, saves; fixes a name;
    both survive a reload, and each correction is in the history."""
    open_with_event(page, open_game, small_event())
    open_table(page, "Table 1")
    page.get_by_label("Round to enter").select_option(label="Round 2 (entered)")
    expect(page.locator("#entry-title")).to_contain_text("entered: change a score")
    expect(page.get_by_label("Points for Bob")).to_have_value("10")
    page.get_by_label("Points for Bob").fill("15")
    page.get_by_role("button", name="Save corrections to round 2", exact=True).click()
    expect(note(page)).to_contain_text("Table 1, round 2: Bob corrected to 15.")
    expect(alert(page)).to_have_count(0)
    expect(sheet_row(page, "Table 1", "Bob")).to_contain_text("15")
    page.get_by_role("button", name="Correct a name").click()
    page.get_by_label("Whose name").select_option(label="Hal")
    page.get_by_label("The right name").fill("Hallie")
    page.get_by_role("button", name="Save the name").click()
    expect(note(page)).to_contain_text("Hal is now Hallie on Table 1's sheet.")
    expect(page.get_by_label("Points for Hallie")).to_be_visible()
    page.reload()  # the page comes back on the scorekeeper, where it was
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("data-screen", "rally")
    open_table(page, "Table 1")
    expect(sheet_row(page, "Table 1", "Hallie")).to_be_visible()
    ev = loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert ev.sheet(1)["players"][1]["total"] == small_event().sheet(1)["players"][1]["total"] + 5
    tab(page, "History")
    expect(page.get_by_text("Table 1, round 2: Bob corrected to 15")).to_be_visible()
    shot(page, "rally-corrections-history")
    page_watch.assert_clean()


SHEET_ROWS = """() => [...document.querySelectorAll('.rally-sheet tbody tr')]
  .filter(tr => tr.checkVisibility()).map(tr => {
    const wrap = tr.closest('.sheet-wrap').getBoundingClientRect();
    const seen = el => { const r = el.getBoundingClientRect();
        return r.width > 0 && r.left >= Math.max(0, wrap.left) - 0.5
            && r.right <= Math.min(innerWidth, wrap.right) + 0.5; };
    return [tr.querySelector('th').textContent, seen(tr.querySelector('th')),
            seen(tr.querySelector('.total')), seen(tr.querySelector('.place'))]; })"""


def test_a_phone_keeps_names_totals_and_places_in_view_and_asks_before_a_no_show(
        sized_page):
    """On a 390 x 844 phone a table's sheet (ten rounds) scrolls its rounds sideways
    between the names and the totals and places, which stay in view at either end of the
    scroll; "Did not show their bones" asks first, and "No" changes nothing."""
    ev = small_event()
    page, watch = sized_page(390, 844, storage={KEY: ev.dumps()})
    open_rally(page)
    open_table(page, "Table 1")
    wrap = page.get_by_role("region", name="Score sheet of Table 1").locator(".sheet-wrap")
    wrap.scroll_into_view_if_needed()
    for end in (0, 10_000):
        wrap.evaluate("(w, x) => { w.scrollLeft = x; }", end)
        rows = page.evaluate(SHEET_ROWS)
        assert len(rows) == 8 and all(all(r[1:]) for r in rows), (end, rows)
    assert wrap.evaluate("w => w.scrollWidth > w.clientWidth")  # the rounds do scroll
    page.get_by_label("Points for Bob").fill("9")
    page.get_by_role("button", name="Bob did not show their bones").click()
    ask = page.get_by_role("group", name="Did Bob not show their bones?")
    expect(ask).to_contain_text("highest plus 10")
    expect(ask.get_by_role("button", name="No", exact=True)).to_be_focused()
    ask.get_by_role("button", name="No", exact=True).click()
    expect(ask).to_have_count(0)
    expect(page.get_by_label("Points for Bob")).to_have_value("9")
    expect(page.get_by_role("button", name="Bob did not show their bones")).to_have_attribute(
        "aria-pressed", "false")
    shot(page, "rally-sheet-390x844")
    watch.assert_clean()
