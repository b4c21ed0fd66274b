"""Nothing stored is lost to a browser's clean-up (docs/browsers.md): Settings says whether
the browser keeps saved games and what to do when it does not, and a rally official with an
event in progress is reminded to export it. index.html asks the browser and sets
``<html data-storage>`` and ``data-ios``; these tests give the page those flags."""

from __future__ import annotations

import asyncio

import pytest

from app.dom import Control
from app.game.session import Session
from app.rally.state import RallyState
from app.rally.ui import RallyScreen
from app.rally.views import rally_screen
from app.table import dialogs
from bones.rally import Event
from own_loop import run
from pagestub import NoPage


def settings(storage: str = "", ios: str = "") -> str:
    c = NoPage(Session.quick(seed=3))
    c.page.flags.update({k: v for k, v in (("storage", storage), ("ios", ios)) if v})
    return dialogs.Settings().markup(c)


def test_an_ipad_in_safari_is_told_to_add_the_game_to_the_home_screen():
    html = settings("not-kept", "browser")
    assert "Safari may clear saved games after a week without a visit" in html
    assert "<strong>Add to Home Screen</strong>" in html
    assert 'data-act="keep-storage"' not in html  # asking Safari changes nothing there


@pytest.mark.parametrize("ios", ["", "home-screen"])
def test_a_browser_that_has_not_promised_offers_to_ask_it(ios):
    html = settings("not-kept", ios)
    assert "may clear saved games when it runs short of space" in html
    assert 'data-act="keep-storage"' in html and "Ask it to keep them" in html
    assert "Home Screen" not in html


@pytest.mark.parametrize(("storage", "ios", "says"), [
    ("kept", "", "This browser keeps your saved games."),
    ("kept", "browser", "This browser keeps your saved games."),  # Safari agreed
    ("refused", "", "would not promise to keep saved games"),
])
def test_settings_says_what_the_browser_answered(storage, ios, says):
    html = settings(storage, ios)
    assert says in html and 'data-act="keep-storage"' not in html


def test_nothing_is_said_before_the_browser_has_answered_or_when_it_cannot():
    for storage in ("", "unknown"):
        assert "keep-note" not in settings(storage)


def test_asking_from_settings_asks_the_browser_once_and_shows_its_answer():
    c = NoPage(Session.quick(seed=3))
    c.page.flags["storage"] = "not-kept"
    drawn = []
    c.render = lambda: drawn.append(dialogs.Settings().markup(c))
    c.dialog = dialogs.Settings()

    async def press() -> None:
        c.act("keep-storage")
        for _ in range(10):  # the browser's answer comes back, then the dialog is redrawn
            await asyncio.sleep(0)

    run(press())
    assert c.page.keep_asked == 1
    assert drawn and "would not promise to keep saved games" in drawn[-1]


class Official:
    """The controller as the rally screen uses it: a page and local storage."""

    def __init__(self, storage: str):
        from fakepage import FakePage

        self.page = FakePage(storage={})
        self.page.flags["storage"] = storage
        self.html = ""

    def storage(self):
        return self.page.st

    def render(self):
        self.html = self.rally.markup()

    def focus(self, selector):
        pass


def event() -> Event:
    ev = Event.create("Spring Samboree", "mexican-train", "gs-mt", rounds=3, first_double=12)
    ev.add_table(["Ann", "Bob", "Cy"])
    return ev


@pytest.mark.parametrize("storage", ["not-kept", "refused"])
def test_an_official_with_an_event_is_reminded_to_export_it(storage):
    c = Official(storage)
    r = c.rally = RallyScreen(c)
    r.open()
    r.event = event()
    html = r.markup()
    assert "This browser may clear what it stores" in html
    assert 'data-act="rally-page:files"' in html.split('class="rally-keep"')[1]


@pytest.mark.parametrize("storage", ["kept", "unknown", ""])
def test_no_reminder_where_the_browser_keeps_it_or_cannot_say(storage):
    c = Official(storage)
    r = c.rally = RallyScreen(c)
    r.open()
    r.event = event()
    assert "rally-keep" not in r.markup()


def test_no_reminder_before_there_is_an_event_or_on_a_tables_own_device():
    ui = RallyState()
    assert "rally-keep" not in rally_screen(None, ui, storage="not-kept")
    assert "rally-keep" not in rally_screen(event(), ui, device="1", storage="not-kept")


def test_the_reminder_stays_once_the_event_is_created():
    c = Official("not-kept")
    r = c.rally = RallyScreen(c)
    r.open()
    r.on_input(Control(data={"rallyField": "title"}, value="Spring Samboree"))
    r.act("rally-create", "")
    assert r.event is not None and "This browser may clear what it stores" in r.markup()
