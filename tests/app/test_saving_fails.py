"""When nothing can be saved the page says so, with why and what to do: a banner on the
table while the game's saves fail, the official told in kiosk mode (the attract screen and
the settings), the rally scorekeeper's reason; the app's own copies set aside for a
download go first when the storage is full. And the official's event is never lost: one
that cannot be opened is kept, whatever its size, and offered for download until it is
downloaded (docs/security.md, "Storage never stops the page")."""

from __future__ import annotations

import json
from html import unescape

from app.controller import Controller
from app.game.session import Session
from app.kiosk.settings import SETTINGS_KEY
from app.kiosk.ui import KioskScreen
from app.rally.ui import BAD_SAVE_KEY as RALLY_BAD_KEY
from app.rally.ui import SAVE_KEY as RALLY_KEY
from app.shared.storage import FULL, OFF, store, why_not
from app.table import saving
from bones.rally import Event
from fakepage import FakePage
from test_hostile_input import RallyHost, Storage


class Off(Storage):
    """Storage the browser will not write to (site data switched off)."""

    def setItem(self, k, v):
        raise RuntimeError("SecurityError: The operation is insecure.")


def playing(st) -> Controller:
    c = Controller(FakePage(st))
    c.session = Session.quick(seed=4)
    c.screen = "table"
    return c


def a_move(c: Controller) -> None:
    """What the table does after each move: save."""
    c.session.play(c.session.game.legal_moves()[0])
    c.save()


# ---- the table ----------------------------------------------------------------------------
def test_a_full_storage_puts_a_banner_on_the_table_with_why_and_what_to_do():
    st = Storage(quota=100)
    c = playing(st)
    a_move(c)
    assert c.unsaved == FULL and saving.SAVE_KEY not in st
    html = unescape(c.table.markup())
    assert 'class="save-banner"' in html
    assert "Your game is not being saved: the browser's storage is full." in html
    assert "Keep this page open to finish." in html
    assert sum("not being saved" in x for x in c.page.said) == 1  # said once
    a_move(c)
    assert sum("not being saved" in x for x in c.page.said) == 1  # not again at each move
    st.quota = 5_000_000  # room again: the next save goes through and the banner goes
    a_move(c)
    assert c.unsaved is None and saving.SAVE_KEY in st
    assert "save-banner" not in c.table.markup()


def test_storage_switched_off_says_so_on_the_table():
    for st in (None, Off()):
        c = playing(st)
        a_move(c)
        assert c.unsaved == OFF
        assert "this browser does not let the page store anything" in unescape(
            c.table.markup())


def test_a_damaged_save_set_aside_goes_first_when_the_storage_is_full():
    bad = "{" + "x" * 40_000
    st = Storage({saving.BAD_SAVE_KEY: bad, "other": "kept"}, quota=40_100)
    c = playing(st)
    a_move(c)
    assert c.unsaved is None and saving.SAVE_KEY in st
    assert saving.BAD_SAVE_KEY not in st and st["other"] == "kept"


def test_why_a_write_failed():
    class Quota(Exception):
        pass

    assert why_not(RuntimeError("QuotaExceededError: Failed to execute 'setItem'")) == FULL
    assert why_not(Quota("NS_ERROR_DOM_QUOTA_REACHED")) == FULL
    assert why_not(RuntimeError("SecurityError: access is denied")) == OFF
    assert store(None, "k", "v") == OFF


# ---- kiosk mode: the official is told ----------------------------------------------------------
def kiosk(st) -> KioskScreen:
    c = playing(st)
    c.kiosk = k = KioskScreen(c)
    k.start()
    return k


def test_in_kiosk_mode_the_official_is_told_when_the_settings_are_not_saved():
    k = kiosk(Storage(quota=10))
    k.panel = "settings"
    k.official.do_level("easy", None)
    assert k.settings_unsaved == FULL and SETTINGS_KEY not in k.c.page.st
    assert k.message == "Not saved: see Saving, at the end."
    html = unescape(k.official.panel_markup())
    assert "<legend>Saving</legend>" in html
    assert "This kiosk is not being saved: the browser's storage is full." in html
    k.panel = None
    assert "Official: open the settings (the cog)." in k.markup()


def test_in_kiosk_mode_a_game_not_saved_is_told_on_the_attract_screen():
    k = kiosk(Storage(quota=10))
    a_move(k.c)
    assert k.c.unsaved == FULL and k.settings_unsaved is None
    assert "This kiosk is not being saved" in k.markup()
    k.c.page.st.quota = 5_000_000
    a_move(k.c)
    assert "kiosk-unsaved" not in k.markup()


# ---- the rally scorekeeper ---------------------------------------------------------------------
def test_the_scorekeeper_says_why_it_could_not_save():
    c = RallyHost(Storage(quota=100))
    c.rally.open()
    c.rally.import_data(Event.create("Spring", "mexican-train").dumps(), "spring.json")
    assert "The event is not being saved: the browser's storage is full." in (
        c.rally.ui.error)
    c.render()
    assert 'class="save-banner"' in c.html and "Export it now" in c.html


# ---- the official's event is never lost --------------------------------------------------------
def too_many_changes() -> str:
    """An event saved by an older page with 6,007 changes: more than an event can be
    opened with (three 2,000-change table sheets merged in)."""
    ev = Event.create("Spring", "mexican-train", rounds=2)
    ev.add_table(["Ann", "Bob"])
    ev.enter_round(1, 1, [1, 2])
    d = ev.to_json()
    for n in range(len(d["log"]) + 1, 6008):
        d["log"].append({"n": n, "op": "correct", "table": "1", "round": 1, "player": "2.1",
                         "points": n % 100})
    return json.dumps(d)


def test_an_event_too_large_to_open_is_kept_and_offered_not_deleted():
    text = too_many_changes()
    c = RallyHost(Storage({RALLY_KEY: text, "other": "kept"}))
    c.rally.open()
    assert "more than the 5,000 any event takes" in c.rally.ui.error
    assert "It is kept on this machine until you download it" in c.rally.ui.error
    assert c.st[RALLY_BAD_KEY] == text and RALLY_KEY not in c.st and c.st["other"] == "kept"
    c.render()
    assert "Download the damaged save" in c.html
    c.rally.act("rally-new-yes", "")  # a new event does not push it out
    assert c.st[RALLY_BAD_KEY] == text
    c.rally.act("rally-download-bad", "")
    assert c.page.downloads[-1][0] == text and RALLY_BAD_KEY not in c.st


def test_a_huge_damaged_event_is_kept_whole():
    text = "{" + "x" * 3_000_000
    c = RallyHost(Storage({RALLY_KEY: text}))  # no room for two copies: moved all the same
    c.rally.open()
    assert c.st == {RALLY_BAD_KEY: text}
    c.render()
    assert "Download the damaged save" in c.html


def test_a_damaged_event_with_no_room_to_move_stays_where_it_is_until_downloaded():
    text = "{" + "x" * 1000
    c = RallyHost(Storage({RALLY_KEY: text}, quota=len(RALLY_KEY) + len(text)))
    c.rally.open()
    assert c.st == {RALLY_KEY: text} and c.rally.bad_in_place
    c.rally.import_data(Event.create("Fall", "mexican-train").dumps(), "fall.json")
    assert c.st == {RALLY_KEY: text}  # never written over
    assert "download it (below) to make room" in c.rally.ui.unsaved
    c.st.quota = 5_000_000
    c.rally.act("rally-download-bad", "")
    assert c.page.downloads[-1][0] == text
    assert json.loads(c.st[RALLY_KEY])["log"][0]["title"] == "Fall"
    assert c.rally.ui.unsaved == ""


def test_a_second_damaged_event_does_not_push_out_the_first():
    c = RallyHost(Storage({RALLY_KEY: "{first", RALLY_BAD_KEY: "{older"}))
    c.rally.open()
    assert c.st == {RALLY_BAD_KEY: "{older", RALLY_BAD_KEY + "-2": "{first"}
    c.rally.act("rally-download-bad", "")
    c.rally.act("rally-download-bad", "")
    assert [d[0] for d in c.page.downloads] == ["{older", "{first"]
    assert c.st == {}
