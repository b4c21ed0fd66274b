"""The camera panel (app.shared.scan.Scanner) over time, with the page and the camera faked: a
panel closed at any moment leaves the camera off and tells no screen anything."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

import own_loop
from app.browser import qr
from app.shared import scan
from fakepage import FakePage


class Page(FakePage):
    """The page with a fake camera, on from ``scan_qr`` until ``stop_qr``."""

    def __init__(self):
        super().__init__()
        self.camera_on = False
        self.pending: asyncio.Future | None = None
        self.loads: list[str] = []

    async def scan_qr(self, video_id):
        await asyncio.sleep(0)  # loading the scanner module takes a turn of the loop
        self.loads.append(video_id)
        self.camera_on = True
        self.pending = asyncio.get_running_loop().create_future()
        return await self.pending

    def stop_qr(self):
        self.camera_on = False
        if self.pending is not None and not self.pending.done():
            self.pending.set_result(qr.ScanResult(status="stopped", text="", message=""))


@pytest.fixture
def page():
    return Page()


def scanner_for(page):
    controller = SimpleNamespace(page=page, listen=lambda *a: page.listeners.append(a))
    page.active_acts["act"] = "rally:scan"  # the button that opens the panel has focus
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
        assert page.panels == {"scanner"} and page.flags["scanning"] == "1"
        for _ in range(turns_before_stop):
            await asyncio.sleep(0)
        scanner.stop()
        await run_turns()
        return scanner

    scanner = own_loop.run(play())
    assert page.camera_on is False
    assert told == []
    assert page.panels == set() and page.flags["scanning"] == "0"
    assert page.focused == '[data-act="rally:scan"]'
    assert scanner.task.done()


def test_a_code_read_is_handed_to_the_screen_and_the_panel_closes(page):
    told = []

    async def play():
        scanner = scanner_for(page)
        scanner.start("Hold the camera up", lambda t: told.append(("got", t)),
                      lambda m: told.append(("failed", m)))
        await run_turns()
        assert page.camera_on and page.panels == {"scanner"}
        page.camera_on = False
        page.pending.set_result(qr.ScanResult(status="read", text="RDH1:ABC", message=""))
        await run_turns()

    own_loop.run(play())
    assert told == [("got", "RDH1:ABC")]
    assert page.panels == set() and page.focused == '[data-act="rally:scan"]'
