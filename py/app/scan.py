"""The camera panel over the page (index.html's #scanner, outside the part Python redraws,
so a redraw never stops the video): shows it, reads one QR code through app.qr.scan, hides
it, and hands the text (or the reason there is none) to the screen that asked."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from app import qr


class Scanner:
    def __init__(self, controller):
        self.c = controller
        self.task: asyncio.Future | None = None
        self.opener = ""  # the data-act of the button that opened the panel: focus goes back
        self.c.listen(self._el("scanner"), "keydown", self._key)

    def _key(self, event) -> None:
        if str(event.key) == "Escape":  # the keyboard's way out, like any dialog's
            event.preventDefault()
            event.stopPropagation()
            self.stop()

    def _el(self, id_: str):
        return self.c.doc.getElementById(id_)

    def start(self, title: str, got: Callable[[str], None],
              failed: Callable[[str], None]) -> None:
        self.stop()
        active = self.c.doc.activeElement
        act = None if active is None else getattr(active, "dataset", None)
        act = None if act is None else getattr(act, "act", None)
        self.opener = act if isinstance(act, str) else ""
        self._el("scanner-title").textContent = title
        self._el("scanner-msg").textContent = "Hold the code steady, a forearm away."
        panel = self._el("scanner")
        panel.setAttribute("role", "dialog")  # only while it shows: nothing else is a dialog
        panel.setAttribute("aria-modal", "true")
        panel.hidden = False
        self.c.doc.documentElement.dataset.scanning = "1"
        self._el("scanner-stop").focus()
        self.task = asyncio.ensure_future(self._run(got, failed))

    async def _run(self, got, failed) -> None:
        try:
            result = await qr.scan(self._el("scanner-video"), self.c.js)
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
        panel = self._el("scanner")
        was_open = not panel.hidden
        panel.hidden = True
        panel.removeAttribute("role")
        panel.removeAttribute("aria-modal")
        if was_open and self.opener:
            back = self.c.root.querySelector(f'[data-act="{self.opener}"]')
            if back is not None and type(back).__name__ not in ("JsNull", "JsUndefined"):
                back.focus()
        self.c.doc.documentElement.dataset.scanning = "0"

    def stop(self) -> None:
        if self.task is not None and not self.task.done():
            # Both: the task may not have asked for the camera yet (still loading the
            # scanner, or not yet run at all: then only cancelling keeps the camera off),
            # or the camera may be on (then only the scanner's own stop turns it off).
            self.task.cancel()
            qr.stop_scan(self.c.js)
        self._hide()
