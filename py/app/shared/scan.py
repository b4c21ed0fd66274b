"""The camera panel over the page (index.html's #scanner, outside the part Python redraws,
so a redraw never stops the video): shows it, reads one QR code (app.browser.page's ``scan_qr``,
through app.browser.qr.scan), hides it, and hands the text (or the reason there is none) to the
screen that asked."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class Scanner:
    def __init__(self, controller):
        self.c = controller
        self.task: asyncio.Future | None = None
        self.opener = ""  # the data-act of the button that opened the panel: focus goes back
        self.c.listen("scanner", "keydown", self._key)

    def _key(self, event) -> None:
        if str(event.key) == "Escape":  # the keyboard's way out, like any dialog's
            event.preventDefault()
            event.stopPropagation()
            self.stop()

    def start(self, title: str, got: Callable[[str], None],
              failed: Callable[[str], None]) -> None:
        self.stop()
        p = self.c.page
        self.opener = p.focusing.active_data("act")
        p.set_text("scanner-title", title)
        p.set_text("scanner-msg", "Hold the code steady, a forearm away.")
        p.open_panel("scanner")  # a dialog only while it shows
        p.flag("scanning", "1")
        p.focusing.focus_id("scanner-stop")
        self.task = asyncio.ensure_future(self._run(got, failed))

    async def _run(self, got, failed) -> None:
        try:
            result = await self.c.page.scan_qr("scanner-video")
        except Exception as exc:  # the panel must never stay up with nothing behind it
            self._hide()
            failed(f"The camera could not be used ({exc}). Use the file instead.")
            return
        self._hide()
        if result.status == "read":
            got(result.text)
        elif result.status != "stopped":
            failed(result.message)

    def _hide(self) -> None:
        p = self.c.page
        if p.close_panel("scanner") and self.opener:
            p.focusing.focus(f'[data-act="{self.opener}"]')
        p.flag("scanning", "0")

    def stop(self) -> None:
        if self.task is not None and not self.task.done():
            # Both: the task may not have asked for the camera yet (still loading the
            # scanner, or not yet run at all: then only cancelling keeps the camera off),
            # or the camera may be on (then only the scanner's own stop turns it off).
            self.task.cancel()
            self.c.page.stop_qr()
        self._hide()
