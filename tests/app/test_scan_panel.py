"""The camera panel (app.scan.Scanner) over time, with the page and the camera faked: a
panel closed at any moment leaves the camera off and tells no screen anything."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

import own_loop
from app import qr, scan


class Element:
    def __init__(self, id_: str, page: Page):
        self.id, self.page = id_, page
        self.hidden = True
        self.attrs: dict[str, str] = {}
        self.textContent = ""
        self.dataset = SimpleNamespace(act=None, scanning="0")

    def setAttribute(self, name, value):
        self.attrs[name] = value

    def removeAttribute(self, name):
        self.attrs.pop(name, None)

    def focus(self):
        self.page.doc.activeElement = self


class Page:
    """Just what the scanner touches: its panel's elements, focus, and a fake camera
    that is on from rallyQR.start until rallyQR.stop."""

    def __init__(self):
        self.doc = SimpleNamespace(activeElement=None, getElementById=self.el)
        self.doc.documentElement = Element("html", self)
        self.elements: dict[str, Element] = {}
        self.camera_on = False
        self.pending: asyncio.Future | None = None
        self.js = SimpleNamespace(globalThis=SimpleNamespace(rallyQR=SimpleNamespace(
            stop=self.stop_camera)))
        self.root = SimpleNamespace(querySelector=self.by_act)
        self.listeners: list = []

    def el(self, id_):
        return self.elements.setdefault(id_, Element(id_, self))

    def by_act(self, selector):
        act = selector.split('"')[1]
        for element in self.elements.values():
            if element.dataset.act == act:
                return element
        return None

    def stop_camera(self):
        self.camera_on = False
        if self.pending is not None and not self.pending.done():
            self.pending.set_result(qr.ScanResult(status="stopped", text="", message=""))


@pytest.fixture
def page(monkeypatch):
    page = Page()
    loads = []

    async def fake_scan(video, js=None):
        await asyncio.sleep(0)  # loading the scanner module takes a turn of the loop
        loads.append(video.id)
        page.camera_on = True
        page.pending = asyncio.get_running_loop().create_future()
        return await page.pending

    monkeypatch.setattr(qr, "scan", fake_scan)
    page.loads = loads
    return page


def scanner_for(page):
    controller = SimpleNamespace(doc=page.doc, js=page.js, root=page.root,
                                 listen=lambda *a: page.listeners.append(a))
    opener = page.el("open-button")
    opener.dataset.act = "rally:scan"
    opener.focus()
    return scan.Scanner(controller)


def run_turns(n=5):
    async def turns():
        for _ in range(n):
            await asyncio.sleep(0)
    return turns()


@pytest.mark.parametrize("turns_before_stop", [0, 1, 2, 4])
def test_closing_the_panel_at_any_moment_leaves_the_camera_off(page, turns_before_stop):
    """Escape pressed the moment the panel opens (before the scan has asked for the
    camera, as happened on a busy machine) or once the camera is on: either way the
    camera ends off, nothing is reported, and focus is back on the opening button."""
    told = []

    async def play():
        scanner = scanner_for(page)
        scanner.start("Hold the camera up", lambda t: told.append(("got", t)),
                      lambda m: told.append(("failed", m)))
        assert page.el("scanner").hidden is False
        assert page.el("scanner").attrs.get("role") == "dialog"
        for _ in range(turns_before_stop):
            await asyncio.sleep(0)
        scanner.stop()
        await run_turns()
        return scanner

    scanner = own_loop.run(play())
    assert page.camera_on is False
    assert told == []
    assert page.el("scanner").hidden is True
    assert "role" not in page.el("scanner").attrs
    assert page.doc.activeElement is page.el("open-button")
    assert scanner.task.done()


def test_a_code_read_is_handed_to_the_screen_and_the_panel_closes(page):
    told = []

    async def play():
        scanner = scanner_for(page)
        scanner.start("Hold the camera up", lambda t: told.append(("got", t)),
                      lambda m: told.append(("failed", m)))
        await run_turns()
        assert page.camera_on and page.el("scanner").hidden is False
        page.camera_on = False
        page.pending.set_result(qr.ScanResult(status="read", text="RDH1:ABC", message=""))
        await run_turns()

    own_loop.run(play())
    assert told == [("got", "RDH1:ABC")]
    assert page.el("scanner").hidden is True
