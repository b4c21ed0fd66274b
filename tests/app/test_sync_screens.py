"""Table devices in the rally screen (app.rally.sync_ui, app.rally.sync_views), in CPython with a
stand-in controller: the official's page, a sheet to review and the side-by-side of a
table the official also changed, a typed round code, the table device's pages, saving
and reloading both, and bad input refused with nothing changed."""

from __future__ import annotations

import re
from html import unescape

import pytest

from app.rally.sync_ui import DEVICE_KEY
from app.rally.ui import SAVE_KEY, RallyScreen
from bones.rally import Event, loads
from bones.rally.sync import TableDevice, handout
from test_rally_views import FakeController, el


def text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def official() -> RallyScreen:
    c = FakeController()
    r = c.rally = RallyScreen(c)
    r.open()
    ev = Event.create("Spring Samboree", "mexican-train", "gs-mt", rounds=3)
    ev.add_table(["Ann", "Bob", "Cy"])
    ev.add_table(["Dee", "Eve"])
    r.event = ev
    r.save()
    return r


def table_screen(hand: str) -> RallyScreen:
    c = FakeController()
    r = c.rally = RallyScreen(c, "table")
    r.open()
    r.devices.take_handout(hand, "a test")
    return r


def test_the_official_shows_a_hand_out_and_a_table_device_takes_it():
    off = official()
    off.act("rally-page", "devices")
    off.act("rally-handout", "1")
    html = off.c.html
    assert "Table 1: scan this with the table's device" in text(html)
    assert "Download Table 1's hand-out" in text(html)
    assert 'role="img"' in html and "hand-out as a QR code" in text(html)
    dev = table_screen(handout(off.event, 1))
    assert dev.ui.page == "table" and dev.device.table == "1"
    assert TableDevice.loads(dev.c.st.getItem(DEVICE_KEY)).table == "1"
    assert dev.c.st.getItem(SAVE_KEY) is None  # the official's event is not on this device
    dev.render()
    page = text(dev.c.html)
    assert "Spring Samboree: Table 1" in page and "All tables" not in page
    assert "Table devices" not in page  # a table's device has its own pages only


def test_a_table_device_survives_a_reload():
    off = official()
    dev = table_screen(handout(off.event, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    dev.save()
    again = RallyScreen(dev.c, "table")
    again.open()
    assert again.device.sheet() == dev.device.sheet()
    assert again.ui.page == "table" and again.ui.table == "1"


def test_a_received_sheet_is_reviewed_then_added_and_saved():
    off = official()
    dev = table_screen(handout(off.event, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    off.devices.receive_sheet(dev.device.sheet(), "the camera")
    off.render()
    assert "Table 1's sheet: 1 new change to add" in text(off.c.html)
    off.act("rally-merge", "table")
    assert "1 change added" in off.ui.note
    assert loads(off.c.st.getItem(SAVE_KEY)).sheet(1)["players"][2]["total"] == 3


def test_a_table_the_official_also_changed_is_shown_side_by_side():
    off = official()
    dev = table_screen(handout(off.event, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    off.devices.receive_sheet(dev.device.sheet(), "the camera")
    off.act("rally-merge", "table")
    off.event.correct(1, 1, "Cy", 30)
    dev.event.enter_round(1, 2, [4, 5, 6])
    off.devices.receive_sheet(dev.device.sheet(), "Table 1's file")
    off.render()
    page = text(off.c.html)
    assert "differs from this device's" in page
    assert "Cy: This device" in page and "Cy: Table's device" in page
    assert page.count("(differs)") >= 2
    assert "Your changes to this table since its last sheet" in page
    assert "Cy corrected to 30" in page
    before = off.event.state()
    off.act("rally-merge", "official")
    assert off.event.state() == before and "this device's sheet kept" in off.ui.note


def test_a_typed_round_code_enters_the_round_and_a_bad_one_changes_nothing():
    off = official()
    dev = table_screen(handout(off.event, 2))
    dev.event.enter_round(2, 1, [13, 40])
    code = dev.device.round_code(1)
    off.on_input(el("round-code", code[:-1] + str((int(code[-1]) + 1) % 10)))
    log = off.event.log
    off.act("rally-round-code", "")
    assert "does not check out" in off.ui.error and off.event.log == log
    off.on_input(el("round-code", code))
    off.act("rally-round-code", "")
    assert off.ui.note == "Table 2, round 1 entered: 13, 40."
    assert off.sync.code_text == ""


@pytest.mark.parametrize("bad, msg", [
    ("RDH1:0000", "a table's hand-out, not a table's sheet"),
    ("hello", "not from Rally Dominoes"),
])
def test_a_bad_sheet_is_refused_in_words(bad, msg):
    off = official()
    log = off.event.log
    with pytest.raises(Exception, match=msg):
        off.devices.receive_sheet(bad, "x.txt")
    assert off.event.log == log and off.sync.merge is None


def test_a_second_hand_out_asks_before_replacing_a_table_with_entries():
    off = official()
    dev = table_screen(handout(off.event, 1))
    dev.event.enter_round(1, 1, [1, 2, 3])
    dev.devices.take_handout(handout(off.event, 2), "a test")
    assert dev.sync.pending is not None and dev.device.table == "1"
    dev.render()
    assert "It replaces the sheet kept on this device" in text(dev.c.html)
    dev.act("rally-handout-no", "")
    assert dev.device.table == "1" and dev.sync.pending is None
    dev.devices.take_handout(handout(off.event, 2), "a test")
    dev.act("rally-handout-yes", "")
    assert dev.device.table == "2"
    assert TableDevice.loads(dev.c.st.getItem(DEVICE_KEY)).table == "2"


def test_a_table_devices_damaged_sheet_downloads_its_own_text_after_a_reload():
    """A table device's damaged save is set aside under the device's own key; after a
    reload its download gives that text, not the official's damaged event."""
    from app.rally.sync_ui import DEVICE_BAD_KEY
    from app.rally.ui import BAD_SAVE_KEY

    c = FakeController()
    c.st.setItem(BAD_SAVE_KEY, '{"the official\'s": "damaged event"}')
    c.st.setItem(DEVICE_KEY, '{"format": "rally-dominoes-table", "broken')
    first = c.rally = RallyScreen(c, "table")
    first.open()
    assert c.st.getItem(DEVICE_KEY) is None and "broken" in c.st.getItem(DEVICE_BAD_KEY)
    again = c.rally = RallyScreen(c, "table")  # the page reloaded: nothing in memory
    again.open()
    again.act("rally-download-bad", "")
    assert [t for t, _name, _mime in c.page.downloads] == [
        '{"format": "rally-dominoes-table", "broken']
    assert c.st.getItem(DEVICE_BAD_KEY) is None  # downloaded: no longer kept
    assert c.st.getItem(BAD_SAVE_KEY) is not None  # the official's is not touched
